"""Zone declarations for pile games, in card units (KPatience style).

A zone is data: where it lies, how its cards fan, what builds on it, what an
empty one takes and what may be lifted from it. A game lists its zones; the
engine derives legal moves, the position text and the scene from them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from attrs import evolve, frozen

from .i18n import N_
from .rules import CardTest, Relation, any_card, ace, same_suit, up


class Role(StrEnum):
    """What a zone is to the player and to the engine; a closed set (a zone with any other
    role is refused when its game registers)."""

    STOCK = "stock"  # face-down cards, clicked to deal (to a waste, or one card to each of several zones)
    WASTE = "waste"  # what the stock dealt; only its top card plays; may build (Golf, TriPeaks)
    FOUNDATION = "foundation"  # where cards go to win; also a discard pile (Spider's runs, Pyramid's pairs)
    TABLEAU = "tableau"  # the playing area: columns, or covered layout cards (Pyramid, TriPeaks, Golf)
    RESERVE = "reserve"  # cards held apart, played from the top, never built on (Canfield's reserve)
    CELL = "cell"  # a free cell: holds one card of any kind (FreeCell)


STOCK, WASTE, FOUNDATION, TABLEAU, RESERVE, CELL = (
    Role.STOCK, Role.WASTE, Role.FOUNDATION, Role.TABLEAU, Role.RESERVE, Role.CELL)

# What may be lifted from a zone.
LIFT_NONE = "none"  # nothing (stock: it is clicked, not dragged)
LIFT_TOP = "top"  # the top card only
LIFT_RUNS = "runs"  # any face-up run whose cards follow the zone's run rule (its build rule unless it says)
LIFT_ANY = "any"  # any face-up card with every card on it, in order or not (Yukon, Scorpion)
LIFT_TOP_OR_ALL = "top-or-all"  # the top card, or every card when they all make one run (Canfield)

# How the cards of a zone lie, whatever happens (a position text saying otherwise is refused).
FACES_DOWN, FACES_UP = "down", "up"


@frozen
class Opt:
    """A zone setting read from the state's options (e.g. the draw count)."""

    name: str


@frozen
class Zone:
    id: str
    role: str
    at: tuple[float, float]
    fan: tuple[float, float] = (0.0, 0.0)
    fan_down: tuple[float, float] | None = None
    build: Relation | None = None
    empty: CardTest | None = None
    lift: str = LIFT_TOP
    one_at_a_time: bool = False
    flip: bool = False
    label: str = ""  # shown on the empty slot, marked with N_ ("A", "K")
    room: float | None = None
    draw: Any = 1
    redeals: Any = None
    deal_to: str | tuple[str, ...] = ""  # a stock's: one zone (draw cards to it) or several (one card each)
    name: str = ""  # what a player calls it (a template: "{n}" is its number); "" names it by role
    faces: str = ""  # FACES_DOWN or FACES_UP: how every card of it lies; "": face-down cards under face-up ones
    run: Relation | None = None  # what a lifted run must follow, when it is not the build rule (Spider)
    covered_by: tuple[str, ...] = ()  # zones whose cards cover this one's: it plays when they are empty
    collects: Relation | None = None  # a foundation taking complete runs by itself (King to Ace, this rule)
    refill: str = ""  # a zone whose top card fills this one by itself when it is empty (Canfield)
    needs_filled: bool = False  # a stock dealing to several zones deals only when none is empty (Spider)
    empty_from: tuple[str, ...] = ()  # the roles of the zones an empty one takes cards from; (): any (Canfield: the waste)
    takes_from: tuple[str, ...] = ()  # the zones (ids or roles) it ever takes cards from, empty or not; (): any
    action: Any = None  # a stock's click when it does not deal: ``Redeal`` or ``CloseUp``
    pulls: int = 0  # how many times a game a face-up card under others may go to the top of its zone (the merci)

    @property
    def down_fan(self) -> tuple[float, float]:
        return self.fan if self.fan_down is None else self.fan_down

    @property
    def run_rule(self) -> Relation | None:
        """What the cards of a lifted run must follow."""
        return self.build if self.run is None else self.run

    @property
    def targets(self) -> tuple[str, ...]:
        """The zones a stock deals to."""
        return (self.deal_to,) if isinstance(self.deal_to, str) else self.deal_to


