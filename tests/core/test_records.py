"""The statistics store (issue 8): records, figures, running totals, schema, damaged files."""

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_core import Choice, Switch
from solitaire_core.records import (VERSION, GameRecord, Store, StoreError, canonical, data_dir, outcome,
                                    record_session, records_path)
from solitaire_core.records import schema
from solitaire_core.records.figures import figures
from solitaire_core.scoring import VEGAS
from solitaire_core.session import Session

from minigame import MiniGame, winning_line

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


class ScoredMini(MiniGame):
    """The mini game with a Vegas-like score that may run on from game to game."""

    options = MiniGame.options + (Choice("scoring", ("vegas", "none")), Switch("carry"))
    scorings = {"vegas": VEGAS}
    running_total = "carry"


MINI = ScoredMini()


def game(result="won", n=0, game="mini", options=None, moves=10, score=None, duration=60.0, deal=1):
    return GameRecord(game=game, options=options or {"draw": 1}, deal=deal, result=result, moves=moves,
                      score=score, duration=duration, ended=T0 + timedelta(minutes=n))


@pytest.fixture
def store(tmp_path):
    with Store(data_dir=tmp_path) as opened:
        yield opened


# --- where the file lives -------------------------------------------------------------
def test_data_dir_from_parameter_then_environment_then_platform(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(tmp_path / "given") == tmp_path / "given"
    assert records_path() == tmp_path / "env" / "records.sqlite3"
    monkeypatch.delenv("SOLITAIRE_DATA_DIR")
    assert data_dir().name == "solitaire"


def test_store_opens_in_the_environment_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "deep" / "folder"))
    with Store() as store:
        store.record(game())
    assert (tmp_path / "deep" / "folder" / "records.sqlite3").is_file()


# --- records and figures ------------------------------------------------------------------
def test_a_record_reads_back_equal_and_survives_reopening(tmp_path):
    kept = game(score=-12, options={"draw": 2, "scoring": "vegas"}, deal=None)
    with Store(data_dir=tmp_path) as store:
        kept = store.record(kept)
    with Store(data_dir=tmp_path) as store:
        assert store.records() == [kept]
    assert kept.id == 1 and kept.started == kept.ended - timedelta(seconds=60)


def test_options_are_stored_as_canonical_json(store):
    store.record(game(options={"scoring": "vegas", "draw": 1}))
    raw = store._conn.execute("SELECT options FROM games").fetchone()[0]
    assert raw == '{"draw":1,"scoring":"vegas"}' == canonical((("draw", 1), ("scoring", "vegas")))


def test_figures_per_game_and_per_option_set(store):
    one, two = {"draw": 1}, {"draw": 2}
    for n, (result, options, moves, duration, score) in enumerate([
            ("won", one, 90, 300.0, 5), ("lost", one, 40, 100.0, 80), ("won", two, 70, 200.0, None),
            ("won", one, 80, 400.0, 3), ("abandoned", two, 5, 10.0, None)]):
        store.record(game(result, n, options=options, moves=moves, duration=duration, score=score))
    store.record(game("won", 9, game="other"))
    everything, first, second = store.summary("mini")
    assert (everything.options, first.options, second.options) == (None, (("draw", 1),), (("draw", 2),))
    assert (everything.played, everything.won, everything.lost, everything.abandoned) == (5, 3, 1, 1)
    assert everything.win_rate == pytest.approx(0.6)
    assert (everything.best_time, everything.fewest_moves, everything.best_score) == (200.0, 70, 80)
    assert (first.played, first.won, first.best_time, first.fewest_moves) == (3, 2, 300.0, 80)
    assert (first.winning_streak, first.losing_streak) == (1, 0)
    assert (second.winning_streak, second.losing_streak, second.longest_winning_streak) == (0, 1, 1)
    assert store.stats("mini", two) == second and store.stats("mini") == everything
    assert [s.game for s in store.summary()] == ["mini"] * 3 + ["other", "other"]


def test_streaks_follow_the_end_dates_not_the_order_of_writing(store):
    for n, result in [(3, "won"), (0, "won"), (1, "lost"), (2, "abandoned"), (4, "won")]:
        store.record(game(result, n))
    stats = store.stats("mini")
    assert (stats.winning_streak, stats.losing_streak) == (2, 0)
    assert (stats.longest_winning_streak, stats.longest_losing_streak) == (2, 2)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["won", "lost", "abandoned"]), max_size=30))
