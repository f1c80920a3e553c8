"""How fast the Qt table is, for the registered game with the most cards.

Prints: time from start to the first painted table, time to apply a move and
update the view (the budget is one 60 Hz frame, 16.7 ms), and the relayout
on a resize (new faces rendered, then from the cache). Figures, no asserts.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from functools import partial

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SOLITAIRE_DATA_DIR", tempfile.mkdtemp(prefix="solitaire-bench-"))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def main() -> int:
    started = time.perf_counter()
    from PySide6.QtWidgets import QApplication

    from solitaire_core.registry import load_games
    from solitaire_core.scene import scene_for
    from ui_qt.app import build_window, dispose
    from ui_qt.window import STUCK_CHECK_MS as STUCK_DELAY

    app = QApplication.instance() or QApplication(sys.argv[:1])
    games = load_games()
    game = max(games.values(), key=lambda g: len(g.scene(g.new(1)).cards))
    window = build_window({"game": game.id, "deal": 1}, games=games, persist=False)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    window.view.viewport().repaint()
    first_paint = time.perf_counter() - started
    cards = len(window.view.model.cards)

    rng = random.Random(1)
    move_times, view_times, full_times, stuck_times = [], [], [], []
    for _ in range(120):
        moves = list(game.legal_moves(window.session.state))
        if not moves:
            break
        move = rng.choice(moves)
        t0 = time.perf_counter()
        window.session.play(move)
        layout = partial(scene_for, game, window.session.state)  # what the window hands the table
        t1 = time.perf_counter()
        window.view.show_scene(layout, animate=True)
        window.view.finish_animations()
        app.processEvents()  # Qt paints what changed, as in play
        t2 = time.perf_counter()
        window.view.viewport().repaint()
        t3 = time.perf_counter()
        window.game.is_stuck(window.session.state)
        stuck_times.append(time.perf_counter() - t3)
        move_times.append(t1 - t0)
        view_times.append(t2 - t1)
        full_times.append(t3 - t2)

    resize_cold, resize_warm = [], []
    for k, size in enumerate([(900, 650), (1280, 800)] * 6):
        t0 = time.perf_counter()
        window.resize(*size)
        app.processEvents()
        window.view.viewport().repaint()
        (resize_cold if k < 2 else resize_warm).append(time.perf_counter() - t0)

    print(f"UI benchmark: {game.name} ({cards} cards), PySide6 offscreen, 1280x800")
    print(f"  start to first painted table        {ms(first_paint)}")
    print(f"  engine: apply move (median)         {ms(statistics.median(move_times))}  over {len(move_times)} moves")
    print(f"  scenes for the room, view update + paint (median) {ms(statistics.median(view_times))}"
          f"  (max {ms(max(view_times)).strip()}; a 60 Hz frame is 16.67 ms)")
    print(f"  full-window repaint (median)        {ms(statistics.median(full_times))}  (worst case: every card)")
    print(f"  stuck check after a move (median)   {ms(statistics.median(stuck_times))}"
          f"  (max {ms(max(stuck_times)).strip()}; runs {STUCK_DELAY} ms after the move)")
    print(f"  relayout on resize, new size        {ms(statistics.median(resize_cold))}")
    print(f"  relayout on resize, cached faces    {ms(statistics.median(resize_warm))}")
    dispose(window)
    return 0


if __name__ == "__main__":
    sys.exit(main())
