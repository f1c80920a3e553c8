"""End positions for the conformance kit, and an exact search that decides them.

A game's whole reachable graph is small only in toy positions: with cards able to
come back down (cards played back from a foundation into empty columns, a stack's top
back into a puzzle) even a position with most cards up reaches thousands. So the kit
also takes won lines backwards: the solver wins a deal (a node budget, so the
answer never depends on the machine), and the last positions of its line, each
with some of its neighbours (one legal move away: a wild card placed on any column, a card
sent down...), are near-won positions of every kind the game has.

``Decider`` answers "can this be won?" by a depth-first search that tries the moves
raising the game's ``progress`` first (cards up), then those its ``preference``
likes: it proves a win by finding one, a loss by exhausting every position
reachable, and says ``None`` past ``limit`` positions. Positions on a line it found are remembered won, those of an exhausted
search lost, so one question helps the next.
"""

from __future__ import annotations

from .solver import WINNABLE, Budget, solve


class Decider:
    """Exact answers where a small search suffices: True (won), False (lost), None (past the limit)."""

    def __init__(self, game, limit: int):
        self.game, self.limit = game, limit
        self.won: set = set()
        self.lost: set = set()

    def decide(self, state) -> bool | None:
        game = self.game
        key = game.key(state)
        if key in self.won or game.is_won(state):
            return True
        if key in self.lost:
            return False
        seen, path, stack = {key}, [key], [iter(self._children(state))]
        while stack:
            for after, after_key in stack[-1]:
                if after_key in self.won or game.is_won(after):
                    self.won.update(path)
                    self.won.add(after_key)
                    return True
                if after_key in seen or after_key in self.lost:
                    continue
                if len(seen) >= self.limit:
                    return None  # ``seen`` holds unfinished positions: nothing learnt
                seen.add(after_key)
                path.append(after_key)
                stack.append(iter(self._children(after)))
                break
            else:
                stack.pop()
                path.pop()
        self.lost.update(seen)  # exhausted: no position reached wins
        return False

    def _children(self, state) -> list:
        game = self.game
        ranked = []
        for k, move in enumerate(game.legal_moves(state)):
            after = game.play(state, move)
            ranked.append((game.progress(after), game.preference(state, move), -k, after))
        ranked.sort(key=lambda t: t[:3], reverse=True)  # progress first, then what the heuristic likes
        return [(after, game.key(after)) for *_, after in ranked]


def won_line(game, state, nodes: int) -> list | None:
    """The positions of the solver's winning line from ``state``, its won end
    included; None when the solver does not win it within ``nodes``."""
    result = solve(game, state, Budget(seconds=None, nodes=nodes))
    if result.answer != WINNABLE:
        return None
    line = [state]
    for move in result.moves:
        line.append(game.play(line[-1], move))
    return line


def line_ends(game, deals, starts, wins: int, tail: int, step: int, nodes: int, neighbours: int) -> list:
    """Positions near the end of won lines, as (deal or None, position): every
    ``step``-th of the last ``tail`` of the first ``wins`` deals the solver wins
    (default options) and of every state of ``starts`` it wins, each followed by up
    to ``neighbours`` of its neighbours (spread over its legal moves); no key twice."""
    lines = [(None, won_line(game, start, nodes)) for start in starts]
    for deal in deals:
        if sum(line is not None for _, line in lines[len(starts):]) == wins:
            break
        lines.append((deal, won_line(game, game.new(deal), nodes)))
    chosen, keys = [], set()
    for deal, line in lines:
        for state in (line or [])[-tail - 1:-1:step]:
            moves = game.legal_moves(state)
            spread = moves[::max(1, -(-len(moves) // neighbours))]
            for position in [state] + [game.play(state, move) for move in spread]:
                if game.key(position) not in keys:
                    keys.add(game.key(position))
                    chosen.append((deal, position))
    return chosen
