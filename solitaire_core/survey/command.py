"""``solitaire survey``: solve a range of deals on Dask, keeping each answer, or
(``--report``) say what the answers kept so far show.

Dask is imported only when a survey runs (by ``survey.run``), so the other verbs
and the app never load it; without it the verb says how to install it.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import time
from pathlib import Path

from ..records.paths import survey_path
from ..solver.commands import budget_seconds, deal_range
from ..solver import UNKNOWN, UNWINNABLE, WINNABLE
from .progress import Progress, duration
from .report import find_chart, rows, table, write_csv
from .store import Store, options_key

INSTALL = "pip install 'solitaire-framework[survey]'"
DEFAULT_BUDGET = 10.0


def add_survey_arguments(parser: argparse.ArgumentParser) -> None:
    from ..cli import add_option_argument
    parser.add_argument("game", metavar="GAME", nargs="?", help="game id (see 'solitaire list')")
    parser.add_argument("--deals", type=deal_range, metavar="A-B", help="deal numbers, both included")
    add_option_argument(parser)
    parser.add_argument("--budget", type=budget_seconds, default=DEFAULT_BUDGET, metavar="SECONDS",
                        help=f"time budget per deal (default {DEFAULT_BUDGET:g}); a larger one retries the unknowns")
    parser.add_argument("--store", metavar="FILE", help=f"the answers' SQLite file (default {survey_path()})")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="a Dask scheduler, e.g. tcp://host:8786 (default: a local cluster, a worker a core)")
    parser.add_argument("--report", action="store_true", help="print the shares the stored answers show, and exit")
    parser.add_argument("--csv", metavar="FILE", help="with --report: also write them as CSV")
    parser.add_argument("--chart", metavar="FILE.png", help="with --report: also draw them as a PNG chart")


def run_survey(args: argparse.Namespace) -> int:
    from ..cli import UsageError
    if args.report:
        return run_report(args)
    if args.csv or args.chart:
        raise UsageError("--csv and --chart go with --report")
    if args.game is None or args.deals is None:
        raise UsageError("a survey needs GAME and --deals A-B (or --report)")
    from ..cli import find_game, given_options
    from ..options import resolve
    game = find_game(args.game)
    options = given_options(game, args)
    key = options_key(resolve(game.options, options))
    try:
        from . import run
    except ImportError as exc:
        if not dask_missing(exc):
            raise
        raise UsageError(f"a survey runs on Dask, which is not installed: {INSTALL}") from None
    path = args.store or survey_path()
    try:
        store = Store(path)
        pending = store.pending(game.id, key, args.deals, args.budget)
    except (sqlite3.Error, OSError) as exc:  # not a survey store, or not writable
        raise UsageError(f"cannot use the survey store {path}: {exc}") from None
    with store:
        label = " ".join([game.id, *(f"{k}={v}" for k, v in resolve(game.options, options))])
        print(f"{label}: deals {args.deals.start}-{args.deals.stop - 1}, budget {args.budget:g} s, "
              f"{len(args.deals) - len(pending)} answered before, {len(pending)} to solve")
        sys.stdout.flush()
        started = time.monotonic()
        progress = Progress(len(pending))
        try:
            outcome = run.run(store, game.id, options, key, pending, args.budget, args.scheduler, progress) \
                if pending else None
        except run.SurveyFailed as exc:
            progress.close()
            print(f"solitaire: {exc}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            progress.close()
            print("solitaire: survey stopped; the answers that came are stored: run it again to go on",
                  file=sys.stderr)
            return 130
        progress.close()
        if outcome is not None:
            for problem in outcome.problems:
                print(f"solitaire: a solution did not replay, kept as unknown: {problem}", file=sys.stderr)
            found = ", ".join(f"{outcome.counts.get(v, 0)} {v}" for v in (WINNABLE, UNWINNABLE, UNKNOWN))
            print(f"solved {sum(outcome.counts.values())} deals ({found}) in "
                  f"{duration(time.monotonic() - started)} on {outcome.workers} workers")
        chosen = dict(resolve(game.options, options))
        print(table([row for row in rows(store.answers(game.id)) if row.options == chosen]))
    return 0


def dask_missing(exc: BaseException | None) -> bool:
    """Whether an import failed for want of Dask (its own shim re-raises without the name)."""
    while exc is not None:
        if isinstance(exc, ImportError) and (exc.name or "").split(".")[0] in ("dask", "distributed"):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def run_report(args: argparse.Namespace) -> int:
    from ..cli import UsageError
    path = args.store or survey_path()
    try:
        report = []
        if Path(path).exists():
            with Store(path) as store:
                report = rows(store.answers(args.game))
    except (sqlite3.Error, OSError) as exc:  # not a survey store, or unreadable
        raise UsageError(f"cannot read the survey store {path}: {exc}") from None
    print(table(report))
    if args.csv:
        try:
            with open(args.csv, "w", newline="", encoding="utf-8") as stream:
                write_csv(report, stream)
        except OSError as exc:
            raise UsageError(f"cannot write {args.csv}: {exc}") from None
    if args.chart:
        draw = find_chart()
        if draw is None:
            raise UsageError("no front end installed to draw the chart (entry point group 'solitaire.charts')")
        try:
            draw(report, args.chart)
        except OSError as exc:
            raise UsageError(f"cannot write {args.chart}: {exc}") from None
    return 0
