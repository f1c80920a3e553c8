"""Everything the table shows beside the cards reads as words in every installed game:
the status bar (its message, figures and their tooltips), every slot label drawn,
the notices; and a damaged save opened from the menu says what is wrong in words."""

import json

import pytest
from PySide6.QtWidgets import QWidget
from uihelpers import card_centre, click, drag, lift_index, open_game, unique_drop, zone_centre

from solitaire_core import Move
from solitaire_core.errors import IllegalMove
from solitaire_core.session import Session
from solitaire_core.testing import notation_in

MOVES = 6


def shown_texts(window) -> list[tuple[str, str]]:
    """(where, text) for every text a player reads around the cards now."""
    bar = window.statusBar()
    texts = [("the status message", bar.currentMessage())]
    for widget in bar.findChildren(QWidget):
        if widget.isVisible() and hasattr(widget, "text"):
            texts.append((f"the status widget {widget.accessibleName()!r}", widget.text()))
        if widget.isVisible() and widget.toolTip():
            texts.append((f"the tooltip of {widget.accessibleName()!r}", widget.toolTip()))
    texts += [(f"the label of slot {zone}", item.slot.label) for zone, item in window.view.slots.items()]
    texts += [(f"the notice {key!r}", notice.text) for key, notice in window.notices.notices.items()]
    texts.append(("the table's description", window.view.accessibleDescription()))
    return [(where, text) for where, text in texts if text]


def assert_words(window) -> None:
    game, state = window.game, window.session.state
    for where, text in shown_texts(window):
        found = notation_in(game, state, text)
        assert found is None, f"{game.name}: {where} ({text!r}) shows {found!r}"


def play_one(window, qtbot) -> bool:
    """A legal move made as a player makes it: a card move dragged where only it goes,
    else a click on the stock; False when neither is there."""
    view, game, state = window.view, window.game, window.session.state
    before = window.session.move_count
    legal = game.legal_moves(state)
    shown = {c.zone for c in view.model.cards}
    move = next((m for m in legal if not m.is_draw and m.src in shown and unique_drop(window, m)), None)
    if move is not None:
        drag(view, card_centre(view, move.src, lift_index(view, move)), zone_centre(view, move.dst))
    else:
        stock = next((s.zone for s in view.model.slots if s.role == "stock"), None)
        if stock is None or not any(m.is_draw for m in legal):
            return False
        click(view, zone_centre(view, stock))
    qtbot.waitUntil(lambda: window.session.move_count > before)
    qtbot.waitUntil(lambda: not window.auto_moves and not window.auto_timer.isActive())
    return True


def test_every_game_shows_words_around_its_cards(open_window, games, qtbot):
    """Deal, a few moves by mouse, and the status bar, every slot label, the tooltips
    of the status widgets and the notices show no zone id, card code or move text."""
    for game in games.values():
        window = open_window({"game": game.id, "deal": 1})
        window.autoplay_action.setChecked(False)
        assert_words(window)
        for _ in range(MOVES):
            if not play_one(window, qtbot):
                break
            assert_words(window)
        assert window.session.move_count > 0, game.name
        window.close()


def test_a_damaged_save_opened_from_the_menu_says_in_words_what_is_wrong(open_window, pile_game, qtbot,
                                                                          monkeypatch, tmp_path):
    """Move 2 of the file is one the rules refuse: the notice names the file, the move by
    its number and the rule's reason, never the move's text or a zone id."""
    session = Session(pile_game, 1)
    first = pile_game.legal_moves(session.state)[0]
    session.play(first)
    state = session.state
    legal = set(pile_game.legal_moves(state))
    zones = [s.zone for s in pile_game.scene(state).slots]
    bad = next(Move(a, b) for a in zones for b in zones if a != b and Move(a, b) not in legal
               and pile_game.pile(state, a).cards)
    with pytest.raises(IllegalMove) as refused:
        pile_game.apply(state, bad)
    reason = refused.value.reason
    data = session.to_json()
    data["moves"].append(pile_game.format_move(bad))
    data["position"] = 2
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    window = open_window()
    open_game(window, monkeypatch, path)
    text = window.notices.notices["file"].text
    assert text == f"Cannot open damaged.json: move 2 of the save cannot be played: {reason}"
    assert pile_game.format_move(bad) not in text and notation_in(pile_game, state, text) is None
