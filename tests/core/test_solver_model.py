"""The solver's model API (solitaire_core/solver/hooks.py): one typed ``SolverModel``
offered by ``solver_model`` in a class's own body, checked when the game loads."""

from __future__ import annotations

import attrs
import pytest

from games.klondike import Klondike
from games.klondike.solving import Position, klondike_model
from solitaire_core.registry import load_games
from solitaire_core.solver import SolverModel, hooks_for
from solitaire_core.solver.derived import derived_model
from solitaire_core.solver.agreement import SolverDisagrees
from solitaire_core.solver.hooks import solver_problem
from solitaire_core.testing import check_solver

GAMES = load_games()


class Misspelt:
    """A mixin offering a hook by a name the solver does not know."""

    def solver_dead_ends(self, position):
        return False


class WithMixin(Misspelt, Klondike):
    id = "with-mixin"


class NotAModel(Klondike):
    id = "not-a-model"

    def solver_model(self):
        return {"lines": None}


def test_every_registered_game_passes_the_solver_check():
    assert all(solver_problem(game) is None for game in GAMES.values())


def test_an_unknown_solver_name_is_an_error_naming_it_even_inherited():
    problem = solver_problem(WithMixin())
    assert "Misspelt.solver_dead_ends" in problem and "solver_model" in problem


def test_a_solver_model_must_be_a_solver_model():
    assert "must give a SolverModel, not dict" in solver_problem(NotAModel())


def test_a_subclass_gets_the_derived_model_unless_it_says_the_parents_applies():
    class Other(Klondike):
        id = "other"

    class Same(Klondike):
        id = "same"
        solver_model = Klondike.solver_model

    own = hooks_for(Klondike())
    assert isinstance(own, SolverModel) and own.dead_end is not None
    other = hooks_for(Other())
    assert other.start.__self__.__class__.__name__ == "Model"  # the derived model's, not Klondike's
    assert other.dead_end.__func__ is not own.dead_end.__func__
    assert hooks_for(Same()).dead_end.__func__ is own.dead_end.__func__


def test_switching_parts_off():
    game = Klondike()
    assert hooks_for(game, off=("dead_end", "narrow")).dead_end is None
    with pytest.raises(ValueError, match="cannot be switched off"):
        hooks_for(game, off=("lines",))
    other = type("Other", (Klondike,), {"id": "other"})()
    plain = hooks_for(other, off=("key",))
    assert plain.key == other.key and not plain.own_positions
    assert derived_model(other).own_positions


def test_klondikes_positions_are_named():
    game = Klondike()
    position = game.solver_model().start(game.new(5, draw=3, passes=3))
    assert isinstance(position, Position)
    assert (position.draw, position.left, position.waste, len(position.cycle)) == (3, 2, 0, 24)
    assert len(position.cols) == 7 and list(position.cols) == sorted(position.cols) and position.heights == bytes(4)
    _, after = next(iter(game.solver_model().lines(position)))
    assert isinstance(after, Position)


class Lying(Klondike):
    """Klondike's model, but every line claims to lead back where it started."""
    id = "lying"

    def solver_model(self):
        model = klondike_model(self)
        return attrs.evolve(model, lines=lambda p: [(steps, p) for steps, _ in model.lines(p)])


def test_the_kit_holds_a_games_own_model_to_the_engine():
    with pytest.raises(SolverDisagrees, match="leads elsewhere in the model than in the engine"):
        check_solver(Lying(), deals=range(1, 2), steps=3)
