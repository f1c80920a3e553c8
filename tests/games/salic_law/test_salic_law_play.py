"""Rules 3.2-3.4 (foundations), 5 (after the deal), 6 (Kings), 7 (the end), 8 to 10."""

from __future__ import annotations

import pytest

from salic_helpers import dealing, drawn, moves, run, table
from solitaire_core import DRAW, IllegalMove, NotationError, OptionError, parse_card
from solitaire_core.testing import reachable_win

LONE = ["t1", "t4", "t5", "t6", "t7", "t8"]


def blocked(game):
    """After the deal: f2 and f3 wait for a 10, which lie under the Jacks on t2 and t3."""
    return table(game, f2=run("D", 9), f3=run("H", 9), t2="KD 10D JH", t3="KH 10H JD")


def apply(game, state, text):
    return game.apply(state, game.parse_move(state, text))


def test_rule_3_2_any_top_card_may_go_up_during_the_deal(game):
    state = dealing(game, t1="KC 2C", t2="KD 9S", t3="KH 2H", f1="AC")
    assert game.pile(state, "stock").cards
    assert moves(game, state) == {"draw", "t1>f1", "t3>f1"}  # t1 is not the newest pile
    after = apply(game, state, "t1>f1")
    assert game.pile(after, "f1").top == parse_card("2C")
    assert game.pile(after, "t1").cards == (parse_card("KC"),)


def test_rule_3_3_up_one_rank_whatever_the_suit(game):
    state = dealing(game, t1="KC 2H", t2="KD 3S", t3="KH AS", f1="AC")
    ace_up = {f"t3>f{i}" for i in range(2, 9)}  # any empty foundation, never on the AC
    assert moves(game, state) == {"draw", "t1>f1"} | ace_up  # and no 3 on an Ace
    with pytest.raises(IllegalMove, match=r"one rank higher.*rule 3\.3"):
        apply(game, state, "t2>f1")
    state = apply(game, state, "t1>f1")
    assert moves(game, state) == {"draw", "t2>f1"} | ace_up


def test_rule_3_4_a_foundation_ends_with_its_jack(game):
    state = table(game, f1=run("C", 10), t1="KC JC", f2=run("D", 10), t2="KD JD")
    up = {m for m in moves(game, state) if ">f" in m}
    assert up == {"t1>f1", "t1>f2", "t2>f1", "t2>f2"}
    state = apply(game, state, "t1>f1")
    assert "t2>f1" not in moves(game, state)  # nothing goes on a Jack: no Queens in the pack


def test_rule_3_4_foundation_cards_stay_up(game):
    state = blocked(game)
    for text in ("f1>t1", "f1>t4", "f2>f3"):
        with pytest.raises(IllegalMove, match=r"rule 3\.4"):
            apply(game, state, text)


def test_rule_5_1_only_the_top_card_of_a_pile_moves(game):
    state = table(game, f2="AD", t2="KD 3D 4D 5D 6D 7D 8D 9D 10D JD 2D")
    assert "t2>f2" in moves(game, state)
    with pytest.raises(IllegalMove, match=r"Only the top card of Pile 2.*rule 5\.1"):
        apply(game, state, "t2:2>t1")


def test_rule_5_2_a_lone_king_takes_any_top_card_once_the_stock_is_empty(game):
    state = blocked(game)
    assert moves(game, state) == {f"{src}>{dst}" for src in ("t2", "t3") for dst in LONE}
    state = apply(game, state, "t2>t1")
    assert game.pile(state, "t1").cards == (parse_card("KC"), parse_card("JH"))
    assert {"t2>f2", "t2>f3"} <= moves(game, state)  # the 10D it uncovered goes up


def test_rule_5_2_during_the_deal_a_lone_king_takes_nothing(game):
    state = dealing(game, t1="KC", t2="KD 10D JH", t3="KH")
    assert moves(game, state) == {"draw"}
    with pytest.raises(IllegalMove, match=r"only once the stock is empty.*rule 5\.2"):
        apply(game, state, "t2>t1")


