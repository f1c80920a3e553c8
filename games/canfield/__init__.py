"""Canfield, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import Canfield


@hookimpl
def solitaire_games():
    return [Canfield()]
