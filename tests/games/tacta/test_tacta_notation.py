"""Rules 6.2 to 6.5: zones, sides, move text and position text."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_core.errors import NotationError
from solitaire_core.moves import Move


def random_line(game, deal, steps, seed):
    rnd = random.Random(seed)
    state = game.new(deal)
    yield state
    for _ in range(steps):
        moves = game.legal_moves(state)
        state = game.apply(state, rnd.choice(moves))
        yield state


def test_rule_6_2_zones_are_card_codes_and_stacks(game):
    state = game.new(1)
    sources = {m.src for m in game.legal_moves(state)}
    codes = {p.card.code for p in state.puzzle}
    assert sources <= codes | {f"s{k}" for k in range(1, 7)}


def test_rule_6_3_sides_are_table_directions(game):
    state = game.new(1)
    at = {p.card.code: p for p in state.puzzle}
    step = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
    moves = [m for m in game.legal_moves(state) if "." in m.dst and m.src in at]
    assert moves
    for m in moves:
        code, side = m.dst.split(".")
        moved = next(p for p in game.apply(state, m).puzzle if p.card.code == m.src)
        assert moved.cell == (at[code].cell[0] + step[side][0], at[code].cell[1] + step[side][1])


@pytest.mark.parametrize("text,move", [
    ("Bt3>s2", Move("Bt3", "s2")),
    ("Bt3>Rc4.E", Move("Bt3", "Rc4.E")),
    ("s2>X.N", Move("s2", "X.N")),
    (" Rs6 > s6 ", Move("Rs6", "s6")),
])
def test_rule_6_4_move_text(game, text, move):
    state = game.new(1)
    assert game.parse_move(state, text) == move
    assert game.format_move(move) == text.replace(" ", "")


@pytest.mark.parametrize("bad", ["", "Bt3", "Bt3>", ">s2", "Bt3>Rc4", "Bt3>Rc4.Q", "Bt3>Rc4.NE",
                                 "Zz9>s1", "Bt3>s7", "draw", "t1>f1", "Bt3>Rc4.E>s1"])
def test_rule_6_4_bad_move_text_is_refused(game, bad):
    with pytest.raises(NotationError):
        game.parse_move(game.new(1), bad)


@settings(max_examples=8, deadline=None)
@given(deal=st.integers(0, 2**32 - 1), seed=st.integers(0, 1000))
def test_rule_6_4_and_6_5_exact_round_trips_along_random_play(game, deal, seed):
    for state in random_line(game, deal, 25, seed):
        text = game.format_position(state)
        back = game.parse_position(text)
        assert back == state and game.format_position(back) == text
        for move in game.legal_moves(state):
            assert game.parse_move(state, game.format_move(move)) == move


def test_rule_6_5_position_layout(game):
    text = game.format_position(game.new(1))
    lines = text.splitlines()
    assert lines[0] == "# Tacta Solitaire" and lines[1] == "X: centre"
    assert [line.split(":")[0] for line in lines[-6:]] == [f"s{k}" for k in range(1, 7)]
    assert len(lines) == 2 + 36 + 6
    # parents come before their children
    seen = {"X"}
    for line in lines[2:38]:
        code, rest = line.split(": ")
        assert rest.split(".")[0] in seen
        seen.add(code)


def replace_line(text, start, new):
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(start))
    if new is None:
        del lines[index]
    else:
        lines[index] = new
    return "\n".join(lines) + "\n"


EXAMPLE = "Bt1: X.N, Bt2: X.E, Rs5: Bt2.E, Rc4: X.S"


@pytest.mark.parametrize("start,new,message", [
    ("s2:", None, "stack s2 is missing"),
    ("X:", "X: north", "centre"),
    ("X:", None, "card X is missing"),
    ("s1:", "s1: Bc2 Bc1 Bc3 Bc4 Bc5 Bc6", "blue circle cards from 1 upward"),
    ("s4:", "s4: Rs1 Rs2 Rs3 Rs4", "Rs1 is already on line"),
    ("s6:", "s6: Rc1", "Rc1 is already on line"),
    ("Bt1:", "Bt1: Zz9.N", "bad side 'Zz9.N'"),
    ("Bt1:", "Bt1: X.Q", "bad side 'X.Q'"),
    ("Bt1:", "Bt1: Bt2.N", "north side of the blue triangle 2 is blank"),
    ("Bt1:", "Bt1: X.E", "Bt1 and Bt2 both lie on X.E|Bt2 and Bt1 both lie on X.E"),
    ("Bt1:", "Bt1: Bt2.W", "Bt1 cannot lie on Bt2.W: The west side of the blue triangle 2 is taken: the X card lies there"),
    ("Bt2:", "Bt2: Rs5.W", "not joined to the X card"),
    ("Bt1:", "Bt1: Rc1.N", "Rc1, which is not in the puzzle"),
])
def test_rule_6_5_bad_position_text_is_refused_clearly(game, start, new, message):
    from tacta_helpers import build

    text = game.format_position(build(game, EXAMPLE))
    with pytest.raises(NotationError, match=message):
        game.parse_position(replace_line(text, start, new))


@pytest.mark.parametrize("extra,message", [("@score 4", "unknown setting"), ("what is this", "expected"),
                                           ("Bc1: X.W", "already on line")])
def test_rule_6_5_extra_lines_are_refused_clearly(game, extra, message):
    text = game.format_position(game.new(1))
    with pytest.raises(NotationError, match=message):
        game.parse_position(text + extra + "\n")


def test_rule_6_4_a_saved_game_replays_its_moves(game, tmp_path):
    from solitaire_core.session import Session

    session = Session(game, 1)
    rnd = random.Random(1)
    for _ in range(20):
        session.play(rnd.choice(game.legal_moves(session.state)))
    session.save(tmp_path / "tacta.json")
    loaded = Session.load(tmp_path / "tacta.json", {"tacta": game})
    assert loaded.state == session.state and loaded.move_count == 20
