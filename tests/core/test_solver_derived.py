"""The solver's model read from the declarations (solitaire_core/solver/derived.py):
it makes the engine's moves with the engine's effects, agrees with plain search, and
serves a variant as its own rules say, never its parent's model."""

import pytest

from games.klondike import Klondike
from solitaire_core.moves import parse_move
from solitaire_core.registry import load_games
from solitaire_core.rules import any_card, down, same_suit
from solitaire_core.solver import UNKNOWN, Budget, hooks_for, plain_hooks, solve
from solitaire_core.solver.derived import Model, why_not
from solitaire_core.solver.hooks import declares_model
from solitaire_core.testing import check_solver
from solitaire_core.zones import Tableau

GAMES = load_games()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_check_solver_for_every_registered_game(game_id):
    """The model's moves and effects (or a game's own model's lines) are the engine's
    wherever one applies; a game with neither says why (it searches the engine's states)."""
    game = GAMES[game_id]
    counted = check_solver(game, deals=range(1, 3), steps=60)
    if why_not(game) is None or declares_model(type(game)):
        assert counted["positions"] > 0
    else:
        assert counted["skipped"] == why_not(game)


class Whitehead(Klondike):
    """Klondike's tableau built down in suit, any card on an empty column: four lines."""
    id, name = "whitehead", "Whitehead"
    zones = Klondike.zones[:6] + Tableau("t", 7, at=(0.0, 1.75), build=down & same_suit, empty=any_card)


def test_a_klondike_variant_is_searched_by_its_own_rules_not_klondikes_model():
    game = Whitehead()
    assert why_not(game) is None
    state = game.new(2)
    model = Model(game)
    found = {str(m) for _, m, *_ in model.moves(model.start(state))}
    assert found == {str(m) for m in game.legal_moves(state)}
    for deal in (1, 2):
        result = solve(game, game.new(deal), Budget(seconds=5))
        assert "illegal" not in result.reason


def test_whitehead_answers_as_plain_search_does_near_the_end_of_its_wins():
    """Klondike's own model answered "unwinnable" on a Whitehead position plain search
    wins; the derived model agrees with plain search on every position both decide."""
    counted = check_solver(Whitehead(), deals=range(3, 6), steps=30)
    assert counted["positions"] > 0 and counted["answers"] >= 8


def test_games_the_solver_wins_near_their_end_are_compared_with_plain_search():
    """Where the solver wins a deal within 3 s, the positions near the end of its line
    (and one move off it) get the same answer from plain search."""
    for game_id in ("freecell", "yukon", "pyramid"):
        if game_id in GAMES:
            assert check_solver(GAMES[game_id], deals=range(1, 2), steps=5)["answers"] > 0, game_id
