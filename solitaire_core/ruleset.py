"""A pile game's rules compiled once, per option set, into tables over its cards.

What the zones declare is evaluated once over the cards into plain tables (integers,
tuples, bytes): what builds on what, what a lifted run must follow, what an empty zone
takes, which zones take from which, what covers what, how the stock deals and turns
back, which cards pair, which runs are collected. A position is a tuple of ``bytes``,
one per zone (its face-down count, then its cards as small codes, bottom to top), and
the number of redeals used.

Every rule runs here, once, for the engine and the solver alike: ``lift``, ``drop``,
``draw`` and ``pair`` each decide and return 0 (allowed) or the code of the rule that
refuses (the ``REFUSED_*`` names below), which the engine puts in words
(``pile_rules.py``); ``moves`` lists what they allow, all at once, and ``play`` makes a
move's effect, then what follows by itself (``settle``). The kit holds ``moves`` to
the single checks (``check_rule_path``).
"""

from __future__ import annotations

import random
from typing import Iterator

from .state import Pile
from .zones import CELL, FOUNDATION, LIFT_ANY, LIFT_NONE, LIFT_TOP, LIFT_TOP_OR_ALL, STOCK, TABLEAU, CloseUp, Redeal

# --- the codes of the rules that refuse (0: allowed) ---------------------------------
# lifting cards from a zone
REFUSED_NEVER_LIFTS = 1  # the zone lets nothing go (a stock, a foundation keeping its cards)
REFUSED_NO_CARD = 2  # no card there, or none asked for
REFUSED_TOP_ONLY = 3  # only its top card lifts
REFUSED_FACE_DOWN = 4  # more cards than lie face up
REFUSED_COVERED = 5  # a zone over it still holds a card
REFUSED_PART = 6  # its top card or all of it, nothing between
REFUSED_NOT_A_RUN = 7  # the cards do not follow its run rule
# putting cards on a zone
REFUSED_ONE_AT_A_TIME = 11
REFUSED_EMPTY_TAKES_NOTHING = 12  # an empty zone that takes no card
REFUSED_EMPTY_FROM = 13  # an empty zone taking cards only from zones of other roles
REFUSED_EMPTY = 14  # an empty zone not taking this card
REFUSED_TOP_FACE_DOWN = 15  # its top card lies face down
REFUSED_BUILDS_NOTHING = 16  # nothing builds on it
REFUSED_BUILD = 17  # this card does not go on its top card
REFUSED_RUN_LIMIT = 18  # more cards than the free places let move at once
REFUSED_NEVER_TAKES = 19  # it never takes a card from that zone
REFUSED_FOUNDATION_TO_FOUNDATION = 20
# the stock
REFUSED_NO_STOCK = 21
REFUSED_NEEDS_FILLED = 22  # a stock dealing onto columns while one is empty
REFUSED_ALL_DEALT = 23
REFUSED_NOTHING_TO_TURN = 24  # stock and waste both empty
REFUSED_NO_PASS_LEFT = 25
REFUSED_NOTHING_TO_GATHER = 26  # a redeal with no card left to gather
REFUSED_NO_GAP = 27  # a close-up with no gap to fill
# pairs
REFUSED_NO_PAIRS = 31
REFUSED_OWN_PILE = 32
REFUSED_NOT_A_PAIR = 34
# a card pulled to the top of its own zone (the merci)
REFUSED_PULL_NOT_YET = 41  # the stock still has a pass
REFUSED_NO_PULL_LEFT = 42


def supermove(game, state, src: int, dst: int) -> int:
    """Windows FreeCell's limit on a move of several cards: (empty free cells + 1) x
    2 ^ (empty columns), an empty destination not counted; moving them one by one
    through the free places would take the same cards. Declared as a game's
    ``run_limit``; the rule set runs it on its tables (``RuleSet.room``)."""
    rules = game.rule_set(state)
    return rules.room(rules.encode(state), dst)


