"""Tacta Solitaire: how often the deal places all 36 cards, per template, and how many deals a
bounded search wins.

Prints figures only. The shipped template (one side of each shape, one blank) is compared with
two shaped sides and four shaped sides, each with touching a second card allowed and forbidden.
Usage: python benchmarks/tacta_deals.py [DEALS] [SOLVE_DEALS] [NODES]
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager

from games.tacta import cards, geometry
from games.tacta.deal import DealError, lay_out
from games.tacta.game import Tacta
from solitaire_core.deals import shuffle

T, R, S, N = cards.TRI, cards.RECT, cards.SQ, cards.NONE
KEYS = list(cards.TEMPLATE)


def rotated(layout, k):
    return tuple(layout[(i - k) % 4] for i in range(4))


TEMPLATES = {
    "3 shaped sides, one of each (shipped)": dict(cards.TEMPLATE),
    "2 shaped sides, two shapes": {
        key: rotated((T, R, N, N) if i % 3 == 0 else (R, S, N, N) if i % 3 == 1 else (S, T, N, N), i % 4)
        for i, key in enumerate(KEYS)},
    "4 shaped sides, one shape twice": {
        key: rotated((T, R, S, (T, R, S)[i % 3]), i % 4) for i, key in enumerate(KEYS)},
}


@contextmanager
def template(table):
    """Swap the game's template table for a measurement, then put it back."""
    saved = dict(cards.TEMPLATE)
    cards.TEMPLATE.update(table)
    geometry._turns.cache_clear()
    try:
        yield
    finally:
        cards.TEMPLATE.update(saved)
        geometry._turns.cache_clear()


def placement_rate(deals: int, touching: bool) -> int:
    placed = 0
    for deal in range(1, deals + 1):
        try:
            lay_out(shuffle(cards.ORDER, deal)[::-1], touching)
            placed += 1
        except DealError:
            pass
    return placed


def solve(game, state, nodes: int):
    """Depth-first search, best-looking moves first; True, False, or None past ``nodes`` positions."""
    seen = {state}
    stack = [state]
    while stack:
        current = stack.pop()
        if game.is_won(current):
            return True
        moves = sorted(game.legal_moves(current), key=lambda m: game.preference(current, m))
        for move in moves:  # the best move is pushed last, so it is tried first
            after = game.play(current, move)
            if after not in seen:
                if len(seen) >= nodes:
                    return None
                seen.add(after)
                stack.append(after)
    return False


def main(argv):
    deals = int(argv[1]) if len(argv) > 1 else 2000
    solve_deals = int(argv[2]) if len(argv) > 2 else 100
    nodes = int(argv[3]) if len(argv) > 3 else 20000
    print(f"Deals 1..{deals}: how many place all 36 cards")
    for name, table in TEMPLATES.items():
        with template(table):
            start = time.perf_counter()
            allowed = placement_rate(deals, True)
            banned = placement_rate(deals, False)
            took = time.perf_counter() - start
        print(f"  {name:40s} touching allowed {allowed}/{deals}, forbidden {banned}/{deals}  ({took:.1f} s)")
    game = Tacta()
    won = lost = unknown = 0
    start = time.perf_counter()
    for deal in range(1, solve_deals + 1):
        result = solve(game, game.new(deal), nodes)
        won += result is True
        lost += result is False
        unknown += result is None
    took = time.perf_counter() - start
    print(f"Shipped game, deals 1..{solve_deals}, depth-first search of up to {nodes} positions: "
          f"{won} won, {lost} proved lost, {unknown} unknown ({took:.1f} s)")


if __name__ == "__main__":
    main(sys.argv)
