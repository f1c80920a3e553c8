"""Yukon as KPatience and PySolFC play it; rule numbers refer to rules.md."""

from __future__ import annotations

from solitaire_core import PileGame, alternate_colour_safe, french_deck
from solitaire_core.i18n import N_
from solitaire_core.rules import alternate_colour, down, king
from solitaire_core.state import Pile
from solitaire_core.zones import FOUNDATION, LIFT_ANY, TABLEAU, Foundations, Tableau

COLUMNS = 7


def layout(build):
    """Yukon's zones, given the columns' build rule: what its variants change (Russian)."""
    return (
        *Tableau("t", COLUMNS, at=(0.0, 0.0), build=build, empty=king, lift=LIFT_ANY, label=N_("K")),
        *Foundations("f", 4, at=(8.95, 0.0), step=(0.0, 1.6)),
    )


class Yukon(PileGame):
    id = "yukon"
    name = N_("Yukon")
    deck = french_deck()
    layout = staticmethod(layout)
    zones = layout(down & alternate_colour)  # rule 3.1
    table = (9.95, 8.0)
    rule_refs = {
        "build:tableau": "3.1", "face-down:tableau": "4.2", "empty:tableau": "5.1",
        "empty:foundation": "6.1", "build:foundation": "6.2", "one-at-a-time:foundation": "6.3",
        "foundation-to-foundation": "6.5", "draw": "7.1",
    }

    def deal(self, cards, options):
        """KPatience's deal (rule 2.4): 11 rounds; in round r column j (from 0) takes
        the last card of the list when j = 0 and r = 0, or j > 0 and r < j + 5, face up
        from round j on."""
        columns = [[] for _ in range(COLUMNS)]
        for r in range(11):
            for j in range(COLUMNS):
                if (j == 0 and r == 0) or (j and r < j + 5):
                    columns[j].append(cards.pop())
        return {f"t{j + 1}": Pile(tuple(col), j) for j, col in enumerate(columns)}

    def is_safe(self, state, card):
        return alternate_colour_safe(state, self, card)

    def key(self, state):
        """The columns in any order and each foundation by its top card: every column
        plays alike and any Ace starts any foundation (rules 5.1, 6.1)."""
        piles = state.piles
        columns = tuple(sorted((piles[i].down, piles[i].cards) for i in self.role(TABLEAU)))  # cards sort
        tops = tuple(sorted(piles[i].cards[-1] for i in self.role(FOUNDATION) if piles[i].cards))
        return tops, columns
