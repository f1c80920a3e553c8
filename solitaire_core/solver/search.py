"""The search: depth-first over lines of moves, with a transposition table
(after a greedy best-first look at the game's narrow lines, if it has any).

Exact by construction: every line a game's hooks offer is searched unless its
position (by key) was seen, so searches that share a table and have all run out
of lines prove the position lost;
any budget that runs out makes the answer ``unknown``. A winning line is
replayed through ``game.apply`` before it is returned.
"""

from __future__ import annotations

import heapq
import time
from typing import Any, Callable

from attrs import evolve, frozen

from ..errors import IllegalMove
from ..i18n import N_
from ..state import State
from . import kernel
from .hooks import SolverModel, hooks_for

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
CHECK_EVERY = 16  # positions between two looks at the clock and the cancel flag


@frozen
class Budget:
    """Limits of one search; None: no limit. ``table`` caps the positions kept
    in the transposition tables at any one time, all phases together (the
    memory ceiling; ``benchmarks/solver_memory.py`` prints the bytes each);
    ``memory``, the bytes the compiled kernel's searches may hold, their tables and
    queues, all phases together (the Python search keeps to ``table`` alone)."""

    seconds: float | None = 10.0
    nodes: int | None = None
    table: int | None = 3_000_000
    memory: int | None = 1 << 30


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
SECOND_SHARE = 0.2  # then for a best-first search by the model's second measure, if it has one


def _part(budget: Budget, share: float | None, nodes_used: int) -> Budget:
    """A phase's budget: ``share`` of the whole, or (None) all that is left."""
    if share is None:
        return evolve(budget, nodes=None if budget.nodes is None else budget.nodes - nodes_used)
    return evolve(budget, seconds=None if budget.seconds is None else budget.seconds * share,
                  nodes=None if budget.nodes is None else int(budget.nodes * share))


def solve(game, state: State, budget: Budget = Budget(), cancel: Any = None,
          hooks: SolverModel | None = None) -> Result:
    """Is ``state`` winnable? Safe to run in a worker thread: pass a
    ``threading.Event`` (or a callable) as ``cancel`` to stop it early.

    When the game offers narrow lines, the search runs in three phases: the
    exact search within ``PROBE_SHARE`` of the budget (many deals are won or
    lost in milliseconds by it), the narrow lines within ``NARROW_SHARE``
    (they win most of the others fast), then the exact search goes on where it
    stopped with what is left. Only an exact search can answer ``unwinnable``.
    Where the narrow lines are the exact ones (a derived model's where no columns
    fold), the best-first phase is the same search in another order: it shares the
    probe's table and is kept, going on after the probe should that run out of lines;
    the position is lost when both have. A model with a ``second_progress`` gets, before
    the exact search goes on, ``SECOND_SHARE`` for a best-first search by that measure
    over a table of its own (dropped: it can only answer ``winnable``).
    """
    hooks = hooks_for(game) if hooks is None else hooks
    started = time.monotonic()
    position = hooks.start(state)
    searcher = kernel.searcher(hooks) or _Search  # compiled where it covers the model
    stopped = _stopper(cancel)
    searches: list[_Search] = []  # all of them, for the positions counted; a dropped one's table is None

    def used() -> int:
        return sum(search.nodes for search in searches)

    def search(lines, share: float | None, since: float, seen: set | None = None) -> _Search:
        part = _part(budget, share, used())
        kept = sum(len(s.seen) for s in searches if s.seen is not None and s.seen is not seen)
        if part.table is not None:  # the tables kept meanwhile count against the cap
            part = evolve(part, table=max(0, part.table - kept))
        if part.memory is not None:  # and their bytes, with the other searches' queues, where the kernel keeps them
            held = sum(getattr(s.seen, "bytes", 0) for s in searches if s.seen is not None and s.seen is not seen)
            held += sum(getattr(s, "held_bytes", 0) for s in searches)
            part = evolve(part, memory=max(0, part.memory - held))
        searches.append(searcher(game, hooks, lines, part, stopped, since, seen))
        return searches[-1]

    def answer(line: list | None) -> Result:
        return _answer(game, hooks, state, line, used(), started)

    def unknown(reason: str) -> Result:
        return Result(UNKNOWN, (), used(), time.monotonic() - started, reason)

    try:
        if not hooks.narrow:
            return answer(search(hooks.lines, None, started).run(position))
        probe = search(hooks.lines, PROBE_SHARE, started)
        return answer(probe.run(position))
    except _Stop as stop:
        if not hooks.narrow or stop.reason == "cancelled":
            return unknown(stop.reason)
    if not probe.resumable:  # a full table is dropped, not kept beside the next one
        probe.release()
    exact_narrow = hooks.narrow == hooks.lines
    narrow = search(hooks.narrow, NARROW_SHARE, time.monotonic(), probe.seen if exact_narrow else None)
    try:
        line = narrow.run_best_first(position)
        if line is not None or exact_narrow and probe.seen is None:  # an exhausted exact search alone: lost
            return answer(line)
        going_on = []
    except _Stop as stop:
        if stop.reason == "cancelled":
            return unknown(stop.reason)
        going_on = [narrow] if exact_narrow and narrow.resumable else []
    if not going_on:
        narrow.release()  # its table is dropped (an exact one shared with the probe is the probe's)
    if probe.seen is not None:  # the probe goes on where it stopped
        going_on.insert(0, probe)
    else:
        going_on.insert(0, search(hooks.lines, None, started, going_on[0].seen if going_on else None))
    if hooks.second_progress is not None:
        second = search(hooks.narrow, SECOND_SHARE, time.monotonic())  # a table of its own, dropped
        try:
            line = second.run_best_first(position, hooks.second_progress)
            if line is not None:
                return answer(line)
        except _Stop as stop:
            if stop.reason == "cancelled":
                return unknown(stop.reason)
        second.release()
    try:
        return answer(_one_after_another(going_on, position, budget, started, used))
    except _Stop as stop:
        return unknown(stop.reason)


