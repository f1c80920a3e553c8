"""Double Klondike, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import DoubleKlondike


@hookimpl
def solitaire_games():
    return [DoubleKlondike()]
