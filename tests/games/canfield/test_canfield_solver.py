"""Canfield on the solver's derived model: its own rules (the base rank, a column's top card
or all of it, an empty column filled only from the waste) are declarations the model reads,
so its moves are the engine's exactly where those rules decide."""

from __future__ import annotations

from canfield_helpers import moves, position
from solitaire_core.solver import hooks_for
from solitaire_core.solver.derived import Model, derived_model, why_not


def model_moves(game, state) -> set[str]:
    model = Model(game)
    return {game.format_move(move) for _, move, *_ in model.moves(model.start(state))}


def test_canfield_is_searched_on_the_derived_model(game):
    assert why_not(game) is None
    assert hooks_for(game).own_positions and derived_model(game) is not None


def test_rules_3_1_4_2_and_4_4_the_models_moves_are_the_engines(game):
    # rule 3.1: base 7, only the 7s go to the empty foundations; rule 4.2: t1 lets go of
    # its top card or all three, never the two that t2's 9C would take; rule 4.4: the
    # empty t4 takes the waste's 8D only
    state = position(game, f1="7S", t1="9S 8H 7C", t2="9C", t3="10D", t4="", reserve="", waste="7H 8D")
    engine = moves(game, state)
    assert {"t1>f2", "t1:3>t3", "waste>t2", "waste>t4"} <= engine
    assert not {"t1:2>t2", "t1:3>t4", "t2>t4", "t1>t4", "t3>t4"} & engine
    assert model_moves(game, state) == engine
