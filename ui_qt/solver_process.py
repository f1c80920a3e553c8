"""The solver's own process, so a search never competes with the table for the
interpreter lock (the "blocked?" search and the finish's run here too). Jobs and answers are
plain data (positions and moves as the game's text); no Qt here, the child imports only the engine and the games.

The app side (``Processes``) lends each job one idle worker process, starting
one (``spawn``: the app has threads and Qt) only when none is idle, and takes it
back when it answers. A worker that dies answers ``unknown`` for its job and is
replaced by the next job's; ``shutdown`` stops them all.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from multiprocessing.connection import wait

from solitaire_core.i18n import _
from solitaire_core.registry import error_text, game_failure
from solitaire_core import blocked, i18n
from solitaire_core.solver import UNKNOWN, WINNABLE, Budget, Result, solve

from .shortening import shorten

TABLE = 300_000  # positions kept per search: about 100 MB at most (docs/solver.md)
POLL = 0.05  # seconds between two looks at the app's cancel event while waiting
STOP_GRACE = 2.0  # seconds a cancelled worker gets to answer before it is killed
JOIN_SECONDS = 1.0  # a worker asked to quit, then terminated
CONTEXT = multiprocessing.get_context("spawn")
ERROR = "error: "  # a reason that starts so is a failure, not a budget; the rest says whose, in words
# Reasons are worded where they are made, in the app's language: a job carries it to the worker.


def failed(game, exc: Exception) -> str:
    """The reason for a search that raised: the game named when its own code did."""
    return ERROR + ((game_failure(game, exc) if game is not None else None)
                    or _("the solver failed: {error}").format(error=error_text(exc)))


# --- in the worker process ---------------------------------------------------------------
def solve_here(game, state, seconds: float, cancel) -> Result:
    """The solver with the app's memory ceiling; a failing game is an unknown answer, not a crash."""
    try:
        return solve(game, state, Budget(seconds=seconds, nodes=None, table=TABLE), cancel=cancel)
    except Exception as exc:  # noqa: BLE001 - a plugin's bug must not kill the worker
        return Result(UNKNOWN, reason=failed(game, exc))


def find_winnable_deal(game, options, first: int, seconds: float, cancel,
                       tries: int = 200) -> tuple[int, Result] | None:
    """The first deal number from ``first`` on that the solver proves winnable within
    ``seconds``; deals it cannot decide in time are skipped like lost ones."""
    for deal in range(first, first + tries):
        if cancel():
            return None
        result = solve_here(game, game.new(deal, **dict(options)), seconds, cancel)
        if result.answer == WINNABLE:
            return deal, result
    return None


def lost(reason: str) -> dict:
    """The reply for a job that got no answer."""
    return {"answer": UNKNOWN, "moves": [], "nodes": 0, "seconds": 0.0, "reason": reason, "deal": None}


def answer(game, result: Result, deal=None) -> dict:
    return {"answer": result.answer, "moves": [game.format_move(m) for m in result.moves],
            "nodes": result.nodes, "seconds": result.seconds, "reason": result.reason, "deal": deal}


def run(games, job: dict, cancel) -> dict:
    game, options = games[job["game"]], job["options"]
    if job["kind"] == "deal":
        found = find_winnable_deal(game, options, job["first"], job["seconds"], cancel, job["tries"])
        if found is None:
            return answer(game, Result(UNKNOWN, reason=_("no deal found")))
        return answer(game, found[1], deal=found[0])
    state = game.parse_position(job["position"], **options)
    if job["kind"] == "blocked":
        return {**lost(""), "answer": blocked.verdict(game, state, job["limit"], cancel)}
    if job["kind"] == "guess":  # the game's own heuristic hint: its searches can take seconds
        move = game.hint(state)
        return {**lost(""), "moves": [] if move is None else [game.format_move(move)]}
    if job["kind"] == "finish":  # the finish's search, up to ~150 ms: never on the table's thread
        return {**lost(""), "moves": [game.format_move(m) for m in game.finish_moves(state) or ()]}
    if job["kind"] == "shorten":  # the demo's line without its detours: up to a few seconds
        line, current = [], state
        for text in job["moves"]:
            line.append(game.parse_move(current, text))
            current = game.play(current, line[-1])
        return {**lost(""), "moves": [game.format_move(m) for m in shorten(game, state, line)]}
    return answer(game, solve_here(game, state, job["seconds"], cancel))


