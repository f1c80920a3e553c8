"""Engine pieces of the layout games (Golf, TriPeaks, Pyramid), on a small game of their
own: a build rule a game picks from its options (``build_rule``), progress for a game won
by emptying zones, the faces of covered cards in a position text, and the outline an
emptied layout place no longer has."""

import pytest

from solitaire_core import PileGame, Switch, french_deck
from solitaire_core.errors import NotationError
from solitaire_core.moves import parse_move
from solitaire_core.rules import up_or_down, up_or_down_wrap
from solitaire_core.state import Pile
from solitaire_core.zones import LIFT_NONE, TABLEAU, WASTE, Layout, Stock, Waste

DECK = french_deck(without=tuple(range(4, 13)))  # Aces, 2s, 3s and Kings: 16 cards


class Hill(PileGame):
    """Three places, the top one face down under the other two; a waste built up or down,
    King and Ace touching only with the option on."""

    id, name, deck = "hill", "Hill", DECK
    options = (Switch("wrap"),)
    zones = (*Layout("p", [(1.0, 0.0), (0.5, 0.7), (1.5, 0.7)], {1: (2, 3)}, face_up=False),
             Stock("stock", at=(0.0, 2.5), redeals=0), Waste("waste", at=(1.25, 2.5), build=up_or_down,
                                                            lift=LIFT_NONE))
    won_when_empty = (TABLEAU,)

    @property
    def rules(self) -> str:
        return "# Hill\n1. Clear the hill onto the waste.\n"

    def deal(self, cards, options):
        return {"p1": Pile((cards.pop(),), 1), "p2": Pile((cards.pop(),)), "p3": Pile((cards.pop(),)),
                "waste": Pile((cards.pop(),)), "stock": Pile(tuple(cards), len(cards))}

    def build_rule(self, state, j):
        if self.zones[j].role == WASTE and state.option("wrap") == "on":
            return up_or_down_wrap
        return super().build_rule(state, j)


def text(p1="(2C)", p2="3D", p3="KS", waste="AC", wrap="off", stock=True) -> str:
    """A position: the cards not named face down in the stock, or with ``stock=False``
    under the waste's top card."""
    named = {x.strip("()") for x in (p1, p2, p3, waste) if x}
    rest = [c.code for c in DECK if c.code not in named]
    stock_line = " ".join(f"({c})" for c in rest) if stock else ""
    waste_line = waste if stock else " ".join(rest + [waste])
    return f"@wrap {wrap}\np1: {p1}\np2: {p2}\np3: {p3}\nstock: {stock_line}\nwaste: {waste_line}\n"


def test_a_game_picks_its_build_rule_from_the_options_and_the_refusal_quotes_it():
    game = Hill()
    plain = game.parse_position(text())
    assert {str(m) for m in game.legal_moves(plain)} == {"draw"}
    assert game.why_illegal(plain, parse_move("p3>waste")) == (
        "The K♠ cannot go on the A♣: the waste builds one rank higher or lower")
    wrap = game.parse_position(text(wrap="on"))
    assert {str(m) for m in game.legal_moves(wrap)} == {"draw", "p3>waste"}
    assert game.why_illegal(wrap, parse_move("p2>waste")) == (
        "The 3♦ cannot go on the A♣: the waste builds one rank higher or lower, King and Ace touching")


def test_a_game_won_by_emptying_zones_progresses_as_they_empty():
    game = Hill()
    state = game.parse_position(text(p1="", p2="2D", p3=""))
    after = game.play(state, parse_move("p2>waste"))  # no card turns up: only the layout empties
    assert game.progress(after) > game.progress(state)
    assert not game.is_stuck(state)  # the only way on clears a card: progress, not a dead end


def test_a_covered_card_lies_face_down_exactly_while_covered():
    game = Hill()
    with pytest.raises(NotationError, match=r"p1: 2C lies face up but is covered"):
        game.parse_position(text(p1="2C"))
    with pytest.raises(NotationError, match=r"p1: \(2C\) lies face down but is not covered"):
        game.parse_position(text(p2="", p3=""))
    assert game.pile(game.parse_position(text(p1="2C", p2="", p3="")), "p1").down == 0


def test_an_emptied_layout_place_leaves_no_outline_and_other_zones_keep_theirs():
    game = Hill()
    state = game.parse_position(text(p2="", p1="(2C)"))
    slots = {s.zone for s in game.scene(state).slots}
    assert "p2" not in slots and {"p1", "p3", "stock", "waste"} <= slots
    empty_stock = game.parse_position(text(p2="", stock=False))
    assert {"stock", "waste"} <= {s.zone for s in game.scene(empty_stock).slots}
