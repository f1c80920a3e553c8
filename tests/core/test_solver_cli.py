"""``solitaire solve`` and ``solitaire winnability`` (docs/architecture.md, The command line)."""

from __future__ import annotations

from solitaire_core.cli import main


def test_solve_prints_winnable_then_moves_that_replay_to_a_win(capsys):
    assert main(["solve", "klondike", "--deal", "3", "-o", "draw=3", "--budget", "30"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "winnable"
    assert main(["replay", "klondike", "--deal", "3", "-o", "draw=3", "--moves", " ".join(lines[1:])]) == 0
    assert capsys.readouterr().out.rstrip().endswith("# won")


def test_solve_says_unknown_when_the_budget_runs_out(capsys):
    assert main(["solve", "klondike", "--deal", "2", "--budget", "0.000001"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "unknown\n"
    assert "time budget" in captured.err


def test_solve_refuses_a_bad_budget_and_an_unknown_game(capsys):
    assert main(["solve", "klondike", "--deal", "1", "--budget", "soon"]) == 2
    assert main(["solve", "nosuchgame", "--deal", "1"]) == 2
    assert main(["solve", "klondike", "--deal", "1", "-o", "draw=2"]) == 2


def test_winnability_counts_and_times_the_deals(capsys):
    assert main(["winnability", "klondike", "--deals", "3-5", "--budget", "20", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "winnable         3  100.0%" in out
    assert "winnable answers replayed to a win: 3 of 3" in out
    assert "median" in out and "95th percentile" in out


def test_winnability_refuses_a_backwards_range(capsys):
    assert main(["winnability", "klondike", "--deals", "5-1"]) == 2
    assert "A <= B" in capsys.readouterr().err
