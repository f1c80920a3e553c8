"""The Rules window (F1) and the small dialogs around it, opened the way a player does.

The rules open on "How to play"; the notes for developers stay folded until the
player asks for them; no line needs a horizontal scroll bar. The Options dialog
shows its whole title; the Statistics dialog is only as big as what it has to say.
"""

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextFormat
from PySide6.QtTest import QTest

from solitaire_core import rules_page
from solitaire_core.records import Store, records_path
from ui_qt import dialogs, stats_dialog
from uihelpers import deal_with_move

DEVELOPER_WORDS = re.compile(r"tests/|\.py\b|\bseeds?\b|@redeals|DESIGN", re.IGNORECASE)


def laid_out(browser):
    """The whole document laid out (a long one is laid out lazily), so the scroll bars are final."""
    document = browser.document()
    document.documentLayout().blockBoundingRect(document.lastBlock())
    return browser


def blocks(browser):
    block = browser.document().begin()
    while block.isValid():
        yield block
        block = block.next()


def headings(browser):
    return [(b.blockFormat().headingLevel(), b.text()) for b in blocks(browser) if b.blockFormat().headingLevel()]


def code_blocks(browser):
    return [b.text() for b in blocks(browser) if b.blockFormat().hasProperty(QTextFormat.Property.BlockCodeFence)]


def code_spans(browser):
    """Text shown in the fixed-pitch font (inline code: notation, source names)."""
    spans = []
    for block in blocks(browser):
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().fontFixedPitch():
                spans.append(fragment.text())
            it += 1
    return spans


def in_store(game_id):
    """Whether a game of ``game_id`` has reached the statistics store (read as another copy of the app would)."""
    if not records_path().exists():
        return False
    with Store() as store:
        return bool(store.records(game_id))


def press_f1(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_F1)
    dialog = window.rules_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitExposed(dialog)
    return dialog


def test_f1_opens_how_to_play_with_the_developer_notes_folded(open_window, games, qtbot):
    window = open_window()
    for game_id, game in games.items():
        window.game_actions[game_id].trigger()
        assert window.game is game
        dialog = press_f1(window, qtbot)
        browser = laid_out(dialog.browser)
        title, *sections = headings(browser)
        assert title == (1, game.name)
        assert sections[0] == (2, "How to play"), game.name
        shown = browser.toPlainText()
        assert not code_blocks(browser) and not code_spans(browser), game.name
        assert not DEVELOPER_WORDS.search(shown), (game.name, DEVELOPER_WORDS.search(shown))
        assert "For developers" not in shown
        assert browser.horizontalScrollBar().maximum() == 0, game.name

        button = dialog.notes_button
        assert button.isVisible() and not button.isChecked() and "Show" in button.text()
        button.click()
        laid_out(browser)
        assert (2, "For developers") in headings(browser)
        assert len(browser.toPlainText()) > len(shown) and shown.strip() in browser.toPlainText()
        assert browser.verticalScrollBar().value() > 0  # scrolled to the notes
        assert browser.horizontalScrollBar().maximum() == 0, f"{game.name}: the notes scroll sideways"
        assert "Hide" in button.text()
        button.click()
        laid_out(browser)
        assert browser.toPlainText() == shown
        dialog.close()


def test_the_rules_action_shows_the_rules_of_the_game_on_the_table(open_window, games, qtbot):
    window = open_window()
    for game_id, game in games.items():
        window.game_actions[game_id].trigger()
        window.rules_action.trigger()
        dialog = window.rules_dialog
        qtbot.waitExposed(dialog)
        assert dialog.windowTitle() == f"Rules of {game.name}"
        assert dialog.browser.toPlainText().startswith(game.name)
        assert dialog.page == rules_page.split(game.rules)


def test_a_page_without_developer_notes_shows_no_toggle(qtbot, games):
    game = next(iter(games.values()))

    class Plain(type(game)):
        @property
        def rules(self):
            return "# Plain\n\n## How to play\n\nPlay.\n"

    dialog = dialogs.RulesDialog(Plain())
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.notes_button.isVisible()
    assert headings(dialog.browser) == [(1, "Plain"), (2, "How to play")]


def test_the_options_dialog_shows_its_whole_title(open_window, games, qtbot, monkeypatch):
    with_options = [g for g in games.values() if g.options]
    if not with_options:
        pytest.skip("no registered game has options")
    opened = []

    def exec_(dialog):  # show it without blocking, answer Cancel
        dialog.show()
        opened.append(dialog)
        return 0

    monkeypatch.setattr(dialogs.OptionsDialog, "exec", exec_)
    window = open_window()
    for game in with_options:
        window.game_actions[game.id].trigger()
        window.options_action.trigger()
        dialog = opened[-1]
        qtbot.waitExposed(dialog)
        title = dialog.windowTitle()
        assert game.name in title
        bold = QFont(dialog.font())
        bold.setBold(True)
        assert dialog.width() >= dialogs.title_width(dialog, title) > QFontMetrics(bold).horizontalAdvance(title)
        dialog.close()
    assert len(opened) == len(with_options)


def test_the_statistics_dialog_is_small_when_empty_and_full_size_with_figures(open_window, pile_game, qtbot):
    window, move = deal_with_move(open_window, pile_game)
    window.records.stats_action.trigger()
    dialog = window.records.dialog
    qtbot.waitExposed(dialog)
    message = dialog.message
    assert message.isVisible() and not dialog.table.isVisible()
    full = stats_dialog.FULL_SIZE
    assert dialog.width() < full.width() and dialog.height() < full.height() / 2
    assert message.height() < 2 * message.fontMetrics().lineSpacing()  # the sentence on one line
    assert dialog.width() >= dialogs.title_width(dialog, dialog.windowTitle())
    dialog.close()

    window.play(move)
    window.new_action.trigger()  # the game left is recorded
    qtbot.waitUntil(lambda: in_store(pile_game.id))
    window.records.stats_action.trigger()
    qtbot.waitExposed(dialog)
    assert dialog.table.isVisible() and dialog.table.rowCount() >= 1
    assert dialog.width() >= full.width() and dialog.height() >= full.height()
