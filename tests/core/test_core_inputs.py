"""Bounded reads and short quotes (issue 13): no file can hang or fill the program, no message
quotes a value whole. Through the engine's own readers (saves, position files) and the CLI's ``main``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_core.cli import main
from solitaire_core.errors import OptionError, SaveError
from solitaire_core.inputs import POSITION_LIMIT, FileRefused, quote, read_bytes, read_stream, set_aside, shorten
from solitaire_core.options import Choice
from solitaire_core.registry import load_games
from solitaire_core.session import MAX_SAVE_BYTES, Session

GAMES = load_games()
# A game with options where one is installed: the tests quote a bad option value's excerpt.
GAME = next((g for g in GAMES.values() if g.options), next(iter(GAMES.values())))
REPO = Path(__file__).resolve().parents[2]


def nested(depth: int) -> str:
    return "[" * depth + "1" + "]" * depth


@pytest.fixture
def odd(tmp_path):
    """Paths that are not plain files: a symlink to /dev/zero, a FIFO, a folder."""
    (tmp_path / "zero").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    return {"zero": (tmp_path / "zero", "a device"), "fifo": (tmp_path / "fifo", "a pipe"),
            "folder": (tmp_path / "folder", "a folder")}


# --- the reader ------------------------------------------------------------------------------------------
def test_only_a_regular_file_within_its_limit_is_read(tmp_path, odd):
    for path, kind in odd.values():
        with pytest.raises(FileRefused, match=kind):
            read_bytes(path, 1000)
    plain = tmp_path / "plain"
    plain.write_bytes(b"x" * 100)
    assert read_bytes(plain, 100) == b"x" * 100
    with pytest.raises(FileRefused, match="too large"):
        read_bytes(plain, 99)
    link = tmp_path / "link"
    link.symlink_to(plain)
    assert read_bytes(link, 100) == b"x" * 100  # a symlink to a plain file is that file


def test_standard_input_is_read_to_its_limit():
    import io

    assert read_stream(io.StringIO("abc"), 3) == "abc"
    with pytest.raises(FileRefused, match="too large"):
        read_stream(io.StringIO("abcd"), 3)


def test_a_file_set_aside_never_replaces_another(tmp_path):
    first, second = tmp_path / "save.json", tmp_path / "other"
    first.write_text("1")
    a = set_aside(first)
    first.write_text("2")
    b = set_aside(first)
    assert a != b and a.read_text() == "1" and b.read_text() == "2" and ".damaged-" in a.name
    assert b.suffix == ".json"
    second.mkdir()
    assert set_aside(second).is_dir()


# --- quotes ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["x" * 3_000_000, json.loads(nested(900)), {str(i): i for i in range(10**5)},
                                   b"\0" * 10**6, 1 << 20_000, [[1] * 10**5] * 3],
                         ids=["3-MB-text", "nested-900", "100k-keys", "1-MB-bytes", "20k-bit-int", "big-lists"])
def test_a_quote_is_short_whatever_the_value(value):
    text = quote(value)
    assert 0 < len(text) <= 60


def test_a_quote_of_a_value_deeper_than_the_interpreter_goes():
    deep = []
    for _ in range(100_000):
        deep = [deep]
    assert quote(deep).startswith("[[")
    assert shorten("t1>t2") == "t1>t2" and len(shorten("y" * 10**6)) == 60


def test_an_option_compares_lists_and_objects_without_printing_them():
    draw = Choice("draw", (1, 3))
    for depth in (10, 900, 5000):
        value = []
        for _ in range(depth):
            value = [value]
        with pytest.raises(OptionError) as refused:
            draw.coerce(value)
        assert len(str(refused.value)) < 200
    assert draw.coerce("3") == 3 and draw.coerce(3.0) == 3


# --- saves -----------------------------------------------------------------------------------------------
def a_save() -> dict:
    return Session(GAME, 1).to_json()


def test_a_save_nested_at_any_depth_is_refused_with_a_save_error(tmp_path):
    """Around the parser's own limit some depths parse and then broke the option check
    (RecursionError at 990 deep, once): every depth must be a clean SaveError."""
    option = GAME.options[0].name if GAME.options else "x"
    path = tmp_path / "deep.json"
    for depth in range(880, 1010):
        path.write_text(json.dumps({**a_save(), "options": "?"}).replace('"?"', f'{{"{option}": {nested(depth)}}}'))
        with pytest.raises(SaveError) as refused:
            Session.load(path, GAMES)
        assert len(str(refused.value)) < 400


@pytest.mark.parametrize("kind", ["zero", "fifo", "folder"])
def test_a_save_that_is_not_a_file_is_refused_at_once(odd, kind):
    path, words = odd[kind]
    with pytest.raises(SaveError, match=words):
        Session.load(path, GAMES)


def test_a_save_error_quotes_an_excerpt_of_the_bad_value():
    huge = "x" * 3_000_000
    for field in ("format", "version", "game"):
        with pytest.raises(SaveError) as refused:
            Session.from_json({**a_save(), field: huge}, GAMES)
        assert len(str(refused.value)) < 300
    with pytest.raises(SaveError) as refused:
        Session.from_json({**a_save(), "moves": [huge]}, GAMES)
    assert len(str(refused.value)) < 400 and str(refused.value).count("x") < 200
    if GAME.options:
        with pytest.raises(SaveError) as refused:
            Session.from_json({**a_save(), "options": {GAME.options[0].name: huge}}, GAMES)
        assert len(str(refused.value)) < 300


def test_a_start_position_longer_than_any_is_refused():
    with pytest.raises(SaveError, match="at most"):
        Session.from_json({**a_save(), "start": "x" * (POSITION_LIMIT + 1)}, GAMES)


def test_a_huge_save_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "save.json"
    path.write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    with pytest.raises(SaveError, match="too large"):
        Session.load(path, GAMES)


# --- the command line ------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["zero", "fifo", "folder"])
def test_replay_refuses_a_position_file_that_is_not_a_file(odd, kind, capsys):
    path, words = odd[kind]
    assert main(["replay", GAME.id, "--position", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_an_oversize_position_file_is_refused_at_once(tmp_path, capsys):
    path = tmp_path / "position.txt"
    path.write_text(GAME.format_position(GAME.new(1)) + "# " + "x" * (10 * 2**20) + "\n")
    assert main(["replay", GAME.id, "--position", str(path)]) == 2
    err = capsys.readouterr().err
    assert "too large" in err and err.count("\n") == 1 and len(err) < 300


def test_an_illegal_move_is_quoted_short(capsys):
    assert main(["replay", GAME.id, "--deal", "1", "--moves", "z" * 100_000]) == 1
    err = capsys.readouterr().err
    assert err.startswith("solitaire: move 1 (zzz") and len(err) < 400


def test_solitaire_replay_from_dev_zero_ends_at_once():
    """A real process: /dev/zero used to grow it to gigabytes."""
    done = subprocess.run([sys.executable, "-m", "solitaire_core", "replay", GAME.id, "--position", "/dev/zero"],
                          capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 2 and "a device" in done.stderr and done.stdout == ""
    done = subprocess.run([sys.executable, "-m", "solitaire_core", "replay", GAME.id, "--position", "-"],
                          input="x" * (POSITION_LIMIT + 1), capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 2 and "too large" in done.stderr
