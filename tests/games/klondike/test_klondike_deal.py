"""Rules 1 (the pack) and 2 (the deal), with the documented test vectors."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from klondike_helpers import build, moves_text, zone
from solitaire_core import IllegalMove, parse_card

RULES = Path(__file__).resolve().parents[3] / "games" / "klondike" / "rules.md"
COLUMNS = [f"t{i}" for i in range(1, 8)]

# Microsoft FreeCell deal 1, as published (the FreeCell FAQ, Rosetta Code), rows of 8.
FREECELL_1 = """
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C 10S QH 4H AC 4D 7S
3S 10D 4S 10H 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C 10C
6S 9C 2H 6H
""".split()


def all_cards(state):
    return [c for pile in state.piles for c in pile.cards]


def documented_vector(deal: int) -> str:
    """The position text rules.md gives for a deal (section 14)."""
    text = RULES.read_text(encoding="utf-8")
    block = text[text.index(f"Deal {deal}, default options"):]
    return re.search(r"```\n(.*?)```", block, re.S).group(1)


def test_rule_1_1_fifty_two_cards_four_suits_two_colours(game):
    cards = all_cards(game.new(5))
    assert len(cards) == 52 and len(set(cards)) == 52
    assert Counter(c.suit for c in cards) == {"S": 13, "H": 13, "D": 13, "C": 13}
    assert {c.suit for c in cards if c.colour == "black"} == {"S", "C"}
    assert {c.suit for c in cards if c.colour == "red"} == {"H", "D"}


def test_rule_1_2_thirteen_ranks_ace_low_king_high(game):
    cards = all_cards(game.new(5))
    assert sorted({c.rank for c in cards}) == list(range(1, 14))
    codes = {game.format_card(c) for c in cards}
    assert {"AS", "10H", "JD", "QC", "KS"} <= codes
    # An Ace is the lowest: a 2 goes up on it, nothing goes on a foundation King.
    assert parse_card("AS").rank < parse_card("2S").rank < parse_card("KS").rank


def test_rule_1_3_ranks_never_wrap_round(game):
    # An Ace may not go on a King of the other colour, nor a King on an Ace.
    state = build(game, t1="KS", t2="AH", t3="KH", t4="AC", f1="", f2="", f3="", f4="",
                  stock=" ".join(f"({r}{s})" for s in "SHDC" for r in
                                 "2 3 4 5 6 7 8 9 10 J Q".split()) + " (AS) (AD) (KD) (KC)")
    legal = moves_text(game, state)
    assert "t2>t1" not in legal and "t1>t2" not in legal and "t4>t3" not in legal
    with pytest.raises(IllegalMove, match="rule 3.1"):
        game.apply(state, game.parse_move(state, "t2>t1"))
    # A full foundation takes nothing more: its King is the end.
    state = build(game, t1="KH", t2="KS")  # f1 holds AS..QS, f2 AH..QH
    done = game.apply(state, game.parse_move(state, "t2>f1"))
    assert zone(game, done, "f1").endswith("QS KS")
    assert "t1>f2" in moves_text(game, done)
    assert not any(m.dst == "f1" for m in game.legal_moves(done))


def test_rule_2_1_seven_columns_of_one_to_seven(game):
    for deal in (0, 1, 617, 2**32 - 1):
        state = game.new(deal)
        assert [len(game.pile(state, t)) for t in COLUMNS] == [1, 2, 3, 4, 5, 6, 7]


def test_rule_2_2_only_the_last_card_of_each_column_face_up(game):
    state = game.new(617)
    for n, column in enumerate(COLUMNS, 1):
        pile = game.pile(state, column)
        assert pile.down == n - 1 and len(pile.up) == 1
    assert sum(game.pile(state, t).down for t in COLUMNS) == 21


def test_rule_2_3_twenty_four_in_the_stock_rest_empty(game):
    state = game.new(617)
    stock = game.pile(state, "stock")
    assert len(stock) == 24 and stock.down == 24
    for empty in ("waste", "f1", "f2", "f3", "f4"):
        assert len(game.pile(state, empty)) == 0


def test_rule_2_4_deck_order_and_generator(game):
    """The pack rank by rank, clubs diamonds hearts spades; the FreeCell generator."""
    assert [c.code for c in game.deck[:8]] == ["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S"]
    assert [c.code for c in game.deck[-4:]] == ["KC", "KD", "KH", "KS"]
    assert game.new(617) == game.new(617)
    assert game.new(617) != game.new(618)
    with pytest.raises(ValueError):
        game.new(2**32)
    with pytest.raises(ValueError):
        game.new(-1)


def _dealt_in_order(game, deal):
    """The 28 column cards in the order rule 2.5 deals them."""
    state = game.new(deal)
    columns = [game.pile(state, t).cards for t in COLUMNS]
    return [columns[i][r].code for r in range(7) for i in range(r, 7)]


def test_rule_2_5_columns_take_cards_from_the_end_in_rounds(game):
    # Independent check: the dealing order gives Microsoft FreeCell deal 1 row by row.
    assert _dealt_in_order(game, 1) == FREECELL_1[:28]


def test_rule_2_6_stock_in_list_order_last_card_on_top(game):
    stock = [c.code for c in game.pile(game.new(1), "stock").cards]
    # The 24 left are FreeCell's cards 29..52 (taken from the end), so the stock,
    # bottom to top, is them in reverse: FreeCell's last card at the bottom.
    assert stock == FREECELL_1[28:][::-1]
    assert stock[-1] == "4H"  # drawn first
    state = game.apply(game.new(1), game.parse_move(game.new(1), "draw"))
    assert zone(game, state, "waste") == "4H"


@pytest.mark.parametrize("deal", [1, 617])
def test_rule_2_6_test_vectors_match_the_rules_text(game, deal):
    assert game.format_position(game.new(deal)) == documented_vector(deal)
