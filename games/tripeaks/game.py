"""TriPeaks as PySolFC and the players' books give it; rule numbers refer to rules.md.
The zones are data; what is its own is the waste's rule, which the option changes."""

from __future__ import annotations

from solitaire_core import PileGame, Switch, french_deck
from solitaire_core.i18n import N_
from solitaire_core.rules import up_or_down, up_or_down_wrap
from solitaire_core.state import Pile
from solitaire_core.zones import LIFT_NONE, TABLEAU, WASTE, Layout, Stock, Waste

STEP, ROW = 1.1, 0.7  # a card and a bit across; half a card down
# Three peaks of 1, 2 and 3 cards (places 1-3, 4-9, 10-18) over a row of 10 (19-28).
PLACES = ([(1.5 * STEP + 3 * STEP * p, 0.0) for p in range(3)]
          + [(STEP + 3 * STEP * p + STEP * a, ROW) for p in range(3) for a in range(2)]
          + [(0.5 * STEP + STEP * k, 2 * ROW) for k in range(9)]
          + [(STEP * k, 3 * ROW) for k in range(10)])
COVERS = {**{p + 1: (4 + 2 * p, 5 + 2 * p) for p in range(3)},
          **{4 + 2 * p + a: (10 + 3 * p + a, 11 + 3 * p + a) for p in range(3) for a in range(2)},
          **{10 + k: (19 + k, 20 + k) for k in range(9)}}


class TriPeaks(PileGame):
    id = "tripeaks"
    name = N_("TriPeaks")
    options = (Switch("wrap", default="on", label=N_("King and Ace touch")),)
    deck = french_deck()
    zones = (
        *Layout("p", PLACES, COVERS, face_up=False, name=N_("Place {n}")),
        Stock("stock", at=(0.0, 3 * ROW + 1.9), redeals=0),
        Waste("waste", at=(1.25, 3 * ROW + 1.9), build=up_or_down_wrap, lift=LIFT_NONE),
    )
    table = (9 * STEP + 1.0, 3 * ROW + 3.5)
    won_when_empty = (TABLEAU,)
    rule_refs = {
        "covered:tableau": "2.3", "face-down:tableau": "2.3", "receive:tableau": "2.4",
        "build:waste": "3.2", "lift:waste": "3.4", "lift:stock": "4.1", "receive:stock": "4.1",
        "draw": "4.2", "redeal": "4.2",
    }

    def deal(self, cards, options):
        """Places 1 to 28 in turn from the end of the shuffled list, the first 18 face
        down (rule 2.1), then one card onto the waste (rule 2.2); the rest is the stock."""
        piles = {f"p{k}": Pile((cards.pop(),), 1 if k <= 18 else 0) for k in range(1, 29)}
        piles["waste"] = Pile((cards.pop(),))
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    rules_from_options = True  # the waste's rule below reads the options only

    def build_rule(self, state, j):
        """Rules 3.2 and 6.1: King and Ace touch unless the option is off."""
        if self.zones[j].role == WASTE and state.option("wrap") == "off":
            return up_or_down
        return super().build_rule(state, j)

    def key(self, state):
        """Rule 7.1: no rule looks at suits or under the waste's top card, and a card
        turns up exactly when it is uncovered: ranks alone tell the future."""
        ranks = tuple(tuple(c.rank for c in state.piles[i].cards) for i in self.role(TABLEAU))
        stock, waste = state.piles[self.stock_index].cards, state.piles[self.index["waste"]].top
        return ranks, tuple(c.rank for c in stock), waste.rank if waste else 0
