"""Yukon's numbered rules (games/yukon/rules.md), each through the game's own API."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from solitaire_core import DRAW, Card, IllegalMove, NotationError, OptionError
from solitaire_core.moves import Move
from solitaire_core.testing import arrange, check_game, check_safe_moves, legal_texts, play_texts

RULES = Path(__file__).resolve().parents[3] / "games" / "yukon" / "rules.md"
COLUMNS = [f"t{i}" for i in range(1, 8)]


def table(game, **zones):
    """The zones named; every other card face down at the bottom of t7."""
    return arrange(game, "t7", **zones)


def refusal(game, state, text):
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, game.parse_move(state, text))
    return caught.value.reason


def test_rule_1_1_and_1_2_one_pack_of_52_in_four_suits_ace_to_king(game):
    assert len(game.deck) == 52 and len(set(game.deck)) == 52
    assert Counter(c.suit for c in game.deck) == {s: 13 for s in "SHDC"}
    assert {c.rank for c in game.deck} == set(range(1, 14))


def test_rule_1_3_no_wrap_an_ace_never_goes_on_a_king_nor_a_king_on_an_ace(game):
    state = table(game, t1="KS", t2="AH", t3="2D", t4="3H", f1="AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")
    moves = legal_texts(game, state)
    assert "t2>t1" not in moves and "f1>t2" not in moves  # no Ace on a King, no King on an Ace


@pytest.mark.parametrize("deal", [1, 617, 2**32 - 1])
def test_rule_2_1_to_2_3_seven_columns_1_6_to_11_five_face_up_no_stock(game, deal):
    state = game.new(deal)
    piles = [game.pile(state, t) for t in COLUMNS]
    assert [len(p.cards) for p in piles] == [1, 6, 7, 8, 9, 10, 11]
    assert [p.down for p in piles] == [0, 1, 2, 3, 4, 5, 6]
    assert sum(p.down for p in piles) == 21
    assert Counter(c for p in piles for c in p.cards) == Counter(game.deck)
    assert all(not game.pile(state, f"f{i}").cards for i in range(1, 5))
    assert {z.id for z in game.zones} == set(COLUMNS) | {"f1", "f2", "f3", "f4"}


def test_rule_2_4_the_deal_number_fixes_the_cards_kpatience_order(game):
    assert game.new(5) == game.new(5) and game.new(5) != game.new(6)
    vector = re.search(r"```\n(# Yukon\n.*?)```", RULES.read_text(encoding="utf-8"), re.S).group(1)
    assert game.format_position(game.new(1)) == vector
    assert legal_texts(game, game.new(1)) == {"t2>t4", "t2:2>t7", "t3:3>t1", "t4>t6", "t6:2>t1", "t6:4>t2", "t7>t2"}


def test_rule_3_1_down_in_alternating_colours(game):
    state = table(game, t1="8S", t2="7H", t3="7C", t4="6S", t5="9H")
    moves = legal_texts(game, state)
    assert {"t2>t1", "t1>t5", "t4>t2"} <= moves
    assert "t3>t1" not in moves and "t4>t3" not in moves
    reason = refusal(game, state, "t3>t1")
    assert "7\u2663" in reason and "8\u2660" in reason and "(rule 3.1)" in reason


def test_rule_4_1_any_face_up_card_moves_with_the_cards_on_it_in_order_or_not(game):
    state = table(game, t1="(2D) 9C 4H KS 3D", t2="10H")
    assert {"t1:4>t2"} <= legal_texts(game, state)  # 9C carries 4H KS 3D, out of order
    after = play_texts(game, state, "t1:4>t2")
    assert [c.code for c in game.pile(after, "t2").cards] == ["10H", "9C", "4H", "KS", "3D"]
    assert "t1:3>t2" not in legal_texts(game, state)  # only the lowest card of the group must fit


def test_rule_4_2_face_down_cards_never_move(game):
    state = table(game, t1="(KD) 5C", t2="")
    assert "t1:2>t2" not in legal_texts(game, state)
    reason = refusal(game, state, "t1:2>t2")
    assert "(rule 4.2)" in reason and "K\u2666" not in reason


def test_rule_5_1_only_a_king_fills_an_empty_column(game):
    state = table(game, t1="", t2="KH 3S QC", t3="QS JD")
    moves = legal_texts(game, state)
    assert "t2:3>t1" in moves and "t3:2>t1" not in moves and "t3>t1" not in moves
    assert "(rule 5.1)" in refusal(game, state, "t3:2>t1")


def test_rule_6_1_any_ace_starts_any_empty_foundation(game):
    state = table(game, t1="AH", t2="2H")
    assert {"t1>f1", "t1>f2", "t1>f3", "t1>f4"} <= legal_texts(game, state)
    assert "(rule 6.1)" in refusal(game, state, "t2>f1")


def test_rule_6_2_a_foundation_builds_up_in_its_suit(game):
    state = table(game, f1="AH", t1="2H", t2="2D", t3="3H")
    moves = legal_texts(game, state)
    assert "t1>f1" in moves and "t2>f1" not in moves and "t3>f1" not in moves
    assert "(rule 6.2)" in refusal(game, state, "t2>f1")


def test_rule_6_3_cards_go_up_one_at_a_time(game):
    state = table(game, f1="AH", t1="3H 2H")
    assert "t1:2>f1" not in legal_texts(game, state)
    assert "(rule 6.3)" in refusal(game, state, "t1:2>f1")


def test_rule_6_4_the_top_card_of_a_foundation_may_come_back(game):
    state = table(game, f1="AH 2H 3H", t1="4S", t2="")
    moves = legal_texts(game, state)
    assert "f1>t1" in moves and "f1>t2" not in moves
    assert "f1:2>t1" not in moves


def test_rule_6_5_never_from_one_foundation_to_another(game):
    state = table(game, f1="AH", f2="")
    assert "f1>f2" not in legal_texts(game, state)
    assert "(rule 6.5)" in refusal(game, state, "f1>f2")


def test_rule_7_1_there_is_no_stock_nothing_to_draw(game):
    state = game.new(1)
    assert DRAW not in game.legal_moves(state)
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, DRAW)
    assert "(rule 7.1)" in caught.value.reason


def test_rule_8_1_an_uncovered_card_turns_up_by_itself(game):
    state = table(game, t1="(9D) 4C", t2="5H")
    after = play_texts(game, state, "t1>t2")
    assert game.pile(after, "t1").cards == (Card(9, "D"),) and game.pile(after, "t1").down == 0


def test_rule_9_1_won_when_all_52_are_up(game):
    suits = {f"f{i}": " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()) for i, s in enumerate("SHDC", 1)}
    won = game.parse_position("\n".join(f"{z.id}: {suits.get(z.id, '')}".rstrip() for z in game.zones))
    assert game.is_won(won) and not game.is_stuck(won)
    suits["f4"], suits["t1"] = suits["f4"].removesuffix(" KC"), "KC"
    almost = game.parse_position("\n".join(f"{z.id}: {suits.get(z.id, '')}".rstrip() for z in game.zones))
    assert not game.is_won(almost)


def test_rule_9_2_stuck_when_no_line_puts_a_card_up_or_turns_one(game):
    # Kings on the Queens they bury, no column empty, no Ace in sight: blocked.
    state = table(game, t1="(QH) KS", t2="(QS) KH", t3="(QD) KC", t4="(QC) KD", t5="(JH) 5S", t6="(JS) 5H",
                  t7="9C")
    assert game.is_stuck(state)
    assert not game.is_stuck(game.new(1))


def test_rule_9_3_the_finish_plays_out_a_won_game_once_all_is_face_up(game):
    state = table(game, t1="KH QS JH 10S 9H 8S 7H 6S 5H 4S 3H 2S AH")
    state = game.parse_position(game.format_position(state).replace("(", "").replace(")", ""))
    line = game.finish_moves(state)
    assert line
    for move in line:
        state = game.apply(state, move)
    assert game.is_won(state)
    assert game.finish_moves(game.new(1)) is None  # face-down cards left


def test_rule_10_1_safe_cards_go_up_by_themselves(game):
    state = table(game, f1="AS 2S 3S", f2="AC 2C", f3="AD 2D", f4="AH", t1="3C", t2="3D", t3="4S")
    safe = {game.format_move(m) for m in game.safe_moves(state)}
    assert "t2>f3" in safe  # both black 2s and the other red Ace are up: the 3D is safe
    assert "t1>f2" not in safe  # the 3C: the 2 of hearts is not up
    assert "t3>f1" not in safe  # the 4S: the red 3s are not both up
    check_safe_moves(game)


def test_rule_11_1_no_options(game):
    assert game.options == ()
    with pytest.raises(OptionError):
        game.new(1, draw=3)


def test_rule_11_2_and_11_3_zones_and_moves_in_notation(game):
    assert [z.id for z in game.zones] == COLUMNS + ["f1", "f2", "f3", "f4"]
    state = game.new(1)
    assert game.parse_move(state, "t6:4>t2") == Move("t6", "t2", 4)
    assert game.format_move(Move("t3", "f1", 1)) == "t3>f1"


def test_rule_11_4_the_position_text_round_trips_and_refuses_what_no_game_reaches(game):
    state = game.new(617)
    text = game.format_position(state)
    assert game.parse_position(text) == state and "@" not in text
    hidden = table(game, t1="KS")
    text = game.format_position(hidden).replace("(AS) ", "").replace("f1:", "f1: (AS)")
    with pytest.raises(NotationError, match="f1.*AS|AS.*f1"):
        game.parse_position(text)


def test_yukon_conforms(game):
    check_game(game)
