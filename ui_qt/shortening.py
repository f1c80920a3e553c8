"""The demo's line as a player would play it: the solver's winning line with its
detours taken out.

The solver stops at the first win it finds, and its line wanders: it passes a
position twice (a card put down and taken back, a trip through the stock that
plays nothing) or takes several moves where one reaches the same position. No
Qt here: it runs in the solver's worker process.
"""

from __future__ import annotations


def shorten(game, start, moves) -> list:
    """The shortest way through the line's own positions, replayed with ``apply`` to a
    win: first matching positions by their cards only (a pass through the stock used or
    a score changed does not make another position), then, should such a line not
    replay, by the game's search key; else the line as it was."""
    for loose in (True, False):
        line = shortest(game, start, list(moves), loose)
        if len(line) < len(moves) and wins(game, start, line):
            return line
    return list(moves)


def shortest(game, start, moves: list, loose: bool) -> list:
    """From each position of the line, go on with its move, or jump with one legal move
    (or none) to the last later position that is the same; the fewest moves to the end."""
    states = [start]
    for move in moves:
        states.append(game.play(states[-1], move))

    def same(state):
        return getattr(state, "piles", None) if loose and hasattr(state, "piles") else game.key(state)

    last = {same(state): k for k, state in enumerate(states)}
    best: list = [None] * len(states)  # (moves to get there, from which position, by which move)
    best[0] = (0, None, None)

    def reach(j: int, i: int, move) -> None:
        cost = best[i][0] + (move is not None)
        if best[j] is None or cost < best[j][0]:
            best[j] = (cost, i, move)

    for i, state in enumerate(states):
        if best[i] is None:
            continue
        if last[same(state)] > i:
            reach(last[same(state)], i, None)
        if i < len(moves):
            reach(i + 1, i, moves[i])
            for move in game.legal_moves(state):
                j = last.get(same(game.play(state, move)), -1)
                if j > i + 1:
                    reach(j, i, move)
    line, j = [], len(moves)
    while j:
        _cost, i, move = best[j]
        if move is not None:
            line.append(move)
        j = i
    return line[::-1]


def wins(game, start, line: list) -> bool:
    """The engine plays ``line`` from ``start``, each move checked, to a win."""
    state = start
    try:
        for move in line:
            state = game.apply(state, move)
    except Exception:  # noqa: BLE001 - a move the engine refuses: this line is not kept
        return False
    return game.is_won(state)
