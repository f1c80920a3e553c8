"""What Klondike says to a player: its zones, moves and refusals in words."""

from __future__ import annotations

import pytest

from klondike_helpers import build
from solitaire_core import DRAW, IllegalMove, Move, parse_card
from solitaire_core.testing import notation_in


def rest_of_pack(game, *placed: str) -> str:
    """Every card not in ``placed``, face up (for the waste)."""
    used = {parse_card(code.strip("()")) for text in placed for code in text.split()}
    return " ".join(card.code for card in game.deck if card not in used)


def said(game, state):
    return {game.format_move(m): game.describe_move(state, m) for m in game.legal_moves(state)}


def test_zones_are_the_stock_the_waste_foundations_and_columns(game):
    assert [game.zone_name(z.id) for z in game.zones] == [
        "the stock", "the waste", *(f"Foundation {i}" for i in range(1, 5)), *(f"Column {i}" for i in range(1, 8))]


def test_moves_say_which_cards_go_where(game):
    state = build(game, t1="(5C) 9S 8H 7C", t2="10D", t3="KS", waste="AH", stock="(2C)", rest="stock")
    words = said(game, state)
    assert words["t1:3>t2"] == "Move the 9\u2660 and the 2 cards on it onto the 10\u2666"
    assert words["waste>f1"] == "Put the A\u2665 on Foundation 1"
    assert words["t3>t4"] == "Move the K\u2660 to Column 4"
    assert words["draw"] == "Turn over the next card"
    assert all(notation_in(game, state, text) is None for text in words.values())


def test_the_stock_click_turns_over_as_many_cards_as_the_draw(game):
    stock = "(2C) (3C) (4C) (5C)"
    state = build(game, t1="KS", stock=stock, waste=rest_of_pack(game, "KS", stock), draw=3)
    assert game.describe_move(state, DRAW) == "Turn over the next 3 cards"
    state = build(game, t1="KS", stock="(2C)", waste=rest_of_pack(game, "KS 2C"), draw=3)
    assert game.describe_move(state, DRAW) == "Turn over the next card"


def test_with_the_stock_empty_the_click_turns_the_waste_back(game):
    state = build(game, t1="KS", waste=rest_of_pack(game, "KS"))
    assert game.describe_move(state, DRAW) == "Turn the waste back into the stock"


def test_no_pass_left_is_said_in_words(game):
    state = build(game, t1="KS", waste=rest_of_pack(game, "KS"), passes=1)
    reason = game.why_illegal(state, DRAW)
    assert reason == "The stock is empty and no pass through it is left (rule 8.3)"


def test_a_refusal_says_a_face_down_card_is_face_down_and_never_names_it(game):
    state = build(game, t1="(7H)", t2="6S", rest="stock")
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, Move("t2", "t1"))
    assert refused.value.reason.startswith("The top card of Column 1 is face down")
    assert game.card_name(parse_card("7H")) not in refused.value.reason
