"""FreeCell, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import FreeCell


@hookimpl
def solitaire_games():
    return [FreeCell()]
