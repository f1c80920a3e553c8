"""What every game shares from the Game base class."""

import pytest

from solitaire_core import Game, SolitaireError
from solitaire_core.registry import load_games


def test_rules_come_from_the_package_of_the_game_or_its_nearest_base():
    """A subclass written in a test or script keeps its game's rules.md."""
    klondike = load_games()["klondike"]

    class Variant(type(klondike)):
        pass

    assert Variant().rules == klondike.rules and klondike.rules.startswith("# ")


def test_a_game_without_rules_says_so():
    class Bare(Game):
        name = "Bare"

    with pytest.raises(SolitaireError, match="Bare ships no rules.md"):
        Bare().rules
