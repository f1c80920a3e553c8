"""Klondike's own solver model (games/klondike/solving.py): each pruning is exact.

Every hook is checked against plain search (legal moves, ``game.key``, nothing
pruned) on small positions built at random with few cards left.
"""

from __future__ import annotations

from functools import partial

import attrs
import pytest
from solver_positions import blocked, endgame

from games.klondike.solving import code, column_blocked, is_safe_up
from solitaire_core import PileGame, parse_card
from solitaire_core.registry import load_games
from solitaire_core.solver import UNKNOWN, UNWINNABLE, WINNABLE, Budget, hooks_for, plain_hooks, search, solve

GAME = load_games()["klondike"]
MODEL = GAME.solver_model()
PLAIN = Budget(seconds=None, nodes=20_000)
DECIDES = Budget(seconds=None, nodes=10_000)  # far above what these positions need (at most a few): never the clock


def small_positions():
    """Lost ones come mostly from low cards of one red and one black suit;
    the second lot has built runs in its columns, partly face down."""
    for seed in range(40, 100):
        yield endgame(GAME, seed, left=12, draw=(1, 3)[seed % 2], passes=("unlimited", 3, 1)[seed % 3],
                      columns=7, buried=True, suits="SH" if seed % 4 < 2 else "DC")
    for seed in range(100, 160):
        yield endgame(GAME, seed, left=12 + seed % 3, draw=(1, 3)[seed % 2], passes=("unlimited", 3, 1)[seed % 3],
                      columns=(7, 5)[seed % 2], buried=True, runs=True, suits=("SH", "DC", "SHDC")[seed % 3])


@pytest.fixture(scope="module")
def plain_answers():
    return [(state, solve(GAME, state, PLAIN, hooks=plain_hooks(GAME)).answer) for state in small_positions()]


def test_the_small_positions_include_won_and_lost_ones(plain_answers):
    answers = [answer for _, answer in plain_answers]
    assert answers.count(WINNABLE) >= 10 and answers.count(UNWINNABLE) >= 3


# "lines" and "key" work on the model's positions: they are checked against
# plain search (engine moves, ``game.key``) by every case here.
@pytest.mark.parametrize("off", [(), ("safe",), ("dead_end",), ("narrow",), ("safe", "dead_end", "narrow")])
def test_each_pruning_agrees_with_plain_search(plain_answers, off):
    hooks = hooks_for(GAME, off=off)
    for state, plain in plain_answers:
        if plain == UNKNOWN:
            continue
        result = solve(GAME, state, Budget(seconds=None, nodes=50_000), hooks=hooks)
        assert result.answer == plain, GAME.format_position(state)


def agreement_positions():
    return list(small_positions())[:20] + [GAME.new(deal, draw=draw, passes=passes) for deal in (1, 2, 3)
                                             for draw in (1, 3) for passes in ("unlimited", 1)]


def replay(state, lines):
    """The engine moves of the model's lines, each through ``apply``."""
    for move in MODEL.moves(state, lines):
        state = GAME.apply(state, move)
    return state


def test_the_models_lines_are_legal_moves_that_reach_their_position():
    """Every line of the model turns into engine moves that ``apply`` accepts
    and that end in the position the model said (the model agrees with the engine)."""
    checked = 0
    for state in agreement_positions():
        node = MODEL.start(state)
        for lines in (MODEL.lines(node), MODEL.narrow(node)):
            for tokens, after in lines:
                assert MODEL.start(replay(state, [tokens])) == after, GAME.format_position(state)
                checked += 1
        safe = MODEL.safe(node)
        if safe is not None:
            tokens, after = safe
            assert MODEL.start(replay(state, [tokens])) == after
    assert checked > 300


def test_the_model_sees_every_move_the_engine_allows():
    """Each engine move between piles (not a draw) is the first move of some
    line of the unpruned kinds: a column's run, a stock card, a foundation card."""
    for state in agreement_positions():
        node = MODEL.start(state)
        firsts = {MODEL.moves(state, [tokens[:1]])[-1] for tokens, _ in MODEL.lines(node)}
        for move in GAME.legal_moves(state):
            if move.is_draw or move in firsts:
                continue
            after = MODEL.start(GAME.apply(state, move))
            assert after == node or pruned_on_purpose(state, move), (GAME.format_position(state), move)


def pruned_on_purpose(state, move) -> bool:
    """The prunings of docs/solver.md: a card back from a foundation that is safe
    to send up again, a lone King from one empty place to another, a run moved off
    the card it continues or a column emptied (both kept only with their use), and
    a stock card on a column at draw 1 with unlimited passes (kept with its use)."""
    src, dst = GAME.pile(state, move.src), GAME.pile(state, move.dst)
    if move.src.startswith("f"):
        return True  # checked against plain search by test_each_pruning_agrees_with_plain_search
    if move.src in ("waste",):
        return state.option("draw") == 1 and state.option("passes") == "unlimited"
    rest = src.cards[:len(src.cards) - move.n]
    return not dst.cards or len(rest) > src.down or not rest


