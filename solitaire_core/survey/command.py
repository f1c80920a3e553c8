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

from ..i18n import _, ngettext
from ..records.paths import survey_path
from ..solver.commands import budget_seconds, deal_range, verdict_word
from ..solver.kernel import search_note
from ..solver import UNKNOWN, UNWINNABLE, WINNABLE
from .progress import Progress, duration
from .report import CHART_GROUP, find_chart, rows, table, write_csv
from .store import Store, options_key

INSTALL = "pip install 'solitaire-framework[survey]'"
DEFAULT_BUDGET = 10.0


def add_survey_arguments(parser: argparse.ArgumentParser) -> None:
    from ..cli import add_option_argument
    parser.add_argument("game", metavar="GAME", nargs="?", help=_("game id (see 'solitaire list')"))
    parser.add_argument("--deals", type=deal_range, metavar="A-B", help=_("deal numbers, both included"))
    add_option_argument(parser)
    parser.add_argument("--budget", type=budget_seconds, default=DEFAULT_BUDGET, metavar="SECONDS",
                        help=_("time budget per deal (default {seconds:g}); a larger one retries the unknowns").format(
                            seconds=DEFAULT_BUDGET))
    parser.add_argument("--store", metavar="FILE", help=_("the answers' SQLite file (default {path})").format(
        path=survey_path()))
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help=_("a Dask scheduler, e.g. tcp://host:8786 (default: a local cluster, a worker a core)"))
    parser.add_argument("--workers", type=positive, metavar="N",
                        help=_("worker processes of the local cluster (default: one per core)"))
    parser.add_argument("--pool", metavar="FILE",
                        help=_("write the winnable-deal pool of --deals from the store (every deal answered), "
                               "each solution replayed first, and exit"))
    parser.add_argument("--also", action="append", default=[], metavar="KEY=VALUE",
                        help=_("with --pool: the pool holds for this value of an option too (repeatable; "
                               "each solution is replayed under every option set)"))
    parser.add_argument("--report", action="store_true", help=_("print the shares the stored answers show, and exit"))
    parser.add_argument("--csv", metavar="FILE", help=_("with --report: also write them as CSV"))
    parser.add_argument("--chart", metavar="FILE.png", help=_("with --report: also draw them as a PNG chart"))


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(_("not a whole number of 1 or more: {text}").format(text=repr(text)))
    return int(text)


