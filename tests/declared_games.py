"""Games declared in a few lines with the rule set's actions and pulls, for the tests
of the engine, the solver and the table: La Belle Lucie (a redeal, the merci) and
Monte Carlo (a close-up, a pair hook)."""

from solitaire_core import PileGame, french_deck
from solitaire_core.i18n import _
from solitaire_core.refusals import refuse
from solitaire_core.rules import down, same_rank, same_suit
from solitaire_core.state import Pile
from solitaire_core.zones import LIFT_TOP, TABLEAU, CloseUp, Foundations, Redeal, Stock, Tableau


class LaBelleLucie(PileGame):
    """La Belle Lucie with the merci: eighteen fans of three (the last of one) built down
    in suit, one card at a time, never filled when empty; twice, the fans are gathered,
    shuffled and dealt again in threes; after the last deal one card lying under others
    may be pulled to the top of its fan, once."""

    id, name = "test-la-belle-lucie", "La Belle Lucie"
    deck, table = french_deck(), (10.5, 5.5)
    zones = (
        Stock("stock", at=(0.0, 0.0), redeals=2, action=Redeal(TABLEAU, 3)),
        *Foundations("f", 4, at=(2.0, 0.0)),
        *(zone for row in range(3) for zone in Tableau(
            "t", 6, at=(0.0, 1.5 + 1.25 * row), step=(1.75, 0.0), fan=(0.25, 0.0), first=1 + 6 * row,
            build=down & same_suit, lift=LIFT_TOP, flip=False, pulls=1)),
    )

    def deal(self, cards, options):
        return {f"t{k}": Pile(tuple(cards.pop() for _ in range(min(3, len(cards))))) for k in range(1, 19)}


class MonteCarlo(PileGame):
    """Monte Carlo: twenty-five cards in a square of five by five; two cards of one rank
    that touch, across, down or on a slant, leave together; the stock's click closes up
    the gaps, the cards keeping their order, and deals into the places left at the end."""

    id, name = "test-monte-carlo", "Monte Carlo"
    deck = french_deck()
    pairs, pairs_to = same_rank, "out1"
    zones = (
        Stock("stock", at=(0.0, 0.0), action=CloseUp(TABLEAU)),
        *Foundations("out", 1, at=(7.5, 0.0), build=None, start=None, give_back=False),
        *(zone for row in range(5) for zone in Tableau(
            "p", 5, at=(1.5, 1.25 * row), first=1 + 5 * row, lift=LIFT_TOP, flip=False)),
    )
    rule_refs = {"apart": "2"}

    def deal(self, cards, options):
        return {**{f"p{k}": Pile((cards.pop(),)) for k in range(1, 26)}, "stock": Pile(tuple(cards), len(cards))}

    def refuse_pair(self, at, i, j):
        a, b = i - self.index["p1"], j - self.index["p1"]
        if max(abs(a // 5 - b // 5), abs(a % 5 - b % 5)) != 1:
            return refuse("apart", lambda: _("The two cards do not touch"))
        return None
