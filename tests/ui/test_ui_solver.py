"""The solver in the app: hints, the winnability line, winnable deals only, the demo.

Positions close to the end of a solved deal make the real solver answer at once;
a fake ``solve`` (monkeypatched) controls the timing where the order of events matters.
The real searches run in worker processes: none may outlive a test.
"""

import multiprocessing
import os
import signal
import threading

import pytest

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from solitaire_core import pools
from solitaire_core.session import Session
from solitaire_core.solver import UNKNOWN, UNWINNABLE, WINNABLE, Result, check_solution
from ui_qt import solver_actions, solver_process, solving
from ui_qt.solver_actions import CHECKING_TEXT, START_TEXT, STATUS_TEXT

# A real search starts a worker process (and imports every game) the first time: on a
# loaded machine that takes seconds, so waits on a real answer allow far more than it needs.
REAL_SEARCH_MS = 60_000


@pytest.fixture(autouse=True)
def no_process_left():
    yield
    solving.PROCESSES.shutdown()  # the windows' own shutdown did it already, unless a test closed none
    assert not multiprocessing.active_children()


def near_end(game, solved, left: int) -> Session:
    """The solved deal played up to ``left`` moves before its win."""
    deal, moves = solved
    session = Session(game, deal, {})
    for move in moves[:max(len(moves) - left, 0)]:
        session.play(move)
    return session


def window_at(open_window, game, session):
    window = open_window({"game": game.id, "deal": session.deal})
    window.autoplay_action.setChecked(False)  # only the moves a test plays
    window.set_session(session)
    return window


class Recorder:
    """The real solve, noting each position it was asked about and its answer."""

    def __init__(self):
        self.calls = []

    def __call__(self, game, state, options, seconds, cancel):
        result = solving.solve(game, state, options, seconds, cancel)
        self.calls.append((state, result))
        return result


class Gate:
    """A fake solve that answers ``answer`` only once released (a slow search)."""

    def __init__(self, answer):
        self.answer, self.started, self.release = answer, threading.Event(), threading.Event()
        self.cancels = []

    def __call__(self, game, state, options, seconds, cancel):
        self.cancels.append(cancel)
        self.started.set()
        self.release.wait(10)
        return Result(self.answer, reason="fake")


# --- hint ---------------------------------------------------------------------------------------
def test_hint_from_the_solver_highlights_its_next_move(open_window, pile_game, solved, qtbot, monkeypatch):
    recorder = Recorder()
    monkeypatch.setattr(solver_actions, "solve", recorder)
    window = window_at(open_window, pile_game, near_end(pile_game, solved, 12))
    window.solver.status_action.setChecked(False)  # only the hint asks the solver
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: bool(window.view._marks), timeout=REAL_SEARCH_MS)
    ((state, result),) = recorder.calls
    assert state is window.session.state and result.answer == WINNABLE
    move = result.next_move
    zones, cards, _ = window.view._mark_spec
    if move.is_draw:
        assert zones and not cards
    else:
        assert zones == (move.dst,) and list(cards) == window.view.zone_cards(move.src)[-move.n:]
    message = window.statusBar().currentMessage()
    assert pile_game.describe_move(state, move) in message and "solver" in message


def test_a_hint_for_a_position_no_longer_shown_is_dropped(open_window, pile_game, solved, qtbot, monkeypatch):
    gate = Gate(UNKNOWN)
    monkeypatch.setattr(solver_actions, "solve", gate)
    window = window_at(open_window, pile_game, near_end(pile_game, solved, 12))
    window.solver.status_action.setChecked(False)
    window.hint_action.trigger()
    qtbot.waitUntil(gate.started.is_set)
    window.play(solved[1][-12])
    gate.release.set()
    assert window.solver.shutdown()
    QTest.qWait(0)
    assert not window.view._marks


# --- the winnability line -------------------------------------------------------------------------
def test_the_status_line_says_winnable_and_updates_after_a_move(open_window, pile_game, solved, qtbot, monkeypatch):
    recorder = Recorder()
    monkeypatch.setattr(solver_actions, "solve", recorder)
    window = window_at(open_window, pile_game, near_end(pile_game, solved, 12))
    label = window.solver.label
    assert label.text() == CHECKING_TEXT
    qtbot.waitUntil(lambda: label.text() == STATUS_TEXT[WINNABLE], timeout=REAL_SEARCH_MS)
    # a move off the solver's line: the line is checked again for the new position
    state = window.session.state
    move = next((m for m in pile_game.legal_moves(state) if m != solved[1][-12]), solved[1][-12])
    assert window.play(move)
    after = window.session.state
    known = window.solver.known.get(after)  # on the solver's line: known at once
    if known is None:
        assert label.text() == CHECKING_TEXT
        qtbot.waitUntil(lambda: any(state is after for state, _ in recorder.calls), timeout=REAL_SEARCH_MS)
        known = next(result for state, result in recorder.calls if state is after)
    qtbot.waitUntil(lambda: label.text() == STATUS_TEXT.get(known.answer, solver_actions.UNKNOWN_TEXT),
                    timeout=REAL_SEARCH_MS)


