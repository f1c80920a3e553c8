"""Rule 10.2: a blocked game is found blocked, however many positions its search visits."""

from __future__ import annotations

from solitaire_core import blocked


def greedy_end(game, deal):
    """Play the move the heuristic likes best (the first of equals), draws included,
    until it is pointless or leads back to a position seen."""
    state = game.new(deal)
    seen, moves = {game.key(state)}, 0
    while not game.is_won(state):
        best = max(game.legal_moves(state), key=lambda m: game.preference(state, m), default=None)
        if best is None or game.preference(state, best) < 0:
            break
        after = game.play(state, best)
        if game.key(after) in seen:
            break
        state, moves = after, moves + 1
        seen.add(game.key(state))
    return state, moves


def test_rule_10_2_deal_20_played_out_is_blocked(game):
    state, moves = greedy_end(game, 20)
    assert moves > 80 and not game.is_won(state)
    assert blocked.verdict(game, state) == blocked.BLOCKED  # thousands of positions, each checked
    assert blocked.verdict(game, state, limit=500) == blocked.UNDECIDED  # too short: never "open"


def test_rule_10_2_an_open_position_is_never_blocked(game):
    assert blocked.verdict(game, game.new(1)) == blocked.OPEN
