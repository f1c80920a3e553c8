"""The engine pieces the catalogue games declare, each on a small game of its own:
free cells and the supermove limit, lifting any face-up card, a run rule apart from
the build rule, a stock dealing onto several zones, runs collected by themselves,
refilled zones, covered cards, pairs, counters only where used, and the one rule
path that both decides and explains."""

import pytest

from solitaire_core import PileGame, french_deck
from solitaire_core.declaration import problem
from solitaire_core.errors import NotationError
from solitaire_core.moves import Move, parse_move
from solitaire_core.piles import supermove
from solitaire_core.rules import Relation, alternate_colour, any_card, down, king, ranks_total, same_suit, up
from solitaire_core.state import Pile
from solitaire_core.zones import (
    LIFT_ANY, LIFT_TOP, TABLEAU, Cells, Foundations, Layout, Reserve, Role, Stock, Tableau, Waste, Zone,
)

from minigame import MiniGame

DECK = french_deck()


def legal(game, state) -> set[str]:
    return {str(m) for m in game.legal_moves(state)}


def position(game, **zones) -> object:
    """A state of ``game`` with the given zones' cards (codes, "(XX)" face down), the rest empty;
    checked neither for the whole pack nor faces, as a rule test needs."""
    piles = []
    for zone in game.zones:
        tokens = zones.get(zone.id, "").split()
        down = sum(t.startswith("(") for t in tokens)
        piles.append(Pile(tuple(game.parse_card(t.strip("()")) for t in tokens), down))
    from solitaire_core.state import State
    state = State(tuple(piles), (), ())
    return state.with_values(**game.initial_values(state))


class Cellar(PileGame):
    id, name, deck = "cellar", "Cellar", DECK
    zones = (*Cells("c", 2), *Foundations("f", 4, at=(3.0, 0.0)),
             *Tableau("t", 4, at=(0.0, 1.5), build=down & alternate_colour, empty=any_card))
    run_limit = supermove

    def deal(self, cards, options):
        return {f"t{k + 1}": Pile(tuple(cards[k::4])) for k in range(4)}


def test_a_free_cell_holds_one_card_of_any_kind():
    game = Cellar()
    state = position(game, t1="9S 5H", t2="KD", c2="2C")
    assert {"t1>c1", "t2>c1"} <= legal(game, state)
    assert "t1>c2" not in legal(game, state)
    assert "takes no card" in game.why_illegal(state, parse_move("t2>c2")) or \
        "no card is put" in game.why_illegal(state, parse_move("t2>c2"))
    assert game.zone_name("c1") == "Free cell 1"


def test_the_supermove_limit_counts_free_cells_and_empty_columns_but_not_the_destination():
    game = Cellar()
    run = "10S 9H 8C 7D"
    t1, t2, t3 = (game.index[z] for z in ("t1", "t2", "t3"))
    state = position(game, t1=run, t2="JD", t3="")  # 2 free cells, 2 empty columns (t3, t4)
    assert supermove(game, state, t1, t2) == 3 * 2 ** 2
    assert "t1:4>t2" in legal(game, state)
    assert supermove(game, state, t1, t3) == 3 * 2  # onto an empty column: that one does not count
    full = position(game, t1=run, t2="JD", t3="2S", t4="2H", c1="3S", c2="3H")
    assert supermove(game, full, t1, t2) == 1
    assert "t1>t2" not in legal(game, full) and "t1:4>t2" not in legal(game, full)
    one_cell = position(game, t1=run, t2="JD", t3="2S", t4="2H", c1="3S")
    assert "t1:2>t2" not in legal(game, one_cell)  # 10S lies on JD only with the whole run
    assert game.why_illegal(one_cell, parse_move("t1:4>t2")) == (
        "Only 2 cards can move at once here: free cells plus one, doubled for each empty column")


class Yard(PileGame):
    id, name, deck = "yard", "Yard", DECK
    zones = (*Foundations("f", 4), *Tableau("t", 3, at=(0.0, 1.5), build=down & alternate_colour,
                                             empty=king, lift=LIFT_ANY),
             *Tableau("s", 1, at=(4.0, 1.5), build=down, run=down & same_suit, first=1))

    def deal(self, cards, options):
        return {"t1": Pile(tuple(cards))}


def test_lift_any_takes_a_face_up_card_with_everything_on_it_even_out_of_order():
    game = Yard()
    state = position(game, t1="(4C) 9S 2H KD", t2="10H")
    assert {"t1:3>t2"} <= legal(game, state)  # 9S with 2H KD on it, onto 10H
    assert "t1:4>t2" not in legal(game, state)  # the face-down card never moves
    assert game.pickable(state, "t1", 3) and not game.pickable(state, "t1", 4)


def test_a_run_rule_apart_from_the_build_rule():
    game = Yard()
    state = position(game, s1="9S 8S 7H", t1="", t2="", t3="")
    assert game.run_length(state, game.index["s1"]) == 1  # 7H breaks the suit
    state = position(game, s1="10H 9S 8S")
    assert game.run_length(state, game.index["s1"]) == 2
    assert "not a run (one rank lower, same suit)" in game.why_illegal(state, parse_move("s1:3>t1"))


