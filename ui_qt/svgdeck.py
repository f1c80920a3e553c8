"""SVG drawings: card decks installed on the system (aisleriot, KDE), and a plugin's own.

Such a deck is one SVG holding an element per card, named ``1_club``,
``10_heart``, ``jack_spade``... (or ``club_1``...), and its own ``back``. It
draws only faces that say they are French standard faces (``Face.standard``);
every other face is drawn from its primitives. The first complete deck found
(every French face and a back; a few well-drawn ones first) is the default deck.
A face's ``Svg`` centre is read from the plugin's package (``plugin_drawing``).
"""

from __future__ import annotations

import importlib.resources
import os
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from solitaire_core.inputs import read_bytes
from solitaire_core.i18n import _
from solitaire_core.scene import Face, Standard

SEARCH = (Path("/usr/share/aisleriot/cards"), Path("/usr/share/carddecks"))
FOLDERS_ENV = "SOLITAIRE_DECKS"  # folders (os.pathsep between) searched instead of SEARCH
PREFERRED = ("Anglo", "Gnomangelo Bitmap", "Standard")  # tried first for the default, in this order
SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
RANK_NAMES = {1: "1", 11: "jack", 12: "queen", 13: "king"}
DECK_LIMIT = 64 << 20  # bytes; the largest decks shipped are a few MB
BACK = "back"


def search_folders() -> tuple[Path, ...]:
    folders = os.environ.get(FOLDERS_ENV)
    return SEARCH if folders is None else tuple(Path(f) for f in folders.split(os.pathsep) if f)


def find_decks(folders=None) -> dict[str, Path]:
    """Deck name to SVG file, for every deck in the usual places."""
    decks: dict[str, Path] = {}
    for folder in search_folders() if folders is None else folders:
        if folder.is_dir():
            for path in sorted(folder.rglob("*.svg*")):
                if path.suffix in (".svg", ".svgz"):
                    decks.setdefault(deck_name(path), path)
    return decks


def deck_name(path: Path) -> str:
    """A KDE deck's name from the ``index.desktop`` beside it, else the file's name."""
    try:
        text = read_bytes(path.parent / "index.desktop", 64 << 10).decode(errors="replace")
    except OSError:  # none, or not a small plain file
        text = ""
    for line in text.splitlines():
        if line.startswith("Name="):
            return line[5:].strip()
    return path.stem.replace("_", " ").replace("-", " ").title()


def default_deck(decks: dict[str, Path]) -> str | None:
    """The deck to use when none was chosen: the first complete one, preferred ones first."""
    order = [name for name in PREFERRED if name in decks] + [name for name in decks if name not in PREFERRED]
    for name in order:
        try:
            if SvgDeck(decks[name]).complete:
                return name
        except ValueError:
            continue
    return None


class SvgDeck:
    def __init__(self, path: Path):
        self.path = Path(path)
        try:  # a regular file, bounded: a FIFO or a device named .svg never hangs the start
            data = read_bytes(self.path, DECK_LIMIT)
        except OSError as exc:
            raise ValueError(_("{path} is not a readable SVG deck ({error})").format(path=self.path, error=exc)) from exc
        self.renderer = QSvgRenderer(QByteArray(data))  # inflates a .svgz itself
        if not self.renderer.isValid():
            raise ValueError(_("{path} is not a readable SVG deck").format(path=self.path))

    @property
    def complete(self) -> bool:
        """Every French face and a back of its own."""
        faces = (Face(standard=Standard("french", rank, suit)) for suit in SUIT_NAMES for rank in range(1, 14))
        return self.renderer.elementExists(BACK) and all(self.element(face) for face in faces)

    def element(self, face: Face) -> str | None:
        card = face.standard
        if card is None or card.pack != "french" or card.suit not in SUIT_NAMES or not 1 <= card.rank <= 13:
            return None
        rank = RANK_NAMES.get(card.rank, str(card.rank))
        for name in (f"{rank}_{SUIT_NAMES[card.suit]}", f"{SUIT_NAMES[card.suit]}_{rank}"):
            if self.renderer.elementExists(name):
                return name
        return None

    def render(self, face: Face, width: int, height: int, dpr: float) -> QPixmap | None:
        """The card drawn from the deck, or None when the deck lacks it."""
        name = self.element(face)
        return None if name is None else self._render(name, width, height, dpr)

    def render_back(self, width: int, height: int, dpr: float) -> QPixmap | None:
        """The deck's own back, or None when it has none."""
        return self._render(BACK, width, height, dpr) if self.renderer.elementExists(BACK) else None

    def _render(self, name: str, width: int, height: int, dpr: float) -> QPixmap:
        pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.renderer.render(painter, name, QRectF(0, 0, width, height))
        painter.end()
        return pixmap


class PluginDrawing:
    """An SVG a plugin ships, drawn whole or one element at a time."""

    def __init__(self, data: bytes):
        self.renderer = QSvgRenderer(QByteArray(data))

    def render(self, painter: QPainter, element: str, rect: QRectF) -> None:
        if not element:
            self.renderer.render(painter, rect)
        elif self.renderer.elementExists(element):
            self.renderer.render(painter, element, rect)


@lru_cache(maxsize=32)
def plugin_drawing(package: str, path: str) -> PluginDrawing | None:
    """The SVG at ``path`` in ``package``, read once; None (the face drawn without it)
    when the package lacks it or it is no SVG."""
    try:
        with importlib.resources.as_file(importlib.resources.files(package).joinpath(path)) as file:
            data = read_bytes(file, DECK_LIMIT)
    except (OSError, ModuleNotFoundError, TypeError, ValueError):
        return None
    drawing = PluginDrawing(data)
    return drawing if drawing.renderer.isValid() else None