def test_streaks_match_a_plain_count(results):
    stats = figures("mini", None, [game(r, n) for n, r in enumerate(results)])
    text = "".join("W" if r == "won" else "L" for r in results)
    runs = lambda letter: [len(run) for run in text.split("L" if letter == "W" else "W")]
    assert stats.longest_winning_streak == max(runs("W"), default=0)
    assert stats.longest_losing_streak == max(runs("L"), default=0)
    tail = len(text) - len(text.rstrip(text[-1])) if text else 0
    assert (stats.winning_streak, stats.losing_streak) == ((tail, 0) if text.endswith("W") else (0, tail))
    assert stats.played == len(results) and stats.won == text.count("W")


def test_an_empty_store_gives_zero_figures(store):
    stats = store.stats("mini")
    assert (stats.played, stats.win_rate, stats.best_time, stats.best_score) == (0, 0.0, None, None)
    assert store.summary() == [] and store.games() == []


def test_reset_forgets_one_option_set_one_game_or_all(store):
    for n, options in enumerate([{"draw": 1}, {"draw": 2}, {"draw": 2}]):
        store.record(game(n=n, options=options))
    store.record(game(game="other"))
    assert store.reset("mini", {"draw": 2}) == 2
    assert [r.options for r in store.records("mini")] == [(("draw", 1),)]
    assert store.reset("mini") == 1 and store.games() == ["other"]
    assert store.reset() == 1 and store.records() == []


@pytest.mark.parametrize("change, words", [
    ({"result": "draw"}, "result"), ({"moves": -1}, "negative"), ({"moves": 1.5}, "moves"),
    ({"score": 2**70}, "score"), ({"duration": float("nan")}, "duration"), ({"game": ""}, "game id"),
    ({"options": {"draw": [1]}}, "option"), ({"options": 5}, "mapping"), ({"options": {"x": float("inf")}}, "option"), ({"ended": datetime(2026, 1, 1)}, "timezone"),
])
def test_a_bad_record_is_refused_clearly(change, words):
    fields = dict(game="mini", options={}, deal=1, result="won", moves=3, score=None, duration=1.0)
    fields.update(change)
    with pytest.raises(StoreError, match=words):
        GameRecord(**fields)


def test_a_row_edited_into_nonsense_is_left_out_with_a_notice(store):
    store.record(game(n=0))
    store.record(game(n=1))
    store._conn.execute("UPDATE games SET options = 'not json' WHERE id = 1")
    assert [r.id for r in store.records()] == [2]
    assert "Game record 1" in store.notices[0]


# --- running totals ----------------------------------------------------------------------------
def test_running_total_is_kept_per_game_and_options_without_the_switch(tmp_path):
    on = {"draw": 1, "scoring": "vegas", "carry": "on"}
    with Store(data_dir=tmp_path) as store:
        assert store.running_total("mini", on, "carry") == 0
        assert store.add_to_running_total("mini", on, "carry", -52) == -52
        assert store.add_to_running_total("mini", {**on, "carry": "off"}, "carry", 30) == -22
        store.add_to_running_total("mini", {**on, "draw": 2}, "carry", 7)
        store.add_to_running_total("other", on, "carry", 1)
    with Store(data_dir=tmp_path) as store:
        assert store.running_total("mini", on, "carry") == -22
        assert store.running_totals("mini") == [
            ("mini", (("draw", 1), ("scoring", "vegas")), -22), ("mini", (("draw", 2), ("scoring", "vegas")), 7)]
        store.reset_running_total("mini", on, "carry")
        assert store.running_total("mini", on, "carry") == 0
        assert store.running_total("mini", {**on, "draw": 2}, "carry") == 7
        store.reset()  # forgetting the games leaves the totals alone
        assert store.running_total("other", on, "carry") == 1


def test_recording_a_game_adds_its_score_to_the_running_total_in_one_write(store):
    options = {"draw": 1, "carry": "on"}
    store.record(game(score=-52, options=options), running_total="carry")
    store.record(game(score=208, options=options), running_total="carry")
    assert store.running_total("mini", options, "carry") == 156
    with pytest.raises(StoreError, match="whole number"):
        store.add_to_running_total("mini", options, "carry", 0.5)
    with pytest.raises(StoreError, match="without a score"):
        store.record(game(score=None, options=options), running_total="carry")
    assert len(store.records()) == 2  # the refused game left nothing behind


# --- from a session -------------------------------------------------------------------------------
def test_record_session_keeps_a_won_game_with_its_figures(store):
    session = Session(MINI, 5, {"scoring": "none"})
    for move in winning_line(MINI, session.state):
        session.play(move)
    kept = record_session(store, session)
    assert (kept.result, kept.game, kept.deal, kept.moves) == ("won", "mini", 5, session.move_count)
    assert dict(kept.options) == session.options and kept.score is None
    assert store.stats("mini").won == 1


