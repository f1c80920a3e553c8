"""A derived dead end held to the search: plain search over the engine's moves gives the
same answer on each small deal, and the search without the dead end gives the same
answers in more positions."""

from __future__ import annotations

import attrs

from solitaire_core.solver import UNKNOWN, Budget, hooks_for, plain_hooks, solve

NODES = 400_000


def assert_plain_search_agrees(game, deal: int) -> None:
    """Plain search, with no pruning and no model, decides the deal; the derived model
    with its dead ends says the same."""
    state = game.new(deal)
    plain = solve(game, state, Budget(seconds=None, nodes=NODES), hooks=plain_hooks(game))
    derived = solve(game, state, Budget(seconds=None, nodes=NODES))
    assert plain.answer != UNKNOWN
    assert derived.answer == plain.answer


def answers_and_saving(game, deals) -> tuple[set, int]:
    """The answers given to ``deals`` with the game's dead end, each checked against the
    search without it, and the positions it saved over them all."""
    with_it = hooks_for(game)
    assert with_it.dead_end is not None
    without = attrs.evolve(with_it, dead_end=None)
    answers, saved = set(), 0
    for deal in deals:
        state = game.new(deal)
        pruned = solve(game, state, Budget(seconds=None, nodes=NODES), hooks=with_it)
        bare = solve(game, state, Budget(seconds=None, nodes=NODES), hooks=without)
        assert pruned.answer == bare.answer, deal
        answers.add(pruned.answer)
        saved += bare.nodes - pruned.nodes
    return answers, saved
