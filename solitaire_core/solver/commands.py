"""``solitaire solve`` and ``solitaire winnability`` (docs/architecture.md, The command line), as cli.py verbs.

``solve`` prints ``winnable``, ``unwinnable`` or ``unknown`` on its first line,
then after ``winnable`` the solution one engine move per line, as ``solitaire
replay`` accepts them. ``winnability`` spreads deals over processes, one deal
per task, and prints the counts, shares and times per deal.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import multiprocessing
import os
import statistics
import sys
import time

from ..i18n import _, ngettext, pgettext
from ..interrupts import Terminated, interrupt_held, termination_as_interrupt
from ..registry import GameFailed, game_failure
from ..watchdog import SEARCH_GRACE, watched
from ..words import percent
from .derived import derived_model, why_not
from .kernel import search_note
from .search import UNKNOWN, UNWINNABLE, WINNABLE, Budget, check_solution, solve

DEFAULT_BUDGET = 10.0


def verdict_word(answer: str) -> str:
    """A deal's answer in the player's language, for the tables of ``winnability`` and
    ``survey``; the answer itself (``solve``'s first line, the stores, the CSV) stays
    ``winnable``, ``unwinnable`` or ``unknown`` in every language."""
    return {WINNABLE: pgettext("a deal's answer", "winnable"), UNWINNABLE: pgettext("a deal's answer", "unwinnable"),
            UNKNOWN: pgettext("a deal's answer", "unknown")}.get(answer, answer)


def budget_seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("budget must be a number of seconds, not {text}").format(
            text=repr(text))) from None
    if not seconds > 0:
        raise argparse.ArgumentTypeError(_("budget must be more than 0 seconds, not {text}").format(text=text))
    return seconds


def deal_range(text: str) -> range:
    """``A-B`` (both included) or a single deal number."""
    from ..deals import MAX_DEAL
    first, sep, last = text.partition("-")
    try:
        a = int(first)
        b = int(last) if sep else a
    except ValueError:
        raise argparse.ArgumentTypeError(_("deals must be written A-B (e.g. 1-100), not {text}").format(
            text=repr(text))) from None
    if not 0 <= a <= b <= MAX_DEAL:
        raise argparse.ArgumentTypeError(_("deals {text}: need 0 <= A <= B <= {highest}").format(
            text=repr(text), highest=MAX_DEAL))
    return range(a, b + 1)


def jobs_count(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(_("--jobs needs a whole number from 1, not {text}").format(text=repr(text)))
    return jobs


# --- solve ------------------------------------------------------------------------
def add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    from ..cli import add_game_arguments
    add_game_arguments(parser)
    parser.add_argument("--budget", type=budget_seconds, default=DEFAULT_BUDGET, metavar="SECONDS",
                        help=_("time budget (default {seconds:g})").format(seconds=DEFAULT_BUDGET))


def run_solve(args: argparse.Namespace) -> int:
    from ..cli import find_game, start_state
    game = find_game(args.game)
    start = start_state(game, args)
    note = search_note()
    if note is not None:
        print("solitaire: " + note, file=sys.stderr)
    # A budget is a budget: a search stuck in a game's code that never returns is said, as unknown.
    with watched(args.budget + SEARCH_GRACE if args.watched else None, first_line=UNKNOWN):
        result = solve(game, start, Budget(seconds=args.budget))
    lines = [result.answer] + [game.format_move(m) for m in result.moves]
    sys.stdout.write("\n".join(lines) + "\n")
    if result.answer == UNKNOWN:
        print(_("solitaire: unknown after {seconds:.1f} s, {count} positions ({reason})").format(
            seconds=result.seconds, count=result.nodes, reason=_(result.reason) if result.reason else ""), file=sys.stderr)
    return 0


# --- winnability --------------------------------------------------------------------
def add_winnability_arguments(parser: argparse.ArgumentParser) -> None:
    from ..cli import add_option_argument
    parser.add_argument("game", metavar="GAME", help=_("game id (see 'solitaire list')"))
    parser.add_argument("--deals", type=deal_range, required=True, metavar="A-B", help=_("deal numbers, both included"))
    add_option_argument(parser)
    parser.add_argument("--budget", type=budget_seconds, default=DEFAULT_BUDGET, metavar="SECONDS",
                        help=_("time budget per deal (default {seconds:g})").format(seconds=DEFAULT_BUDGET))
    parser.add_argument("--jobs", type=jobs_count, default=os.cpu_count() or 1, metavar="N",
                        help=_("processes, one deal per task (default: one per core)"))


@functools.lru_cache(maxsize=None)
def _game(game_id: str):
    from ..registry import load_games
    return load_games()[game_id]


_STOP = None  # in a worker: the survey's stop event, set on a failed deal or Ctrl-C


def _share_stop(stop) -> None:
    global _STOP
    _STOP = stop


def solve_deal(task):
    """One deal in a worker: (deal, answer, seconds, positions, replayed to a win)."""
    game_id, deal, options, seconds, derived = task
    game = _game(game_id)
    try:
        start = game.new(deal, **options)
        hooks = derived_model(game) if derived else None
        result = solve(game, start, Budget(seconds=seconds), cancel=_STOP, hooks=hooks)
        replayed = result.answer == WINNABLE and check_solution(game, start, result.moves) is None
    except Exception as exc:  # a plugin's bug: named in words that survive the trip out of a worker
        failure = game_failure(game, exc)
        if failure is None:
            raise
        raise GameFailed(failure) from None
    return deal, result.answer, result.seconds, result.nodes, replayed


def survey(game_id: str, deals, options: dict, seconds: float, jobs: int, progress=None,
           derived: bool = False) -> list[tuple]:
    """Solve every deal, ``jobs`` processes at once; results in deal order. ``derived``:
    on the model derived from the declarations even where the game has one of its own
    (``benchmarks/solver_models.py`` weighs the two).

    When a deal fails or Ctrl-C is pressed, the deals not started are dropped, those
    running are cancelled through a shared event, and the workers end on their own: a
    terminated pool can hang when a worker is killed holding its result queue."""
    if derived and (reason := why_not(_game(game_id))) is not None:
        raise ValueError(f"{game_id} has no derived model: {reason}")
    tasks = [(game_id, deal, options, seconds, derived) for deal in deals]
    if jobs == 1:
        results = []
        for task in tasks:
            results.append(solve_deal(task))
            if progress:
                progress(results[-1])
        return results
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context, initializer=_share_stop, initargs=(stop,))
    try:  # the workers start at the first submits
        with interrupt_held():
            futures = [pool.submit(solve_deal, task) for task in tasks]
        results = []
        for future in concurrent.futures.as_completed(futures):
            results.append(future.result())
            if progress:
                progress(results[-1])
    except BaseException:
        stop.set()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return sorted(results)


def percentile(values, share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(results, wall: float | None = None) -> str:
    total = len(results)
    counts = {answer: sum(1 for r in results if r[1] == answer) for answer in (WINNABLE, UNWINNABLE, UNKNOWN)}
    times = [r[2] for r in results]
    nodes = sum(r[3] for r in results)
    decided = counts[WINNABLE] + counts[UNWINNABLE]
    named = [(verdict_word(answer), count) for answer, count in counts.items()]
    named.append((pgettext("deals whose answer is winnable or unwinnable", "decided"), decided))
    width = max(11, *(len(name) for name, _count in named))
    lines = [f"{name:<{width}} {count:>6}  {percent(count / total):>6}" for name, count in named]
    lines.append(_("time per deal: median {median:.3f} s, 95th percentile {high:.3f} s").format(
        median=statistics.median(times), high=percentile(times, 0.95)))
    lines.append(_("positions searched: {count}, {rate:.0f} per second").format(
        count=nodes, rate=nodes / max(sum(times), 1e-9)))
    replayed = sum(1 for r in results if r[4])
    lines.append(_("winnable answers replayed to a win: {count} of {total}").format(
        count=replayed, total=counts[WINNABLE]))
    if wall is not None:
        lines.append(_("wall time: {seconds:.1f} s").format(seconds=wall))
    return "\n".join(lines)


def run_winnability(args: argparse.Namespace) -> int:
    """The plan first, the progress on stderr as the survey shows it, then the counts; Ctrl-C,
    ``kill`` or a closed terminal stop the workers and say so in one line."""
    from ..cli import find_game, given_options
    from ..survey.progress import Progress
    game = find_game(args.game)
    options = given_options(game, args)
    label = " ".join([game.id, *(f"{k}={v}" for k, v in options.items())])  # as typed: -o draw=3
    print(ngettext("{game}: deals {first}-{last}, budget {seconds:g} s, {jobs} job",
                   "{game}: deals {first}-{last}, budget {seconds:g} s, {jobs} jobs", args.jobs).format(
        game=label, first=args.deals.start, last=args.deals.stop - 1, seconds=args.budget, jobs=args.jobs))
    note = search_note()
    if note is not None:
        print("solitaire: " + note, file=sys.stderr)
    sys.stdout.flush()
    started = time.monotonic()
    progress = Progress(len(args.deals), heading=_("winnability: {progress}"))
    try:
        with termination_as_interrupt():
            results = survey(game.id, args.deals, options, args.budget, args.jobs, lambda _: progress.advance(1))
    except KeyboardInterrupt as exc:
        progress.close()
        print("solitaire: " + _("winnability stopped before every deal was answered"), file=sys.stderr)
        return exc.status if isinstance(exc, Terminated) else 130
    progress.close()
    print(summary(results, time.monotonic() - started))
    return 0
