"""Solitarot as the rules text describes it; rule numbers refer to rules.md.

The zones are data; the column rules see through a locked Excuse
(``excuse.seeing_through``). What is the Excuse's own is a few hooks of the rule
set, run alike for play and the solver: where the free Excuse may land
(``permit_drop``), and there it locks (or turns wild), a Queen or XX locks the
wild one, and the real card it stands for replaces it (``moved``).
"""

from __future__ import annotations

from functools import cached_property

from solitaire_core import Choice, PileGame, alternate_colour_safe, lookahead, words
from solitaire_core.deals import triangle
from solitaire_core.errors import NotationError
from solitaire_core.refusals import refuse
from solitaire_core.i18n import N_, _
from solitaire_core.rules import CardTest, Relation, alternate_colour, ace, down, king, same_suit, up
from solitaire_core.scoring import STANDARD
from solitaire_core.state import Pile
from solitaire_core.zones import FOUNDATION, RESERVE, STOCK, TABLEAU, WASTE, Foundations, Stock, Tableau, Waste, Zone

from .cards import TRUMP, parse_tarot, tarot_deck, trump_name
from .excuse import (FREE, KNIGHT, WILD, corner, describe, every_excuse, excuse_name, is_excuse, lock_on, lock_under,
                     locked, parse_stands, replaced_by, seeing_through, stands_for, starting_through)
from .faces import excuse_face, tarot_face

REDEALS = {"easy": None, "medium": 5, "hard": 2}  # rules 7.1-7.3
TRUMPS_COLUMN = "t8"

both_trumps = Relation(lambda lo, hi: lo.suit == TRUMP and hi.suit == TRUMP, N_("trumps on trumps"))
trump = CardTest(lambda c: c.suit == TRUMP, N_("a trump"))
trump_one = CardTest(lambda c: c.suit == TRUMP and c.rank == 1, N_("trump I"))

COLUMNS = dict(build=seeing_through(down & (alternate_colour | both_trumps)),  # rules 4.1, 8.2
               empty=starting_through(king | trump))  # rules 4.2, 8.3
TRUMP_COLUMN = dict(build=seeing_through(down & both_trumps), empty=starting_through(trump))  # rule 4.6


