"""The search: depth-first over lines of moves, with a transposition table
(after a greedy best-first look at the game's narrow lines, if it has any).

Exact by construction: every line a game's hooks offer is searched unless its
position (by key) was seen, so an exhausted search proves the position lost;
any budget that runs out makes the answer ``unknown``. A winning line is
replayed through ``game.apply`` before it is returned.
"""

from __future__ import annotations

import heapq
import time
from functools import partial
from typing import Any, Callable

from attrs import evolve, frozen

from ..errors import IllegalMove
from ..i18n import N_
from ..state import State
from .hooks import SolverModel, hooks_for

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
CHECK_EVERY = 16  # positions between two looks at the clock and the cancel flag


@frozen
class Budget:
    """Limits of one search; None: no limit. ``table`` caps the positions kept
    in the transposition tables at any one time, all phases together (the
    memory ceiling; ``benchmarks/solver_memory.py`` prints the bytes each)."""

    seconds: float | None = 10.0
    nodes: int | None = None
    table: int | None = 3_000_000


@frozen
class Result:
    """The answer, the winning moves (engine moves from the start position) when
    winnable, the positions searched, the time taken and, when unknown, why."""

    answer: str
    moves: tuple = ()
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""

    @property
    def decided(self) -> bool:
        return self.answer != UNKNOWN

    @property
    def next_move(self):
        """The first move of the solution (a hint), or None."""
        return self.moves[0] if self.moves else None


class _Stop(Exception):
    def __init__(self, reason: str):
        self.reason = reason  # English, as the search's answers keep it; words for a person: _(reason)


def _stopper(cancel: Any) -> Callable[[], bool]:
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    if callable(cancel):
        return cancel
    raise TypeError("cancel must be a threading.Event, a callable returning bool, or None")


def check_solution(game, state: State, moves) -> str | None:
    """None when ``moves`` replay through ``game.apply`` from ``state`` to a win, else why not."""
    for index, move in enumerate(moves, 1):
        try:
            state = game.apply(state, move)
        except IllegalMove as exc:
            return f"move {index} ({game.format_move(move)}) is illegal: {exc.reason}"
    return None if game.is_won(state) else "the moves end in a position that is not won"


PROBE_SHARE = 0.05  # of the time and node budgets, for a first short exact search
NARROW_SHARE = 0.55  # then for the narrow lines; the exact search again gets the rest


def _part(budget: Budget, share: float | None, nodes_used: int) -> Budget:
    """A phase's budget: ``share`` of the whole, or (None) all that is left."""
    if share is None:
        return Budget(budget.seconds, None if budget.nodes is None else budget.nodes - nodes_used, budget.table)
    return Budget(None if budget.seconds is None else budget.seconds * share,
                  None if budget.nodes is None else int(budget.nodes * share), budget.table)


def solve(game, state: State, budget: Budget = Budget(), cancel: Any = None,
          hooks: SolverModel | None = None) -> Result:
    """Is ``state`` winnable? Safe to run in a worker thread: pass a
    ``threading.Event`` (or a callable) as ``cancel`` to stop it early.

    When the game offers narrow lines, the search runs in three phases: the
    exact search within ``PROBE_SHARE`` of the budget (many deals are won or
    lost in milliseconds by it), the narrow lines within ``NARROW_SHARE``
    (they win most of the others fast), then the exact search goes on where it
    stopped with what is left. Only an exact search can answer ``unwinnable``;
    where the narrow lines are the exact ones (a derived model's where no columns
    fold), the best-first phase is exact too, only in another order, and running out
    of lines proves it.
    """
    hooks = hooks_for(game) if hooks is None else hooks
    started = time.monotonic()
    position = hooks.start(state)
    stopped = _stopper(cancel)
    nodes = 0
    line = None
    phases = ((True, PROBE_SHARE), (False, NARROW_SHARE), (True, None)) if hooks.narrow else ((True, None),)
    probe = None
    for exact, share in phases:
        if share is None and probe is not None and probe.resumable:  # the probe goes on where it stopped
            search, run = probe, probe.resume
            search.extend(budget, started, nodes - probe.nodes)
        else:
            part = _part(budget, share, nodes)
            if probe is not None and part.table is not None:  # the probe's table is kept meanwhile
                part = evolve(part, table=max(0, part.table - len(probe.seen)))
            search = _Search(game, hooks, hooks.lines if exact else hooks.narrow, part,
                             stopped, started if share is None else time.monotonic())
            run = partial(search.run if exact else search.run_best_first, position)
        before = search.nodes
        try:
            line = run()
        except _Stop as stop:
            nodes += search.nodes - before
            if share is None or stop.reason == "cancelled":
                return Result(UNKNOWN, (), nodes, time.monotonic() - started, stop.reason)
            if exact and search.resumable:  # a full table is dropped, not kept beside the next one
                probe = search
            continue
        nodes += search.nodes - before
        if line is not None or exact or hooks.narrow == hooks.lines:  # a complete search either way
            break
    elapsed = time.monotonic() - started
    if line is None:
        return Result(UNWINNABLE, (), nodes, elapsed)
    try:
        line = hooks.moves(state, line)
    except (IllegalMove, LookupError, ValueError) as exc:
        line, problem = (), f"its lines do not turn into moves: {exc}"
    else:
        problem = check_solution(game, state, line)
    if problem is not None:  # a bug in a game's hooks: never show a false answer
        return Result(UNKNOWN, (), nodes, elapsed, f"solution failed its check: {problem}")
    return Result(WINNABLE, tuple(line), nodes, elapsed)


