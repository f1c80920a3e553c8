"""Tacta has no safe auto-play (``safe_moves`` is always empty: a card on a stack can
come back into the puzzle, and no card is provably never needed there), so the kit's
check of kept wins decides the ends of won lines and checks the finish there (rule 1.2:
a finish plays every card onto its stack and wins)."""

from solitaire_core.testing import check_safe_moves


def test_rule_1_2_the_finish_wins_wherever_the_kits_search_decides(game):
    kept = []
    decided = check_safe_moves(game, deals=(), kept=kept)
    assert decided >= 10  # positions near the end of the solver's win, and their neighbours
    assert all(game.safe_moves(state) == [] for state in kept)  # nothing auto-plays: the check says what it covers
    assert any(game.finish_moves(state) for state in kept)  # and some of them finish by themselves