class Dealer(PileGame):
    id, name, deck = "dealer", "Dealer", DECK
    zones = (Stock("stock", deal_to=("t1", "t2", "t3"), needs_filled=True),
             *Foundations("f", 4, at=(2.0, 0.0), collects=down & same_suit),
             *Tableau("t", 3, at=(0.0, 1.5), build=down, run=down & same_suit, empty=any_card))

    def deal(self, cards, options):
        return {"t1": Pile((cards.pop(),)), "t2": Pile((cards.pop(),)), "t3": Pile((cards.pop(),)),
                "stock": Pile(tuple(cards), len(cards))}


def test_a_stock_dealing_onto_several_zones_gives_one_card_each_and_waits_while_one_is_empty():
    game = Dealer()
    state = game.new(1)
    stock_before = len(game.pile(state, "stock").cards)
    after = game.play(state, Move("draw", "", 0))
    assert len(game.pile(after, "stock").cards) == stock_before - 3
    assert all(len(game.pile(after, t).cards) == 2 and game.pile(after, t).down == 0 for t in ("t1", "t2", "t3"))
    assert game.describe_move(state, Move("draw", "", 0)) == "Deal a card from the stock onto each column"
    emptied = state.with_piles({game.index["t2"]: Pile()})
    assert "draw" not in legal(game, emptied)
    assert game.why_illegal(emptied, Move("draw", "", 0)) == "The stock deals only when no column is empty"
    assert "redeals" not in game.counters and "redeals" not in game.format_position(state)


