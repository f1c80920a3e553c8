"""Rules 1.3, 2.2, 2.3 and 6.1: the cards, the template table and the card codes."""

from __future__ import annotations

from collections import Counter

import pytest

from games.tacta.cards import NONE, ORDER, SHAPES, TEMPLATE, X, edges
from solitaire_core.errors import NotationError


def clockwise_kind(layout):
    """1 for triangle-rectangle-square-blank read clockwise, 2 for the mirror image."""
    start = layout.index("triangle")
    turn = tuple(layout[(start + k) % 4] for k in range(4))
    return {("triangle", "rectangle", "square", NONE): 1, ("triangle", "square", "rectangle", NONE): 2}[turn]


def test_rule_2_2_two_colours_three_suits_values_one_to_six(game):
    assert len(ORDER) == 36 and len(set(ORDER)) == 36
    assert Counter(c.colour for c in ORDER) == {"B": 18, "R": 18}
    assert Counter(c.suit for c in ORDER) == {"c": 12, "t": 12, "s": 12}
    assert Counter(c.value for c in ORDER) == {v: 6 for v in range(1, 7)}
    assert set(game.deck) == set(ORDER) | {X}


def test_rule_1_3_only_shapes_suits_values_and_colours_make_a_card(game):
    """No dots: a card is its colour, suit and value; its face shows nothing else."""
    for card in ORDER:
        face = game.face(card)
        symbol = face.centre.text
        assert (face.ink, face.corner.text, face.marks) == (
            {"B": "blue", "R": "red"}[card.colour], f"{card.value}{symbol}", edges(card))
        assert symbol == {"c": "\u25cb", "t": "\u25b3", "s": "\u25a1"}[card.suit] and face.bands == ()


def test_rule_2_3_one_side_of_each_shape_and_one_blank():
    assert len(TEMPLATE) == 18
    for layout in TEMPLATE.values():
        assert sorted(layout) == sorted(SHAPES + (NONE,))


def test_rule_2_3_odd_values_kind_1_even_values_kind_2_shapes_spread_evenly():
    for (suit, value), layout in TEMPLATE.items():
        assert clockwise_kind(layout) == (1 if value % 2 else 2), (suit, value)
    per_side = [Counter(layout[d] for layout in TEMPLATE.values()) for d in range(4)]
    assert all(max(c.values()) - min(c.values()) <= 2 for c in per_side)


def test_rule_2_3_both_colours_share_the_table():
    for card in ORDER:
        assert edges(card) == TEMPLATE[card.suit, card.value]


def test_rule_6_1_card_codes_round_trip(game):
    codes = [game.format_card(c) for c in ORDER + (X,)]
    assert codes[:3] == ["Bc1", "Bc2", "Bc3"] and codes[-1] == "X" and "Rs6" in codes
    for card, code in zip(ORDER + (X,), codes):
        assert game.parse_card(code) == card


@pytest.mark.parametrize("bad", ["", "B", "Bt7", "Bt0", "Gt3", "Bx3", "bt3", "XX", "Bt3 Bt4"])
def test_rule_6_1_bad_card_codes_are_refused(game, bad):
    with pytest.raises(NotationError, match="unknown Tacta card"):
        game.parse_card(bad)
