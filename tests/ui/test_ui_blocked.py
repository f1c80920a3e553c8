"""A blocked game says so (found off the table's thread), with Undo and Restart; a search
that cannot finish says "no useful move found yet"."""

import pytest

from solitaire_core import blocked
from solitaire_core.session import Session
from solitaire_core.testing import greedy_line


def blocked_line(game, deals=range(1, 30)):
    """A deal, the position before the last move of greedy play and that move, the
    last position being blocked (found by the engine's search, here in the test)."""
    for deal in deals:
        line = greedy_line(game, game.new(deal))
        if line and blocked.verdict(game, game.play(*line[-1]), limit=20_000) == blocked.BLOCKED:
            return deal, line[-1]
    pytest.skip("no blocked end of greedy play found")


def test_a_blocked_position_shows_the_notice(open_window, pile_game, qtbot):
    deal, (start, move) = blocked_line(pile_game)
    window = open_window({"game": pile_game.id, "deal": deal})
    window.autoplay_action.setChecked(False)
    window.set_session(Session(pile_game, deal, dict(start.options), start=start))
    assert window.play(move)
    qtbot.waitUntil(lambda: "stuck" in window.notices.notices, timeout=30_000)
    notice = window.notices.notices["stuck"]
    assert "No move can change the outcome" in notice.text
    assert {"Undo", "Restart"} <= set(notice.buttons)
    assert window.blocked.result(window.session) == "lost"
    notice.buttons["Undo"].click()
    assert window.session.state == start and "stuck" not in window.notices.notices


def test_an_undecided_search_says_no_useful_move_found_yet(open_window, pile_game, monkeypatch, qtbot):
    from uihelpers import deal_with_move

    monkeypatch.setattr("ui_qt.blocked_watch.blocked_verdict", lambda *args: blocked.UNDECIDED)
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    qtbot.waitUntil(lambda: "stuck" in window.notices.notices)
    notice = window.notices.notices["stuck"]
    assert "No useful move found yet" in notice.text and {"Undo", "Restart"} <= set(notice.buttons)
    assert window.blocked.result(window.session) == "abandoned"
