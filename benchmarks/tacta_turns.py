"""Tacta Solitaire: does the turn of a card placed on the X card matter?

Prints figures only. A card goes on a free side of the X card with any of its three shaped
sides toward it (rules.md, rules 2.5 and 4.7); before the choice was offered only the smallest
turn was. For deals 1..DEALS this measures

1. along a random line of play (seeded by the deal, up to MOVES moves), every placement on a
   side of the X card: how many turns fit, and whether the turns leave different moves
   possible next (the shapes facing out differ, so other cards may go on different sides);
2. the solver's verdict at a fixed budget of NODES positions (no clock: the figures repeat),
   with every turn and with the smallest turn only.

Usage: python benchmarks/tacta_turns.py [DEALS] [NODES] [MOVES]
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter, defaultdict

from games.tacta.game import Tacta
from solitaire_core.refusals import refuse
from solitaire_core.solver import Budget, solve


class SmallestTurnOnly(Tacta):
    """Tacta as it was: a card on the X card takes only its smallest fitting turn."""

    def side_refusal(self, puzzle, card, here, host, d, turn):
        if turn is not None:
            return refuse("side:turn", lambda: "only the smallest turn")
        return super().side_refusal(puzzle, card, here, host, d, turn)


def placements_on_x(game, state):
    """The legal moves onto a side of the X card, grouped by card and side."""
    groups = defaultdict(list)
    for move in game.legal_moves(state):
        if move.dst.startswith("X."):
            groups[move.src, move.dst].append(move)
    return groups


def turns_along_play(game, deals: int, moves: int) -> Counter:
    figures = Counter()
    for deal in range(1, deals + 1):
        rnd = random.Random(deal)
        state = game.new(deal)
        for _ in range(moves):
            legal = game.legal_moves(state)
            if not legal or game.is_won(state):
                break
            figures["positions"] += 1
            for group in placements_on_x(game, state).values():
                figures["placements"] += 1
                figures[f"{len(group)} fitting turns"] += 1
                if len(group) > 1:
                    after = {frozenset(game.legal_moves(game.play(state, m))) for m in group}
                    figures["the turns leave different next moves"] += len(after) > 1
            state = game.play(state, rnd.choice(legal))
    return figures


def verdicts(game, deals: int, nodes: int) -> tuple[dict, float]:
    start = time.perf_counter()
    answers = {deal: solve(game, game.new(deal), Budget(seconds=None, nodes=nodes, table=None)).answer
               for deal in range(1, deals + 1)}
    return answers, time.perf_counter() - start


def main(argv):
    deals = int(argv[1]) if len(argv) > 1 else 200
    nodes = int(argv[2]) if len(argv) > 2 else 3000
    moves = int(argv[3]) if len(argv) > 3 else 200
    game = Tacta()
    start = time.perf_counter()
    figures = turns_along_play(game, deals, moves)
    took = time.perf_counter() - start
    placements = figures["placements"]
    print(f"Deals 1..{deals}, a random line of up to {moves} moves each: {figures['positions']} positions, "
          f"{placements} placements of a card on a side of the X card ({took:.1f} s)")
    for key in sorted(k for k in figures if k.endswith("fitting turns")):
        print(f"  {key}: {figures[key]} ({100 * figures[key] / max(1, placements):.1f}%)")
    print(f"  the turns leave different next moves: {figures['the turns leave different next moves']}")
    every, every_s = verdicts(game, deals, nodes)
    smallest, smallest_s = verdicts(SmallestTurnOnly(), deals, nodes)
    print(f"Solver, deals 1..{deals}, at most {nodes} positions a deal:")
    for name, answers, seconds in (("every turn", every, every_s), ("smallest turn only", smallest, smallest_s)):
        counts = Counter(answers.values())
        print(f"  {name:20s} " + ", ".join(f"{counts[a]} {a}" for a in ("winnable", "unwinnable", "unknown"))
              + f" ({seconds:.0f} s)")
    differ = [(deal, every[deal], smallest[deal]) for deal in every if every[deal] != smallest[deal]]
    print(f"  verdicts that differ: {len(differ)}")
    for deal, a, b in differ:
        print(f"    deal {deal}: every turn {a}, smallest only {b}")


if __name__ == "__main__":
    main(sys.argv)
