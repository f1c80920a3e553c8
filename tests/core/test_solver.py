"""The generic solver: exact answers for every game, budgets and cancellation."""

from __future__ import annotations

import threading

import attrs
import pytest

from solitaire_core.registry import load_games
from solitaire_core.testing import reachable_win
from solitaire_core.solver import (UNKNOWN, UNWINNABLE, WINNABLE, Budget, check_solution,
                                   hooks_for, plain_hooks, solve)

from minigame import MiniGame
from solver_positions import blocked

GAMES = load_games()


def replays_to_a_win(game, state, moves) -> bool:
    """Independent of the solver's own check: every move through ``apply``."""
    for move in moves:
        state = game.apply(state, move)
    return game.is_won(state)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_solutions_of_every_game_replay_to_a_win(game_id):
    """Whatever the game, a winnable answer's moves win and an unknown one says why; how
    many deals a small budget decides is the game's own affair (Klondike's:
    test_solver_klondike.py; the plain search's exactness: the mini game below)."""
    game = GAMES[game_id]
    for deal in range(1, 7):
        start = game.new(deal)
        result = solve(game, start, Budget(seconds=20, nodes=3000))
        assert result.answer in (WINNABLE, UNWINNABLE, UNKNOWN)
        if result.answer == WINNABLE:
            assert replays_to_a_win(game, start, result.moves)
            assert result.next_move == result.moves[0]
        elif result.answer == UNKNOWN:
            assert result.reason



MINI_LOST = """stock: (AD) (2S) (2H) (2D) (2C) (3D)
waste:
f1:
f2:
f3:
f4:
t1: (AS) 3H
t2: (AH) 3C
t3: (AC) 3S"""  # each 3 covers the Ace its own 2 needs, round in a circle


def test_plain_search_is_exact_on_a_small_game():
    """Winnable and unwinnable agree with brute force, on deals and on a lost position."""
    game = MiniGame()
    starts = [game.new(deal, draw=draw) for deal in range(1, 9) for draw in (1, 2)]
    starts += [game.parse_position(MINI_LOST),
               game.parse_position(MINI_LOST.replace("t3: (AC) 3S", "t3: (AC) 3D").replace("(3D)", "(3S)"))]
    answers = []
    for start in starts:
        result = solve(game, start, Budget(seconds=None))
        assert result.answer == (WINNABLE if reachable_win(game, start) else UNWINNABLE)
        answers.append(result.answer)
    assert answers[-2:] == [UNWINNABLE, WINNABLE]


def hard_start():
    """A lost Klondike position whose search, without the dead-end test, never ends."""
    game = GAMES["klondike"]
    return game, blocked(game), hooks_for(game, off=("dead_end",))


def test_node_budget_gives_unknown():
    game, start, hooks = hard_start()
    result = solve(game, start, Budget(seconds=None, nodes=10), hooks=hooks)
    assert (result.answer, result.reason) == (UNKNOWN, "node budget")
    assert result.moves == ()


def test_time_budget_gives_unknown():
    game, start, hooks = hard_start()
    result = solve(game, start, Budget(seconds=1e-9), hooks=hooks)
    assert (result.answer, result.reason) == (UNKNOWN, "time budget")


def test_memory_ceiling_gives_unknown():
    game, start, hooks = hard_start()
    result = solve(game, start, Budget(seconds=None, table=50), hooks=hooks)
    assert result.answer == UNKNOWN and "memory" in result.reason


def test_a_set_event_cancels_before_anything_is_searched():
    game, start, hooks = hard_start()
    event = threading.Event()
    event.set()
    result = solve(game, start, Budget(seconds=None), cancel=event, hooks=hooks)
    assert (result.answer, result.reason, result.nodes) == (UNKNOWN, "cancelled", 0)