@frozen
class Redeal:
    """A stock click that gathers the cards of the zones of ``role``, zone after zone,
    shuffles them and deals them again face up, ``deal_in`` to a zone from the first
    (the last zone dealt to takes what is left); the stock's ``redeals`` counts how many
    times (La Belle Lucie). The shuffle's seed is the cards gathered, in order, and the
    redeal's number: a deal played the same way redeals the same way, in the table, a
    replay and the solver alike."""

    role: str = Role.TABLEAU
    deal_in: int = 3


@frozen
class CloseUp:
    """A stock click that closes up the zones of ``role``: their cards move towards the
    first zone, keeping their order, and the stock fills the zones left empty at the end,
    one card each (Monte Carlo). It does something only while a zone has a gap to fill."""

    role: str = Role.TABLEAU


def Stock(id: str = "stock", at=(0.0, 0.0), draw: Any = 1, redeals: Any = None,
          deal_to: str | tuple[str, ...] = "waste", label: str = "", name: str = "",
          needs_filled: bool = False, action: Redeal | CloseUp | None = None) -> Zone:
    """Clicked, never dragged. With one ``deal_to`` zone (a waste) it deals ``draw``
    cards there (a number, ``Opt(name)``, or a ``Choice`` that becomes the game's option), and ``redeals`` is how many times the waste may go back (None: no
    limit; 0: never). With several it deals one card face up onto each, never goes
    back, and with ``needs_filled`` refuses while one of them is empty. With an
    ``action`` it deals to no zone of its own: its click is that action (``Redeal``,
    ``CloseUp``), ``redeals`` times for a redeal (None: 0 here)."""
    if action is not None:
        deal_to, redeals = (), (redeals or 0) if isinstance(action, Redeal) else 0
    elif not isinstance(deal_to, str):
        deal_to, redeals = tuple(deal_to), 0
    return Zone(id, STOCK, at, lift=LIFT_NONE, draw=draw, redeals=redeals, deal_to=deal_to, label=label,
                name=name, faces=FACES_DOWN, needs_filled=needs_filled, action=action)


def Waste(id: str = "waste", at=(1.0, 0.0), fan=(0.0, 0.0), name: str = "",
          build: Relation | None = None, lift: str = LIFT_TOP) -> Zone:
    """Only its top card plays; ``fan`` spreads the cards the last draw showed. A waste
    with ``build`` takes cards from the layout too (Golf, TriPeaks: one rank up or down);
    ``lift=LIFT_NONE`` keeps its cards where they are."""
    return Zone(id, WASTE, at, fan=fan, lift=lift, name=name, faces=FACES_UP, build=build)


def Foundations(prefix: str, count: int, at=(3.0, 0.0), step=(1.25, 0.0),
                build: Relation | None = up & same_suit, start: CardTest | None = ace,
                give_back: bool = True, label: str = N_("A"), first: int = 1, name: str = "",
                collects: Relation | None = None) -> tuple[Zone, ...]:
    """``count`` foundations ``prefix1..`` in a row, built one card at a time; ``give_back``
    lets their top cards come back into play. With ``collects`` (and no ``build``) they
    take, by themselves, each complete King-to-Ace run following that rule (Spider)."""
    if collects is not None:
        build, start, give_back = None, None, False
    return tuple(
        Zone(f"{prefix}{first + i}", FOUNDATION, (at[0] + step[0] * i, at[1] + step[1] * i),
             build=build, empty=start, lift=LIFT_TOP if give_back else LIFT_NONE,
             one_at_a_time=True, label=label, name=name, faces=FACES_UP, collects=collects)
        for i in range(count)
    )


