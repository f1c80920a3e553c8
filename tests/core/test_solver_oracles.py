"""The solver's verdicts beside solvers written apart from it: Freecell Solver (PyPI
``freecell-solver`` over Debian's ``libfreecell-solver0``) on FreeCell, and a plain
exhaustive search of Golf written here from its rules text (ranks only), on a sample
of positions of both kinds, won and lost. benchmarks/oracles.py runs the larger sample."""

import os
import random
from functools import lru_cache

import pytest

from freecell_oracle import available, fc_solve_verdict

from solitaire_core.registry import load_games
from solitaire_core.solver import UNKNOWN, Budget, solve

GAMES = load_games()
# FreeCell's positions here take at most 7,000 positions when decided: a node budget, so the
# verdicts compared are the same on any machine, however loaded.
ORACLE_NODES = Budget(seconds=None, nodes=10_000)


def random_positions(game, count, seed, steps=(10, 40)):
    rnd = random.Random(seed)
    for _ in range(count):
        state = game.new(rnd.randrange(1, 32001))
        for _ in range(rnd.randrange(*steps)):
            moves = list(game.legal_moves(state))
            if not moves:
                break
            state = game.play(state, rnd.choice(moves))
        yield state


@pytest.mark.skipif("freecell" not in GAMES, reason="FreeCell is not installed")
def test_freecell_verdicts_agree_with_freecell_solver():
    missing = available()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing}: scripts/install-system-deps installs it for CI")
        pytest.skip(missing)
    game = GAMES["freecell"]
    compared = {"winnable": 0, "unwinnable": 0}
    for state in [game.new(d) for d in (1, 2, 617)] + list(random_positions(game, 12, seed=3)):
        ours, theirs = solve(game, state, ORACLE_NODES).answer, fc_solve_verdict(game, state)
        if UNKNOWN in (ours, theirs):
            continue
        assert ours == theirs, f"ours {ours}, Freecell Solver {theirs}:\n{game.format_position(state)}"
        compared[ours] += 1
    assert compared["winnable"] >= 3 and compared["unwinnable"] >= 1, compared


def golf_wins(columns: tuple, stock: tuple, waste: int) -> bool:
    """Golf's rules on ranks: a column's top card goes on the waste one rank up or down,
    nothing on a King (rules 3.2, 3.3); the stock turns one card onto the waste, never
    again (4.1, 4.2); won when every column is empty (5.1). Depth-first, remembered."""
    @lru_cache(maxsize=None)
    def wins(cols, dealt, top):
        if not any(cols):
            return True
        for k, col in enumerate(cols):
            if col and top != 13 and abs(col[-1] - top) == 1:
                rest = cols[:k] + (col[:-1],) + cols[k + 1:]
                if wins(tuple(sorted(rest)), dealt, col[-1]):
                    return True
        return dealt < len(stock) and wins(cols, dealt + 1, stock[len(stock) - 1 - dealt])
    return wins(tuple(sorted(columns)), 0, waste)


@pytest.mark.skipif("golf" not in GAMES, reason="Golf is not installed")
@pytest.mark.parametrize("seed, count, heights, stocks", [(11, 60, (1, 3), (5, 16)), (12, 30, (3, 5), (8, 16))])
def test_golf_verdicts_agree_with_a_plain_exhaustive_search(seed, count, heights, stocks):
    """Short columns and a long stock, then columns of three and four cards, where most
    positions are lost and the chains the stock's cards must begin decide many of them."""
    game = GAMES["golf"]
    rnd = random.Random(seed)
    compared = {"winnable": 0, "unwinnable": 0}
    for _ in range(count):
        deck = list(game.deck)
        rnd.shuffle(deck)
        columns = [deck[5 * k:5 * k + rnd.randrange(*heights)] for k in range(7)]
        used = sum(len(c) for c in columns)
        rest = [c for c in deck if c not in {x for col in columns for x in col}]
        stock = rest[:rnd.randrange(*stocks)]
        waste = rest[len(stock):]
        text = "\n".join([f"t{k + 1}: " + " ".join(c.code for c in col) for k, col in enumerate(columns)]
                         + ["stock: " + " ".join(f"({c.code})" for c in stock),
                            "waste: " + " ".join(c.code for c in waste)])
        state = game.parse_position(text)
        assert used + len(stock) + len(waste) == 52
        expected = "winnable" if golf_wins(tuple(tuple(c.rank for c in col) for col in columns),
                                          tuple(c.rank for c in stock), waste[-1].rank) else "unwinnable"
        ours = solve(game, state, Budget(seconds=None, nodes=2_000_000)).answer
        assert ours == expected, f"ours {ours}, exhaustive search {expected}:\n{text}"
        compared[ours] += 1
    assert compared["winnable"] >= 3 and compared["unwinnable"] >= 3, compared
