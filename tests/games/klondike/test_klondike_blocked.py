"""Rule 10.2: a blocked game is found blocked, however many positions its search visits."""

from __future__ import annotations

from solitaire_core import blocked
from solitaire_core.testing import greedy_line


def greedy_end(game, deal):
    """Where the heuristic's play of ``deal`` ends, and after how many moves."""
    line = greedy_line(game, game.new(deal))
    return (game.play(*line[-1]) if line else game.new(deal)), len(line)


def test_rule_10_2_deal_20_played_out_is_blocked(game):
    state, moves = greedy_end(game, 20)
    assert moves > 80 and not game.is_won(state)
    assert blocked.verdict(game, state) == blocked.BLOCKED  # thousands of positions, each checked
    assert blocked.verdict(game, state, limit=500) == blocked.UNDECIDED  # too short: never "open"


def test_rule_10_2_an_open_position_is_never_blocked(game):
    assert blocked.verdict(game, game.new(1)) == blocked.OPEN
