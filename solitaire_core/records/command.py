"""``solitaire stats [GAME]``: the statistics and running totals as tables.

It reads the store the app writes (``SOLITAIRE_DATA_DIR`` or the user's data
folder) and creates nothing when there is none yet.
"""

from __future__ import annotations

import argparse
import sys

from ..i18n import N_, _, ngettext
from ..inputs import quote
from ..registry import load_games
from . import report
from .figures import GameRecord, StoreError
from .outbox import Outbox, outbox_dir
from .paths import records_path
from .store import Store, cannot_open


def add_stats_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", nargs="?", help=_("one game id (default: every game played)"))


def run_stats(args: argparse.Namespace) -> int:
    games = load_games()
    path = records_path()
    try:
        present = path.exists()
    except OSError as exc:  # a data folder this user may not look into
        return _fail(cannot_open(path, exc))
    if args.game is not None and args.game not in games and not present:
        return _fail(_unknown(args.game, games))
    if not present:
        print(_("No games recorded yet (statistics file: {path}).").format(path=path))
        return 0
    try:
        with Store(path, read_only=True) as store:
            known = store.games()
            if args.game is not None and args.game not in games and args.game not in known:
                return _fail(_unknown(args.game, games))
            waiting = _waiting(store)
            summary = store.summary(args.game, [record for record, _ in waiting])
            totals = store.running_totals(args.game, waiting)
            for notice in store.notices:
                print(f"solitaire: {notice}", file=sys.stderr)
    except StoreError as exc:
        return _fail(str(exc))
    if not summary and not totals:
        print(_("No games of {game} recorded yet.").format(game=args.game) if args.game
              else _("No games recorded yet."))
        return 0
    out = []
    if summary:
        out.append(report.text_table(report.HEADERS, [report.row(s, games) for s in summary]))
    if totals:
        rows = [[g, report.options_label(o, games.get(g)), str(t)] for g, o, t in totals]
        out.append(_("Running totals") + "\n" + report.text_table((N_("Game"), N_("Options"), N_("Total")), rows,
                                                                  {"Total"}))
    count = sum(1 for record, _ in waiting if args.game in (None, record.game))
    if count:
        out.append(ngettext("{count} game counted here still waits to be written into the statistics file; "
                            "the app writes it in at its next start.",
                            "{count} games counted here still wait to be written into the statistics file; "
                            "the app writes them in at its next start.", count).format(count=count) + "\n")
    sys.stdout.write("\n".join(out))
    return 0


def _unknown(game_id: str, games) -> str:
    return _("unknown game {game} (installed: {games})").format(game=quote(game_id), games=", ".join(games) or _("none"))


def _waiting(store: Store) -> list[tuple[GameRecord, str | None]]:
    """The games the app recorded that wait in its outbox (the statistics file was busy, or the
    app was quitting), each with its running total; one the store holds already is left out
    (records have uids), so none counts twice. The outbox is only looked at."""
    waiting = [(record, total) for _, record, total in Outbox(outbox_dir(store.path)).pending(look=True)]
    kept = store.kept_uids(record.uid for record, _ in waiting)
    unique = {record.uid: (record, total) for record, total in waiting if record.uid not in kept}
    return list(unique.values())


def _fail(message: str) -> int:
    print(f"solitaire: {message}", file=sys.stderr)
    return 2
