"""Rules page, test vectors and notation: every rule numbered in rules.md is named by a test."""

import pathlib
import random
import re

import pytest

from solitaire_core import Move
from solitaire_core.errors import NotationError, OptionError
from solitaire_core.testing import check_line

HERE = pathlib.Path(__file__).parent
ROOT = HERE.parents[2]


def rule_numbers(text):
    return set(re.findall(r"\*\*(\d+\.\d+)\*\*", text))


def test_rules_page_is_shipped_once_and_linked_from_docs(game):
    docs = ROOT / "docs" / "rules" / "solitarot.md"
    assert docs.is_symlink() and docs.resolve() == (ROOT / "games" / "solitarot" / "rules.md").resolve()
    assert game.rules == docs.read_text(encoding="utf-8")


def test_english_and_french_number_the_same_rules(game):
    """The French text is its own page beside rules.md; the English page is English only."""
    french = (ROOT / "games" / "solitarot" / "rules.fr.md").read_text(encoding="utf-8")
    assert rule_numbers(game.rules) == rule_numbers(french) and len(rule_numbers(game.rules)) == 46
    assert "Français" not in game.rules and "Comment jouer" in french
    docs = ROOT / "docs" / "rules" / "solitarot.fr.md"
    assert docs.is_symlink() and docs.read_text(encoding="utf-8") == french


@pytest.mark.parametrize("deal, index", [(1, 0), (617, 1)])
def test_test_vectors_of_the_rules_page(game, deal, index):
    blocks = re.findall(r"```text\n(.*?)```", game.rules, re.S)
    assert blocks[index] == game.format_position(game.new(deal))
    assert game.parse_position(blocks[index]) == game.new(deal)
    hard = game.new(deal, difficulty="hard")
    assert hard.piles == game.new(deal).piles


def test_positions_with_every_kind_of_excuse_round_trip(game, position):
    for difficulty, zones in (("medium", dict(t1="7S EX:6R")), ("easy", dict(t2="EX:?")),
                              ("hard", dict(excuse="(EX)")), ("medium", dict(stock="(EX)", excuse=""))):
        state = position(difficulty, **zones)
        assert game.parse_position(game.format_position(state)) == state


def test_bad_positions_and_options_are_refused(game, position):
    with pytest.raises(OptionError):
        game.new(1, difficulty="insane")
    with pytest.raises(OptionError):
        game.new(1, draw=3)
    text = game.format_position(game.new(1))
    with pytest.raises(NotationError):
        game.parse_position(text.replace("t8:", "t9:"))
    with pytest.raises(NotationError):
        game.parse_position(text.replace("t1: JD", "t1: JD JD"))
    with pytest.raises(NotationError, match="difficulty"):
        game.parse_position(text, difficulty="hard")


def test_moves_parse_back_and_illegal_ones_are_named(game, position):
    state = position(t1="7S EX:6R", t2="6H", waste="T3")
    for move in game.legal_moves(state):
        assert game.parse_move(state, game.format_move(move)) == move
    assert "t2>t1" in {game.format_move(m) for m in game.legal_moves(state)}  # a replacement
    with pytest.raises(Exception, match="illegal move waste>t1"):
        game.apply(state, Move("waste", "t1"))


def excuse_first(game, state, moves, rnd):
    """Pick a move that touches the Excuse when there is one, else any move."""
    def touches(move):
        if move.is_draw:
            return False
        src = game.pile(state, move.src).cards[-move.n]
        top = game.pile(state, move.dst).top
        return src.suit == "X" or (top is not None and top.suit == "X")
    keen = [m for m in moves if touches(m)]
    return rnd.choice(keen if keen and rnd.random() < 0.7 else moves)


@pytest.mark.parametrize("deal, difficulty, freed_to", [(3, "easy", "stock"), (617, "medium", "stock"),
                                                     (11, "hard", "excuse")])
def test_conformance_on_lines_that_seek_the_excuse(game, deal, difficulty, freed_to):
    """The engine's conformance checks, on lines that place, lock, move and replace the Excuse."""
    pick, trail = random.Random(deal), []
    line = {"state": game.new(deal, difficulty=difficulty)}

    def choose(count):  # follows the line beside check_line, to see the moves it counts
        state = line["state"]
        moves = game.legal_moves(state)
        assert len(moves) == count
        move = excuse_first(game, state, moves, pick)
        line["state"] = state = game.apply(state, move)
        trail.extend((z.id, c.code) for z, p in zip(game.zones, state.piles) for c in p.cards if c.suit == "X")
        return moves.index(move)

    check_line(game, deal, {"difficulty": difficulty}, steps=100, choose=choose)
    locked = [i for i, (zone, code) in enumerate(trail) if zone.startswith("t") and code.startswith("EX:")]
    assert locked and (freed_to, "EX") in trail[locked[0]:]  # placed, locked, then replaced
