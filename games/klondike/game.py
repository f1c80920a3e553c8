"""Klondike as the rules text describes it; rule numbers refer to rules.md."""

from __future__ import annotations

from solitaire_core import Choice, PileGame, Switch, alternate_colour_safe, french_deck
from solitaire_core.rules import alternate_colour, down, king
from solitaire_core.scoring import STANDARD, VEGAS
from solitaire_core.state import Pile
from solitaire_core.zones import Foundations, Opt, Stock, Tableau, Waste

PASSES = {"unlimited": None, 3: 2, 1: 0}  # passes through the stock -> redeals
VEGAS_PASSES = {1: 0, 3: 2}  # Vegas forces 1 pass at draw 1, 3 at draw 3 (rule 7.3)


class Klondike(PileGame):
    id = "klondike"
    name = "Klondike"
    options = (
        Choice("draw", (1, 3), label="Cards drawn from the stock"),
        Choice("passes", ("unlimited", 3, 1), label="Passes through the stock"),
        Choice("scoring", ("standard", "vegas", "none"), label="Scoring"),
        Switch("vegas_total", label="Carry the Vegas score from game to game"),
    )
    deck = french_deck()
    zones = (
        Stock("stock", at=(0.0, 0.0), draw=Opt("draw")),
        Waste("waste", at=(1.25, 0.0), fan=(0.3, 0.0)),
        *Foundations("f", 4, at=(3.75, 0.0)),
        *Tableau("t", 7, at=(0.0, 1.75), build=down & alternate_colour, empty=king, label="K"),
    )
    scorings = {"standard": STANDARD, "vegas": VEGAS}
    table = (8.5, 7.0)
    redeals_word = "Passes left"

    def deal(self, cards, options):
        """KPatience's deal: columns take cards from the end of the shuffled list."""
        columns = [[] for _ in range(7)]
        for r in range(7):
            for i in range(r, 7):
                columns[i].append(cards.pop())
        piles = {f"t{i + 1}": Pile(tuple(col), len(col) - 1) for i, col in enumerate(columns)}
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    def redeals_allowed(self, state):
        if state.option("scoring") == "vegas":
            return VEGAS_PASSES[state.option("draw")]
        return PASSES[state.option("passes")]

    def slot_label(self, state, zone):
        if zone.id != "stock":
            return zone.label
        left = self.redeals_left(state)
        if left is None:
            return "\u21bb"
        return f"{left} pass{'es' if left != 1 else ''} left" if left else "no pass left"

    def is_safe(self, state, card):
        return alternate_colour_safe(state, self, card)
