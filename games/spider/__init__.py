"""Spider, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import Spider


@hookimpl
def solitaire_games():
    return [Spider()]
