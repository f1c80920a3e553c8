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
import warnings
from collections import OrderedDict
from typing import Any, Callable

from attrs import evolve

from . import words
from .deals import shuffle
from .game import Game, Place
from .moves import Move
from .options import Choice, resolve
from .pile_advice import PileAdvice, alternate_colour_safe
from .pile_rules import CHECKS, PileRules
from .pile_scene import FLOORS, KEEP_READABLE, MIN_FACE_UP, MIN_STEP, PileScene, squeeze
from .pile_text import BASE_VALUES, PileText
from .refusals import Refusal
from .rules import Relation
from .ruleset import RuleSet, supermove
from .scoring import Scoring
from .state import Pile, State
from .zones import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, CloseUp, Opt, Redeal, Zone

__all__ = ["PileGame", "alternate_colour_safe", "supermove", "squeeze", "FLOORS", "KEEP_READABLE",
           "MIN_FACE_UP", "MIN_STEP", "BASE_VALUES"]

# The effects a game of the first API overrode (``PileGame.__init_subclass__``).
EFFECTS = ("play", "draw", "settle", "after_move", "is_won")

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
        legacy = tuple(name for name in CHECKS + EFFECTS if name in cls.__dict__)
        if legacy:
            cls.first_api_overrides = tuple(dict.fromkeys(cls.first_api_overrides + legacy))
            warnings.warn(
                f"{cls.__module__}.{cls.__qualname__} overrides {', '.join(legacy)}: a game of the first API, "
                "it plays, but is searched on its states, slowly. Declare the rule with a hook instead "
                "(docs/plugins.md, \"Migrating from overrides\").", DeprecationWarning, stacklevel=2)
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

    # The rule checks and effects a game of the first API overrides (``__init_subclass__``
    # warns): where it overrides a check, its moves are asked of its checks one by one.
    first_api_overrides: tuple[str, ...] = ()
    # Cards that may be in play beyond ``deck`` (a wild card standing for another):
    # the rule set's tables cover them too.
    other_cards: tuple = ()
    # A game's own rules beyond what its zones declare, each run by the rule set for the engine
    # and the solver alike, on a ``Position`` ``at`` (cards by zone index), returning None or a
    # ``Refusal``: ``refuse_lift(at, i, n)`` may the top ``n`` cards of zone ``i`` be lifted;
    # ``refuse_drop(at, j, card, n, src)`` may zone ``j`` take ``n`` cards, ``card`` the lowest,
    # from zone ``src`` (-1: none); ``refuse_pair(at, i, j)`` may these two top cards pair.
    refuse_lift: Callable[..., Refusal | None] | None = None
    refuse_drop: Callable[..., Refusal | None] | None = None
    refuse_pair: Callable[..., Refusal | None] | None = None
    # ``permit_drop(at, j, card, n, src)``: asked where the zone's build or empty rule refuses a
    # drop; True lets it through, a ``Refusal`` says why not in the game's own words, None
    # leaves the declared refusal (a wild card placed by a rule of its own).
    permit_drop: Callable[..., Refusal | bool | None] | None = None
    # ``moved(at, i, j, n)``: after ``n`` cards went from zone ``i`` onto ``j`` (``at``: the
    # position then), what else that changes, as {zone index: Pile}, or None (a card that
    # turns into another where it lands, as a wild card may).
    moved: Callable[..., dict | None] | None = None
    # False where no hook reads a card's suit (Salic Law's look at ranks only): the solver
    # then keys cards of one rank alike wherever the tables treat them alike.
    hooks_read_suits: bool = True
    # ``dealt_to(at, card)``: for a stock dealing to no zone of its own (``deal_to=""``), the
    # zone index where a click deals its top card ``card``, decided by the card (Salic Law).
    dealt_to: Callable[..., int] | None = None

    def rule_set(self, state: State) -> RuleSet:
        """The game's rules compiled for ``state``'s options (and what its deal fixes:
        ``build_rule``, ``empty_rule``), once each."""
        return self.compiled(state)[0]

    def compiled(self, state: State) -> tuple[RuleSet, tuple]:
        """The rule set for ``state`` and ``state`` as its position; the last few asked
        are kept, since one state is asked of many times in a row."""
        last = self._compiled_states.get(id(state))
        if last is not None and last[0] is state:
            return last[1], last[2]
        if self._rules_from_state:
            n = range(len(self.zones))
            build = tuple(self.build_rule(state, j) for j in n)
            empty = tuple(self.empty_rule(state, j) for j in n)
            key = state.options, tuple(map(id, build)), tuple(map(id, empty))
        else:
            key = state.options
        rules = self._rule_sets.get(key)
        if rules is None:
            if not self._rules_from_state:
                n = range(len(self.zones))
                build = tuple(self.build_rule(state, j) for j in n)
                empty = tuple(self.empty_rule(state, j) for j in n)
            waste = self.stock_index is not None and len(self.zones[self.stock_index].targets) == 1
            draw = self.draw_count(state) if waste else 1
            redeals = self.redeals_allowed(state) if "redeals" in self.counters else 0  # ``counters`` says who redeals
            rules = self._rule_sets[key] = RuleSet(self, list(build), list(empty), draw, redeals, dict(state.options))
        pos = rules.encode(state)
        self._remember(state, rules, pos)
        return rules, pos

    def _remember(self, state: State, rules: RuleSet, pos: tuple) -> None:
        """Keep ``state``'s position among the last few asked (a search asks of a position
        and of each position one move away, in turn)."""
        recent = self._compiled_states
        recent[id(state)] = (state, rules, pos)
        if len(recent) > 16:
            try:
                recent.popitem(last=False)
            except KeyError:  # another thread made room first
                pass

    @cached_property
    def _compiled_states(self) -> OrderedDict:
        return OrderedDict()

    @cached_property
    def _rule_sets(self) -> dict:
        return {}

    @cached_property
    def _rules_from_state(self) -> bool:
        """Whether the game picks a zone's rule from the state (``build_rule``, ``empty_rule``)
        beyond its options (``rules_from_options``): then each state is asked for them."""
        picks = type(self).build_rule is not PileRules.build_rule or type(self).empty_rule is not PileRules.empty_rule
        return picks and not self.rules_from_options

    # True where ``build_rule`` and ``empty_rule`` read the state's options only (Golf's and
    # TriPeaks' wrap): the rule set is then found by the options alone, not asked of every
    # state. The kit checks the promise (``Line.check_rule_path``).
    rules_from_options: bool = False

    def _decoded(self, state: State, pos: tuple, after: tuple, rules: RuleSet) -> State:
        """``state`` with the piles of position ``after`` that differ from ``pos``'s."""
        decode = rules.decode
        changes = {k: decode(zone) for k, zone in enumerate(after[:-1]) if zone is not pos[k] and zone != pos[k]}
        return state.with_piles(changes) if changes else state

    @cached_property
    def _covering(self) -> tuple[tuple[int, ...], ...]:
        """For each zone, the zones whose cards lie over its own."""
        return tuple(tuple(self.index[c] for c in zone.covered_by) for zone in self.zones)

    @cached_property
    def counters(self) -> tuple[str, ...]:
        """The counters this game keeps, and so writes in its position text: ``redeals``
        where a stock turns a waste back or redeals, ``pulls`` where a card may be pulled
        to the top of its zone, ``score`` where it scores, ``shown`` where a
        fanned waste shows the last draw, and the game's ``extra_values``."""
        used = []
        si = self.stock_index
        if si is not None:
            stock = self.zones[si]
            redealt = len(stock.targets) == 1 and stock.deal_to in self.index or isinstance(stock.action, Redeal)
            if redealt and stock.redeals != 0:
                used.append("redeals")
        if any(zone.pulls for zone in self.zones):
            used.append("pulls")
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
        rules, pos = self.compiled(state)
        after = rules.play(pos, -1, -1, 0)
        drawn = self.add_score(self._decoded(state, pos, after, rules), ["move"] + _runs(rules, pos, after))
        if rules.waste is not None:
            stock = pos[rules.stock]
            if len(stock) > 1:
                drawn = self.count(drawn, shown=min(rules.draw_count, len(stock) - 1))
            else:
                drawn = self.count(drawn, redeals=after[-1], shown=0)
                drawn = self.add_score(drawn, [f"recycle-draw-{rules.draw_count}"])
        elif isinstance(rules.action, Redeal):
            drawn = self.count(drawn, redeals=after[-1])
        self._remember(drawn, rules, after[:-1] + (drawn.value("redeals"),))
        return drawn

    # --- playing a move ------------------------------------------------------------
    def play(self, state: State, move: Move) -> State:
        """A legal move's effect, as the rule set makes it, settled; then the counters
        (the cards the waste shows, the score) and ``after_move``."""
        if move.is_draw:
            drawn = self.draw(state)
            return self.after_move(self.settle(drawn) if self.first_api_overrides else drawn, move)
        rules, pos = self.compiled(state)
        i, j = self.index[move.src], self.index[move.dst]
        roles = rules.roles
        if move.pair:
            after = rules.play(pos, i, j, -1)
            played = self._decoded(state, pos, after, rules)
            if WASTE in (roles[i], roles[j]):
                played = self.count(played, shown=max(played.value("shown") - 1, 0))
            played = self.add_score(played, ["move"])
        elif i == j:  # the merci
            after = rules.play(pos, i, j, move.n)
            played = self.add_score(self.count(self._decoded(state, pos, after, rules),
                                               pulls=state.value("pulls") + 1), ["move"])
        else:
            n = move.n
            after = rules.play(pos, i, j, n)
            played = self._decoded(state, pos, after, rules)
            events = ["move"] + _runs(rules, pos, after)
            if roles[j] == FOUNDATION:
                events.append("to-foundation")
            elif roles[i] == WASTE:
                events.append("waste-to-tableau")
            elif roles[i] == FOUNDATION:
                events.append("foundation-to-tableau")
            rest = len(pos[i]) - 1 - n
            if rules.flip[i] and rest and pos[i][0] >= rest:
                events.append("flip")
            if roles[i] == WASTE:
                played = self.count(played, shown=max(played.value("shown") - 1, 1) if rest else 0)
            played = self.add_score(played, self.scored(state, move, events))
        self._remember(played, rules, after)
        if self.first_api_overrides:  # a draw or after_move of its own may leave something to settle
            played = self.settle(played)
        return self.after_move(played, move)

    def settle(self, state: State) -> State:
        """What the declarations make happen by themselves after every move: complete
        runs go to the foundations that collect them, emptied zones are refilled,
        uncovered face-down cards turn up (the rule set's ``settle``; ``play`` has
        settled already, so this changes a state only where a game's own ``draw`` or
        ``after_move`` left something to settle)."""
        rules, pos = self.compiled(state)
        if not (rules.collectors or rules.refill or rules.uncover):
            return state
        zones = list(pos)
        rules.settle(zones, rules.tableau)
        after = tuple(zones)
        if all(a is b for a, b in zip(after, pos)):
            return state
        settled = self._decoded(state, pos, after, rules)
        self._remember(settled, rules, after)
        return settled

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
        if move.src == move.dst and not move.is_draw and move.src in self.index:
            return words.pull(self.card_name(self.pile(state, move.src).cards[-move.n]), move.n - 1,
                              self.zone_name(move.src))
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
        if isinstance(zone.action, Redeal):
            return words.redeal(zone.action.deal_in)
        if isinstance(zone.action, CloseUp):
            return words.close_up(min(len(stock.cards), sum(1 for i in self.role(zone.action.role)
                                                            if not state.piles[i].cards)))
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

    def scored(self, state: State, move: Move, events: list[str]) -> list[str]:
        """The scoring events of ``move`` from ``state`` (the engine's: "move",
        "to-foundation", "flip"...); a game whose scoring leaves some cards out
        (a wild card that scores nothing) overrides this. The score changes
        nothing that can happen: the solver never reads it."""
        return events

    def add_score(self, state: State, events) -> State:
        scoring = self.scoring(state)
        if scoring is None or not events:
            return state
        score = state.value("score")
        added = scoring.add(score, events)
        return state if added == score else state.with_values(score=added)

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


def _runs(rules: RuleSet, pos: tuple, after: tuple) -> list[str]:
    """A ``run`` scoring event for each run a move collected (Spider's hundred points)."""
    return ["run"] * sum(1 for f in rules.collectors if len(after[f]) > 1 and len(pos[f]) == 1)
