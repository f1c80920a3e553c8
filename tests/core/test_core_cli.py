"""The command line (docs/architecture.md, The command line), called in-process through ``main``."""

import subprocess
import sys
from importlib.metadata import EntryPoint

import pytest
from minigame import MiniGame, winning_line

from solitaire_core import cli
from solitaire_core.registry import Failure, Games, load_games

GAME = MiniGame()
CALLS = []


@pytest.fixture
def mini(monkeypatch):
    """The command line sees the mini game and one broken plugin."""
    monkeypatch.setattr(cli, "load_games", lambda: Games({"mini": GAME}, [Failure("broken", "failed to load (ImportError: x)")]))


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_list_shows_games_options_defaults_and_failures(mini, capsys):
    status, out, err = run(capsys, "list")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "mini  Mini"
    assert lines[1].split() == ["draw", "1*", "2", "Cards", "drawn"]
    assert "Plugins that failed to load:" in lines
    assert lines[-1] == "  broken: failed to load (ImportError: x)"


def test_list_with_the_real_registry(capsys):
    """Every installed game in the registry's order, each followed by its options, whatever
    games are installed and whether they have options."""
    games = load_games()
    status, out, _ = run(capsys, "list")
    listed, _, rest = out.partition("(* marks the default)\n")
    expected = []
    for game in games.values():
        expected += [f"{game.id}  {game.name}"] + [option.name for option in game.options]
    assert status == 0 and [line.split()[0] if line.startswith(" ") else line for line in listed.splitlines()] == expected
    assert ("Plugins that failed to load:" in rest) == bool(games.failures)


def test_show_prints_the_position_text(mini, capsys):
    status, out, err = run(capsys, "show", "mini", "--deal", "1", "-o", "draw=2")
    assert status == 0 and err == ""
    assert out == GAME.format_position(GAME.new(1, draw=2))


def test_replay_applies_moves_and_prints_the_legal_ones(mini, capsys):
    status, out, err = run(capsys, "replay", "mini", "--deal", "1", "--moves", "draw draw", "--legal")
    after = GAME.apply(GAME.apply(GAME.new(1), GAME.parse_move(None, "draw")), GAME.parse_move(None, "draw"))
    position, legal = out.split("\n\n")
    assert status == 0 and err == ""
    assert position + "\n" == GAME.format_position(after)
    assert legal.splitlines() == [GAME.format_move(m) for m in GAME.legal_moves(after)]


def test_replay_a_winning_line_says_won(mini, capsys):
    line = " ".join(GAME.format_move(m) for m in winning_line(GAME, GAME.new(4)))
    status, out, _ = run(capsys, "replay", "mini", "--deal", "4", "--moves", line)
    assert status == 0 and out.endswith("# won\n")
    assert GAME.is_won(GAME.parse_position(out))


def test_replay_from_a_position_file(mini, capsys, tmp_path):
    path = tmp_path / "pos.txt"
    path.write_text(GAME.format_position(GAME.new(2)))
    status, out, _ = run(capsys, "replay", "mini", "--position", str(path), "--moves", "draw")
    assert status == 0
    assert GAME.parse_position(out) == GAME.apply(GAME.new(2), GAME.parse_move(None, "draw"))


def test_an_illegal_move_exits_1_naming_it_and_its_index(mini, capsys):
    status, out, err = run(capsys, "replay", "mini", "--deal", "1", "--moves", "draw t1>stock draw")
    assert status == 1 and out == ""
    assert err.startswith("solitaire: move 2 (t1>stock) is illegal: ") and err.count("\n") == 1


def test_an_unreadable_move_exits_1_too(mini, capsys):
    status, out, err = run(capsys, "replay", "mini", "--deal", "1", "--moves", "draw t1-t2")
    assert (status, out) == (1, "")
    assert err.startswith("solitaire: move 2 (t1-t2) cannot be read: bad move")


