"""Yukon, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import Yukon


@hookimpl
def solitaire_games():
    return [Yukon()]
