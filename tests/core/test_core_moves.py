"""Move notation (docs/notation.md): SRC>DST, SRC:N>DST, draw."""

import pytest

from solitaire_core import DRAW, Move, NotationError
from solitaire_core.moves import format_move, parse_move


@pytest.mark.parametrize("text, move", [
    ("t1>f2", Move("t1", "f2")),
    ("t3:4>t5", Move("t3", "t5", 4)),
    ("waste>t1", Move("waste", "t1")),
    ("draw", DRAW),
    ("excuse>t8", Move("excuse", "t8")),
    ("salic-1>t2", Move("salic-1", "t2")),
])
def test_moves_round_trip(text, move):
    assert parse_move(text) == move
    assert format_move(move) == text == str(move)


def test_spaces_around_the_arrow_are_forgiven():
    assert parse_move(" t1 > f2 ") == Move("t1", "f2")


@pytest.mark.parametrize("text, message", [
    ("t1", "write SRC>DST"),
    ("t1>", "write SRC>DST"),
    ("1>t2", "write SRC>DST"),
    ("t1:x>t2", "write SRC>DST"),
    ("t1:0>t2", "whole number from 1"),
    ("t1:03>t2", "whole number from 1"),
    ("t1:1>t2", "write one card as t1>t2"),
    ("", "write SRC>DST"),
])
def test_bad_move_text(text, message):
    with pytest.raises(NotationError, match=message):
        parse_move(text)
