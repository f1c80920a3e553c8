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
from .moves import Move
from .options import Choice, resolve
from .pile_advice import PileAdvice, alternate_colour_safe
from .pile_rules import PileRules
from .pile_scene import FLOORS, KEEP_READABLE, MIN_FACE_UP, MIN_STEP, PileScene, squeeze
from .pile_text import BASE_VALUES, PileText
from .rules import Relation
from .scoring import Scoring
from .state import Pile, State
from .zones import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, Opt, Zone

__all__ = ["PileGame", "alternate_colour_safe", "supermove", "squeeze", "FLOORS", "KEEP_READABLE",
           "MIN_FACE_UP", "MIN_STEP", "BASE_VALUES"]

# Counters that never change what can happen (left out of a position's search key).
COSMETIC = ("score", "shown")


class PileGame(PileRules, PileAdvice, PileText, PileScene, Game):
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
