"""Rules 3 (columns), 4 (free cells), 5 (foundations) and 7 (the end) of FreeCell."""

from __future__ import annotations

import pytest

from freecell_helpers import apply, moves, position, run
from solitaire_core import IllegalMove, parse_card


def test_rule_3_1_down_one_rank_in_alternating_colours(game):
    state = position(game, t1="9S 8H", t2="7C", t3="7D", t4="9C", rest="t8")
    assert {"t2>t1", "t1>t4"} <= moves(game, state)
    assert "t3>t1" not in moves(game, state)
    with pytest.raises(IllegalMove, match=r"The 7♦ cannot go on the 8♥: Column 1 builds one rank lower, "
                                          r"alternating red and black \(rule 3\.1\)"):
        apply(game, state, "t3>t1")
    after = apply(game, state, "t2>t1")
    assert [c.code for c in game.pile(after, "t1").cards] == ["9S", "8H", "7C"]


def test_rule_3_2_only_runs_move_together(game):
    state = position(game, t1="9S 8H 7C", t2="10D", t3="9H 5S", t4="6D")
    assert "t1:3>t2" in moves(game, state)
    with pytest.raises(IllegalMove, match=r"not a run.*rule 3\.2"):
        apply(game, state, "t3:2>t4")


def test_rule_3_3_a_run_as_long_as_the_free_places_allow(game):
    """Two free cells and one empty column: 3 x 2 = 6 cards, and 3 into the empty column."""
    state = position(game, c1="2C", c2="2D", t1="QH JC 10D 9S 8H 7C 6D", t2="QD", t3="", t4="KS",
                     t5="3C", t6="3D", t7="3H", rest="t8")
    legal = moves(game, state)
    assert {"t1:6>t2", "t1:3>t3", "t1:2>t3", "t1>t3"} <= legal
    assert "t1:7>t4" not in legal and "t1:4>t3" not in legal
    with pytest.raises(IllegalMove, match=r"Only 6 cards can move at once here.*\(rule 3\.3\)"):
        apply(game, state, "t1:7>t4")
    with pytest.raises(IllegalMove, match=r"Only 3 cards can move at once here.*\(rule 3\.3\)"):
        apply(game, state, "t1:4>t3")
    after = apply(game, state, "t1:6>t2")
    assert [c.code for c in game.pile(after, "t2").cards] == "QD JC 10D 9S 8H 7C 6D".split()
    assert game.pile(after, "t1").cards == (parse_card("QH"),)


def test_rule_3_4_an_empty_column_takes_any_card_or_run(game):
    state = position(game, t1="", t2="9S 8H 7C", t3="5D", rest="t8")
    assert {"t2>t1", "t2:2>t1", "t2:3>t1", "t3>t1"} <= moves(game, state)
    after = apply(game, state, "t3>t1")
    assert game.pile(after, "t1").cards == (parse_card("5D"),)


def test_rule_4_1_a_free_cell_holds_one_card_of_any_kind(game):
    state = position(game, c1="KH", t1="5D", t2="9S 8H", rest="t8")
    assert {"t1>c2", "t1>c3", "t1>c4"} <= moves(game, state) and "t1>c1" not in moves(game, state)
    with pytest.raises(IllegalMove, match=r"cannot go on Free cell 1.*rule 4\.1"):
        apply(game, state, "t1>c1")
    with pytest.raises(IllegalMove, match=r"Free cell 2 takes one card at a time.*rule 4\.1"):
        apply(game, state, "t2:2>c2")


def test_rule_4_2_a_free_cell_card_goes_to_a_column_a_foundation_or_another_cell(game):
    state = position(game, c1="7C", c2="AH", t1="9S 8H", rest="t8")
    assert {"c1>t1", "c2>f1", "c1>c3", "c2>c4"} <= moves(game, state)
    after = apply(game, state, "c1>t1")
    assert not game.pile(after, "c1").cards and game.pile(after, "t1").top == parse_card("7C")


def test_rule_5_1_an_empty_foundation_takes_any_ace(game):
    state = position(game, t1="AS", t2="AD", t3="2C", rest="t8")
    assert {f"t{t}>f{f}" for t in (1, 2) for f in range(1, 5)} <= moves(game, state)
    with pytest.raises(IllegalMove, match=r"Foundation 1 is empty and takes an Ace, not the 2♣ \(rule 5\.1\)"):
        apply(game, state, "t3>f1")


def test_rule_5_2_up_in_suit_one_card_at_a_time(game):
    state = position(game, f1="AH", t1="2H", t2="2D", t3="3H 2S", rest="t8")
    assert "t1>f1" in moves(game, state)
    with pytest.raises(IllegalMove, match=r"one rank higher, same suit \(rule 5\.2\)"):
        apply(game, state, "t2>f1")
    state = position(game, f1="AH", t1="9C 3H 2S", t3="", rest="t8")
    with pytest.raises(IllegalMove, match=r"rule 5\.2"):
        apply(game, state, "t1:2>f1")


def test_rule_5_3_a_card_on_a_foundation_stays_there(game):
    state = position(game, f1=run("H", 3), f2="", t1="4S", t2="", rest="t8")
    legal = moves(game, state)
    assert not any(m.startswith("f") for m in legal)
    for text in ("f1>t1", "f1>t2", "f1>c1", "f1>f2"):
        with pytest.raises(IllegalMove, match=r"rule 5\.3"):
            apply(game, state, text)


def stuck(game):
    """Every free cell full of a King, eight hearts on top of the columns, every Ace buried."""
    tops = {f"t{i}": f"{rank}H" for i, rank in enumerate("2345678", 1)}
    return position(game, c1="KH", c2="KD", c3="KS", c4="KC", **tops, t8="9H", rest="t8")


def test_rule_7_2_stuck_when_no_move_is_left(game):
    state = stuck(game)
    assert game.legal_moves(state) == []
    assert game.is_stuck(state) and not game.is_won(state)


def test_rule_7_2_not_stuck_while_a_line_can_put_a_card_up(game):
    state = position(game, c1="KH", c2="KD", c3="KS", c4="", t1="2H", t2="3H", t3="4H", t4="5H",
                     t5="6H", t6="7H", t7="AC 8H", t8="9H", rest="t8")
    assert not game.is_stuck(state)  # 8H to the free cell uncovers the AC
