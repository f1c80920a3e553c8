"""The table's language: the engine's catalogs (``solitaire_core.i18n``) and Qt's own
texts (file dialogs, standard buttons: the qtbase translations PySide6 ships, through
a QTranslator), switched together while the app runs.

Texts the window keeps showing (menus, actions, buttons, accessible names) are set
through ``Texts``, which keeps each as its marked English text and sets it again,
translated, when the language changes; a dialog or notice is worded when it opens.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QLibraryInfo, QTranslator
from PySide6.QtWidgets import QApplication

from solitaire_core import i18n

_qt_translator: QTranslator | None = None


def apply(code: str | None) -> str:
    """Speak ``code`` ("fr", "en"; "" or None: the system's) in the engine and in Qt's
    own dialogs; returns the language now in use."""
    global _qt_translator
    i18n.set_language(code or None)
    app = QApplication.instance()
    if app is None:
        return i18n.language()
    if _qt_translator is not None:
        app.removeTranslator(_qt_translator)
        _qt_translator = None
    if i18n.language() != i18n.ENGLISH:
        translator = QTranslator(app)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if translator.load(f"qtbase_{i18n.language()}", folder):
            app.installTranslator(translator)
            _qt_translator = translator
    return i18n.language()


def qt_translator_loaded() -> bool:
    """Whether Qt's own texts are translated now (a qtbase catalog is installed)."""
    return _qt_translator is not None


class Texts:
    """Texts shown until the language changes: a setter (``action.setText``) with its
    marked English text, or a function giving the text (a game's name)."""

    def __init__(self):
        self._kept: list[tuple[Callable[[str], object], str | Callable[[], str]]] = []

    def set(self, setter: Callable[[str], object], text: str | Callable[[], str]) -> None:
        self._kept.append((setter, text))
        setter(self._word(text))

    @staticmethod
    def _word(text: str | Callable[[], str]) -> str:
        return text() if callable(text) else i18n._(text)

    def retranslate(self) -> None:
        """Set every kept text again in the language now in use (a deleted widget's is dropped)."""
        kept = []
        for setter, text in self._kept:
            try:
                setter(self._word(text))
            except RuntimeError:  # its Qt object is gone
                continue
            kept.append((setter, text))
        self._kept = kept
