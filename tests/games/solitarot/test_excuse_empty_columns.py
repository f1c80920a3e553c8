"""Rule 8.13 (a locked Excuse heading a run: never the trumps column, in Hard no empty
column) and the positions no game can reach, refused when read (rules 5.1, 5.2, 8.8)."""

import pytest

from solitaire_core import IllegalMove, NotationError
from solitaire_core.testing import legal_texts as moves

RUN = dict(t1="(2S) T12 EX:T11 T10", t3="", t8="")


def test_rule_8_13_in_hard_a_run_headed_by_the_excuse_starts_no_empty_column(game, position):
    state = position("hard", **RUN)
    legal = moves(game, state)
    assert "t1:2>t3" not in legal and "t1:2>t8" not in legal
    with pytest.raises(IllegalMove, match=r"In Hard the Excuse never goes on an empty column.*8\.13"):
        game.apply(state, game.parse_move(state, "t1:2>t3"))
    with pytest.raises(IllegalMove, match=r"no trump.*trumps column.*8\.13"):
        game.apply(state, game.parse_move(state, "t1:2>t8"))


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_rule_8_13_the_excuse_never_starts_the_trumps_column(game, position, play, difficulty):
    state = position(difficulty, **RUN)
    legal = moves(game, state)
    assert "t1:2>t8" not in legal
    assert "t1:2>t3" in legal  # rule 8.3: an empty column 1-7 takes it as the trump it stands for
    after = play(state, "t1:2>t3")
    assert game.format_position(after).splitlines()[-6] == "t3: EX:T11 T10"


def test_rule_8_13_it_still_moves_onto_a_trump_it_builds_on_in_the_trumps_column(game, position):
    state = position("medium", t3="EX:T11 T10", t8="T13 T12")
    assert "t3:2>t8" in moves(game, state)


@pytest.mark.parametrize("column, problem", [
    ("9S EX:5R", "EX:5R in t1: as 5R it does not fit on 9S"),
    ("(9S) EX:8R", "EX:8R in t1: a locked Excuse never lies on a face-down card"),
    ("9S EX:8R 2C", "EX:8R in t1: 2C does not build on it as 8R"),
    ("EX:5R", "EX:5R in t1: as 5R it cannot start a column"),
])
def test_rule_5_1_and_5_2_and_8_8_a_locked_excuse_lies_only_where_its_card_could(game, position, column, problem):
    with pytest.raises(NotationError, match=problem):
        position(t1=column)


def test_rule_8_13_no_position_has_a_locked_excuse_heading_a_column_it_cannot_start(game, position):
    position("medium", t1="EX:KB QH")  # the wild Excuse locked by a Queen: reachable
    with pytest.raises(NotationError, match="EX:KB in t1: a locked Excuse never starts a column in Hard"):
        position("hard", t1="EX:KB QH")
    with pytest.raises(NotationError, match="EX:T11 in t8: a locked Excuse never starts the trumps column"):
        position("medium", t8="EX:T11 T10")


def test_rule_2_3_and_4_3_no_face_up_card_in_the_stock_nor_face_down_on_the_waste(game):
    text = game.format_position(game.new(1))
    with pytest.raises(NotationError, match=r"zone stock: 6C lies face up, but every card of the stock"):
        game.parse_position(text.replace("(6S) (6C)", "(6S) 6C"))
    with pytest.raises(NotationError, match=r"zone waste: \(6C\) lies face down, but every card of the waste"):
        game.parse_position(text.replace("(6S) (6C)", "(6S)").replace("waste:", "waste: (6C)"))
