"""Golf as PySolFC and the players' books give it; rule numbers refer to rules.md.
The zones are data; what is its own is the waste's rule, which the options change."""

from __future__ import annotations

from solitaire_core import PileGame, Switch, french_deck
from solitaire_core.i18n import N_
from solitaire_core.rules import Relation, up_or_down, up_or_down_wrap
from solitaire_core.state import Pile
from solitaire_core.zones import LIFT_NONE, LIFT_TOP, TABLEAU, WASTE, Stock, Tableau, Waste

# Rules 3.2 and 3.3: a King ends a run of the waste; nothing goes on it.
dead_king = Relation(lambda lo, hi: abs(hi.rank - lo.rank) == 1 and lo.rank != lo.king,
                     N_("one rank higher or lower, nothing on a King"))


class Golf(PileGame):
    id = "golf"
    name = N_("Golf")
    options = (
        Switch("wrap", label=N_("King and Ace touch (a King takes a Queen or an Ace)")),
        Switch("queen_on_king", label=N_("A Queen may go on a King")),
    )
    deck = french_deck()
    zones = (
        *Tableau("t", 7, at=(0.0, 0.0), fan=(0.0, 0.35), lift=LIFT_TOP, flip=False, room=1.4),
        Stock("stock", at=(0.0, 3.2), redeals=0),
        Waste("waste", at=(1.25, 3.2), build=dead_king, lift=LIFT_NONE),
    )
    table = (8.5, 4.6)
    won_when_empty = (TABLEAU,)
    rule_refs = {
        "top:tableau": "2.3", "receive:tableau": "2.4", "build:waste": "3.2", "lift:waste": "3.4",
        "lift:stock": "4.1", "receive:stock": "4.1", "draw": "4.2", "redeal": "4.2",
    }

    def deal(self, cards, options):
        """Five rows of seven, from the end of the shuffled list, all face up (rule 2.1),
        then one card onto the waste (rule 2.2); the rest is the stock, its last card on top."""
        rows = [[cards.pop() for _ in range(7)] for _ in range(5)]
        piles = {f"t{i + 1}": Pile(tuple(row[i] for row in rows)) for i in range(7)}
        piles["waste"] = Pile((cards.pop(),))
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    rules_from_options = True  # the waste's rule below reads the options only

    def build_rule(self, state, j):
        """Rules 3.2, 3.3, 6.1, 6.2: the waste's rule as the options have it."""
        if self.zones[j].role != WASTE:
            return super().build_rule(state, j)
        if state.option("wrap") == "on":
            return up_or_down_wrap
        return up_or_down if state.option("queen_on_king") == "on" else dead_king

    def key(self, state):
        """Rule 7.1: no rule looks at suits, at which column is which, or under the
        waste's top card, so positions that differ only so have the same future."""
        piles = state.piles
        columns = tuple(sorted(tuple(c.rank for c in piles[i].cards) for i in self.role(TABLEAU)))
        stock, waste = piles[self.stock_index].cards, piles[self.index["waste"]].top
        return columns, tuple(c.rank for c in stock), waste.rank if waste else 0
