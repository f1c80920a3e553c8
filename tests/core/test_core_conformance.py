"""The conformance kit run against every registered game, so new games are covered."""

import pytest
from minigame import MiniGame

from solitaire_core.registry import load_games
from solitaire_core.testing import check_game, check_safe_moves

GAMES = load_games()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_registered_game_conforms(game_id):
    check_game(GAMES[game_id])


def test_every_project_plugin_loads():
    assert [str(f) for f in GAMES.failures] == []


def test_the_mini_game_conforms():
    check_game(MiniGame(), examples=20)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_registered_game_keeps_wins(game_id):
    """Safe moves, the hint and the finish never lose a won game where an exhaustive search decides."""
    check_safe_moves(GAMES[game_id])
