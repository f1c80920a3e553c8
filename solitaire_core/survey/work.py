"""What a worker runs: a batch of deals solved one after another (no Dask here,
so the same function serves any pool), each winnable answer replayed to a win
from the very text that will be stored, before it leaves the worker.

The replay runs on the worker, as ``solitaire winnability`` does it, so the
client only stores: replaying costs as much as a fast deal's search (``apply``
checks each move is legal), and the client shares the machine with workers.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from attrs import frozen

from ..i18n import _
from ..pools import replay
from ..registry import GameFailed, game_failure, load_games
from ..solver import UNKNOWN, WINNABLE, Budget, solve

PACKAGE = "solitaire-framework"


@frozen
class Solved:
    """A deal's answer as it leaves the worker: the solution as notation text."""

    deal: int
    verdict: str
    seconds: float
    positions: int
    solution: tuple[str, ...] = ()
    problem: str = ""  # why a solution found did not replay (the answer is then unknown)


@functools.lru_cache(maxsize=None)
def game_by_id(game_id: str):
    return load_games()[game_id]


@functools.lru_cache(maxsize=None)
def solver_version(game_id: str) -> str:
    """The package's version and a digest of the solver's and the game's source: an
    answer is tied to the code that found it, and a worker running other code shows."""
    from .. import solver
    try:
        release = version(PACKAGE)
    except PackageNotFoundError:
        release = "unreleased"
    game_folder = Path(sys.modules[type(game_by_id(game_id)).__module__].__file__).parent
    digest = hashlib.sha256()
    for folder in (Path(solver.__file__).parent, game_folder):
        for path in sorted(folder.glob("*.py")):
            digest.update(path.read_bytes())
    return f"{release}+{digest.hexdigest()[:12]}"


def solve_batch(game_id: str, options: dict, deals: tuple[int, ...], seconds: float) -> tuple[str, list[Solved]]:
    """Solve each deal within ``seconds``: (the solver version, the answers)."""
    game = game_by_id(game_id)
    answers = []
    for deal in deals:
        try:
            result = solve(game, game.new(deal, **options), Budget(seconds=seconds))
            solved = Solved(deal, result.answer, result.seconds, result.nodes,
                            tuple(game.format_move(move) for move in result.moves))
            problem = replay_failure(game, options, solved)
        except Exception as exc:  # a plugin's bug: named in words that survive the trip out of a worker
            failure = game_failure(game, exc)
            if failure is None:
                raise
            raise GameFailed(failure) from None
        if problem:  # never a false winnable: kept as unknown, and the client says why
            solved = Solved(deal, UNKNOWN, result.seconds, result.nodes, (),
                            _("deal {deal}: {problem}").format(deal=deal, problem=problem))
        answers.append(solved)
    return solver_version(game_id), answers


def replay_failure(game, options: dict, solved: Solved) -> str | None:
    """None when a winnable answer's moves, read back from their text, play the deal to a
    win through ``game.apply``; else why not."""
    return None if solved.verdict != WINNABLE else replay(game, options, solved.deal, solved.solution)[1]
