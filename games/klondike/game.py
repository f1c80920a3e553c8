"""Klondike as the rules text describes it; rule numbers refer to rules.md."""

from __future__ import annotations

from solitaire_core import Choice, PileGame, Switch, alternate_colour_safe, french_deck, words
from solitaire_core.deals import triangle
from solitaire_core.i18n import N_
from solitaire_core.rules import alternate_colour, down, king
from solitaire_core.scoring import STANDARD, VEGAS
from solitaire_core.state import Pile
from solitaire_core.zones import FOUNDATION, TABLEAU, Foundations, Stock, Tableau, Waste

from .solving import klondike_model

PASSES = {"unlimited": None, 3: 2, 1: 0}  # passes through the stock -> redeals
VEGAS_PASSES = {1: 0, 3: 2}  # Vegas forces 1 pass at draw 1, 3 at draw 3 (rule 11.10)


def layout(columns: int, foundations: int, step: float = 1.25) -> tuple:
    """Klondike's zones for a number of columns and foundations: what its variants
    with more packs change (Double and Triple Klondike)."""
    return (
        Stock("stock", at=(0.0, 0.0), draw=Choice("draw", (1, 3), label=N_("Cards drawn from the stock"))),
        Waste("waste", at=(1.25, 0.0), fan=(0.3, 0.0)),
        *Foundations("f", foundations, at=(3.75, 0.0), step=(step, 0.0)),
        *Tableau("t", columns, at=(0.0, 1.75), build=down & alternate_colour, empty=king, label=N_("K")),
    )


class Klondike(PileGame):
    id = "klondike"
    name = N_("Klondike")
    options = (
        Choice("passes", (N_("unlimited"), 3, 1), label=N_("Passes through the stock")),
        Choice("scoring", (N_("standard"), N_("vegas"), N_("none")), label=N_("Scoring")),
        Switch("vegas_total", label=N_("Carry the Vegas score from game to game")),
    )
    deck = french_deck()
    layout = staticmethod(layout)
    zones = layout(7, 4)
    scorings = {"standard": STANDARD, "vegas": VEGAS}
    running_total = "vegas_total"  # kept across games by the records layer (rule 11.11)
    solver_model = klondike_model  # written for this class only, never inherited (docs/solver.md)
    table = (8.5, 7.0)
    rule_refs = {
        "build:tableau": "3.1", "run:tableau": "4.1", "face-down:tableau": "4.3",
        "empty:tableau": "5.1", "empty:foundation": "6.1", "build:foundation": "6.2",
        "one-at-a-time:foundation": "6.3", "top:foundation": "6.4",
        "foundation-to-foundation": "6.5", "top:waste": "7.3", "lift:stock": "7.5",
        "receive:stock": "7.5", "receive:waste": "7.5", "redeal": "8.3", "draw": "8.4",
    }

    def deal(self, cards, options):
        """KPatience's deal (rules 2.5, 2.6): the columns take cards from the end
        of the shuffled list; what is left is the stock, its last card on top."""
        piles = {f"t{i + 1}": pile for i, pile in enumerate(triangle(cards, len(self.role(TABLEAU))))}
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    def carries_score(self, state):
        """Only a Vegas score runs on (rule 11.11)."""
        return super().carries_score(state) and state.option("scoring") == "vegas"

    def running_total_options(self, state):
        """One Vegas account per draw count (rule 11.11): Vegas forces the passes and
        carries only its own score, so neither of those options splits it."""
        return {"draw": state.option("draw")}

    def redeals_allowed(self, state):
        if state.option("scoring") == "vegas":
            return VEGAS_PASSES[state.option("draw")]
        return PASSES[state.option("passes")]

    def slot_label(self, state, zone):
        """The empty stock says what a click on it can still do (rule 8.2)."""
        if zone.id != "stock":
            return words.label(zone.label)
        left = self.redeals_left(state)
        return "\u21bb" if left is None else words.passes_left(left)

    def status(self, state):
        """Score, and the pass in progress out of the passes allowed."""
        score = self.score(state)
        figures = [] if score is None else [(words.score_label(), str(score))]
        allowed = self.redeals_allowed(state)
        current = state.value("redeals") + 1
        figures.append((words.pass_label(), str(current) if allowed is None else words.count_of(current, allowed + 1)))
        return figures

    def is_safe(self, state, card):
        return alternate_colour_safe(state, self, card)

    def key(self, state):
        """The columns in any order and each foundation by its top card: every column
        plays alike and any Ace starts any foundation (rules 5.1, 6.1), so positions
        that differ only so have the same future. The blocked search of deal 20 played
        out visits 6 times fewer positions, that of deal 7 18 times (benchmarks/lookahead.py)."""
        piles, values = super().key(state)
        columns = tuple(sorted((piles[i].down, piles[i].cards) for i in self.role(TABLEAU)))  # cards sort
        tops = tuple(sorted(piles[i].cards[-1] for i in self.role(FOUNDATION) if piles[i].cards))
        return piles[self.stock_index], piles[self.index["waste"]], tops, columns, values
