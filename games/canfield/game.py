"""Canfield as PySolFC plays it; rule numbers refer to rules.md.

The zones are data, the columns' lift (their top card or all of them) and the waste
their only filler once the reserve is empty among them. What is its own is the base
rank: the first foundation card sets the rank every foundation starts with.
"""

from __future__ import annotations

from attrs import frozen

from solitaire_core import Choice, PileGame, french_deck, words
from solitaire_core.cards import COLOURS, FRENCH_LABELS, SUITS
from solitaire_core.errors import NotationError
from solitaire_core.i18n import N_
from solitaire_core.rules import CardTest, alternate_colour, any_card, down_wrap, same_suit, up_wrap
from solitaire_core.scoring import Scoring
from solitaire_core.search_keys import any_order
from solitaire_core.state import Pile
from solitaire_core.zones import (FOUNDATION, LIFT_TOP_OR_ALL, TABLEAU, WASTE, Foundations, Opt, Reserve, Stock,
                                  Tableau, Waste)

PASSES = {"unlimited": None, 3: 2, 1: 0}  # passes through the stock -> redeals
RESERVE = 13
# Rule 8.4: the casino's stake, 52 paid for the pack and 5 back for each card on the
# foundations, the base card dealt there included (so -52 + 5 at the start).
STAKE = Scoring({"to-foundation": 5}, start=-52 + 5)


@frozen
class RankName:
    """A rank's name in the player's language, read when a refusal is."""

    rank: int

    @property
    def text(self) -> str:
        return words.rank(FRENCH_LABELS[self.rank])


# Rule 3.1: what an empty foundation takes, one test a base rank.
BASE = {rank: CardTest(lambda c, rank=rank: c.rank == rank, N_("a card of the base rank, {0}"), (RankName(rank),))
        for rank in range(1, 14)}


class Canfield(PileGame):
    id = "canfield"
    name = N_("Canfield")
    options = (
        Choice("draw", (3, 1), label=N_("Cards drawn from the stock")),
        Choice("passes", (N_("unlimited"), 3, 1), label=N_("Passes through the stock")),
        Choice("scoring", (N_("none"), N_("stake")), label=N_("Scoring")),
    )
    scorings = {"stake": STAKE}  # rules 8.3, 8.4
    deck = french_deck()
    zones = (
        Stock("stock", at=(0.0, 0.0), draw=Opt("draw")),
        Waste("waste", at=(1.25, 0.0), fan=(0.3, 0.0)),
        *Foundations("f", 4, at=(3.75, 0.0), build=up_wrap & same_suit, start=any_card, give_back=False,
                     label=""),
        Reserve("reserve", at=(0.0, 1.75), fan=(0.0, 0.1)),
        *Tableau("t", 4, at=(2.5, 1.75), build=down_wrap & alternate_colour, empty=any_card, flip=False,
                 refill="reserve", lift=LIFT_TOP_OR_ALL, empty_from=(WASTE,)),
    )
    table = (8.5, 8.0)
    rule_refs = {
        "empty:foundation": "3.1", "build:foundation": "3.2", "one-at-a-time:foundation": "3.2",
        "lift:foundation": "3.3", "foundation-to-foundation": "3.3", "build:tableau": "4.1",
        "part:tableau": "4.2", "run:tableau": "4.2", "empty-from:tableau": "4.4", "top:reserve": "5.1",
        "receive:reserve": "5.1", "top:waste": "6.2", "lift:stock": "6.3", "receive:stock": "6.3",
        "receive:waste": "6.3", "redeal": "6.4", "draw": "6.4",
    }

    def deal(self, cards, options):
        """Rule 2.1: the base card to the first foundation, 13 cards to the reserve (the last
        face up), one card to each column; the rest is the stock, its last card on top."""
        piles = {"f1": Pile((cards.pop(),))}
        piles["reserve"] = Pile(tuple(cards.pop() for _ in range(RESERVE)), RESERVE - 1)
        piles |= {f"t{i}": Pile((cards.pop(),)) for i in range(1, 5)}
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    def redeals_allowed(self, state):
        return PASSES[state.option("passes")]

    def base(self, state) -> int:
        """The base rank (rule 3.1): the first card dealt, at the bottom of the first
        foundation. Every foundation begins with a card of it and none ever leaves, so any
        foundation holding cards tells it: the foundations stay alike, as the key has them."""
        return next(pile.cards[0].rank for pile in (state.piles[f] for f in self.role(FOUNDATION)) if pile.cards)

    def empty_rule(self, state, j):
        """Rule 3.1: an empty foundation takes only a card of the base rank."""
        if self.zones[j].role == FOUNDATION:
            return BASE[self.base(state)]
        return super().empty_rule(state, j)

    def is_safe(self, state, card):
        """Rule 7.1: both cards of the other colour one rank below it are up; never a base card."""
        below = (card.rank - 2) % 13 + 1  # the rank before, a King before an Ace
        up = {(c.rank, c.suit) for i in self.role(FOUNDATION) for c in state.piles[i].cards}
        others = [suit for suit in SUITS if COLOURS[suit] != card.colour]
        return card.rank != self.base(state) and all((below, suit) in up for suit in others)

    def key(self, state):
        """Columns and foundations each in any order (rules 3.1, 4.3)."""
        piles, values = super().key(state)
        rest = tuple(piles[self.index[z]] for z in ("stock", "waste", "reserve"))
        return rest, *(any_order(piles, self.role(role)) for role in (FOUNDATION, TABLEAU)), values

    def check_cards(self, state):
        """Beyond the card count: the first foundation holds the base card (rule 3.1)."""
        super().check_cards(state)
        if not state.piles[self.index["f1"]].cards:
            raise NotationError("f1 must hold the base card: the first card dealt, which sets the base rank")

    def slot_label(self, state, zone):
        """An empty foundation shows the base rank it waits for (rule 3.1)."""
        if zone.role == FOUNDATION:
            return words.rank(FRENCH_LABELS[self.base(state)])
        return super().slot_label(state, zone)
