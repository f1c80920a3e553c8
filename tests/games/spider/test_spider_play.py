"""Rules 3 (the columns), 4 (the stock), 5 (the runs) and 6 (the end)."""

from __future__ import annotations

import pytest

from spider_helpers import legal_texts, play_texts, run, table, zone
from solitaire_core import IllegalMove
from solitaire_core.moves import parse_move
from solitaire_core.session import Session
from solitaire_core.testing import check_game

FOUR = {"suits": 4}


def runs(game, state) -> int:
    """How many runs have left (each foundation holds one)."""
    return sum(1 for i in game.role("foundation") if state.piles[i].cards)


def refused(game, state, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, game.parse_move(state, text))
    return caught.value.reason


def test_rule_3_1_a_card_goes_one_rank_lower_whatever_the_suit(game):
    state = table(game, FOUR, under="stock", t1="8S", t2="7H", t3="9S", t4="AD", t5="2C")
    moves = legal_texts(game, state)
    assert {"t2>t1", "t1>t3", "t4>t5"} <= moves
    assert "t2>t3" not in moves and "t5>t4" not in moves  # nothing goes on an Ace
    reason = refused(game, state, "t2>t3")
    assert reason == ("The 7♥ cannot go on the 9♠: Column 3 builds one rank lower (rule 3.1)")


def test_rule_3_2_several_cards_move_only_in_one_suit_in_sequence(game):
    state = table(game, FOUR, under="stock", t1="9D", t2="8H 7H 6H", t3="9C", t4="8C 7H", t5="8D")
    moves = legal_texts(game, state)
    assert {"t2:3>t1", "t2:3>t3", "t2:2>t5", "t4>t5"} <= moves  # one suit, in sequence
    assert "t4:2>t1" not in moves and "t4:2>t3" not in moves  # the 8♣ and 7♥ are not of one suit
    reason = refused(game, state, "t4:2>t1")
    assert reason == "The top 2 cards of Column 4 are not a run (one rank lower, same suit) (rule 3.2)"
    after = play_texts(game, state, "t2:3>t3")
    assert zone(game, after, "t3") == "9C 8H 7H 6H"  # they keep their order, on any suit


def test_rule_3_3_face_down_cards_never_move_and_turn_up_uncovered(game):
    state = table(game, under="t1", t2="9S", t1="8S")
    assert game.pile(state, "t1").down == len(game.pile(state, "t1").cards) - 1
    assert "(rule 3.3)" in refused(game, state, "t1:2>t2")
    after = play_texts(game, state, "t1>t2")
    pile = game.pile(after, "t1")
    assert pile.down == len(pile.cards) - 1  # the new top card is face up


def test_rule_3_4_an_empty_column_takes_any_card_or_any_group(game):
    state = table(game, FOUR, under="stock", t1="QD", t2="5H 4H 3H", t3="")
    moves = legal_texts(game, state)
    assert {"t1>t3", "t2>t3", "t2:2>t3", "t2:3>t3"} <= moves


def test_rule_4_1_a_click_deals_one_card_onto_every_column_first_column_first(game):
    state = game.new(1)
    stock = game.pile(state, "stock").cards
    after = play_texts(game, state, "draw")
    for k in range(10):
        pile = game.pile(after, f"t{k + 1}")
        assert pile.top == stock[-1 - k] and pile.down == len(pile.cards) - 2
    assert len(game.pile(after, "stock").cards) == 40
    assert game.describe_move(state, parse_move("draw")) == "Deal a card from the stock onto each column"
    assert "(rule 4.1)" in refused(game, state, "t1>stock")
    assert "(rule 4.1)" in refused(game, state, "stock>t1")


def test_rule_4_2_the_stock_deals_only_while_no_column_is_empty(game):
    columns = {f"t{i}": f"{label}S" for i, label in enumerate("2 3 4 5 6 7 8 9 10".split(), 1)}
    state = table(game, under="stock", **columns)
    assert "draw" not in legal_texts(game, state)
    assert refused(game, state, "draw") == "The stock deals only when no column is empty (rule 4.2)"
    filled = table(game, under="stock", t10="JS", **columns)
    assert "draw" in legal_texts(game, filled)


def test_rule_4_3_five_deals_then_the_stock_is_empty(game):
    state = game.new(1)
    for _ in range(5):
        state = play_texts(game, state, "draw")
    assert not game.pile(state, "stock").cards
    assert "draw" not in legal_texts(game, state)
    assert refused(game, state, "draw") == "The stock is empty: every card is dealt (rule 4.3)"
    assert dict(game.status(state))["Deals left"] == "0"


def test_rule_5_1_a_complete_run_leaves_by_itself_and_uncovers_a_card(game):
    state = table(game, under="t3", t1="(9S) " + run("S", 2), t2="AS", t3="5S", f8="")
    assert runs(game, state) == 6
    after = play_texts(game, state, "t2>t1")
    assert zone(game, after, "t1") == "9S"  # turned face up
    assert zone(game, after, "f7") == run("S") and runs(game, after) == 7  # the first free place


def test_rule_5_1_a_run_completed_by_a_deal_leaves_too(game):
    columns = {f"t{i}": f"{label}S" for i, label in zip(range(2, 11), "Q J 10 9 8 7 6 5 4".split())}
    stock = "(2S) (2S) (2S) (3S) (3S) (3S) (4S) (4S) (4S) (AS)"  # the A♠ on top goes to Column 1
    state = table(game, under="t2", t1=run("S", 2), stock=stock, **columns)
    assert runs(game, state) == 3
    after = play_texts(game, state, "draw")
    assert not game.pile(after, "t1").cards and runs(game, after) == 4


def test_rule_5_1_a_run_of_mixed_suits_stays(game):
    state = table(game, FOUR, under="t3", t1=run("S", 3) + " 2H", t2="AH", t3="5C", f8="")
    after = play_texts(game, state, "t2>t1")
    assert len(game.pile(after, "t1").cards) == 13 and not game.pile(after, "f8").cards


def test_rule_5_2_a_run_that_left_never_comes_back(game):
    state = table(game, under="t1", t1="5S", t2="", t3="2S")
    assert not {m for m in legal_texts(game, state) if m.startswith("f") or ">f" in m}
    assert "(rule 5.2)" in refused(game, state, "f1>t2")
    assert "(rule 5.2)" in refused(game, state, "t3>f8")


def test_rule_6_1_won_when_all_eight_runs_have_left(game):
    state = table(game, t1=run("S", 2), t2="AS", f8="")
    assert not game.is_won(state)
    assert game.is_won(play_texts(game, state, "t2>t1"))


def test_rule_6_2_stuck_when_nothing_can_ever_turn_up_or_leave(game):
    # The stock empty, no column empty, and no top card one rank below another.
    tops = "A A 3 3 5 5 7 7 9 J".split()
    stuck = table(game, under="t1", **{f"t{i}": f"{label}S" for i, label in enumerate(tops, 1)})
    assert game.pile(stuck, "t1").down == 16 and not legal_texts(game, stuck)
    assert game.is_stuck(stuck)
    assert not game.is_stuck(game.new(1))


def test_the_conformance_kit_passes(game):
    check_game(game, examples=6, steps=30)


def test_undo_takes_back_a_deal(game):
    session = Session(game, 1, {})
    session.play(parse_move("draw"))
    session.undo()
    assert session.state == game.new(1)
