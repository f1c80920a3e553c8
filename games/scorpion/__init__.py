"""Scorpion, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import Scorpion


@hookimpl
def solitaire_games():
    return [Scorpion()]
