"""Tacta Solitaire, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import Tacta


@hookimpl
def solitaire_games():
    return [Tacta()]
