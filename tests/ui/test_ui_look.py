"""The choice of look (issue 40, item 8): the SVG decks installed with gnome-cards-data
and the table colours, chosen in View as a player does and kept for the next start."""

from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from solitaire_core.i18n import _
from ui_qt.table import TABLES

SYSTEM_DECKS = Path("/usr/share/aisleriot/cards")


def view_choices(window, title: str) -> dict:
    """The View menu's submenu ``title`` (marked English): its actions by their text."""
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == _("&View"))
    sub = next(a.menu() for a in view.actions() if a.menu() is not None and a.text() == _(title))
    return {a.text(): a for a in sub.actions() if a.text() and a.isEnabled()}


def felt_at_corner(window) -> QColor:
    window.view.viewport().repaint()
    return window.view.viewport().grab().toImage().pixelColor(3, 3)


def test_the_installed_decks_are_offered_and_the_one_chosen_is_kept(open_window, pile_game, monkeypatch):
    if not any(SYSTEM_DECKS.glob("*.svgz")):
        pytest.skip("gnome-cards-data is not installed")
    monkeypatch.setenv("SOLITAIRE_DECKS", str(SYSTEM_DECKS))
    window = open_window({"game": pile_game.id, "deal": 1})
    decks = view_choices(window, "&Deck")
    assert len(decks) >= 4 and _("Drawn cards") in decks  # the drawn deck and several of the package's
    other = next(name for name in decks if name not in (_("Drawn cards"), window.deck_name))
    before = next(i for i in window.view.cards if i.placed.face_up).pixmap().toImage()
    decks[other].trigger()
    assert window.deck_name == other and window.painter.deck is not None
    assert next(i for i in window.view.cards if i.placed.face_up).pixmap().toImage() != before  # drawn anew
    window.close()
    again = open_window({"game": pile_game.id, "deal": 1})
    assert again.deck_name == other and view_choices(again, "&Deck")[other].isChecked()


def test_a_table_colour_chosen_in_view_is_kept(open_window, pile_game):
    window = open_window({"game": pile_game.id, "deal": 1})
    colours = view_choices(window, "&Table colour")
    assert len(colours) == len(TABLES) >= 3
    first = felt_at_corner(window)
    name = next(n for n in TABLES if _(n) != window.view.table_name and n != window.view.table_name)
    colours[_(name)].trigger()
    assert window.view.table_name == name
    assert felt_at_corner(window) != first
    window.close()
    again = open_window({"game": pile_game.id, "deal": 1})
    assert again.view.table_name == name and view_choices(again, "&Table colour")[_(name)].isChecked()
