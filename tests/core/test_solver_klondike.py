"""Klondike's solver hooks (games/klondike/solving.py): each pruning is exact.

Every hook is checked against plain search (legal moves, ``game.key``, nothing
pruned) on small positions built at random with few cards left.
"""

from __future__ import annotations

import pytest
from solver_positions import blocked, endgame

from games.klondike.solving import column_blocked, is_safe_up
from solitaire_core import parse_card
from solitaire_core.registry import load_games
from solitaire_core.solver import UNKNOWN, UNWINNABLE, WINNABLE, Budget, Hooks, hooks_for, plain_hooks, solve

GAME = load_games()["klondike"]
PLAIN = Budget(seconds=None, nodes=20_000)


def small_positions():
    """Lost ones come mostly from low cards of one red and one black suit."""
    for seed in range(40, 100):
        yield endgame(GAME, seed, left=12, draw=(1, 3)[seed % 2], passes=("unlimited", 3, 1)[seed % 3],
                      columns=7, buried=True, suits="SH" if seed % 4 < 2 else "DC")


@pytest.fixture(scope="module")
def plain_answers():
    return [(state, solve(GAME, state, PLAIN, hooks=plain_hooks(GAME)).answer) for state in small_positions()]


def test_the_small_positions_include_won_and_lost_ones(plain_answers):
    answers = [answer for _, answer in plain_answers]
    assert answers.count(WINNABLE) >= 10 and answers.count(UNWINNABLE) >= 3


# "key" merges the draws within a pass, which only the macro stock lines make sound,
# so it is switched off together with "lines".
@pytest.mark.parametrize("off", [(), ("safe",), ("dead_end",), ("narrow",), ("lines", "key"),
                                 ("safe", "dead_end", "narrow")])
def test_each_pruning_agrees_with_plain_search(plain_answers, off):
    hooks = hooks_for(GAME, off=off)
    for state, plain in plain_answers:
        if plain == UNKNOWN:
            continue
        result = solve(GAME, state, Budget(seconds=None, nodes=50_000), hooks=hooks)
        assert result.answer == plain, GAME.format_position(state)


def test_macro_lines_are_legal_moves_that_reach_their_state():
    """Each line replays through ``apply`` to a position with the line's key."""
    for state in list(small_positions())[:20] + [GAME.new(deal, draw=draw) for deal in (1, 2) for draw in (1, 3)]:
        for moves, after in GAME.solver_lines(state):
            end = state
            for move in moves:
                end = GAME.apply(end, move)
            assert GAME.solver_key(end) == GAME.solver_key(after)
            assert GAME.key(end) == GAME.key(after)


def test_the_solvers_fast_play_matches_play_but_for_cosmetic_values():
    """``_play`` skips the score and the cards shown, which no key looks at."""
    checked = 0
    for state in list(small_positions())[:20] + [GAME.new(deal, draw=draw) for deal in (1, 2, 3) for draw in (1, 3)]:
        for move in GAME.legal_moves(state):
            if move.is_draw:
                continue
            fast, slow = GAME._play(state, move), GAME.play(state, move)
            assert fast.piles == slow.piles and GAME.key(fast) == GAME.key(slow)
            checked += 1
        safe = GAME.solver_safe(state)
        if safe is not None:
            moves, after = safe
            (move,) = moves
            assert GAME.key(after) == GAME.key(GAME.apply(state, move))
    assert checked > 100


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
    result = solve(GAME, blocked(GAME), Budget(seconds=30))
    assert result.answer == UNWINNABLE


def counterexample():
    """Won only by bringing 4S down on 5H: 4S, then 3D on it, frees 2D."""
    top_first = ("4D 5D 5S 5C 6D 6H 6S 6C 7D 7H 7S 7C 8D 8H 8S 8C 9D 9H 9S 9C 10D 10H 10S 10C "
                 "JD JH JS JC QD QH QS QC KD KS KC").split()
    return build(waste=" ".join(reversed(top_first)), f1=suit("S", 1, 4), f2=suit("H", 1, 4),
                 f3="AD", f4=suit("C", 1, 4), t1="(KH) 5H", t2="(2D) 3D", passes=1)


