"""Zone declarations for pile games, in card units (KPatience style).

A zone is data: where it lies, how its cards fan, what builds on it, what an
empty one takes and what may be lifted from it. A game lists its zones; the
engine derives legal moves, the position text and the scene from them.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from .i18n import N_
from .rules import CardTest, Relation, ace, same_suit, up

STOCK, WASTE, FOUNDATION, TABLEAU, RESERVE = "stock", "waste", "foundation", "tableau", "reserve"

# What may be lifted from a zone.
LIFT_NONE = "none"  # nothing (stock: it is clicked, not dragged)
LIFT_TOP = "top"  # the top card only
LIFT_RUNS = "runs"  # any face-up run whose cards follow the zone's build rule

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
    deal_to: str = ""
    name: str = ""  # what a player calls it (a template: "{n}" is its number); "" names it by role
    faces: str = ""  # FACES_DOWN or FACES_UP: how every card of it lies; "": face-down cards under face-up ones

    @property
    def down_fan(self) -> tuple[float, float]:
        return self.fan if self.fan_down is None else self.fan_down


def Stock(id: str = "stock", at=(0.0, 0.0), draw: Any = 1, redeals: Any = None,
          deal_to: str = "waste", label: str = "", name: str = "") -> Zone:
    """Clicked, never dragged: deals ``draw`` cards to ``deal_to``; ``redeals``
    is how many times the waste may go back (None: no limit)."""
    return Zone(id, STOCK, at, lift=LIFT_NONE, draw=draw, redeals=redeals, deal_to=deal_to, label=label,
                name=name, faces=FACES_DOWN)


def Waste(id: str = "waste", at=(1.0, 0.0), fan=(0.0, 0.0), name: str = "") -> Zone:
    """Only its top card plays; ``fan`` spreads the cards the last draw showed."""
    return Zone(id, WASTE, at, fan=fan, lift=LIFT_TOP, name=name, faces=FACES_UP)


def Foundations(prefix: str, count: int, at=(3.0, 0.0), step=(1.25, 0.0),
                build: Relation = up & same_suit, start: CardTest | None = ace,
                give_back: bool = True, label: str = N_("A"), first: int = 1, name: str = "") -> tuple[Zone, ...]:
    """``count`` foundations ``prefix1..`` in a row, built one card at a time."""
    return tuple(
        Zone(f"{prefix}{first + i}", FOUNDATION, (at[0] + step[0] * i, at[1] + step[1] * i),
             build=build, empty=start, lift=LIFT_TOP if give_back else LIFT_NONE,
             one_at_a_time=True, label=label, name=name, faces=FACES_UP)
        for i in range(count)
    )


def Tableau(prefix: str, count: int, at=(0.0, 1.25), step=(1.25, 0.0), fan=(0.0, 0.3),
            fan_down=(0.0, 0.15), build: Relation | None = None, empty: CardTest | None = None,
            lift: str = LIFT_RUNS, flip: bool = True, label: str = "", room: float | None = None,
            first: int = 1, name: str = "") -> tuple[Zone, ...]:
    """``count`` fanned columns ``prefix1..``; uncovered face-down cards turn up."""
    return tuple(
        Zone(f"{prefix}{first + i}", TABLEAU, (at[0] + step[0] * i, at[1] + step[1] * i),
             fan=fan, fan_down=fan_down, build=build, empty=empty, lift=lift, flip=flip,
             label=label, room=room, name=name)
        for i in range(count)
    )
