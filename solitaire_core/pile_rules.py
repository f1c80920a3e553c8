"""The rule checks of a pile game, in words: the rule set decides, this says why.

Every rule runs once, in the game's compiled rule set (``ruleset.py``), for the engine
and the solver alike; each check here asks it and turns the code of the refusing rule
into a ``Refusal`` (``refusals.py``): the stock's ``draw_refusal``, a source zone's
``lift_refusal``, a destination's ``drop_refusal``, ``pair_refusal``. ``check`` runs
them in turn, ``legal_moves`` lists what the rule set allows and ``why_illegal`` says
the first refusal.

A game written against the first API overrode one of these checks and called
``super()``: it still plays (its ``legal_moves`` then asks its checks one move at a
time), with a warning naming the hook to use instead (docs/plugins.md, "Migrating").
"""

from __future__ import annotations

from functools import cached_property

from . import ruleset as rs
from . import words
from .inputs import quote
from .moves import DRAW, Move
from .refusals import Refusal, refuse
from .rules import CardTest, Relation
from .state import State
from .zones import FOUNDATION, LIFT_ANY, LIFT_RUNS, LIFT_TOP_OR_ALL

# The checks a game of the first API overrode; ``PileGame`` warns once for each.
CHECKS = ("lift_refusal", "drop_refusal", "draw_refusal", "pair_refusal", "check", "legal_moves",
          "pair_moves", "run_length", "lift_counts")


