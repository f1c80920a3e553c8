"""Salic Law as the rules text describes it; rule numbers refer to rules.md.

The zones are data. What is its own is the deal played as moves (a stock
click deals onto the newest pile, a King opens the next one, an Ace goes up
by itself), the lone King that takes a card only once the deal is over, and
Kings that never move.
"""

from __future__ import annotations

from functools import cached_property

from solitaire_core import Card, PileGame, french_deck, words
from solitaire_core.cards import ACE
from solitaire_core.errors import NotationError
from solitaire_core.refusals import refuse
from solitaire_core.i18n import N_, _
from solitaire_core.rules import Relation, any_suit, king, up
from solitaire_core.state import Pile
from solitaire_core.zones import FOUNDATION, LIFT_TOP, STOCK, TABLEAU, Foundations, Stock, Tableau

QUEEN = 12
PILES = 8
FIRST_KING = Card(13, "C")  # the first King of the ordered pack: KC of deck 1 (rule 2.1)

# Rule 5.2: a card lies on a King only when that King is alone in its pile
# (Kings only ever start piles); ``refuse_drop`` adds "once the stock is empty".
on_lone_king = Relation(lambda lo, hi: king(lo), N_("only on a King alone in its pile"))


class SalicLaw(PileGame):
    id = "salic-law"
    name = N_("Salic Law")
    deck = french_deck(decks=2, without=(QUEEN,))
    set_aside = (FIRST_KING,)
    zones = (
        Stock("stock", at=(0.0, 0.0), deal_to=""),
        *Foundations("f", 8, at=(1.25, 0.0), build=up & any_suit, give_back=False),
        *Tableau("t", PILES, at=(0.625, 1.75), build=on_lone_king, lift=LIFT_TOP, flip=False,
                 label=N_("K"), name=N_("Pile {n}")),
    )
    table = (11.0, 9.5)
    hooks_read_suits = False  # its hooks look at Kings and Aces only (rule 9.3: suits never matter)

    # --- the deal ------------------------------------------------------------
    def deal(self, cards, options):
        """KC starts t1 face up; the 95 shuffled cards form the stock, the last on top."""
        return {"t1": Pile((FIRST_KING,)), "stock": Pile(tuple(cards), len(cards))}

    @cached_property
    def tableau(self) -> tuple[int, ...]:
        return self.role(TABLEAU)

    def stock_left(self, state) -> int:
        return len(state.piles[self.stock_index].cards)

    def dealt_to(self, at, card):
        """Where the stock's top card goes: a King opens the next pile (rule 4.2), an Ace
        goes to the first empty foundation (rule 3.1), any other card onto the newest
        pile (rule 4.1)."""
        newest = max(i for i in at.zones(TABLEAU) if at.size(i))
        if king(card):
            return newest + 1  # eight Kings, eight piles: there is a next one
        if card.rank == ACE:  # eight Aces, eight foundations: one is still empty
            return next(i for i in at.zones(FOUNDATION) if not at.size(i))
        return newest

    # --- what moves ---------------------------------------------------------
    def refuse_lift(self, at, i, n):
        if king(at.top(i)):
            return refuse("king", lambda: _("Kings never move"))  # rule 6.1
        return None

    def refuse_drop(self, at, j, card, n, src):
        if self.zones[j].role == TABLEAU and at.size(self.stock_index):
            return refuse("during-deal", lambda: _(  # rule 5.2
                "A King alone in its pile takes a card only once the stock is empty"))
        return None

    rule_refs = {
        "draw": "4.3", "lift:stock": "4.1", "receive:stock": "4.1", "empty:foundation": "3.1",
        "build:foundation": "3.3", "lift:foundation": "3.4",
        "foundation-to-foundation": "3.4", "top:tableau": "5.1", "king": "6.1",
        "empty:tableau": "4.2", "during-deal": "5.2", "build:tableau": "5.3",
    }

    def describe_draw(self, state):
        """The click deals one card, to a place only that card decides (rule 4)."""
        return words.deal_next(self.zone_name("stock"))

    # --- outcome and search ----------------------------------------------------
    @cached_property
    def win_count(self) -> int:
        return sum(1 for c in self.deck if not king(c))  # 88: Kings stay (rule 7.2)

    def key(self, state):
        """Suits never matter here, nor, once the deal is over, which pile is which:
        positions that differ only so have the same future (rule 9.3)."""
        piles = state.piles
        found = tuple(sorted(self.top_rank(state, i) for i in self.role(FOUNDATION)))
        tableau = tuple(tuple(c.rank for c in piles[i].cards) for i in self.tableau)
        stock = tuple(c.rank for c in piles[self.stock_index].cards)
        return stock, found, tableau if stock else tuple(sorted(tableau))

    def progress(self, state):
        return (self.on_foundations(state), -self.stock_left(state))

    def is_safe(self, state, card):
        """Safe when no foundation is below ``card``'s rank minus one: then every
        foundation still lacking this rank can take one, and putting this card up
        only frees what lies under it (rule 9.1 gives the argument)."""
        lowest = min(self.top_rank(state, i) for i in self.role(FOUNDATION))
        return lowest >= card.rank - 1

    def top_rank(self, state, i) -> int:
        top = state.piles[i].top
        return top.rank if top else 0

    def preference(self, state, move):
        if move.is_draw or self.zones[self.index[move.dst]].role != TABLEAU:
            return super().preference(state, move)
        under = state.piles[self.index[move.src]].cards[-2]
        if king(under):
            return 0  # only swaps which King stands alone
        lift = any(self.drop_refusal(state, f, (under,), -1) is None for f in self.role(FOUNDATION))
        return 50 if lift else 5

    # --- text and table ---------------------------------------------------------
    def check_cards(self, state):
        """Beyond the card count: Kings only at the foot of piles t1, t2, ... in turn."""
        super().check_cards(state)
        for zone, pile in zip(self.zones, state.piles):
            kings = [k for k, c in enumerate(pile.cards) if king(c)]
            if zone.role == TABLEAU and pile.cards and kings != [0]:
                raise NotationError(f"{zone.id} must hold exactly one King, at its foot")
            if zone.role not in (TABLEAU, STOCK) and kings:
                raise NotationError(f"a King cannot be in {zone.id}: Kings never move")
        started = [bool(state.piles[i].cards) for i in self.tableau]
        if not started[0] or started != sorted(started, reverse=True):
            raise NotationError("tableau piles start in order: t1, then t2, ... with no gap")

    def slot_label(self, state, zone):
        return str(self.stock_left(state)) if zone.role == STOCK else words.label(zone.label)

    def status(self, state):
        return [(words.stock_label(), str(self.stock_left(state)))]
