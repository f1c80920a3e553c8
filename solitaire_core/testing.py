"""The conformance kit: the promises of docs/architecture.md, checked against any game.

A plugin author runs it from their own tests::

    from solitaire_core.testing import check_game

    def test_my_game_conforms():
        check_game(MyGame())

``check_game`` lets hypothesis pick deals, option sets and lines of random
legal play (and shrink a failure to a short line), then ``check_line`` checks
at every step: the cards in the scene are exactly the cards dealt, every
legal move applies and its text parses back to it, the position text round
trips, apply never changes its input, states hash, made-up moves raise
``IllegalMove`` with a reason in words, every legal move, zone, cursor spot,
slot label, card note and status figure has words with no notation that give
away no face-down card, the scene
fits the table (its own size and laid out for a short, a narrow and a
generous room), and ``is_won``/``is_stuck`` answer
booleans that agree with each other. A broken promise raises
``ConformanceError`` naming the game, deal, options and moves that show it.
Needs hypothesis (the project's test extra).
"""

from __future__ import annotations

import copy
import math
import random
import re
from collections import Counter
from contextlib import contextmanager
from typing import Any, Callable

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .cards import Card
from . import endings
from .deals import MAX_DEAL
from .errors import IllegalMove, OptionError
from .moves import DRAW, Move
from .scene import scene_for
from .solver.agreement import check_solver  # noqa: F401  (the kit's check of a solver model)
from .state import Pile

EPSILON = 1e-6
QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example,
         HealthCheck.nested_given, HealthCheck.function_scoped_fixture]


class ConformanceError(AssertionError):
    """A promise the game breaks; the message says where to see it."""


def play_texts(game, state, *moves: str):
    """Apply moves written in notation, through the rules (IllegalMove if one breaks them)."""
    for text in moves:
        state = game.apply(state, game.parse_move(state, text))
    return state


def legal_texts(game, state) -> set[str]:
    """Every legal move of ``state``, in the game's notation: handy in rule tests."""
    return {game.format_move(m) for m in game.legal_moves(state)}


def arrange(game, hidden_in: str, options: str = "", *, face_up: bool = False, **zones: str):
    """A hand-built position of a pile game, read by ``parse_position`` (so no card is
    lost or doubled): the zones named as position text (``t1="(9H) KS QH"``), the
    others empty, and every card of the deck not named, in the deck's order, at the
    bottom of ``hidden_in``: face down, or face up with ``face_up`` (under a waste's or
    a discard pile's top card, where no rule looks). ``options``: ``@`` lines of the
    position text, options and counters (``"@draw 3"``, ``"@redeals 1"``)."""
    named = Counter(game.parse_card(code.strip("()")) for text in zones.values() for code in text.split())
    under = []
    for card in game.deck:  # a copy the zones name is skipped, every other copy goes under
        if named[card] > 0:
            named[card] -= 1
        else:
            code = game.format_card(card)
            under.append(code if face_up else f"({code})")
    zones[hidden_in] = " ".join(under + [zones.get(hidden_in, "")]).strip()
    lines = [f"{zone.id}: {zones.pop(zone.id, '')}".rstrip() for zone in game.zones]
    assert not zones, f"unknown zones {sorted(zones)}"
    return game.parse_position("\n".join([options] + lines).strip())


def run_text(suit: str, low: int = 1, high: int = 13) -> str:
    """A run of one suit bottom to top, rank ``high`` down to ``low``: ``run_text("S", 12)``
    is "KS QS"."""
    return " ".join(Card(rank, suit).code for rank in range(high, low - 1, -1))


