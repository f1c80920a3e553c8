"""The table uses the room the window gives: cards as wide as the width allows,
the fans giving way to the height (``scene_for`` with a room, ``TableView.laid_out``)."""

import attrs
import pytest

from solitaire_core.scene import scene_for
from ui_qt.table import MARGIN, TableView

ROLE_TABLEAU = "tableau"


def shown_extent(view):
    """The part of the viewport the cards and slots (drop areas too) span (width, height fractions)."""
    rects = [view.card_polygon(item).boundingRect() for item in view.cards]
    rects += [view.slot_polygon(zone).boundingRect() for zone in view.slots]
    left, right = min(r.left() for r in rects), max(r.right() for r in rects)
    top, bottom = min(r.top() for r in rects), max(r.bottom() for r in rects)
    vw, vh = view.viewport_size()
    return (right - left) / vw, (bottom - top) / vh


@pytest.fixture
def window_at(open_window, qtbot):
    def opener(game, width, height):
        window = open_window({"game": game.id, "deal": 1}, persist=False)
        window.resize(width, height)
        qtbot.waitUntil(lambda: window.view.width() == width)
        window.view.finish_animations()
        return window

    return opener


def test_every_game_fills_the_width_or_the_height_at_1280x800(games, window_at):
    for game in games.values():
        view = window_at(game, 1280, 800).view
        vw, vh = view.viewport_size()
        shown = view.model
        width_allows = vw / (shown.width + 2 * MARGIN)
        height_allows = vh / (shown.height + 2 * MARGIN)
        assert view.card_px[0] == max(4, round(min(width_allows, height_allows))), game.id
        if view.card_px[0] < width_allows - 1:  # the height limits: only where nothing more gives way
            room = view.room(game.scene(game.new(1)))
            tighter = scene_for(game, game.new(1), (room[0], room[1] / 2))
            assert tighter.height >= shown.height - 1e-9, game.id
        spans = (view.scale_px * (shown.width + 2 * MARGIN) / vw, view.scale_px * (shown.height + 2 * MARGIN) / vh)
        assert 0.99 < max(spans) < 1.01, (game.id, spans)


def test_a_pile_game_card_is_as_wide_as_the_table_width_allows(games, window_at):
    pile_games = [g for g in games.values() if any(s.role == ROLE_TABLEAU for s in g.scene(g.new(1)).slots)]
    if not pile_games:
        pytest.skip("no registered game has a tableau")
    for game in pile_games:
        view = window_at(game, 1280, 800).view
        vw, vh = view.viewport_size()
        natural = game.scene(game.new(1))
        width_allows = vw / (natural.width + 2 * MARGIN)
        if (view.model.height + 2 * MARGIN) * width_allows > vh + 1:  # a notice took height: the fans gave all they can
            assert view.model.height <= game.least_height() + 1e-6, (game.id, view.model.height, vh)
            continue
        assert view.card_px[0] >= width_allows - 1, game.id
        assert shown_extent(view)[0] > 0.9, game.id
        if natural.height / natural.width > vh / vw:  # a table taller than the room (Golf's is not)
            assert view.model.height < natural.height  # the room is lower than the game's own table: fans give way


def test_the_layout_follows_the_window_and_stays_inside_it(games, window_at, qtbot):
    for game in games.values():
        window = window_at(game, 1280, 800)
        view = window.view
        big = view.card_px[0]
        for size in ((800, 600), (1600, 560), (600, 900), (1280, 800)):
            window.resize(*size)
            qtbot.waitUntil(lambda: view.width() == size[0])
            area = view.viewport().rect()
            for item in view.cards:
                assert area.contains(view.card_polygon(item).boundingRect().toAlignedRect()), (game.id, size)
            vw, vh = view.viewport_size()
            spans = (view.scale_px * (view.model.width + 2 * MARGIN) / vw,
                     view.scale_px * (view.model.height + 2 * MARGIN) / vh)
            assert max(spans) > 0.99 and max(spans) < 1.01, (game.id, size, spans)  # it fills one direction
            if size == (800, 600):
                assert view.card_px[0] < big
        assert view.card_px[0] == big  # back at the first size, the same cards


def test_a_plain_scene_still_fits_keeping_its_aspect(qtbot, games):
    game = next(iter(games.values()))
    scene = game.scene(game.new(2))
    view = TableView()
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.show()
    view.show_scene(scene, animate=False)
    vw, vh = view.viewport_size()
    assert view.model is scene
    assert abs(view.scale_px - min(vw / (scene.width + 2 * MARGIN), vh / (scene.height + 2 * MARGIN))) < 1e-9


def text_rows(image):
    """Runs of rows holding label ink (light pixels) inside a slot's outline: (first row, height)."""
    edge = max(4, round(image.width() * 0.06))
    rows = [any(image.pixelColor(x, y).lightness() > 150 and image.pixelColor(x, y).alpha() > 60
                for x in range(edge, image.width() - edge)) for y in range(edge, image.height() - edge)]
    runs, start = [], None
    for y, ink in enumerate(rows + [False]):
        if ink and start is None:
            start = y
        elif not ink and start is not None:
            runs.append((start, y - start))
            start = None
    return runs


def test_long_slot_labels_stay_legible_on_small_cards(games, window_at):
    """Every game's long slot labels at 1280x800: the first line's letters at least 8 px tall (an 11 px font)."""
    from ui_qt.table import slot_pixmap

    checked = 0
    for game in games.values():
        view = window_at(game, 1280, 800).view
        for item in view.slots.values():
            label = item.slot.label
            if len(label) > 3 and item.isVisible() and not view.zone_cards(item.slot.zone):
                runs = text_rows(slot_pixmap(label, *item.size, 1.0).toImage())
                assert runs and runs[0][1] >= 8, (game.id, label, item.size, runs)
                checked += 1
    if not checked:
        pytest.skip("no registered game shows a long slot label at the start")


def test_the_room_is_asked_once_per_show_while_the_width_stays(qtbot, games):
    game = next(iter(games.values()))
    state = game.new(1)
    rooms, stretch = [], {"width": 1}

    def layout(room):
        rooms.append(room)
        scene = scene_for(game, state, room)
        return attrs.evolve(scene, width=scene.width * stretch["width"])

    view = TableView()
    qtbot.addWidget(view)
    view.resize(1000, 600)
    view.show()
    view.show_scene(layout, animate=False)
    first = len(rooms)
    view.show_scene(layout, animate=False)
    assert len(rooms) == first + 1 and rooms[-1] is not None
    stretch["width"] = 2  # the game's width doubles: the table asks for its own scene again
    view.show_scene(layout, animate=False)
    assert None in rooms[first + 1:] and view.model.width == 2 * game.scene(state).width
