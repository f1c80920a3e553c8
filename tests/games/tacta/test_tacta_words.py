"""What Tacta says to a player: its cards, stacks and sides, and its placements, in words."""

from __future__ import annotations

import pytest
from tacta_helpers import build, play

from solitaire_core import Move
from solitaire_core.testing import notation_in


@pytest.fixture
def example(game):
    """The rules text's example: Bt1 free, Bt2 under Rs5, Rc4 nearby."""
    return build(game, "Bt1: X.N, Bt2: X.E, Rs5: Bt2.E, Rc4: X.S")


def said(game, state, text):
    return game.describe_move(state, game.parse_move(state, text))


def test_cards_stacks_and_sides_have_names(game):
    assert [game.card_name(game.parse_card(c)) for c in ("Bt1", "Rs5", "X")] == [
        "the blue triangle 1", "the red square 5", "the X card"]
    assert [game.zone_name(z) for z in ("s1", "s2", "s6", "Rc4.E", "X.N", "Bt1")] == [
        "the blue circle stack", "the blue triangle stack", "the red square stack",
        "the east side of the red circle 4", "the north side of the X card", "the puzzle"]


def test_placements_say_where_the_card_goes(game, example):
    assert said(game, example, "Bt1>s2") == "Put the blue triangle 1 on the blue triangle stack"
    assert said(game, example, "Rs5>Rc4.E") == "Move the red square 5 to the east side of the red circle 4"
    state = play(game, example, "Bt1>s2")
    back = next(m for m in game.legal_moves(state) if m.src == "s2")
    assert game.describe_move(state, back).startswith("Move the blue triangle 1 to the ")
    assert all(notation_in(game, state, game.describe_move(state, m)) is None for m in game.legal_moves(state))


def test_the_cursor_names_what_it_is_on(game, example):
    assert game.describe_spot(example, "Bt1", 0) == "The puzzle: the blue triangle 1"
    assert game.describe_spot(example, "s2", None) == "The blue triangle stack is empty"
    state = play(game, example, "Bt1>s2")
    assert game.describe_spot(state, "s2", 0) == "The blue triangle stack: the blue triangle 1"


def test_refusals_name_cards_stacks_and_sides(game, example):
    assert game.why_illegal(example, Move("Bt2", "s2")) == \
        "The blue triangle 2 is covered by the red square 5: only an uncovered card moves (rule 2.8)"
    assert game.why_illegal(example, Move("Bt1", "s1")) == \
        "The blue triangle 1 belongs on the blue triangle stack, not on the blue circle stack (rule 5.2)"
    assert game.why_illegal(example, Move("X", "s1")) == "The X card never moves (rule 2.1)"
    assert game.why_illegal(example, Move("Rc4", "X.N")) == \
        "The north side of the X card is taken: the blue triangle 1 lies there"
    assert game.why_illegal(example, Move("Rs5", "Bt1.Q")) == "There is no such place on the table"
    for move in (Move("Bt2", "s2"), Move("Bt1", "s1"), Move("Rc4", "Bt1.N"), Move("Bt1", "X.N")):
        assert notation_in(game, example, game.why_illegal(example, move)) is None
