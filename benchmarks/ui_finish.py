"""What the finish's search costs the table: before, ``game.finish_moves`` ran on the
GUI thread after each move; now the table only asks the solver's worker process
(``ui_qt/finish_watch.py``). On positions with every card face up and the stock
turned onto the waste (benchmarks/lookahead.py's ``face_up``, where the finish has to
decide), for each game with a waste: the search itself, the table's own time to ask
(``FinishWatch.position_changed``), and the wait until the answer is shown (the
table runs meanwhile). Figures, no asserts.

    .venv/bin/python benchmarks/ui_finish.py [--deals 10] [GAME ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SOLITAIRE_DATA_DIR", tempfile.mkdtemp(prefix="solitaire-bench-"))
sys.path.insert(0, str(Path(__file__).parent))

from lookahead import face_up  # noqa: E402


def ms(values) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("games", nargs="*", help="game ids (default: every game with a waste)")
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from solitaire_core.registry import load_games
    from solitaire_core.session import Session
    from ui_qt.app import build_window

    app = QApplication.instance() or QApplication([])
    games = load_games()
    window = build_window({"game": next(iter(games)), "deal": 1}, games=games, persist=False)
    for game in games.values():
        if args.games and game.id not in args.games or not hasattr(game, "zones") or not any(z.id == "waste" for z in game.zones):
            continue
        searched, asked, waited = [], [], []
        for deal in range(1, args.deals + 1):
            try:
                state = face_up(game, game.new(deal))
            except Exception:  # noqa: BLE001 - a layout the sketch cannot turn face up
                continue
            start = time.perf_counter()
            game.finish_moves(state)
            searched.append(time.perf_counter() - start)
            window.set_session(Session(game, deal, dict(state.options), start=state))
            window.finishing.session_changed()  # not known yet: searched again
            start = time.perf_counter()
            window.finishing.position_changed()
            asked.append(time.perf_counter() - start)
            while window.finishing.worker.busy:
                app.processEvents()
            waited.append(time.perf_counter() - start)
        if searched:
            print(f"{game.id}: finish_moves {ms(searched)}; the table asks in {ms(asked)}; "
                  f"answered after {ms(waited)}")
    window.close()


if __name__ == "__main__":
    main()
