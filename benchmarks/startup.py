"""Where a cold start of the table goes: from a new Python process to the first painted table.

Each run is a fresh interpreter (``python -c``) that does what ``solitaire play`` does
(``ui_qt.app.build_window`` with the player's settings and saves, then ``show``) and
notes the time of each phase since the process began (its start time in /proc):
interpreter, engine import, plugins (``load_games``), Qt (``QApplication``), UI modules,
the window, the first paint of the table. The first run reads files from disk if they
are not cached; the median of the others is the warm start. With ``DISPLAY`` set the
real X platform is used (run under Xvfb to measure as a player's desktop does), else
offscreen. Figures, no asserts. AisleRiot and KPatience open in about a second.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile

RUNS = 6
PHASES = ("interpreter", "engine", "plugins", "qt", "ui modules", "window", "first paint")

PROBE = r"""
import os, sys, time, json
def since_start():
    ticks = os.sysconf("SC_CLK_TCK")
    start = int(open("/proc/self/stat").read().rsplit(")", 1)[1].split()[19]) / ticks
    uptime = float(open("/proc/uptime").read().split()[0])
    return uptime - start
base = time.perf_counter() - since_start()
marks = {"interpreter": time.perf_counter()}
import solitaire_core.cli
marks["engine"] = time.perf_counter()
from solitaire_core.registry import load_games
games = load_games()
marks["plugins"] = time.perf_counter()
from PySide6.QtWidgets import QApplication
from PySide6.QtCore import QEvent, QObject, QTimer
app = QApplication(sys.argv[:1])
marks["qt"] = time.perf_counter()
from ui_qt.app import build_window
marks["ui modules"] = time.perf_counter()
window = build_window({"game": sys.argv[1], "deal": 1}, games=games, persist=True)
marks["window"] = time.perf_counter()
class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and "first paint" not in marks:
            marks["first paint"] = time.perf_counter()
            QTimer.singleShot(0, app.quit)
        return False
probe = FirstPaint()
window.view.viewport().installEventFilter(probe)
window.resize(1280, 800)
window.show()
app.exec()
print(json.dumps({k: v - base for k, v in marks.items()}))
"""


def run_once(game_id: str, env: dict) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", PROBE, game_id], capture_output=True, text=True, env=env,
                          timeout=120)
    if done.returncode:
        raise SystemExit(f"the probe failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "xcb" if env.get("DISPLAY") else "offscreen")
    env["SOLITAIRE_DATA_DIR"] = tempfile.mkdtemp(prefix="solitaire-startup-")
    from solitaire_core.registry import load_games

    games = load_games()
    print(f"Cold start to the first painted table ({env['QT_QPA_PLATFORM']}, {RUNS} fresh processes each;"
          " seconds since the process began)")
    print(f"{'game':<14}{'run':<7}" + "".join(f"{p:>13}" for p in PHASES))
    for game_id in games:
        runs = [run_once(game_id, env) for _ in range(RUNS)]
        rows = [("first", runs[0]), ("warm", {p: statistics.median(r[p] for r in runs[1:]) for p in PHASES})]
        for label, marks in rows:
            print(f"{game_id:<14}{label:<7}" + "".join(f"{marks[p]:>13.3f}" for p in PHASES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