def test_an_answer_for_a_position_no_longer_shown_is_dropped(open_window, pile_game, solved, qtbot, monkeypatch):
    slow = Gate(UNWINNABLE)
    monkeypatch.setattr(solver_actions, "solve", slow)
    window = window_at(open_window, pile_game, near_end(pile_game, solved, 12))
    qtbot.waitUntil(slow.started.is_set)  # searching the first position, slowly
    quick = Gate(WINNABLE)
    quick.release.set()  # the new position's search answers at once, whatever the machine's load
    monkeypatch.setattr(solver_actions, "solve", quick)
    assert window.play(solved[1][-12])
    assert slow.cancels[0].is_set()
    qtbot.waitUntil(lambda: window.solver.label.text() == STATUS_TEXT[WINNABLE])
    slow.release.set()  # the old search answers now, "unwinnable", about a position gone
    for thread in window.solver.status_worker._threads:
        thread.join(5)
    QTest.qWait(0)
    assert window.solver.label.text() == STATUS_TEXT[WINNABLE]


def test_a_deal_lost_from_its_start_is_not_winnable_rather_than_no_longer(open_window, pile_game, qtbot,
                                                                             monkeypatch):
    """Before the first move, "no longer winnable" would say the player lost it."""
    monkeypatch.setattr(solver_actions, "solve", lambda *args: Result(UNWINNABLE))
    window = open_window({"game": pile_game.id, "deal": 1})
    label = window.solver.label
    qtbot.waitUntil(lambda: label.text() == START_TEXT[UNWINNABLE], timeout=REAL_SEARCH_MS)
    assert window.play(next(iter(pile_game.legal_moves(window.session.state))))
    qtbot.waitUntil(lambda: label.text() == STATUS_TEXT[UNWINNABLE], timeout=REAL_SEARCH_MS)
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: label.text() == START_TEXT[UNWINNABLE], timeout=REAL_SEARCH_MS)


def test_the_status_line_can_be_turned_off_and_is_remembered(open_window, pile_game, qtbot):
    window = open_window({"game": pile_game.id, "deal": 1})
    assert window.solver.label.isVisibleTo(window)
    window.solver.status_action.setChecked(False)
    assert not window.solver.label.isVisibleTo(window)
    assert not window.solver.status_worker.busy and not window.solver.status_timer.isActive()
    window.close()
    again = open_window({"game": pile_game.id, "deal": 1})
    assert not again.solver.status_action.isChecked() and not again.solver.label.isVisibleTo(again)


# --- winnable deals only ------------------------------------------------------------------------
@pytest.fixture
def without_pools(monkeypatch):
    """No game ships a pool: they are looked for in a folder no package has."""
    monkeypatch.setattr(pools, "FOLDER", "no-pools-here")
    pools._pools.cache_clear()
    yield
    pools._pools.cache_clear()


def test_winnable_deals_only_gives_a_deal_the_solver_has_won(open_window, pile_game, solved, qtbot, monkeypatch,
                                                              without_pools):
    # An option set without a pool searches. The search starts at a deal the solver wins
    # within a few thousand positions, with time to spare: the answer comes when it is
    # found, whatever the machine's load.
    monkeypatch.setattr(solver_actions.random, "randrange", lambda *_: solved[0])
    monkeypatch.setattr(solver_actions, "DEAL_SECONDS", REAL_SEARCH_MS / 2000)
    window = open_window({"game": pile_game.id, "deal": 1})
    window.solver.status_action.setChecked(False)
    window.solver.winnable_action.setChecked(True)
    window.autoplay_action.setChecked(False)  # the deal as the solver won it (else its safe cards go up)
    old = window.session
    window.new_action.trigger()
    assert window.session is old  # the old game stays meanwhile
    assert "Finding a winnable deal" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: window.session is not old, timeout=REAL_SEARCH_MS)
    start = window.session.state
    known = window.solver.known.get(start)
    assert known.answer == WINNABLE and check_solution(pile_game, start, known.moves) is None
    assert start == pile_game.new(window.session.deal, **window.session.options)
    assert window.session.deal == solved[0]
    assert f"Deal {window.session.deal}" in window.deal_label.text()
    window.close()
    again = open_window({"game": pile_game.id, "deal": 1})
    assert again.solver.winnable_only


