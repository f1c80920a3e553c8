"""A statistics file another program holds locked (issue 13): the resets the player asks for are
written off the GUI thread and said done or not done; an old file that must be upgraded when
it is first opened does not hold up the table. The lock is real: a second process holds
``BEGIN EXCLUSIVE`` on the file."""

import sqlite3
import subprocess
import sys
import threading
from contextlib import closing, contextmanager

import pytest
from PySide6.QtCore import QTimer

from solitaire_core.records import Store, records_path
from solitaire_core.records.schema import VERSION
from ui_qt import recording, stats_dialog
from uihelpers import carrying, deal_with_move

LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
print("released", flush=True)
"""
WAIT_MS = 30_000


class Locker:
    """Another process holding the statistics file locked until ``release``."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, "-c", LOCKER, str(records_path())], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout.readline() == "locked\n"

    def release(self) -> None:
        if self.process.stdin.closed:
            return
        self.process.stdin.write("\n")
        self.process.stdin.close()
        assert self.process.stdout.readline() == "released\n"
        self.process.wait(timeout=10)


@contextmanager
def locked():
    locker = Locker()
    try:
        yield locker
    finally:
        locker.release()


def ticking(window) -> list:
    """The ticks of a timer on the table's event loop: they come only while it is not held up."""
    ticks = []
    QTimer(window, interval=10, timeout=lambda: ticks.append(1)).start()
    return ticks


def in_store(game_id=None):
    """Read as another program would (a reader is never kept waiting)."""
    with Store(timeout=0.5) as store:
        return store.records(game_id)


def writes_of(monkeypatch, name):
    """The threads that ran ``Store.<name>``."""
    threads = []
    original = getattr(Store, name)

    def spy(store, *args, **kwargs):
        threads.append(threading.current_thread())
        return original(store, *args, **kwargs)

    monkeypatch.setattr(Store, name, spy)
    return threads


def test_forgetting_a_games_figures_while_the_file_is_locked(open_window, pile_game, qtbot, monkeypatch):
    threads = writes_of(monkeypatch, "reset")
    monkeypatch.setattr(stats_dialog, "confirm", lambda *args: True)
    window, move = deal_with_move(open_window, pile_game)
    assert window.play(move)
    window.new_action.trigger()  # the game left is recorded
    qtbot.waitUntil(lambda: window.records.recorder.waiting == 0, timeout=WAIT_MS)
    window.records.stats_action.trigger()
    dialog = window.records.dialog
    assert dialog.cells()
    ticks = ticking(window)
    with locked():
        dialog.reset_button.click()
        assert dialog.message.text() == f"Forgetting the games of {pile_game.name}\u2026"
        assert not dialog.reset_button.isEnabled()
        qtbot.waitUntil(lambda: "could not be forgotten" in dialog.message.text(), timeout=WAIT_MS)
        assert ticks  # the table's event loop ran meanwhile
        assert dialog.message.text().endswith("Nothing was changed; try again later.")
        assert len(in_store(pile_game.id)) == 1 and dialog.cells() and dialog.reset_button.isEnabled()
    dialog.reset_button.click()  # the file is free: asked again, it is done
    qtbot.waitUntil(lambda: dialog.table.isHidden(), timeout=WAIT_MS)
    assert dialog.message.text() == f"No games of {pile_game.name} recorded yet."
    assert in_store(pile_game.id) == []
    assert threads and threading.main_thread() not in threads  # never written by the GUI thread


def test_resetting_the_running_total_while_the_file_is_locked(open_window, games, qtbot, monkeypatch):
    game, options = carrying(games)
    options = {k: str(v) for k, v in options.items()}  # as the command line gives them
    threads = writes_of(monkeypatch, "reset_running_total")
    monkeypatch.setattr(stats_dialog, "confirm", lambda *args: True)
    window = open_window({"game": game.id, "deal": 1, "options": options})
    assert window.play(game.legal_moves(window.session.state)[0])
    window.new_action.trigger()  # the game left adds its score to the total
    qtbot.waitUntil(lambda: window.records.recorder.waiting == 0, timeout=WAIT_MS)
    label, score = window.records.total_label, game.score(window.session.state)
    before = label.text()
    assert before != f"Total: {score}"
    ticks = ticking(window)
    with locked():
        window.records.reset_total_action.trigger()
        assert window.statusBar().currentMessage() == f"Resetting the running total of {game.name}\u2026"
        qtbot.waitUntil(lambda: "could not be reset" in getattr(window.notices.notices.get("records"), "text", ""),
                        timeout=WAIT_MS)
        assert ticks and label.text() == before
    window.records.reset_total_action.trigger()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage()
                    == f"The running total of {game.name} starts again from 0.", timeout=WAIT_MS)
    assert label.text() == f"Total: {score}"
    assert threads and threading.main_thread() not in threads


def old_file(game, options, total: int) -> None:
    """A statistics file as the version before uids wrote it: one game and a running total."""
    state = game.new(1, **options)
    with Store() as store:
        store.add_to_running_total(game.id, game.running_total_options(state), game.running_total, total)
    conn = sqlite3.connect(records_path(), isolation_level=None)
    conn.execute("INSERT INTO games (game, options, deal, result, moves, score, duration, started, ended) "
                 "VALUES (?, '{}', 7, 'lost', 12, -30, 60.0, '2026-01-01T10:00:00+00:00', "
                 "'2026-01-01T10:01:00+00:00')", (game.id,))
    conn.execute("DROP INDEX games_by_uid")
    conn.execute("ALTER TABLE games DROP COLUMN uid")
    conn.execute(f"PRAGMA user_version = {VERSION - 1}")
    conn.close()


def test_an_old_file_locked_at_the_start_does_not_hold_up_the_table(open_window, games, qtbot, monkeypatch):
    game, options = carrying(games)
    options = {k: str(v) for k, v in options.items()}  # as the command line gives them
    monkeypatch.setattr(recording, "RETRY_SECONDS", 0.5)  # no need to wait the app's 5 s between tries
    old_file(game, options, 70)
    with locked() as locker:
        window = open_window({"game": game.id, "deal": 1, "options": options})  # reads the total at once
        ticks = ticking(window)
        notice = window.notices.notices["records"].text
        assert notice.startswith("The statistics file is in use by another program")
        assert not window.records.total_label.isVisible()
        window.records.stats_action.trigger()
        dialog = window.records.dialog
        assert dialog.message.text() == ("Statistics are not available: the statistics file is in use by "
                                         "another program; they are shown as soon as it is free")
        assert window.play(game.legal_moves(window.session.state)[0])  # play goes on
        qtbot.waitUntil(lambda: len(ticks) > 5, timeout=WAIT_MS)
        assert not window.records.total_label.isVisible()
        locker.release()
        score = game.score(window.session.state)
        qtbot.waitUntil(lambda: window.records.total_label.text() == f"Total: {70 + score}", timeout=WAIT_MS)
        assert "records" not in window.notices.notices  # the notice about the wait is gone
        qtbot.waitUntil(lambda: dialog.cells() and dialog.cells()[0][1] == "1", timeout=WAIT_MS)
    with closing(sqlite3.connect(records_path())) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == VERSION  # upgraded once it was free
