"""Rules 10.4 (the hint never suggests a move that gets nowhere; when none helps it says
so and offers undo or restart) and 10.5 (undo reaches back to the deal, past 400 moves),
in the engine and through the table's own actions."""

import os

import pytest

from klondike_helpers import build, moves_text
from solitaire_core.session import Session

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SPADES, CLUBS, DIAMONDS = ("AS 2S 3S 4S 5S 6S 7S 8S 9S", "AC 2C 3C 4C 5C 6C 7C 8C 9C",
                           "AD 2D 3D 4D 5D 6D 7D 8D 9D")
HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"


def no_way_forward(game):
    """Every Jack needs a Queen that lies face down under a King; the stock is spent; only
    the King of hearts can move, down from its foundation and back up."""
    return build(game, f1=SPADES, f2=HEARTS, f3=DIAMONDS, f4=CLUBS, passes=1,
                 t1="(QS) (KS) (10C) JD", t3="(QC) (KC) (10S) JS", t4="(QD) (KD) (10D) JC")


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, game):
    """The table as ``solitaire play klondike`` opens it, its files in a folder of its own."""
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SOLITAIRE_DECKS", str(tmp_path / "no-decks"))
    from solitaire_core.registry import load_games
    from ui_qt.app import build_window

    win = build_window({"game": game.id, "deal": 1}, games=load_games(), persist=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.autoplay_action.setChecked(False)  # only the moves the test plays
    return win


def test_rule_10_4_no_hint_when_no_move_helps(game):
    state = no_way_forward(game)
    assert moves_text(game, state) == {"f2>t2", "f2>t5", "f2>t6", "f2>t7"}  # a King down for -15, only
    assert game.is_stuck(state)
    assert game.hint(state) is None


def test_rule_10_4_a_king_down_helps_only_when_a_line_goes_on_from_it(game):
    blocked = no_way_forward(game)
    assert not any(game.helps(blocked, move) for move in game.legal_moves(blocked))
    # the King of hearts down, the Queen of spades from the waste onto it, the Jack of
    # diamonds onto her: the King of spades turns up
    state = build(game, f1="AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", f2=HEARTS, f4=CLUBS + " 10C JC QC KC",
                  f3="AD 2D 3D 4D 5D 6D 7D 8D 9D 10D", passes=1, waste="QS", t1="(KS) JD", t3="(KD) QD")
    assert game.helps(state, game.parse_move(state, "f2>t2"))
    assert game.hint(state) is not None


def test_rule_10_4_the_hint_action_says_no_move_helps_and_offers_undo_and_restart(window, game, qtbot):
    # one move before: the King of hearts still on the waste, the hint's own move
    before = build(game, f1=SPADES, f2=HEARTS.removesuffix(" KH"), f3=DIAMONDS, f4=CLUBS, passes=1, waste="KH",
                   t1="(QS) (KS) (10C) JD", t3="(QC) (KC) (10S) JS", t4="(QD) (KD) (10D) JC")
    window.set_session(Session(game, None, start=before))
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Hint: "), timeout=20_000)
    assert window.statusBar().currentMessage().startswith("Hint: Put the K\u2665 on Foundation")
    window.play(game.parse_move(before, "waste>f2"))
    assert window.session.state.piles == no_way_forward(game).piles
    window.hint_action.trigger()
    said = "No move helps any more: undo or restart"
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == said, timeout=20_000)
    # the hint's notice, unless the stuck notice (rule 10.2) already offers the way back
    (key,) = {"hint", "stuck"} & set(window.notices.notices)
    notice = window.notices.notices[key]
    assert notice.text == said if key == "hint" else "Undo" in notice.buttons
    assert {"Undo", "Restart"} <= set(notice.buttons)
    assert not window.view._marks, "no move is highlighted"
    notice.buttons["Undo"].click()
    assert not {"hint", "stuck"} & set(window.notices.notices) and window.session.state == before


def drawn(game, count):
    """A session of deal 1 after ``count`` clicks on the stock (24 draws and a redeal a pass)."""
    session = Session(game, 1)
    for _ in range(count):
        session.play(game.parse_move(session.state, "draw"))
    return session


def test_rule_10_5_undo_takes_back_every_move_past_400(game):
    session = drawn(game, 450)
    states = list(session.states)
    for back in range(450):
        assert session.undo(), f"undo stopped after {back} moves"
        assert session.state == states[-2 - back]
    assert not session.undo() and session.state == game.new(1)
    for _ in range(450):
        assert session.redo()
    assert session.state == states[-1]


def test_rule_10_5_the_undo_action_reaches_the_deal_after_401_moves(window, game):
    session = drawn(game, 401)
    window.set_session(session)
    deal = session.states[0]
    for _ in range(401):
        assert window.undo_action.isEnabled()
        window.undo_action.trigger()
    assert window.session.state is deal and window.session.move_count == 0
    assert not window.undo_action.isEnabled()
