"""Pyramid, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import Pyramid


@hookimpl
def solitaire_games():
    return [Pyramid()]
