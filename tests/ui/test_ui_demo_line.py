"""The demo plays like a player (issue 40, item 7): the solver's line with its detours
taken out, a shorter line the engine replays to the same win, and it says so."""

import multiprocessing

import pytest

from solitaire_core.session import Session
from solitaire_core.solver import WINNABLE, Result
from ui_qt import solving
from ui_qt.shortening import shorten, wins

REAL_SEARCH_MS = 60_000  # the first search starts a worker process, which imports every game


@pytest.fixture(autouse=True)
def no_process_left():
    yield
    solving.PROCESSES.shutdown()
    assert not multiprocessing.active_children()


def with_detour(game, deal, line):
    """``line`` with a needless back-and-forth put in: a move and one that brings the
    position straight back (the first place along the line where there is one)."""
    state = game.new(deal)
    for k, move in enumerate(line):
        for there in game.legal_moves(state):
            after = game.play(state, there)
            back = next((m for m in game.legal_moves(after) if game.key(game.play(after, m)) == game.key(state)), None)
            if back is not None:
                return [*line[:k], there, back, *line[k:]]
        state = game.play(state, move)
    pytest.skip("no move along the line can be taken straight back")


def test_shorten_takes_a_detour_out_and_the_engine_replays_the_win(pile_game, solved):
    deal, line = solved
    longer = with_detour(pile_game, deal, list(line))
    short = shorten(pile_game, pile_game.new(deal), longer)
    assert len(short) <= len(line) < len(longer)
    assert wins(pile_game, pile_game.new(deal), short)


def test_the_demo_plays_the_shorter_line_and_says_so(open_window, pile_game, solved, qtbot):
    deal, line = solved
    longer = with_detour(pile_game, deal, list(line))
    window = open_window({"game": pile_game.id, "deal": deal})
    window.autoplay_action.setChecked(False)
    window.set_session(Session(pile_game, deal, {}))
    solver = window.solver
    solver.known.add(window.session.state, Result(WINNABLE, tuple(longer)))  # as if the solver had found it
    solver.demo_timer.setInterval(1)
    solver.demo_action.trigger()
    qtbot.waitUntil(lambda: "demo" in window.notices.notices, timeout=REAL_SEARCH_MS)
    said = window.notices.notices["demo"].text
    assert f"its line of {len(longer)} without the detours" in said
    qtbot.waitUntil(lambda: pile_game.is_won(window.session.state), timeout=REAL_SEARCH_MS)
    assert f"plays {window.session.move_count} moves" in said and window.session.move_count < len(longer)
    qtbot.waitUntil(lambda: "demo" not in window.notices.notices)  # gone when the demo is over
