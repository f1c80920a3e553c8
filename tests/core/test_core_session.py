"""A game in progress: undo/redo, restart, the clock, and JSON saves (docs/architecture.md, Sessions and saves)."""

import json
import os

import pytest

from solitaire_core import IllegalMove, Move, SaveError
from solitaire_core.session import Session

from minigame import MiniGame, winning_line

GAME = MiniGame()
GAMES = {GAME.id: GAME}


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def play_many(session, count):
    """``count`` legal moves, chosen by a fixed rule (the stock always allows one)."""
    for k in range(count):
        moves = GAME.legal_moves(session.state)
        session.play(moves[(k * 7) % len(moves)])


def test_undo_and_redo_450_deep():
    session = Session(GAME, 3)
    play_many(session, 450)
    states = list(session.states)
    assert session.move_count == 450 and len(states) == 451
    for back in range(450):
        assert session.undo()
        assert session.state == states[449 - back]
    assert session.state == GAME.new(3) and not session.undo()
    for forward in range(450):
        assert session.redo()
    assert session.state == states[-1] and not session.redo()


def test_a_move_after_undo_drops_the_redo_branch():
    session = Session(GAME, 3)
    play_many(session, 5)
    session.undo()
    session.undo()
    other = [m for m in GAME.legal_moves(session.state) if m != session.moves[session.position]][0]
    session.play(other)
    assert session.move_count == 4 and len(session.moves) == 4 and not session.can_redo()


def test_restart_goes_back_to_the_deal_and_keeps_redo():
    session = Session(GAME, 3)
    play_many(session, 10)
    session.restart()
    assert session.state == GAME.new(3) and session.move_count == 0 and session.can_redo()


def test_illegal_move_changes_nothing():
    session = Session(GAME, 1)
    with pytest.raises(IllegalMove, match="illegal move t1>stock"):
        session.play(Move("t1", "stock"))
    assert session.move_count == 0 and session.states == [GAME.new(1)]


def test_the_clock_runs_from_the_first_move_until_paused_or_won():
    clock = FakeClock()
    session = Session(GAME, 1, clock=clock)
    line = winning_line(GAME, session.state)
    clock.now += 50
    assert session.elapsed == 0  # no move yet
    session.play(line[0])
    clock.now += 10
    assert session.elapsed == 10
    session.pause()
    clock.now += 1000
    assert session.elapsed == 10
    for move in line[1:]:
        clock.now += 2
        session.play(move)
    assert session.is_won
    won_after = session.elapsed
    assert won_after == 10 + 2 * (len(line) - 2)  # paused until the next move
    clock.now += 500
    assert session.elapsed == won_after


def test_restart_starts_the_clock_again_from_the_next_move():
    clock = FakeClock()
    session = Session(GAME, 1, clock=clock)
    line = winning_line(GAME, session.state)
    session.play(line[0])
    clock.now += 6
    assert session.elapsed == 6
    session.restart()
    assert session.elapsed == 0
    clock.now += 30
    assert session.elapsed == 0  # no move of this attempt yet
    for move in line:
        session.play(move)
        clock.now += 3
    assert session.is_won
    assert session.elapsed == 3 * (len(line) - 1)  # this attempt only, stopped at the win


def test_redo_after_restart_runs_the_clock_as_a_move_does():
    clock = FakeClock()
    session = Session(GAME, 1, clock=clock)
    play_many(session, 3)
    session.restart()
    clock.now += 20
    assert session.redo()
    clock.now += 4
    assert session.elapsed == 4


def test_save_and_load_round_trip(tmp_path):
    clock = FakeClock()
    session = Session(GAME, 7, {"draw": "2"}, clock=clock)
    play_many(session, 30)
    clock.now += 12.5
    session.undo()
    path = tmp_path / "game.json"
    session.save(path)
    data = json.loads(path.read_text())
    assert (data["format"], data["version"], data["game"], data["deal"]) == ("solitaire-save", 1, "mini", 7)
    assert data["options"] == {"draw": 2} and data["position"] == 29 and len(data["moves"]) == 30
    loaded = Session.load(path, GAMES)
    assert loaded.states == session.states and loaded.position == 29 and loaded.moves == session.moves
    assert loaded.elapsed == pytest.approx(12.5)
    assert loaded.redo() and loaded.state == session.states[-1]


def test_a_game_from_position_text_saves_its_start(tmp_path):
    start = GAME.parse_position(GAME.format_position(GAME.new(9)))
    session = Session(GAME, None, start=start)
    play_many(session, 3)
    session.save(tmp_path / "s.json")
    loaded = Session.load(tmp_path / "s.json", GAMES)
    assert loaded.states == session.states and loaded.deal is None


def test_a_failed_write_leaves_the_old_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    session = Session(GAME, 1)
    session.save(path)
    before = path.read_text()
    play_many(session, 5)

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        session.save(path)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary file left


def save_data(**changes):
    session = Session(GAME, 1)
    play_many(session, 4)
    data = session.to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize("data, message", [
    (save_data(format="chess-save"), "not a solitaire save"),
    (save_data(version=99), "save version 99 is not supported"),
    (save_data(game="spider"), "game 'spider', which is not installed"),
    (save_data(options={"draw": 5}), "cannot be set up: option 'draw' takes 1, 2"),
    (save_data(options={"speed": 5}), "cannot be set up: unknown option 'speed'"),
    (save_data(moves=["draw", "t1>stock"], position=2), r"move 2 \('t1>stock'\) cannot be replayed: illegal move t1>stock"),
    (save_data(moves=["draw", "t1 to t2"], position=2), r"move 2 \('t1 to t2'\) cannot be replayed: bad move"),
    (save_data(moves="draw"), "'moves' must be a list"),
    (save_data(position=5), "'position' must be a whole number from 0 to 4"),
    (save_data(position=-1), "'position' must be a whole number from 0 to 4"),
    (save_data(deal="one"), "'deal' must be a whole number"),
    (save_data(elapsed="long"), "'elapsed' must be a number"),
    ([1, 2], "a save must be a JSON object"),
])
def test_bad_saves_are_refused_with_a_reason(tmp_path, data, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=message):
        Session.load(path, GAMES)


def test_a_file_that_is_not_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(SaveError, match="cannot read"):
        Session.load(path, GAMES)
    with pytest.raises(SaveError, match="cannot read"):
        Session.load(tmp_path / "missing.json", GAMES)
