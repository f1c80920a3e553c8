"""The game protocol of docs/architecture.md, The Game API, with what every game shares.

A concrete game supplies ``new``, ``legal_moves``, ``play`` (apply without the
legality check), ``is_won``, the position text and the scene. ``apply``,
``is_stuck``, card codes, faces and rules text come from here.
"""

from __future__ import annotations

import importlib.resources
import os
import sys
from functools import cached_property
from typing import Any, Sequence

from attrs import frozen

from . import blocked, lookahead
from . import cards as cardlib
from . import faces
from . import moves as movelib
from . import words
from .errors import IllegalMove, SolitaireError
from . import i18n, rules_page
from .i18n import _
from .inputs import read_text
from .moves import Move
from .options import Choice, resolve
from .scene import Face, Scene
from .state import State
from .zones import FOUNDATION, STOCK

RULES_LIMIT = 1 << 20  # bytes of a rules page: the longest shipped is about 20 KB

class TranslatedName:
    """A game's name, declared in English (``name = N_("Salic Law")``) and read in the
    player's language: its game's catalog has it (``i18n.add_package``)."""

    def __init__(self, text: str):
        self.text = text

    def __get__(self, game, owner=None) -> str:
        return _(self.text) if self.text else ""


class Game:
    """Base of every game. Subclasses set ``id``, ``name``, ``options``; ``name``
    reads translated (``TranslatedName``), so every caller shows it in the player's language."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if isinstance(cls.__dict__.get("name"), str):
            cls.name = TranslatedName(cls.__dict__["name"])

    id: str = ""
    name: str = ""
    options: tuple[Choice, ...] = ()
    stuck_search_limit: int = 4000
    hint_search_limit: int = 200  # positions; timed in benchmarks/lookahead.py
    running_total: str | None = None  # an on/off option whose "on" carries the score to the next game

    # --- to provide -------------------------------------------------------
    def new(self, deal: int, **options: Any) -> State:
        raise NotImplementedError

    def legal_moves(self, state: State) -> Sequence[Move]:
        raise NotImplementedError

    def play(self, state: State, move: Move) -> State:
        """Apply a move known to be legal (the solver's fast path)."""
        raise NotImplementedError

    def is_won(self, state: State) -> bool:
        raise NotImplementedError

    def format_position(self, state: State) -> str:
        raise NotImplementedError

    def parse_position(self, text: str, **options: Any) -> State:
        raise NotImplementedError

    def scene(self, state: State, room: tuple[float, float] | None = None) -> Scene:
        """What the table draws; ``room`` (card widths) is the space it has, or None."""
        raise NotImplementedError

    # --- shared -----------------------------------------------------------
    def resolve_options(self, given: dict) -> tuple:
        return resolve(self.options, given)

    def apply(self, state: State, move: Move) -> State:
        if move not in self.legal_moves(state):
            raise IllegalMove(self.format_move(move), self.why_illegal(state, move))
        return self.play(state, move)

    def why_illegal(self, state: State, move: Move) -> str:
        return words.rules_forbid()

    def score(self, state: State) -> int | None:
        """The score, or None where the game (or its options) keeps none."""
        return None

    def running_total_options(self, state: State) -> dict:
        """The options that key this game's running total, its account: by default every
        option but the ``running_total`` switch. A game leaves out those its scoring
        overrides, so that they never split one account in several."""
        return {name: value for name, value in state.options if name != self.running_total}

    def carries_score(self, state: State) -> bool:
        """Whether this game's score runs on to the next game (its ``running_total`` switch is on)."""
        return self.running_total is not None and state.option(self.running_total) == "on"

    def status(self, state: State) -> list[tuple[str, str]]:
        """Labelled figures for a status bar (score, redeals left, ...)."""
        score = self.score(state)
        return [] if score is None else [(words.score_label(), str(score))]

    def format_move(self, move: Move) -> str:
        return movelib.format_move(move)

    def parse_move(self, state: State, text: str) -> Move:
        return movelib.parse_move(text)

    def format_card(self, card) -> str:
        return card.code

    def parse_card(self, text: str):
        return cardlib.parse_card(text)

    def face(self, card) -> Face:
        """How the table draws ``card``, in drawing primitives (here: a French card)."""
        return faces.french_face(card)

    @property
    def rules(self) -> str:
        """The game's rules as Markdown, in the player's language where the game has them
        (``rules.fr.md``), else ``rules.md``: in the game's own package, or in the nearest
        base class's (a subclass in a test or script keeps its rules). A variant's page
        (``<!-- amends: ID -->``) is composed over its parent's, the nearest base class in
        another package (``rules_page.compose``; docs/plugins.md, "Variants")."""
        names = tuple(dict.fromkeys((f"rules.{i18n.language()}.md", "rules.md")))
        return _rules_of(type(self).__mro__, names, self.name)

    deck: tuple = ()  # the cards in their documented order (a pile game's pack)

    def card_index(self, card) -> int:
        """A card's stable index in the game's ``deck``: where its first copy lies. Copies
        of one card (a game of several packs) are equal, so they share it: 0 to 51 in
        Double Klondike, as in Klondike. A wild card counts as the card the pack knows
        (``identity``). A card not in the deck raises ``KeyError``."""
        identity = getattr(self, "identity", None)
        return self._card_indices[identity(card) if identity else card]

    @cached_property
    def _card_indices(self) -> dict:
        found: dict = {}
        for k, card in enumerate(self.deck):
            found.setdefault(card, k)
        return found

    # --- words a player reads (the templates are in words.py) ----------
    def card_name(self, card) -> str:
        """What a player calls ``card`` inside a sentence ("the 7\u2663", "the 10\u2665"),
        from the index its face shows; a game whose faces have none, or whose index does
        not say it well, names its cards itself."""
        corner = self.face(card).corner
        return words.card(corner.text, corner.symbol) if corner else words.a_card()

    def zone_name(self, zone_id: str) -> str:
        """What a player calls a zone ("the stock", "Column 5"): named by the role of
        its slot in the first deal's scene; a game whose zones are not all there
        names them itself. Worded when asked, so it follows a change of language."""
        numbered = self._slot_roles.get(zone_id)
        return words.zone(*numbered) if numbered else words.some_place()

    @cached_property
    def _slot_roles(self) -> dict[str, tuple[str, int, bool]]:
        """Each slot's zone: its role, its number among that role's, whether it has company."""
        slots = self.scene(self.new(0)).slots
        count = {role: sum(s.role == role for s in slots) for role in {s.role for s in slots}}
        numbers, seen = {}, {}
        for slot in slots:
            seen[slot.role] = seen.get(slot.role, 0) + 1
            numbers[slot.zone] = (slot.role, seen[slot.role], count[slot.role] > 1)
        return numbers

    def place(self, state: State, zone_id: str) -> "Place":
        """A zone's role and cards, as the words need them (here: read from the scene)."""
        scene = self.scene(state)
        placed = sorted((p for p in scene.cards if p.zone == zone_id), key=lambda p: p.index)
        role = next((s.role for s in scene.slots if s.zone == zone_id), "")
        down = next((k for k, p in enumerate(placed) if p.face_up), len(placed))
        return Place(role, tuple(p.card for p in placed), down)

    def describe_move(self, state: State, move: Move) -> str:
        """A legal move as a sentence: "Move the 7\u2663 onto the 8\u2665", "Put the A\u2660
        on Foundation 1", "Turn over the next card"."""
        if move.is_draw:
            return self.describe_draw(state)
        source, target = self.place(state, move.src), self.place(state, move.dst)
        moving = words.cards(self.name_at(source, len(source.cards) - move.n), move.n)
        if target.role == FOUNDATION:
            return words.put_on(moving, self.zone_name(move.dst))
        if target.cards and target.down < len(target.cards):
            return words.move_onto(moving, self.card_name(target.cards[-1]))
        return words.move_to(moving, self.zone_name(move.dst))

    def describe_draw(self, state: State) -> str:
        """The stock click, for a game whose stock the engine knows only from its scene."""
        stock = next((s.zone for s in self.scene(state).slots if s.role == STOCK), None)
        name = self.zone_name(stock) if stock is not None else words.some_place()
        return words.click_stock(name)

    def describe_spot(self, state: State, zone_id: str, index: int | None) -> str:
        """What the keyboard cursor is on: card ``index`` of a zone (None: the zone itself)."""
        place, name = self.place(state, zone_id), self.zone_name(zone_id)
        if index is None or not 0 <= index < len(place.cards):
            return words.spot_empty(name)
        if index < place.down:
            return words.spot_face_down(name)
        return words.spot_card(name, self.card_name(place.cards[index]))

    def name_at(self, place: "Place", index: int) -> str:
        """The name of card ``index`` of a place, or "a face-down card": words never
        give away a hidden card."""
        if 0 <= index < len(place.cards) and index >= place.down:
            return self.card_name(place.cards[index])
        return words.face_down_card()

    # --- search helpers shared by is_stuck, hints and the solver ---------
    def key(self, state: State):
        """What identifies a position for search: cosmetic values left out."""
        return state

    def progress(self, state: State) -> tuple:
        """Measures that a winning line must raise; see ``is_stuck``."""
        return ()

    def is_stuck(self, state: State) -> bool:
        """True when no sequence of moves can raise any ``progress`` measure
        (``blocked.verdict`` says ``BLOCKED``). Bounded by ``stuck_search_limit``
        positions: a search that cannot finish answers False, never a guess."""
        return blocked.verdict(self, state, self.stuck_search_limit) == blocked.BLOCKED

    def pickable(self, state: State, zone: str, n: int) -> bool:
        """Whether the player may take the top ``n`` cards of ``zone`` in hand
        (a drag), wherever they may go; by default only a group some legal move
        takes. The table lifts such a group and slides it back when no move fits."""
        return any(m.src == zone and m.n == n for m in self.legal_moves(state) if not m.is_draw)

    def safe_moves(self, state: State) -> list[Move]:
        """Moves that can never hurt (played without asking by auto-play)."""
        return []

    def finish_moves(self, state: State) -> list[Move] | None:
        """The moves that finish a game that is won in all but name, else None."""
        return None

    def hint(self, state: State) -> Move | None:
        """The heuristic's favourite move (``preference``) that keeps a win within
        reach; None when no move helps (no line raises a ``progress`` measure: the
        table then offers undo and restart) or only pointless moves are left (the
        solver gives better hints). A move the search cannot decide is hinted only
        if it helps (``helps``), and so is the move played when every move loses.

        A bounded exhaustive search (``hint_search_limit`` positions in all) tries
        the moves best first: the first it finds a win after is the hint, one it
        proves lost is passed over, and when the search runs out the move it was
        trying stands. So wherever the whole game from here fits the limit, the
        hint never throws a win away."""
        if blocked.verdict(self, state, self.stuck_search_limit) == blocked.BLOCKED:
            return None  # no move helps: none is worth a hint (not even one costing points)
        ranked = sorted(((self.preference(state, m), k, m) for k, m in enumerate(self.legal_moves(state))),
                        key=lambda t: (-t[0], t[1]))
        seen: set = set()
        for score, _, move in ranked:
            found = lookahead.winning_line(self, self.play(state, move), seen, self.hint_search_limit)
            if isinstance(found, list) or found is None and score >= 0 and self.helps(state, move):
                return move
        # lost whatever is played: the favourite move that still gets somewhere
        return next((move for score, _, move in ranked if score >= 0 and self.helps(state, move)), None)

    def helps(self, state: State, move: Move) -> bool:
        """Whether some line starting with ``move`` raises a ``progress`` measure above
        ``state``'s (a card sent down to come back up again does not); True when the
        search cannot tell (``stuck_search_limit``)."""
        after = self.play(state, move)
        return blocked.verdict(self, after, self.stuck_search_limit, base=self.progress(state)) != blocked.BLOCKED

    def preference(self, state: State, move: Move) -> int:
        """How good a move looks at a glance; higher is better, negative is pointless."""
        return 0


@frozen
class Place:
    """A zone as the words see it: its role ("" if unknown), cards bottom to top,
    and how many of the bottom ones lie face down."""

    role: str
    cards: tuple
    down: int = 0


def _page(cls, names: tuple[str, ...]) -> tuple[str, str] | None:
    """The first of ``names`` that ``cls``'s package ships, as (file name, text)."""
    package = getattr(sys.modules.get(cls.__module__), "__package__", None)
    for name in names if package else ():
        try:
            page = importlib.resources.files(package).joinpath(name)
            text = read_text(page, RULES_LIMIT) if isinstance(page, os.PathLike) else page.read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError, TypeError):
            continue
        except (OSError, UnicodeDecodeError) as exc:  # a FIFO, a link to a device, a huge or binary file
            raise SolitaireError(_("the rules page {name} of {package} cannot be read: {error}").format(
                name=name, package=package, error=exc)) from None
        return name, text
    return None