class RuleSet:
    """The tables of one game under one option set (and what its deal fixes: Canfield's
    base rank), made by ``PileGame.rule_set``; the positions it runs on are
    ``encode``'s."""

    def __init__(self, game, build: list, empty: list, draw_count: int, redeals: int | None, options: dict):
        zones = game.zones
        self.game = game
        deck = list(dict.fromkeys(game.deck))
        known = set(deck)
        extra = [c for c in dict.fromkeys(game.other_cards) if c not in known]
        self.cards = [None] + deck + extra
        self.code = {card: k for k, card in enumerate(self.cards) if card is not None}
        size = self.size = len(self.cards)
        if size > 256:
            raise ValueError(f"{game.id}: more than 255 kinds of card")
        # each card once in the deck and no other card in play: what the solver's proofs need
        self.each_once = len(game.deck) == len(deck) and not extra
        self.deck_size = len(game.deck)
        self._tables: dict = {}  # one table a relation: zones declared with one rule share it
        self.build = [self._table(rule) for rule in build]
        self.run = [self._table(z.run_rule) for z in zones]
        self.empty = [self._takes(test) for test in empty]
        self.collect = [self._table(z.collects) for z in zones]
        self.pairs = self._table(game.pairs)
        self.pairs_to = game.index.get(game.pairs_to) if game.pairs is not None else None
        self.roles = [z.role for z in zones]
        self.ids = [z.id for z in zones]
        self.receivers = self._receivers()
        self.covering = tuple(tuple(game.index[c] for c in z.covered_by) for z in zones)
        self.lift_rule = [z.lift for z in zones]
        self.flip = [z.flip and not z.covered_by for z in zones]
        self.uncover = [j for j, z in enumerate(zones) if z.covered_by and z.flip]
        # for each zone, the face-down zones it covers: what a move off it may uncover
        self.under = [[j for j in self.uncover if k in self.covering[j]] for k in range(len(zones))]
        self.one = [z.one_at_a_time for z in zones]
        self.refill = [(j, game.index[z.refill]) for j, z in enumerate(zones) if z.refill]
        self.collectors = [j for j, z in enumerate(zones) if z.collects is not None]
        self.foundations = game.role(FOUNDATION)
        self.tableau = game.role(TABLEAU)
        self.collecting = frozenset(self.tableau if self.collectors else ())  # where runs complete
        self.cells = game.role(CELL)
        # for each zone, the zones that take none of its cards when empty (``empty_from``: Canfield's columns)
        self.barred = [frozenset(j for j, z in enumerate(zones) if z.empty_from and self.roles[i] not in z.empty_from)
                       for i in range(len(zones))]
        self.supermove = type(game).run_limit is supermove
        self.rank = [0] + [c.rank for c in self.cards[1:]]
        self.king = [0] + [c.king for c in self.cards[1:]]
        self.win_count = game.win_count
        self.empty_to_win = tuple(i for role in game.won_when_empty for i in game.role(role))
        si = self.stock = game.stock_index
        self.targets = () if si is None else tuple(game.index[t] for t in zones[si].targets if t in game.index)
        self.needs_filled = si is not None and zones[si].needs_filled
        self.waste = self.targets[0] if len(self.targets) == 1 else None
        self.draw_count, self.redeals = draw_count, redeals
        # what the stock's click does when it deals to no zone (``Redeal``, ``CloseUp``), on which zones
        self.action = None if si is None else zones[si].action
        self.acted_on = game.role(self.action.role) if self.action is not None else ()
        # zones a card under others may be pulled to the top of, and how many times a game
        self.pulls = [bool(z.pulls) for z in zones]
        self.pull_limit = max((z.pulls for z in zones), default=0)
        # the search may rely on cards keeping their order in a zone, and on zones alike staying alike
        self.reshapes = self.action is not None or self.pull_limit > 0
        # the game's own rules, beyond what tables say (``PileGame.refuse_lift`` ...): None or a function
        self.lift_hook, self.drop_hook, self.pair_hook = game.refuse_lift, game.refuse_drop, game.refuse_pair
        self.permit_hook, self.move_hook = game.permit_drop, game.moved
        self.deal_hook = game.dealt_to if si is not None and not self.targets and self.action is None else None
        self.hooked = any(h is not None for h in (self.lift_hook, self.drop_hook, self.pair_hook, self.deal_hook,
                                                  self.permit_hook, self.move_hook))
        self.options = options
        self.takers = {j for r in self.receivers for j in r}
        self.known: dict = {}  # id(Pile) -> (the Pile, its zone's bytes): ``encode``, ``decode``
        self._at: Position | None = None
        self.givers = [[k for k, r in enumerate(self.receivers) if j in r] for j in range(len(zones))]
        # (zone, the zones it may give to) for each zone that ever gives a card: ``moves_from``'s sources
        self.giving = [(i, r) for i, r in enumerate(self.receivers) if r and self.lift_rule[i] != LIFT_NONE]

    def _receivers(self) -> tuple[tuple[int, ...], ...]:
        """For each source zone, the zones a card from it may ever land on: those with a
        build or empty rule, but itself, a foundation from a foundation, and a zone
        taking only from other zones (``takes_from``)."""
        zones = self.game.zones
        takers = [j for j, z in enumerate(zones) if self.build[j] is not None or self.empty[j] is not None]
        return tuple(tuple(j for j in takers if j != i and not (zone.role == FOUNDATION == zones[j].role)
                           and _takes_from(zones[j], zone))
                     for i, zone in enumerate(zones))

    def _takes(self, test) -> bytes | None:
        """An empty test as a row indexed by card code."""
        return None if test is None else bytes([0] + [1 if test(c) else 0 for c in self.cards[1:]])

    def _table(self, rule) -> bytes | None:
        """A relation as a table: byte ``below * size + above``."""
        if rule is None:
            return None
        if id(rule) not in self._tables:
            cards = self.cards
            self._tables[id(rule)] = bytes(1 if lo is not None and hi is not None and rule(lo, hi) else 0
                                           for lo in cards for hi in cards)
        return self._tables[id(rule)]

    # --- positions ---------------------------------------------------------------
    def encode(self, state) -> tuple:
        """The position of an engine state (settled, as the engine keeps them). A pile
        is encoded once: a state shares its unchanged piles with the one before it."""
        known = self.known
        if len(known) > 50_000:
            known.clear()
        zones = []
        for pile in state.piles:
            entry = known.get(id(pile))
            if entry is None or entry[0] is not pile:
                code = self.code
                entry = known[id(pile)] = (pile, bytes([pile.down, *[code[c] for c in pile.cards]]))
            zones.append(entry[1])
        return (*zones, state.value("redeals") + state.value("pulls"))

    def at(self, pos) -> "Position":
        """``pos`` as the game's hooks read it (the last one made is kept: a move
        generation asks for it zone after zone)."""
        last = self._at
        if last is None or last.pos is not pos:
            last = self._at = Position(self, pos)
        return last

    def decode(self, zone: bytes):
        """The engine's ``Pile`` of a zone of a position (remembered for ``encode``)."""
        cards = self.cards
        pile = Pile(tuple(cards[c] for c in zone[1:]), zone[0])
        self.known[id(pile)] = (pile, zone)
        return pile

    # --- lifting ---------------------------------------------------------------
    def run_length(self, pos, i: int) -> int:
        """How many top cards zone ``i``'s lift rule lets go at most (0: none): its top
        card, every face-up card (LIFT_ANY), or its top run following the zone's run
        rule; nothing while a zone covering it holds a card."""
        zone = pos[i]
        up = len(zone) - 1 - zone[0]
        lift = self.lift_rule[i]
        if lift == LIFT_NONE or up <= 0:
            return 0
        if self.covering[i] and any(len(pos[c]) > 1 for c in self.covering[i]):
            return 0
        if lift == LIFT_TOP:
            return 1
        if lift == LIFT_ANY:
            return up
        run, size, n = self.run[i], self.size, 1
        while n < up and run is not None and run[zone[-n - 1] * size + zone[-n]]:
            n += 1
        return n

    def lifts(self, pos, i: int) -> range | tuple[int, ...]:
        """How many top cards may be lifted from zone ``i`` (1..n); with LIFT_TOP_OR_ALL,
        1 or every card of it, when they all make one run."""
        n = self.run_length(pos, i)
        counts = ((1, n) if n == len(pos[i]) - 1 else (1,)) if self.lift_rule[i] == LIFT_TOP_OR_ALL and 1 < n \
            else range(1, n + 1)
        if self.lift_hook is None or not n:
            return counts
        at = self.at(pos)
        return tuple(k for k in counts if not self.lift_hook(at, i, k))

    def lift(self, pos, i: int, n: int) -> int:
        """Whether the top ``n`` cards of zone ``i`` may be lifted: 0, or the refusing rule."""
        zone, lift = pos[i], self.lift_rule[i]
        up = len(zone) - 1 - zone[0]
        if lift == LIFT_NONE:
            return REFUSED_NEVER_LIFTS
        if n < 1 or len(zone) == 1:
            return REFUSED_NO_CARD
        if lift == LIFT_TOP and n > 1:
            return REFUSED_TOP_ONLY
        if n > up:
            return REFUSED_FACE_DOWN
        if self.covering[i] and any(len(pos[c]) > 1 for c in self.covering[i]):
            return REFUSED_COVERED
        if lift == LIFT_TOP_OR_ALL and 1 < n < len(zone) - 1:
            return REFUSED_PART
        if n > 1 and n > self.run_length(pos, i):
            return REFUSED_NOT_A_RUN
        if self.lift_hook is not None:
            return self.lift_hook(self.at(pos), i, n) or 0
        return 0

    # --- putting down --------------------------------------------------------------
    def drop(self, pos, j: int, first: int, n: int, src: int) -> int:
        """Whether zone ``j`` takes ``n`` cards, ``first`` the lowest, from zone ``src``
        (-1: from no zone): 0, or the refusing rule."""
        zone = pos[j]
        if n > 1 and self.one[j]:
            return REFUSED_ONE_AT_A_TIME
        refused = 0
        if len(zone) == 1:
            empty = self.empty[j]
            if empty is None:
                refused = REFUSED_EMPTY_TAKES_NOTHING
            elif src >= 0 and j in self.barred[src]:
                return REFUSED_EMPTY_FROM
            elif not empty[first]:
                refused = REFUSED_EMPTY
        elif zone[0] == len(zone) - 1:
            return REFUSED_TOP_FACE_DOWN
        else:
            build = self.build[j]
            if build is None:
                refused = REFUSED_BUILDS_NOTHING
            elif not build[zone[-1] * self.size + first]:
                refused = REFUSED_BUILD
        if refused:  # the build or empty rule refuses: the game's own rule may let it through
            if self.permit_hook is None:
                return refused
            permitted = self.permit_hook(self.at(pos), j, self.cards[first], n, src)
            return 0 if permitted is True else permitted or refused
        if n > 1 and self.supermove and n > self.room(pos, j):
            return REFUSED_RUN_LIMIT
        if self.drop_hook is not None:
            return self.drop_hook(self.at(pos), j, self.cards[first], n, src) or 0
        return 0

    def room(self, pos, j: int) -> int:
        """The most cards one move may carry onto zone ``j`` by supermove."""
        cells = sum(1 for c in self.cells if len(pos[c]) == 1)
        columns = sum(1 for t in self.tableau if t != j and len(pos[t]) == 1)
        return (cells + 1) << columns

    def pull(self, pos, i: int, n: int) -> int:
        """Whether the ``n``-th card from the top of zone ``i`` may go to its top (the
        merci): face up, under others, once the stock has no pass left, while the game's
        pulls last (counted with the redeals in the position's last number)."""
        if not self.pulls[i]:
            return REFUSED_OWN_PILE
        zone = pos[i]
        if not 2 <= n <= len(zone) - 1:
            return REFUSED_NO_CARD
        if n > len(zone) - 1 - zone[0]:
            return REFUSED_FACE_DOWN
        if not self.last_pass(pos):
            return REFUSED_PULL_NOT_YET
        if pos[-1] - self.redeals >= self.pull_limit:
            return REFUSED_NO_PULL_LEFT
        return 0

    def pulls_now(self, pos) -> Iterator[tuple[int, int, int]]:
        """(i, i, n) for each card that may be pulled to the top of its zone now."""
        if not self.pull_limit or not self.last_pass(pos) or pos[-1] - self.redeals >= self.pull_limit:
            return
        for i, pulls in enumerate(self.pulls):
            zone = pos[i]
            if pulls:
                for n in range(2, len(zone) - zone[0]):
                    yield i, i, n

    def check(self, pos, i: int, j: int, n: int) -> int:
        """A move of ``n`` cards from zone ``i`` to ``j``: 0, or the refusing rule."""
        if i == j:
            return self.pull(pos, i, n)
        refused = self.lift(pos, i, n)
        if refused:
            return refused
        if j not in self.receivers[i]:
            if self.roles[i] == FOUNDATION == self.roles[j]:
                return REFUSED_FOUNDATION_TO_FOUNDATION
            return REFUSED_NEVER_TAKES
        return self.drop(pos, j, pos[i][-n], n, i)

    # --- the stock -----------------------------------------------------------------
    def draw(self, pos) -> int:
        """Whether the stock click does anything now: 0, or the refusing rule."""
        si = self.stock
        if si is None:
            return REFUSED_NO_STOCK
        if self.action is not None:
            return self._act_refused(pos)
        if len(pos[si]) > 1:
            if self.needs_filled and any(len(pos[t]) == 1 for t in self.targets):
                return REFUSED_NEEDS_FILLED
            return 0
        if self.waste is None:
            return REFUSED_ALL_DEALT
        if len(pos[self.waste]) == 1:
            return REFUSED_NOTHING_TO_TURN
        if self.last_pass(pos):
            return REFUSED_NO_PASS_LEFT
        return 0

    def _act_refused(self, pos) -> int:
        acted_on = self.acted_on
        if isinstance(self.action, Redeal):
            if self.last_pass(pos):
                return REFUSED_NO_PASS_LEFT
            return 0 if any(len(pos[j]) > 1 for j in acted_on) else REFUSED_NOTHING_TO_GATHER
        gap = False  # a close-up: an empty zone with a card after it, or one the stock can fill
        for j in acted_on:
            if len(pos[j]) == 1:
                gap = True
            elif gap:
                return 0
        return 0 if gap and len(pos[self.stock]) > 1 else REFUSED_NO_GAP

    def last_pass(self, pos) -> bool:
        """Whether the stock is on its last pass: no redeal left to turn the waste over."""
        return self.redeals is not None and pos[-1] >= self.redeals

    # --- pairs -------------------------------------------------------------------
    def pair(self, pos, i: int, j: int) -> int:
        """Whether the top cards of zones ``i`` and ``j`` may leave together."""
        if self.pairs is None:
            return REFUSED_NO_PAIRS
        if i == j:
            return REFUSED_OWN_PILE
        if FOUNDATION in (self.roles[i], self.roles[j]):
            return REFUSED_FOUNDATION_TO_FOUNDATION
        for k in (i, j):
            refused = self.lift(pos, k, 1)
            if refused:
                return refused
        if not self.pairs[pos[i][-1] * self.size + pos[j][-1]]:
            return REFUSED_NOT_A_PAIR
        if self.pair_hook is not None:
            return self.pair_hook(self.at(pos), i, j) or 0
        return 0

    def pairable(self, pos) -> list[int]:
        """The zones whose top card may leave in a pair."""
        if self.lift_hook is not None:
            return [i for i in range(len(self.ids)) if self.roles[i] != FOUNDATION and not self.lift(pos, i, 1)]
        return [i for i in range(len(self.ids)) if self.roles[i] != FOUNDATION and self.run_length(pos, i)]

    # --- every move at once -----------------------------------------------------------
    def rows(self, pos) -> list:
        """For each zone, (the cards it takes now, as a row of the tables indexed by card
        code, or None; the longest run it takes at once): ``drop`` for every card at once."""
        free = self.free(pos)
        takers = self.takers
        return [self.row(pos, j, free) if j in takers else (None, 0) for j in range(len(pos) - 1)]

    def free(self, pos) -> tuple[int, int] | None:
        """Free cells and empty columns, where runs move by supermove."""
        if not self.supermove:
            return None
        return (sum(1 for c in self.cells if len(pos[c]) == 1), sum(1 for t in self.tableau if len(pos[t]) == 1))

    def row(self, pos, j: int, free) -> tuple:
        zone = pos[j]
        size = self.size
        if len(zone) == 1:
            row = self.empty[j]
        elif zone[0] == len(zone) - 1:
            row = None
        else:
            build = self.build[j]
            row = None if build is None else build[zone[-1] * size:(zone[-1] + 1) * size]
        if self.one[j]:
            return row, 1
        if free is not None:
            return row, (free[0] + 1) << (free[1] - (len(zone) == 1 and j in self.tableau))
        return row, self.deck_size

    def sources(self, pos) -> list:
        """(zone, the zones it may give to) for each zone with a card that no other covers now."""
        covering = self.covering
        return [(i, r) for i, r in self.giving
                if len(pos[i]) > 1 and not (covering[i] and any(len(pos[c]) > 1 for c in covering[i]))]

    def moves_from(self, pos, i: int, targets, rows) -> Iterator[tuple[int, int, int]]:
        """(i, j, n) for each run zone ``i`` may give to one of ``targets`` (``rows``: ``rows``')."""
        zone, barred, hook = pos[i], self.barred[i], self.drop_hook
        at = None if hook is None else self.at(pos)
        permit = self.permit_hook is not None
        for n in self.lifts(pos, i):
            first = zone[-n]
            for j in targets:
                row, room = rows[j]
                if row is not None and row[first] and n <= room and not (barred and j in barred and len(pos[j]) == 1) \
                        and (hook is None or not hook(at, j, self.cards[first], n, i)):
                    yield i, j, n
                elif permit and not (row is not None and row[first]) and not self.drop(pos, j, first, n, i):
                    yield i, j, n  # the tables refuse it, the game's ``permit_drop`` lets it through

    def pairs_among(self, pos, sources, others) -> Iterator[tuple[int, int]]:
        """Each pair of top cards that may leave together, both ways round."""
        pairs, size, hook = self.pairs, self.size, self.pair_hook
        at = None if hook is None else self.at(pos)
        for a in sources:
            for b in others:
                if a != b and pairs[pos[a][-1] * size + pos[b][-1]] and (hook is None or not hook(at, a, b)):
                    yield a, b

    # --- effects -----------------------------------------------------------------
    def play(self, pos, i: int, j: int, n: int) -> tuple:
        """The position after a legal move (``i`` < 0: the stock click; ``n`` < 0: the
        pair of top cards of ``i`` and ``j``), settled."""
        zones = list(pos)
        if i < 0:
            self._draw(zones)
        elif i == j:  # the merci: the n-th card from the top goes to the top
            zone = zones[i]
            zones[i] = zone[:-n] + zone[len(zone) - n + 1:] + zone[-n:len(zone) - n + 1]
            zones[-1] += 1
        elif n < 0:
            for k in (i, j):
                zone = zones[k]
                zones[k] = bytes([min(zone[0], len(zone) - 2)]) + zone[1:-1]
            zones[self.pairs_to] += bytes([pos[i][-1], pos[j][-1]])
        else:
            zone = zones[i]
            rest = zone[1:-n]
            down = min(zone[0], len(rest))
            if self.flip[i] and rest and down == len(rest):
                down -= 1
            zones[i] = bytes([down]) + rest
            zones[j] += zone[-n:]
            if self.move_hook is not None:  # what the game's own rule makes of the cards moved
                changes = self.move_hook(Position(self, tuple(zones)), i, j, n)
                if changes:
                    code = self.code
                    for k, pile in changes.items():
                        zones[k] = bytes([pile.down, *[code[c] for c in pile.cards]])
        self.settle(zones, (self.targets or self.tableau) if i < 0 else (i, j))
        return tuple(zones)

    def _draw(self, zones: list) -> None:
        si = self.stock
        stock = zones[si]
        cards = stock[1:]
        if self.action is not None:
            self._act(zones, cards)
            return
        if self.deal_hook is not None:  # the top card goes where it decides (Salic Law)
            j = self.deal_hook(Position(self, tuple(zones)), self.cards[cards[-1]])
            zones[si] = bytes([len(cards) - 1]) + cards[:-1]
            zones[j] += cards[-1:]
            return
        if len(self.targets) > 1:
            k = min(len(self.targets), len(cards))
            dealt = cards[::-1][:k]
            zones[si] = bytes([len(cards) - k]) + cards[:len(cards) - k]
            for t, card in zip(self.targets, dealt):
                zones[t] += bytes([card])
            return
        wi = self.waste
        if cards:
            k = min(self.draw_count, len(cards))
            zones[si] = bytes([len(cards) - k]) + cards[:len(cards) - k]
            zones[wi] += cards[len(cards) - k:][::-1]
            return
        waste = zones[wi][1:]
        zones[si] = bytes([len(waste)]) + waste[::-1]
        zones[wi] = b"\x00"
        zones[-1] += 1

    def _act(self, zones: list, stock: bytes) -> None:
        """A redeal (gather, shuffle, deal again) or a close-up (``zones.Redeal``, ``CloseUp``)."""
        acted_on = self.acted_on
        if isinstance(self.action, Redeal):
            gathered = b"".join(zones[j][1:] for j in acted_on)
            cards = list(gathered)
            random.Random(gathered + bytes([zones[-1]])).shuffle(cards)
            k = self.action.deal_in
            for m, j in enumerate(acted_on):
                part = cards[k * m:] if m == len(acted_on) - 1 else cards[k * m:k * (m + 1)]
                zones[j] = b"\x00" + bytes(part)
            zones[-1] += 1
            return
        kept = [zones[j] for j in acted_on if len(zones[j]) > 1]
        while stock and len(kept) < len(acted_on):  # the stock's top card into the first place left
            kept.append(b"\x00" + stock[-1:])
            stock = stock[:-1]
        kept += [b"\x00"] * (len(acted_on) - len(kept))
        for j, zone in zip(acted_on, kept):
            zones[j] = zone
        zones[self.stock] = bytes([len(stock)]) + stock

    def settle(self, zones: list, touched) -> None:
        """What the declarations make happen by themselves after a move or deal that
        changed the ``touched`` zones of a settled position: complete runs go to the
        foundations that collect them, emptied zones are refilled, uncovered face-down
        cards turn up. A run can have been completed only on a touched zone, and only
        where an Ace lies on enough face-up cards: most positions need no look for one."""
        collecting, rank, king = self.collecting, self.rank, self.king
        for t in touched:
            zone = zones[t]
            if t in collecting and len(zone) > 1 and rank[zone[-1]] == 1 and len(zone) - 1 - zone[0] >= king[zone[-1]]:
                self._collect(zones, touched)
                break
        for j, k in self.refill:
            if len(zones[j]) == 1 and len(zones[k]) > 1:
                giver = zones[k]
                rest = giver[1:-1]
                down = min(giver[0], len(rest))
                if self.flip[k] and rest and down == len(rest):
                    down -= 1
                zones[j] = b"\x00" + giver[-1:]
                zones[k] = bytes([down]) + rest
        if self.collectors or self.refill or self.move_hook is not None or len(touched) > 2:
            uncover = self.uncover
        else:  # only a zone a touched zone covered can have been laid bare
            uncover = [j for t in touched if t >= 0 for j in self.under[t]]
        for j in uncover:
            zone = zones[j]
            if len(zone) > 1 and zone[0] == len(zone) - 1 and not any(len(zones[c]) > 1 for c in self.covering[j]):
                zones[j] = bytes([zone[0] - 1]) + zone[1:]

    def _collect(self, zones: list, touched) -> None:
        """Complete runs to the empty foundations that collect them: each foundation in
        turn the first one (by column) its rule completes."""
        barren: list = []  # the collecting rules no column's top run follows, since the last run collected
        for f in self.collectors:
            if len(zones[f]) > 1:
                continue
            rule = self.collect[f]
            if any(rule is seen for seen in barren):  # Spider's eight foundations: one look, not eight
                continue
            for t in self.tableau:
                if t not in touched:
                    continue
                run = self.complete_run(zones[t], rule)
                if run:
                    zone = zones[t]
                    rest = zone[1:-run]
                    down = min(zone[0], len(rest))
                    if self.flip[t] and rest and down == len(rest):
                        down -= 1
                    zones[f] = b"\x00" + zone[-run:]
                    zones[t] = bytes([down]) + rest
                    barren.clear()
                    break
            else:
                barren.append(rule)

    def complete_run(self, zone: bytes, rule: bytes) -> int:
        """The length of the complete King-to-Ace run on top of ``zone`` following ``rule``, or 0."""
        rank, king = self.rank, self.king
        if len(zone) == 1 or rank[zone[-1]] != 1:
            return 0
        length = king[zone[-1]]
        if len(zone) - 1 - zone[0] < length:
            return 0
        run = zone[-length:]
        if rank[run[0]] != king[run[0]]:
            return 0
        size = self.size
        return length if all(rule[lo * size + hi] for lo, hi in zip(run, run[1:])) else 0

    def won(self, pos) -> bool:
        if self.empty_to_win:
            return all(len(pos[j]) == 1 for j in self.empty_to_win)
        return sum(len(pos[j]) - 1 for j in self.foundations) == self.win_count


