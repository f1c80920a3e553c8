"""What a player may pick up (``Game.pickable``): more than what can move, never less."""

import random

import pytest

from solitaire_core.registry import load_games
from solitaire_core.state import Pile
from solitaire_core.zones import FOUNDATION, LIFT_ANY, LIFT_NONE, LIFT_RUNS, LIFT_TOP_OR_ALL, LIFT_TOP

from minigame import MiniGame

GAMES = load_games()


def positions(game, count=40, seed=3):
    """Positions along a random line of legal moves from deal 1."""
    rng, state = random.Random(seed), game.new(1)
    for _ in range(count):
        yield state
        moves = list(game.legal_moves(state))
        if not moves:
            return
        state = game.play(state, rng.choice(moves))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_group_a_legal_move_takes_can_be_picked_up(game_id):
    game = GAMES[game_id]
    for state in positions(game):
        for move in game.legal_moves(state):
            if not move.is_draw:
                assert game.pickable(state, move.src, move.n), game.format_move(move)


def test_a_face_up_run_lifts_even_when_it_breaks_the_build_rule():
    game = MiniGame()
    state = game.new(1)
    t = game.index["t1"]
    cards = game.deck[:3]  # AC, AD, AH...: no two build down in alternating colours
    state = state.with_piles({t: Pile(cards, 0)})
    assert game.zones[t].lift == LIFT_RUNS
    assert all(game.pickable(state, "t1", n) for n in (1, 2, 3))
    assert not any(m.src == "t1" and m.n > 1 for m in game.legal_moves(state))
    assert not game.pickable(state, "t1", 4)


def test_face_down_cards_and_empty_zones_never_lift():
    game = MiniGame()
    state = game.new(1)
    t3 = state.piles[game.index["t3"]]
    assert t3.down == 2 and len(t3.cards) == 3
    assert game.pickable(state, "t3", 1) and not game.pickable(state, "t3", 2)
    assert not game.pickable(state, "stock", 1)  # a stock is clicked, never lifted
    assert not game.pickable(state, "f1", 1)  # empty
    assert not game.pickable(state, "nowhere", 1)


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if hasattr(GAMES[g], "zones")))
def test_each_zone_lets_go_as_its_lift_rule_says(game_id):
    """A foundation that never gives cards back keeps them; a top-only zone gives its top card."""
    game = GAMES[game_id]
    for state in positions(game):
        for zone, pile in zip(game.zones, state.piles):
            up = len(pile.cards) - pile.down
            if not up:
                continue
            top = game.pickable(state, zone.id, 1)
            covered = any(game.pile(state, c).cards for c in zone.covered_by)  # cards lie on it
            assert top == (zone.lift != LIFT_NONE and not covered), zone.id
            if up > 1 and not covered:
                whole = zone.lift == LIFT_TOP_OR_ALL and len(pile.cards) == 2  # its top card or all of them
                assert game.pickable(state, zone.id, 2) == (zone.lift in (LIFT_RUNS, LIFT_ANY) or whole), zone.id
            if zone.role == FOUNDATION and zone.lift == LIFT_TOP:
                assert top


def test_a_game_not_made_of_piles_lifts_what_its_moves_take_by_default():
    from solitaire_core import Game

    class Bare(Game):
        def legal_moves(self, state):
            from solitaire_core.moves import DRAW, Move
            return [DRAW, Move("a", "b", 1)]

    assert Bare().pickable(None, "a", 1)
    assert not Bare().pickable(None, "a", 2) and not Bare().pickable(None, "b", 1)
