"""Rules 3 to 9: building, runs, the empty column, foundations, stock, waste, passes, turning."""

from __future__ import annotations

import pytest

from klondike_helpers import build, moves_text, passes_possible, play, zone
from solitaire_core import IllegalMove


def refused(game, state, move: str, rule: str) -> str:
    """Assert the move is refused naming ``rule``; the state is untouched. Returns the reason."""
    before = game.format_position(state)
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, game.parse_move(state, move))
    assert caught.value.move == move
    assert f"(rule {rule})" in caught.value.reason, caught.value.reason
    assert game.format_position(state) == before
    return caught.value.reason


# --- 3. building on the columns ------------------------------------------------------

def test_rule_3_1_one_rank_lower_other_colour(game):
    state = build(game, t1="KS", t2="QH", t3="KH", t4="KD", t5="KC", t6="QS", t7="QD")
    legal = moves_text(game, state)
    assert {"t2>t1", "t2>t5", "t7>t1", "t7>t5", "t6>t3", "t6>t4"} <= legal
    assert not {"t2>t3", "t2>t4", "t6>t1", "t6>t5", "t7>t3", "t7>t4"} & legal
    reason = refused(game, state, "t2>t3", "3.1")
    assert "The Q\u2665 cannot go on the K\u2665: Column 3 builds" in reason and "alternating red and black" in reason
    after = play(game, state, "t2>t1")
    assert zone(game, after, "t1") == "KS QH" and zone(game, after, "t2") == ""


def test_rule_3_1_never_two_ranks_lower(game):
    state = build(game, t1="KS", t2="JH", t3="QH", t4="KH")
    assert "t2>t1" not in moves_text(game, state)
    assert "one rank lower" in refused(game, state, "t2>t1", "3.1")


# --- 4. runs --------------------------------------------------------------------------

RUNS = dict(t1="(KC) KS QH JC 10D", t2="QD", t3="KD", t4="JD", t5="QC", t6="KH")


def test_rule_4_1_a_run_moves_from_any_face_up_card(game):
    state = build(game, **RUNS)
    legal = moves_text(game, state)
    assert "t1:2>t2" in legal  # JC 10D onto QD: the upper part of the run
    assert "t1:4>t7" in legal  # the whole run, King first, onto the empty column
    after = play(game, state, "t1:2>t2")
    assert zone(game, after, "t2") == "QD JC 10D" and zone(game, after, "t1") == "(KC) KS QH"


def test_rule_4_1_cards_out_of_sequence_are_no_run(game):
    state = build(game, t1="KS QS", t2="KH")
    assert "t1:2>t3" not in moves_text(game, state)
    refused(game, state, "t1:2>t3", "4.1")


def test_rule_4_2_a_run_lands_as_its_lowest_card(game):
    state = build(game, **RUNS)
    assert "The J\u2663 cannot go on the J\u2666" in refused(game, state, "t1:2>t4", "3.1")
    assert "takes a King, not the Q\u2665" in refused(game, state, "t1:3>t7", "5.1")


def test_rule_4_3_face_down_cards_never_move(game):
    state = build(game, **RUNS)
    assert not any(m.n == 5 for m in game.legal_moves(state))
    refused(game, state, "t1:5>t7", "4.3")


# --- 5. the empty column -------------------------------------------------------------

def test_rule_5_1_only_a_king_with_its_run_on_an_empty_column(game):
    state = build(game, t1="QH", t3="KC", t4="(QS) KD", waste="KH", t5="KS", t6="QD")
    legal = moves_text(game, state)
    assert {"t3>t2", "t4>t2", "waste>t2", "t5>t2"} <= legal
    assert "t1>t2" not in legal and "t6>t2" not in legal
    assert "Column 2 is empty and takes a King, not the Q\u2665" in refused(game, state, "t1>t2", "5.1")
    # A King carrying its run goes in one move.
    with_run = play(game, state, "t1>t3", "t3:2>t2")
    assert zone(game, with_run, "t2") == "KC QH" and zone(game, with_run, "t3") == ""


# --- 6. the foundations --------------------------------------------------------------