def arrange_collected(game, options: dict | None = None, hidden_in: str = "", score: int | None = None,
                      **zones: str):
    """A hand-built position of a game whose foundations collect complete runs (Spider,
    Scorpion): the zones named as position text, each foundation not named holding a
    King-to-Ace run of one suit for as long as the cards left make one, and what is
    still left face down at the bottom of ``hidden_in``. ``options`` as ``new`` takes them."""
    resolved = dict(game.new(0, **(options or {})).options)
    rest = Counter(game.cards_for(resolved))
    for text in zones.values():
        rest -= Counter(game.parse_card(code.strip("()")) for code in text.split())
    for zone in game.zones:
        if zone.collects is None or zone.id in zones:
            continue
        for suit in sorted({card.suit for card in rest}, reverse=True):
            run = Counter(game.parse_card(code) for code in run_text(suit).split())
            if not run - rest:
                zones[zone.id], rest = run_text(suit), rest - run
                break
    if rest:
        assert hidden_in, f"cards left over: {sorted(card.code for card in rest.elements())}"
        zones[hidden_in] = " ".join([f"({card.code})" for card in rest.elements()] + [zones.get(hidden_in, "")])
    lines = [f"@{name} {value}" for name, value in resolved.items()]
    lines += [f"@score {score}"] if score is not None else []
    lines += [f"{zone.id}: {zones.pop(zone.id, '')}".rstrip() for zone in game.zones]
    assert not zones, f"unknown zones {sorted(zones)}"
    return game.parse_position("\n".join(lines))


def reachable_win(game, state, limit: int | None = None) -> bool:
    """Whether any line of legal moves wins, by plain exhaustive search: an oracle
    independent of the solver and its prunings, for small positions in tests.
    Past ``limit`` positions it fails rather than guess."""
    seen, todo = {game.key(state)}, [state]
    while todo:
        current = todo.pop()
        if game.is_won(current):
            return True
        for move in game.legal_moves(current):
            after = game.play(current, move)
            if game.key(after) not in seen:
                seen.add(game.key(after))
                todo.append(after)
        if limit is not None and len(seen) >= limit:
            raise AssertionError(f"more than {limit} positions: too large for an exhaustive search")
    return False


def greedy_line(game, state) -> list:
    """The line the heuristic plays from ``state``: the move ``preference`` likes best
    (the first of equals), draws included, as (position, move) pairs, until it is won,
    only pointless moves are left or the next position was seen before. The position
    after the last pair is where such play ends (blocked, more often than not)."""
    seen, line = {game.key(state)}, []
    while not game.is_won(state):
        best = max(game.legal_moves(state), key=lambda m: game.preference(state, m), default=None)
        if best is None or game.preference(state, best) < 0:
            break
        after = game.play(state, best)
        if game.key(after) in seen:
            break
        line.append((state, best))
        state = after
        seen.add(game.key(state))
    return line


def check_game(game, *, examples: int = 10, steps: int = 40) -> None:
    """Every check of this module, on ``examples`` random lines of up to ``steps`` moves."""
    check_declaration(game)
    check_catalogs(game)

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=QUIET)
    @given(deal=st.integers(0, MAX_DEAL), options=option_sets(game), rnd=st.randoms(use_true_random=False),
           data=st.data())
    def run(deal, options, rnd, data):
        check_line(game, deal, options, steps,
                   choose=lambda count: data.draw(st.integers(0, count - 1), label="move"), rnd=rnd)

    run()


def check_catalogs(game, languages=("fr",)) -> None:
    """The game's own catalog in each of ``languages``, where its package ships one, is
    complete (``solitaire_core.catalogs``): every marked text of the package translated,
    its fields kept, the compiled file up to date. A game with no catalog speaks English."""
    from . import catalogs, i18n, registry

    package = registry.package_of(type(game).__module__)
    folder = i18n.locale_dir(package)
    if folder is None:
        return
    for language in languages:
        if catalogs.catalog_path(folder.parent, language).is_file():
            found = catalogs.problems(folder.parent, [folder.parent], language)
            _require(not found, f"game {game.id!r}: its {language} catalog is incomplete:\n" + "\n".join(found))


def option_sets(game) -> st.SearchStrategy[dict]:
    """Every combination of the game's declared option values."""
    return st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in game.options})


def check_declaration(game) -> None:
    """Id, name, options and rules as docs/architecture.md asks; bad options refused."""
    where = f"game {game.id!r}"
    _require(isinstance(game.id, str) and game.id == game.id.lower() and " " not in game.id and game.id,
             f"{where}: the id must be a short lowercase word")
    _require(isinstance(game.name, str) and game.name.strip(), f"{where}: the name is empty")
    for option in game.options:
        _require(option.default in option.values, f"{where}: option {option.name} defaults to a value it does not allow")
    rules = game.rules
    _require(isinstance(rules, str) and rules.strip(), f"{where}: game.rules is empty")
    for bad in [{"no-such-option": "1"}] + [{o.name: "no-such-value"} for o in game.options]:
        try:
            game.new(0, **bad)
        except OptionError:
            continue
        raise ConformanceError(f"{where}: new(0, **{bad}) should raise OptionError")


def check_line(game, deal: int, options: dict[str, Any], steps: int = 40,
               choose: Callable[[int], int] = lambda count: 0, rnd: random.Random | None = None):
    """Play up to ``steps`` legal moves from deal ``deal``, checking every step.

    ``choose(count)`` picks the index of the next move among ``count`` legal
    ones; ``rnd`` picks the made-up moves that must be refused. Returns the
    last state.
    """
    line = Line(game, deal, options)
    rnd = rnd or random.Random(deal)
    with line.context():
        state = game.new(deal, **options)
        again = game.new(deal, **options)
        line.require(state == again and hash(state) == hash(again), "the same deal and options give different states")
        dealt = line.scene_cards(state)
        cards_for = getattr(game, "cards_for", None)  # a pile game's cards for these options, else its deck
        deck = cards_for(dict(state.options)) if cards_for else getattr(game, "deck", None)
        if deck:
            line.require(dealt == Counter(line.identity(c) for c in deck), "the deal does not hold exactly the game's deck")
        for _ in range(steps):
            moves = line.check_state(state, dealt)
            if not moves:
                break
            line.check_moves(state, moves, rnd)
            line.check_words(state, moves, rnd)
            line.check_refused(state, moves, rnd)
            line.check_rule_path(state, moves)
            move = moves[choose(len(moves))]
            state = game.apply(state, move)
            line.moves.append(game.format_move(move))
        line.check_state(state, dealt, last=True)
    return state


class Line:
    """One line of play being checked, and what to say when a check fails."""

    def __init__(self, game, deal: int, options: dict[str, Any]):
        self.game = game
        self.deal = deal
        self.options = options
        self.moves: list[str] = []
        self.zones: list[str] = []
        self.identity = getattr(game, "identity", lambda card: card)

    def require(self, ok: Any, problem: str) -> None:
        if not ok:
            opts = "".join(f" -o {k}={v}" for k, v in self.options.items())
            raise ConformanceError(f"{self.game.id} --deal {self.deal}{opts} after {len(self.moves)} moves "
                                   f"--moves \"{' '.join(self.moves)}\": {problem}")

    @contextmanager
    def context(self):
        """Any unexpected exception becomes a ConformanceError saying where it happened."""
        try:
            yield
        except ConformanceError:
            raise
        except Exception as exc:
            self.require(False, f"{type(exc).__name__}: {exc}")

    def check_state(self, state, dealt: Counter, last: bool = False) -> list:
        """Hash, position text, scene and outcome of one state; returns its legal moves."""
        game = self.game
        hash(state)
        self.require(self.scene_cards(state) == dealt, "the scene does not show exactly the cards dealt")
        text = game.format_position(state)
        back = game.parse_position(text, **self.options)
        self.require(back == state and hash(back) == hash(state),
                     f"the position text does not parse back to the same state:\n{text}")
        self.require(game.format_position(back) == text, "the position text changes on a second round trip")
        won = game.is_won(state)
        self.require(isinstance(won, bool), "is_won must answer a boolean")
        score = game.score(state)
        self.require(score is None or isinstance(score, int), f"score {score!r} is neither a whole number nor None")
        moves = list(game.legal_moves(state))
        self.require(len(set(moves)) == len(moves), "legal_moves lists a move twice")
        if not moves or last:  # is_stuck may search: asked where its answer is known or at the end
            stuck = game.is_stuck(state)
            self.require(isinstance(stuck, bool), "is_stuck must answer a boolean")
            self.require(not (won and stuck), "a won game is not stuck")
            self.require(moves or won or stuck, "no legal move is left, yet the game is neither won nor stuck")
        return moves

    def scene_cards(self, state) -> Counter:
        """The cards the scene places, once each, within the table; the same for
        the scenes laid out for other rooms, none larger than its own size, and
        one given at least that size fitting in it."""
        natural = self.game.scene(state)
        cards = self.placed_cards(natural)
        width, height = natural.width, natural.height
        for room in ((width, height / 2), (width / 2, height / 2), (width * 2, height * 2)):
            scene = scene_for(self.game, state, room)
            where = f"the scene for a room of {room[0]:g}x{room[1]:g}"
            self.require(self.placed_cards(scene, where) == cards, f"{where} shows other cards than the scene")
            self.require(scene.width <= width + EPSILON and scene.height <= height + EPSILON,
                         f"{where} is {scene.width}x{scene.height}, larger than the scene's {width}x{height}")
            if room[0] >= width and room[1] >= height:
                self.require(scene.width <= room[0] + EPSILON and scene.height <= room[1] + EPSILON,
                             f"{where} is {scene.width}x{scene.height}: it does not fit")
        self.zones = [s.zone for s in natural.slots]
        return cards

    def placed_cards(self, scene, where: str = "the scene") -> Counter:
        """The cards ``scene`` places, once each, within its table."""
        spots = Counter((p.zone, p.index) for p in scene.cards)
        self.require(all(n == 1 for n in spots.values()), f"two cards of {where} share a zone and index")
        for p in scene.cards:
            self.require(_inside(scene, p.x, p.y, 1.0, scene.card_height, p.rotation),
                         f"card {p.code} at ({p.x:.2f}, {p.y:.2f}) lies outside the {scene.width}x{scene.height} "
                         f"table of {where}")
        for s in scene.slots:
            self.require(_inside(scene, s.x, s.y, s.width, s.height, s.rotation),
                         f"the slot of {s.zone} lies outside the {scene.width}x{scene.height} table of {where}")
        return Counter(self.identity(p.card) for p in scene.cards)

    def check_moves(self, state, moves: list, rnd: random.Random, applies: int = 6) -> None:
        """Every legal move's text parses back; ``applies`` of them (a random pick: apply
        costs a move generation) apply; the state is left untouched."""
        game = self.game
        before, code = copy.deepcopy(state), hash(state)
        for move in moves:
            text = game.format_move(move)
            try:
                parsed = game.parse_move(state, text)
            except Exception as exc:
                self.require(False, f"move text {text!r} does not parse back to {move!r}: {exc}")
            self.require(parsed == move, f"move text {text!r} does not parse back to {move!r}")
        for move in rnd.sample(moves, min(applies, len(moves))):
            try:
                hash(game.apply(state, move))
            except Exception as exc:
                self.require(False, f"legal move {game.format_move(move)} does not apply: {exc!r}")
        self.require(state == before and hash(state) == code, "apply changed the state it was given")

    def check_words(self, state, moves: list, rnd: random.Random, spots: int = 3) -> None:
        """Every legal move has a sentence and every zone a name, in words (no zone id,
        card code or move text); so does the cursor on ``spots`` zones (a random pick:
        a plain Game reads them from its scene). None changes when the face-down cards
        lie in another order: words never give a hidden card away."""
        game, notation, masked = self.game, Notation(self.game, state, moves), face_down_reordered(state)
        for move in moves:
            text = game.describe_move(state, move)
            what = f"the sentence of {game.format_move(move)}"
            self.require_words(notation, text, what)
            self.require(masked is None or game.describe_move(masked, move) == text,
                         f"{what} ({text!r}) changes with the order of the face-down cards")
        for zone in notation.zones:
            self.require_words(notation, game.zone_name(zone), f"the name of zone {zone}")
        for zone in rnd.sample(notation.zones, min(spots, len(notation.zones))):
            text = game.describe_spot(state, zone, notation.tops.get(zone))
            self.require_words(notation, text, f"the cursor on {zone}")
            self.require(masked is None or game.describe_spot(masked, zone, notation.tops.get(zone)) == text,
                         f"the cursor on {zone} ({text!r}) changes with the order of the face-down cards")
        self.check_table_words(state, notation, masked)

    def check_table_words(self, state, notation: "Notation", masked) -> None:
        """The texts the table shows beside the cards: slot labels, the bands on faces
        (what a wild card stands for) and the status bar's figures, each name and value, are words
        (a label may be empty or a one-letter index such as "K"), the same whatever
        order the face-down cards lie in."""
        game = self.game
        for slot in notation.scene.slots:
            if slot.label:
                self.require_words(notation, slot.label, f"the label of zone {slot.zone}")
        for placed in notation.scene.cards:
            for band in getattr(placed.face, "bands", ()) if placed.face_up else ():
                self.require_words(notation, band.text, f"the band on {placed.code}")
        figures = game.status(state)
        self.require(isinstance(figures, list) and all(isinstance(f, tuple) and len(f) == 2 for f in figures),
                     f"status() gives {figures!r}, not a list of (name, value) pairs")
        for name, value in figures:
            self.require_words(notation, name, "the name of a status figure")
            self.require_words(notation, value, f"the status figure {name!r}")
        labels = [slot.label for slot in notation.scene.slots]
        self.require(masked is None or (game.status(masked) == figures
                                        and [s.label for s in game.scene(masked).slots] == labels),
                     "the status bar or a slot label changes with the order of the face-down cards")

    def require_words(self, notation: "Notation", text: Any, what: str) -> None:
        self.require(isinstance(text, str) and text.strip(), f"{what} is empty")
        found = notation.find(text)
        self.require(found is None, f"{what} ({text!r}) shows notation: {found!r}")

    def check_rule_path(self, state, moves: list, sample: int = 40) -> None:
        """One rule path: every move ``legal_moves`` lists is one ``check`` lets through,
        and every other candidate of a pile game (the stock click, each run of up to one
        card more than lie face up from each zone to each other, each card under others
        pulled to the top of its zone, each pair), ``sample`` of
        them at random a position, is refused with words. A hook or an override that the
        move list and the check read apart fails here."""
        game = self.game
        check = getattr(game, "check", None)
        zones = getattr(game, "zones", None)
        if check is None or not zones:
            return
        legal = set(moves)
        if getattr(game, "rules_from_options", False):
            rules = game.rule_set(state)
            for j in range(len(zones)):
                self.require(rules.build[j] == rules._table(game.build_rule(state, j))
                             and rules.empty[j] == rules._takes(game.empty_rule(state, j)),
                             f"rules_from_options, yet zone {zones[j].id}'s rule here is not its options' rule")
        for move in moves:
            refusal = check(state, move)
            self.require(refusal is None, f"legal_moves lists {game.format_move(move)}, which the rules refuse: "
                                          f"{refusal.text if refusal else ''}")
        candidates = [DRAW]
        for i, pile in enumerate(state.piles):
            for n in range(1, min(len(pile.cards), len(pile.cards) - pile.down + 1) + 1):
                candidates += [Move(zones[i].id, zone.id, n) for zone in zones if zone.id != zones[i].id or n > 1]
        if getattr(game, "pairs", None) is not None:
            candidates += [Move(a.id, b.id, 1, pair=True) for a in zones for b in zones if a.id != b.id]
        left_out = [move for move in candidates if move not in legal]
        rnd = random.Random(self.deal * 1009 + len(self.moves))  # its own: no draw from the test's data
        for move in rnd.sample(left_out, min(sample, len(left_out))):
            refusal = check(state, move)
            self.require(refusal is not None, f"{game.format_move(move)} passes the rules, yet legal_moves "
                                              "leaves it out")
            self.require(refusal.text.strip(), f"the refusal of {game.format_move(move)} has no words")

    def check_refused(self, state, moves: list, rnd: random.Random, tries: int = 3) -> None:
        """Made-up moves (a legal one reversed, random zone pairs) raise IllegalMove
        with a reason in words."""
        if not all(isinstance(m, Move) for m in moves):
            return  # a game with its own move type makes up its own bad moves
        zones = self.zones  # of the scene of this state, drawn by check_state
        made_up = [Move(m.dst, m.src, m.n) for m in moves if not m.is_draw]
        made_up += [Move(*rnd.sample(zones, 2)) for _ in range(tries)] if len(zones) > 1 else []
        legal = set(moves)
        notation = None
        for move in rnd.sample(made_up, min(tries, len(made_up))):
            if move in legal:
                continue
            try:
                self.game.apply(state, move)
            except IllegalMove as exc:
                self.require(exc.reason, f"IllegalMove for {move} gives no reason")
                notation = notation or Notation(self.game, state, moves)
                self.require_words(notation, exc.reason, f"the refusal of {move}")
                masked = face_down_reordered(state)
                self.require(masked is None or self.game.why_illegal(masked, move) == exc.reason,
                             f"the refusal of {move} ({exc.reason!r}) changes with the order of the face-down cards")
            except Exception as exc:
                self.require(False, f"made-up move {move} raised {exc!r} instead of IllegalMove")
            else:
                self.require(False, f"move {move} is not legal, yet apply accepted it")


def face_down_reordered(state):
    """``state`` with each pile's face-down cards in reverse order, or None (no piles,
    or no pile with two face-down cards): what a player sees is the same."""
    piles = getattr(state, "piles", None)
    if not piles or not all(isinstance(p, Pile) for p in piles):
        return None
    reordered = tuple(Pile(p.cards[:p.down][::-1] + p.cards[p.down:], p.down) for p in piles)
    return None if reordered == piles else attrs.evolve(state, piles=reordered)


class Notation:
    """What a player's text must not show in a position: zone ids and card codes (a
    plain word such as ``stock`` or a one-letter code is a word too) and move texts."""

    def __init__(self, game, state, moves=None):
        self.scene = scene = game.scene(state)
        moves = game.legal_moves(state) if moves is None else moves
        self.zones = list(dict.fromkeys([s.zone for s in scene.slots] + [p.zone for p in scene.cards]))
        self.tops: dict[str, int] = {}
        for p in scene.cards:
            self.tops[p.zone] = max(self.tops.get(p.zone, 0), p.index)
        tokens = sorted({z for z in self.zones if not z.isalpha()}
                        | {p.code for p in scene.cards if len(p.code) > 1}
                        | {game.format_move(m) for m in moves}, key=len, reverse=True)
        self.pattern = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, tokens)) + r")(?!\w)") if tokens else None

    def find(self, text: str) -> str | None:
        """The first piece of notation in ``text``, or None."""
        if ">" in text:
            return ">"
        found = self.pattern.search(text) if self.pattern is not None else None
        return found.group(1) if found else None


def notation_in(game, state, text: str) -> str | None:
    """The first piece of notation (zone id, card code, move text) in a text shown in
    ``state``, or None: for tests of what the table says."""
    return Notation(game, state).find(text)


def check_safe_moves(game, deals=range(1, 4), *, starts=(), tail: int = 6, limit: int = 200,
                     ends=range(1, 6), wins: int = 1, end_tail: int = 16, step: int = 4, neighbours: int = 4,
                     search: int = 150, nodes: int = 300, kept: list | None = None) -> int:
    """Auto-play, the hint and the finish never throw a win away, where an exhaustive
    search decides: on the last ``tail`` positions of greedy heuristic play (the move
    ``preference`` likes best, no position twice) from each deal (default options)
    and from each state of ``starts``, and one position a random legal move away
    from each, those whose whole game
    fits in ``limit`` positions. In each such game every position's safe moves keep
    a won game won, and every finish wins; from the chosen positions the hint's move
    does too.

    And on won lines taken backwards (``endings.line_ends``: every ``step``-th of the
    last ``end_tail`` positions of the solver's wins (within ``nodes``) of the first
    ``wins`` deals of ``ends`` it wins and of ``starts``, and up to ``neighbours`` of
    their neighbours), where ``endings.Decider`` decides within ``search`` positions: a won position's safe moves each lead to a position it
    proves won (one it proves lost fails the check), a finish wins. The hint is left
    out there: it promises to keep a win only where the whole game fits its search.

    Returns how many positions were decided (the others are skipped); ``kept``, a
    list, receives the decided won-line positions (a game's tests count its kinds)."""
    rnd, decided = random.Random(0), 0
    for deal, start in [(d, None) for d in deals] + [(None, s) for s in starts]:
        line = Line(game, deal, {} if start is None else dict(start.options))
        with line.context():
            near = _near_the_end(game, game.new(deal) if start is None else start, tail, rnd)
            for state in near if start is None else [start] + near:
                won = _winnable_game(game, state, limit)
                if won is None:
                    continue
                decided += 1
                for key, (position, winnable) in won.items():
                    for move in game.safe_moves(position) if winnable else ():
                        line.require(won[game.key(game.play(position, move))][1],
                                     f"safe move {game.format_move(move)} loses the won game\n"
                                     f"{game.format_position(position)}")
                    finish = game.finish_moves(position)
                    if finish is not None:
                        line.require(game.is_won(play_texts(game, position, *map(game.format_move, finish))),
                                     f"the finish does not win\n{game.format_position(position)}")
                move = game.hint(state)
                if move is not None and won[game.key(state)][1]:
                    line.require(won[game.key(game.play(state, move))][1],
                                 f"the hint {game.format_move(move)} loses the won game\n{game.format_position(state)}")
    decider = endings.Decider(game, search)
    for deal, state in endings.line_ends(game, ends, starts, wins, end_tail, step, nodes, neighbours):
        line = Line(game, deal, dict(state.options) if deal is None else {})
        with line.context():
            if _keeps_its_win(game, decider, state, line):
                decided += 1
                if kept is not None:
                    kept.append(state)
    return decided


def _keeps_its_win(game, decider, state, line: "Line") -> bool:
    """Whether ``decider`` decides ``state`` and every safe move from it (a safe move
    from a won position to a lost one, or a finish that does not win, fails ``line``)."""
    won = decider.decide(state)
    if won is None:
        return False
    for move in game.safe_moves(state) if won else ():
        after = decider.decide(game.play(state, move))
        line.require(after is not False, f"safe move {game.format_move(move)} loses the won game\n"
                                         f"{game.format_position(state)}")
        if after is None:
            return False
    finish = game.finish_moves(state)
    if finish is not None:
        line.require(game.is_won(play_texts(game, state, *map(game.format_move, finish))),
                     f"the finish does not win\n{game.format_position(state)}")
    return True


def _near_the_end(game, state, tail: int, rnd: random.Random) -> list:
    """The last ``tail`` positions of greedy play from ``state``, each with a neighbour."""
    seen, path = {game.key(state)}, [state]
    while not game.is_won(state):
        moves = sorted(game.legal_moves(state), key=lambda m: -game.preference(state, m))
        state = next((after for after in map(lambda m: game.play(state, m), moves)
                      if game.key(after) not in seen), None)
        if state is None:
            break
        seen.add(game.key(state))
        path.append(state)
    chosen = path[-tail:]
    for state in list(chosen):
        moves = list(game.legal_moves(state))
        if moves:
            chosen.append(game.play(state, rnd.choice(moves)))
    return chosen


def _winnable_game(game, state, limit: int) -> dict | None:
    """Every position reachable from ``state``, by key, with whether it can be won;
    None when there are more than ``limit``."""
    positions, edges, todo = {game.key(state): state}, {}, [state]
    while todo:
        current = todo.pop()
        after_keys = edges.setdefault(game.key(current), [])
        for move in game.legal_moves(current):
            after = game.play(current, move)
            key = game.key(after)
            after_keys.append(key)
            if key not in positions:
                if len(positions) >= limit:
                    return None
                positions[key] = after
                todo.append(after)
    back: dict = {}
    for key, targets in edges.items():
        for target in targets:
            back.setdefault(target, []).append(key)
    won = {key for key, p in positions.items() if game.is_won(p)}
    todo = list(won)
    while todo:
        for key in back.get(todo.pop(), ()):
            if key not in won:
                won.add(key)
                todo.append(key)
    return {key: (p, key in won) for key, p in positions.items()}


def _inside(scene, x: float, y: float, width: float, height: float, rotation: float) -> bool:
    """Whether a box at (x, y), turned ``rotation`` degrees about its centre, fits the table."""
    turn = math.radians(rotation)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    half_w, half_h = (width * cos + height * sin) / 2, (width * sin + height * cos) / 2
    cx, cy = x + width / 2, y + height / 2
    return (cx - half_w >= -EPSILON and cy - half_h >= -EPSILON
            and cx + half_w <= scene.width + EPSILON and cy + half_h <= scene.height + EPSILON)


def _require(ok: Any, problem: str) -> None:
    if not ok:
        raise ConformanceError(problem)