def test_deals_the_solver_cannot_decide_in_time_are_skipped(pile_game, monkeypatch):
    answers = {10: UNKNOWN, 11: UNWINNABLE, 12: UNKNOWN, 13: WINNABLE}
    asked = []

    def fake(game, state, seconds, cancel):
        deal = next(d for d in answers if game.new(d) == state)
        asked.append(deal)
        return Result(answers[deal])

    monkeypatch.setattr(solver_process, "solve_here", fake)
    deal, result = solver_process.find_winnable_deal(pile_game, {}, 10, 1.0, lambda: False)
    assert (deal, result.answer, asked) == (13, WINNABLE, [10, 11, 12, 13])


# --- demo ---------------------------------------------------------------------------------------
def test_the_demo_plays_to_a_win_and_each_move_undoes(open_window, pile_game, solved, qtbot):
    window = window_at(open_window, pile_game, near_end(pile_game, solved, 10))
    window.solver.demo_timer.setInterval(1)
    start = window.session.move_count
    window.solver.demo_action.trigger()
    qtbot.waitUntil(lambda: pile_game.is_won(window.session.state), timeout=REAL_SEARCH_MS)
    assert not window.solver.demo_running
    played = window.session.move_count - start
    assert played >= 1
    window.undo()
    assert window.session.move_count == start + played - 1


def test_a_key_or_the_action_again_stops_the_demo(open_window, pile_game, solved, qtbot):
    window = window_at(open_window, pile_game, near_end(pile_game, solved, 30))
    solver = window.solver
    solver.demo_action.trigger()
    qtbot.waitUntil(lambda: solver.demo_timer.isActive(), timeout=REAL_SEARCH_MS)
    solver.demo_timer.setInterval(1)
    qtbot.waitUntil(lambda: window.session.move_count >= len(solved[1]) - 28, timeout=REAL_SEARCH_MS)
    QTest.keyClick(window.view, Qt.Key.Key_Shift)  # a modifier alone may start a shortcut: no stop
    assert solver.demo_running
    QTest.keyClick(window.view, Qt.Key.Key_Right)
    count = window.session.move_count
    assert not solver.demo_running and not solver.demo_timer.isActive()
    QTest.qWait(20)
    assert window.session.move_count == count
    solver.demo_action.trigger()
    qtbot.waitUntil(lambda: solver.demo_timer.isActive(), timeout=REAL_SEARCH_MS)
    solver.demo_action.trigger()
    assert not solver.demo_running and not solver.demo_timer.isActive()


def test_the_demo_does_nothing_when_the_solver_finds_no_win(open_window, pile_game, qtbot, monkeypatch):
    monkeypatch.setattr(solver_actions, "solve", lambda *args: Result(UNWINNABLE))
    window = open_window({"game": pile_game.id, "deal": 1})
    window.solver.demo_action.trigger()
    qtbot.waitUntil(lambda: "no win" in window.statusBar().currentMessage())
    assert not window.solver.demo_running and window.session.move_count == 0


# --- closing ----------------------------------------------------------------------------------------
def test_closing_the_window_cancels_a_running_search(open_window, pile_game, qtbot, monkeypatch):
    started, cancels = threading.Event(), []

    def waits_for_cancel(game, state, options, seconds, cancel):
        cancels.append(cancel)
        started.set()
        cancel.wait(30)
        return Result(UNKNOWN, reason="cancelled")

    monkeypatch.setattr(solver_actions, "solve", waits_for_cancel)
    window = open_window({"game": pile_game.id, "deal": 1})
    qtbot.waitUntil(started.is_set)
    threads = list(window.solver.status_worker._threads)
    window.close()
    assert cancels[0].is_set()
    assert threads and not any(t.is_alive() for t in threads)


def test_closing_the_window_stops_the_solver_processes(open_window, pile_game, qtbot):
    window = open_window({"game": pile_game.id, "deal": 1})
    qtbot.waitUntil(lambda: bool(solving.PROCESSES.pids))  # the winnability search started one
    window.close()
    assert not solving.PROCESSES.pids and not multiprocessing.active_children()


