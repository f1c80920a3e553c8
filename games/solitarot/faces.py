"""How the table draws the tarot's cards, in the scene's drawing primitives.

Suit cards are drawn as French ones are, the Knight wearing a plumed helmet; a
trump shows its Roman numeral in the corners and large in a double frame on ivory
paper; the Excuse a gold star, and once placed what it stands for in its corners
and on a dark band (rule 5.1).
"""

from __future__ import annotations

from solitaire_core.faces import FRENCH_COURTS, suit_face
from solitaire_core.scene import Band, Corner, Face, Frame, Symbol

from .cards import EXCUSE, ROMAN, TRUMP, rank_letter

COURTS = {**FRENCH_COURTS, "N": "helmet"}
IVORY = "#fbf5e3"
FRAME_INK = "#1f3a68"
FRAME_FILL = "#78ffffff"  # white, half see-through
GOLD = "#b8860b"
BAND = "#7a1020"
STAR = "\u2605"
TRUMP_FRAME = (0.22, 0.14, 0.56, 0.72)
TRUMP_NUMBER = (0.27, 0.356, 0.46, 0.288)  # the middle of the frame


def trump_face(rank: int) -> Face:
    number = ROMAN[rank]
    return Face("black", Corner(number, serif=True, wide=True), Symbol(number, TRUMP_NUMBER, serif=True),
                paper=IVORY, frame=Frame(FRAME_INK, TRUMP_FRAME, FRAME_FILL, double=True, ornament="\u2726"))


def excuse_face(corner: str, note: str) -> Face:
    """The Excuse: ``corner`` its index (a star, or what it stands for), ``note`` the band's words."""
    band = (Band("= " + note, (0.06, 0.62, 0.88, 0.24), BAND, "white"),) if note else ()
    return Face(GOLD, Corner(corner), Symbol(STAR, (0.15, 0.12, 0.7, 0.5), bold=False), paper=IVORY, bands=band)


def tarot_face(card) -> Face:
    """Any card of the pack but a placed Excuse (the game adds what it stands for)."""
    if card.suit == TRUMP:
        return trump_face(card.rank)
    if card.suit == EXCUSE:
        return excuse_face(STAR, "")
    return suit_face(card, COURTS, rank_letter)