def test_record_session_carries_the_score_when_the_game_says_so(store):
    on = {"scoring": "vegas", "carry": "on"}
    left = Session(MINI, 1, on)  # dealt and left at once: the stake is still paid
    assert record_session(store, left).result == "abandoned"
    session = Session(MINI, 2, on)
    session.play(MINI.legal_moves(session.state)[0])
    record_session(store, session, "lost")
    expected = MINI.score(left.state) + MINI.score(session.state)
    assert store.running_total("mini", session.options, "carry") == expected
    assert store.running_total("mini", {**session.options, "carry": "off"}, "carry") == expected
    assert record_session(store, Session(MINI, 3, {"scoring": "vegas"})) is None  # no move, no total
    assert len(store.records()) == 2


def test_outcome_tells_won_lost_and_abandoned():
    session = Session(MINI, 5)
    assert outcome(session) == "abandoned"
    for move in winning_line(MINI, session.state):
        session.play(move)
    assert outcome(session) == "won"

    class Hopeless(ScoredMini):
        def is_stuck(self, state):
            return True

    assert outcome(Session(Hopeless(), 5)) == "lost"


# --- schema ----------------------------------------------------------------------------------------
def test_the_schema_version_and_application_id_are_recorded(store):
    assert store._conn.execute("PRAGMA user_version").fetchone()[0] == VERSION == len(schema.MIGRATIONS)
    assert store._conn.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
    assert store._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_version_1_database_is_migrated_and_keeps_its_games(tmp_path):
    path = tmp_path / "records.sqlite3"
    conn = sqlite3.connect(path)
    for statement in schema.MIGRATIONS[0].statements:
        conn.execute(statement)
    conn.execute("INSERT INTO games VALUES (7, 'mini', '{\"draw\":1}', 3, 'won', 20, NULL, 12.5, "
                 "'2025-01-01T10:00:00.000+00:00', '2025-01-01T10:00:12.500+00:00')")
    conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with Store(path) as store:
        assert store.notices == []
        assert [(r.id, r.moves, r.duration) for r in store.records()] == [(7, 20, 12.5)]
        assert store.add_to_running_total("mini", {}, "carry", 5) == 5
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == VERSION


def test_a_newer_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "records.sqlite3"
    with Store(path) as store:
        store.record(game())
        store._conn.execute(f"PRAGMA user_version = {VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer version"):
        Store(path)
    assert path.read_bytes() == before and list(tmp_path.glob("*damaged*")) == []


# --- damaged and foreign files ----------------------------------------------------------------------
def moved_aside(tmp_path):
    return sorted(p.name for p in tmp_path.glob("records.sqlite3.damaged-*") if not p.name.endswith(("-wal", "-shm")))


@pytest.mark.parametrize("content", [b"\x00\x01 random bytes, not a database" * 100, b"SQLite format 3\x00" + b"\xff" * 5000])
def test_a_file_of_garbage_is_moved_aside_and_a_fresh_store_started(tmp_path, content):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(content)
    with Store(path) as store:
        assert "moved to" in store.notices[0] and "damaged" in store.notices[0]
        store.record(game())
        assert len(store.records()) == 1
    aside = moved_aside(tmp_path)
    assert len(aside) == 1 and (tmp_path / aside[0]).read_bytes() == content


def test_a_foreign_sqlite_file_is_moved_aside_whole(tmp_path):
    path = tmp_path / "records.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()
    with Store(path) as store:
        assert "not a statistics file" in store.notices[0] and "recipes" in store.notices[0]
        assert store.records() == []
    (aside,) = moved_aside(tmp_path)
    assert sqlite3.connect(tmp_path / aside).execute("SELECT name FROM recipes").fetchall() == [("soup",)]


def test_a_database_damaged_inside_is_moved_aside(tmp_path):
    path = tmp_path / "records.sqlite3"
    with Store(path) as store:
        for n in range(60):
            store.record(game(n=n))
        store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = 4096
    data[page * 2: page * 4] = b"\xa5" * (page * 2)  # scribble over pages of the table
    path.write_bytes(bytes(data))
    with Store(path) as store:
        assert store.notices and "damaged" in store.notices[0]
        assert store.records() == []


def test_a_folder_that_cannot_be_written_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot"):
        Store(data_dir=blocker / "sub")


def test_a_backup_is_a_store_of_its_own(store, tmp_path):
    kept = store.record(game())
    store.add_to_running_total("mini", {}, "carry", 9)
    copy = store.backup(tmp_path / "copy.sqlite3")
    store.record(game(n=1))
    with Store(copy) as restored:
        assert restored.records() == [kept] and restored.running_total("mini", {}, "carry") == 9
        assert restored.notices == []
    with pytest.raises(StoreError, match="back up"):
        store.backup(tmp_path / "missing-folder" / "copy.sqlite3")
    with pytest.raises(StoreError, match="themselves"):
        store.backup(store.path)
    assert len(store.records()) == 2