def test_cancel_from_another_thread_stops_a_running_search():
    game, start, hooks = hard_start()
    running, event, results = threading.Event(), threading.Event(), []

    def lines(state):
        running.set()
        return hooks.lines(state)

    watched = attrs.evolve(hooks, lines=lines, narrow=None)
    worker = threading.Thread(target=lambda: results.append(
        solve(game, start, Budget(seconds=None, table=None), cancel=event, hooks=watched)), daemon=True)
    worker.start()
    assert running.wait(60)
    event.set()
    worker.join(60)  # a safety net, not a timing assert: a search that ignores the event fails here
    assert not worker.is_alive()
    assert (results[0].answer, results[0].reason) == (UNKNOWN, "cancelled")
    assert results[0].nodes > 0


def test_a_callable_cancels_after_some_positions():
    game, start, hooks = hard_start()
    calls = []
    result = solve(game, start, Budget(seconds=None), cancel=lambda: len(calls) > 3 or calls.append(1),
                   hooks=hooks)
    assert (result.answer, result.reason) == (UNKNOWN, "cancelled")
    assert result.nodes > 0


def test_a_bad_cancel_argument_is_refused():
    game, start, _ = hard_start()
    with pytest.raises(TypeError):
        solve(game, start, cancel="stop")


def test_unknown_hook_names_are_refused():
    with pytest.raises(ValueError, match="no solver hook"):
        hooks_for(GAMES["klondike"], off=("speed",))


def test_check_solution_names_the_first_bad_move():
    game = GAMES["klondike"]
    start = game.new(3)
    result = solve(game, start, Budget(seconds=None, nodes=10_000))  # it needs a few dozen
    assert result.answer == WINNABLE
    assert check_solution(game, start, result.moves) is None
    assert "not won" in check_solution(game, start, result.moves[:-1])
    bad = (result.moves[1],) + result.moves
    problem = check_solution(game, start, bad[1:2] + bad[3:])
    assert problem is None or "illegal" in problem or "not won" in problem


def test_plain_hooks_use_only_the_engine():
    game = GAMES["klondike"]
    plain = plain_hooks(game)
    assert plain.safe is None and plain.dead_end is None and plain.narrow is None
    state = game.new(3)
    assert plain.key(state) == game.key(state)
    assert {m for moves, _ in plain.lines(state) for m in moves} == set(game.legal_moves(state))


def test_the_dead_end_test_answers_the_hard_start_at_once():
    game, start, _ = hard_start()
    assert solve(game, start, Budget(seconds=None, nodes=10)).answer == UNWINNABLE


def test_a_short_exact_search_goes_before_the_narrow_lines():
    """A position the exact search decides at once never waits for the narrow phase."""
    game = GAMES["klondike"]

    def narrow(position):
        raise AssertionError("the narrow lines were searched")

    hooks = attrs.evolve(hooks_for(game), narrow=narrow)
    assert solve(game, blocked(game), Budget(seconds=None, nodes=1000), hooks=hooks).answer == UNWINNABLE


def test_the_narrow_lines_follow_when_the_short_exact_search_runs_out():
    game, start, hooks = hard_start()
    calls = []

    def narrow(position):
        calls.append(position)
        return hooks.narrow(position)

    result = solve(game, start, Budget(seconds=None, nodes=1000), hooks=attrs.evolve(hooks, narrow=narrow))
    assert (result.answer, result.reason) == (UNKNOWN, "node budget")
    assert calls and result.nodes > 1000


def test_a_second_measure_wins_a_deal_the_first_stalls_on():
    """FreeCell's deal 548: the search with a free place weighed 3 is still going at
    150 000 positions; the second measure (weighed 1), given its share after the
    best-first phase, wins it in a few thousand more."""
    game = GAMES["freecell"]
    hooks = hooks_for(game)
    assert hooks.second_progress is not None and hooks_for(GAMES["spider"]).second_progress is None
    calls = []

    def second(position):
        calls.append(position)
        return hooks.second_progress(position)

    state, budget = game.new(548), Budget(seconds=None, nodes=40_000)
    result = solve(game, state, budget, hooks=attrs.evolve(hooks, second_progress=second))
    assert result.answer == WINNABLE and calls and replays_to_a_win(game, state, result.moves)
    alone = solve(game, state, budget, hooks=attrs.evolve(hooks, second_progress=None))
    assert (alone.answer, alone.reason) == (UNKNOWN, "node budget")
