"""The table (rules.md, "On the table"): everything fits, the stock shows its count."""

from __future__ import annotations

import pytest

from salic_helpers import drawn
from solitaire_core import CARD_HEIGHT
from solitaire_core.testing import check_game

PILES = [f"t{i}" for i in range(1, 9)]


def test_foundations_in_a_row_above_the_piles(game):
    scene = game.scene(game.new(1))
    slots = {s.zone: s for s in scene.slots}
    assert {slots[f"f{i}"].y for i in range(1, 9)} == {0.0}
    assert slots["stock"].y == 0.0
    assert all(slots[t].y >= CARD_HEIGHT + 0.25 for t in PILES)
    xs = [slots[t].x for t in PILES]
    assert xs == sorted(xs) and all(b - a >= 1.0 for a, b in zip(xs, xs[1:]))


def test_rule_4_1_the_stock_slot_and_status_show_the_cards_left(game):
    state = game.new(1)
    assert {s.zone: s.label for s in game.scene(state).slots}["stock"] == "95"
    assert game.status(state) == [("Stock", "95")]
    state = drawn(game, 1, 95)
    labels = {s.zone: s.label for s in game.scene(state).slots}
    assert labels["stock"] == "0" and labels["f1"] == "A" and labels["t1"] == "K"
    assert game.status(state) == [("Stock", "0")]


# Deal 367 leaves a pile of 66 cards when nothing but Aces goes up: the longest in deals 1-2000.
@pytest.mark.parametrize("deal", [1, 617, 367])
def test_a_fully_dealt_table_fits_and_every_top_card_shows_whole(game, deal):
    scene = game.scene(drawn(game, deal, 95))
    for card in scene.cards:
        assert 0 <= card.x and card.x + 1.0 <= scene.width
        assert 0 <= card.y and card.y + CARD_HEIGHT <= scene.height + 1e-9
    for t in PILES:
        pile = sorted((c for c in scene.cards if c.zone == t), key=lambda c: c.index)
        top = pile[-1]
        above = [c for c in scene.cards if c.z > top.z and abs(c.x - top.x) < 1.0
                 and abs(c.y - top.y) < CARD_HEIGHT]
        assert not above  # nothing covers the top card
        steps = [b.y - a.y for a, b in zip(pile, pile[1:])]
        if len(pile) <= 22:
            assert all(abs(s - 0.3) < 1e-9 for s in steps)  # short piles are not squeezed
        else:
            # long ones are, down to the table's edge: the top four steps keep the fan, the rest share
            assert all(abs(s - 0.3) < 1e-9 for s in steps[-4:]) and min(steps) >= 0.08


def test_the_engine_conformance_kit_through_the_deal_and_beyond(game):
    check_game(game, examples=6, steps=160)