def solvitaire_safe(state):
    """Solvitaire's rule (other colour within 1, or within 2 and same colour
    within 3), which assumes foundation cards never come back."""
    heights = {s: 0 for s in "SHDC"}
    for f in ("f1", "f2", "f3", "f4"):
        cards = GAME.pile(state, f).cards
        if cards:
            heights[cards[0].suit] = len(cards)
    for t in ("t1", "t2", "t3", "t4", "t5", "t6", "t7"):
        pile = GAME.pile(state, t)
        if not pile.cards or pile.down == len(pile.cards):
            continue
        card = pile.cards[-1]
        if heights[card.suit] != card.rank - 1:
            continue
        others = "SC" if card.suit in "HD" else "HD"
        same = {"S": "C", "C": "S", "H": "D", "D": "H"}[card.suit]
        other_diff = max(card.rank - heights[s] for s in others)
        if card.rank <= 2 or other_diff <= 1 or (other_diff <= 2 and card.rank - heights[same] <= 3):
            dst = next(f for f in ("f1", "f2", "f3", "f4") if GAME.pile(state, f).cards[:1] and
                       GAME.pile(state, f).cards[0].suit == card.suit)
            move = GAME.parse_move(state, f"{t}>{dst}")
            return (move,), GAME.play(state, move)
    return None


def test_the_safe_rule_keeps_a_game_that_solvitaires_rule_would_lose():
    state = counterexample()
    assert solve(GAME, state, Budget(seconds=30)).answer == WINNABLE
    assert solve(GAME, state, PLAIN, hooks=plain_hooks(GAME)).answer == WINNABLE
    own = hooks_for(GAME)
    theirs = Hooks(own.lines, own.key, solvitaire_safe, own.dead_end)
    assert solve(GAME, state, Budget(seconds=30), hooks=theirs).answer == UNWINNABLE


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


@pytest.mark.parametrize("codes, blocked", [
    ("AS 3H 3D 2S", True), ("3H 3D 2S", False), ("AS 3H 2S", False), ("AS 3H 3D 2S KS", True),
    ("QS KH KD KS", False),  # a King is never counted as blocked
])
def test_column_blocked(codes, blocked):
    assert column_blocked(tuple(parse_card(c) for c in codes.split())) is blocked


def test_canonical_key_ignores_column_order_and_which_foundation_holds_a_suit():
    state = endgame(GAME, 7, left=20, columns=7)
    i = GAME.index
    p = state.piles
    swapped = state.with_piles({i["t1"]: p[i["t2"]], i["t2"]: p[i["t1"]], i["f1"]: p[i["f3"]], i["f3"]: p[i["f1"]]})
    assert GAME.key(state) != GAME.key(swapped)
    assert GAME.solver_key(state) == GAME.solver_key(swapped)
    stock = p[i["stock"]]
    reordered = state.with_piles({i["stock"]: type(stock)(stock.cards[::-1], stock.down)})
    assert len(set(stock.cards)) < 2 or GAME.solver_key(reordered) != GAME.solver_key(state)


def test_with_unlimited_passes_draws_within_a_pass_share_a_key():
    """Draw 1: every split of the stock and waste is reached again by drawing."""
    state = GAME.new(4)
    drawn = GAME.apply(GAME.apply(state, GAME.parse_move(state, "draw")), GAME.parse_move(state, "draw"))
    assert GAME.solver_key(drawn) == GAME.solver_key(state)
    once = GAME.new(4, passes=1)
    assert GAME.solver_key(GAME.apply(once, GAME.parse_move(once, "draw"))) != GAME.solver_key(once)
    three = GAME.new(4, draw=3)
    one_draw = GAME.apply(three, GAME.parse_move(three, "draw"))
    assert GAME.solver_key(one_draw) == GAME.solver_key(three)  # 3 cards in the waste: a fresh pass gets there