@pytest.mark.parametrize("argv, message", [
    (["show", "chess", "--deal", "1"], "unknown game 'chess' (installed: mini)"),
    (["show", "mini", "--deal", "1", "-o", "draw=9"], "option 'draw' takes 1, 2; not '9'"),
    (["show", "mini", "--deal", "1", "-o", "speed=9"], "unknown option 'speed'"),
    (["show", "mini", "--deal", "1", "-o", "draw"], "must be written name=value"),
    (["show", "mini", "--deal", "-3"], "deal number must be between 0 and 4294967295, not -3"),
    (["show", "mini", "--deal", "4294967296"], "deal number must be between 0 and 4294967295"),
    (["show", "mini", "--deal", "one"], "deal number must be a whole number, not 'one'"),
    (["show", "mini"], "required: --deal"),
    (["replay", "mini", "--deal", "1", "--position", "x"], "not allowed with argument"),
    (["replay", "mini", "--position", "/no/such/file"], "cannot read position file /no/such/file"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["play", "--deal", "3"], "-o, --deal, --moves and --position need a GAME"),
])
def test_bad_input_exits_2_with_one_line(mini, capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("solitaire: ") and message in err and err.count("\n") == 1


def test_a_bad_position_file_exits_2_naming_the_file(mini, capsys, tmp_path):
    path = tmp_path / "pos.txt"
    path.write_text(GAME.format_position(GAME.new(2)).replace("waste:\n", ""))
    status, _, err = run(capsys, "replay", "mini", "--position", str(path))
    assert status == 2 and err == f"solitaire: {path}: zone waste is missing (list empty zones as 'waste:')\n"


def record_frontend(options):
    CALLS.append(options)
    return 0


def frontends(monkeypatch, *found):
    monkeypatch.setattr(cli, "entry_points", lambda group: [EntryPoint(n, v, group) for n, v in found])


def test_play_hands_a_dict_to_the_front_end(mini, capsys, monkeypatch):
    frontends(monkeypatch, ("qt", f"{__name__}:record_frontend"))
    CALLS.clear()
    status, _, _ = run(capsys, "play", "mini", "--deal", "5", "-o", "draw=2", "--screenshot", "t.png")
    assert status == 0
    assert CALLS == [{"game": "mini", "deal": 5, "options": {"draw": 2}, "screenshot": "t.png"}]
    run(capsys, "play")
    assert CALLS[-1] == {"game": None, "deal": None, "options": {}, "screenshot": None}


def test_play_a_game_in_progress_hands_the_checked_moves_and_position(mini, capsys, monkeypatch, tmp_path):
    frontends(monkeypatch, ("qt", f"{__name__}:record_frontend"))
    CALLS.clear()
    status, _, _ = run(capsys, "play", "mini", "--deal", "1", "--moves", "draw draw", "--screenshot", "t.png")
    assert status == 0 and CALLS[-1]["moves"] == ["draw", "draw"] and "position" not in CALLS[-1]
    path = tmp_path / "p.txt"
    path.write_text(GAME.format_position(GAME.new(4)))
    status, _, _ = run(capsys, "play", "mini", "--position", str(path), "--moves", "draw")
    assert status == 0 and CALLS[-1]["position"] == GAME.format_position(GAME.new(4))
    status, _, err = run(capsys, "play", "mini", "--deal", "1", "--moves", "draw t1>stock")
    assert status == 1 and "move 2 (t1>stock) is illegal" in err and len(CALLS) == 2
    status, _, err = run(capsys, "play", "mini", "--moves", "draw")
    assert status == 2 and "--moves needs --deal N or --position FILE" in err


def test_play_without_a_front_end_exits_2(mini, capsys, monkeypatch):
    frontends(monkeypatch)
    status, _, err = run(capsys, "play")
    assert status == 2 and "no front end installed" in err
    frontends(monkeypatch, ("qt", "no_such_module_anywhere:main"))
    status, _, err = run(capsys, "play")
    assert status == 2 and "the qt front end failed to load (ModuleNotFoundError" in err


def test_the_command_line_never_imports_qt():
    code = ("import sys; from solitaire_core.cli import main; main(['list']); "
            "main(['show', 'klondike', '--deal', '1']); "
            "sys.exit(1 if any(m.startswith(('PySide6', 'ui_qt')) for m in sys.modules) else 0)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def test_python_dash_m_runs_the_same_command_line():
    done = subprocess.run([sys.executable, "-m", "solitaire_core", "show", "klondike", "--deal", "1"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("# Klondike\n")


@pytest.mark.parametrize("verb", [["list"], ["--help"], ["show", "klondike", "--help"]])
def test_a_reader_that_leaves_early_gets_no_traceback(verb):
    """``solitaire list | head -1`` in a plain shell (output buffered: no ``PYTHONUNBUFFERED``):
    the pipe is closed before anything is written, so every write fails (deterministically,
    unlike a real ``head`` racing the writer); the command ends quietly with status 1."""
    import os
    from pathlib import Path

    read_end, write_end = os.pipe()
    os.close(read_end)
    plain = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    try:
        done = subprocess.run([str(Path(sys.executable).with_name("solitaire")), *verb], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, env=plain, timeout=120)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (1, "")


def test_the_verbs_errors_speak_the_locales_language(tmp_path):
    """``LANG=fr_FR.UTF-8``: a bad option, a move that cannot be read and a position text
    that is not one are refused in French (the notation quoted stays as typed)."""
    import os

    from solitaire_core import i18n

    environ = {k: v for k, v in os.environ.items() if k not in i18n.SYSTEM_VARIABLES}

    def french(*args):
        done = subprocess.run([sys.executable, "-m", "solitaire_core", *args], capture_output=True, text=True,
                              env={**environ, "LANG": "fr_FR.UTF-8"}, timeout=120)
        return done.returncode, done.stderr

    assert french("show", "klondike", "--deal", "1", "-o", "draw=2") == (
        2, "solitaire: l'option 'draw' prend 1, 3\u00a0; pas '2'\n")
    status, said = french("replay", "klondike", "--deal", "1", "--moves", "t1")
    assert status == 1 and "coup incorrect 't1'\u00a0: écrivez SRC>DST" in said
    (tmp_path / "p.txt").write_text("nothing: here\n", encoding="utf-8")
    status, said = french("replay", "klondike", "--position", str(tmp_path / "p.txt"))
    assert status == 2 and "ligne 1\u00a0: «\u00a0zone: cartes\u00a0» attendu" in said
