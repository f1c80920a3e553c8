"""A move a game lets the player make several ways to one place (``Move.variant``): while the
card is held over that place the player goes through the ways, sees the card lie each way,
and the drop plays the one shown. Games are picked by what their moves have, never named."""

from collections import Counter

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from uihelpers import card_centre, lift_index, walk_to, zone_centre


def several_ways(games, deals=range(1, 40), breadth=6):
    """(game, deal, a line of moves from the deal, the ways of one move to one place there),
    the first found within two moves of a deal; the test is skipped where no game has any."""
    for game in games.values():
        for deal in deals:
            frontier = [(game.new(deal), [])]
            for _depth in range(3):
                later = []
                for state, line in frontier:
                    legal = [m for m in game.legal_moves(state) if not m.is_draw]
                    counts = Counter((m.src, m.dst, m.n) for m in legal)
                    place = next((key for key, count in counts.items() if count > 1), None)
                    if place is not None:
                        return game, deal, line, [m for m in legal if (m.src, m.dst, m.n) == place]
                    later += [(game.play(state, m), line + [m]) for m in legal[:breadth]]
                frontier = later
    pytest.skip("no registered game has a move with several ways to one place")


@pytest.fixture(scope="module")
def found(games):
    return several_ways(games)


@pytest.fixture
def at_several_ways(open_window, found):
    """A window whose position has a move of several ways: (window, those moves)."""
    game, deal, line, ways = found
    window = open_window({"game": game.id, "deal": deal})
    window.autoplay_action.setChecked(False)
    window.start(game, deal)  # the deal as dealt, with no safe card gone up
    for move in line:
        assert window.play(move)
    window.view.finish_animations()
    return window, ways


def lying(window, move) -> float:
    """How the moving card lies once ``move`` is made, as the game's scene has it."""
    game, state = window.game, window.session.state
    card = window.view.zone_cards(move.src)[lift_index(window.view, move)].placed.card
    return next(p.rotation for p in game.scene(game.play(state, move)).cards if p.card == card)


def wheel(view, at: QPoint, down: bool) -> None:
    """One notch of the mouse wheel at ``at`` (down: toward the player), with the left button held."""
    event = QWheelEvent(QPointF(at), QPointF(view.viewport().mapToGlobal(at)), QPoint(0, 0),
                        QPoint(0, -120 if down else 120), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def test_the_ways_show_as_the_card_is_turned_over_the_place_and_the_drop_plays_the_one_shown(at_several_ways, qtbot):
    window, ways = at_several_ways
    view, before = window.view, window.session.state
    rotations = [lying(window, m) for m in ways]
    assert len(set(rotations)) == len(ways), "each way lays the card differently"
    lead = view.zone_cards(ways[0].src)[lift_index(view, ways[0])]
    start, end = card_centre(view, ways[0].src, lift_index(view, ways[0])), zone_centre(view, ways[0].dst)
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, 7):
        QTest.mouseMove(viewport, start + (end - start) * k / 6)
    assert lead.rotation() == rotations[0]  # over the place the card lies its first way
    said = []
    window.interaction.announce.connect(said.append)
    QTest.keyClick(view, Qt.Key.Key_R)
    assert lead.rotation() == rotations[1 % len(ways)]
    assert said[-1].startswith(window.game.describe_move(before, ways[1 % len(ways)]))
    assert f"2 of {len(ways)}" in said[-1]
    wheel(view, end, down=False)  # back one way
    assert lead.rotation() == rotations[0]
    QTest.mousePress(viewport, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, end)
    QTest.mouseRelease(viewport, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, end)
    wheel(view, end, down=True)
    chosen = 2 % len(ways)
    assert lead.rotation() == rotations[chosen]
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    qtbot.waitUntil(lambda: window.session.state != before)
    assert window.session.state == window.game.apply(before, ways[chosen])
    qtbot.waitUntil(lambda: not view.animating)
    assert lead.rotation() == rotations[chosen]


def test_a_turned_card_dropped_nowhere_slides_back_as_it_lay(at_several_ways, qtbot):
    window, ways = at_several_ways
    view, before = window.view, window.session.state
    lead = view.zone_cards(ways[0].src)[lift_index(view, ways[0])]
    home = view.target(lead.placed)
    start, over = card_centre(view, ways[0].src, lift_index(view, ways[0])), zone_centre(view, ways[0].dst)
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + (over - start) / 2)
    QTest.mouseMove(viewport, over)
    QTest.keyClick(view, Qt.Key.Key_R)
    assert lead.rotation() == lying(window, ways[1])
    away = QPoint(2, 2)  # the table's corner, where nothing goes
    QTest.mouseMove(viewport, away)
    assert lead.rotation() == home[1]  # away from the place it lies as it lay
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, away)
    qtbot.waitUntil(lambda: not view.animating)
    assert window.session.state is before
    assert (lead.pos(), lead.rotation()) == home


def test_the_keyboard_turns_the_held_card_at_the_place_and_puts_it_down_so(at_several_ways, qtbot):
    window, ways = at_several_ways
    view, interaction, before = window.view, window.interaction, window.session.state
    index = lift_index(view, ways[0])
    lead = view.zone_cards(ways[0].src)[index]
    view.setFocus()
    walk_to(view, interaction, ways[0].src)
    while interaction.cursor != (ways[0].src, index):
        QTest.keyClick(view, Qt.Key.Key_Down if interaction.cursor[1] < index else Qt.Key.Key_Up)
    QTest.keyClick(view, Qt.Key.Key_Space)
    assert interaction.held is not None
    walk_to(view, interaction, ways[0].dst)
    assert lead.rotation() == lying(window, ways[0])
    assert window.statusBar().currentMessage().startswith(window.game.describe_move(before, ways[0]))
    QTest.keyClick(view, Qt.Key.Key_R)
    assert lead.rotation() == lying(window, ways[1])
    assert window.statusBar().currentMessage().startswith(window.game.describe_move(before, ways[1]))
    QTest.keyClick(view, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.session.state != before)
    assert window.session.state == window.game.apply(before, ways[1])


def test_r_does_nothing_where_a_place_has_one_way(open_window, pile_game):
    """A game whose moves each have one way: R changes nothing and the held card stays as it lies."""
    window = open_window({"game": pile_game.id, "deal": 1})
    view, before = window.view, window.session.state
    rotations = [item.rotation() for item in view.cards]
    QTest.keyClick(view, Qt.Key.Key_R)
    assert window.session.state is before and [item.rotation() for item in view.cards] == rotations
