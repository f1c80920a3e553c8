"""TriPeaks, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import TriPeaks


@hookimpl
def solitaire_games():
    return [TriPeaks()]
