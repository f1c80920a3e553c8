"""The statistics file read with care (issue 13): rows edited into nonsense are left out with a
notice naming the file, a file that is not one is moved aside, and a read-only folder is read.
The command line through its real ``main`` and as a process."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from solitaire_core.cli import main
from solitaire_core.records import GameRecord, Store
from solitaire_core.records.paths import is_kept, kept_files

REPO = Path(__file__).resolve().parents[2]
OPTIONS = {"draw": 1, "total": "on"}
T0 = datetime(2026, 3, 1, tzinfo=timezone.utc)


def nested(depth: int) -> str:
    return "[" * depth + "1" + "]" * depth


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    return tmp_path


def filled(folder) -> Path:
    """A store with one game, and running totals of 40 (kept) and 7 (to be spoilt) for game ``g``."""
    with Store() as store:
        store.record(GameRecord(game="g", options=OPTIONS, deal=1, result="won", moves=9, score=40,
                                duration=3.0, ended=T0))
        store.add_to_running_total("g", OPTIONS, "total", 40)
        store.add_to_running_total("g", {**OPTIONS, "draw": 3}, "total", 7)
    return folder / "records.sqlite3"


def spoil(path: Path, sql: str) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(sql)
    conn.close()


SPOILT_TOTALS = {
    "not-a-number": "UPDATE running_totals SET total = 'lots' WHERE options LIKE '%3%'",
    "a-fraction": "UPDATE running_totals SET total = 1.5 WHERE options LIKE '%3%'",
    "too-large": f"UPDATE running_totals SET total = {2**62} WHERE options LIKE '%3%'",
    "options-not-json": "UPDATE running_totals SET options = '{not json' WHERE options LIKE '%3%'",
    "options-a-list": "UPDATE running_totals SET options = '[1, 2]' WHERE options LIKE '%3%'",
    "options-deep": f"UPDATE running_totals SET options = '{nested(5000)}' WHERE options LIKE '%3%'",
    "options-huge": f"UPDATE running_totals SET options = '\"{'x' * 3_000_000}\"' WHERE options LIKE '%3%'",
    "game-bytes": "UPDATE running_totals SET game = x'00ff' WHERE options LIKE '%3%'",
}


@pytest.mark.parametrize("spoilt", SPOILT_TOTALS)
def test_a_spoilt_running_total_is_left_out_with_a_notice_naming_the_file(folder, spoilt):
    path = filled(folder)
    spoil(path, SPOILT_TOTALS[spoilt])
    with Store() as store:
        assert store.running_totals() == [("g", (("draw", 1),), 40)]
        (notice,) = store.notices
        assert str(path) in notice and "left out" in notice and len(notice) < 600
        assert store.running_total("g", OPTIONS, "total") == 40
        assert store.games() == ["g"]


@pytest.mark.parametrize("spoilt", ["not-a-number", "a-fraction", "too-large"])
def test_a_spoilt_total_counts_as_nothing_and_the_next_game_starts_it_again(folder, spoilt):
    path = filled(folder)
    spoil(path, SPOILT_TOTALS[spoilt])
    draw3 = {**OPTIONS, "draw": 3}
    with Store() as store:
        assert store.running_total("g", draw3, "total") == 0
        assert len(store.notices) == 1 and str(path) in store.notices[0]
        assert store.add_to_running_total("g", draw3, "total", -52) == -52
        assert store.running_total("g", draw3, "total") == -52


@pytest.mark.parametrize("spoilt", SPOILT_TOTALS)
def test_solitaire_stats_shows_the_rest_and_names_the_file(folder, spoilt, capsys):
    path = filled(folder)
    spoil(path, SPOILT_TOTALS[spoilt])
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert "Running totals" in out and " 40" in out.split("Running totals")[1]
    assert "g" in out.split("Running totals")[0]
    assert err.count(str(path)) == 1 and "left out" in err and len(err) < 600


def test_a_game_row_with_options_nested_too_deep_is_left_out(folder):
    path = filled(folder)
    with Store() as store:
        store.record(GameRecord(game="g", options=OPTIONS, deal=2, result="lost", moves=3, score=1, duration=1.0))
    spoil(path, f"UPDATE games SET options = '{nested(100_000)}' WHERE deal = 2")
    with Store() as store:
        assert [r.deal for r in store.records("g")] == [1]
        assert len(store.notices) == 1 and "Game record 2" in store.notices[0] and len(store.notices[0]) < 600


# --- the file itself -------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["fifo", "symlink-to-dev-zero", "folder"])
def test_a_statistics_file_that_is_not_a_file_is_moved_aside(folder, kind):
    path = folder / "records.sqlite3"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero")
    done = subprocess.run([sys.executable, "-m", "solitaire_core", "stats"], capture_output=True, text=True,
                          timeout=60, cwd=REPO, env={**os.environ, "SOLITAIRE_DATA_DIR": str(folder)})
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("moved to") == 1, "the notice is printed once"
    assert "No games recorded yet" in done.stdout
    assert path.is_file() and not path.is_symlink()
    assert len(list(folder.glob("records.sqlite3.damaged-*"))) == 1


def test_stats_prints_what_it_moved_aside_once(folder):
    (folder / "records.sqlite3").write_bytes(b"garbage" * 500)
    done = subprocess.run([sys.executable, "-m", "solitaire_core", "stats"], capture_output=True, text=True,
                          timeout=60, cwd=REPO, env={**os.environ, "SOLITAIRE_DATA_DIR": str(folder)})
    assert done.returncode == 0 and done.stderr.count("could not be used") == 1, done.stderr


def unprivileged(command: list[str]) -> list[str]:
    """As root, without the capabilities that let root ignore file modes."""
    if os.geteuid() != 0:
        return command
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file modes cannot be made to hold")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", *command]


def test_stats_reads_a_store_in_a_read_only_folder(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    with Store(data_dir=folder) as store:
        store.record(GameRecord(game="g", options=OPTIONS, deal=1, result="won", moves=9, score=40, duration=3.0))
    folder.chmod(0o555)
    try:
        done = subprocess.run(unprivileged([sys.executable, "-m", "solitaire_core", "stats"]), capture_output=True,
                              text=True, timeout=60, cwd=REPO, env={**os.environ, "SOLITAIRE_DATA_DIR": str(folder)})
    finally:
        folder.chmod(0o755)
    assert done.returncode == 0, done.stderr
    assert "readonly" not in done.stderr and done.stdout.splitlines()[2].split()[:4] == ["g", "(all)", "1", "1"]
    assert sorted(p.name for p in folder.iterdir()) == ["records.sqlite3"]


# --- what Save game as never overwrites --------------------------------------------------------------------
def test_every_file_the_program_keeps_is_known_and_refused(tmp_path):
    names = {p.name for p in kept_files(tmp_path)}
    assert {"records.sqlite3", "records.sqlite3-wal", "autosave.json", "settings.ini"} <= names
    for path in kept_files(tmp_path):
        assert is_kept(path, override=tmp_path)
    assert is_kept(tmp_path / "records-outbox" / "x.json", override=tmp_path)
    assert is_kept(tmp_path / "sub" / ".." / "records.sqlite3", override=tmp_path)
    (tmp_path / "records.sqlite3").write_text("")
    os.link(tmp_path / "records.sqlite3", tmp_path / "hard.json")
    (tmp_path / "soft.json").symlink_to(tmp_path / "autosave.json")
    assert is_kept(tmp_path / "hard.json", override=tmp_path) and is_kept(tmp_path / "soft.json", override=tmp_path)
    assert not is_kept(tmp_path / "my game.json", override=tmp_path)