def build(**zones):
    text = "\n".join(f"{z}: {zones.get(z, '')}" for z in (
        "stock", "waste", "f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "t6", "t7"))
    options = {k: zones.pop(k) for k in ("draw", "passes") if k in zones}
    return GAME.parse_position(text, **options)


def suit(code, low, high):
    labels = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    return " ".join(labels[r - 1] + code for r in range(low, high + 1))


def test_a_blocked_column_is_answered_unwinnable():
    """2S lies on AS and on both red 3s: it can never move, so the game is lost."""
    result = solve(GAME, blocked(GAME), DECIDES)
    assert result.answer == UNWINNABLE


def counterexample():
    """Won only by bringing 4S down on 5H: 4S, then 3D on it, frees 2D."""
    top_first = ("4D 5D 5S 5C 6D 6H 6S 6C 7D 7H 7S 7C 8D 8H 8S 8C 9D 9H 9S 9C 10D 10H 10S 10C "
                 "JD JH JS JC QD QH QS QC KD KS KC").split()
    return build(waste=" ".join(reversed(top_first)), f1=suit("S", 1, 4), f2=suit("H", 1, 4),
                 f3="AD", f4=suit("C", 1, 4), t1="(KH) 5H", t2="(2D) 3D", passes=1)


def solvitaire_safe(node):
    """Solvitaire's rule (other colour within 1, or within 2 and same colour
    within 3), which assumes foundation cards never come back; on the model."""
    draw, left, w, cycle, heights, cols = node
    for col in cols:
        if len(col) <= 1 + col[0]:
            continue
        card = col[-1]
        rank, suit = card >> 2, card & 3
        if heights[suit] != rank - 1:
            continue
        other_diff = max(rank - heights[s] for s in ((1, 2) if suit in (0, 3) else (0, 3)))
        same = (3, 2, 1, 0)[suit]
        if rank <= 2 or other_diff <= 1 or (other_diff <= 2 and rank - heights[same] <= 3):
            cols = tuple(sorted(c if c != col else col[:-1] for c in cols))
            heights = heights[:suit] + bytes((rank,)) + heights[suit + 1:]
            return (card << 6 | 60,), (draw, left, w, cycle, heights, cols)
    return None


def test_the_safe_rule_keeps_a_game_that_solvitaires_rule_would_lose():
    state = counterexample()
    assert solve(GAME, state, DECIDES).answer == WINNABLE
    assert solve(GAME, state, PLAIN, hooks=plain_hooks(GAME)).answer == WINNABLE
    own = hooks_for(GAME)
    theirs = attrs.evolve(own, safe=solvitaire_safe)
    assert solve(GAME, state, DECIDES, hooks=theirs).answer == UNWINNABLE


@pytest.mark.parametrize("card, heights, safe", [
    ("AS", (0, 0, 0, 0), True), ("2H", (0, 1, 0, 0), True),
    ("5H", (4, 4, 2, 4), False),  # other colour at 4, but diamonds only at 2
    ("5H", (4, 4, 3, 4), True), ("5H", (3, 4, 4, 4), False), ("9C", (9, 8, 8, 8), True),
    ("9C", (9, 8, 7, 8), False),
])
def test_safe_rule(card, heights, safe):
    """Heights by suit S, H, D, C; the card goes on its own suit's height."""
    c = parse_card(card)
    assert is_safe_up(c.rank, "SHDC".index(c.suit), heights) is safe


@pytest.mark.parametrize("codes, down, blocked", [
    ("AS 3H 3D 2S", 3, True), ("3H 3D 2S", 2, False), ("AS 3H 2S", 2, False), ("AS 3H 3D 2S KS", 3, True),
    ("QS KH KD KS", 3, False),  # a King is never counted as blocked
    ("AS 3H 3D 2S", 2, False),  # 2S lies on 3D face up: the run 3D 2S can carry it off
    ("AS 3H 3D 2S", 0, False), ("AS 3D 3H 2S", 2, False),
    ("AS 3H 3D 9C 2S", 2, True),  # 2S on 9C, which it does not continue
])
def test_column_blocked(codes, down, blocked):
    assert column_blocked(bytes([down]) + bytes(code(parse_card(c)) for c in codes.split())) is blocked


def test_a_run_carries_a_card_off_the_cards_it_needs():
    """The dead end's exception, on a whole game: 2S lies on AS and both red 3s,
    but face up on 3D, which can go onto 4C with it; then 3H, AS, 2S go up."""
    state = build(f2="AH 2H", f3="AD 2D", f4=suit("C", 1, 3), t1="(AS) (3H) 3D 2S", t2="4C",
                  stock=" ".join(f"({c})" for c in suit("S", 3, 13).split() + suit("H", 4, 13).split()
                                 + suit("D", 4, 13).split() + suit("C", 5, 13).split()))
    assert solve(GAME, state, DECIDES).answer == WINNABLE


def key(state):
    return MODEL.key(MODEL.start(state))


def test_canonical_key_ignores_column_order_and_which_foundation_holds_a_suit():
    state = endgame(GAME, 7, left=20, columns=7)
    i = GAME.index
    p = state.piles
    swapped = state.with_piles({i["t1"]: p[i["t2"]], i["t2"]: p[i["t1"]], i["f1"]: p[i["f3"]], i["f3"]: p[i["f1"]]})
    assert PileGame.key(GAME, state) != PileGame.key(GAME, swapped)  # the engine's plain key
    assert key(state) == key(swapped)
    stock = p[i["stock"]]
    reordered = state.with_piles({i["stock"]: type(stock)(stock.cards[::-1], stock.down)})
    assert len(set(stock.cards)) < 2 or key(reordered) != key(state)


def test_with_unlimited_passes_draws_within_a_pass_share_a_key():
    """Draw 1: every split of the stock and waste is reached again by drawing."""
    state = GAME.new(4)
    drawn = GAME.apply(GAME.apply(state, GAME.parse_move(state, "draw")), GAME.parse_move(state, "draw"))
    assert key(drawn) == key(state)
    once = GAME.new(4, passes=1)
    assert key(GAME.apply(once, GAME.parse_move(once, "draw"))) != key(once)
    three = GAME.new(4, draw=3)
    one_draw = GAME.apply(three, GAME.parse_move(three, "draw"))
    assert key(one_draw) == key(three)  # 3 cards in the waste: a fresh pass gets there


def test_the_exact_search_resumed_after_the_narrow_lines_agrees_with_plain_search(plain_answers, monkeypatch):
    """With a probe of 10 positions and no narrow lines, the first exact search
    stops and goes on from where it stopped: no position may be lost."""
    monkeypatch.setattr(search, "PROBE_SHARE", 0.0002)
    resumed = []
    resume = search._Search.resume
    monkeypatch.setattr(search._Search, "resume", lambda self: resumed.append(self.pending) or resume(self))
    hooks = attrs.evolve(hooks_for(GAME), narrow=lambda position: [])
    for state, plain in plain_answers:
        if plain != UNKNOWN:
            assert solve(GAME, state, Budget(seconds=None, nodes=50_000), hooks=hooks).answer == plain, \
                GAME.format_position(state)
    assert sum(pending is not None for pending in resumed) >= 30  # went on with a position half entered


@pytest.mark.parametrize("order", ["depth-first", "best-first"])
def test_a_search_stopped_every_few_positions_and_resumed_visits_all_an_unbroken_one_does(plain_answers, order):
    hooks = hooks_for(GAME)
    lost = [state for state, plain in plain_answers if plain == UNWINNABLE]
    for state in lost:
        start = hooks.start(state)
        whole = search._Search(GAME, hooks, hooks.lines, Budget(seconds=None, table=None), lambda: False, 0.0)
        assert (whole.run if order == "depth-first" else whole.run_best_first)(start) is None
        broken = search._Search(GAME, hooks, hooks.lines, Budget(seconds=None, nodes=3, table=None),
                                lambda: False, 0.0)
        run, stops = partial(broken.run if order == "depth-first" else broken.run_best_first, start), 0
        while True:
            try:
                assert run() is None
                break
            except search._Stop:
                stops += 1
                broken.extend(Budget(seconds=None, nodes=broken.nodes + 3, table=None), 0.0, 0)
                run = partial(broken.go_on, start)
        assert broken.seen == whole.seen and broken.nodes == whole.nodes
        assert stops or whole.nodes <= 3


def test_the_table_cap_is_the_ceiling_of_all_the_tables_kept_at_once(monkeypatch):
    """The probe's table stays while the narrow lines keep theirs, and a full one is dropped:
    at no position do the tables alive hold more than ``Budget.table`` keys together."""
    import weakref

    searches, peak = [], 0
    init, visit = search._Search.__init__, search._Search.visit

    def counting_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        searches.append(weakref.ref(self))

    def counting_visit(self, k, seen):
        nonlocal peak
        alive = (ref() for ref in searches)
        others = sum(len(s.seen) for s in alive if s is not None and s.seen is not None and s.seen is not seen)
        peak = max(peak, len(seen) + others)
        return visit(self, k, seen)

    monkeypatch.setattr(search._Search, "__init__", counting_init)
    monkeypatch.setattr(search._Search, "visit", counting_visit)
    cap = 3_000
    full = [solve(GAME, GAME.new(deal, draw=3), Budget(seconds=None, nodes=None, table=cap))
            for deal in (5, 6)]
    assert all(r.reason.startswith("memory ceiling") for r in full), [r.reason for r in full]
    assert len(searches) >= 3 and cap - 1 <= peak <= cap


def test_with_its_hooks_the_solver_wins_the_first_deals_within_a_small_budget():
    """Deals 1-6 at the default options, 3,000 positions each (a node budget: the same
    answer under any load); every solution wins when replayed through ``apply``."""
    for deal in range(1, 7):
        start = GAME.new(deal)
        result = solve(GAME, start, Budget(seconds=None, nodes=3000))
        assert result.answer == WINNABLE, f"deal {deal}: {result.answer}"
        state = start
        for move in result.moves:
            state = GAME.apply(state, move)
        assert GAME.is_won(state)
