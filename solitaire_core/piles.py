"""PileGame: a game made of declared zones (stock, waste, foundations, tableau, cells...).

Legal moves, the stock click, auto-flip, scoring, the position text and the scene
all follow from the zone declarations; a game overrides a method only for what is
truly its own. Every rule check returns None or a ``Refusal`` (``refusals.py``):
``legal_moves`` keeps what no check refuses and ``why_illegal`` says the first
refusal, one path that decides and explains. The position text, the scene and the
advice (hints, safe moves, the finish) live in ``pile_text``, ``pile_scene`` and
``pile_advice``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Callable

from attrs import evolve

from . import words
from .deals import shuffle
from .game import Game, Place
from .inputs import quote
from .moves import DRAW, Move
from .options import Choice, resolve
from .pile_advice import PileAdvice, alternate_colour_safe
from .pile_scene import FLOORS, KEEP_READABLE, MIN_FACE_UP, MIN_STEP, PileScene, squeeze
from .pile_text import BASE_VALUES, PileText
from .refusals import Refusal, refuse
from .rules import Relation
from .scoring import Scoring
from .state import Pile, State
from .zones import CELL, FOUNDATION, LIFT_ANY, LIFT_NONE, LIFT_RUNS, LIFT_TOP, STOCK, TABLEAU, WASTE, Opt, Zone

__all__ = ["PileGame", "alternate_colour_safe", "supermove", "squeeze", "FLOORS", "KEEP_READABLE",
           "MIN_FACE_UP", "MIN_STEP", "BASE_VALUES"]

# Counters that never change what can happen (left out of a position's search key).
COSMETIC = ("score", "shown")


class PileGame(PileAdvice, PileText, PileScene, Game):
    zones: tuple[Zone, ...] = ()
    deck: tuple = ()
    scorings: dict[str, Scoring] = {}
    table: tuple[float, float] | None = None
    # Two top cards that leave together (Pyramid: ``ranks_total(13)``), and where they go.
    pairs: Relation | None = None
    pairs_to: str = ""
    # The most cards one move may carry from zone i to zone j (FreeCell: ``supermove``); None: no limit.
    run_limit: Callable[..., int] | None = None
    # Counters a game keeps beyond the engine's own (``counters``), written as @name lines.
    extra_values: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs):
        """An option that only means something on the stock is declared on it
        (``Stock(draw=Choice("draw", (1, 3)))``): it joins the game's options, first,
        and the zone reads it from the state (``Opt``)."""
        super().__init_subclass__(**kwargs)
        declared = []
        zones = []
        for zone in cls.__dict__.get("zones", ()):
            changes = {field: Opt(value.name) for field in ("draw", "redeals")
                       if isinstance(value := getattr(zone, field), Choice)}
            declared += [getattr(zone, field) for field in changes]
            zones.append(evolve(zone, **changes) if changes else zone)
        if declared:
            cls.zones = tuple(zones)
            cls.options = tuple(declared) + tuple(cls.__dict__.get("options", ()))

    # --- structure ---------------------------------------------------------
    @cached_property
    def index(self) -> dict[str, int]:
        return {zone.id: i for i, zone in enumerate(self.zones)}

    @cached_property
    def _by_role(self) -> dict[str, tuple[int, ...]]:
        roles: dict[str, list[int]] = {}
        for i, zone in enumerate(self.zones):
            roles.setdefault(zone.role, []).append(i)
        return {role: tuple(indices) for role, indices in roles.items()}

    def role(self, role: str) -> tuple[int, ...]:
        return self._by_role.get(role, ())

    @cached_property
    def _receivers(self) -> tuple[tuple[int, ...], ...]:
        """For each source zone, the zones a card from it may ever land on."""
        takers = [i for i, z in enumerate(self.zones) if z.build is not None or z.empty is not None]
        result = []
        for i, zone in enumerate(self.zones):
            result.append(tuple(
                j for j in takers
                if j != i and not (zone.role == FOUNDATION and self.zones[j].role == FOUNDATION)
            ))
        return tuple(result)

    @cached_property
    def _covering(self) -> tuple[tuple[int, ...], ...]:
        """For each zone, the zones whose cards lie over its own."""
        return tuple(tuple(self.index[c] for c in zone.covered_by) for zone in self.zones)

    @cached_property
    def counters(self) -> tuple[str, ...]:
        """The counters this game keeps, and so writes in its position text: ``redeals``
        where a stock turns a waste back, ``score`` where it scores, ``shown`` where a
        fanned waste shows the last draw, and the game's ``extra_values``."""
        used = []
        si = self.stock_index
        if si is not None:
            stock = self.zones[si]
            if len(stock.targets) == 1 and stock.deal_to in self.index and stock.redeals != 0:
                used.append("redeals")
        if self.scorings:
            used.append("score")
        if any(z.role == WASTE and z.fan != (0.0, 0.0) for z in self.zones):
            used.append("shown")
        return tuple(used) + tuple(self.extra_values)

    def pile(self, state: State, zone_id: str) -> Pile:
        return state.piles[self.index[zone_id]]

    def setting(self, state: State, value: Any) -> Any:
        return state.option(value.name) if isinstance(value, Opt) else value

    # --- a new deal ---------------------------------------------------------
    def new(self, deal: int, **options: Any) -> State:
        resolved = resolve(self.options, options)
        pack = self.without_set_aside(self.cards_for(dict(resolved)))
        layout = self.deal(shuffle(pack, deal), dict(resolved))
        unknown = set(layout) - set(self.index)
        if unknown:
            raise ValueError(f"deal() named unknown zones {sorted(unknown)}")
        piles = tuple(layout.get(zone.id, Pile()) for zone in self.zones)
        state = State(piles, (), resolved)
        return state.with_values(**self.initial_values(state))

    set_aside: tuple = ()

    def cards_for(self, options: dict) -> tuple:
        """The cards a deal with these options holds, in their documented order:
        ``deck``, unless an option changes the cards (Spider's number of suits)."""
        return self.deck

    @cached_property
    def shuffled_pack(self) -> tuple:
        """The deck in its documented order without ``set_aside``."""
        return self.without_set_aside(self.deck)

    def without_set_aside(self, cards: tuple) -> tuple:
        """``cards`` without ``set_aside``: cards some games lay out before the
        shuffle (the first copy of each, in deck order)."""
        pack = list(cards)
        for card in self.set_aside:
            pack.remove(card)
        return tuple(pack)

    def deal(self, cards: list, options: dict) -> dict[str, Pile]:
        """Lay out the shuffled cards: zone id to Pile (``set_aside`` cards too).
        ``cards.pop()`` takes them in the order KPatience deals (Microsoft's for FreeCell)."""
        raise NotImplementedError

    def initial_values(self, state: State) -> dict[str, int]:
        start = {"redeals": 0, "shown": 0}
        scoring = self.scoring(state)
        start["score"] = scoring.start if scoring else 0
        return {name: start.get(name, 0) for name in self.counters}

    def count(self, state: State, **changes: int) -> State:
        """``state`` with those of ``changes`` that this game keeps as counters."""
        kept = {k: v for k, v in changes.items() if k in self.counters}
        return state.with_values(**kept) if kept else state

    # --- the stock ----------------------------------------------------------
    @cached_property
    def stock_index(self) -> int | None:
        stocks = self.role(STOCK)
        return stocks[0] if stocks else None

    def draw_count(self, state: State) -> int:
        return self.setting(state, self.zones[self.stock_index].draw)

    def redeals_allowed(self, state: State) -> int | None:
        """How many times the waste may go back to the stock; None: no limit."""
        return self.setting(state, self.zones[self.stock_index].redeals)

    def redeals_left(self, state: State) -> int | None:
        allowed = self.redeals_allowed(state)
        return None if allowed is None else max(allowed - state.value("redeals"), 0)

    def can_draw(self, state: State) -> bool:
        return self.draw_refusal(state) is None

    def draw(self, state: State) -> State:
        """The stock click: deal cards face up to the waste (or one onto each zone it
        deals to), or turn the waste over."""
        si = self.stock_index
        zone, stock = self.zones[si], state.piles[si]
        if len(zone.targets) > 1:
            k = min(len(zone.targets), len(stock.cards))
            changes = {si: stock.take(k)}
            for t, card in zip(zone.targets, stock.cards[::-1][:k]):
                ti = self.index[t]
                changes[ti] = state.piles[ti].put((card,))
            return state.with_piles(changes)
        wi = self.index[zone.deal_to]
        waste = state.piles[wi]
        if stock.cards:
            k = min(self.draw_count(state), len(stock.cards))
            dealt = stock.cards[-k:][::-1]
            state = state.with_piles({si: stock.take(k), wi: waste.put(dealt)})
            return self.count(state, shown=k)
        back = Pile(waste.cards[::-1], len(waste.cards))
        state = state.with_piles({si: back, wi: Pile()})
        state = self.count(state, redeals=state.value("redeals") + 1, shown=0)
        return self.add_score(state, [f"recycle-draw-{self.draw_count(state)}"])

    # --- the rule checks: None, or why not ---------------------------------------
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

    def lift_counts(self, state: State, i: int) -> range:
        """How many top cards may be lifted from zone ``i`` (1..n) by its own rule."""
        return range(1, self.run_length(state, i) + 1)

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
        return lift in (LIFT_RUNS, LIFT_ANY) or (lift == LIFT_TOP and n == 1)

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
        if n > 1 and n > self.run_length(state, i):
            rule = zone.run_rule
            if rule is None:
                return refuse("run:" + role, lambda: words.one_card_from(self.zone_name(zone.id)))
            return refuse("run:" + role, lambda: words.not_a_run(self.zone_name(zone.id), n, rule.text))
        return None

    def drop_refusal(self, state: State, j: int, run: tuple, src: int) -> Refusal | None:
        """Whether zone ``j`` takes ``run`` (cards bottom to top) from zone ``src``: its
        empty rule, its build rule, one card at a time, the game's ``run_limit``; a game
        adds its own by overriding this and calling ``super()``."""
        zone, pile = self.zones[j], state.piles[j]
        kinds = self._kinds[j]
        if zone.one_at_a_time and len(run) > 1:
            return Refusal(kinds["one-at-a-time"], lambda: words.one_at_a_time(self.zone_name(zone.id)))
        cards, build = pile.cards, self.build_rule(state, j)
        if not cards:
            if zone.empty is None:
                return Refusal(kinds["empty"], lambda: words.empty_takes_nothing(self.zone_name(zone.id)))
            if not zone.empty(run[0]):
                return Refusal(kinds["empty"], lambda: words.empty_takes(
                    self.zone_name(zone.id), zone.empty.text, self.card_name(run[0])))
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

    @cached_property
    def _kinds(self) -> tuple[dict[str, str], ...]:
        """Each zone's refusal kinds ("build:tableau"...), made once: refusals are many."""
        prefixes = ("one-at-a-time", "empty", "face-down", "build", "lift", "top", "covered", "run", "receive")
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

    # --- playing a move ------------------------------------------------------------
    def play(self, state: State, move: Move) -> State:
        if move.is_draw:
            return self.after_move(self.settle(self.draw(state)), move)
        i, j = self.index[move.src], self.index[move.dst]
        if move.pair:
            return self.after_move(self.settle(self._play_pair(state, i, j)), move)
        source, target = state.piles[i], state.piles[j]
        run = source.cards[-move.n:]
        rest = source.take(move.n)
        src_role, dst_role = self.zones[i].role, self.zones[j].role
        events = []
        if dst_role == FOUNDATION:
            events.append("to-foundation")
        elif src_role == WASTE:
            events.append("waste-to-tableau")
        elif src_role == FOUNDATION:
            events.append("foundation-to-tableau")
        if self.zones[i].flip and rest.cards and rest.down == len(rest.cards) and not self.zones[i].covered_by:
            rest = rest.flip_top()
            events.append("flip")
        state = state.with_piles({i: rest, j: target.put(run)})
        if src_role == WASTE:
            state = self.count(state, shown=max(state.value("shown") - 1, 1) if rest.cards else 0)
        return self.after_move(self.settle(self.add_score(state, events)), move)

    def _play_pair(self, state: State, i: int, j: int) -> State:
        to = self.index[self.pairs_to]
        pair = (state.piles[i].cards[-1], state.piles[j].cards[-1])
        state = state.with_piles({i: state.piles[i].take(1), j: state.piles[j].take(1)})
        state = state.with_piles({to: state.piles[to].put(pair)})
        if WASTE in (self.zones[i].role, self.zones[j].role):
            state = self.count(state, shown=max(state.value("shown") - 1, 0))
        return state

    def settle(self, state: State) -> State:
        """What the declarations make happen by themselves after every move: complete
        runs go to the foundations that collect them, emptied zones are refilled,
        uncovered face-down cards turn up."""
        for f in self._collectors:
            rule = self.zones[f].collects
            for t in self.role(TABLEAU):
                run = _complete_run(state.piles[t], rule)
                if run and not state.piles[f].cards:
                    rest = state.piles[t].take(len(run))
                    if self.zones[t].flip:
                        rest = rest.flip_top()
                    state = state.with_piles({t: rest, f: Pile(run)})
                    break
        for j, zone in enumerate(self.zones):
            if zone.refill and not state.piles[j].cards:
                k = self.index[zone.refill]
                giver = state.piles[k]
                if giver.cards:
                    rest = giver.take(1)
                    if self.zones[k].flip:
                        rest = rest.flip_top()
                    state = state.with_piles({j: Pile(giver.cards[-1:]), k: rest})
        for j, covering in enumerate(self._covering):
            pile = state.piles[j]
            if covering and self.zones[j].flip and pile.cards and pile.down == len(pile.cards) \
                    and not any(state.piles[c].cards for c in covering):
                state = state.with_piles({j: pile.flip_top()})
        return state

    @cached_property
    def _collectors(self) -> tuple[int, ...]:
        return tuple(i for i, zone in enumerate(self.zones) if zone.collects is not None)

    def after_move(self, state: State, move: Move) -> State:
        """What happens by itself after a move (a game's own automatic plays)."""
        return state

    # --- words -------------------------------------------------------------------
    @cached_property
    def _zone_numbers(self) -> dict[str, tuple[int, bool]]:
        """Each zone's number among the zones of its role, and whether it has company."""
        numbers = {}
        for zone in self.zones:
            same = self.role(zone.role)
            numbers[zone.id] = (same.index(self.index[zone.id]) + 1, len(same) > 1)
        return numbers

    def zone_name(self, zone_id: str) -> str:
        """The declaration's own name, else its role's: "the stock", "Foundation 3", "Column 5"."""
        if zone_id not in self.index:
            return words.some_place()
        number, several = self._zone_numbers[zone_id]
        zone = self.zones[self.index[zone_id]]
        return words.zone(zone.role, number, several, zone.name)

    def place(self, state: State, zone_id: str) -> Place:
        i = self.index.get(zone_id)
        if i is None:
            return Place("", ())
        pile = state.piles[i]
        return Place(self.zones[i].role, pile.cards, pile.down)

    def describe_move(self, state: State, move: Move) -> str:
        if move.pair:
            return words.remove_pair(self.card_name(self.pile(state, move.src).top),
                                     self.card_name(self.pile(state, move.dst).top))
        return super().describe_move(state, move)

    def describe_draw(self, state: State) -> str:
        """Cards turned over from the stock, dealt onto the columns, or the waste turned back."""
        si = self.stock_index
        if si is None:
            return words.no_stock(self.name)
        zone, stock = self.zones[si], state.piles[si]
        if len(zone.targets) > 1:
            return words.deal_one_each(self.zone_name(zone.id))
        if stock.cards:
            return words.turn_over(min(self.draw_count(state), len(stock.cards)))
        return words.turn_back(self.zone_name(zone.deal_to), self.zone_name(zone.id))

    # --- scoring -------------------------------------------------------------
    def scoring(self, state: State) -> Scoring | None:
        if not self.scorings:
            return None
        return self.scorings.get(state.option("scoring"))

    def add_score(self, state: State, events) -> State:
        scoring = self.scoring(state)
        if scoring is None or not events:
            return state
        return state.with_values(score=scoring.add(state.value("score"), events))

    def score(self, state: State) -> int | None:
        return state.value("score") if self.scoring(state) else None

    # --- outcome -------------------------------------------------------------
    @cached_property
    def win_count(self) -> int:
        return len(self.deck)

    # Roles whose zones must all be empty to win (Golf, TriPeaks, Pyramid: the layout);
    # empty: every card on the foundations.
    won_when_empty: tuple[str, ...] = ()

    def on_foundations(self, state: State) -> int:
        return sum(len(state.piles[i].cards) for i in self.role(FOUNDATION))

    def is_won(self, state: State) -> bool:
        if self.won_when_empty:
            return not any(state.piles[i].cards for role in self.won_when_empty for i in self.role(role))
        return self.on_foundations(state) == self.win_count

    def key(self, state: State):
        values = tuple((k, v) for k, v in state.values if k not in COSMETIC)
        if self.stock_index is not None and "redeals" in self.counters and self.redeals_allowed(state) is None:
            values = tuple((k, v) for k, v in values if k != "redeals")
        return state.piles, values


def _complete_run(pile: Pile, rule: Relation) -> tuple:
    """The top King-to-Ace run of ``pile`` following ``rule``, face up, or ()."""
    cards = pile.cards
    if not cards or cards[-1].rank != 1:
        return ()
    length = cards[-1].king
    if len(cards) - pile.down < length:
        return ()
    run = cards[-length:]
    if run[0].rank != run[0].king:
        return ()
    if all(rule(lo, hi) for lo, hi in zip(run, run[1:])):
        return run
    return ()


def supermove(game: PileGame, state: State, src: int, dst: int) -> int:
    """Windows FreeCell's limit on a move of several cards: (empty free cells + 1) x
    2 ^ (empty columns), an empty destination not counted; moving them one by one
    through the free places would take the same cards."""
    cells = sum(1 for i in game.role(CELL) if not state.piles[i].cards)
    columns = sum(1 for i in game.role(TABLEAU) if i != dst and not state.piles[i].cards)
    return (cells + 1) * 2 ** columns