def _one_after_another(searches: list, position, budget: Budget, started: float,
                       used: Callable[[], int]) -> list | None:
    """Exact searches over one table, each going on to the end of the budget in turn: the
    first winning line, or None when all have run out of lines (each searched every
    position it entered, so the table holds every position reachable: the start is lost)."""
    for search in searches:
        search.extend(budget, started, used() - search.nodes)
        line = search.go_on(position)
        if line is not None:
            return line
    return None


def _answer(game, hooks: SolverModel, state: State, line: list | None, nodes: int, started: float) -> Result:
    """The answer to a complete search: lost, or the winning line turned into engine
    moves and replayed (a line that does not replay is a bug in the hooks: unknown)."""
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
    def __init__(self, game, hooks: SolverModel, lines, budget: Budget, stopped, started: float,
                 seen: set | None = None):
        self.game, self.hooks, self.lines, self.budget = game, hooks, lines, budget
        self.is_won = hooks.won or game.is_won
        self.stopped = stopped
        self.deadline = None if budget.seconds is None else started + budget.seconds
        self.node_cap = budget.nodes
        self.nodes = 0
        self.countdown = CHECK_EVERY
        self.seen = seen  # its table of position keys, perhaps another search's too
        self.path = self.stack = self.pending = None  # the depth-first search, to resume
        self.heap = self.children = None  # the best-first search, to resume
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
        self.seen = set() if self.seen is None else self.seen
        self.seen.add(self.hooks.key(state))
        self.path = [moves]
        self.stack = [iter(self.lines(state))]
        self.check()
        return self.resume()

    def release(self) -> None:
        """Drop its table (another search sharing it keeps it) and what it queued: it is
        done with, and the memory goes back to the searches after it."""
        self.seen = self.path = self.stack = self.pending = self.heap = self.children = None

    @property
    def resumable(self) -> bool:
        return (self.stack is not None or self.heap is not None) and self.table_full is False

    def extend(self, budget: Budget, started: float, used_elsewhere: int) -> None:
        """The whole ``budget`` from ``started``, less the nodes other searches used."""
        self.budget = budget
        self.deadline = None if budget.seconds is None else started + budget.seconds
        self.node_cap = None if budget.nodes is None else budget.nodes - used_elsewhere

    def go_on(self, start) -> list | None:
        """Resume this search, or begin it from ``start`` (depth-first) if it has not begun."""
        if self.heap is not None:
            return self.resume_best_first()
        return self.run(start) if self.stack is None else self.resume()

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

    def run_best_first(self, start, progress: Callable | None = None) -> list | None:
        """Greedy best-first by ``progress`` (the model's unless given; the game's summed
        without one), newest first on ties: finds most wins far sooner than depth-first.
        Stopped by its budget, it can go on with ``resume_best_first``."""
        moves, state = self.settle((), start)
        if self.is_won(state):
            return [moves]
        if self.hooks.dead_end is not None and self.hooks.dead_end(state):
            return None
        self.seen = set() if self.seen is None else self.seen
        self.seen.add(self.hooks.key(state))
        self.heap, self.counter = [(0, 0, state, (moves, None))], 0
        self.progress = progress or self.hooks.progress or (lambda state: sum(self.game.progress(state)))
        self.check()
        return self.resume_best_first()

    def resume_best_first(self) -> list | None:
        key, lines, seen, heap = self.hooks.key, self.lines, self.seen, self.heap
        if self.pending is not None:  # entered in the table when the budget ran out
            (moves, state, trail), self.pending = self.pending, None
            line = self.queue(moves, state, trail)
            if line is not None:
                return line
        while True:
            if self.children is None:
                if not heap:
                    return None
                _, _, state, trail = heapq.heappop(heap)
                self.children = iter(lines(state)), trail
            children, trail = self.children
            for child in children:
                moves, state = self.settle(*child)
                try:
                    if not self.visit(key(state), seen):
                        continue
                except _Stop:
                    self.pending = moves, state, trail
                    raise
                line = self.queue(moves, state, trail)
                if line is not None:
                    return line
            self.children = None

    def queue(self, moves: tuple, state: State, trail) -> list | None:
        """A position the best-first search just entered: its winning line, or None once
        it is queued by its progress (a dead end is not)."""
        here = (moves, trail)
        if self.is_won(state):
            parts = []
            while here is not None:
                parts.append(here[0])
                here = here[1]
            return parts[::-1]
        if self.hooks.dead_end is None or not self.hooks.dead_end(state):
            self.counter -= 1
            heapq.heappush(self.heap, (-self.progress(state), self.counter, state, here))
        return None
