"""Never stuck, never lost (issue 13): a locked statistics file freezes nothing and loses no game;
a record left waiting is written at the next start; a game past the moves a save holds plays on."""

import subprocess
import sys
import textwrap
import threading

from PySide6.QtCore import QTimer

from solitaire_core import session as session_module
from solitaire_core.records import GameRecord, Store, records_path
from solitaire_core.records.outbox import Outbox, new_uid, outbox_dir
from ui_qt import recording
from ui_qt.saves import SaveSlot
from uihelpers import deal_with_move

LOCKER = textwrap.dedent("""
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")
    print("locked", flush=True)
    sys.stdin.readline()
    conn.execute("ROLLBACK")
    print("released", flush=True)
    sys.stdin.readline()
""")


def in_store():
    """The games in the store now, read as another program would (a reader is never kept waiting)."""
    with Store(timeout=0.5) as store:
        return store.records()


def waiting_files():
    return list(outbox_dir(records_path()).glob("*.json"))


def test_a_game_left_while_the_store_is_locked_is_recorded_once_it_is_free(open_window, pile_game, qtbot,
                                                                            monkeypatch):
    Store().close()
    writers = []
    write = Store.record

    def record(store, *args, **kwargs):
        writers.append(threading.current_thread())
        return write(store, *args, **kwargs)

    monkeypatch.setattr(Store, "record", record)
    monkeypatch.setattr(recording, "RETRY_SECONDS", 0.5)  # no need to wait the app's 5 s between tries
    window, move = deal_with_move(open_window, pile_game)
    assert window.play(move)
    left = window.session
    locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(records_path())], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert locker.stdout.readline() == "locked\n"
        ticks = []
        timer = QTimer(window, interval=10, timeout=lambda: ticks.append(1))
        timer.start()
        window.new_action.trigger()
        assert window.session is not left and window.session.move_count == 0  # the new deal is on the table
        assert len(waiting_files()) == 1  # the game left is kept while the store cannot take it
        # the table runs its event loop while the store stays locked: the notice arrives through it
        qtbot.waitUntil(lambda: "records" in window.notices.notices, timeout=30000)
        assert "not recorded yet" in window.notices.notices["records"].text
        assert ticks and window.play(window.game.legal_moves(window.session.state)[0])  # play goes on
        assert in_store() == [] and len(waiting_files()) == 1
    finally:
        locker.stdin.write("\n")
        locker.stdin.flush()
    assert locker.stdout.readline() == "released\n"
    qtbot.waitUntil(lambda: window.records.recorder.waiting == 0, timeout=30000)
    (kept,) = in_store()
    assert (kept.deal, kept.moves) == (left.deal, 1) and waiting_files() == []
    assert "records" not in window.notices.notices  # the notice about the wait is gone
    assert writers and threading.main_thread() not in writers  # never written by the GUI thread
    locker.stdin.close()
    locker.wait(timeout=10)


def test_a_record_waiting_from_an_earlier_run_is_written_at_the_next_start(open_window, pile_game, qtbot):
    waiting = GameRecord(game=pile_game.id, options={}, deal=5, result="lost", moves=4, score=None,
                         duration=2.0, uid=new_uid())
    Outbox(outbox_dir(records_path())).put(waiting)
    open_window({"game": pile_game.id})
    qtbot.waitUntil(lambda: not waiting_files(), timeout=30000)
    assert [(r.deal, r.moves) for r in in_store()] == [(5, 4)]


def test_past_the_moves_a_save_holds_the_game_goes_on_unsaved(open_window, pile_game, games, monkeypatch):
    monkeypatch.setattr(session_module, "MAX_SAVE_MOVES", 3)
    window = open_window({"game": pile_game.id, "deal": 1})
    window.autoplay_action.setChecked(False)
    for _ in range(3):
        assert window.play(window.game.legal_moves(window.session.state)[0])
    assert "save" not in window.notices.notices
    saved = list(window.session.moves)
    assert window.play(window.game.legal_moves(window.session.state)[0])  # the 4th: past the limit
    assert "not saved" in window.notices.notices["save"].text
    assert window.play(window.game.legal_moves(window.session.state)[0])  # and play goes on
    resumed, problem = SaveSlot().read(games)
    assert problem == "" and resumed.moves == saved  # the save stands at its last saved move, and loads
    for _ in range(3):
        window.undo()
    assert "not saved" in window.notices.notices["save"].text  # the moves to redo still count
    assert window.play(window.game.legal_moves(window.session.state)[0])  # a move drops them
    assert "save" not in window.notices.notices  # saved again
    assert SaveSlot().read(games)[0].moves == window.session.moves
