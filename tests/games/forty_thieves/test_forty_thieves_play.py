"""Rules 3 (columns), 4 (foundations), 5 (stock and waste), 6 and 7 of Forty Thieves."""

from __future__ import annotations

import pytest

from forty_helpers import apply, moves, position, run
from solitaire_core import DRAW, IllegalMove, parse_card
from solitaire_core.testing import check_game, check_safe_moves, play_texts


def test_rule_3_1_down_one_rank_in_suit(game):
    state = position(game, t1="9S", t2="8S", t3="8C", t4="10H 9H", rest="stock")
    assert "t2>t1" in moves(game, state) and "t3>t1" not in moves(game, state)
    with pytest.raises(IllegalMove, match=r"The 8♣ cannot go on the 9♠: Column 1 builds one rank lower, "
                                          r"same suit \(rule 3\.1\)"):
        apply(game, state, "t3>t1")


def test_rule_3_2_one_card_at_a_time(game):
    state = position(game, t1="10S", t2="9S 8S", t3="", rest="stock")
    assert not any(":" in m for m in moves(game, state))
    with pytest.raises(IllegalMove, match=r"Only the top card of Column 2 may move \(rule 3\.2\)"):
        apply(game, state, "t2:2>t1")
    with pytest.raises(IllegalMove, match=r"rule 3\.2"):
        apply(game, state, "t2:2>t3")


def test_rule_3_3_an_empty_column_takes_any_card(game):
    state = position(game, t1="", t2="5D", waste="QC", f1="AH", rest="stock")
    assert {"t2>t1", "waste>t1", "f1>t1"} <= moves(game, state)
    assert game.pile(apply(game, state, "waste>t1"), "t1").cards == (parse_card("QC"),)


def test_rule_4_1_an_empty_foundation_takes_any_ace(game):
    state = position(game, t1="AS", t2="2S", rest="stock")
    assert {f"t1>f{i}" for i in range(1, 9)} <= moves(game, state)
    with pytest.raises(IllegalMove, match=r"Foundation 1 is empty and takes an Ace, not the 2♠ \(rule 4\.1\)"):
        apply(game, state, "t2>f1")


def test_rule_4_2_up_in_suit_one_card_at_a_time(game):
    state = position(game, f1="AS", f2="AS", t1="2S", t2="2C", rest="stock")
    assert {"t1>f1", "t1>f2"} <= moves(game, state)
    with pytest.raises(IllegalMove, match=r"one rank higher, same suit \(rule 4\.2\)"):
        apply(game, state, "t2>f1")


def test_rule_4_3_a_foundation_card_may_come_back_but_never_to_another_foundation(game):
    state = position(game, f1=run("H", 6), f2="", t1="7H", t2="", rest="stock")
    assert {"f1>t1", "f1>t2"} <= moves(game, state)
    after = apply(game, state, "f1>t1")
    assert game.pile(after, "t1").top == parse_card("6H") and game.pile(after, "f1").top == parse_card("5H")
    with pytest.raises(IllegalMove, match=r"Cards never move from one foundation to another \(rule 4\.3\)"):
        apply(game, state, "f1>f2")


def test_rule_5_1_the_stock_turns_its_top_card_onto_the_waste(game):
    state = game.new(1)
    top = game.pile(state, "stock").top
    after = game.apply(state, DRAW)
    assert game.pile(after, "waste").cards == (top,) and len(game.pile(after, "stock").cards) == 63
    for text in ("stock>t1", "t4>stock"):
        with pytest.raises(IllegalMove, match=r"rule 5\.1"):
            apply(game, state, text)


def test_rule_5_2_only_the_waste_top_card_plays_and_nothing_goes_on_it(game):
    state = position(game, waste="9D 5S", t1="6S", t2="10D", t3="4S", rest="stock")
    assert "waste>t1" in moves(game, state) and "waste>t2" not in moves(game, state)
    with pytest.raises(IllegalMove, match=r"rule 5\.2"):
        apply(game, state, "t3>waste")


def test_rule_5_3_one_pass_through_the_stock(game):
    state = game.new(1)
    state = play_texts(game, state, *["draw"] * 64)
    assert not game.pile(state, "stock").cards and len(game.pile(state, "waste").cards) == 64
    assert DRAW not in game.legal_moves(state)
    with pytest.raises(IllegalMove, match=r"rule 5\.3"):
        game.apply(state, DRAW)
    assert "redeals" not in dict(state.values)


def test_rule_6_1_a_card_is_safe_once_both_cards_below_it_of_its_suit_are_up(game):
    state = position(game, f1="AH", f2="", t1="2H", t2="AS", rest="stock")
    safe = {game.format_move(m) for m in game.safe_moves(state)}
    assert "t2>f2" in safe and "t1>f1" not in safe  # the other AH could want the 2H
    state = position(game, f1="AH", f2="AH", t1="2H", rest="stock")
    assert "t1>f1" in {game.format_move(m) for m in game.safe_moves(state)}


def test_rule_6_1_safe_moves_never_lose_a_won_game(game):
    assert check_safe_moves(game, deals=(1, 2, 3)) >= 10


def test_rule_6_2_the_finish_plays_a_won_game_out_once_the_stock_is_empty(game):
    tops = {f"f{i}": run(s, 11) for i, s in enumerate("CDHSCDHS", 1)}
    state = position(game, **tops, t1="KC QC", t2="KD QD KH", t3="QH", t4="KS QS", t5="KC QC KD QD",
                     t6="KH QH", t7="KS", rest="t8")
    finish = game.finish_moves(state)
    assert finish is not None and game.is_won(play_texts(game, state, *map(game.format_move, finish)))
    assert game.finish_moves(position(game, **tops, t1="KC QC", rest="stock")) is None


def test_rule_7_2_stuck_with_the_stock_empty_and_no_card_able_to_move(game):
    """Every column topped by a heart, no two of them neighbours, the Aces buried."""
    tops = {f"t{i}": f"{rank}H" for i, rank in zip(range(1, 10), "2 4 6 8 10 Q 2 4 6".split())}
    state = position(game, **tops, waste="8H", rest="t10")
    assert game.legal_moves(state) == []
    assert game.is_stuck(state) and not game.is_won(state)


def test_forty_thieves_conforms(game):
    check_game(game, examples=3, steps=120)
