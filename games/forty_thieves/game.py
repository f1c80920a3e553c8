"""Forty Thieves as PySolFC plays it; rule numbers refer to rules.md."""

from __future__ import annotations

from solitaire_core import PileGame, french_deck
from solitaire_core.i18n import N_
from solitaire_core.rules import any_card, down, same_suit
from solitaire_core.search_keys import any_order
from solitaire_core.state import Pile
from solitaire_core.zones import FOUNDATION, LIFT_TOP, TABLEAU, Foundations, Stock, Tableau, Waste

COLUMNS, ROWS = 10, 4


class FortyThieves(PileGame):
    id = "forty-thieves"
    name = N_("Forty Thieves")
    deck = french_deck(decks=2)
    zones = (
        Stock("stock", at=(0.0, 0.0), redeals=0),
        Waste("waste", at=(1.25, 0.0)),
        *Foundations("f", 8, at=(3.0, 0.0)),
        *Tableau("t", COLUMNS, at=(0.25, 1.75), build=down & same_suit, empty=any_card, lift=LIFT_TOP,
                 flip=False),
    )
    table = (12.75, 8.5)
    rule_refs = {
        "build:tableau": "3.1", "top:tableau": "3.2", "empty:foundation": "4.1", "build:foundation": "4.2",
        "one-at-a-time:foundation": "4.2", "top:foundation": "4.3", "foundation-to-foundation": "4.3",
        "lift:stock": "5.1", "receive:stock": "5.1", "top:waste": "5.2", "receive:waste": "5.2",
        "draw": "5.3", "redeal": "5.3",
    }

    def deal(self, cards, options):
        """Rule 2.1: four rows of ten, left to right, face up; the rest is the stock, its last card on top."""
        columns = [[] for _ in range(COLUMNS)]
        for _ in range(ROWS):
            for column in columns:
                column.append(cards.pop())
        piles = {f"t{i + 1}": Pile(tuple(column)) for i, column in enumerate(columns)}
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    def is_safe(self, state, card):
        """Rule 6.1: both cards one rank lower of its suit are up, so no column can still
        want it, and a foundation of its suit is ready for it."""
        lower = sum(1 for i in self.role(FOUNDATION) for c in state.piles[i].cards
                    if c.suit == card.suit and c.rank == card.rank - 1)
        return card.rank == 1 or lower == 2

    def key(self, state):
        """Columns and foundations each in any order (rules 3.3, 4.1): positions that differ
        only so have the same future."""
        piles, values = super().key(state)
        stock, waste = piles[self.stock_index], piles[self.index["waste"]]
        return stock, waste, *(any_order(piles, self.role(role)) for role in (FOUNDATION, TABLEAU)), values
