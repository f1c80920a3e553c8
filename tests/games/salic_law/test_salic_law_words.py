"""What Salic Law says to a player: piles, the deal click, Kings, in words."""

from __future__ import annotations

import pytest

from salic_helpers import dealing, run, table
from solitaire_core import DRAW, IllegalMove, Move
from solitaire_core.testing import notation_in


def test_the_tableau_zones_are_piles(game):
    assert [game.zone_name(f"t{i}") for i in (1, 8)] == ["Pile 1", "Pile 8"]
    assert [game.zone_name(f"f{i}") for i in (1, 8)] == ["Foundation 1", "Foundation 8"]
    assert game.zone_name("stock") == "the stock"


def test_the_stock_click_deals_a_card_it_does_not_name(game):
    state = dealing(game, t1="KC 2C", f1="AC")
    assert game.describe_move(state, DRAW) == "Deal the next card from the stock"


def test_moves_and_the_cursor_in_words(game):
    state = table(game, f2=run("D", 9), f3=run("H", 9), t2="KD 10D JH", t3="KH 10H JD")
    words = {game.format_move(m): game.describe_move(state, m) for m in game.legal_moves(state)}
    assert words["t2>t1"] == "Move the J\u2665 onto the K\u2663"
    assert all(notation_in(game, state, text) is None for text in words.values())
    assert game.describe_spot(state, "t2", 2) == "Pile 2: the J\u2665"
    assert game.describe_spot(state, "stock", None) == "The stock is empty"


def test_refusals_in_words(game):
    state = table(game, f2=run("D", 9), f3=run("H", 9), t2="KD 10D JH", t3="KH 10H JD")
    assert game.why_illegal(state, DRAW) == "The stock is empty: every card is dealt (rule 4.3)"
    assert game.why_illegal(state, Move("t1", "t4")) == "Kings never move (rule 6.1)"
    with pytest.raises(IllegalMove, match="Pile 2 builds only on a King alone in its pile"):
        game.apply(state, Move("t3", "t2"))
    during = dealing(game, t1="KC", t2="KD 2C")
    assert game.why_illegal(during, Move("t2", "t1")) == \
        "A King alone in its pile takes a card only once the stock is empty (rule 5.2)"
