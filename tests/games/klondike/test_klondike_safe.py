"""Rules 12.1 and 10.3 checked by the conformance kit where an exhaustive search decides."""

from solitaire_core.testing import check_safe_moves


def test_rule_12_1_safe_moves_the_hint_and_the_finish_never_lose_a_won_game(game):
    """The ends of greedy play of these deals are small enough to decide every position of."""
    assert check_safe_moves(game, deals=(9, 12, 14, 19), limit=600) >= 20