def test_a_closed_window_starts_no_search(open_window, pile_game, qtbot):
    """A move leaves the "blocked?" check waiting on a timer; closing the window stops it,
    and a check that fires all the same (an event already queued) starts no search: a
    search begun after the processes were stopped would start one that outlives the
    window (in the suite, a later test was handed that process, whose registry lacked
    its game: "KeyError" instead of the game's own failure)."""
    window = open_window({"game": pile_game.id, "deal": 1})
    window.autoplay_action.setChecked(False)
    window.autofinish_action.setChecked(False)
    window.play(pile_game.legal_moves(window.session.state)[0])
    assert window.stuck_timer.isActive()
    window.close()
    assert not window.stuck_timer.isActive() and not window.auto_timer.isActive()
    window.stuck_timer.timeout.emit()  # what the timer would have done
    assert not window.blocked.worker.busy
    assert not solving.PROCESSES.pids and not multiprocessing.active_children()


# --- the solver processes -------------------------------------------------------------------------
@pytest.fixture
def processes():
    """Worker processes of this test's own: no thread left by another test can take one."""
    own = solver_process.Processes()
    yield own
    own.shutdown()


def stopped_worker(processes, game, solved):
    """The one worker process, idle after a first search, then frozen (SIGSTOP): it can
    receive a job but not answer until it is let go on."""
    first = near_end(game, solved, 3).state
    assert processes.solve(game, first, {}, 5.0, threading.Event()).answer == WINNABLE
    (pid,) = processes.pids
    os.kill(pid, signal.SIGSTOP)
    wait_for_state(pid, "T")  # stopped indeed, before any job reaches it
    return processes, pid


def wait_for_state(pid, state, limit=60.0):
    """Until the kernel shows process ``pid`` in ``state`` (its /proc stat field)."""
    import time

    deadline = time.monotonic() + limit
    while open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != state:
        assert time.monotonic() < deadline, f"process {pid} never reached state {state}"
        time.sleep(0.001)


def asked_in_thread(processes, *args):
    answers = []
    thread = threading.Thread(target=lambda: answers.append(processes.solve(*args)))
    thread.start()
    return thread, answers


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")
def test_a_killed_worker_answers_unknown_and_the_next_job_gets_a_new_one(processes, pile_game, solved, qtbot):
    processes, pid = stopped_worker(processes, pile_game, solved)
    thread, answers = asked_in_thread(processes, pile_game, pile_game.new(solved[0]), {}, 30.0, threading.Event())
    qtbot.waitUntil(lambda: not processes._idle)
    assert processes.pids == [pid]  # the job went to the frozen worker
    os.kill(pid, signal.SIGKILL)
    thread.join(10)
    (result,) = answers
    assert result.answer == UNKNOWN and "stopped" in result.reason
    again = near_end(pile_game, solved, 3).state
    result = processes.solve(pile_game, again, {}, 5.0, threading.Event())
    assert result.answer == WINNABLE and check_solution(pile_game, again, result.moves) is None
    assert processes.pids and pid not in processes.pids


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")
def test_a_cancelled_job_stops_the_search_in_the_worker(processes, pile_game, solved, qtbot):
    processes, pid = stopped_worker(processes, pile_game, solved)
    cancel = threading.Event()
    thread, answers = asked_in_thread(processes, pile_game, pile_game.new(solved[0]), {}, 30.0, cancel)
    qtbot.waitUntil(lambda: not processes._idle)
    cancel.set()
    qtbot.waitUntil(lambda: processes._all[0].stop.value == 1)  # passed on to the worker before it reads the job
    os.kill(pid, signal.SIGCONT)
    thread.join(10)
    (result,) = answers
    assert result.answer == UNKNOWN and result.reason == "cancelled"
    assert processes.pids == [pid]  # it stopped in time: kept for the next job


def test_a_winning_line_crosses_as_text_and_is_replayed(pile_game, solved):
    state = near_end(pile_game, solved, 6).state
    texts = [pile_game.format_move(m) for m in solved[1][-6:]]
    reply = {"answer": WINNABLE, "moves": texts, "nodes": 1, "seconds": 0.0, "reason": ""}
    assert solver_process.result_of(pile_game, state, reply).moves == tuple(solved[1][-6:])
    short = solver_process.result_of(pile_game, state, dict(reply, moves=texts[:-1]))
    assert short.answer == UNKNOWN and "no win" in short.reason  # a line that does not win is no answer


def test_the_winnable_deal_finder_runs_in_the_worker(pile_game, solved):
    deal, result = solving.find_winnable_deal(pile_game, {}, solved[0], 5.0, threading.Event())
    assert deal >= solved[0] and check_solution(pile_game, pile_game.new(deal), result.moves) is None
    assert solving.PROCESSES.pids
