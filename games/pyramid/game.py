"""Pyramid as PySolFC and the players' books give it; rule numbers refer to rules.md.
The zones are data: pairs adding up to 13 are the engine's, a King goes alone."""

from __future__ import annotations

from solitaire_core import Choice, PileGame, french_deck
from solitaire_core.i18n import N_
from solitaire_core.rules import Relation, king, ranks_total
from solitaire_core.state import Pile
from solitaire_core.zones import (FACES_UP, FOUNDATION, LIFT_NONE, TABLEAU, Layout, Opt, Stock, Waste, Zone,
                                  triangle_covers)

STEP, ROW, LEFT, ROWS = 1.2, 0.7, 1.5, 7  # a card and a bit across; half a card down; room for the stock
PLACES = [(LEFT + (ROWS - 1 - r) * STEP / 2 + k * STEP, r * ROW) for r in range(ROWS) for k in range(r + 1)]
PASSES = {3: 2, 1: 0, "unlimited": None}  # passes through the stock -> redeals
alone_king = Relation(lambda lo, hi: king(hi), N_("only Kings alone; other cards leave in pairs"))


class Pyramid(PileGame):
    id = "pyramid"
    name = N_("Pyramid")
    options = (Choice("passes", (3, 1, N_("unlimited")), label=N_("Passes through the stock")),)
    deck = french_deck()
    zones = (
        *Layout("p", PLACES, triangle_covers(ROWS), name=N_("Place {n}")),
        Stock("stock", at=(0.0, 0.0), redeals=Opt("passes")),
        Waste("waste", at=(0.0, 1.75)),
        Zone("discard", FOUNDATION, (LEFT + ROWS * STEP + 0.3, 0.0), build=alone_king, empty=king,
             lift=LIFT_NONE, one_at_a_time=True, name=N_("the discard pile"), faces=FACES_UP),
    )
    table = (LEFT + ROWS * STEP + 1.3, (ROWS - 1) * ROW + 1.6)
    won_when_empty = (TABLEAU,)
    pairs = ranks_total(13)
    pairs_to = "discard"
    rule_refs = {
        "covered:tableau": "3.1", "pair": "3.2", "build:foundation": "3.3", "empty:foundation": "3.3",
        "lift:foundation": "3.4", "receive:tableau": "3.5", "receive:waste": "3.5",
        "lift:stock": "4.1", "receive:stock": "4.1", "redeal": "4.3", "draw": "4.3",
    }

    def deal(self, cards, options):
        """Places 1 to 28, row by row, from the end of the shuffled list, face up
        (rule 2.1), then one card onto the waste (rule 2.2); the rest is the stock."""
        piles = {f"p{k}": Pile((cards.pop(),)) for k in range(1, 29)}
        piles["waste"] = Pile((cards.pop(),))
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    def redeals_allowed(self, state):
        return PASSES[state.option("passes")]

    def is_safe(self, state, card):
        """Rule 6.1: a King pairs with nothing, so sending it away only frees cards."""
        return king(card)

    def key(self, state):
        """Rule 8.1: no rule looks at suits or at the discard pile."""
        piles = state.piles[:self.index["discard"]]  # the discard pile is the last zone
        return tuple(tuple(c.rank for c in p.cards) for p in piles), super().key(state)[1]
