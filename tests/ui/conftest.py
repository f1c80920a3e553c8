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


@pytest.fixture(scope="session")
def pile_game(games):
    """The first registered game whose table has a tableau (chosen, never named)."""
    for game in games.values():
        scene = game.scene(game.new(1))
        if any(slot.role == ROLE_TABLEAU for slot in scene.slots):
            return game
    pytest.skip("no registered game has a tableau")


@pytest.fixture(scope="session")
def solved(pile_game):
    """A deal of the pile game and the solver's moves that win it.

    A node budget, not seconds, so the answer does not depend on the machine's load.
    """
    from solitaire_core.solver import WINNABLE, Budget, solve

    for deal in range(1, 8):
        result = solve(pile_game, pile_game.new(deal), Budget(seconds=None, nodes=200_000))
        if result.answer == WINNABLE:
            return deal, result.moves
    raise AssertionError(f"the solver won none of deals 1-7 of {pile_game.name}")


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
