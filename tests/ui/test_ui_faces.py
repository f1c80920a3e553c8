"""The drawn deck's faces: court figures, an index a fan leaves visible, 6 and 9 told apart."""

from PySide6.QtGui import QColor, QTransform

from solitaire_core.scene import Corner, Court, Face, Pips, Symbol
from ui_qt.cards import CardPainter
from ui_qt.courts import GOLD, HEADGEAR, SKIN

W, H = 111, 155
COURTS = {figure: Face("red", Corner(figure[0].upper(), "\u2665"), Court(figure, "\u2665")) for figure in HEADGEAR}


def frame_pixels(image):
    """The pixels of the frame in the middle of the card, where a court's figure is."""
    return [image.pixelColor(x, y) for y in range(round(H * 0.17), round(H * 0.83), 2)
            for x in range(round(W * 0.28), round(W * 0.72), 2)]


def near(colour, target, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(colour.getRgb()[:3], target.getRgb()[:3]))


def test_court_cards_show_a_figure_not_a_letter(qapp):
    painter = CardPainter()
    letter = painter.face(Face("red", Corner("Z", "\u2665"), Symbol("Z", serif=True)), W, H).toImage()
    letter_warm = sum(near(c, SKIN) or near(c, GOLD) for c in frame_pixels(letter))
    assert letter_warm < 0.01 * len(frame_pixels(letter))
    images = {}
    for name, face in COURTS.items():
        image = images[name] = painter.face(face, W, H).toImage()
        warm = sum(near(c, SKIN) or near(c, GOLD) for c in frame_pixels(image))
        assert warm > 0.05 * len(frame_pixels(image)), name  # a face and gold: a figure
    names = list(images)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            differ = sum(x != y for x, y in zip(frame_pixels(images[a]), frame_pixels(images[b])))
            assert differ > 0.05 * len(frame_pixels(images[a])), (a, b)


def test_a_court_figure_is_double_ended_and_wears_its_suit(qapp):
    painter = CardPainter()
    hearts = painter.face(COURTS["crown"], W, H).toImage()
    turned = hearts.transformed(QTransform().rotate(180))
    same = sum(near(a, b, 60) for a, b in zip(frame_pixels(hearts), frame_pixels(turned)))
    assert same > 0.95 * len(frame_pixels(hearts))
    spades = painter.face(Face("black", Corner("K", "\u2660"), Court("crown", "\u2660")), W, H).toImage()
    assert frame_pixels(spades) != frame_pixels(hearts)


def red(colour: QColor) -> bool:
    return colour.red() > 150 and colour.green() < 110 and colour.blue() < 110


def test_the_index_fits_the_strip_a_fanned_card_leaves_visible(qapp):
    """A fan step is 0.3 card widths: rank and suit both lie above it."""
    image = CardPainter().face(Face("red", Corner("10", "\u2665"), Pips(10, "\u2665")), W, H).toImage()
    step = round(0.3 * W)
    column = range(1, round(W * 0.24))
    inked = [y for y in range(1, round(H * 0.45)) if any(red(image.pixelColor(x, y)) for x in column)]
    assert inked and max(inked) < step
    assert any(y > H * 0.125 for y in inked)  # the suit below the rank, still in the strip


def lowest_stroke(image, rows, columns):
    """The longest run of ink in the lowest inked row of a region (an underline is a long one)."""
    inked = [y for y in rows if any(red(image.pixelColor(x, y)) for x in columns)]
    best = run = 0
    for x in columns:
        run = run + 1 if red(image.pixelColor(x, inked[-1])) else 0
        best = max(best, run)
    return best


def test_a_six_and_a_nine_are_underlined_so_a_turned_card_reads_right(qapp):
    painter = CardPainter()
    runs = {}
    for digit in "689":
        for width in (W, 36):  # with corner indices, and the small face's index in the middle
            height = round(width * 1.4)
            face = Face("red", Corner(f"{digit}\u25cf"), fanned=False)  # a face that may lie turned
            image = painter.face(face, width, height).toImage()
            rows = range(round(height * 0.2)) if width == W else range(round(height * 0.25), round(height * 0.75))
            runs[digit, width] = lowest_stroke(image, rows, range(round(width * 0.5)))
    for width in (W, 36):
        assert runs["6", width] > 1.5 * runs["8", width] and runs["9", width] > 1.5 * runs["8", width], runs
