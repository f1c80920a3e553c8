"""Russian Solitaire, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import RussianSolitaire


@hookimpl
def solitaire_games():
    return [RussianSolitaire()]
