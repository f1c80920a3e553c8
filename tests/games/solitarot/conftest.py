"""Positions for Solitarot tests, written as position text with only the zones that matter."""

import functools
from collections import Counter

import pytest

from games.solitarot.game import Solitarot
from solitaire_core.testing import play_texts

ZONES = ("stock", "waste", "excuse", "f1", "f2", "f3", "f4", "f5",
         "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8")


@pytest.fixture(scope="session")
def game():
    return Solitarot()


@pytest.fixture
def position(game):
    """``position(difficulty, t1="(9S) 7S EX:6R", ...)``: zones not given are empty; the
    cards not named lie face down at the bottom of the stock; the Excuse is in its zone
    unless named elsewhere or ``excuse`` is given (then, if not named, in the stock)."""

    def make(difficulty="medium", **zones):
        named = Counter()
        for text in zones.values():
            for token in text.split():
                named[game.identity(game.parse_card(token.strip("()")))] += 1
        if "EX" not in " ".join(zones.values()) and "excuse" not in zones:
            zones["excuse"] = "EX"
            named[game.identity(game.parse_card("EX"))] += 1
        rest = Counter(game.deck) - named
        hidden = " ".join(f"({card.code})" for card in game.deck if rest[card])
        zones["stock"] = f"{hidden} {zones.get('stock', '')}"
        lines = [f"@difficulty {difficulty}"] + [f"{z}: {zones.get(z, '')}" for z in ZONES]
        return game.parse_position("\n".join(lines))

    return make


@pytest.fixture
def play(game):
    """Apply moves written in notation, one after the other."""
    return functools.partial(play_texts, game)
