"""How much a running solver search slows the Qt table.

Plays random moves and times the view update after each (as benchmarks/ui.py)
three times: with no search, with searches running in a thread of the app's
process (the old way: they share the interpreter lock) and with searches in a
worker process (the app's way: its thread only waits). Figures, no asserts.
Usage: ui_solver.py [game-id] (default: the game with the most cards).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import threading
import time
from functools import partial

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SOLITAIRE_DATA_DIR", tempfile.mkdtemp(prefix="solitaire-bench-"))

from solitaire_core.scene import scene_for  # noqa: E402  (no Qt: the environment above is for the app)

MOVES = 150
SEARCH_SECONDS = 5.0


def searching(solve, game, stop: threading.Event, counts: list) -> None:
    """Searches of deal starts one after the other until ``stop``."""
    deal = 1
    while not stop.is_set():
        solve(game, game.new(deal), SEARCH_SECONDS, stop)
        counts.append(deal)
        deal += 1


def timed_moves(app, window, game) -> list[float]:
    rng = random.Random(1)
    window.set_session(type(window.session)(game, 1, {}))
    times = []
    for _ in range(MOVES):
        moves = list(game.legal_moves(window.session.state))
        if not moves:
            window.set_session(type(window.session)(game, 1, {}))
            continue
        window.session.play(rng.choice(moves))
        scene = partial(scene_for, game, window.session.state)  # the layout the window hands the table
        t0 = time.perf_counter()
        window.view.show_scene(scene, animate=True)
        window.view.finish_animations()
        app.processEvents()
        times.append(time.perf_counter() - t0)
    return times


def main() -> int:
    from PySide6.QtWidgets import QApplication

    from solitaire_core.registry import load_games
    from ui_qt import solving
    from ui_qt.app import build_window, dispose
    from ui_qt.solver_process import solve_here

    app = QApplication.instance() or QApplication(sys.argv[:1])
    games = load_games()
    game = games[sys.argv[1]] if len(sys.argv) > 1 else max(games.values(), key=lambda g: len(g.scene(g.new(1)).cards))
    window = build_window({"game": game.id, "deal": 1}, games=games, persist=False)
    window.solver.status_action.setChecked(False)  # only the searches below
    window.resize(1280, 800)
    window.show()
    app.processEvents()

    def in_process(g, state, seconds, cancel):
        return solving.PROCESSES.solve(g, state, {}, seconds, cancel)

    print(f"View update after a move while the solver searches: {game.name}, {MOVES} moves, 1280x800 offscreen")
    for label, solve in (("no search", None), ("search in a thread", solve_here),
                         ("search in a worker process", in_process)):
        if solve is in_process:
            solving.PROCESSES.solve(game, game.new(1), {}, 0.01, threading.Event())  # started beforehand
        stop, counts = threading.Event(), []
        thread = threading.Thread(target=searching, args=(solve, game, stop, counts)) if solve else None
        if thread:
            thread.start()
            time.sleep(0.2)
        times = timed_moves(app, window, game)
        stop.set()
        if thread:
            thread.join()
        print(f"  {label:28} median {statistics.median(times) * 1000:6.2f} ms   "
              f"max {max(times) * 1000:6.2f} ms   (searches finished meanwhile: {len(counts)})")
    dispose(window)
    solving.PROCESSES.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