def _rules_of(mro: tuple, names: tuple[str, ...], name: str) -> str:
    """The page of the first class of ``mro`` whose package has one; a variant's page
    composed over the page of the next class from another package (its parent), read in
    the same file's language so the two never mix."""
    for k, cls in enumerate(mro):
        found = _page(cls, names)
        if found is None:
            continue
        file, text = found
        parent_id = rules_page.amends(text)
        if parent_id is None:
            return text
        own = cls.__module__.rpartition(".")[0] or cls.__module__
        rest = tuple(c for c in mro[k + 1:] if not (c.__module__ + ".").startswith(own + "."))
        parent = next((c for c in rest if _page(c, (file, "rules.md"))), None)
        if parent is None or getattr(parent, "id", None) != parent_id:
            raise SolitaireError(_("{name}: its rules amend {parent}, which is not the game it subclasses").format(
                name=name, parent=repr(parent_id)))
        base = _rules_of(rest[rest.index(parent):], (file, "rules.md") if file != "rules.md" else (file,),
                         parent.name)
        return rules_page.compose(base, text, lambda amended, new: words.variant_rules(
            name, parent.name, amended, new))
    if mro[0].__module__ == "__main__":  # a script run as a program belongs to no package
        raise SolitaireError(_("{name} is defined in a script run as a program (__main__), which is in no "
                               "package: its rules.md is read from beside a package's code, so put the game "
                               "in a package (docs/plugins.md, 1)").format(name=name))
    raise SolitaireError(_("{name} ships no rules.md beside its code").format(name=name))
