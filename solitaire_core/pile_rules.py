"""The rule checks of a pile game: one path that decides and explains.

Each check returns None (allowed) or a ``Refusal`` (``refusals.py``): the stock's
``draw_refusal``, a source zone's ``lift_refusal``, a destination's ``drop_refusal``,
``pair_refusal``; ``check`` runs them in turn, ``legal_moves`` keeps the moves none
refuses and ``why_illegal`` says the first refusal. A game's own rule overrides one of
them and calls ``super()``.
"""

from __future__ import annotations

from functools import cached_property

from . import words
from .inputs import quote
from .moves import DRAW, Move
from .refusals import Refusal, refuse
from .state import State
from .rules import CardTest
from .zones import FOUNDATION, LIFT_ANY, LIFT_NONE, LIFT_RUNS, LIFT_TOP, LIFT_TOP_OR_ALL


class PileRules:
    """The rule-check half of ``PileGame`` (its zones, receivers and covers are PileGame's)."""

    def draw_refusal(self, state: State) -> Refusal | None:
        """Whether the stock click does anything now."""
        si = self.stock_index
        if si is None:
            return refuse("draw", words.no_stock, self.name)
        zone, stock = self.zones[si], state.piles[si]
        name = self.zone_name
        if stock.cards:
            if zone.needs_filled and any(not state.piles[self.index[t]].cards for t in zone.targets):
                return refuse("deal:filled", lambda: words.deal_needs_filled(name(zone.id)))
            return None
        if len(zone.targets) != 1 or zone.deal_to not in self.index:
            return refuse("draw", lambda: words.all_dealt(name(zone.id)))
        if not state.piles[self.index[zone.deal_to]].cards:
            return refuse("draw", lambda: words.nothing_to_turn(name(zone.id), name(zone.deal_to)))
        left = self.redeals_left(state)
        if left is not None and left <= 0:
            return refuse("redeal", lambda: words.no_pass_left(name(zone.id)))
        return None

    def run_length(self, state: State, i: int) -> int:
        """How many top cards zone ``i``'s own lift rule lets go at most (0: none):
        its top card, every face-up card (LIFT_ANY), or its top run following the
        zone's run rule; nothing while a zone covering it holds a card."""
        zone, pile = self.zones[i], state.piles[i]
        cards = pile.cards
        up = len(cards) - pile.down
        if zone.lift == LIFT_NONE or up <= 0:
            return 0
        if zone.covered_by and any(state.piles[c].cards for c in self._covering[i]):
            return 0
        if zone.lift == LIFT_TOP:
            return 1
        if zone.lift == LIFT_ANY:
            return up
        n, rule = 1, zone.run_rule
        while n < up and rule is not None and rule(cards[-n - 1], cards[-n]):
            n += 1
        return n

    def lift_counts(self, state: State, i: int) -> range | tuple[int, ...]:
        """How many top cards may be lifted from zone ``i`` (1..n) by its own rule; with
        LIFT_TOP_OR_ALL, 1 or every card of it, when they all make one run."""
        n = self.run_length(state, i)
        if self.zones[i].lift == LIFT_TOP_OR_ALL and 1 < n:
            return (1, n) if n == len(state.piles[i].cards) else (1,)
        return range(1, n + 1)

    def pickable(self, state: State, zone: str, n: int) -> bool:
        """Face-up cards the zone lets go of: its top card, or any face-up group of a
        zone that lifts runs (a group that breaks the run rule lifts too; no move takes
        it, and the table slides it back)."""
        i = self.index.get(zone)
        if i is None:
            return False
        lift, pile = self.zones[i].lift, state.piles[i]
        if not 1 <= n <= len(pile.cards) - pile.down or self.run_length(state, i) == 0:
            return False
        return lift in (LIFT_RUNS, LIFT_ANY) or n == 1 or (lift == LIFT_TOP_OR_ALL and n == len(pile.cards))

    def lift_refusal(self, state: State, i: int, n: int) -> Refusal | None:
        """Whether the top ``n`` cards of zone ``i`` may be lifted at all; a game adds
        its own restrictions by overriding this and calling ``super()``."""
        zone, pile = self.zones[i], state.piles[i]
        role = zone.role
        up = len(pile.cards) - pile.down
        if zone.lift == LIFT_NONE:
            return refuse("lift:" + role, lambda: words.never_taken(self.zone_name(zone.id)))
        if n < 1 or not pile.cards:
            return refuse("lift:" + role, lambda: words.no_card(self.zone_name(zone.id)))
        if zone.lift == LIFT_TOP and n > 1:
            return refuse("top:" + role, lambda: words.top_only(self.zone_name(zone.id)))
        if n > up:
            return refuse("face-down:" + role, lambda: words.few_face_up(self.zone_name(zone.id), up))
        if zone.covered_by and any(state.piles[c].cards for c in self._covering[i]):
            return refuse("covered:" + role, lambda: words.covered(self.card_name(pile.cards[-n])))
        if zone.lift == LIFT_TOP_OR_ALL and 1 < n < len(pile.cards):
            return refuse("part:" + role, lambda: words.top_or_all(self.zone_name(zone.id)))
        if n > 1 and n > self.run_length(state, i):
            rule = zone.run_rule
            if rule is None:
                return refuse("run:" + role, lambda: words.one_card_from(self.zone_name(zone.id)))
            return refuse("run:" + role, lambda: words.not_a_run(self.zone_name(zone.id), n, rule.text))
        return None

    def drop_refusal(self, state: State, j: int, run: tuple, src: int) -> Refusal | None:
        """Whether zone ``j`` takes ``run`` (cards bottom to top) from zone ``src``: its
        empty rule and the zones it takes from while empty, its build rule, one card at a
        time, the game's ``run_limit``; a game adds its own by overriding this and calling
        ``super()``."""
        zone, pile = self.zones[j], state.piles[j]
        kinds = self._kinds[j]
        if zone.one_at_a_time and len(run) > 1:
            return Refusal(kinds["one-at-a-time"], lambda: words.one_at_a_time(self.zone_name(zone.id)))
        cards, build = pile.cards, self.build_rule(state, j)
        if not cards:
            empty = self.empty_rule(state, j)
            if empty is None:
                return Refusal(kinds["empty"], lambda: words.empty_takes_nothing(self.zone_name(zone.id)))
            if zone.empty_from and self.zones[src].role not in zone.empty_from:
                return Refusal(kinds["empty-from"], lambda: words.empty_takes_from(
                    self.zone_name(zone.id), words.either(
                        [self.zone_name(z.id) for z in self.zones if z.role in zone.empty_from])))
            if not empty(run[0]):
                return Refusal(kinds["empty"], lambda: words.empty_takes(
                    self.zone_name(zone.id), empty.text, self.card_name(run[0])))
        elif pile.down == len(cards):
            return Refusal(kinds["face-down"], lambda: words.top_face_down(self.zone_name(zone.id)))
        elif build is None:
            return Refusal(kinds["build"], lambda: words.builds_on_nothing(
                self.card_name(run[0]), self.zone_name(zone.id)))
        elif not build(cards[-1], run[0]):
            return Refusal(kinds["build"], lambda: words.cannot_go_on(
                self.card_name(run[0]), self.card_name(cards[-1]), self.zone_name(zone.id), build.text))
        if len(run) > 1 and self.run_limit is not None:
            limit = self.run_limit(state, src, j)
            if len(run) > limit:
                return refuse("run-limit", words.run_limit, limit)
        return None

    def build_rule(self, state: State, j: int) -> Relation | None:
        """What zone ``j`` builds by: its declaration's; a game whose options change the
        rule (Golf's King and Ace touching or not) picks it here from ``state``."""
        return self.zones[j].build

    def empty_rule(self, state: State, j: int) -> CardTest | None:
        """What empty zone ``j`` takes: its declaration's; a game whose deal sets it
        (Canfield's base rank, the first foundation card's) picks it here from ``state``.
        It must stay the same for the whole game: the solver reads it once, at the start."""
        return self.zones[j].empty

    @cached_property
    def _kinds(self) -> tuple[dict[str, str], ...]:
        """Each zone's refusal kinds ("build:tableau"...), made once: refusals are many."""
        prefixes = ("one-at-a-time", "empty", "empty-from", "face-down", "build", "lift", "top", "covered", "run",
                    "receive")
        return tuple({p: f"{p}:{zone.role}" for p in prefixes}
                     for zone in self.zones)

    def pair_refusal(self, state: State, i: int, j: int) -> Refusal | None:
        """Whether the top cards of zones ``i`` and ``j`` may leave together."""
        if self.pairs is None:
            return refuse("pair", words.no_pairs, self.name)
        if i == j or self.zones[i].role == FOUNDATION or self.zones[j].role == FOUNDATION:
            return refuse("pair", words.own_pile) if i == j else refuse("pair", words.foundation_to_foundation)
        for k in (i, j):
            refusal = self.lift_refusal(state, k, 1)
            if refusal is not None:
                return refusal
        a, b = state.piles[i].cards[-1], state.piles[j].cards[-1]
        if not self.pairs(a, b):
            return refuse("pair", lambda: words.no_pair(self.card_name(a), self.card_name(b), self.pairs.text))
        return None

    def check(self, state: State, move: Move) -> Refusal | None:
        """The one rule path: None when ``move`` is legal, else the first refusal."""
        if move.is_draw:
            return self.draw_refusal(state)
        for zone_id in (move.src, move.dst):
            if zone_id not in self.index:
                return refuse("zone", lambda z=zone_id: f"there is no zone {quote(z)} (zones: {' '.join(self.index)})")
        i, j = self.index[move.src], self.index[move.dst]
        if move.pair:
            return self.pair_refusal(state, i, j)
        if i == j:
            return refuse("zone", words.own_pile)
        refusal = self.lift_refusal(state, i, move.n)
        if refusal is not None:
            return refusal
        if j not in self._receivers[i]:
            if self.zones[i].role == self.zones[j].role == FOUNDATION:
                return refuse("foundation-to-foundation", words.foundation_to_foundation)
            return refuse("receive:" + self.zones[j].role, words.never_put, self.zone_name(move.dst))
        return self.drop_refusal(state, j, state.piles[i].cards[-move.n:], i)

    def legal_moves(self, state: State) -> list[Move]:
        moves = [DRAW] if self.draw_refusal(state) is None else []
        piles = state.piles
        zones = self.zones
        for i, targets in enumerate(self._receivers):
            for n in self.lift_counts(state, i):
                if self.lift_refusal(state, i, n) is not None:
                    continue
                run = piles[i].cards[-n:]
                for j in targets:
                    if self.drop_refusal(state, j, run, i) is None:
                        moves.append(Move(zones[i].id, zones[j].id, n))
        if self.pairs is not None:
            moves += self.pair_moves(state)
        return moves

    def pair_moves(self, state: State) -> list[Move]:
        """Every pair that may leave, both ways round (a drag may start from either card)."""
        free = [i for i, zone in enumerate(self.zones)
                if zone.role != FOUNDATION and self.lift_refusal(state, i, 1) is None]
        found = []
        for a in free:
            for b in free:
                if a != b and self.pairs(state.piles[a].cards[-1], state.piles[b].cards[-1]):
                    found.append(Move(self.zones[a].id, self.zones[b].id, 1, pair=True))
        return found

    def why_illegal(self, state: State, move: Move) -> str:
        refusal = self.check(state, move)
        if refusal is None:
            return words.rules_forbid()  # asked of a legal move: nothing to say against it
        ref = self.rule_refs.get(refusal.kind)
        return words.with_rule(refusal.text, ref) if ref else refusal.text

    # A refusal kind ("build:tableau", "redeal", ...) -> the game's rule number.
    rule_refs: dict[str, str] = {}
