"""Rules 1 (the pack), 2 (the deal) and 8 (options, zones, notation) of Forty Thieves."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from forty_helpers import position
from solitaire_core import NotationError, OptionError, french_deck
from solitaire_core.deals import shuffle


def test_rule_1_1_and_7_1_won_with_all_104_cards_on_eight_foundations(game):
    full = {f"f{i}": " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
            for i, s in enumerate("CDHSCDHS", 1)}
    state = position(game, rest="t1", **{**full, "f8": full["f8"].removesuffix(" KS")})
    assert not game.is_won(state)
    state = game.apply(state, game.parse_move(state, "t1>f8"))
    assert game.is_won(state) and game.on_foundations(state) == 104


def test_rule_1_2_two_packs_shuffled_together(game):
    assert Counter(game.deck) == Counter(french_deck(decks=2)) and len(game.deck) == 104
    state = game.new(7)
    assert Counter(c for p in state.piles for c in p.cards) == Counter(french_deck(decks=2))


def test_rule_2_1_ten_columns_of_four_face_up_and_a_stock_of_64(game):
    state = game.new(1)
    for i in range(1, 11):
        column = game.pile(state, f"t{i}")
        assert len(column.cards) == 4 and column.down == 0
    stock = game.pile(state, "stock")
    assert len(stock.cards) == stock.down == 64
    assert not any(game.pile(state, z).cards for z in ["waste", *(f"f{i}" for i in range(1, 9))])


def test_rule_2_2_the_deal_number_fixes_the_cards_dealt_row_by_row(game):
    cards = shuffle(game.deck, 617)
    state = game.new(617)
    assert game.pile(state, "t1").cards[0] == cards[-1] and game.pile(state, "t2").cards[0] == cards[-2]
    assert game.pile(state, "t1").cards[1] == cards[-11]
    assert game.pile(state, "stock").cards == tuple(cards[:64])
    assert game.new(617) == state != game.new(618)


def test_rule_8_1_no_options(game):
    assert game.options == ()
    with pytest.raises(OptionError):
        game.new(1, draw=3)


def test_rule_8_2_and_8_3_zones_and_moves(game):
    assert list(game.index) == ["stock", "waste", *(f"f{i}" for i in range(1, 9)),
                                *(f"t{i}" for i in range(1, 11))]
    state = game.new(1)
    for text in ("draw", "t4>t6", "waste>f2", "f1>t10"):
        assert game.format_move(game.parse_move(state, text)) == text


def test_rule_8_4_the_position_text_of_deal_1_is_the_rules_page_vector(game):
    page = (Path(__file__).parents[3] / "games" / "forty_thieves" / "rules.md").read_text(encoding="utf-8")
    vector = re.search(r"```\n(# Forty Thieves\n.*?)```", page, re.DOTALL).group(1)
    state = game.new(1)
    assert vector == game.format_position(state)
    assert game.parse_position(vector) == state
    with pytest.raises(NotationError, match="lies face up, but every card of the stock lies face down"):
        game.parse_position(vector.replace("(4S)\n", "4S\n"))


def test_rule_8_5_columns_and_foundations_in_any_order_are_one_search_position(game):
    one = position(game, f1="AC", f2="AH 2H", t1="5D", t2="9S 8S")
    other = position(game, f5="AC", f8="AH 2H", t4="5D", t7="9S 8S")
    assert one != other and game.key(one) == game.key(other)
