"""Klondike ships winnable-deal pools for draw 1 and draw 3 (issue 19): each holds for
the scorings that keep the pass limit (not Vegas, which caps the passes), and its
deals are wins of the draw it names (tests/core/test_pools.py replays a sample of
every shipped pool)."""

import pytest

from solitaire_core import pools


@pytest.mark.parametrize("draw", [1, 3])
def test_draw_1_and_draw_3_each_have_a_pool_of_two_thousand_surveyed_deals(game, draw):
    pool = pools.pool_for(game, {"draw": draw})
    assert pool is not None and pool.first == 1 and pool.last == 2000
    assert pools.pool_for(game, {"draw": draw, "scoring": "none"}) is pool
    assert pools.pool_for(game, {"draw": draw, "scoring": "vegas"}) is None  # its pass limit: searched instead
    assert all(options["draw"] == draw for options in pool.options)
    assert len(pool.wins) > 1400  # most deals of either draw are won
