"""``solitaire stats [GAME]``: the statistics and running totals as tables.

It reads the store the app writes (``SOLITAIRE_DATA_DIR`` or the user's data
folder) and creates nothing when there is none yet.
"""

from __future__ import annotations

import argparse
import sys

from ..inputs import quote
from ..registry import load_games
from . import report
from .figures import StoreError
from .paths import records_path
from .store import Store


def add_stats_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", nargs="?", help="one game id (default: every game played)")


def run_stats(args: argparse.Namespace) -> int:
    games = load_games()
    path = records_path()
    if args.game is not None and args.game not in games and not path.exists():
        return _fail(f"unknown game {quote(args.game)} (installed: {', '.join(games) or 'none'})")
    if not path.exists():
        print(f"No games recorded yet (statistics file: {path}).")
        return 0
    try:
        with Store(path, read_only=True) as store:
            known = store.games()
            if args.game is not None and args.game not in games and args.game not in known:
                return _fail(f"unknown game {quote(args.game)} (installed: {', '.join(games) or 'none'})")
            summary, totals = store.summary(args.game), store.running_totals(args.game)
            for notice in store.notices:
                print(f"solitaire: {notice}", file=sys.stderr)
    except StoreError as exc:
        return _fail(str(exc))
    if not summary and not totals:
        print(f"No games{f' of {args.game}' if args.game else ''} recorded yet.")
        return 0
    out = []
    if summary:
        out.append(report.text_table(report.HEADERS, [report.row(s, games) for s in summary]))
    if totals:
        rows = [[g, report.options_label(o, games.get(g)), str(t)] for g, o, t in totals]
        out.append("Running totals\n" + report.text_table(("Game", "Options", "Total"), rows, {"Total"}))
    sys.stdout.write("\n".join(out))
    return 0


def _fail(message: str) -> int:
    print(f"solitaire: {message}", file=sys.stderr)
    return 2
