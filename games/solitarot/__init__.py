"""Solitarot, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import Solitarot


@hookimpl
def solitaire_games():
    return [Solitarot()]
