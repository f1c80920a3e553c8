"""Rule 11: standard and Vegas scores, the forced Vegas passes, the running-total option."""

from __future__ import annotations

import pytest

from klondike_helpers import build, moves_text, passes_possible, play
from solitaire_core import OptionError

# A small table where every kind of move is at hand (foundations hold the rest):
# waste QH onto KS (t1); t3's 2H up onto f2 uncovers JD; f3's top 5D back onto 6S (t4).
TABLE = dict(f1="AS 2S 3S 4S 5S", f2="AH", f3="AD 2D 3D 4D 5D", f4="",
             t1="KS", t2="KC", t3="(JD) 2H", t4="6S", waste="QH", rest="stock")


def test_rule_11_1_standard_vegas_or_none(game):
    assert game.score(game.new(1)) == 0
    assert game.score(game.new(1, scoring="vegas")) == -52
    none = game.new(1, scoring="none")
    assert game.score(none) is None
    assert game.score(play(game, none, "t5>f1", "draw")) is None
    assert [label for label, _ in game.status(none)] == ["Pass"]
    with pytest.raises(OptionError):
        game.new(1, scoring="golf")


def test_rule_11_2_standard_waste_to_column_plus_5(game):
    state = build(game, score=0, **TABLE)
    assert game.score(play(game, state, "waste>t1")) == 5


def test_rule_11_3_standard_to_a_foundation_plus_10(game):
    diamonds = dict(f1="", f2="", f3="AD 2D 3D 4D 5D", f4="", rest="stock", score=0)
    assert game.score(play(game, build(game, waste="6D", **diamonds), "waste>f3")) == 10
    from_column = build(game, t2="(QH) 6D", **diamonds)
    assert game.score(play(game, from_column, "t2>f3")) == 15  # 10, and 5 for the card turned


def test_rule_11_4_standard_turning_a_card_up_plus_5(game):
    state = build(game, score=0, f1="", f2="", f3="", f4="", t1="(QC) KS", rest="stock")
    assert game.score(play(game, state, "t1>t2")) == 5
    assert game.score(play(game, build(game, score=0, **TABLE), "t3>f2")) == 15


def test_rule_11_5_standard_back_from_a_foundation_minus_15(game):
    state = build(game, score=40, **TABLE)
    assert "f3>t4" in moves_text(game, state)
    assert game.score(play(game, state, "f3>t4")) == 25


@pytest.mark.parametrize("draw, cost", [(1, 100), (3, 20)])
def test_rule_11_6_standard_turning_the_waste_over(game, draw, cost):
    state = build(game, score=150, t1="KD", t2="KC", waste="QD QC", draw=draw)
    assert game.score(play(game, state, "draw")) == 150 - cost


def test_rule_11_7_standard_never_below_zero_and_columns_score_nothing(game):
    recycled = play(game, build(game, score=10, t1="KD", t2="KC", waste="QD QC"), "draw")
    assert game.score(recycled) == 0
    back = play(game, build(game, score=5, **TABLE), "f3>t4")
    assert game.score(back) == 0
    between = build(game, score=30, t1="KS", t2="KC", t3="KD QC", t4="KH", t5="QH", t6="QD", t7="QS")
    assert game.score(play(game, between, "t3>t4")) == 30


def test_rule_11_8_vegas_starts_at_the_stake(game):
    assert game.score(game.new(617, scoring="vegas")) == -52
    assert game.score(game.new(617, scoring="vegas", draw=3)) == -52


def test_rule_11_9_vegas_five_a_card_up_and_down_nothing_else(game):
    table = dict(TABLE, scoring="vegas", score=-52)
    assert game.score(play(game, build(game, **table), "t3>f2")) == -47  # turning scores nothing
    assert game.score(play(game, build(game, **table), "waste>t1")) == -52
    assert game.score(play(game, build(game, **table), "f3>t4")) == -57  # may be negative
    recycled = play(game, build(game, scoring="vegas", draw=3, score=-52, t1="KD", t2="KC",
                                waste="QD QC"), "draw")
    assert game.score(recycled) == -52


def _all_up(game, state):
    for move in game.finish_moves(state):
        state = game.apply(state, move)
    assert game.is_won(state)
    return game.score(state)


# All 52 cards face up in four runs from King to Ace: the finish sends every one up.
RUNS = dict(t1="KS QH JS 10H 9S 8H 7S 6H 5S 4H 3S 2H AS", t2="KH QS JH 10S 9H 8S 7H 6S 5H 4S 3H 2S AH",
            t3="KD QC JD 10C 9D 8C 7D 6C 5D 4C 3D 2C AD", t4="KC QD JC 10D 9C 8D 7C 6D 5C 4D 3C 2D AC",
            f1="", f2="", f3="", f4="")


def test_rule_11_9_vegas_all_52_up_make_208_over_the_stake(game):
    assert _all_up(game, build(game, scoring="vegas", **RUNS)) == 208
    assert _all_up(game, build(game, **RUNS)) == 520  # standard: 10 a card



@pytest.mark.parametrize("draw, passes, turns", [
    (1, "unlimited", 0), (1, 3, 0), (1, 1, 0), (3, "unlimited", 2), (3, 1, 2), (3, 3, 2),
])
def test_rule_11_10_vegas_forces_the_passes(game, draw, passes, turns):
    state = game.new(9, scoring="vegas", draw=draw, passes=passes)
    assert passes_possible(game, state) == turns


def test_rule_11_11_vegas_total_is_kept_but_changes_nothing_in_play(game):
    off = game.new(617, scoring="vegas")
    on = game.new(617, scoring="vegas", vegas_total="on")
    assert on.option("vegas_total") == "on" and off.option("vegas_total") == "off"
    assert "@vegas_total on" in game.format_position(on)
    assert game.parse_position(game.format_position(on)) == on
    assert game.score(on) == game.score(off) == -52  # each game starts at the stake
    assert game.legal_moves(on) == game.legal_moves(off)
    moves = ["t2>f1", "t2>f2", "draw"]
    assert game.score(play(game, on, *moves)) == game.score(play(game, off, *moves))
    with pytest.raises(OptionError):
        game.new(1, vegas_total="yes")


@pytest.mark.parametrize("scoring, total, carries", [
    ("vegas", "on", True), ("vegas", "off", False), ("standard", "on", False), ("none", "on", False),
])
def test_rule_11_11_only_a_vegas_score_runs_on(game, scoring, total, carries):
    assert game.carries_score(game.new(1, scoring=scoring, vegas_total=total)) is carries