class Solitarot(PileGame):
    id = "solitarot"
    name = N_("Solitarot")
    options = (Choice("difficulty", (N_("easy"), N_("medium"), N_("hard")), default="medium", label=N_("Difficulty")),)
    deck = tarot_deck()
    set_aside = (FREE,)  # rule 2.1: shuffled without the Excuse
    other_cards = every_excuse()  # rules 5.1-5.5: the Excuse locked as what it stands for
    zones = (
        Stock("stock", at=(0.0, 0.0)),
        Waste("waste", at=(1.25, 0.0)),
        Zone("excuse", RESERVE, (2.5, 0.0), label=N_("Excuse"), name=N_("the Excuse's place")),  # rule 2.5
        *Foundations("f", 4, at=(3.75, 0.0), build=up & same_suit, start=ace, give_back=False),
        *Foundations("f", 1, at=(8.75, 0.0), build=up & both_trumps, start=trump_one, label=N_("I"), first=5,
                     name=N_("the trump foundation")),
        *Tableau("t", 7, at=(0.0, 1.75), label=N_("K / T"), **COLUMNS),
        *Tableau("t", 1, at=(8.75, 1.75), label=N_("trumps"), first=8, name=N_("the trumps column"),
                 **TRUMP_COLUMN),  # rule 2.6
    )
    table = (9.75, 8.0)
    scorings = {"standard": STANDARD}  # rule 8.11: one way of scoring, so no option for it
    rule_refs = {
        "build:tableau": "4.1", "run:tableau": "8.2", "face-down:tableau": "8.2",
        "empty:tableau": "4.2", "empty:foundation": "8.4", "build:foundation": "3.1",
        "one-at-a-time:foundation": "8.4", "top:foundation": "4.5", "lift:foundation": "8.4",
        "foundation-to-foundation": "8.4", "top:waste": "4.4", "lift:stock": "4.3",
        "receive:stock": "4.3", "receive:waste": "4.3", "receive:reserve": "8.6", "redeal": "8.5",
        "draw": "4.3", "excuse:nothing-lower": "8.6", "excuse:foundation": "8.6",
        "excuse:empty-hard": "7.5", "excuse:empty-trumps": "8.6", "excuse:wild": "8.9", "excuse:run-empty": "8.13",
        "build:t8": "4.6", "empty:t8": "4.6",
    }

    # --- the deal (rules 2.1-2.6) ----------------------------------------------
    def deal(self, cards, options):
        """Klondike's deal from the end of the shuffled list; the 49 left are the stock."""
        piles = {f"t{i + 1}": pile for i, pile in enumerate(triangle(cards, 7))}
        piles["stock"] = Pile(tuple(cards), len(cards))
        piles["excuse"] = Pile((FREE,))
        return piles

    @cached_property
    def win_count(self) -> int:
        return len(self.shuffled_pack)  # rule 6.1: 77, the Excuse never goes up

    def hard(self, state) -> bool:
        return state.option("difficulty") == "hard"

    def redeals_allowed(self, state):
        return REDEALS[state.option("difficulty")]

    def scoring(self, state):
        return STANDARD  # rule 8.11

    # --- the Excuse (rules 5, 7.4, 7.5, 8.6-8.10): hooks of the rule set -------------
    def excuse_lands(self, at, j) -> str | None:
        """What a free Excuse would stand for on zone ``j`` (``at``: a rule set's
        ``Position``); None where it may not go."""
        if self.zones[j].role != TABLEAU:
            return None
        if at.size(j):
            return lock_on(at.top(j)) if at.face_down(j) < at.size(j) else None
        return None if self.zones[j].id == TRUMPS_COLUMN or at.option("difficulty") == "hard" else WILD

    def refuse_lift(self, at, i, n):
        card = at.cards(i)[-n]
        if is_excuse(card) and card.stands == WILD:
            return refuse("excuse:wild", lambda: _("The wild Excuse stays where it is until locked or replaced"))  # 8.9
        return None

    def permit_drop(self, at, j, card, n, src):
        """The Excuse's own placing (rules 5.1, 5.4, 8.6) and the real card taking its
        place (5.6), which the column rules refuse; the trumps column's refusals under
        rule 4.6 (``rule_refs``)."""
        zone = self.zones[j]
        if is_excuse(card) and zone.role == FOUNDATION:
            return refuse("excuse:foundation", lambda: _("The Excuse never goes to a foundation"))
        if card == FREE and zone.role == TABLEAU:
            return True if self.excuse_lands(at, j) is not None else self._excuse_refusal(at, j)
        top = at.top(j)
        if top is not None and zone.role == TABLEAU and replaced_by(top, card):
            return True  # the real card takes the Excuse's place (rule 5.6)
        return None

    def refuse_drop(self, at, j, card, n, src):
        """Rule 8.13: a locked Excuse never starts the trumps column, nor any column in Hard."""
        if not (is_excuse(card) and self.zones[j].role == TABLEAU and not at.size(j)):
            return None
        if self.zones[j].id == TRUMPS_COLUMN:
            return refuse("excuse:run-empty", lambda: _("The Excuse is no trump: even locked it cannot start "
                                                        "the trumps column"))
        if at.option("difficulty") == "hard":
            return refuse("excuse:run-empty", lambda: _("In Hard the Excuse never goes on an empty column, "
                                                        "even locked"))
        return None

    def _excuse_refusal(self, at, j):
        """Where the free Excuse may not go on a column, and why (rules 5.1-5.3, 8.13)."""
        if at.size(j):
            top = at.top(j)
            return refuse("excuse:nothing-lower", lambda: _("The Excuse cannot go on {card}: nothing is one "
                                                            "lower").format(card=self.card_name(top)))
        if self.zones[j].id == TRUMPS_COLUMN:
            return refuse("excuse:empty-trumps", lambda: _("The Excuse is no trump: it cannot start the trumps "
                                                           "column"))
        return refuse("excuse:empty-hard", lambda: _("In Hard the Excuse never goes on an empty column"))

    def moved(self, at, i, j, n):
        """The free Excuse locks where it lands (rules 5.1, 5.4); a real card landing on
        the Excuse it stands for frees it (4.8, 5.6, 7.4, 8.7); a Queen or XX locks the
        wild one (5.5)."""
        cards = at.cards(j)
        k = len(cards) - n  # where the moved cards begin
        if cards[k] == FREE:
            stands = lock_on(cards[k - 1]) if k else WILD
            return {j: Pile(cards[:k] + (locked(stands),) + cards[k + 1:], at.face_down(j))}
        below = cards[k - 1] if k else None
        if below is None or not is_excuse(below):
            return None
        if replaced_by(below, cards[k]):
            return self._free(at, j, k - 1)
        if below.stands == WILD:
            return {j: Pile(cards[:k - 1] + (locked(lock_under(cards[k])),) + cards[k:], at.face_down(j))}
        return None

    def _free(self, at, j, k):
        """The replaced Excuse leaves column ``j``: under the stock, or (Hard) out of
        the game, face down in its own zone (rule 8.10)."""
        cards = at.cards(j)
        changes = {j: Pile(cards[:k] + cards[k + 1:], at.face_down(j))}
        if at.option("difficulty") == "hard":
            changes[self.index["excuse"]] = Pile((FREE,), 1)
        else:
            si = self.stock_index
            changes[si] = Pile((FREE,) + at.cards(si), at.face_down(si) + 1)
        return changes

    def scored(self, state, move, events):
        """The Excuse scores nothing (rule 8.11)."""
        if not move.is_draw and self.pile(state, move.src).cards[-move.n] == FREE:
            return []
        return events

    # --- words ----------------------------------------------------------------------
    def card_name(self, card):
        """The Excuse by what it stands for, a trump by its number ("trump XI"); a Knight
        by its name (its corner shows N)."""
        if is_excuse(card):
            return excuse_name(card)
        if card.suit == TRUMP:
            return trump_name(self.face(card).corner.text)
        if card.rank == KNIGHT:
            return words.card(_("Knight"), self.face(card).corner.symbol)
        return super().card_name(card)

    def describe_move(self, state, move):
        """Where the Excuse lands and what it stands for there (rules 5.1, 5.4), a card
        that takes its place (5.6) or locks the wild one (5.5); else as any pile game."""
        if move.is_draw:
            return super().describe_move(state, move)
        j = self.index[move.dst]
        card, top = self.pile(state, move.src).cards[-move.n], state.piles[j].top
        if card == FREE:
            rules, pos = self.compiled(state)
            stands = self.excuse_lands(rules.at(pos), j)
            if stands == WILD:
                return _("Put the Excuse on {zone}: there it is wild, {what}").format(
                    zone=self.zone_name(move.dst), what=stands_for(WILD))
            return _("Put the Excuse on {card}: it stands for {what}").format(
                card=self.card_name(top), what=stands_for(stands))
        moving = words.cards(self.card_name(card), move.n)
        if top is not None and self.zones[j].role == TABLEAU and replaced_by(top, card):
            text = (_("Put {cards} in place of {excuse}; the Excuse leaves the game") if self.hard(state)
                    else _("Put {cards} in place of {excuse}; the Excuse goes under the stock"))
            return words.sentence(text.format(cards=moving, excuse=self.card_name(top)))
        if top is not None and is_excuse(top) and top.stands == WILD:
            return words.sentence(_("Move {cards} onto the wild Excuse: it becomes {what}").format(
                cards=moving, what=stands_for(lock_under(card))))
        return super().describe_move(state, move)

    # --- cards and positions ------------------------------------------------------
    def identity(self, card):
        return FREE if is_excuse(card) else card

    def parse_card(self, text):
        card = parse_tarot(text)
        if is_excuse(card) and card.stands:
            parse_stands(card.stands)
        return card

    def check_cards(self, state):
        """The whole pack, and the Excuse only where it can be (rules 4.8, 5, 8.6-8.10)."""
        super().check_cards(state)
        for zone, pile in zip(self.zones, state.piles):
            for k, card in enumerate(pile.cards):
                if not is_excuse(card):
                    if zone.id == "excuse":
                        raise NotationError(f"zone excuse holds only the Excuse, not {card.code}")
                    continue
                self._check_excuse(state, zone, pile, k, card)

    def _check_excuse(self, state, zone, pile, k, card):
        where = f"{card.code} in {zone.id}"
        if zone.role in (STOCK, WASTE, RESERVE):
            if card.stands:
                raise NotationError(f"{where}: only an Excuse on a column stands for a card (write EX)")
            if zone.role == RESERVE and pile.down and not self.hard(state):
                raise NotationError(f"{where}: only Hard discards the Excuse (face down in its zone)")
        elif zone.role != TABLEAU:
            raise NotationError(f"{where}: the Excuse never goes to a foundation")
        elif not card.stands or k < pile.down:
            raise NotationError(f"{where}: an Excuse on a column is face up and stands for a card (EX:6R, EX:T11...)")
        elif card.stands == WILD and (k or len(pile.cards) > 1 or zone.id == TRUMPS_COLUMN or self.hard(state)):
            raise NotationError(f"{where}: the wild Excuse lies alone on an empty column 1-7, never in Hard")
        elif card.stands != WILD:
            self._check_locked_fits(state, zone, pile, k, card, where)

    def _check_locked_fits(self, state, zone, pile, k, card, where):
        """A locked Excuse lies where its card could lie: on a card it builds on (rules 5.1,
        8.8), or heading its column only where that card could start it (8.3, 8.13); and
        what lies on it builds on it (5.2)."""
        if k == 0 and (zone.id == TRUMPS_COLUMN or self.hard(state)):
            what = "the trumps column" if zone.id == TRUMPS_COLUMN else "a column in Hard"
            raise NotationError(f"{where}: a locked Excuse never starts {what} (rule 8.13)")
        if k == 0 and not zone.empty(card):
            raise NotationError(f"{where}: as {card.stands} it cannot start a column ({zone.empty.text} does)")
        if k and k == pile.down:
            raise NotationError(f"{where}: a locked Excuse never lies on a face-down card")
        if k and not zone.build(pile.cards[k - 1], card):
            below = pile.cards[k - 1].code
            raise NotationError(f"{where}: as {card.stands} it does not fit on {below} "
                                f"(on {below} it would stand for {lock_on(pile.cards[k - 1]) or 'nothing'})")
        if k + 1 < len(pile.cards) and not zone.build(card, pile.cards[k + 1]):
            raise NotationError(f"{where}: {pile.cards[k + 1].code} does not build on it as {card.stands}")

    def face(self, card):
        if is_excuse(card):
            return excuse_face(corner(card.stands), describe(card.stands))  # rule 5.1
        return tarot_face(card)

    # --- hints and auto-play -------------------------------------------------------
    def preference(self, state, move):
        """Placing the Excuse is a last resort; freeing it (a replacement) beats all but
        a safe card going up: the card it takes may be the only one left that can."""
        if move.is_draw:
            return super().preference(state, move)
        card = self.pile(state, move.src).cards[-move.n]
        if card == FREE:
            return 3
        top = self.pile(state, move.dst).top
        replaces = top is not None and self.zones[self.index[move.dst]].role == TABLEAU and replaced_by(top, card)
        return max(super().preference(state, move), 90) if replaces else super().preference(state, move)

    def finish_moves(self, state):
        """Rule 8.15, as every pile game's; and a freed Excuse alone in the stock (Easy,
        Medium) holds no finish back: it is no card of the win (rule 6.1)."""
        stock = state.piles[self.stock_index]
        if not stock.cards or not all(map(is_excuse, stock.cards)) or self.hidden_in_play(state):
            return super().finish_moves(state)
        return lookahead.winning_line(self, state, set(), self.finish_search_limit, self._finish_order) or None

    def is_safe(self, state, card):
        """Rule 8.14. A trump can always go up: only the trump under it could want it,
        and that one is already up (and a trump comes back down when needed). A suit
        card as in Klondike, since no card of the other colour one lower is left to
        land on it, and only while no Excuse on a column could still need it: as the
        real card that takes its place (rule 5.6), or as a card to move onto (an
        Excuse standing for the other colour one lower)."""
        if card.suit == TRUMP:
            return True
        if not alternate_colour_safe(state, self, card):
            return False
        build = COLUMNS["build"]
        return not any(replaced_by(excuse, card) or (excuse.stands != WILD and build(card, excuse))
                       for i in self.role(TABLEAU) for excuse in state.piles[i].cards if is_excuse(excuse))
