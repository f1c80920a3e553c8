"""What the search runs on: one typed ``SolverModel``, a game's own or one made for it.

A game offers its model by defining ``solver_model(self)`` in its own class body (never
inherited: a subclass whose rules differ, Double Klondike, must not search its parent's
model silently; one whose rules are the same says so, ``solver_model =
Klondike.solver_model``). Without one, a pile game whose rules are all in its declaration
is searched on the model derived from its zones (``derived.py``), any other on the
engine's own states (``plain_hooks``). A game may also take the derived model and add
parts to it (``attrs.evolve(derived_model(self), dead_end=...)``).

Any other ``solver_*`` name on a game class is an error, raised when the game loads
(``solver_problem``): a misspelt hook must not be silently ignored.
"""

from __future__ import annotations

import warnings
from typing import Callable, Hashable, Iterable

from attrs import evolve, field, frozen

from ..i18n import _
from ..state import State

Line = tuple  # (the line's steps, the model's position after them)
GAME_NAMES = ("solver_model",)  # every solver_* name a game class may hold
# Names the solver once read and now ignores: a game may still hold them, with a warning.
RETIRED = {"solver_derived": "the derived model now follows every game whose rules are its rule set's"}


def _engine_moves(state: State, lines: list) -> list:
    return [m for line in lines for m in line]


@frozen
class SolverModel:
    """The parts of a search model, each a function of the model's position ``p``.

    Every part must keep the answers exact (docs/solver.md says what each promises); the
    first two are required, the rest have defaults for a model on engine states:

    - ``lines(p)``: ``[(steps, p_after), ...]``, best first; a line is one or more steps
      (a macro move). Every position legal moves reach stays reachable through lines.
    - ``key(p)``: canonical; positions sharing a key are won or lost alike.
    - ``start(state)``: the model's position of an engine state (default: the state).
    - ``won(p)``: whether it is won (default: ``game.is_won``).
    - ``moves(state, lines)``: the engine moves of a solution's lines from ``state``
      (default: the steps are engine moves); replayed through ``game.apply`` before
      an answer is believed.
    - ``progress(p)``: higher nearer a win, for the narrow phase's best-first order
      (default: ``game.progress`` summed).
    - ``safe(p)``: ``(steps, p_after)`` for a line that never turns a won position into
      a lost one, played without branching; or None.
    - ``dead_end(p)``: True only for positions that are surely lost.
    - ``narrow(p)``: like ``lines`` but fewer, those that usually suffice; searched
      first, within part of the budget, it can only ever answer ``winnable``, unless
      it is ``lines`` itself (the derived model's where no columns fold): then it is exact,
      in another order.
    - ``second_progress(p)``: another measure for a best-first search of its own (its
      own table, dropped) after the narrow phase: where one measure stalls on a deal,
      another often wins it at once (FreeCell: free places weighed 3, then 1).
    - ``own_positions``: the model's positions are not engine states, so its lines and
      key cannot be replaced by plain search's.
    """

    lines: Callable[[Hashable], Iterable[Line]]
    key: Callable[[Hashable], Hashable]
    start: Callable[[State], Hashable] = lambda state: state
    won: Callable[[Hashable], bool] | None = None
    moves: Callable[[State, list], list] = _engine_moves
    progress: Callable[[Hashable], int] | None = None
    safe: Callable[[Hashable], Line | None] | None = None
    dead_end: Callable[[Hashable], bool] | None = None
    narrow: Callable[[Hashable], Iterable[Line]] | None = None
    second_progress: Callable[[Hashable], int] | None = None
    own_positions: bool = field(default=False, kw_only=True)


HOOK_NAMES = ("lines", "key", "safe", "dead_end", "narrow")  # the parts a test may switch off


def plain_lines(game) -> Callable[[State], list[Line]]:
    legal, play, preference = game.legal_moves, game.play, game.preference

    def lines(state: State) -> list[Line]:
        moves = sorted(legal(state), key=lambda m: -preference(state, m))
        return [((m,), play(state, m)) for m in moves]

    return lines


def plain_hooks(game) -> SolverModel:
    """No game knowledge: every legal move, ``game.key``, nothing pruned."""
    return SolverModel(plain_lines(game), game.key, won=game.is_won)


def declares_model(cls) -> bool:
    """Whether ``cls`` itself, in its own body, offers a solver model."""
    return "solver_model" in vars(cls)


def solver_problem(game) -> str | None:
    """Why the game's solver declaration is refused at load, or None: a ``solver_*`` name
    the solver does not know on any class of the game, or a ``solver_model`` that gives
    no ``SolverModel``."""
    for cls in type(game).__mro__:
        for name in vars(cls):
            if name in RETIRED:
                warnings.warn(f"{cls.__qualname__}.{name} is no longer read: {RETIRED[name]} (docs/plugins.md, "
                              "\"Migrating from overrides\")", DeprecationWarning, stacklevel=2)
            elif name.startswith("solver_") and name not in GAME_NAMES:
                return _("game {game}: {name} is no solver name the solver knows "
                         "(a game offers {names}; docs/solver.md)").format(
                    game=repr(game.id), name=f"{cls.__name__}.{name}", names=", ".join(GAME_NAMES))
    if declares_model(type(game)):
        model = game.solver_model()
        if not isinstance(model, SolverModel):
            return _("game {game}: solver_model() must give a SolverModel, not {type}").format(
                game=repr(game.id), type=type(model).__name__)
    return None


def hooks_for(game, off: Iterable[str] = ()) -> SolverModel:
    """The model the game's own class offers (``declares_model``), else the derived one
    where it applies, else plain search; parts named in ``off`` are left out (to check
    each against plain search; switching off the lines or key of the derived model
    means plain search)."""
    off = set(off)
    unknown = off - set(HOOK_NAMES)
    if unknown:
        raise ValueError(f"no solver hook {sorted(unknown)[0]!r} (hooks: {', '.join(HOOK_NAMES)})")
    if declares_model(type(game)):
        model = game.solver_model()
        if off & {"lines", "key"} and model.own_positions:
            raise ValueError(f"{game.id}: its lines and key work on its own model and cannot be switched off")
    else:
        from .derived import derived_model  # the model read from the zone declarations
        model = None if off & {"lines", "key"} else derived_model(game)
    if model is None or off & {"lines", "key"}:
        model = evolve(model, lines=plain_lines(game), key=game.key) if model is not None else plain_hooks(game)
    return evolve(model, **{name: None for name in off & {"safe", "dead_end", "narrow"}})
