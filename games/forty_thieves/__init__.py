"""Forty Thieves, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import FortyThieves


@hookimpl
def solitaire_games():
    return [FortyThieves()]
