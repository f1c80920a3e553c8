"""Qt tests run offscreen, with settings and saves in a temporary folder."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from solitaire_core.registry import load_games  # noqa: E402

ROLE_TABLEAU = "tableau"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Saves and settings of every test go to its own folder; no system card deck is
    seen (a test that wants one writes it and points ``SOLITAIRE_DECKS`` at it)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(folder))
    monkeypatch.setenv("SOLITAIRE_DECKS", str(tmp_path / "no-decks"))
    return folder


@pytest.fixture(autouse=True)
def english_table():
    """A test that chose another language leaves the table and Qt's own texts in English."""
    yield
    from ui_qt import language

    if language.qt_translator_loaded():
        language.apply(None)


@pytest.fixture(scope="session")
def games():
    return load_games()


def tableau_games(games):
    """The registered games whose table has a tableau, in the registry's order."""
    for game in games.values():
        if any(slot.role == ROLE_TABLEAU for slot in game.scene(game.new(1)).slots):
            yield game


@pytest.fixture(scope="session")
def tableau_game(games):
    """The first registered game whose table has a tableau (chosen, never named)."""
    game = next(tableau_games(games), None)
    if game is None:
        pytest.skip("no registered game has a tableau")
    return game


@pytest.fixture(scope="session")
def winnable(games):
    """The first game with a tableau that the solver wins on one of deals 1-7 within
    5,000 positions each: (game, deal, moves). A node budget, not seconds, so the answer
    does not depend on the machine's load; a game it cannot decide so is passed over."""
    from solitaire_core.solver import WINNABLE, Budget, solve

    for game in tableau_games(games):
        for deal in range(1, 8):
            result = solve(game, game.new(deal), Budget(seconds=None, nodes=5_000))
            if result.answer == WINNABLE:
                return game, deal, result.moves
    raise AssertionError("the solver won no deal 1-7 of any registered game with a tableau")


@pytest.fixture
def pile_game(request, tableau_game):
    """A game with a tableau; for a test that also asks for ``solved``, the game whose
    deal that is (a won deal is what that test needs)."""
    if "solved" in request.fixturenames:
        return request.getfixturevalue("winnable")[0]
    return tableau_game


@pytest.fixture
def solved(winnable):
    """A deal of ``pile_game`` and the solver's moves that win it."""
    return winnable[1:]


@pytest.fixture
def open_window(qtbot, games):
    """Opens the main window the way ``solitaire play`` does; closes it after."""
    from ui_qt.app import build_window

    def opener(request=None, games=games, persist=True):
        window = build_window(dict(request or {}), games=games, persist=persist)
        qtbot.addWidget(window)
        window.resize(1000, 720)
        window.show()
        qtbot.waitExposed(window)
        window.view.relayout()
        return window

    return opener
