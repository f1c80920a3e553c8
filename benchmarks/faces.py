"""How long the table takes to draw a face from its primitives, per game, at the sizes
a table uses (a fresh painter each round, so every face is drawn, none cached).

Prints the best and the median time per face of each registered game's whole deck (the
best round is the one least disturbed by other work on the machine). Figures, no asserts.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SIZES = (35, 56, 125)  # px wide: a Tacta card, a small window's card, a 1280x800 Klondike card
ROUNDS = 9


def main() -> int:
    from PySide6.QtWidgets import QApplication

    from solitaire_core.registry import load_games
    from ui_qt.cards import CardPainter

    app = QApplication.instance() or QApplication(sys.argv[:1])
    games = load_games()
    for game_id in sorted(games):
        game = games[game_id]
        faces = [game.face(card) for card in dict.fromkeys(game.deck)]
        for width in SIZES:
            times = []
            for _ in range(ROUNDS + 1):  # the first round warms the font caches up, and is dropped
                painter = CardPainter()
                started = time.perf_counter()
                for face in faces:
                    painter.face(face, width, round(width * 1.4))
                times.append((time.perf_counter() - started) / len(faces))
            best, median = min(times[1:]) * 1e6, statistics.median(times[1:]) * 1e6
            print(f"{game_id:16} {width:4} px  best {best:7.1f} us, median {median:7.1f} us per face ({len(faces)} faces)")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
