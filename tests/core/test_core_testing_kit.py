"""The conformance kit itself: a game that breaks a promise must fail it."""

import random

import attrs
import pytest
from minigame import MiniGame

from solitaire_core import Move, OptionError
from solitaire_core.testing import ConformanceError, check_game, check_line
from solitaire_core.zones import FOUNDATION


class LosesCards(MiniGame):
    """Drops the card it sends to a foundation."""

    def play(self, state, move):
        after = super().play(state, move)
        j = self.index.get(move.dst)
        if j is not None and self.zones[j].role == FOUNDATION:
            after = after.with_piles({j: after.piles[j].take(1)})
        return after


class MoveTextDoesNotParse(MiniGame):
    def format_move(self, move):
        return super().format_move(move).replace(">", " to ")


class ListsAMoveItCannotPlay(MiniGame):
    def legal_moves(self, state):
        return super().legal_moves(state) + [Move("t1", "nowhere")]


class AcceptsAnything(MiniGame):
    def apply(self, state, move):
        return self.play(state, move) if move.src in self.index or move.is_draw else state


class RandomDeals(MiniGame):
    def new(self, deal, **options):
        return super().new(random.randrange(2**32), **options)


class ForgetsTheWasteFan(MiniGame):
    """The position text leaves out how many waste cards show."""

    def format_position(self, state):
        return "".join(line + "\n" for line in super().format_position(state).splitlines() if not line.startswith("@shown"))


class MutatesItsInput(MiniGame):
    """Forces its new counters into the state it was given, frozen or not."""

    def play(self, state, move):
        after = super().play(state, move)
        object.__setattr__(state, "values", after.values)
        return after


class TooSmallTable(MiniGame):
    table = (3.0, 2.0)


class GrowsInARoom(MiniGame):
    """Lays out for a room by stretching past its own size."""

    def scene(self, state, room=None):
        scene = super().scene(state)
        return scene if room is None else attrs.evolve(scene, height=scene.height * 3)


class KnowsNoRoom(MiniGame):
    """A game written before ``room`` existed: its scene takes the state only."""

    def scene(self, state):
        return super().scene(state)


class ScoreIsText(MiniGame):
    def score(self, state):
        return "lots"


class IgnoresBadOptions(MiniGame):
    def new(self, deal, **options):
        return super().new(deal, **{k: v for k, v in options.items() if k == "draw" and v in (1, 2)})


def lines(game, deals=range(6), steps=40):
    """Random lines from a few deals with each option set (quicker than hypothesis's shrinking)."""
    for deal in deals:
        rnd = random.Random(deal)
        for draw in (1, 2):
            check_line(game, deal, {"draw": draw}, steps, choose=rnd.randrange, rnd=rnd)


@pytest.mark.parametrize("game, problem", [
    (LosesCards(), "the scene does not show exactly the cards dealt"),
    (MoveTextDoesNotParse(), "move text 't1 to f1' does not parse back"),
    (ListsAMoveItCannotPlay(), "legal move t1>nowhere does not apply"),
    (AcceptsAnything(), "is not legal, yet apply accepted it"),
    (RandomDeals(), "the same deal and options give different states"),
    (ForgetsTheWasteFan(), "the position text does not parse back to the same state"),
    (MutatesItsInput(), "apply changed the state it was given"),
    (TooSmallTable(), r"outside the 3\.0x[0-9.]+ table"),
    (ScoreIsText(), "score 'lots' is neither a whole number nor None"),
    (GrowsInARoom(), r"the scene for a room of .* larger than the scene's"),
], ids=lambda value: None if isinstance(value, str) else type(value).__name__)
def test_a_broken_game_fails_the_kit(game, problem):
    with pytest.raises(ConformanceError, match=problem):
        lines(game)


@pytest.mark.parametrize("game, problem", [
    (TooSmallTable(), r"outside the 3\.0x[0-9.]+ table"),
    (IgnoresBadOptions(), "should raise OptionError"),
])
def test_check_game_runs_the_checks_through_hypothesis(game, problem):
    with pytest.raises(ConformanceError, match=problem):
        check_game(game, examples=5)


def test_the_sound_mini_game_passes_the_same_lines():
    lines(MiniGame())


def test_a_game_whose_scene_takes_no_room_still_passes():
    lines(KnowsNoRoom(), deals=range(2))


def test_a_failure_says_how_to_see_it_again():
    with pytest.raises(ConformanceError) as caught:
        check_line(TooSmallTable(), 12, {"draw": 2}, steps=5)
    assert str(caught.value).startswith('mini --deal 12 -o draw=2 after 0 moves --moves "": ')


def test_a_game_with_no_move_left_must_be_stuck():
    class NoMoves(MiniGame):
        def legal_moves(self, state):
            return []

        def is_stuck(self, state):
            return False

    with pytest.raises(ConformanceError, match="neither won nor stuck"):
        check_line(NoMoves(), 1, {"draw": 1})


def test_the_kit_passes_a_sound_game_and_returns_the_last_state():
    game = MiniGame()
    last = check_line(game, 3, {"draw": 1}, steps=25, choose=lambda count: count - 1)
    assert last != game.new(3)


def test_unknown_option_refused_by_a_sound_game():
    with pytest.raises(OptionError):
        MiniGame().new(1, speed=3)


def test_check_safe_moves_catches_a_safe_rule_that_loses_a_won_game():
    """Only the 3H can take the 2C off the face-down AC: sending the 3H up loses the game."""
    from minigame import MiniGame

    from solitaire_core.testing import check_safe_moves
    from solitaire_core.zones import Foundations, Tableau
    from solitaire_core.rules import alternate_colour, down

    class Strict(MiniGame):  # foundations keep their cards, an empty column takes nothing
        zones = MiniGame.zones[:2] + tuple(Foundations("f", 4, at=(2.5, 0.0), give_back=False)) + tuple(
            Tableau("t", 3, at=(0.0, 1.75), build=down & alternate_colour))

    class Reckless(Strict):
        def is_safe(self, state, card):
            return True

    text = "stock:\nwaste:\nf1: AS 2S 3S\nf2: AH 2H\nf3: AD 2D\nf4:\nt1: 3H\nt2: (AC) 2C\nt3: (3C) 3D"
    assert check_safe_moves(Strict(), deals=(), starts=(Strict().parse_position(text),)) > 0
    with pytest.raises(ConformanceError, match="safe move .* loses the won game"):
        check_safe_moves(Reckless(), deals=(), starts=(Reckless().parse_position(text),))
    # the won line taken backwards catches it alone (only a won game's whole game fits a limit of 1 position)
    kept = []
    assert check_safe_moves(Strict(), deals=(), ends=(), starts=(Strict().parse_position(text),), limit=1,
                            kept=kept) >= len(kept) > 0
    with pytest.raises(ConformanceError, match="safe move .* loses the won game"):
        check_safe_moves(Reckless(), deals=(), ends=(), starts=(Reckless().parse_position(text),), limit=1)
