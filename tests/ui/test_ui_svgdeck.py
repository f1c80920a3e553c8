"""SVG decks: French faces come from the deck's elements, every other face is drawn."""

import pytest

from solitaire_core.scene import Face
from ui_qt.cards import CardPainter
from ui_qt.svgdeck import SvgDeck, find_decks

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
<rect id="1_club" x="0" y="0" width="100" height="100" fill="#00ff00"/>
<rect id="king_heart" x="100" y="0" width="100" height="100" fill="#0000ff"/>
</svg>"""

ACE_CLUBS = Face("french", "black", "A", "\u2663", 1, "C")
KING_HEARTS = Face("french", "red", "K", "\u2665", 13, "H")
TWO_CLUBS = Face("french", "black", "2", "\u2663", 2, "C")
TRUMP = Face("trump", "black", "V", "V", 5, "T")


def write_deck(folder):
    path = folder / "green_test.svg"
    path.write_text(SVG)
    return path


def test_decks_are_found_by_name(tmp_path):
    path = write_deck(tmp_path)
    assert find_decks([tmp_path, tmp_path / "missing"]) == {"Green Test": path}


def test_french_faces_come_from_the_deck_and_the_rest_is_drawn(tmp_path, qapp):
    deck = SvgDeck(write_deck(tmp_path))
    ace = deck.render(ACE_CLUBS, 50, 70, 1.0).toImage()
    assert ace.pixelColor(25, 35).name() == "#00ff00"
    assert deck.render(KING_HEARTS, 50, 70, 1.0).toImage().pixelColor(25, 35).name() == "#0000ff"
    assert deck.render(TWO_CLUBS, 50, 70, 1.0) is None
    assert deck.render(TRUMP, 50, 70, 1.0) is None
    painter = CardPainter(deck=deck)
    assert painter.face(ACE_CLUBS, 50, 70).toImage().pixelColor(25, 35).name() == "#00ff00"
    assert painter.face(TRUMP, 50, 70).toImage().pixelColor(25, 35).name() != "#00ff00"


def test_a_file_that_is_not_svg_is_refused(tmp_path, qapp):
    bad = tmp_path / "bad.svg"
    bad.write_text("not svg at all")
    with pytest.raises(ValueError, match="bad.svg"):
        SvgDeck(bad)
