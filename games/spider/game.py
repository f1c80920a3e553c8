"""Spider in one, two or four suits, as Windows and KPatience play it; rule numbers
refer to rules.md. The zones are data; what is its own is the pack each option
makes, the deal, and Windows' score."""

from __future__ import annotations

from solitaire_core import Card, Choice, PileGame, french_deck
from solitaire_core.i18n import N_, _
from solitaire_core.rules import any_card, down, same_suit
from solitaire_core.scoring import Scoring
from solitaire_core.search_keys import collected
from solitaire_core.state import Pile
from solitaire_core.zones import Foundations, Stock, Tableau

COLUMNS = tuple(f"t{i}" for i in range(1, 11))
# KPatience's packs (rule 1.2): the four-suit order, each suit replaced so.
SUITS = {1: dict.fromkeys("CDHS", "S"), 2: {"C": "H", "D": "S", "H": "H", "S": "S"}, 4: {s: s for s in "CDHS"}}
PACKS = {n: tuple(Card(c.rank, swap[c.suit]) for c in french_deck(decks=2)) for n, swap in SUITS.items()}
WINDOWS = Scoring({"move": -1, "run": 100}, start=500)  # rule 7.1


class Spider(PileGame):
    id = "spider"
    name = N_("Spider")
    options = (Choice("suits", (1, 2, 4), label=N_("Suits")),
               Choice("scoring", (N_("windows"), N_("none")), label=N_("Scoring")))
    deck = PACKS[4]  # every card any option holds; a deal holds its option's pack (cards_for)
    zones = (
        Stock("stock", at=(0.0, 0.0), deal_to=COLUMNS, needs_filled=True),
        *Foundations("f", 8, at=(2.5, 0.0), collects=down & same_suit, label=""),
        *Tableau("t", 10, at=(0.0, 1.75), build=down, run=down & same_suit, empty=any_card),
    )
    scorings = {"windows": WINDOWS}
    table = (12.25, 9.0)
    rule_refs = {
        "build:tableau": "3.1", "run:tableau": "3.2", "face-down:tableau": "3.3", "empty:tableau": "3.4",
        "deal:filled": "4.2", "draw": "4.3", "lift:stock": "4.1", "receive:stock": "4.1",
        "lift:foundation": "5.2", "receive:foundation": "5.2",
    }

    def cards_for(self, options):
        return PACKS[options["suits"]]

    def deal(self, cards, options):
        """KPatience's deal (rules 2.1, 2.2): 44 cards face down round the columns, ten
        face up on from where that stopped, then five rows of ten for the stock."""
        columns = [[] for _ in COLUMNS]
        for k in range(54):
            columns[k % 10].append(cards.pop())
        rows = [[cards.pop() for _ in COLUMNS] for _ in range(5)]
        stock = tuple(card for row in reversed(rows) for card in row)  # the first row on top
        piles = {t: Pile(tuple(col), len(col) - 1) for t, col in zip(COLUMNS, columns)}
        piles["stock"] = Pile(stock, len(stock))
        return piles

    def key(self, state):
        """The columns and the stock decide the future (runs never come back), and
        once the stock is dealt, not which column is which (rule 8.1)."""
        return collected(self, state)