def test_rule_5_3_no_card_goes_on_another_card(game):
    state = blocked(game)
    with pytest.raises(IllegalMove, match="The J\u2666 cannot go on the J\u2665.*rule 5\\.3"):
        apply(game, state, "t3>t2")
    state = apply(game, state, "t2>t1")
    assert not any(m.endswith(">t1") for m in moves(game, state))


def test_rule_6_1_kings_never_move(game):
    state = blocked(game)
    assert all(game.pile(state, m.src).top.rank != 13 for m in game.legal_moves(state))
    for text in ("t1>t4", "t1>f1", "t4>t1"):
        with pytest.raises(IllegalMove, match=r"Kings never move.*rule 6\.1"):
            apply(game, state, text)


def test_rule_6_1_no_legal_move_ever_lifts_a_king_in_a_played_game(game):
    state = game.new(42)
    while (hint := game.hint(state)) is not None and (hint.is_draw or game.preference(state, hint) > 5):
        for move in game.legal_moves(state):
            if not move.is_draw:
                assert game.pile(state, move.src).top.rank != 13
        state = game.play(state, hint)
    assert all(game.pile(state, t).cards[0].rank == 13 for t in LONE + ["t2", "t3"])


def test_rule_7_1_play_goes_on_while_a_move_is_left(game):
    state = blocked(game)
    assert not game.is_won(state) and not game.is_stuck(state) and game.legal_moves(state)


def test_rule_7_2_won_with_88_cards_up_and_the_kings_on_the_tableau(game):
    state = table(game, f8=run("S", 10), t8="KS JS")
    assert game.on_foundations(state) == 87 and not game.is_won(state)
    state = apply(game, state, "t8>f8")
    assert game.on_foundations(state) == 88 and game.is_won(state)
    assert not game.legal_moves(state) and not game.is_stuck(state)


def stuck_with_moves(game):
    """Every foundation waits for a 9, under a 10 and a Jack; t1 alone is free."""
    tops = {f"f{i}": run(s, 8) for i, s in enumerate("CDHSCDHS", 1)}
    piles = dict(t2="KD 9C 10C JC", t3="KH 9D 10D JD", t4="KS 9H 10H JH", t5="KC 9S 10S JS",
                 t6="KD 9C 10C JC", t7="KH 9D 10D JD", t8="KS 9H 10H JH 9S 10S JS")
    return table(game, **tops, **piles)


def test_rule_7_3_lost_when_no_move_is_left(game):
    state = stuck_with_moves(game)
    state = apply(game, state, "t8>t1")
    assert not game.legal_moves(state)
    assert game.is_stuck(state) and not game.is_won(state)


def test_rule_7_3_lost_when_no_line_of_moves_puts_a_card_up(game):
    state = stuck_with_moves(game)
    assert len(game.legal_moves(state)) == 7  # a Jack onto t1: each uncovers a useless 10
    assert game.is_stuck(state)
    freed = table(game, **{**{f"f{i}": run(s, 8) for i, s in enumerate("CDHSCDHS", 1)},
                           "f8": run("S", 9)},
                  t2="KD 9C 10C JC", t3="KH 9D 10D JD", t4="KS 9H 10H JH", t5="KC 9S 10S JS",
                  t6="KD 9C 10C JC", t7="KH 9D 10D JD", t8="KS 9H 10H JH 10S JS")
    assert not game.is_stuck(freed)  # t8>t1 uncovers a 10 that now goes up


def test_rule_7_3_never_stuck_while_the_stock_has_cards(game):
    state = dealing(game, t1="KC", t2="KD JH")
    assert game.legal_moves(state) == [DRAW]
    assert not game.is_stuck(state)


def test_rule_8_1_and_10_1_no_options(game):
    assert game.options == ()
    with pytest.raises(OptionError):
        game.new(1, draw=3)


def test_rule_9_1_a_card_is_safe_once_no_foundation_is_below_its_rank_minus_one(game):
    fours = {f"f{i}": run(s, 4) for i, s in enumerate("CDHSCDHS", 1)}
    state = dealing(game, **fours, t1="KC 5H")
    assert {game.format_move(m) for m in game.safe_moves(state)} == {f"t1>f{i}" for i in range(1, 9)}
    state = dealing(game, **{**fours, "f8": run("S", 3)}, t1="KC 5H")
    assert "t1>f1" in moves(game, state) and game.safe_moves(state) == []
    assert game.is_safe(state, parse_card("4S")) and game.is_safe(state, parse_card("AS"))


# Reached in deal 11 after the deal; the 3C on t4 may go up, but it is not safe.
EARLY = """
f1: AS 2D
f2: AC
f3: AH
f4: AS
f5: AD
f6: AD
f7: AC
f8: AH
t1: KC 7S 4C 7D 6D 8S 10C
t2: KD 10H 2H 4H
t3: KD 6H 8H 9C JH 4S 9H 4C 7C 6S 3D 3S 7D JS 7S 10H
t4: KH 7H 2H 4S 4D 5S 3C 2D 5D 5H 10D 3S 8H 9C 6S 3H 2S 9D 8C 4D 9S 3C
t5: KS 6C JC 9H 5D 8C 7C JC 9S 10D JD 10S
t6: KS
t7: KH 6C 4H 6D 5H 3D 3H 5S
t8: KC 9D JS JH 10C 8S 7H 5C 2C 2S JD 10S 8D 2C 5C 6H 8D
stock:
"""
EARLY_WIN = """
t7>t6 t7>f1 t2>f1 t2>f2 t6>f1 t7>f2 t7>t6 t7>f1 t7>f2 t6>f2 t7>f2 t3>t6 t3>f1 t8>f1 t4>t7
t4>f1 t2>f1 t3>f1 t3>f2 t4>t2 t4>f2 t4>f2 t4>f3 t3>f3 t2>f3 t6>f2 t8>t2 t8>f3 t8>f4 t2>f3
t3>f4 t3>t2 t3>f3 t3>f4 t8>f3 t3>f3 t8>f3 t8>f2 t8>f5 t8>f6 t4>f5 t3>f5 t3>f3 t7>f6 t8>f4
t2>f4 t8>f4 t4>t2 t4>t6 t4>f4 t6>f4 t4>t6 t4>f4 t4>f5 t2>f5 t4>t2 t4>f7 t4>f7 t4>t7 t4>f6
t2>f6 t4>f7 t4>f8 t6>f8 t4>f5 t7>f7 t8>f5 t3>f5 t1>f5 t1>t2 t1>f6 t1>f6 t1>f8 t2>f6 t3>t2
t3>f7 t1>f7 t2>f7 t5>t1 t5>f4 t5>t2 t5>f6 t1>f6 t5>f5 t8>t1 t8>f6 t8>t3 t8>f7 t1>f7 t3>f7
t5>t1 t5>t3 t5>f8 t5>t4 t5>t6 t5>f8 t1>f8 t3>f8 t4>f8 t2>f8 t6>f8
"""


def test_rule_9_1_a_card_sent_up_too_early_can_lose_a_won_game(game):
    state = game.parse_position(EARLY)
    assert "t4>f1" in moves(game, state) and game.safe_moves(state) == []
    won = state
    for text in EARLY_WIN.split():
        won = apply(game, won, text)
    assert game.is_won(won)
    assert not reachable_win(game, apply(game, state, "t4>f1"), limit=2000)  # after the 3C, no line wins


