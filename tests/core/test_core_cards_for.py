"""An option that changes the cards (``PileGame.cards_for``: Spider's suits): the deal,
the position text and the kit all hold the cards of the options in play; the kit's
``arrange_collected`` builds positions of games whose foundations collect runs, and
``search_keys.collected`` is their search key; a fan that lifts any face-up card keeps
a strip of each to take it by."""

import pytest

from solitaire_core import Card, Choice, PileGame, french_deck
from solitaire_core.errors import NotationError
from solitaire_core.pile_scene import MIN_FACE_UP
from solitaire_core.rules import any_card, down, same_suit
from solitaire_core.search_keys import collected
from solitaire_core.state import Pile
from solitaire_core.testing import arrange_collected, check_line
from solitaire_core.zones import LIFT_ANY, Foundations, Tableau

RED_ONLY = {"C": "H", "D": "D", "H": "H", "S": "D"}


class Tinted(PileGame):
    """One pack, or the same pack with every black card turned red."""

    id, name = "tinted", "Tinted"
    options = (Choice("colours", ("both", "red")),)
    deck = french_deck()
    zones = (*Foundations("f", 4, at=(0.0, 0.0), collects=down & same_suit, label=""),
             *Tableau("t", 4, at=(0.0, 1.75), build=down, empty=any_card, lift=LIFT_ANY))

    def cards_for(self, options):
        if options["colours"] == "both":
            return self.deck
        return tuple(Card(c.rank, RED_ONLY[c.suit]) for c in self.deck)

    def deal(self, cards, options):
        return {f"t{k + 1}": Pile(tuple(cards[k::4])) for k in range(4)}


def test_the_deal_holds_the_cards_of_its_options():
    game = Tinted()
    assert {c.suit for p in game.new(3).piles for c in p.cards} == set("CDHS")
    red = game.new(3, colours="red")
    assert {c.suit for p in red.piles for c in p.cards} == {"H", "D"}
    assert [[(c.rank, RED_ONLY[c.suit]) for c in p.cards] for p in game.new(3).piles] == \
        [[(c.rank, c.suit) for c in p.cards] for p in red.piles]  # the same shuffle, other suits


def test_a_position_must_hold_the_cards_of_its_options():
    game = Tinted()
    red = game.new(3, colours="red")
    text = game.format_position(red)
    assert game.parse_position(text) == red
    with pytest.raises(NotationError):
        game.parse_position(text.replace("@colours red", "@colours both"))


def test_the_kit_checks_the_deal_against_the_cards_of_its_options():
    check_line(Tinted(), 5, {"colours": "red"}, steps=5)


def test_arrange_collected_fills_the_free_foundations_with_the_runs_left():
    game = Tinted()
    state = arrange_collected(game, {"colours": "red"}, "t2", t1="KH QH")
    runs = [game.pile(state, f"f{i}").cards for i in range(1, 5)]
    assert [len(r) for r in runs] == [13, 13, 13, 0]  # two red packs: one heart run is short of K, Q
    assert all(r[0].rank == 13 and r[-1].rank == 1 for r in runs if r)
    assert len(game.pile(state, "t2").cards) == 11 and game.pile(state, "t2").down == 11


def test_a_fan_that_lifts_any_card_keeps_a_strip_of_each_face_up_card():
    game = Tinted()
    state = game.new(1)
    # 13 face-up cards with 2.0 of room: the 8 lower steps give way first, only to half
    # their length (as in a zone lifting runs), then the top four's shrink too.
    scene = game.scene(state, room=(game.table_size()[0], 1.75 + 1.4 + 2.0))
    column = [p for p in scene.cards if p.zone == "t1"]
    steps = [b.y - a.y for a, b in zip(column, column[1:])]
    assert min(steps) >= 0.3 * MIN_FACE_UP - 1e-9


def test_the_collected_key_counts_the_columns_in_any_order_once_nothing_deals_to_them():
    game = Tinted()
    a = arrange_collected(game, None, "t3", t1="9S", t2="8H")
    b = arrange_collected(game, None, "t3", t1="8H", t2="9S")
    assert a != b and collected(game, a) == collected(game, b)
    assert collected(game, a) != collected(game, arrange_collected(game, None, "t3", t1="9S", t2="7H"))