def run_survey(args: argparse.Namespace) -> int:
    from ..cli import UsageError
    if args.report:
        return run_report(args)
    if args.csv or args.chart:
        raise UsageError(_("--csv and --chart go with --report"))
    if args.pool:
        return run_pool(args)
    if args.also:
        raise UsageError(_("--also goes with --pool"))
    if args.workers and args.scheduler:
        raise UsageError(_("--workers is for the local cluster: a cluster at --scheduler has its own"))
    if args.game is None or args.deals is None:
        raise UsageError(_("a survey needs GAME and --deals A-B (or --report)"))
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
        raise UsageError(_("a survey runs on Dask, which is not installed: {install}").format(
            install=INSTALL)) from None
    path = args.store or survey_path()
    try:
        store = Store(path)
        pending = store.pending(game.id, key, args.deals, args.budget)
    except (sqlite3.Error, OSError) as exc:  # not a survey store, or not writable
        raise UsageError(_("cannot use the survey store {path}: {error}").format(path=path, error=exc)) from None
    with store:
        label = " ".join([game.id, *(f"{k}={v}" for k, v in resolve(game.options, options))])
        print(_("{game}: deals {first}-{last}, budget {seconds:g} s, {answered} answered before, "
                "{left} to solve").format(game=label, first=args.deals.start, last=args.deals.stop - 1,
                                          seconds=args.budget, answered=len(args.deals) - len(pending),
                                          left=len(pending)))
        note = search_note()
        if note is not None:
            print("solitaire: " + note, file=sys.stderr)
        sys.stdout.flush()
        started = time.monotonic()
        progress = Progress(len(pending))
        try:
            outcome = run.run(store, game.id, options, key, pending, args.budget, args.scheduler, progress,
                              args.workers) if pending else None
        except run.SurveyFailed as exc:
            progress.close()
            print(f"solitaire: {exc}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            progress.close()
            print("solitaire: " + _("survey stopped; the answers that came are stored: run it again to go on"),
                  file=sys.stderr)
            return 130
        progress.close()
        if outcome is not None:
            for problem in outcome.problems:
                print("solitaire: " + _("a solution did not replay, kept as unknown: {problem}").format(
                    problem=problem), file=sys.stderr)
            found = ", ".join(f"{outcome.counts.get(v, 0)} {verdict_word(v)}" for v in (WINNABLE, UNWINNABLE, UNKNOWN))
            print(ngettext("solved {count} deals ({found}) in {time} on {workers} worker",
                           "solved {count} deals ({found}) in {time} on {workers} workers", outcome.workers).format(
                count=sum(outcome.counts.values()), found=found, time=duration(time.monotonic() - started),
                workers=outcome.workers))
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
        raise UsageError(_("cannot read the survey store {path}: {error}").format(path=path, error=exc)) from None
    print(table(report))
    if not report:  # no empty CSV or chart: a file with headings only would look like a survey of nothing
        for path in filter(None, (args.csv, args.chart)):
            print("solitaire: " + _("{path} not written: no answers to show").format(path=path), file=sys.stderr)
        return 0
    if args.csv:
        try:
            with open(args.csv, "w", newline="", encoding="utf-8") as stream:
                write_csv(report, stream)
        except OSError as exc:
            raise UsageError(_("cannot write {path}: {error}").format(path=args.csv, error=exc)) from None
    if args.chart:
        draw = find_chart()
        if draw is None:
            raise UsageError(_("no front end installed to draw the chart (entry point group {group})").format(
                group=repr(CHART_GROUP)))
        try:
            draw(report, args.chart)
        except OSError as exc:
            raise UsageError(_("cannot write {path}: {error}").format(path=args.chart, error=exc)) from None
    return 0


def run_pool(args: argparse.Namespace) -> int:
    """``--pool FILE``: the pool of the stored winnable answers of ``--deals``."""
    from ..cli import UsageError, find_game, given_options
    from ..errors import SolitaireError
    from ..options import resolve
    from ..pools import PoolError, write
    from .pool import make_pool, option_sets
    if args.game is None or args.deals is None:
        raise UsageError(_("a pool needs GAME and --deals A-B"))
    game = find_game(args.game)
    surveyed = dict(resolve(game.options, given_options(game, args)))
    also: dict[str, list] = {}
    try:
        for item in args.also:
            name, _sep, value = item.partition("=")
            also.setdefault(name.strip(), []).append(dict(resolve(game.options, {name.strip(): value.strip()}))[
                name.strip()])
    except SolitaireError as exc:
        raise UsageError(f"--also {item}: {exc}") from None
    path = args.store or survey_path()
    if not Path(path).exists():
        raise UsageError(_("no survey store at {path}").format(path=path))
    try:
        with Store(path) as store:
            pool = make_pool(game, store, option_sets(surveyed, also), args.deals)
    except sqlite3.Error as exc:
        raise UsageError(_("cannot read the survey store {path}: {error}").format(path=path, error=exc)) from None
    except PoolError as exc:
        print("solitaire: " + _("no pool written: {error}").format(error=exc), file=sys.stderr)
        return 1
    try:
        write(pool, args.pool)
    except OSError as exc:
        raise UsageError(_("cannot write {path}: {error}").format(path=args.pool, error=exc)) from None
    print(_("{path}: {winnable} winnable deals of {first}-{last} ({unwinnable} unwinnable, {unknown} unknown "
            "at {seconds:g} s), {sets} option sets, every solution replayed to a win").format(
        path=args.pool, winnable=len(pool.wins), first=pool.first, last=pool.last,
        unwinnable=pool.survey["unwinnable"], unknown=pool.survey["unknown"], seconds=pool.budget,
        sets=len(pool.options)))
    return 0