def test_rule_6_1_any_ace_starts_any_empty_foundation(game):
    state = build(game, t1="AH", t2="2H", t3="AS", f1="", f2="", f3="", f4="", rest="stock")
    legal = moves_text(game, state)
    assert {"t1>f1", "t1>f2", "t1>f3", "t1>f4", "t3>f1", "t3>f4"} <= legal
    assert not any(m.startswith("t2>f") for m in legal)
    assert "Foundation 1 is empty and takes an Ace, not the 2\u2665" in refused(game, state, "t2>f1", "6.1")


def test_rule_6_2_same_suit_one_higher_up_to_king(game):
    state = build(game, f1="AS 2S", f2="", f3="", f4="", t1="3S", t2="3H", t3="4S", rest="stock")
    legal = moves_text(game, state)
    assert "t1>f1" in legal and "t2>f1" not in legal and "t3>f1" not in legal
    assert "same suit" in refused(game, state, "t2>f1", "6.2")
    assert "one rank higher" in refused(game, state, "t3>f1", "6.2")
    up = play(game, state, "t1>f1", "t3>f1")
    assert zone(game, up, "f1") == "AS 2S 3S 4S"


def test_rule_6_3_one_card_at_a_time_from_waste_or_column(game):
    state = build(game, f1="AS 2S", f2="AH", f3="", f4="", t1="3S 2H", waste="AD", rest="stock")
    legal = moves_text(game, state)
    assert "t1>f2" in legal and "waste>f3" in legal
    assert "t1:2>f1" not in legal
    refused(game, state, "t1:2>f1", "6.3")


def test_rule_6_4_a_foundation_top_comes_back_to_a_column(game):
    state = build(game, f1="", f2="", f3="AD 2D 3D 4D 5D", f4="", t1="6S", t2="6H", rest="stock")
    legal = moves_text(game, state)
    assert "f3>t1" in legal and "f3>t2" not in legal
    refused(game, state, "f3>t2", "3.1")
    refused(game, state, "f3:2>t1", "6.4")
    back = play(game, state, "f3>t1")
    assert zone(game, back, "t1") == "6S 5D" and zone(game, back, "f3").endswith("4D")
    # A King may come back onto an empty column.
    kings = build(game, f1="AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", f2="", f3="", f4="",
                  t1="QH", rest="stock")
    assert "f1>t2" in moves_text(game, kings)


def test_rule_6_5_never_from_one_foundation_to_another(game):
    state = build(game, f1="AS", f2="", f3="", f4="", rest="stock")
    assert not any(m.startswith("f1>f") for m in moves_text(game, state))
    refused(game, state, "f1>f2", "6.5")


# --- 7. the stock and the waste ------------------------------------------------------

def test_rule_7_1_draw_turns_one_or_three_or_what_is_left(game):
    one = play(game, game.new(1), "draw")
    assert zone(game, one, "waste") == "4H" and len(game.pile(one, "stock")) == 23
    three = play(game, game.new(1, draw=3), "draw")
    assert len(game.pile(three, "waste")) == 3 and len(game.pile(three, "stock")) == 21
    assert game.pile(three, "waste").down == 0
    two_left = build(game, stock="(QH) (KS)", t1="KH", draw=3)
    drawn = play(game, two_left, "draw")
    assert zone(game, drawn, "waste") == "KS QH" and zone(game, drawn, "stock") == ""


def test_rule_7_2_the_draw_is_turned_over_so_the_third_card_lands_on_top(game):
    # Deal 1's stock ends (4D) (AC) (4H): 4H is drawn first, 4D lands on top.
    state = play(game, game.new(1, draw=3), "draw")
    assert zone(game, state, "waste") == "4H AC 4D"
    assert zone(game, play(game, game.new(1), "draw", "draw", "draw"), "waste") == "4H AC 4D"


def test_rule_7_3_only_the_waste_top_plays(game):
    # The rules text's example: 4S, QH, 10C drawn (10C on top), a red Jack waiting.
    state = build(game, waste="4S QH 10C", t1="JD", t2="KS", draw=3, rest="stock", shown=3)
    legal = moves_text(game, state)
    assert "waste>t1" in legal and "waste>t2" not in legal
    refused(game, state, "waste:2>t2", "7.3")
    after = play(game, state, "waste>t1")
    assert "waste>t2" in moves_text(game, after)  # QH now plays, onto KS
    after = play(game, after, "waste>t2")
    assert zone(game, after, "waste").endswith("4S")