def Tableau(prefix: str, count: int, at=(0.0, 1.25), step=(1.25, 0.0), fan=(0.0, 0.3),
            fan_down=(0.0, 0.15), build: Relation | None = None, empty: CardTest | None = None,
            lift: str = LIFT_RUNS, flip: bool = True, label: str = "", room: float | None = None,
            first: int = 1, name: str = "", run: Relation | None = None, refill: str = "",
            empty_from: tuple[str, ...] = (), takes_from: tuple[str, ...] = (), pulls: int = 0) -> tuple[Zone, ...]:
    """``count`` fanned columns ``prefix1..``; uncovered face-down cards turn up.
    ``lift``: LIFT_RUNS (runs following ``run``, else ``build``), LIFT_TOP, LIFT_ANY,
    LIFT_TOP_OR_ALL; ``refill``: a zone whose top card fills an emptied column by itself;
    ``empty_from``: the roles an empty column takes cards from (none named: any);
    ``takes_from``: the zones (ids or roles) a column ever takes cards from (none named: any);
    ``pulls``: how many times a game a face-up card lying under others may move to the
    top of its own column, once the stock has no pass left (the merci), shared by every
    zone declaring them."""
    return tuple(
        Zone(f"{prefix}{first + i}", TABLEAU, (at[0] + step[0] * i, at[1] + step[1] * i),
             fan=fan, fan_down=fan_down, build=build, empty=empty, lift=lift, flip=flip,
             label=label, room=room, name=name, run=run, refill=refill, empty_from=tuple(empty_from),
             takes_from=tuple(takes_from), pulls=pulls)
        for i in range(count)
    )


def Cells(prefix: str, count: int, at=(0.0, 0.0), step=(1.25, 0.0), first: int = 1,
          name: str = "") -> tuple[Zone, ...]:
    """``count`` free cells ``prefix1..``: each holds one card of any kind, face up."""
    return tuple(
        Zone(f"{prefix}{first + i}", CELL, (at[0] + step[0] * i, at[1] + step[1] * i),
             empty=any_card, lift=LIFT_TOP, one_at_a_time=True, name=name, faces=FACES_UP)
        for i in range(count)
    )


def Reserve(id: str = "reserve", at=(0.0, 0.0), fan=(0.0, 0.0), flip: bool = True, name: str = "",
            label: str = "") -> Zone:
    """Cards held apart: only the top one plays, nothing is built on it; with ``flip``
    its cards lie face down under a face-up top, the next turning up when it leaves."""
    return Zone(id, RESERVE, at, fan=fan, lift=LIFT_TOP, flip=flip, name=name, label=label)


def changed(zones: tuple[Zone, ...], role: str, **fields: Any) -> tuple[Zone, ...]:
    """``zones`` with every zone of ``role`` changed so (``build=``, ``empty=``...), the
    others as they were: a variant's rule in a few words where its parent offers no
    piece to change (``changed(FreeCell.zones, TABLEAU, build=down & same_suit)``). A
    field no zone has is a TypeError."""
    return tuple(evolve(zone, **fields) if zone.role == role else zone for zone in zones)


def triangle_covers(rows: int) -> dict[int, tuple[int, int]]:
    """``Layout``'s ``covers`` for places in a triangle of ``rows`` rows, numbered row by
    row from the top (Pyramid): place n of row r (from 0), the k-th of its row, lies
    under places n + r + 1 and n + r + 2."""
    return {r * (r + 1) // 2 + k + 1: (r * (r + 1) // 2 + k + r + 2, r * (r + 1) // 2 + k + r + 3)
            for r in range(rows - 1) for k in range(r + 1)}


def Layout(prefix: str, places: list, covers: dict[int, tuple[int, ...]], *, face_up: bool = True,
           name: str = "", first: int = 1) -> tuple[Zone, ...]:
    """One-card places ``prefix1..`` at ``places`` ((x, y) each), where ``covers[k]`` lists
    the places (1-based) lying over place k: a place's card plays once those are empty,
    and turns face up then if it lay face down (Pyramid, TriPeaks)."""
    return tuple(
        Zone(f"{prefix}{first + k}", TABLEAU, tuple(at), lift=LIFT_TOP, flip=not face_up, name=name,
             covered_by=tuple(f"{prefix}{first + c - 1}" for c in covers.get(k + 1, ())),
             faces=FACES_UP if face_up else "")
        for k, at in enumerate(places)
    )
