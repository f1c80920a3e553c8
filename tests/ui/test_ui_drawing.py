"""Card faces, the scene diff and the table layout."""

from solitaire_core.scene import Band, CardPlacement, Corner, Court, Face, Frame, Pips, Standard, Svg, Symbol
from ui_qt.cards import BACKS, CardPainter
from ui_qt.diff import pair_cards
from ui_qt.table import TableView

STAR = Face("#b8860b", Corner("\u2605"), Symbol("\u2605", (0.15, 0.12, 0.7, 0.5), bold=False), paper="#fbf5e3")
FACES = [  # one of each primitive, alone or together
    Face("red", Corner("10", "\u2665"), Pips(10, "\u2665"), standard=Standard("french", 10, "H")),
    Face("black", Corner("K", "\u2660"), Court("crown", "\u2660")),
    Face("red", Corner("N", "\u2666"), Court("helmet", "\u2666")),
    Face("black", Corner("XXI", serif=True, wide=True), Symbol("XXI", (0.27, 0.36, 0.46, 0.29), serif=True),
         paper="#fbf5e3", frame=Frame("#1f3a68", fill="#78ffffff", double=True, ornament="\u2726")),
    Face(STAR.ink, STAR.corner, STAR.centre, paper=STAR.paper,
         bands=(Band("= 6 red", (0.06, 0.62, 0.88, 0.24), "#7a1020", "white"),)),
    Face("#2060c0", Corner("3"), Symbol("\u25b2"), tint=0.09, marks=("triangle", "square", "rectangle", "wave"),
         fanned=False),
]


def inked(pixmap) -> int:
    """How many sampled pixels differ from the card's paper."""
    image = pixmap.toImage()
    paper = image.pixelColor(image.width() // 2, 3)
    return sum(image.pixelColor(x, y) != paper for x in range(0, image.width(), 3) for y in range(0, image.height(), 3))


def test_every_primitive_is_drawn_at_the_pixel_size_asked(qapp):
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


def test_a_band_is_drawn_and_its_text_left_out_where_too_small_to_read(qapp):
    painter = CardPainter()
    assert painter.face(STAR, 100, 140).toImage() != painter.face(FACES[4], 100, 140).toImage()
    bare = Face("black", Corner("X"), marks=("dot",) * 4, fanned=False)
    noted = Face("black", Corner("X"), marks=("dot",) * 4, fanned=False,
                 bands=(Band("any shape", (0.11, 0.7, 0.78, 0.16), bold=False),))
    assert painter.face(bare, 100, 140).toImage() != painter.face(noted, 100, 140).toImage()
    assert painter.face(bare, 35, 49).toImage() == painter.face(noted, 35, 49).toImage()


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


def test_diff_follows_a_card_whose_code_changed_by_the_middle_of_its_face():
    """A wild card taking a value keeps its picture; its corner and bands change."""
    old = [placed("EX", 0, 0, face=STAR), placed("T5", 1, 0, face=FACES[3])]
    new = [placed("EX:6R", 2, 2, face=FACES[4]), placed("T5", 3, 0, face=FACES[3])]
    assert pair_cards(old, new) == [0, 1]


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


ART = """<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">
<rect id="sun" x="0" y="0" width="10" height="10" fill="#00ff00"/>
<rect id="moon" x="10" y="0" width="10" height="10" fill="#0000ff"/>
</svg>"""


def test_a_face_draws_the_svg_its_plugin_ships(qapp, tmp_path, monkeypatch):
    """Cards of a plugin's own (tiles, pictures) need no UI code: an element of an SVG in
    its package; a drawing the package lacks leaves the rest of the face drawn."""
    package = tmp_path / "faces_plugin_art"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "art.svg").write_text(ART)
    monkeypatch.syspath_prepend(str(tmp_path))
    painter = CardPainter()
    box = (0.25, 0.25, 0.5, 0.5)
    for element, colour in (("sun", "#00ff00"), ("moon", "#0000ff")):
        image = painter.face(Face(centre=Svg("faces_plugin_art", "art.svg", element, box)), 100, 140).toImage()
        assert image.pixelColor(50, 70).name() == colour and image.pixelColor(10, 70).name() != colour
    whole = painter.face(Face(centre=Svg("faces_plugin_art", "art.svg", box=(0, 0, 1, 1))), 100, 140).toImage()
    assert (whole.pixelColor(25, 70).name(), whole.pixelColor(75, 70).name()) == ("#00ff00", "#0000ff")
    missing = Face(corner=Corner("A"), centre=Svg("faces_plugin_art", "none.svg"))
    assert inked(painter.face(missing, 100, 140)) > 0
