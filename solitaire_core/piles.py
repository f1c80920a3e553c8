"""PileGame: a game made of declared zones (stock, waste, foundations, tableau).

Legal moves, the stock click, auto-flip, scoring, the position text and the
scene all follow from the zone declarations; a game overrides a method only
for what is truly its own.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any

from . import lookahead, words
from .cards import BLACK, COLOURS, RED, SUITS
from .deals import shuffle
from .errors import NotationError
from .game import Game, Place
from .inputs import quote, shorten
from .moves import DRAW, Move
from .options import resolve
from .scene import CARD_HEIGHT, CardPlacement, Scene, Slot
from .scoring import Scoring
from .state import Pile, State
from .zones import FACES_DOWN, FACES_UP, FOUNDATION, LIFT_NONE, LIFT_RUNS, LIFT_TOP, STOCK, WASTE, Opt, Zone

# A fan squeezed to fit keeps the steps of its top KEEP_READABLE face-up cards
# while the others can shrink: face-down ones to MIN_STEP of their length, and
# face-up ones of a zone that lifts runs only to MIN_FACE_UP of it, so each shows
# a strip a pointer can take it by. Past that every step shrinks alike.
KEEP_READABLE = 4
MIN_STEP = 0.15
MIN_FACE_UP = 0.5
FIT_TOLERANCE = 1e-9  # card units: far below a pixel

# Values every pile game keeps; the ones in COSMETIC never change what can happen.
BASE_VALUES = ("redeals", "score", "shown")
COSMETIC = ("score", "shown")


class PileGame(Game):
    zones: tuple[Zone, ...] = ()
    deck: tuple = ()
    scorings: dict[str, Scoring] = {}
    table: tuple[float, float] | None = None

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

    def pile(self, state: State, zone_id: str) -> Pile:
        return state.piles[self.index[zone_id]]

    def setting(self, state: State, value: Any) -> Any:
        return state.option(value.name) if isinstance(value, Opt) else value

    # --- a new deal ---------------------------------------------------------
    def new(self, deal: int, **options: Any) -> State:
        resolved = resolve(self.options, options)
        layout = self.deal(shuffle(self.shuffled_pack, deal), dict(resolved))
        unknown = set(layout) - set(self.index)
        if unknown:
            raise ValueError(f"deal() named unknown zones {sorted(unknown)}")
        piles = tuple(layout.get(zone.id, Pile()) for zone in self.zones)
        state = State(piles, (), resolved)
        return state.with_values(**self.initial_values(state))

    set_aside: tuple = ()

    @cached_property
    def shuffled_pack(self) -> tuple:
        """The deck in its documented order without ``set_aside``: cards some games
        lay out before the shuffle (the first copy of each, in deck order)."""
        pack = list(self.deck)
        for card in self.set_aside:
            pack.remove(card)
        return tuple(pack)

    def deal(self, cards: list, options: dict) -> dict[str, Pile]:
        """Lay out the shuffled cards: zone id to Pile (``set_aside`` cards too)."""
        raise NotImplementedError

    def initial_values(self, state: State) -> dict[str, int]:
        scoring = self.scoring(state)
        return {"redeals": 0, "score": scoring.start if scoring else 0, "shown": 0}

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
        si = self.stock_index
        if si is None:
            return False
        if state.piles[si].cards:
            return True
        waste = state.piles[self.index[self.zones[si].deal_to]]
        left = self.redeals_left(state)
        return bool(waste.cards) and (left is None or left > 0)

    def draw(self, state: State) -> State:
        """The stock click: deal cards face up to the waste, or turn the waste over."""
        si = self.stock_index
        wi = self.index[self.zones[si].deal_to]
        stock, waste = state.piles[si], state.piles[wi]
        if stock.cards:
            k = min(self.draw_count(state), len(stock.cards))
            dealt = stock.cards[-k:][::-1]
            state = state.with_piles({si: stock.take(k), wi: waste.put(dealt)})
            return state.with_values(shown=k)
        back = Pile(waste.cards[::-1], len(waste.cards))
        state = state.with_piles({si: back, wi: Pile()})
        state = state.with_values(redeals=state.value("redeals") + 1, shown=0)
        return self.add_score(state, [f"recycle-draw-{self.draw_count(state)}"])

    # --- moves ---------------------------------------------------------------
    def lift_counts(self, state: State, i: int) -> range:
        """How many top cards may be lifted from zone ``i`` (1..n)."""
        zone, pile = self.zones[i], state.piles[i]
        cards = pile.cards
        if zone.lift == LIFT_NONE or not cards or pile.down == len(cards):
            return range(0)
        if zone.lift == LIFT_TOP:
            return range(1, 2)
        n = 1
        build = zone.build
        while n < len(cards) - pile.down and build is not None and build(cards[-n - 1], cards[-n]):
            n += 1
        return range(1, n + 1)

    def pickable(self, state: State, zone: str, n: int) -> bool:
        """Face-up cards the zone lets go of: its top card, or any face-up run
        (a run that breaks the build rule lifts too; no move takes it)."""
        i = self.index.get(zone)
        if i is None:
            return False
        lift, pile = self.zones[i].lift, state.piles[i]
        if not 1 <= n <= len(pile.cards) - pile.down:
            return False
        return lift == LIFT_RUNS or (lift == LIFT_TOP and n == 1)

    def can_lift(self, state: State, i: int, n: int) -> bool:
        """A game's own restriction on lifting, beyond the zone's lift rule."""
        return True

    def accepts(self, state: State, j: int, run: tuple, src: int) -> bool:
        zone = self.zones[j]
        if zone.one_at_a_time and len(run) > 1:
            return False
        pile = state.piles[j]
        if not pile.cards:
            return zone.empty is not None and zone.empty(run[0])
        if pile.down == len(pile.cards):
            return False
        return zone.build is not None and zone.build(pile.cards[-1], run[0])

    def legal_moves(self, state: State) -> list[Move]:
        moves = [DRAW] if self.can_draw(state) else []
        piles = state.piles
        zones = self.zones
        for i, targets in enumerate(self._receivers):
            for n in self.lift_counts(state, i):
                if not self.can_lift(state, i, n):
                    continue
                run = piles[i].cards[-n:]
                for j in targets:
                    if self.accepts(state, j, run, i):
                        moves.append(Move(zones[i].id, zones[j].id, n))
        return moves

    def play(self, state: State, move: Move) -> State:
        if move.is_draw:
            return self.after_move(self.draw(state), move)
        i, j = self.index[move.src], self.index[move.dst]
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
        if self.zones[i].flip and rest.cards and rest.down == len(rest.cards):
            rest = rest.flip_top()
            events.append("flip")
        state = state.with_piles({i: rest, j: target.put(run)})
        if src_role == WASTE:
            state = state.with_values(shown=max(state.value("shown") - 1, 1) if rest.cards else 0)
        return self.after_move(self.add_score(state, events), move)

    def after_move(self, state: State, move: Move) -> State:
        """What happens by itself after a move (a game's automatic plays)."""
        return state

    # --- why a move is refused -------------------------------------------------
    # A refusal kind ("build:tableau", "redeal", ...) -> the game's rule number.
    rule_refs: dict[str, str] = {}

    def why_illegal(self, state: State, move: Move) -> str:
        kind, text = self.refusal(state, move)
        ref = self.rule_refs.get(kind)
        return words.with_rule(text, ref) if ref else text

    def refusal(self, state: State, move: Move) -> tuple[str, str]:
        """Why a move that is not legal is refused: a kind and the words (cards and
        zones by name; a face-down card is never named)."""
        name = self.zone_name
        if move.is_draw:
            si = self.stock_index
            if si is None:
                return "draw", words.no_stock(self.name)
            stock = self.zones[si]
            if self.pile(state, stock.deal_to).cards:
                return "redeal", words.no_pass_left(name(stock.id))
            return "draw", words.nothing_to_turn(name(stock.id), name(stock.deal_to))
        for zone_id in (move.src, move.dst):
            if zone_id not in self.index:
                return "zone", f"there is no zone {quote(zone_id)} (zones: {' '.join(self.index)})"
        i, j = self.index[move.src], self.index[move.dst]
        src, dst, source = self.zones[i], self.zones[j], state.piles[i]
        up = len(source.cards) - source.down
        if i == j:
            return "zone", words.own_pile()
        if src.lift == LIFT_NONE:
            return f"lift:{src.role}", words.never_taken(name(src.id))
        if move.n < 1 or not source.cards:
            return f"lift:{src.role}", words.no_card(name(src.id))
        if src.lift == LIFT_TOP and move.n > 1:
            return f"top:{src.role}", words.top_only(name(src.id))
        if move.n > up:
            return f"face-down:{src.role}", words.few_face_up(name(src.id), up)
        if move.n not in self.lift_counts(state, i) or not self.can_lift(state, i, move.n):
            if src.build is None:
                return f"run:{src.role}", words.one_card_from(name(src.id))
            return f"run:{src.role}", words.not_a_run(name(src.id), move.n, src.build.text)
        if j not in self._receivers[i]:
            if src.role == dst.role == FOUNDATION:
                return "foundation-to-foundation", words.foundation_to_foundation()
            return f"receive:{dst.role}", words.never_put(name(dst.id))
        run, target = source.cards[-move.n:], state.piles[j]
        if dst.one_at_a_time and move.n > 1:
            return f"one-at-a-time:{dst.role}", words.one_at_a_time(name(dst.id))
        moving = self.card_name(run[0])
        if not target.cards:
            if dst.empty is None:
                return f"empty:{dst.role}", words.empty_takes_nothing(name(dst.id))
            if not dst.empty(run[0]):
                return f"empty:{dst.role}", words.empty_takes(name(dst.id), dst.empty.text, moving)
        elif target.down == len(target.cards):
            return f"face-down:{dst.role}", words.top_face_down(name(dst.id))
        elif dst.build is None:
            return f"build:{dst.role}", words.builds_on_nothing(moving, name(dst.id))
        elif not dst.build(target.top, run[0]):
            below = self.card_name(target.top)
            return f"build:{dst.role}", words.cannot_go_on(moving, below, name(dst.id), dst.build.text)
        return "rules", words.rules_forbid()

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

    def describe_draw(self, state: State) -> str:
        """Cards turned over from the stock, or the waste turned back into it."""
        si = self.stock_index
        if si is None:
            return words.no_stock(self.name)
        stock = state.piles[si]
        if stock.cards:
            return words.turn_over(min(self.draw_count(state), len(stock.cards)))
        zone = self.zones[si]
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

    def on_foundations(self, state: State) -> int:
        return sum(len(state.piles[i].cards) for i in self.role(FOUNDATION))

    def is_won(self, state: State) -> bool:
        return self.on_foundations(state) == self.win_count

    def key(self, state: State):
        values = tuple((k, v) for k, v in state.values if k not in COSMETIC)
        if self.stock_index is not None and self.redeals_allowed(state) is None:
            values = tuple((k, v) for k, v in values if k != "redeals")
        return state.piles, values

    def progress(self, state: State) -> tuple:
        hidden = sum(state.piles[i].down for i, z in enumerate(self.zones) if z.role != STOCK)
        return (self.on_foundations(state), -hidden)

    def preference(self, state: State, move: Move) -> int:
        if move.is_draw:
            return 10
        i, j = self.index[move.src], self.index[move.dst]
        source, target = state.piles[i], state.piles[j]
        src_role, dst_role = self.zones[i].role, self.zones[j].role
        uncovers = 0 < source.down == len(source.cards) - move.n
        if dst_role == FOUNDATION:
            return 100 if move in self.safe_moves(state) else 60 + 20 * uncovers
        if src_role == FOUNDATION:
            return 1
        if uncovers:
            return 80
        if src_role == WASTE:
            return 40
        if len(source.cards) == move.n and not target.cards:
            return -1  # a whole pile from one empty place to another: pointless
        rest = len(source.cards) - move.n
        build = self.zones[i].build
        if rest > source.down and build is not None and build(source.cards[rest - 1], source.cards[rest]):
            # The run already lies on a card it builds on: moving it helps only
            # when that card can then go up.
            below = (source.cards[rest - 1],)
            return 30 if any(self.accepts(state, f, below, i) for f in self.role(FOUNDATION)) else -1
        return 20 if target.cards else 5

    # --- automatic play ----------------------------------------------------------
    def is_safe(self, state: State, card) -> bool:
        """Whether sending ``card`` to a foundation can never hurt; games opt in."""
        return False

    def safe_moves(self, state: State) -> list[Move]:
        """Safe cards going up; from the waste only when one card is drawn at a
        time, since taking a card out of a multi-card draw shifts later draws."""
        found = self.role(FOUNDATION)
        result = []
        for move in self.legal_moves(state):
            if move.is_draw or self.index[move.dst] not in found or self.index[move.src] in found:
                continue
            if self.zones[self.index[move.src]].role == WASTE and self.draw_count(state) > 1:
                continue
            if self.is_safe(state, self.pile(state, move.src).top):
                result.append(move)
        return result

    finish_search_limit: int = 300  # positions; timed in benchmarks/lookahead.py

    def finish_moves(self, state: State) -> list[Move] | None:
        """When every card in play is face up and the stock is empty, the moves that
        win, if any line does: every card is known, so a small exhaustive search
        (``lookahead``, ``finish_search_limit`` positions) decides, trying cards
        going up first, then the stock click (turning the waste over), then cards
        from the waste, then the rest. None when the search finds no win in time.
        """
        if self.hidden_in_play(state) or (self.stock_index is not None and state.piles[self.stock_index].cards):
            return None
        return lookahead.winning_line(self, state, set(), self.finish_search_limit, self._finish_order) or None

    def hidden_in_play(self, state: State) -> int:
        """Face-down cards outside the stock that can still come into play: those of
        zones that turn an uncovered card up. A card set face down elsewhere is out
        of the game (Solitarot's discarded Excuse)."""
        return sum(pile.down for zone, pile in zip(self.zones, state.piles) if zone.flip)

    def _finish_order(self, state: State, moves) -> list[Move]:
        found, waste = self.role(FOUNDATION), self.role(WASTE)

        def rank(move):
            if move.is_draw:
                return 1
            src, dst = self.index[move.src], self.index[move.dst]
            return 0 if dst in found and src not in found else 2 if src in waste else 3
        return sorted(moves, key=rank)

    # --- position text -------------------------------------------------------
    def format_position(self, state: State) -> str:
        lines = [f"# {self.name}"]
        lines += [f"@{name} {value}" for name, value in state.options]
        lines += [f"@{name} {value}" for name, value in state.values]
        for zone, pile in zip(self.zones, state.piles):
            codes = [
                f"({self.format_card(c)})" if k < pile.down else self.format_card(c)
                for k, c in enumerate(pile.cards)
            ]
            lines.append(f"{zone.id}: {' '.join(codes)}".rstrip())
        return "\n".join(lines) + "\n"

    def parse_position(self, text: str, **options: Any) -> State:
        given = dict(options)
        from_text: dict[str, str] = {}
        values: dict[str, int] = {}
        piles: dict[str, Pile] = {}
        option_names = {o.name for o in self.options}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("@"):
                name, _, value = line[1:].partition(" ")
                value = value.strip()
                if name in option_names:
                    from_text[name] = value
                elif name in BASE_VALUES or name in self.extra_values:
                    try:
                        values[name] = int(value)
                    except ValueError:
                        raise NotationError(f"line {number}: @{name} needs a whole number, not {quote(value)}") from None
                else:
                    raise NotationError(f"line {number}: unknown setting @{shorten(name)}")
                continue
            zone_id, sep, rest = line.partition(":")
            zone_id = zone_id.strip()
            if not sep or zone_id not in self.index:
                raise NotationError(f"line {number}: expected 'zone: cards', with a zone of {self.name}")
            if zone_id in piles:
                raise NotationError(f"line {number}: zone {zone_id} is listed twice")
            piles[zone_id] = self._parse_pile(rest.split(), number)
        for name, value in from_text.items():
            asked = given.get(name)
            if name in given and (not isinstance(asked, (str, int, float)) or str(asked) != value):
                shown = shorten(str(asked)) if isinstance(asked, (str, int, float)) else quote(asked)
                raise NotationError(f"option {name} is {shorten(value)} in the text but {shown} was asked")
            given.setdefault(name, value)
        missing = [z.id for z in self.zones if z.id not in piles]
        if missing:
            raise NotationError(f"zone {missing[0]} is missing (list empty zones as '{missing[0]}:')")
        state = State(tuple(piles[z.id] for z in self.zones), (), resolve(self.options, given))
        state = state.with_values(**{**self.initial_values(state), **values})
        self.check_faces(state)
        self.check_cards(state)
        return state

    def check_faces(self, state: State) -> None:
        """No card lies the other way up from how its zone holds every card (``Zone.faces``):
        a stock is all face down, a waste and a foundation all face up."""
        for zone, pile in zip(self.zones, state.piles):
            if zone.faces == FACES_DOWN and pile.down < len(pile.cards):
                code = self.format_card(pile.cards[pile.down])
                raise NotationError(f"zone {zone.id}: {code} lies face up, but every card of "
                                    f"{self.zone_name(zone.id)} lies face down (write ({code}))")
            if zone.faces == FACES_UP and pile.down:
                code = self.format_card(pile.cards[0])
                raise NotationError(f"zone {zone.id}: ({code}) lies face down, but every card of "
                                    f"{self.zone_name(zone.id)} lies face up (write {code})")

    extra_values: tuple[str, ...] = ()

    def _parse_pile(self, tokens: list[str], number: int) -> Pile:
        cards, down = [], 0
        for token in tokens:
            if token.startswith("(") and token.endswith(")"):
                if down != len(cards):
                    raise NotationError(f"line {number}: face-down {shorten(token)} lies on a face-up card")
                cards.append(self.parse_card(token[1:-1]))
                down += 1
            else:
                cards.append(self.parse_card(token))
        return Pile(tuple(cards), down)

    def check_cards(self, state: State) -> None:
        """A position must hold exactly the game's cards."""
        have = Counter(self.identity(c) for p in state.piles for c in p.cards)
        want = Counter(self.identity(c) for c in self.deck)
        extra, missing = have - want, want - have
        if extra:
            card = next(iter(extra))
            raise NotationError(f"card {card.code} is there more often than the pack holds")
        if missing:
            raise NotationError(f"card {next(iter(missing)).code} is missing")

    def identity(self, card):
        """A card as the pack knows it (a wild card without what it stands for)."""
        return card

    # --- scene ---------------------------------------------------------------
    def table_size(self) -> tuple[float, float]:
        """The table with room for long fans (13 cards fanned unless ``table`` says)."""
        if self.table:
            return self.table
        width = max(z.at[0] for z in self.zones) + 1.0
        height = max(z.at[1] for z in self.zones) + CARD_HEIGHT + 13 * 0.3
        return width, height

    def least_height(self) -> float:
        """The height the downward fans can give way to: each keeps room for
        ``KEEP_READABLE`` full steps (the rest squeeze). In a room lower than this
        the table draws the cards smaller instead."""
        least = 0.0
        for zone in self.zones:
            bottom = zone.at[1] + CARD_HEIGHT
            if zone.fan[1] > 0 and zone.room is None:
                bottom += KEEP_READABLE * zone.fan[1]
            least = max(least, bottom)
        return min(self.table_size()[1], least)

    def scene_size(self, room: tuple[float, float] | None) -> tuple[float, float]:
        """``table_size``, its height fitted to ``room`` between ``least_height`` and itself."""
        width, height = self.table_size()
        if room is not None:
            height = min(height, max(self.least_height(), room[1]))
        return width, height

    def slot_label(self, state: State, zone: Zone) -> str:
        """A zone's declared label; the stock's says what a click on it can still do."""
        if zone.role != STOCK:
            return words.label(zone.label)
        left = self.redeals_left(state)
        return "\u21bb" if left is None else words.redeals_left(left)

    def status(self, state: State) -> list[tuple[str, str]]:
        figures = super().status(state)
        if self.stock_index is not None:
            left = self.redeals_left(state)
            figures.append((words.redeals_label(), words.unlimited() if left is None else str(left)))
        return figures

    def fan_offsets(self, state: State, i: int, extent: float) -> list[tuple[float, float]]:
        """Offsets of each card of zone ``i``, squeezed to fit ``extent`` along the fan."""
        zone, pile = self.zones[i], state.piles[i]
        n = len(pile.cards)
        if zone.role == WASTE:
            shown = min(state.value("shown"), n)
            steps = [zone.fan if k > n - shown else (0.0, 0.0) for k in range(n)]
        else:
            steps = [(0.0, 0.0) if k == 0 else zone.down_fan if k <= pile.down else zone.fan
                     for k in range(n)]
        # Face-down cards give way first, then the face-up ones below the top few.
        ranks = [0 if k <= pile.down else 2 if k >= n - KEEP_READABLE else 1 for k in range(n)]
        floors = FLOORS if zone.lift == LIFT_RUNS else None  # only where a card under the top can be taken
        scales = squeeze([abs(dx) + abs(dy) for dx, dy in steps], ranks, extent, floors)
        offsets, x, y = [], 0.0, 0.0
        for (dx, dy), scale in zip(steps, scales):
            x, y = x + dx * scale, y + dy * scale
            offsets.append((x, y))
        return offsets

    def scene(self, state: State, room: tuple[float, float] | None = None) -> Scene:
        """The zones where they lie; the downward fans fill the height ``room`` gives."""
        width, height = self.scene_size(room)
        slots, placed = [], []
        z = 0
        for i, zone in enumerate(self.zones):
            x0, y0 = zone.at
            slots.append(Slot(zone.id, x0, y0, label=self.slot_label(state, zone), role=zone.role))
            pile = state.piles[i]
            dx, dy = zone.fan
            if zone.room is not None:
                extent = zone.room
            elif dy:
                extent = height - y0 - CARD_HEIGHT
            else:
                extent = width - x0 - 1.0 if dx else 0.0
            for k, (ox, oy) in enumerate(self.fan_offsets(state, i, extent)):
                card = pile.cards[k]
                placed.append(CardPlacement(card, self.format_card(card), x0 + ox, y0 + oy,
                                            k >= pile.down, z, zone.id, k, face=self.face(card)))
                z += 1
        return Scene(width, height, tuple(placed), tuple(slots))


FLOORS = {0: MIN_STEP, 1: MIN_FACE_UP, 2: MIN_FACE_UP}  # the least scale of each rank of fan_offsets


def squeeze(lengths: list[float], ranks: list[int], extent: float, floors: dict | None = None) -> list[float]:
    """A scale per step so the steps fit in ``extent``.

    Steps of the lowest rank shrink first, down to their rank's floor (``floors``,
    ``MIN_STEP`` by default) of their length, then those of the next rank; if even
    that is too long, all shrink alike. An ``extent`` of 0 or less means no limit.
    """
    scales = [1.0] * len(lengths)
    for rank in sorted(set(ranks)):
        excess = sum(l * s for l, s in zip(lengths, scales)) - extent
        if extent <= 0 or excess <= FIT_TOLERANCE:  # rounding left by the rank before
            return scales
        full = sum(l for l, r in zip(lengths, ranks) if r == rank)
        if full > 0:
            floor = (floors or {}).get(rank, MIN_STEP)
            scale = 1.0 - min(excess, full * (1.0 - floor)) / full
            scales = [scale if r == rank else s for r, s in zip(ranks, scales)]
    total = sum(l * s for l, s in zip(lengths, scales))
    if extent > 0 and total > extent:
        scales = [s * extent / total for s in scales]
    return scales


def alternate_colour_safe(state: State, game: PileGame, card) -> bool:
    """Safe to send up in a game built down in alternating colours.

    An Ace or 2 always is; a higher card is when both cards of the other
    colour one rank lower are already up, so no card of the tableau can still
    need it as a place to land. Where foundation cards may come back, one of
    those could come back onto it to hold a card of its colour two lower, so
    those must be up too.
    """
    if card.suit not in SUITS:
        return False
    if card.rank <= 2:
        return True
    highest = {suit: 0 for suit in SUITS}
    for i in game.role(FOUNDATION):
        top = state.piles[i].top
        if top is not None and top.suit in highest:
            highest[top.suit] = max(highest[top.suit], top.rank)
    other = BLACK if card.colour == RED else RED
    if not all(highest[s] >= card.rank - 1 for s in SUITS if COLOURS[s] == other):
        return False
    if all(game.zones[i].lift == LIFT_NONE for i in game.role(FOUNDATION)):
        return True
    return all(highest[s] >= card.rank - 2 for s in SUITS if COLOURS[s] == card.colour)
