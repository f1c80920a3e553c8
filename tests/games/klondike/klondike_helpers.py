"""Helpers for the Klondike tests: hand-built positions and moves in notation."""

from __future__ import annotations

from solitaire_core import parse_card
from solitaire_core.testing import legal_texts as moves_text, play_texts as play  # noqa: F401  (used by the tests)

SUIT_FOUNDATION = {"S": "f1", "H": "f2", "D": "f3", "C": "f4"}
ZONES = ("stock", "waste", "f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "t6", "t7")
LABELS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def build(game, **given):
    """``build(game, t1="(KS) QH", waste="AC", draw=3, score=40)`` -> a State.

    Zones not named are empty. ``rest="stock"`` puts every card not named
    face down at the bottom of the stock. Otherwise, unless a foundation is
    named, each suit's cards below the lowest one placed elsewhere fill its
    foundation (spades f1, hearts f2, diamonds f3, clubs f4); a card left out
    above that is a mistake in the test.
    """
    zones = {z: given.pop(z) for z in ZONES if z in given}
    values = {k: given.pop(k) for k in ("redeals", "score", "shown") if k in given}
    rest = given.pop("rest", None)
    if rest is not None:  # every card not placed goes face down under that zone
        placed = {parse_card(code.strip("()")) for text in zones.values() for code in text.split()}
        under = " ".join(f"({c.code})" for c in game.deck if c not in placed)
        zones[rest] = f"{under} {zones.get(rest, '')}".strip()
    elif not any(z in zones for z in SUIT_FOUNDATION.values()):
        placed = {parse_card(code.strip("()")) for text in zones.values() for code in text.split()}
        for suit, zone in SUIT_FOUNDATION.items():
            lowest = min((c.rank for c in placed if c.suit == suit), default=14)
            zones[zone] = " ".join(label + suit for label in LABELS[:lowest - 1])
            missing = [r for r in range(lowest + 1, 14)
                       if parse_card(LABELS[r - 1] + suit) not in placed]
            assert not missing, f"test position leaves out {LABELS[missing[0] - 1]}{suit}"
    lines = [f"@{k} {v}" for k, v in values.items()]
    lines += [f"{z}: {zones.get(z, '')}" for z in ZONES]
    return game.parse_position("\n".join(lines), **given)


def passes_possible(game, state, limit=10):
    """How many times the waste can be turned over, drawing only."""
    turned = 0
    while turned < limit:
        if not game.pile(state, "stock").cards:
            if "draw" not in moves_text(game, state):
                return turned
            turned += 1
        state = play(game, state, "draw")
    return turned


def zone(game, state, zone_id: str) -> str:
    """One zone as position text, e.g. ``(2D) 5H``."""
    for line in game.format_position(state).splitlines():
        if line.startswith(zone_id + ":"):
            return line.partition(":")[2].strip()
    raise KeyError(zone_id)
