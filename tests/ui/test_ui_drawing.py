"""Card faces, the scene diff and the table layout."""

from solitaire_core.scene import CardPlacement, Face
from ui_qt.cards import BACKS, CardPainter
from ui_qt.diff import pair_cards
from ui_qt.table import TableView

FACES = [
    Face("french", "red", "10", "\u2665", 10, "H"),
    Face("french", "black", "K", "\u2660", 13, "S"),
    Face("tarot-suit", "red", "N", "\u2666", 12, "D"),
    Face("trump", "black", "XXI", "XXI", 21, "T"),
    Face("excuse", "black", "\u2605", "\u2605", 0, "X", note="6 red"),
    Face("custom", "#2060c0", "3", "\u25b2", 3, "", ("triangle", "square", "rectangle", "wave")),
]


def inked(pixmap) -> int:
    """How many sampled pixels differ from the card's paper."""
    image = pixmap.toImage()
    paper = image.pixelColor(image.width() // 2, 3)
    return sum(image.pixelColor(x, y) != paper for x in range(0, image.width(), 3) for y in range(0, image.height(), 3))


def test_every_face_kind_is_drawn_at_the_pixel_size_asked(qapp):
    painter = CardPainter()
    for face in FACES:
        for width, height, dpr in ((100, 140, 1.0), (40, 56, 2.0)):
            pixmap = painter.face(face, width, height, dpr)
            assert (pixmap.width(), pixmap.height()) == (round(width * dpr), round(height * dpr))
            assert pixmap.devicePixelRatio() == dpr
            assert inked(pixmap) > 20, face


def test_faces_are_cached_per_size(qapp):
    painter = CardPainter()
    first = painter.face(FACES[0], 80, 112)
    assert painter.face(FACES[0], 80, 112) is first
    assert painter.face(FACES[0], 81, 113) is not first


def test_the_excuse_note_is_drawn(qapp):
    painter = CardPainter()
    plain = painter.face(Face("excuse", "black", "\u2605", "\u2605", 0, "X"), 100, 140).toImage()
    noted = painter.face(FACES[4], 100, 140).toImage()
    assert plain != noted


def test_every_back_is_distinct(qapp):
    painter, images = CardPainter(), []
    for name in BACKS:
        painter.set_back(name)
        images.append(painter.back(60, 84).toImage())
    assert all(a != b for i, a in enumerate(images) for b in images[i + 1:])


def placed(code, x, y, zone="a", index=0, face=None):
    return CardPlacement(None, code, x, y, True, 0, zone, index, face=face)


def test_diff_matches_by_code_then_nearest_copy():
    old = [placed("AS", 0, 0), placed("AS", 5, 0), placed("2H", 1, 1)]
    new = [placed("2H", 3, 3), placed("AS", 5, 1), placed("AS", 0, 1), placed("3C", 0, 0)]
    assert pair_cards(old, new) == [2, 1, 0, None]


def test_diff_follows_a_card_whose_code_changed_by_its_face():
    face = Face("excuse", "black", "*", "*", 0, "X")
    old = [placed("EX", 0, 0, face=face)]
    new = [placed("EX:6R", 2, 2, face=Face("excuse", "black", "*", "*", 0, "X", note="6R"))]
    assert pair_cards(old, new) == [0]


def test_the_scene_fits_the_view_at_any_size(qtbot, games):
    view = TableView()
    qtbot.addWidget(view)
    view.show()
    for game in games.values():
        scene = game.scene(game.new(3))
        view.show_scene(scene, animate=False)
        for size in ((1280, 760), (800, 540), (500, 700)):
            view.resize(*size)
            view.relayout()
            area = view.viewport().rect()
            for item in view.cards:
                rect = view.card_polygon(item).boundingRect()
                assert area.contains(rect.toAlignedRect()), (game.id, size, item.placed.code)
            width, height = view.card_px
            assert abs(width - view.scale_px) <= 1 and item.pixmap().width() == round(width * view.dpr())


def test_table_colour_changes_the_felt(qtbot):
    view = TableView(table="Blue felt")
    qtbot.addWidget(view)
    view.resize(200, 200)
    view.show()
    blue = view.grab().toImage().pixelColor(100, 100)
    view.set_table("Red felt")
    red = view.grab().toImage().pixelColor(100, 100)
    assert blue.blue() > blue.red() and red.red() > red.blue()