class PileRules:
    """The rule-check half of ``PileGame`` (its zones, rule set and words are PileGame's)."""

    def draw_refusal(self, state: State) -> Refusal | None:
        """Whether the stock click does anything now."""
        rules, pos = self.compiled(state)
        refused = rules.draw(pos)
        if not refused:
            return None
        name, si = self.zone_name, rules.stock
        if refused == rs.REFUSED_NO_STOCK:
            return refuse("draw", words.no_stock, self.name)
        zone = self.zones[si]
        if refused == rs.REFUSED_NEEDS_FILLED:
            return refuse("deal:filled", lambda: words.deal_needs_filled(name(zone.id)))
        if refused == rs.REFUSED_ALL_DEALT:
            return refuse("draw", lambda: words.all_dealt(name(zone.id)))
        if refused == rs.REFUSED_NOTHING_TO_GATHER:
            return refuse("redeal", words.nothing_to_gather)
        if refused == rs.REFUSED_NO_GAP:
            return refuse("close-up", words.no_gap)
        if refused == rs.REFUSED_NOTHING_TO_TURN:
            return refuse("draw", lambda: words.nothing_to_turn(name(zone.id), name(zone.deal_to)))
        return refuse("redeal", lambda: words.no_pass_left(name(zone.id)))

    def run_length(self, state: State, i: int) -> int:
        """How many top cards zone ``i``'s own lift rule lets go at most (0: none)."""
        rules, pos = self.compiled(state)
        return rules.run_length(pos, i)

    def lift_counts(self, state: State, i: int) -> range | tuple[int, ...]:
        """How many top cards may be lifted from zone ``i`` (1..n) by its own rule; with
        LIFT_TOP_OR_ALL, 1 or every card of it, when they all make one run."""
        rules, pos = self.compiled(state)
        return rules.lifts(pos, i)

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
        """Whether the top ``n`` cards of zone ``i`` may be lifted at all."""
        rules, pos = self.compiled(state)
        refused = rules.lift(pos, i, n)
        return self._lift_words(refused, state, i, n) if refused else None

    def _lift_words(self, refused: int | Refusal, state: State, i: int, n: int) -> Refusal:
        if isinstance(refused, Refusal):  # the game's own rule (``refuse_lift``) said it
            return refused
        zone, pile = self.zones[i], state.piles[i]
        role, name = zone.role, lambda: self.zone_name(zone.id)
        if refused == rs.REFUSED_NEVER_LIFTS:
            return refuse("lift:" + role, lambda: words.never_taken(name()))
        if refused == rs.REFUSED_NO_CARD:
            return refuse("lift:" + role, lambda: words.no_card(name()))
        if refused == rs.REFUSED_TOP_ONLY:
            return refuse("top:" + role, lambda: words.top_only(name()))
        if refused == rs.REFUSED_FACE_DOWN:
            return refuse("face-down:" + role, lambda: words.few_face_up(name(), len(pile.cards) - pile.down))
        if refused == rs.REFUSED_COVERED:
            return refuse("covered:" + role, lambda: words.covered(self.card_name(pile.cards[-n])))
        if refused == rs.REFUSED_PART:
            return refuse("part:" + role, lambda: words.top_or_all(name()))
        rule = zone.run_rule
        if rule is None:
            return refuse("run:" + role, lambda: words.one_card_from(name()))
        return refuse("run:" + role, lambda: words.not_a_run(name(), n, rule.text))

    def drop_refusal(self, state: State, j: int, run: tuple, src: int) -> Refusal | None:
        """Whether zone ``j`` takes ``run`` (cards bottom to top) from zone ``src`` (-1:
        from no zone): its empty rule and the zones it takes from while empty, its build
        rule, one card at a time, the room the free places give."""
        rules, pos = self.compiled(state)
        refused = rules.drop(pos, j, rules.code[run[0]], len(run), src)
        if not refused and len(run) > 1 and self.run_limit is not None and not rules.supermove:
            limit = self.run_limit(state, src, j)
            if len(run) > limit:
                return refuse("run-limit", words.run_limit, limit)
        return self._drop_words(refused, state, j, run, src) if refused else None

    def _drop_words(self, refused: int | Refusal, state: State, j: int, run: tuple, src: int) -> Refusal:
        if isinstance(refused, Refusal):  # the game's own rule (``refuse_drop``) said it
            return refused
        zone, cards = self.zones[j], state.piles[j].cards
        kinds, name = self._kinds[j], lambda: self.zone_name(zone.id)
        if refused == rs.REFUSED_ONE_AT_A_TIME:
            return Refusal(kinds["one-at-a-time"], lambda: words.one_at_a_time(name()))
        if refused == rs.REFUSED_EMPTY_TAKES_NOTHING:
            return Refusal(kinds["empty"], lambda: words.empty_takes_nothing(name()))
        if refused == rs.REFUSED_EMPTY_FROM:
            return Refusal(kinds["empty-from"], lambda: words.empty_takes_from(name(), words.either(
                [self.zone_name(z.id) for z in self.zones if z.role in zone.empty_from])))
        if refused == rs.REFUSED_EMPTY:
            empty = self.empty_rule(state, j)
            return Refusal(kinds["empty"], lambda: words.empty_takes(name(), empty.text, self.card_name(run[0])))
        if refused == rs.REFUSED_TOP_FACE_DOWN:
            return Refusal(kinds["face-down"], lambda: words.top_face_down(name()))
        build = self.build_rule(state, j)
        if refused == rs.REFUSED_BUILDS_NOTHING:
            return Refusal(kinds["build"], lambda: words.builds_on_nothing(self.card_name(run[0]), name()))
        if refused == rs.REFUSED_BUILD:
            return Refusal(kinds["build"], lambda: words.cannot_go_on(
                self.card_name(run[0]), self.card_name(cards[-1]), name(), build.text))
        return refuse("run-limit", words.run_limit, self.run_limit(state, src, j))

    def build_rule(self, state: State, j: int) -> Relation | None:
        """What zone ``j`` builds by: its declaration's; a game whose options change the
        rule (Golf's King and Ace touching or not) picks it here from ``state``. The rule
        set is compiled once for each rule it picks."""
        return self.zones[j].build

    def empty_rule(self, state: State, j: int) -> CardTest | None:
        """What empty zone ``j`` takes: its declaration's; a game whose deal sets it
        (Canfield's base rank, the first foundation card's) picks it here from ``state``.
        It must stay the same for the whole game: the rule set is compiled once for it."""
        return self.zones[j].empty

    @cached_property
    def _kinds(self) -> tuple[dict[str, str], ...]:
        """Each zone's refusal kinds ("build:tableau"...), made once: refusals are many. A
        zone whose rule has a number of its own in ``rule_refs`` ("build:t8") has its id
        in place of its role."""
        prefixes = ("one-at-a-time", "empty", "empty-from", "face-down", "build")
        refs = self.rule_refs
        return tuple({p: f"{p}:{zone.id}" if f"{p}:{zone.id}" in refs else f"{p}:{zone.role}" for p in prefixes}
                     for zone in self.zones)

    def pair_refusal(self, state: State, i: int, j: int) -> Refusal | None:
        """Whether the top cards of zones ``i`` and ``j`` may leave together."""
        rules, pos = self.compiled(state)
        refused = rules.pair(pos, i, j)
        if not refused:
            return None
        if isinstance(refused, Refusal):  # the game's own rule (``refuse_pair``, ``refuse_lift``) said it
            return refused
        if refused == rs.REFUSED_NO_PAIRS:
            return refuse("pair", words.no_pairs, self.name)
        if refused == rs.REFUSED_OWN_PILE:
            return refuse("pair", words.own_pile)
        if refused == rs.REFUSED_FOUNDATION_TO_FOUNDATION:
            return refuse("pair", words.foundation_to_foundation)
        if refused == rs.REFUSED_NOT_A_PAIR:
            a, b = state.piles[i].cards[-1], state.piles[j].cards[-1]
            return refuse("pair", lambda: words.no_pair(self.card_name(a), self.card_name(b), self.pairs.text))
        k = i if rules.lift(pos, i, 1) else j
        return self._lift_words(refused, state, k, 1)

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
            return self.pull_refusal(state, i, move.n)
        refusal = self.lift_refusal(state, i, move.n)
        if refusal is not None:
            return refusal
        if j not in self.compiled(state)[0].receivers[i]:
            if self.zones[i].role == self.zones[j].role == FOUNDATION:
                return refuse("foundation-to-foundation", words.foundation_to_foundation)
            if self.zones[j].takes_from:
                return refuse("takes-from:" + self.zones[j].role, lambda: words.takes_only_from(
                    self.zone_name(move.dst), words.either(self._givers_named(j))))
            return refuse("receive:" + self.zones[j].role, words.never_put, self.zone_name(move.dst))
        return self.drop_refusal(state, j, state.piles[i].cards[-move.n:], i)

    def pull_refusal(self, state: State, i: int, n: int) -> Refusal | None:
        """Whether the ``n``-th card from the top of zone ``i`` may go to its top (the merci)."""
        rules, pos = self.compiled(state)
        refused = rules.pull(pos, i, n)
        if not refused:
            return None
        if refused == rs.REFUSED_OWN_PILE:
            return refuse("zone", words.own_pile)
        if refused == rs.REFUSED_PULL_NOT_YET:
            return refuse("pull", lambda: words.pull_not_yet(self.zone_name(self.zones[rules.stock].id)))
        if refused == rs.REFUSED_NO_PULL_LEFT:
            return refuse("pull", words.no_pull_left)
        return self._lift_words(refused, state, i, n)

    def _givers_named(self, j: int) -> list[str]:
        """The names of the zones zone ``j`` takes cards from (``takes_from``)."""
        named = self.zones[j].takes_from
        return [self.zone_name(z.id) for z in self.zones if z.id in named or z.role in named]

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move, as the rule set lists them: the stock click, then each run
        each zone may give, to each zone that takes it, then pairs (both ways round: a
        drag may start from either card)."""
        if any(name in CHECKS for name in self.first_api_overrides):
            return self._moves_by_checks(state)
        rules, pos = self.compiled(state)
        moves = [DRAW] if not rules.draw(pos) else []
        rows = rules.rows(pos)
        move = self._move
        for i, targets in rules.sources(pos):
            moves += [move(i, j, n) for i, j, n in rules.moves_from(pos, i, targets, rows)]
        if rules.pairs is not None:
            free = rules.pairable(pos)
            moves += [self._pair(a, b) for a, b in rules.pairs_among(pos, free, free)]
        if rules.pull_limit:
            moves += [move(i, j, n) for i, j, n in rules.pulls_now(pos)]
        return moves

    def _moves_by_checks(self, state: State) -> list[Move]:
        """For a game that overrides a check (the first API): each candidate asked of
        the checks, in ``legal_moves``' order."""
        moves = [DRAW] if self.draw_refusal(state) is None else []
        piles, zones = state.piles, self.zones
        rules = self.compiled(state)[0]
        for i, targets in enumerate(rules.receivers):
            for n in self.lift_counts(state, i):
                if self.lift_refusal(state, i, n) is not None:
                    continue
                run = piles[i].cards[-n:]
                moves += [self._move(i, j, n) for j in targets if self.drop_refusal(state, j, run, i) is None]
        if self.pairs is not None:
            moves += self.pair_moves(state)
        return moves

    def pair_moves(self, state: State) -> list[Move]:
        """Every pair ``pair_refusal`` lets leave, both ways round."""
        free = [i for i, zone in enumerate(self.zones)
                if zone.role != FOUNDATION and self.lift_refusal(state, i, 1) is None]
        return [self._pair(a, b) for a in free for b in free if a != b and self.pair_refusal(state, a, b) is None]

    @cached_property
    def _moves_made(self) -> dict:
        return {}

    def _move(self, i: int, j: int, n: int) -> Move:
        """The move of ``n`` cards from zone ``i`` to ``j`` (``n`` < 0: the pair of their
        top cards), made once: the search asks for the same ones again and again."""
        made = self._moves_made
        found = made.get((i, j, n))
        if found is None:
            a, b = self.zones[i].id, self.zones[j].id
            found = made[(i, j, n)] = Move(a, b, 1, pair=True) if n < 0 else Move(a, b, n)
        return found

    def _pair(self, i: int, j: int) -> Move:
        return self._move(i, j, -1)

    def why_illegal(self, state: State, move: Move) -> str:
        refusal = self.check(state, move)
        if refusal is None:
            return words.rules_forbid()  # asked of a legal move: nothing to say against it
        ref = self.rule_refs.get(refusal.kind)
        return words.with_rule(refusal.text, ref) if ref else refusal.text

    # A refusal kind ("build:tableau", "redeal", ...) -> the game's rule number.
    rule_refs: dict[str, str] = {}
