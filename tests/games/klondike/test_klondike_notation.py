"""Rule 13 (options, zones, notation, refusals) and what the table gets: scene, labels, hints."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from klondike_helpers import build, moves_text, play
from solitaire_core import IllegalMove, NotationError, OptionError

ROOT = Path(__file__).resolve().parents[3]


def random_states(game, deal, steps, **options):
    """Positions met by random legal play (seeded, so the same every run)."""
    rng = random.Random(deal)
    state = game.new(deal, **options)
    yield state
    for _ in range(steps):
        moves = game.legal_moves(state)
        if not moves:
            return
        state = game.apply(state, rng.choice(moves))
        yield state


def test_rule_13_1_options_names_values_defaults(game):
    declared = {o.name: (o.values, o.default) for o in game.options}
    assert declared == {
        "draw": ((1, 3), 1),
        "passes": (("unlimited", 3, 1), "unlimited"),
        "scoring": (("standard", "vegas", "none"), "standard"),
        "vegas_total": (("off", "on"), "off"),
    }
    # Values given as text, as `-o draw=3` gives them, select the declared values.
    state = game.new(1, draw="3", passes="1", scoring="vegas", vegas_total="on")
    assert dict(state.options) == {"draw": 3, "passes": 1, "scoring": "vegas", "vegas_total": "on"}
    with pytest.raises(OptionError, match="draw"):
        game.new(1, draw=2)
    with pytest.raises(OptionError, match="unknown option"):
        game.new(1, deck="tarot")


def test_rule_13_2_zone_ids(game):
    assert [z.id for z in game.zones] == ["stock", "waste", "f1", "f2", "f3", "f4",
                                          "t1", "t2", "t3", "t4", "t5", "t6", "t7"]


def test_rule_13_3_moves_round_trip_through_their_text(game):
    for options in ({}, {"draw": 3}):
        for state in random_states(game, 11, 150, **options):
            for move in game.legal_moves(state):
                text = game.format_move(move)
                assert game.parse_move(state, text) == move
    state = build(game, t1="(KC) KS QH JC 10D", t2="QD", t3="KD", t4="JD", t5="QC", t6="KH")
    assert {"t1:2>t2", "t1:4>t7"} <= moves_text(game, state)
    assert game.parse_move(state, "t1:2>t2").n == 2
    for bad in ("t1>", "t1:1>t2", "t1:0>t2", "t1 t2", "draw 3"):
        with pytest.raises(NotationError):
            game.parse_move(state, bad)


def test_rule_13_4_position_text_round_trips(game):
    for options in ({}, {"draw": 3, "passes": 3}, {"scoring": "vegas"}):
        for state in random_states(game, 23, 120, **options):
            text = game.format_position(state)
            assert game.parse_position(text) == state
    text = game.format_position(play(game, game.new(1, draw=3), "draw", "t5>f1"))
    assert "@redeals 0" in text and "@score 15" in text and "@shown 3" in text
    with pytest.raises(NotationError):
        game.parse_position(text.replace("t1: JD", "t1: JD JD"))
    with pytest.raises(NotationError, match="missing"):
        game.parse_position(text.replace("t1: JD\n", ""))


def test_rule_13_5_illegal_moves_name_the_move_the_reason_and_the_rule(game):
    state = game.new(1)
    before = game.format_position(state)
    cases = {
        "t1>t2": "3.1", "t4:2>t1": "4.3", "t1>t4": "3.1", "t1>f1": "6.1",
        "waste>t1": None, "t9>t1": None, "f1>t1": None,
    }
    for text, rule in cases.items():
        with pytest.raises(IllegalMove) as caught:
            game.apply(state, game.parse_move(state, text))
        assert caught.value.move == text and text in str(caught.value)
        assert caught.value.reason
        if rule:
            assert caught.value.reason.endswith(f"(rule {rule})")
    assert "no zone 't9'" in _reason(game, state, "t9>t1")
    assert "waste has no card" in _reason(game, state, "waste>t1")
    assert game.format_position(state) == before


def _reason(game, state, text):
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, game.parse_move(state, text))
    return caught.value.reason


# --- what the table gets ---------------------------------------------------------------

def test_scene_keeps_every_card_on_the_table(game):
    for options in ({}, {"draw": 3}):
        for state in random_states(game, 31, 200, **options):
            scene = game.scene(state)
            assert (scene.width, scene.height) == (8.5, 7.0)
            assert len(scene.cards) == 52
            for card in scene.cards:
                assert 0 <= card.x and card.x + 1.0 <= scene.width + 1e-9
                assert 0 <= card.y and card.y + scene.card_height <= scene.height + 1e-9


def test_scene_squeezes_a_long_column(game):
    long = build(game, f1="", f2="", f3="", f4="", rest="stock",
                 t1="(AS) (2S) (3S) (4S) (5S) (6S) KD QC JD 10C 9D 8C 7D 6C 5D 4C 3D 2C",
                 t6="KH QS JH 10S 9H 8S 7H")
    scene = game.scene(long)
    column = [c for c in scene.cards if c.zone == "t1"]
    assert len(column) == 18
    assert max(c.y for c in column) + scene.card_height <= scene.height + 1e-9
    ys = [c.y for c in sorted(column, key=lambda c: c.index)]
    assert all(b > a for a, b in zip(ys, ys[1:]))  # still fanned, every card visible


def test_rule_8_2_the_empty_stock_slot_says_what_a_click_does(game):
    def label(state):
        return next(s.label for s in game.scene(state).slots if s.zone == "stock")

    assert label(build(game, t1="KS", waste="QH", t2="KH")) == "\u21bb"
    assert label(build(game, t1="KS", waste="QD", t2="KD", passes=3)) == "2 more passes"
    assert label(build(game, t1="KS", waste="QD", t2="KD", passes=3, redeals=1)) == "1 more pass"
    assert label(build(game, t1="KS", waste="QD", t2="KD", passes=1)) == "no pass left"
    assert label(build(game, t1="KS", waste="QD", t2="KD", scoring="vegas", draw=3)) == "2 more passes"


def test_rule_8_2_status_shows_the_pass_in_progress(game):
    assert game.status(game.new(1)) == [("Score", "0"), ("Pass", "1")]
    assert game.status(game.new(1, passes=3)) == [("Score", "0"), ("Pass", "1 of 3")]
    vegas = game.new(1, scoring="vegas")
    assert game.status(vegas) == [("Score", "-52"), ("Pass", "1 of 1")]
    recycled = build(game, t1="KS", waste="QD", t2="KD", passes=3)
    assert ("Pass", "2 of 3") in game.status(play(game, recycled, "draw"))


def test_hint_never_suggests_a_pointless_shuffle(game):
    # 5H may hop between the black 6s for ever; the hint is the stock instead.
    state = build(game, f1="", f2="", f3="", f4="", t1="(2C) 6S 5H", t2="6C", rest="stock")
    assert "t1>t2" in moves_text(game, state)
    assert game.hint(state) == game.parse_move(state, "draw")
    # With the stock spent and only shuffles left, there is no hint at all.
    spent = build(game, t1="(10S) (JC) (KS) QH JS", t2="(10C) (KC) QD", t3="(10H) (KH) QS JH",
                  t4="(10D) (KD) QC JD", passes=1)
    assert moves_text(game, spent) == {"t1>t2"} and game.hint(spent) is None


def test_hint_prefers_turning_a_card_and_a_safe_move(game):
    state = game.new(1)
    assert game.format_move(game.hint(state)) == "t5>f1"  # the AH: up, and it turns the QD
    state = play(game, state, "t5>f1")
    assert game.hint(state) is not None


def test_hint_plays_a_deal_without_looping(game):
    seen = set()
    state = game.new(3)
    for _ in range(400):
        move = game.hint(state)
        if move is None or game.is_won(state):
            break
        state = game.apply(state, move)
        key = game.key(state)
        assert key not in seen or move.is_draw, f"hint went back to a position with {move}"
        seen.add(key)


def test_rules_text_is_shipped_with_the_game_and_linked_from_docs(game):
    text = game.rules
    assert text.startswith("# Klondike") and "**13.5**" in text
    link = ROOT / "docs" / "rules" / "klondike.md"
    assert link.is_symlink() and not os.path.isabs(os.readlink(link))
    assert link.read_text(encoding="utf-8") == text