def test_rule_7_4_the_waste_shows_the_cards_of_the_last_draw_still_there(game):
    def fanned(s):
        """Waste cards at distinct places on the table: the ones shown fanned."""
        return len({round(p.x, 3) for p in game.scene(s).cards if p.zone == "waste"})

    state = build(game, stock="(QC) (10S) (JH) (QD) (9S)", t1="QS", t2="KS", draw=3, rest="stock")
    state = play(game, state, "draw")
    assert zone(game, state, "waste") == "9S QD JH"
    assert state.value("shown") == 3 and fanned(state) == 3
    state = play(game, state, "waste>t1")  # JH onto QS
    assert state.value("shown") == 2 and fanned(state) == 2
    state = play(game, state, "waste>t2")  # QD onto KS
    assert state.value("shown") == 1 and fanned(state) == 1
    state = play(game, state, "draw")  # 10S QC and one more: three shown over the 9S
    assert state.value("shown") == 3 and fanned(state) == 3
    one = play(game, game.new(1), "draw", "draw", "draw")
    assert one.value("shown") == 1 and fanned(one) == 1


def test_rule_7_5_nothing_goes_on_stock_or_waste(game):
    state = build(game, t1="KS", t2="KH", t3="KD", waste="QH", stock="(QD)")
    for move in game.legal_moves(state):
        assert move.is_draw or (move.dst not in ("stock", "waste") and move.src != "stock")
    refused(game, state, "t1>waste", "7.5")
    refused(game, state, "t1>stock", "7.5")
    refused(game, state, "stock>t1", "7.5")


# --- 8. passes through the stock ----------------------------------------------------

@pytest.mark.parametrize("draw", [1, 3])
def test_rule_8_1_turning_the_waste_over_keeps_the_order(game, draw):
    start = game.new(1, draw=draw)
    state = start
    while game.pile(state, "stock").cards:
        state = play(game, state, "draw")
    assert len(game.pile(state, "waste")) == 24
    state = play(game, state, "draw")
    assert game.pile(state, "stock") == game.pile(start, "stock")
    assert zone(game, state, "waste") == "" and state.value("redeals") == 1
    # The second pass draws the same cards in the same order.
    again, first = play(game, state, "draw"), play(game, start, "draw")
    assert zone(game, again, "waste") == zone(game, first, "waste")


@pytest.mark.parametrize("passes, turns", [("unlimited", 10), (3, 2), (1, 0)])
def test_rule_8_2_passes_unlimited_three_or_one(game, passes, turns):
    assert passes_possible(game, game.new(7, passes=passes)) == turns


def test_rule_8_3_spent_passes_stop_the_stock_but_the_waste_plays(game):
    state = build(game, waste="JH KC QH", t1="KS", t2="KH", passes=1)
    assert "draw" not in moves_text(game, state)
    assert "no pass" in refused(game, state, "draw", "8.3")
    assert "waste>t1" in moves_text(game, state)
    spent = build(game, waste="JH KC QH", t1="KS", t2="KH", passes=3, redeals=2)
    assert "draw" not in moves_text(game, spent)
    left = build(game, waste="JH KC QH", t1="KS", t2="KH", passes=3, redeals=1)
    assert "draw" in moves_text(game, left)


def test_rule_8_4_empty_stock_and_waste_draw_nothing(game):
    state = build(game, t1="KS")
    assert "draw" not in moves_text(game, state)
    refused(game, state, "draw", "8.4")


# --- 9. turning cards up --------------------------------------------------------------

def test_rule_9_1_an_uncovered_face_down_card_turns_up_by_itself(game):
    state = build(game, f1="", f2="AH", f3="", f4="", t1="(QC) KS", t3="(JD) 2H",
                  t4="KD QS", t5="KH", rest="stock")
    after = play(game, state, "t1>t2")
    assert zone(game, after, "t1") == "QC"
    after = play(game, after, "t3>f2")
    assert zone(game, after, "t3") == "JD"
    # A card beneath that is already face up stays as it is.
    after = play(game, after, "t4>t5")
    assert zone(game, after, "t4") == "KD"
