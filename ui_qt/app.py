"""Entry point of the Qt front end (``solitaire play``, entry point ``qt``).

``main(options)`` takes ``game`` (id or None: the last game played, else the
first built-in one), ``deal`` (None: a random deal), ``options`` (option texts)
and ``screenshot`` (a PNG path: render the table offscreen, write it, exit); for a
game in progress ``moves`` (move texts played first, as a player plays them) and
``position`` (a position text to start from instead of the deal).
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Mapping

from solitaire_core.errors import SolitaireError
from solitaire_core.i18n import _
from solitaire_core.registry import game_failure, load_games
from solitaire_core.session import Session

SCREENSHOT_SIZE = (1280, 800)


class StartError(Exception):
    """The app cannot start as asked (unknown game, bad option, no game)."""


def failure_text(games) -> str:
    lines = "\n".join(f"\u2022 {failure.plugin}: {failure.reason}" for failure in games.failures)
    return _("Some game plugins could not be loaded; the other games work.") + f"\n{lines}"


def first_session(games, request: Mapping, settings, failed: str | None = None) -> tuple[Session, str]:
    """The session asked for, else the last game played, else the registry's default
    (a built-in game: a plugin sorting first does not take a fresh profile); and a
    notice when the last game played failed to start (or ``failed``: it failed on
    its saved game) and the default started instead (what the settings say never
    stops the app; the command line's game does).

    Options not given on the command line are the ones last chosen for the game.
    """
    if not games:
        detail = f"\n{failure_text(games)}" if games.failures else ""
        raise StartError(_("no game is installed") + detail)
    game_id = request.get("game") or (settings.last_game if settings.last_game in games else games.default)
    if game_id not in games:
        raise StartError(_("unknown game {game} (installed: {games})").format(game=repr(game_id), games=", ".join(games)))
    try:
        if game_id == failed and not request.get("game") and game_id != games.default:
            raise StartError(_("the game {game} failed on its saved game").format(game=games[game_id].name))
        return _session(games[game_id], request, settings), ""
    except StartError as exc:
        fallback = games.default
        if request.get("game") or fallback in (None, game_id):
            raise
        session = _session(games[fallback], {"deal": request.get("deal")}, settings)
        said = str(exc)
        return session, _("{failure}. {game} was started instead.").format(failure=f"{said[0].upper()}{said[1:]}",
                                                                            game=games[fallback].name)


def _session(game, request: Mapping, settings) -> Session:
    """``game``'s session as ``request`` asks, its deal shown once (StartError if impossible)."""
    from solitaire_core.scene import scene_for

    from .window import random_deal, session_with

    deal = request.get("deal")
    deal = random_deal() if deal is None and "position" not in request else deal
    given = dict(request.get("options") or {})
    try:
        if "position" in request:
            session = Session(game, deal, start=game.parse_position(request["position"], **given))
        else:
            session = session_with(game, deal, {**settings.options(game.id), **given}, given)
        for text in request.get("moves", ()):  # as the player would play them, one by one
            session.play(game.parse_move(session.state, text))
        scene_for(game, session.state)  # a game that cannot show its deal cannot start
        return session
    except SolitaireError as exc:
        raise StartError(f"{game.name}: {exc}") from exc
    except Exception as exc:
        failure = game_failure(game, exc)
        if failure is None:
            raise
        raise StartError(failure) from exc


def build_window(request: Mapping, games=None, settings=None, persist: bool = True):
    """The main window for ``request`` (the keys of ``main``); StartError if impossible."""
    from .saves import SaveSlot
    from .settings import Settings
    from . import language
    from .window import MainWindow

    settings = settings or Settings()
    language.apply(settings.language)  # first: the registry words a plugin's failure as it loads
    games = load_games() if games is None else games
    saves = SaveSlot() if persist else None
    resume, problem = saves.read(games) if saves is not None else (None, "")
    session, fallback = first_session(games, request, settings, saves.failed_game if saves is not None else None)
    window = MainWindow(games, settings, saves, session, resume=resume)
    if fallback:
        window.notices.notify("failed", fallback, kind="error")
    if problem:
        window.notices.notify("damaged", problem, kind="warning")
    if settings.problem:
        window.notices.notify("settings", settings.problem, kind="warning")
    if games.failures:
        window.notices.notify("plugins", failure_text(games), kind="warning")
    if persist and settings.geometry is not None:
        window.restoreGeometry(settings.geometry)
    else:
        window.resize(*SCREENSHOT_SIZE)
    return window


# What Qt says, harmlessly, when a window is shown on the offscreen platform: kept out of
# a screenshot's output, which prints nothing else when it works.
HARMLESS_QT_MESSAGES = frozenset({"This plugin does not support propagateSizeHints()"})


@contextmanager
def without_harmless_qt_messages():
    """Drop the messages of ``HARMLESS_QT_MESSAGES``; every other goes where it went."""
    from PySide6.QtCore import qFormatLogMessage, qInstallMessageHandler

    def handler(kind, context, message):
        if message in HARMLESS_QT_MESSAGES:
            return
        if previous is not None:
            previous(kind, context, message)
        else:  # Qt's own handler, which qInstallMessageHandler gives back as None
            print(qFormatLogMessage(kind, context, message), file=sys.stderr)

    previous = qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


def screenshot(window, path: str, size=SCREENSHOT_SIZE) -> bool:
    from PySide6.QtWidgets import QApplication

    with without_harmless_qt_messages():
        window.resize(*size)
        window.show()
        for _ in range(3):
            QApplication.processEvents()
        window.view.finish_animations()
        return window.grab().save(str(path))


def dispose(window) -> None:
    """Close and delete the window now: Qt must not outlive it at interpreter exit."""
    from PySide6.QtCore import QCoreApplication, QEvent

    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def main(options: Mapping | None = None) -> int:
    request = dict(options or {})
    shot = request.get("screenshot")
    if shot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Solitaire")
    app.setOrganizationName("solitaire")
    doorbell = None
    if not shot:  # one table per data folder (single.py): a second launch calls the first forward
        from solitaire_core.records.paths import data_dir

        from . import single

        doorbell = single.claim(data_dir())
        if doorbell is None:
            print(_("Solitaire is already open on this data folder: its window comes forward, "
                    "with the game in progress there."))
            return 0
    try:
        window = build_window(request, persist=not shot)
    except StartError as exc:
        print(f"solitaire: {exc}", file=sys.stderr)
        return 2
    if shot:
        ok = screenshot(window, shot, request.get("size") or SCREENSHOT_SIZE)
        dispose(window)
        if not ok:
            print(_("solitaire: cannot write the screenshot {path}").format(path=shot), file=sys.stderr)
            return 1
        return 0
    doorbell.answer(window)
    window.show()
    status = app.exec()
    dispose(window)
    doorbell.close()
    return status
