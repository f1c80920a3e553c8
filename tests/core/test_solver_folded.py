"""The derived model's folded lines (solitaire_core/solver/derived.py, ``_folding``): a
run moved off a face-up card, or out of a column, emptying it, is searched only together
with a use of what it laid bare. Held to plain search over the engine, both ways, on a
small Yukon (any face-up group lifts) and on Klondike's rules (runs lift as they are
built), where plain search settles every position; and switched off, to show it prunes."""

import random

import pytest
from solver_positions import endgame

from games.freecell import FreeCell
from games.klondike import Klondike
from games.yukon import Yukon
from solitaire_core import french_deck
from solitaire_core.rules import alternate_colour, down, king
from solitaire_core.solver import UNKNOWN, Budget, plain_hooks, solve
from solitaire_core.solver.derived import Model, derived_model
from solitaire_core.state import Pile
from solitaire_core.zones import LIFT_ANY, Foundations, Tableau


class SmallYukon(Yukon):
    """Yukon with Ace to Four: four columns of four cards, 0, 1, 1 and 2 of them face
    down; every column takes a King (a Four) when empty."""

    id = "test-small-yukon"
    deck = french_deck(without=(5, 6, 7, 8, 9, 10, 11, 12, 13))
    zones = (*Tableau("t", 4, build=down & alternate_colour, empty=king, lift=LIFT_ANY),
             *Foundations("f", 4, at=(6.0, 0.0)))

    def deal(self, cards, options):
        return {f"t{j + 1}": Pile(tuple(cards.pop() for _ in range(4)), (0, 1, 1, 2)[j]) for j in range(4)}


YUKON, KLONDIKE = SmallYukon(), Klondike()
PLAIN = Budget(seconds=None, nodes=60_000)


def model(game, fold: bool):
    found = Model(game)
    if not fold:
        found.fold = frozenset()
    return found, derived_model(game, found)


def test_the_columns_of_yukon_and_klondike_fold_and_freecells_do_not():
    """FreeCell's runs move by its free places (a move put off could lose its room)."""
    assert Model(YUKON).fold == frozenset(YUKON.role("tableau"))
    assert Model(KLONDIKE).fold == frozenset(KLONDIKE.role("tableau"))

    class Cells(SmallYukon):
        id = "test-yukon-supermove"
        from solitaire_core.piles import supermove as run_limit
    assert Model(Cells()).fold == frozenset()


@pytest.fixture(scope="module")
def yukon_answers():
    answers = [(deal, solve(YUKON, YUKON.new(deal), PLAIN, hooks=plain_hooks(YUKON)).answer)
               for deal in range(1, 31)]
    found = [answer for _, answer in answers]
    assert found.count("winnable") >= 5 and found.count("unwinnable") >= 5, found
    return answers


@pytest.mark.parametrize("fold", [True, False], ids=["folded", "unfolded"])
def test_small_yukon_answers_as_plain_search_does(yukon_answers, fold):
    _, hooks = model(YUKON, fold)
    for deal, plain in yukon_answers:
        if plain != UNKNOWN:
            assert solve(YUKON, YUKON.new(deal), PLAIN, hooks=hooks).answer == plain, deal


def klondike_positions():
    """Small hand-dealt positions with built runs, at both draws, some with one pass."""
    for seed in range(300, 340):
        yield endgame(KLONDIKE, seed, left=13, draw=(1, 3)[seed % 2], columns=(7, 5)[seed % 2],
                      passes=("unlimited", 1)[seed % 4 > 1], buried=True, runs=True,
                      suits=("SH", "DC", "SHDC")[seed % 3])


@pytest.fixture(scope="module")
def klondike_answers():
    return [(state, solve(KLONDIKE, state, PLAIN, hooks=plain_hooks(KLONDIKE)).answer)
            for state in klondike_positions()]


def test_klondikes_rules_answer_as_plain_search_does_with_folded_lines(klondike_answers):
    _, hooks = model(KLONDIKE, True)
    decided = 0
    for state, plain in klondike_answers:
        if plain != UNKNOWN:
            decided += 1
            assert solve(KLONDIKE, state, PLAIN, hooks=hooks).answer == plain, KLONDIKE.format_position(state)
    assert decided >= 30


def test_folding_searches_fewer_positions_to_prove_a_loss(yukon_answers):
    """A loss is proven by searching every line: the folded lines reach fewer positions."""
    states = [YUKON.new(deal) for deal, answer in yukon_answers if answer == "unwinnable"]
    counts = {fold: sum(solve(YUKON, state, PLAIN, hooks=model(YUKON, fold)[1]).nodes for state in states)
              for fold in (True, False)}
    assert counts[True] < counts[False], counts


def test_the_klondike_positions_hold_folded_lines(klondike_answers):
    """So that the comparison with plain search above tests them: a run moved off a
    face-up card is a line by itself only without folding."""
    folded, unfolded = Model(KLONDIKE), model(KLONDIKE, False)[0]
    differ = 0
    for state, _ in klondike_answers:
        lines = [{steps for steps, _ in m.lines(m.start(state))} for m in (folded, unfolded)]
        differ += lines[0] != lines[1]
    assert differ >= 10


def test_the_narrow_lines_are_lines_that_send_the_laid_bare_card_up():
    """The best-first phase's lines where columns fold: some of the lines, fewer where a
    run built on a card moves off it only to let that card go up; where nothing folds
    (FreeCell) they are all the lines, so that phase stays exact there."""
    folded, rng = Model(KLONDIKE), random.Random(7)
    fewer = 0
    for deal in range(1, 6):
        position = folded.start(KLONDIKE.new(deal))
        for _ in range(60):  # along a random line of play
            lines = {steps: after for steps, after in folded.lines(position)}
            narrow = {steps for steps, _ in folded.narrow(position)}
            assert narrow <= set(lines)
            fewer += narrow < set(lines)
            if not lines:
                break
            position = lines[rng.choice(sorted(lines, key=str))]
    assert fewer >= 5
    assert derived_model(KLONDIKE, folded).narrow == folded.narrow
    freecell = FreeCell()
    cells = Model(freecell)
    assert derived_model(freecell, cells).narrow == cells.lines
