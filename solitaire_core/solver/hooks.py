"""What the search asks of a game, and the optional methods a game may define.

A game may search its own model of its positions: ``solver_start(state)``
gives the model's position, ``solver_won(position)`` says when it is won, and
``solver_moves(state, lines)`` turns the lines of a solution (whatever its
lines hold) back into engine moves from ``state``, and ``solver_progress``
measures a position for the best-first search (``game.progress`` summed, by
default). The other hooks then take and give the model's positions. Defaults: the engine's own states and moves.

Every hook must keep the answers exact (docs/solver.md says what each promises):

- ``solver_lines(state)``: the lines to try, best first, as
  ``(moves, state_after)`` pairs; a line is one or more engine moves (a macro
  move). Every position a legal move reaches must stay reachable through them.
  Default: each legal move alone, ordered by ``game.preference``.
- ``solver_key(state)``: a canonical key; two positions may share one only if
  they are won or lost alike (e.g. columns that differ only in order).
  Default: ``game.key(state)``.
- ``solver_safe(state)``: ``(moves, state_after)`` for a line that can never
  turn a won position into a lost one (played without branching), or None.
- ``solver_dead_end(state)``: True only for positions that are surely lost.
- ``solver_narrow(state)``: like ``solver_lines`` but fewer, the lines that
  usually suffice; searched first, within part of the budget. It may miss
  every solution, so its search can only ever answer ``winnable``.
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable

from attrs import evolve, frozen

from ..state import State

Line = tuple  # (tuple of engine moves, state after them)


@frozen
class Hooks:
    lines: Callable[[State], Iterable[Line]]
    key: Callable[[State], Hashable]
    safe: Callable[[State], Line | None] | None = None
    dead_end: Callable[[State], bool] | None = None
    narrow: Callable[[State], Iterable[Line]] | None = None
    start: Callable[[State], Hashable] = lambda state: state
    won: Callable[[Hashable], bool] | None = None
    moves: Callable[[State, list], list] = lambda state, lines: [m for line in lines for m in line]
    progress: Callable[[Hashable], int] | None = None


def plain_lines(game) -> Callable[[State], list[Line]]:
    legal, play, preference = game.legal_moves, game.play, game.preference

    def lines(state: State) -> list[Line]:
        moves = sorted(legal(state), key=lambda m: -preference(state, m))
        return [((m,), play(state, m)) for m in moves]

    return lines


def plain_hooks(game) -> Hooks:
    """No game knowledge: every legal move, ``game.key``, nothing pruned."""
    return Hooks(plain_lines(game), game.key, won=game.is_won)


HOOK_NAMES = ("lines", "key", "safe", "dead_end", "narrow")
MODEL_NAMES = ("start", "won", "moves", "progress")  # all or none, never switched off


def declares_hooks(cls) -> bool:
    """Whether ``cls`` itself declares the ``solver_*`` methods it has: it defines one in
    its own body, or says ``solver_hooks = True`` there (a mixin's model written for it).
    Never inherited: a subclass whose rules differ (Double Klondike) must not search its
    parent's model silently; it repeats ``solver_hooks = True`` when the model fits it."""
    own = vars(cls)
    return bool(own.get("solver_hooks")) or any(f"solver_{name}" in own for name in HOOK_NAMES + MODEL_NAMES)


def hooks_for(game, off: Iterable[str] = ()) -> Hooks:
    """The game's own hooks where its class declares them (``declares_hooks``), the
    plain ones elsewhere; hooks named in ``off`` are left out (to check each against
    plain search)."""
    off = set(off)
    unknown = off - set(HOOK_NAMES)
    if unknown:
        raise ValueError(f"no solver hook {sorted(unknown)[0]!r} (hooks: {', '.join(HOOK_NAMES)})")
    if not declares_hooks(type(game)):
        from .derived import derived_hooks  # the model read from the zone declarations
        derived = None if off & {"lines", "key"} else derived_hooks(game)
        if derived is None:
            return plain_hooks(game)
        return evolve(derived, safe=None) if "safe" in off else derived
    own = {name: None if name in off else getattr(game, f"solver_{name}", None) for name in HOOK_NAMES}
    model = {name: getattr(game, f"solver_{name}", None) for name in MODEL_NAMES}
    if any(model.values()):
        if not all(model.values()):
            raise ValueError(f"{game.id}: a solver model needs all of solver_{', solver_'.join(MODEL_NAMES)}")
        if off & {"lines", "key"}:
            raise ValueError(f"{game.id}: its lines and key work on its own model and cannot be switched off")
        return Hooks(own["lines"], own["key"], own["safe"], own["dead_end"], own["narrow"], **model)
    plain = plain_hooks(game)
    return Hooks(own["lines"] or plain.lines, own["key"] or plain.key, own["safe"], own["dead_end"],
                 own["narrow"], won=game.is_won)
