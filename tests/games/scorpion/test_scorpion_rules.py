"""Scorpion's numbered rules, each through legal_moves / apply / why_illegal / parse_position."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from scorpion_helpers import legal_texts, play_texts, run, table
from solitaire_core import Card, IllegalMove, NotationError, french_deck
from solitaire_core.moves import parse_move
from solitaire_core.testing import check_game

RULES = Path(__file__).resolve().parents[3] / "games" / "scorpion" / "rules.md"
COLUMNS = [f"t{i}" for i in range(1, 8)]


def refused(game, state, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, game.parse_move(state, text))
    return caught.value.reason


def runs(game, state) -> int:
    return sum(1 for i in game.role("foundation") if state.piles[i].cards)


def ms_shuffle(cards: list, deal: int) -> list:
    """The generator of rule 1.3, as the notes print it."""
    cards, seed = list(cards), deal
    for i in range(len(cards), 1, -1):
        seed = (214013 * seed + 2531011) % 2**32
        r = (seed >> 16) & 0x7FFF
        cards[i - 1], cards[r % i] = cards[r % i], cards[i - 1]
    return cards


# --- 1. the object and the pack ---------------------------------------------------------
def test_rule_1_1_the_object_is_four_runs_that_leave(game):
    state = table(game, t1=run("S", 2), t2="AS", f4="")
    assert runs(game, state) == 3 and not game.is_won(state)
    assert game.is_won(play_texts(game, state, "t2>t1"))


def test_rule_1_2_one_pack_of_52(game):
    state = game.new(1)
    assert Counter(c for p in state.piles for c in p.cards) == Counter(french_deck())


@pytest.mark.parametrize("deal", [1, 617, 123456789])
def test_rule_1_3_and_2_3_the_deal_number_fixes_the_cards_dealt_row_by_row(game, deal):
    order = [Card(rank, suit) for rank in range(1, 14) for suit in "CDHS"]
    cards = ms_shuffle(order, deal)
    columns = [[] for _ in COLUMNS]
    for _row in range(7):
        for col in columns:
            col.append(cards.pop())
    state = game.new(deal)
    assert [list(game.pile(state, t).cards) for t in COLUMNS] == columns
    assert list(game.pile(state, "stock").cards) == cards  # the last on top
    assert game.new(deal) == state


# --- 2. setting up ----------------------------------------------------------------------
@pytest.mark.parametrize("deal", [0, 1, 2**32 - 1])
def test_rule_2_1_seven_columns_of_seven_three_down_in_the_first_four(game, deal):
    state = game.new(deal)
    assert [len(game.pile(state, t).cards) for t in COLUMNS] == [7] * 7
    assert [game.pile(state, t).down for t in COLUMNS] == [3, 3, 3, 3, 0, 0, 0]


def test_rule_2_2_three_cards_in_the_stock_face_down(game):
    stock = game.pile(game.new(1), "stock")
    assert len(stock.cards) == 3 and stock.down == 3


# --- 3. the columns -----------------------------------------------------------------------
def test_rule_3_1_a_card_goes_one_rank_lower_in_its_own_suit(game):
    state = table(game, under="t7", t1="8H", t2="7H", t3="9S", t4="7D", t5="AD", t6="2D")
    moves = legal_texts(game, state)
    assert "t2>t1" in moves
    assert "t4>t1" not in moves and "t6>t5" not in moves  # another suit; nothing on an Ace
    assert refused(game, state, "t4>t1") == (
        "The 7♦ cannot go on the 8♥: Column 1 builds one rank lower, same suit (rule 3.1)")


def test_rule_3_2_any_face_up_card_moves_with_every_card_on_it(game):
    state = table(game, under="t1", t1="5C JD 2S 9H", t2="6C", t3="JH")
    moves = legal_texts(game, state)
    assert "t1:4>t2" in moves  # the 5♣ fits: the cards on it, out of order, go along
    assert "t1:3>t2" not in moves and "t1:3>t3" not in moves
    after = play_texts(game, state, "t1:4>t2")
    assert [c.code for c in game.pile(after, "t2").cards] == ["6C", "5C", "JD", "2S", "9H"]
    assert game.pile(after, "t1").down == len(game.pile(after, "t1").cards) - 1  # uncovered: turned up


def test_rule_3_3_a_face_down_card_never_moves_and_turns_up_uncovered(game):
    state = game.new(1)  # t1: (JD) (5H) (KH) AS 4H 10H 8D
    assert refused(game, state, "t1:5>t6") == (
        "Column 1 has only 4 face-up cards; face-down cards never move (rule 3.3)")
    cleared = table(game, under="t1", t1="(4C) KS", t2="")
    after = play_texts(game, cleared, "t1>t2")
    assert game.pile(after, "t1").down == len(game.pile(after, "t1").cards) - 1


def test_rule_3_4_only_a_king_goes_into_an_empty_column(game):
    state = table(game, under="t4", t1="KH 3C", t2="QS", t3="")
    moves = legal_texts(game, state)
    assert "t1:2>t3" in moves  # the King, with what lies on it
    assert "t2>t3" not in moves and "t1>t3" not in moves
    assert refused(game, state, "t2>t3") == "Column 3 is empty and takes a King, not the Q♠ (rule 3.4)"


# --- 4. the stock ------------------------------------------------------------------------
def test_rule_4_1_the_click_deals_one_card_onto_each_of_the_first_three_columns(game):
    state = game.new(1)
    stock = game.pile(state, "stock").cards
    after = play_texts(game, state, "draw")
    assert [game.pile(after, t).top for t in COLUMNS[:3]] == list(stock[::-1])
    assert [len(game.pile(after, t).cards) for t in COLUMNS] == [8, 8, 8, 7, 7, 7, 7]
    assert not game.pile(after, "stock").cards
    assert "(rule 4.1)" in refused(game, state, "t5>stock")


def test_rule_4_2_the_stock_deals_once_whenever_even_onto_an_empty_column(game):
    state = table(game, under="t4", stock="(QH) (5D) (2C)", t1="", t2="9S")
    assert "draw" in legal_texts(game, state)
    after = play_texts(game, state, "draw")
    assert game.pile(after, "t1").cards == (Card(2, "C"),)  # not a King, dealt all the same
    assert refused(game, after, "draw") == "The stock is empty: every card is dealt (rule 4.2)"


# --- 5. the runs -------------------------------------------------------------------------
def test_rule_5_1_a_complete_run_leaves_by_itself_and_uncovers_a_card(game):
    state = table(game, under="t3", t1="(9C) " + run("S", 2), t2="AS", t3="5D")
    assert runs(game, state) == 1  # the hearts
    after = play_texts(game, state, "t2>t1")
    assert game.pile(after, "t1").cards == (Card(9, "C"),) and game.pile(after, "t1").down == 0
    assert " ".join(c.code for c in game.pile(after, "f2").cards) == run("S")  # the first free place


def test_rule_5_1_a_run_completed_by_the_deal_leaves_too(game):
    state = table(game, under="t5", t1=run("H", 2), stock="(3C) (5C) (AH)", t2="4D", t3="6C")
    after = play_texts(game, state, "draw")
    assert not game.pile(after, "t1").cards and runs(game, after) == runs(game, state) + 1


def test_rule_5_2_a_run_that_left_never_comes_back(game):
    state = table(game, under="t1", t1="5S", t2="KD", t3="2S", f4="")
    assert not {m for m in legal_texts(game, state) if m.startswith("f") or ">f" in m}
    assert "(rule 5.2)" in refused(game, state, "f1>t4")
    assert "(rule 5.2)" in refused(game, state, "t3>f4")


# --- 6. the end --------------------------------------------------------------------------
def test_rule_6_1_won_when_all_four_runs_have_left(game):
    state = table(game, t1=run("D", 2), t2="AD", f4="")
    assert not game.is_won(state) and game.is_won(play_texts(game, state, "t2>t1"))


def test_rule_6_2_stuck_when_nothing_can_turn_up_or_leave_and_no_score(game):
    stuck = table(game, under="t1", t1="AC", t2="AD", t3="AH", t4="AS", t5="3C", t6="3D", t7="3H")
    assert not legal_texts(game, stuck) and game.is_stuck(stuck)
    assert not game.is_stuck(game.new(1))
    assert game.score(game.new(1)) is None and not game.options


# --- 7. search, zones and notation --------------------------------------------------------
def test_rule_7_1_once_dealt_the_column_order_does_not_count_for_search(game):
    a = table(game, under="t4", t1="9S", t2="8H", stock="")
    b = table(game, under="t4", t1="8H", t2="9S", stock="")
    assert a != b and game.key(a) == game.key(b)
    c = table(game, under="stock", t1="9S", t2="8H")
    d = table(game, under="stock", t1="8H", t2="9S")
    assert game.key(c) != game.key(d)  # the stock deals to the first three columns


def test_rule_7_2_no_options(game):
    assert game.options == ()


def test_rule_7_3_the_zones(game):
    assert [z.id for z in game.zones] == ["stock", "f1", "f2", "f3", "f4", *COLUMNS]
    assert game.zone_name("t7") == "Column 7" and game.zone_name("f2") == "Foundation 2"


def test_rule_7_4_moves_in_notation(game):
    state = game.new(1)
    for text in ("draw", "t5:4>t3", "t7:7>t5"):
        assert game.format_move(game.parse_move(state, text)) == text
        assert parse_move(text) in game.legal_moves(state)
    assert game.describe_move(state, parse_move("t5:4>t3")) == "Move the 5♣ and the 3 cards on it onto the 6♣"


def test_rule_7_5_position_text_round_trips_and_holds_the_52_cards(game):
    state = play_texts(game, game.new(1), "t5:4>t3", "draw")
    text = game.format_position(state)
    assert game.parse_position(text) == state
    with pytest.raises(NotationError):
        game.parse_position(text.replace("t7: 7C", "t7: 7C 7C"))


# --- the developer notes' test vectors and the kit -----------------------------------------
def test_the_rules_page_vectors_are_what_show_prints(game):
    text = RULES.read_text(encoding="utf-8")
    found = re.findall(r"\(`solitaire show scorpion --deal (\d+)`\).*?```\n(.*?)```", text, re.S)
    assert [deal for deal, _ in found] == ["1", "617"]
    for deal, position in found:
        assert game.format_position(game.new(int(deal))) == position
    listed = re.search(r"legal moves then:\s+(.*?)\.\s", text, re.S).group(1)
    assert set(re.findall(r"`([^`]+)`", listed)) == legal_texts(game, game.new(1))


def test_the_conformance_kit_passes(game):
    check_game(game, examples=6, steps=30)
