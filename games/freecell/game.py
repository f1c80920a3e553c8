"""FreeCell as Windows plays it; rule numbers refer to rules.md."""

from __future__ import annotations

from solitaire_core import PileGame, alternate_colour_safe, french_deck
from solitaire_core.i18n import N_
from solitaire_core.piles import supermove
from solitaire_core.rules import alternate_colour, any_card, down
from solitaire_core.search_keys import any_order
from solitaire_core.state import Pile
from solitaire_core.zones import CELL, FOUNDATION, TABLEAU, Cells, Foundations, Tableau

COLUMNS = 8


class FreeCell(PileGame):
    id = "freecell"
    name = N_("FreeCell")
    deck = french_deck()
    zones = (
        *Cells("c", 4, at=(0.0, 0.0)),
        *Foundations("f", 4, at=(5.25, 0.0), give_back=False),
        *Tableau("t", COLUMNS, at=(0.125, 1.75), build=down & alternate_colour, empty=any_card, flip=False),
    )
    run_limit = supermove
    table = (10.0, 8.5)
    rule_refs = {
        "build:tableau": "3.1", "run:tableau": "3.2", "run-limit": "3.3", "build:cell": "4.1",
        "one-at-a-time:cell": "4.1", "empty:foundation": "5.1", "build:foundation": "5.2",
        "one-at-a-time:foundation": "5.2", "lift:foundation": "5.3", "foundation-to-foundation": "5.3",
        "draw": "2.3",
    }

    def deal(self, cards, options):
        """Microsoft's deal (rules 2.1, 2.2): the cards one by one to the columns in turn, left to right."""
        columns = [[] for _ in range(COLUMNS)]
        for k in range(len(cards)):
            columns[k % COLUMNS].append(cards.pop())
        return {f"t{i + 1}": Pile(tuple(column)) for i, column in enumerate(columns)}

    def is_safe(self, state, card):
        """Rule 6.1: no column can still need it (foundation cards never come back)."""
        return alternate_colour_safe(state, self, card)

    def key(self, state):
        """Columns, free cells and foundations each in any order (rules 3.4, 4.1, 5.1): every
        column plays alike, so does every cell, and any Ace starts any foundation."""
        piles, values = super().key(state)
        return tuple(any_order(piles, self.role(role)) for role in (CELL, FOUNDATION, TABLEAU)), values
