"""Scorpion as PySolFC plays it; rule numbers refer to rules.md. The zones are data:
columns that lift any face-up card with the cards on it, a three-card stock dealt
onto the first three columns, runs collected King to Ace."""

from __future__ import annotations

from solitaire_core import PileGame, french_deck
from solitaire_core.i18n import N_
from solitaire_core.rules import down, king, same_suit
from solitaire_core.search_keys import collected
from solitaire_core.state import Pile
from solitaire_core.zones import LIFT_ANY, Foundations, Stock, Tableau

COLUMNS = tuple(f"t{i}" for i in range(1, 8))


class Scorpion(PileGame):
    id = "scorpion"
    name = N_("Scorpion")
    deck = french_deck()
    zones = (
        Stock("stock", at=(0.0, 0.0), deal_to=COLUMNS[:3]),
        *Foundations("f", 4, at=(4.5, 0.0), step=(1.5, 0.0), collects=down & same_suit, label=""),
        *Tableau("t", 7, at=(0.0, 1.75), step=(1.5, 0.0), build=down & same_suit, empty=king, lift=LIFT_ANY,
                 label=N_("K")),
    )
    table = (10.0, 9.0)
    rule_refs = {
        "build:tableau": "3.1", "face-down:tableau": "3.3", "empty:tableau": "3.4", "draw": "4.2",
        "lift:stock": "4.1", "receive:stock": "4.1", "lift:foundation": "5.2", "receive:foundation": "5.2",
    }

    def deal(self, cards, options):
        """PySolFC's deal (rule 2.3): seven rows left to right, the first three face
        down in the first four columns; the three cards left are the stock."""
        columns = [[] for _ in COLUMNS]
        for _ in range(7):
            for col in columns:
                col.append(cards.pop())
        piles = {t: Pile(tuple(col), 3 if k < 4 else 0) for k, (t, col) in enumerate(zip(COLUMNS, columns))}
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    def key(self, state):
        """Once the stock is dealt, which column is which never matters (rule 7.1):
        the stock deals to the first three, and every other rule treats them alike."""
        return collected(self, state)