def test_rule_9_2_finish_moves_play_out_a_game_that_needs_only_cards_going_up(game):
    state = table(game, f1=run("C", 8), t1="KC 10C JC 9C", f2=run("D", 9), t2="KD JD 10D")
    line = game.finish_moves(state)
    assert line is not None
    for move in line:
        state = game.apply(state, move)
    assert game.is_won(state)
    parked = blocked(game)  # it needs a card parked on a King: the finish does that too
    line = game.finish_moves(parked)
    assert line is not None and any(game.zones[game.index[m.dst]].role == "tableau" for m in line)
    for move in line:
        parked = game.apply(parked, move)
    assert game.is_won(parked)
    assert game.finish_moves(drawn(game, 1, 40)) is None  # the stock still has cards


def test_rule_9_3_search_ignores_suits_and_after_the_deal_which_pile_is_which(game):
    one = table(game, f2=run("D", 9), f3=run("H", 9), t2="KD 10D JH", t3="KH 10H JD")
    swapped = table(game, f2=run("D", 9), f3=run("H", 9), t2="KD 10H JD", t3="KH 10D JH")
    moved = table(game, f2=run("D", 9), f3=run("H", 9), t5="KC 10D JH", t2="KD", t3="KH 10H JD")
    assert game.key(one) == game.key(swapped) == game.key(moved)
    assert game.key(one) != game.key(table(game, f2=run("D", 9), f3=run("H", 9),
                                           t2="KD JH 10D", t3="KH 10H JD"))
    during = dealing(game, t1="KC 5H", t2="KD")
    other = dealing(game, t1="KC", t2="KD 5H")
    assert game.key(during) != game.key(other)  # during the deal the newest pile matters


def test_rule_10_2_the_zones(game):
    assert [z.id for z in game.zones] == ["stock", *(f"f{i}" for i in range(1, 9)),
                                          *(f"t{i}" for i in range(1, 9))]


def test_rule_10_3_moves_in_notation_round_trip(game):
    state = blocked(game)
    for move in game.legal_moves(state):
        assert game.parse_move(state, game.format_move(move)) == move
    assert game.format_move(game.legal_moves(drawn(game, 1, 0))[0]) == "draw"


@pytest.mark.parametrize("draws", [0, 37, 95])
def test_rule_10_4_position_text_round_trips_with_every_zone_listed(game, draws):
    state = drawn(game, 617, draws)
    text = game.format_position(state)
    assert [line.split(":")[0] for line in text.splitlines()[1:]] == [z.id for z in game.zones]
    assert game.parse_position(text) == state
    assert game.format_position(game.parse_position(text)) == text


@pytest.mark.parametrize("changes, problem", [
    ({"t3: KH JH": "t3: KH KS JH", "t8: KS": "t8:"}, "exactly one King"),
    ({"t3: KH JH": "t3: JH KH"}, "exactly one King"),
    ({"f1: AC": "f1: KH AC", "t7: KH": "t7:"}, "Kings never move"),
    ({"t6: KD\n": "t6:\n"}, "KD is missing"),
    ({"t8: KS": "t8: KS 5H"}, "5H is there more often than the pack holds"),
])
def test_rule_10_4_impossible_positions_are_refused(game, changes, problem):
    text = game.format_position(table(game, f3=run("H", 4), t3="KH JH 10H 9H 8H 7H 6H 5H"))
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new, 1)
    with pytest.raises(NotationError, match=problem):
        game.parse_position(text)


def test_rule_10_4_piles_start_in_order_with_no_gap(game):
    text = game.format_position(dealing(game, t1="KC", t2="KD"))
    with pytest.raises(NotationError, match="no gap"):
        game.parse_position(text.replace("t2: KD", "t2:").replace("t3:", "t3: KD"))


def test_rule_10_5_an_illegal_move_names_its_rule_and_changes_nothing(game):
    state = blocked(game)
    before = game.format_position(state)
    with pytest.raises(IllegalMove) as caught:
        apply(game, state, "t2>t3")
    assert caught.value.move == "t2>t3" and "rule 5.3" in str(caught.value)
    assert game.format_position(state) == before
    with pytest.raises(NotationError):
        game.parse_move(state, "t2>>t3")
