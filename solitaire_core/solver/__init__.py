"""The solver: is a position winnable? Three answers only, never a false one.

``solve(game, state, Budget(seconds=...), cancel=event)`` -> ``Result`` with
``answer`` in ``winnable`` (``moves`` replay through ``game.apply`` to a win;
checked before it is returned), ``unwinnable`` (the search was exhaustive) or
``unknown`` (a budget ran out or it was cancelled; ``reason`` says which).
A game may offer its own ``SolverModel`` (``solver.hooks``, docs/solver.md); a pile game
without one is searched on the model derived from its zones (``solver.derived``).
"""

from .hooks import HOOK_NAMES, SolverModel, hooks_for, plain_hooks
from .search import UNKNOWN, UNWINNABLE, WINNABLE, Budget, Result, check_solution, solve

__all__ = ["HOOK_NAMES", "UNKNOWN", "UNWINNABLE", "WINNABLE", "Budget", "Result", "SolverModel",
           "check_solution", "hooks_for", "plain_hooks", "solve"]
