"""Golf, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import Golf


@hookimpl
def solitaire_games():
    return [Golf()]
