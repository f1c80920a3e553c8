"""SVG decks: French faces come from the deck's elements, every other face is drawn."""

import pytest

from solitaire_core.scene import Corner, Face, Frame, Pips, Standard, Symbol
from ui_qt.cards import CardPainter
from ui_qt.svgdeck import SvgDeck, find_decks

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
<rect id="1_club" x="0" y="0" width="100" height="100" fill="#00ff00"/>
<rect id="king_heart" x="100" y="0" width="100" height="100" fill="#0000ff"/>
</svg>"""

ACE_CLUBS = Face("black", Corner("A", "\u2663"), Pips(1, "\u2663"), standard=Standard("french", 1, "C"))
KING_HEARTS = Face("red", Corner("K", "\u2665"), standard=Standard("french", 13, "H"))
TWO_CLUBS = Face("black", Corner("2", "\u2663"), Pips(2, "\u2663"), standard=Standard("french", 2, "C"))
TRUMP = Face("black", Corner("V", serif=True), Symbol("V"), frame=Frame("#1f3a68"))  # no standard face
UNDECLARED = Face("black", Corner("A", "\u2663"), Pips(1, "\u2663"))  # looks French, does not say so


def write_deck(folder):
    path = folder / "green_test.svg"
    path.write_text(SVG)
    return path


def test_decks_are_found_by_name(tmp_path):
    path = write_deck(tmp_path)
    (tmp_path / "svg-kde-deck").mkdir()
    kde = write_deck(tmp_path / "svg-kde-deck")
    (kde.parent / "index.desktop").write_text("[KDE Backdeck]\nName=Kde Style\nName[de]=Anders\n")
    assert find_decks([tmp_path, tmp_path / "missing"]) == {"Green Test": path, "Kde Style": kde}


def test_french_faces_come_from_the_deck_and_the_rest_is_drawn(tmp_path, qapp):
    deck = SvgDeck(write_deck(tmp_path))
    ace = deck.render(ACE_CLUBS, 50, 70, 1.0).toImage()
    assert ace.pixelColor(25, 35).name() == "#00ff00"
    assert deck.render(KING_HEARTS, 50, 70, 1.0).toImage().pixelColor(25, 35).name() == "#0000ff"
    assert deck.render(TWO_CLUBS, 50, 70, 1.0) is None
    assert deck.render(TRUMP, 50, 70, 1.0) is None
    assert deck.render(UNDECLARED, 50, 70, 1.0) is None
    painter = CardPainter(deck=deck)
    assert painter.face(ACE_CLUBS, 50, 70).toImage().pixelColor(25, 35).name() == "#00ff00"
    assert painter.face(TRUMP, 50, 70).toImage().pixelColor(25, 35).name() != "#00ff00"


def test_a_file_that_is_not_svg_is_refused(tmp_path, qapp):
    bad = tmp_path / "bad.svg"
    bad.write_text("not svg at all")
    with pytest.raises(ValueError, match="bad.svg"):
        SvgDeck(bad)


def complete_deck(folder, name="full_test", back="#ff00ff", skip=()):
    """An SVG deck with every French face (green) and a back, in aisleriot's naming."""
    folder.mkdir(parents=True, exist_ok=True)
    names = [f"{suit}_{rank}" for suit in ("club", "diamond", "heart", "spade")
             for rank in ("1", *map(str, range(2, 11)), "jack", "queen", "king")]
    rects = [f'<rect id="{n}" x="{k * 10}" y="0" width="10" height="14" fill="#00ff00"/>'
             for k, n in enumerate(names) if n not in skip]
    rects.append(f'<rect id="back" x="0" y="20" width="10" height="14" fill="{back}"/>')
    path = folder / f"{name}.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="530" height="40">{"".join(rects)}</svg>')
    return path


def deck_actions(window):
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    decks = next(a.menu() for a in view.actions() if a.text() == "&Deck")
    return {action.text(): action for action in decks.actions() if action.isCheckable()}  # the decks, not the note


def test_a_complete_deck_is_the_default_with_its_own_back(tmp_path, monkeypatch, open_window, qtbot):
    folder = tmp_path / "decks"
    complete_deck(folder)
    complete_deck(folder, "broken_test", skip=("spade_queen",))  # first by name, but a face is missing
    monkeypatch.setenv("SOLITAIRE_DECKS", str(folder))
    window = open_window({"game": None, "deal": 1}, persist=False)
    assert window.deck_name == "Full Test" and deck_actions(window)["Full Test"].isChecked()
    assert window.painter.face(ACE_CLUBS, 50, 70).toImage().pixelColor(25, 35).name() == "#00ff00"
    assert window.painter.back(50, 70).toImage().pixelColor(25, 35).name() == "#ff00ff"
    assert window.painter.face(TRUMP, 50, 70).toImage().pixelColor(25, 35).name() != "#00ff00"
    down = next((item for item in window.view.cards if not item.placed.face_up), None)
    if down is not None:  # the table shows the deck's back
        assert down.pixmap().toImage().pixelColor(down.pixmap().width() // 2, down.pixmap().height() // 2).name() \
            == "#ff00ff"
    deck_actions(window)["Drawn cards"].trigger()
    assert window.painter.deck is None and window.settings.deck == "Drawn cards"
    assert window.painter.back(50, 70).toImage().pixelColor(25, 35).name() != "#ff00ff"


def test_the_drawn_deck_chosen_stays_chosen_and_no_deck_means_drawn(tmp_path, monkeypatch, open_window):
    folder = tmp_path / "decks"
    complete_deck(folder)
    monkeypatch.setenv("SOLITAIRE_DECKS", str(folder))
    window = open_window({"game": None, "deal": 1})
    deck_actions(window)["Drawn cards"].trigger()
    window.settings.sync()
    again = open_window({"game": None, "deal": 1})
    assert again.deck_name == "Drawn cards" and again.painter.deck is None
    monkeypatch.setenv("SOLITAIRE_DECKS", str(tmp_path / "empty"))
    again.settings.deck = ""
    bare = open_window({"game": None, "deal": 1})
    assert bare.deck_name == "Drawn cards" and list(deck_actions(bare)) == ["Drawn cards"]


def test_a_preferred_deck_comes_before_others(tmp_path, qapp):
    from ui_qt.svgdeck import PREFERRED, default_deck

    folder = tmp_path / "decks"
    first = complete_deck(folder, "aaa")
    preferred = complete_deck(folder, PREFERRED[-1].lower().replace(" ", "_"))
    assert default_deck({"Aaa": first}) == "Aaa"
    assert default_deck({"Aaa": first, PREFERRED[-1]: preferred}) == PREFERRED[-1]
    assert default_deck({}) is None
