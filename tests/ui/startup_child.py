"""Launch the app the way ``solitaire play`` does, once per data folder, and say what it showed.

Run as a child process (the tests run it as an unprivileged user, so file modes
hold): ``python startup_child.py '[{"case": ..., "folder": ...}, ...]'``. For each
case: build the window with ``SOLITAIRE_DATA_DIR`` set to the folder, show it,
open the statistics, then twice start a new deal and play a move in it (which
saves, records, and removes the save), then print one JSON line: the case, the
game on the table and the notices shown (at start, and in all), or the
traceback if anything raised.
"""

from __future__ import annotations

import json
import os
import sys
import traceback

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from ui_qt.app import build_window, dispose  # noqa: E402


def shown(window) -> dict[str, str]:
    return {key: notice.text for key, notice in window.notices.notices.items()}


def launch(case: dict) -> dict:
    os.environ["SOLITAIRE_DATA_DIR"] = case["folder"]
    window = build_window(case.get("request", {}))
    try:
        window.show()
        QApplication.processEvents()
        window.records.stats_action.trigger()
        QApplication.processEvents()
        at_start = shown(window)
        for _ in range(2):  # a move saves; the next new deal removes the save
            window.new_action.trigger()
            moves = window.game.legal_moves(window.session.state)
            if moves:
                window.play(moves[0])
            QApplication.processEvents()
        return {"case": case["case"], "game": window.game.id, "at_start": at_start,
                "notices": {**at_start, **shown(window)}}
    finally:
        dispose(window)


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName("solitaire")
    for case in json.loads(sys.argv[1]):
        print(json.dumps({"case": case["case"], "started": True}), flush=True)
        try:
            result = launch(case)
        except BaseException:  # the test reports it: the app must never raise at start
            result = {"case": case["case"], "error": traceback.format_exc()}
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
