"""Aces Up: four columns; a card goes out when a higher card of its suit shows on
another column, until only the Aces are left. Rule numbers refer to rules.md.

Everything is declared but what the discard pile takes: that depends on the other
columns, not on the card below, so it is one small hook (``refuse_drop``), which the
engine and the solver both run.
"""

from __future__ import annotations

from solitaire_core import PileGame, french_deck, hookimpl, words
from solitaire_core.cards import ACE
from solitaire_core.i18n import N_, _
from solitaire_core.refusals import refuse
from solitaire_core.rules import any_card, any_suit
from solitaire_core.state import Pile
from solitaire_core.zones import FACES_UP, FOUNDATION, LIFT_NONE, LIFT_TOP, STOCK, TABLEAU, Stock, Tableau, Zone

COLUMNS = ("t1", "t2", "t3", "t4")


def height(card) -> int:
    """A card's rank with the Ace high (rule 2.2)."""
    return 14 if card.rank == ACE else card.rank


class AcesUp(PileGame):
    id, name = "aces-up", N_("Aces Up")
    deck = french_deck()
    zones = (
        Stock("stock", at=(0.0, 0.0), deal_to=COLUMNS),
        *Tableau("t", len(COLUMNS), at=(1.25, 0.0), empty=any_card, lift=LIFT_TOP, flip=False),
        # It takes any card ``refuse_drop`` lets go out; nothing ever comes back.
        Zone("discard", FOUNDATION, (6.5, 0.0), build=any_suit, empty=any_card, lift=LIFT_NONE,
             one_at_a_time=True, name=N_("the discard pile"), faces=FACES_UP),
    )
    table = (7.5, 5.2)  # a column holds at most 13 cards: its first and one from each of 12 deals
    win_count = 48  # every card but the four Aces (rule 5.1)

    def deal(self, cards, options):
        """One card face up on each column, from the end of the shuffled list; the
        other 48 form the stock, the last of them on top (rule 1.4)."""
        piles = {column: Pile((cards.pop(),)) for column in COLUMNS}
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    def refuse_drop(self, at, j, card, n, src):
        """The discard pile takes a column's top card while another column shows a
        higher card of its suit on top (rules 2.1 and 2.2)."""
        if self.zones[j].role != FOUNDATION:
            return None
        if card.rank == ACE:
            return refuse("ace", lambda: words.sentence(
                _("{card} ranks highest: it is never discarded").format(card=self.card_name(card))))
        if not any(i != src and (top := at.top(i)) is not None
                   and top.suit == card.suit and height(top) > height(card) for i in at.zones(TABLEAU)):
            return refuse("discard", lambda: words.sentence(
                _("{card} can be discarded only while another column shows a higher card of its suit")
                .format(card=self.card_name(card))))
        return None

    rule_refs = {
        "discard": "2.1", "ace": "2.2", "lift:foundation": "2.3", "top:tableau": "3.1",
        "build:tableau": "3.2", "lift:stock": "4.1", "receive:stock": "4.1", "draw": "4.2",
    }

    def progress(self, state):
        """Cards discarded, then cards dealt: a deal shows new cards (rule 5.2)."""
        return (self.on_foundations(state), -len(self.pile(state, "stock").cards))

    def slot_label(self, state, zone):
        """The stock says how many cards it still holds."""
        if zone.role == STOCK:
            return str(len(state.piles[self.stock_index].cards))
        return super().slot_label(state, zone)

    def status(self, state):
        return [(words.stock_label(), str(len(state.piles[self.stock_index].cards)))]


@hookimpl
def solitaire_games():
    return [AcesUp()]