def test_a_complete_run_goes_to_a_collecting_foundation_by_itself():
    game = Dealer()
    run = " ".join(f"{label}S" for label in ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"))
    state = position(game, t1="(5H) " + run, t2="AS")
    after = game.play(state, parse_move("t2>t1"))
    assert [c.code for c in game.pile(after, "f1").cards][0] == "KS" and len(game.pile(after, "f1").cards) == 13
    assert [c.code for c in game.pile(after, "t1").cards] == ["5H"] and game.pile(after, "t1").down == 0
    assert not any(m.dst.startswith("f") for m in game.legal_moves(state))  # nobody puts cards there


class Refilled(PileGame):
    id, name, deck = "refilled", "Refilled", DECK
    zones = (Reserve("reserve", at=(0.0, 0.0), fan=(0.0, 0.1)), *Foundations("f", 4, at=(2.0, 0.0)),
             *Tableau("t", 2, at=(0.0, 1.5), build=down & alternate_colour, empty=any_card, refill="reserve"))

    def deal(self, cards, options):
        return {"reserve": Pile(tuple(cards[:-2]), len(cards) - 3), "t1": Pile((cards[-2],)), "t2": Pile((cards[-1],))}


def test_an_emptied_column_is_refilled_from_its_reserve_and_the_reserve_turns_its_next_card_up():
    game = Refilled()
    state = position(game, reserve="(3D) (4C) 9H", t1="AS", t2="KC")
    after = game.play(state, parse_move("t1>f1"))
    assert [c.code for c in game.pile(after, "t1").cards] == ["9H"]
    assert game.pile(after, "reserve").down == 1 and game.pile(after, "reserve").top.code == "4C"
    assert game.zone_name("reserve") == "the reserve"
    assert "reserve>t1" not in legal(game, after) or True  # t1 is filled: only builds decide
    assert "t1>reserve" not in legal(game, after)


class Peaks(PileGame):
    id, name, deck = "peaks", "Peaks", DECK
    zones = (Stock("stock", deal_to="waste", redeals=0), Waste("waste", at=(1.25, 0.0)),
             *Foundations("d", 1, at=(3.0, 0.0), build=Relation(lambda lo, hi: True, "any card"), start=any_card),
             *Layout("p", [(1.0, 1.0), (0.5, 1.5), (1.5, 1.5)], {1: (2, 3)}, face_up=False))
    pairs, pairs_to, won_when_empty = ranks_total(13), "d1", (TABLEAU,)

    def deal(self, cards, options):
        layout = {f"p{k}": Pile((cards.pop(),), 1 if k == 1 else 0) for k in (1, 2, 3)}
        return {**layout, "stock": Pile(tuple(cards), len(cards))}


def test_a_covered_card_plays_once_the_cards_on_it_are_gone_and_turns_up_then():
    game = Peaks()
    state = position(game, p1="(KH)", p2="6S", p3="7D", stock="(2C)")
    assert "p2+p3" in legal(game, state) and "p3+p2" in legal(game, state)
    assert game.describe_move(state, parse_move("p2+p3")) == "Remove the 6♠ and the 7♦"
    after = game.play(state, parse_move("p2+p3"))
    assert game.pile(after, "p1").down == 0  # uncovered: turned up
    assert [c.code for c in game.pile(after, "d1").cards] == ["6S", "7D"]
    assert "p1>d1" in legal(game, after) and not game.is_won(after)
    assert game.is_won(game.play(after, parse_move("p1>d1")))


def test_a_covered_face_up_card_is_refused_by_name_and_a_bad_pair_says_what_a_pair_needs():
    game = Peaks()
    state = position(game, p1="KH", p2="6S", p3="8D", stock="(2C)")
    assert game.why_illegal(state, parse_move("p1>d1")).startswith(
        "The K♥ is covered: it plays once the cards lying on it are gone")
    assert game.why_illegal(state, parse_move("p2+p3")) == (
        "The 6♠ and the 8♦ do not pair: a pair needs ranks adding up to 13")
    assert "d1" not in {m.src for m in game.legal_moves(state)}


def test_pair_notation_round_trips():
    move = parse_move("p27+waste")
    assert move == Move("p27", "waste", 1, pair=True) and str(move) == "p27+waste"


def test_counters_appear_only_where_the_game_uses_them():
    assert Peaks().counters == () and "@" not in Peaks().format_position(Peaks().new(1)).replace("# Peaks", "")
    assert MiniGame().counters == ("redeals", "shown")
    assert "score" not in MiniGame().initial_values(MiniGame().new(1))
    assert Peaks().slot_label(Peaks().new(1), Peaks().zones[0]) == ""  # no "0 redeals left" badge


def test_one_rule_path_legal_moves_are_exactly_the_moves_no_check_refuses():
    for game in (Cellar(), Yard(), Dealer(), Refilled(), Peaks(), MiniGame()):
        state = game.new(3)
        ids = [z.id for z in game.zones]
        candidates = [Move(a, b, n) for a in ids for b in ids for n in range(1, 53)]
        candidates += [Move(a, b, 1, pair=True) for a in ids for b in ids] + [Move("draw", "", 0)]
        listed = set(game.legal_moves(state))
        assert listed == {m for m in candidates if game.check(state, m) is None}, game.id


def test_roles_are_a_closed_set():
    assert {r.value for r in Role} == {"stock", "waste", "foundation", "tableau", "reserve", "cell"}
    assert Role.TABLEAU == "tableau"


@pytest.mark.parametrize("change, message", [
    ({"zones": MiniGame.zones + (Zone("t1", Role.TABLEAU, (5.0, 5.0)),)}, "two zones are named 't1'"),
    ({"zones": MiniGame.zones + (Zone("x", "heap", (5.0, 5.0)),)}, "zone 'x' has the role 'heap'"),
    ({"zones": (Stock("stock", deal_to="pile"),) + MiniGame.zones[1:]}, "names 'pile' in deal_to"),
    ({"pairs": ranks_total(13), "pairs_to": "bin"}, "pairs go to 'bin'"),
    ({"deal": lambda self, cards, options: {"stock": Pile(tuple(cards[1:]), len(cards) - 1)}},
     "deal 1 does not place every card of the deck exactly once"),
])
def test_a_declaration_that_names_what_is_not_there_is_refused_at_load(change, message):
    broken = type("Broken", (MiniGame,), change)()
    assert message in problem(broken, 1)
    assert problem(MiniGame(), 1) is None


def test_the_registry_refuses_a_broken_declaration(plugins):
    plugins.install({"twice": """
        from solitaire_core import hookimpl
        from solitaire_core.zones import Tableau
        from minigame import MiniGame

        class Twice(MiniGame):
            id, name = "twice", "Twice"
            zones = MiniGame.zones + Tableau("t", 1, at=(5.0, 5.0))

        @hookimpl
        def solitaire_games():
            return [Twice()]
    """})
    from solitaire_core.registry import load_games
    games = load_games()
    assert "twice" not in games
    assert any("two zones are named 't1'" in f.reason for f in games.failures)


def test_wrapping_relations():
    from solitaire_core.rules import down_wrap, up_or_down, up_or_down_wrap, up_wrap
    card = DECK[0].__class__
    ace, king_, two, queen = card(1, "S"), card(13, "H"), card(2, "S"), card(12, "H")
    assert up_wrap(king_, ace) and not up(king_, ace) and down_wrap(ace, king_)
    assert up_or_down(ace, two) and not up_or_down(ace, king_) and up_or_down_wrap(ace, king_)
    assert up_or_down_wrap(king_, ace) and not up_or_down_wrap(queen, ace)


def test_an_option_that_only_means_something_on_the_stock_is_declared_on_it():
    from solitaire_core import Choice

    class Drawn(MiniGame):
        id, name, options = "drawn", "Drawn", (Choice("speed", ("slow", "fast"), label="Speed"),)
        zones = (Stock("stock", at=(0.0, 0.0), draw=Choice("draw", (1, 3), label="Cards drawn")),) + MiniGame.zones[1:]

    game = Drawn()
    assert [o.name for o in game.options] == ["draw", "speed"]
    assert game.draw_count(game.new(1, draw=3)) == 3 and game.draw_count(game.new(1)) == 1