def serve(conn, stop) -> None:
    """The worker's loop: one job at a time until told to quit or the app is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the app, which stops us
    from solitaire_core.registry import load_games

    games = load_games()
    spoken = None  # the language of the last job, which the app's may change between two

    def cancel() -> bool:  # asked to stop, or told to quit, or the app is gone (end of the pipe)
        return bool(stop.value) or conn.poll()

    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        if job.get("language") != spoken:
            spoken = job.get("language")
            i18n.set_language(spoken)
        try:
            reply = run(games, job, cancel)
        except Exception as exc:  # noqa: BLE001 - a bad job answers unknown, the worker lives on
            reply = lost(failed(games.get(job.get("game")), exc))
        reply["serial"] = job["serial"]
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


# --- in the app ------------------------------------------------------------------------------
class Handle:
    """One worker process, its end of the pipe and its stop flag."""

    def __init__(self) -> None:
        self.conn, child = CONTEXT.Pipe()
        self.stop = CONTEXT.RawValue("b", 0)
        self.process = CONTEXT.Process(target=serve, args=(child, self.stop), name="solver", daemon=True)
        self.process.start()
        child.close()

    def kill(self) -> None:
        self.stop.value = 1
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.process.join(JOIN_SECONDS)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(JOIN_SECONDS)
        self.conn.close()


def result_of(game, state, reply: dict) -> Result:
    """The worker's answer for ``state``, its moves parsed back and replayed here: text
    crossed a process boundary, and a winning line must really win."""
    moves, current = [], state
    try:
        for text in reply["moves"]:
            move = game.parse_move(current, text)
            moves.append(move)
            current = game.apply(current, move)
    except Exception:  # noqa: BLE001 - a move that does not parse or apply (a tooltip shows the reason: no move text)
        return Result(UNKNOWN, nodes=reply["nodes"], seconds=reply["seconds"],
                      reason=_("bad answer: a move of its line cannot be played"))
    if reply["answer"] == WINNABLE and not game.is_won(current):
        return Result(UNKNOWN, nodes=reply["nodes"], seconds=reply["seconds"], reason=_("bad answer: no win"))
    return Result(reply["answer"], tuple(moves), reply["nodes"], reply["seconds"], reply["reason"])


class Processes:
    """The app's worker processes: started lazily, reused, one per job running at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: list[Handle] = []
        self._all: list[Handle] = []
        self._serial = 0

    def solve(self, game, state, options, seconds: float, cancel: threading.Event) -> Result:
        """Blocks (sleeping, not holding the interpreter lock) until the worker answers."""
        try:
            position = game.format_position(state)
        except Exception as exc:  # noqa: BLE001 - a game without a position text
            return Result(UNKNOWN, reason=failed(game, exc))
        reply = self.ask({"kind": "solve", "game": game.id, "options": dict(options), "position": position,
                          "seconds": seconds}, cancel)
        return result_of(game, state, reply)

    def blocked_verdict(self, game, state, options, cancel: threading.Event, limit: int = blocked.LIMIT) -> str:
        """``blocked.verdict`` of ``state``, searched in a worker; UNDECIDED when it cannot answer."""
        try:
            position = game.format_position(state)
        except Exception:  # noqa: BLE001 - a game without a position text
            return blocked.UNDECIDED
        reply = self.ask({"kind": "blocked", "game": game.id, "options": dict(options), "position": position,
                          "limit": limit}, cancel)
        return reply["answer"] if reply["answer"] in (blocked.BLOCKED, blocked.OPEN) else blocked.UNDECIDED

    def guess(self, game, state, options, cancel: threading.Event) -> tuple[object, str]:
        """``game.hint(state)`` worked out in a worker: (the move or None, "") or, when
        there is no answer, (None, the reason)."""
        try:
            position = game.format_position(state)
        except Exception as exc:  # noqa: BLE001 - a game without a position text
            return None, failed(game, exc)
        reply = self.ask({"kind": "guess", "game": game.id, "options": dict(options), "position": position}, cancel)
        if reply["reason"]:
            return None, reply["reason"]
        try:
            return (game.parse_move(state, reply["moves"][0]) if reply["moves"] else None), ""
        except Exception:  # noqa: BLE001 - a move text that does not parse here
            return None, _("bad answer: the hint's move cannot be played")

    def finish_line(self, game, state, options, cancel: threading.Event) -> tuple[list | None, str]:
        """``game.finish_moves(state)`` worked out in a worker: (the moves or None, "") or,
        when there is no answer, (None, the reason). The moves are parsed and played here
        to a win (``play``: each is checked by ``apply`` when the table plays it)."""
        try:
            position = game.format_position(state)
        except Exception as exc:  # noqa: BLE001 - a game without a position text
            return None, failed(game, exc)
        reply = self.ask({"kind": "finish", "game": game.id, "options": dict(options), "position": position}, cancel)
        if reply["reason"] or not reply["moves"]:
            return None, reply["reason"]
        moves, current = [], state
        try:
            for text in reply["moves"]:
                moves.append(game.parse_move(current, text))
                current = game.play(current, moves[-1])
        except Exception:  # noqa: BLE001 - a move that does not parse or play here
            return None, _("bad answer: a move of the finish cannot be played")
        return (moves, "") if game.is_won(current) else (None, _("bad answer: the finish does not win"))

    def shortened(self, game, state, options, line: tuple, cancel: threading.Event) -> tuple:
        """``line``, a winning line from ``state``, with its detours taken out in a worker
        (``shortening``); replayed here with ``apply`` to a win, else ``line`` as it was."""
        try:
            job = {"kind": "shorten", "game": game.id, "options": dict(options),
                   "position": game.format_position(state), "moves": [game.format_move(m) for m in line]}
        except Exception:  # noqa: BLE001 - a game without a position or move text: its line as it is
            return line
        reply = self.ask(job, cancel)
        if reply["reason"]:
            return line
        short = result_of(game, state, {**reply, "answer": WINNABLE})
        return short.moves if short.answer == WINNABLE and len(short.moves) < len(line) else line

    def find_winnable_deal(self, game, options, first: int, seconds: float, cancel: threading.Event,
                           tries: int = 200) -> tuple[int, Result] | None:
        options = dict(options)
        reply = self.ask({"kind": "deal", "game": game.id, "options": options, "first": first,
                          "seconds": seconds, "tries": tries}, cancel)
        if reply["deal"] is None:
            return None
        result = result_of(game, game.new(reply["deal"], **options), reply)
        return (reply["deal"], result) if result.answer == WINNABLE else None

    def ask(self, job: dict, cancel: threading.Event) -> dict:
        """The worker's reply to ``job``; ``unknown`` when it died or had to be killed."""
        with self._lock:
            self._serial += 1
            job["serial"] = serial = self._serial
        job["language"] = i18n.language()
        try:
            handle = self._take()
        except OSError as exc:  # no process could be started
            return lost(_("the solver process did not start ({error})").format(error=exc))
        try:
            handle.stop.value = 0
            handle.conn.send(job)
            deadline = None
            while True:
                ready = wait([handle.conn, handle.process.sentinel], POLL)
                if handle.conn in ready:
                    reply = handle.conn.recv()
                    if reply["serial"] == serial:
                        self._give_back(handle)
                        return reply
                elif ready:
                    return self._lost(handle, _("the solver process stopped"))
                if cancel.is_set() and deadline is None:
                    handle.stop.value = 1
                    deadline = time.monotonic() + STOP_GRACE
                if deadline is not None and time.monotonic() > deadline:
                    return self._lost(handle, _("the solver process did not stop"))
        except (EOFError, OSError) as exc:
            return self._lost(handle, _("the solver process stopped ({error})").format(error=exc))

    def _take(self) -> Handle:
        with self._lock:
            while self._idle:
                handle = self._idle.pop()
                if handle.process.is_alive():
                    return handle
                self._all.remove(handle)
                handle.kill()  # died while idle: reaped here
            handle = Handle()
            self._all.append(handle)
            return handle

    def _give_back(self, handle: Handle) -> None:
        with self._lock:
            if handle in self._all:
                self._idle.append(handle)

    def _lost(self, handle: Handle, reason: str) -> dict:
        with self._lock:
            if handle in self._all:
                self._all.remove(handle)
        handle.kill()
        return lost(reason)

    @property
    def pids(self) -> list[int]:
        with self._lock:
            return [h.process.pid for h in self._all]

    def shutdown(self) -> None:
        """Stop every worker (joined, terminated if it will not quit); the next job starts a new one."""
        with self._lock:
            handles, self._all, self._idle = self._all, [], []
        for handle in handles:
            handle.kill()
