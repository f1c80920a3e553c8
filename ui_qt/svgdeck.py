"""SVG card decks installed on the system (aisleriot, KDE card decks).

Such a deck is one SVG holding an element per card, named ``1_club``,
``10_heart``, ``jack_spade``... It can only draw French suit cards; every
other face (tarot, trumps, custom) falls back to the drawn deck.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from solitaire_core.scene import Face

SEARCH = (Path("/usr/share/aisleriot/cards"), Path("/usr/share/carddecks"))
SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
RANK_NAMES = {1: "1", 11: "jack", 12: "queen", 13: "king"}


def find_decks(folders=SEARCH) -> dict[str, Path]:
    """Deck name to SVG file, for every deck in the usual places."""
    decks: dict[str, Path] = {}
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.rglob("*.svg*")):
                if path.suffix in (".svg", ".svgz"):
                    decks.setdefault(path.stem.replace("_", " ").replace("-", " ").title(), path)
    return decks


class SvgDeck:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.renderer = QSvgRenderer(str(self.path))
        if not self.renderer.isValid():
            raise ValueError(f"{self.path} is not a readable SVG deck")

    def element(self, face: Face) -> str | None:
        if face.kind != "french" or face.suit not in SUIT_NAMES or not 1 <= face.rank <= 13:
            return None
        rank = RANK_NAMES.get(face.rank, str(face.rank))
        for name in (f"{rank}_{SUIT_NAMES[face.suit]}", f"{SUIT_NAMES[face.suit]}_{rank}"):
            if self.renderer.elementExists(name):
                return name
        return None

    def render(self, face: Face, width: int, height: int, dpr: float) -> QPixmap | None:
        """The card drawn from the deck, or None when the deck lacks it."""
        name = self.element(face)
        if name is None:
            return None
        pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.renderer.render(painter, name, QRectF(0, 0, width, height))
        painter.end()
        return pixmap
