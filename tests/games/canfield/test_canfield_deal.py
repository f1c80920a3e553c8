"""Rules 1 (the pack), 2 (the deal) and 9 (options, zones, notation) of Canfield."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canfield_helpers import position
from solitaire_core import NotationError, OptionError, french_deck
from solitaire_core.deals import shuffle


def test_rule_1_1_and_8_1_won_with_four_foundations_from_the_base_round_to_the_rank_below(game):
    full = {f"f{i}": " ".join(f"{r}{s}" for r in "8 9 10 J Q K A 2 3 4 5 6 7".split())
            for i, s in enumerate("CDHS", 1)}
    state = position(game, rest="t1", **{**full, "f4": full["f4"].removesuffix(" 7S")})
    assert not game.is_won(state)
    state = game.apply(state, game.parse_move(state, "t1>f4"))
    assert game.is_won(state) and not game.is_stuck(state)


def test_rule_1_2_one_pack_of_52(game):
    assert sorted(game.deck, key=french_deck().index) == list(french_deck())
    state = game.new(3)
    assert sorted((c for p in state.piles for c in p.cards), key=french_deck().index) == list(french_deck())


def test_rule_2_1_base_card_reserve_of_13_four_columns_and_the_stock(game):
    for deal in (1, 2, 617):
        state = game.new(deal)
        assert len(game.pile(state, "f1").cards) == 1
        reserve = game.pile(state, "reserve")
        assert len(reserve.cards) == 13 and reserve.down == 12
        assert all(len(game.pile(state, f"t{i}").cards) == 1 for i in range(1, 5))
        stock = game.pile(state, "stock")
        assert len(stock.cards) == stock.down == 34 and not game.pile(state, "waste").cards


def test_rule_2_2_the_deal_number_fixes_the_cards_base_card_first(game):
    cards = shuffle(game.deck, 617)
    state = game.new(617)
    assert game.pile(state, "f1").cards == (cards[-1],)
    assert game.pile(state, "reserve").cards == tuple(cards[-14:-1][::-1])
    assert [game.pile(state, f"t{i}").top for i in range(1, 5)] == cards[-18:-14][::-1]
    assert game.pile(state, "stock").cards == tuple(cards[:34])
    assert game.new(617) == state != game.new(618)


def test_rule_9_1_options(game):
    assert [(o.name, o.values, o.default) for o in game.options] == [
        ("draw", (3, 1), 3), ("passes", ("unlimited", 3, 1), "unlimited"), ("scoring", ("none", "stake"), "none")]
    assert game.new(1, draw="1", passes="3").options == (("draw", 1), ("passes", 3), ("scoring", "none"))
    with pytest.raises(OptionError):
        game.new(1, draw=2)


def test_rule_9_2_and_9_3_zones_and_moves(game):
    assert list(game.index) == ["stock", "waste", "f1", "f2", "f3", "f4", "reserve", "t1", "t2", "t3", "t4"]
    state = game.new(1)
    for text in ("draw", "reserve>t2", "waste>f3", "t3>t2", "t2:3>t4"):
        assert game.format_move(game.parse_move(state, text)) == text


def test_rule_9_4_the_position_text_of_deal_1_is_the_rules_page_vector(game):
    page = (Path(__file__).parents[3] / "games" / "canfield" / "rules.md").read_text(encoding="utf-8")
    vector = re.search(r"```\n(# Canfield\n.*?)```", page, re.DOTALL).group(1)
    state = game.new(1)
    assert vector == game.format_position(state) and game.parse_position(vector) == state
    with pytest.raises(NotationError, match="f1 must hold the base card"):
        game.parse_position(vector.replace("f1: JD", "f1:").replace("f2:", "f2: JD"))


def test_rule_9_5_columns_and_foundations_in_any_order_are_one_search_position(game):
    one = position(game, f1="JD", f2="JC QC", t1="5D", t2="9S 8H", reserve="(2D) 3S")
    other = position(game, f1="JD", f4="JC QC", t3="5D", t4="9S 8H", reserve="(2D) 3S")
    assert one != other and game.key(one) == game.key(other)