class Position:
    """A rule set's position as a game's hook reads it (``PileGame.refuse_drop`` ...):
    cards, not codes, so that one hook serves the engine and the solver."""

    __slots__ = ("rules", "pos")

    def __init__(self, rules: RuleSet, pos: tuple):
        self.rules, self.pos = rules, pos

    def cards(self, j: int) -> tuple:
        """Zone ``j``'s cards, bottom to top."""
        cards = self.rules.cards
        return tuple(cards[c] for c in self.pos[j][1:])

    def top(self, j: int):
        """Zone ``j``'s top card, or None."""
        zone = self.pos[j]
        return self.rules.cards[zone[-1]] if len(zone) > 1 else None

    def size(self, j: int) -> int:
        return len(self.pos[j]) - 1

    def face_down(self, j: int) -> int:
        """How many of zone ``j``'s bottom cards lie face down."""
        return self.pos[j][0]

    def zones(self, role: str) -> tuple[int, ...]:
        """The indices of the zones of ``role``."""
        return self.rules.game.role(role)

    def option(self, name: str):
        return self.rules.options[name]


def _takes_from(zone, giver) -> bool:
    """Whether ``zone`` ever takes cards from ``giver``: its ``takes_from`` names the
    giver's id or role, or is empty (any zone)."""
    return not zone.takes_from or giver.id in zone.takes_from or giver.role in zone.takes_from