class _Search:
    def __init__(self, game, hooks: SolverModel, lines, budget: Budget, stopped, started: float):
        self.game, self.hooks, self.lines, self.budget = game, hooks, lines, budget
        self.is_won = hooks.won or game.is_won
        self.stopped = stopped
        self.deadline = None if budget.seconds is None else started + budget.seconds
        self.node_cap = budget.nodes
        self.nodes = 0
        self.countdown = CHECK_EVERY
        self.seen = self.path = self.stack = self.pending = None  # the depth-first search, to resume
        self.table_full = False

    def settle(self, moves: tuple, state: State) -> tuple[tuple, State]:
        """Play the game's safe lines until none is left."""
        safe = self.hooks.safe
        if safe is None:
            return moves, state
        while True:
            found = safe(state)
            if found is None:
                return moves, state
            more, state = found
            moves += tuple(more)

    def visit(self, k, seen: set) -> bool:
        """Enter position key ``k`` into the table: False if it was there. Counts the
        node and, every CHECK_EVERY nodes, looks at the clock and for cancellation."""
        size = len(seen)
        seen.add(k)  # one hash of the key, not two: the solver's hottest lines
        if len(seen) == size:
            return False
        if self.budget.table is not None and size >= self.budget.table:
            self.table_full = True
            raise _Stop(N_("memory ceiling (transposition table full)"))
        self.nodes += 1
        if self.node_cap is not None and self.nodes > self.node_cap:
            raise _Stop(N_("node budget"))
        self.countdown -= 1
        if self.countdown == 0:
            self.countdown = CHECK_EVERY
            self.check()
        return True

    def check(self) -> None:
        if self.stopped():
            raise _Stop(N_("cancelled"))
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Stop(N_("time budget"))

    def run(self, start) -> list | None:
        """Depth-first; the winning lines, or None when every line was searched.
        Stopped by its time or node budget, it can go on with ``resume``."""
        moves, state = self.settle((), start)
        if self.is_won(state):
            return [moves]
        if self.hooks.dead_end is not None and self.hooks.dead_end(state):
            return None
        self.seen = {self.hooks.key(state)}
        self.path = [moves]
        self.stack = [iter(self.lines(state))]
        self.check()
        return self.resume()

    @property
    def resumable(self) -> bool:
        return self.stack is not None and self.table_full is False

    def extend(self, budget: Budget, started: float, used_elsewhere: int) -> None:
        """The whole ``budget`` from ``started``, less the nodes other searches used."""
        self.budget = budget
        self.deadline = None if budget.seconds is None else started + budget.seconds
        self.node_cap = None if budget.nodes is None else budget.nodes - used_elsewhere

    def resume(self) -> list | None:
        hooks, is_won, lines = self.hooks, self.is_won, self.lines
        key, dead_end = hooks.key, hooks.dead_end
        seen, path, stack = self.seen, self.path, self.stack
        if self.pending is not None:  # entered in the table when the budget ran out
            (moves, state), self.pending = self.pending, None
            if is_won(state):
                return path + [moves]
            if dead_end is None or not dead_end(state):
                path.append(moves)
                stack.append(iter(lines(state)))
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                path.pop()
                continue
            moves, state = self.settle(*child)
            try:
                if not self.visit(key(state), seen):
                    continue
            except _Stop:
                self.pending = moves, state
                raise
            if is_won(state):
                return path + [moves]
            if dead_end is not None and dead_end(state):
                continue
            path.append(moves)
            stack.append(iter(lines(state)))
        return None

    def run_best_first(self, start) -> list | None:
        """Greedy best-first by ``progress`` (summed), newest first on ties:
        finds most wins far sooner than depth-first, proves nothing."""
        hooks, is_won = self.hooks, self.is_won
        progress = hooks.progress or (lambda state: sum(self.game.progress(state)))
        key, lines, dead_end = hooks.key, self.lines, hooks.dead_end
        moves, state = self.settle((), start)
        if is_won(state):
            return [moves]
        if dead_end is not None and dead_end(state):
            return None
        seen = {key(state)}
        heap = [(0, 0, state, (moves, None))]
        counter = 0
        self.check()
        while heap:
            _, _, state, trail = heapq.heappop(heap)
            for child in lines(state):
                moves, after = self.settle(*child)
                if not self.visit(key(after), seen):
                    continue
                here = (moves, trail)
                if is_won(after):
                    parts = []
                    while here is not None:
                        parts.append(here[0])
                        here = here[1]
                    return parts[::-1]
                if dead_end is not None and dead_end(after):
                    continue
                counter -= 1
                heapq.heappush(heap, (-progress(after), counter, after, here))
        return None
