"""Salic Law, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import SalicLaw


@hookimpl
def solitaire_games():
    return [SalicLaw()]
