"""``solitaire stats [GAME]`` (issue 8): the figures as a table, read from the store; an
option set in words, in the player's language (issue 18)."""

import re
import sqlite3
from contextlib import closing
from datetime import datetime, timedelta, timezone

import pytest

from solitaire_core import i18n
from solitaire_core.cli import main
from solitaire_core.records import GameRecord, Store
from solitaire_core.records.report import duration_text, options_label
from solitaire_core.registry import load_games

KLONDIKE = load_games()["klondike"]
DEFAULTS = dict(KLONDIKE.resolve_options({}))
DRAW3 = dict(KLONDIKE.resolve_options({"draw": 3}))
T0 = datetime(2026, 3, 1, tzinfo=timezone.utc)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    return tmp_path


def keep(store, n, result, options=DEFAULTS, game="klondike", moves=100, duration=125.0, score=None):
    store.record(GameRecord(game=game, options=options, deal=n, result=result, moves=moves, score=score,
                            duration=duration, ended=T0 + timedelta(hours=n)))


def lines_of(text):
    return [line.split() for line in text.splitlines()]


def cells_of(text):
    """Each line's cells: the columns are two spaces apart at least, words inside one."""
    return [re.split(r"\s{2,}", line.strip()) for line in text.splitlines()]


def test_stats_prints_one_line_per_game_and_option_set(folder, capsys):
    with Store() as store:
        keep(store, 0, "won", moves=120, duration=3725.0, score=400)
        keep(store, 1, "won", moves=95, duration=250.0, score=300)
        keep(store, 2, "lost", DRAW3, score=50)
        keep(store, 3, "abandoned", game="retired-game")
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    header, rule, *rows = out.splitlines()
    assert header.split()[:5] == ["Game", "Options", "Played", "Won", "Win"]
    assert cells_of("\n".join(rows)) == [
        ["klondike", "(all)", "3", "2", "67%", "1 lost", "2", "1", "4:10", "95", "400"],
        ["klondike", "defaults", "2", "2", "100%", "2 won", "2", "0", "4:10", "95", "400"],
        ["klondike", "Cards drawn from the stock: 3", "1", "0", "0%", "1 lost", "0", "1", "-", "-", "50"],
        ["retired-game", "(all)", "1", "0", "0%", "1 lost", "0", "1", "-", "-", "-"],
        # a game no longer installed has no words for its options: they show as stored
        ["retired-game", "draw=1, passes=unlimited, scoring=standard, vegas_total=off",
         "1", "0", "0%", "1 lost", "0", "1", "-", "-", "-"],
    ]


def test_stats_of_one_game_with_its_running_totals(folder, capsys):
    vegas = dict(KLONDIKE.resolve_options({"scoring": "vegas", "vegas_total": "on"}))
    with Store() as store:
        keep(store, 0, "won", vegas, score=208)
        keep(store, 1, "lost", vegas, score=-32)
        keep(store, 2, "won", game="other")
        store.add_to_running_total("klondike", vegas, "vegas_total", 176)
    assert main(["stats", "klondike"]) == 0
    out = capsys.readouterr().out
    assert "other" not in out
    table, totals = out.split("Running totals\n")
    assert cells_of(totals)[2] == ["klondike", "Scoring: vegas", "176"]
    assert cells_of(table)[3][:5] == ["klondike", "Scoring: vegas, Carry the Vegas score from game to game: on",
                                      "2", "1", "50%"]


def test_stats_speak_the_players_language_and_the_store_keeps_no_words(folder, capsys):
    """``LANG=fr_FR.UTF-8 solitaire stats``: headings, option sets by their French labels and
    values, streaks; the option set stored is the same data in every language."""
    vegas = dict(KLONDIKE.resolve_options({"draw": 3, "scoring": "vegas"}))
    i18n.set_language("fr")
    try:
        with Store() as store:
            keep(store, 0, "won", vegas, score=20)
            keep(store, 1, "won", vegas, score=-10)
        assert main(["stats", "klondike"]) == 0
        labels = [i18n._(o.label) for name in ("draw", "scoring") for o in KLONDIKE.options if o.name == name]
        said = i18n._("{option}: {value}").format(option=labels[0], value=3) + ", " + \
            i18n._("{option}: {value}").format(option=labels[1], value=i18n._("vegas"))
    finally:
        i18n.set_language(None)
    header, _rule, everything, draw3 = cells_of(capsys.readouterr().out)
    assert header[:4] == ["Jeu", "Options", "Jouées", "Gagnées"]
    assert everything[:2] == ["klondike", "(toutes)"] and "2 gagnées" in everything
    assert draw3[1] == said and said.startswith("Cartes tir")
    with closing(sqlite3.connect(folder / "records.sqlite3")) as db:  # recorded in French, kept in no language
        assert {row[0] for row in db.execute("SELECT options FROM games")} == {
            '{"draw":3,"passes":"unlimited","scoring":"vegas","vegas_total":"off"}'}


def test_stats_before_any_game_creates_nothing(folder, capsys):
    assert main(["stats"]) == 0
    assert "No games recorded yet" in capsys.readouterr().out
    assert list(folder.iterdir()) == []
    with Store():
        pass
    assert main(["stats", "klondike"]) == 0
    assert "No games of klondike recorded yet" in capsys.readouterr().out


def test_stats_of_an_unknown_game_is_a_usage_error(folder, capsys):
    assert main(["stats", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_stats_on_a_damaged_store_says_so_and_goes_on(folder, capsys):
    (folder / "records.sqlite3").write_bytes(b"garbage" * 500)
    assert main(["stats"]) == 0
    captured = capsys.readouterr()
    assert "moved to" in captured.err and "No games recorded yet" in captured.out


def test_stats_refuses_a_store_from_a_newer_program(folder, capsys):
    with Store() as store:
        store._conn.execute("PRAGMA user_version = 99")
    assert main(["stats"]) == 2
    assert "newer version" in capsys.readouterr().err


def test_labels():
    assert duration_text(None) == "-" and duration_text(59.6) == "0:59" and duration_text(3725) == "1:02:05"
    assert options_label(None) == "(all)"
    assert options_label(tuple(sorted(DEFAULTS.items())), KLONDIKE) == "defaults"
    assert options_label((("draw", 3), ("x", 1))) == "draw=3, x=1"  # no game: no words, as stored
    assert options_label((("draw", 3), ("x", 1)), KLONDIKE) == "Cards drawn from the stock: 3, x=1"


def as_a_player(command: list[str]) -> list[str]:
    """The command as a player runs it: root (CI, a container) reads any folder, so as root
    it runs without the capabilities that pass over file permissions."""
    import os

    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--", *command] if os.geteuid() == 0 else command


@pytest.mark.parametrize("locked", ["folder", "file"])
def test_stats_in_an_unreadable_data_folder_says_so_in_words(tmp_path, locked):
    """``solitaire stats`` where the data folder or its statistics file cannot be read: one
    line naming the file and why, status 2, no traceback."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    with Store(tmp_path / "records.sqlite3") as store:
        keep(store, 1, "won")
    closed = tmp_path if locked == "folder" else tmp_path / "records.sqlite3"
    closed.chmod(0)
    plain = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    try:
        done = subprocess.run(as_a_player([str(Path(sys.executable).with_name("solitaire")), "stats"]),
                              capture_output=True, text=True, timeout=120,
                              env=dict(plain, SOLITAIRE_DATA_DIR=str(tmp_path)))
    finally:
        closed.chmod(0o700)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"solitaire: cannot open the statistics file {tmp_path / 'records.sqlite3'}: ")
    assert done.stderr.count("\n") == 1, done.stderr
