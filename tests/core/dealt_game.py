"""Small games whose stock deals one card onto each of four columns (as Spider's does),
for the solver's tests of dealt columns: the zones and the deal, with foundations that
are built or that collect complete runs."""

from solitaire_core import PileGame
from solitaire_core.rules import any_card, down, same_suit
from solitaire_core.state import Pile
from solitaire_core.zones import Foundations, Stock, Tableau

COLUMNS = tuple(f"t{i}" for i in range(1, 5))

def dealt_zones(collects=None) -> tuple:
    """Four columns built down in suit, any card on an empty one; a stock dealing onto
    them; four foundations, collecting complete runs by ``collects`` if given."""
    return (
        Stock("stock", deal_to=COLUMNS),
        *Foundations("f", 4, collects=collects),
        *Tableau("t", 4, build=down & same_suit, empty=any_card),
    )

class DealtColumns(PileGame):
    """Deals three cards a column (two face down), the rest to the stock."""

    def deal(self, cards, options):
        piles = {t: Pile(tuple(cards.pop() for _ in range(3)), 2) for t in COLUMNS}
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles
