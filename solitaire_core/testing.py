"""The conformance kit: the promises of DESIGN 3.2-3.4, checked against any game.

A plugin author runs it from their own tests::

    from solitaire_core.testing import check_game

    def test_my_game_conforms():
        check_game(MyGame())

``check_game`` lets hypothesis pick deals, option sets and lines of random
legal play (and shrink a failure to a short line), then ``check_line`` checks
at every step: the cards in the scene are exactly the cards dealt, every
legal move applies and its text parses back to it, the position text round
trips, apply never changes its input, states hash, made-up moves raise
``IllegalMove``, the scene fits the table, and ``is_won``/``is_stuck`` answer
booleans that agree with each other. A broken promise raises
``ConformanceError`` naming the game, deal, options and moves that show it.
Needs hypothesis (the project's test extra).
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from contextlib import contextmanager
from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .deals import MAX_DEAL
from .errors import IllegalMove, OptionError
from .moves import Move

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


def check_game(game, *, examples: int = 10, steps: int = 40) -> None:
    """Every check of this module, on ``examples`` random lines of up to ``steps`` moves."""
    check_declaration(game)

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=QUIET)
    @given(deal=st.integers(0, MAX_DEAL), options=option_sets(game), rnd=st.randoms(use_true_random=False),
           data=st.data())
    def run(deal, options, rnd, data):
        check_line(game, deal, options, steps,
                   choose=lambda count: data.draw(st.integers(0, count - 1), label="move"), rnd=rnd)

    run()


def option_sets(game) -> st.SearchStrategy[dict]:
    """Every combination of the game's declared option values."""
    return st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in game.options})


def check_declaration(game) -> None:
    """Id, name, options and rules as DESIGN 3.2 asks; bad options refused."""
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
        deck = getattr(game, "deck", None)
        if deck:
            line.require(dealt == Counter(line.identity(c) for c in deck), "the deal does not hold exactly the game's deck")
        for _ in range(steps):
            moves = line.check_state(state, dealt)
            if not moves:
                break
            line.check_moves(state, moves, rnd)
            line.check_refused(state, moves, rnd)
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
        """The cards the scene places, once each, within the table."""
        scene = self.game.scene(state)
        self.zones = [s.zone for s in scene.slots]
        spots = Counter((p.zone, p.index) for p in scene.cards)
        self.require(all(n == 1 for n in spots.values()), "two cards of the scene share a zone and index")
        for p in scene.cards:
            self.require(_inside(scene, p.x, p.y, 1.0, scene.card_height, p.rotation),
                         f"card {p.code} at ({p.x:.2f}, {p.y:.2f}) lies outside the {scene.width}x{scene.height} table")
        for s in scene.slots:
            self.require(_inside(scene, s.x, s.y, s.width, s.height, s.rotation),
                         f"the slot of {s.zone} lies outside the {scene.width}x{scene.height} table")
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

    def check_refused(self, state, moves: list, rnd: random.Random, tries: int = 3) -> None:
        """Made-up moves (a legal one reversed, random zone pairs) raise IllegalMove."""
        if not all(isinstance(m, Move) for m in moves):
            return  # a game with its own move type makes up its own bad moves
        zones = self.zones  # of the scene of this state, drawn by check_state
        made_up = [Move(m.dst, m.src, m.n) for m in moves if not m.is_draw]
        made_up += [Move(*rnd.sample(zones, 2)) for _ in range(tries)] if len(zones) > 1 else []
        legal = set(moves)
        for move in rnd.sample(made_up, min(tries, len(made_up))):
            if move in legal:
                continue
            try:
                self.game.apply(state, move)
            except IllegalMove as exc:
                self.require(exc.reason, f"IllegalMove for {move} gives no reason")
            except Exception as exc:
                self.require(False, f"made-up move {move} raised {exc!r} instead of IllegalMove")
            else:
                self.require(False, f"move {move} is not legal, yet apply accepted it")


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
