"""The plugin contract (DESIGN 3.1): one hook that hands over game objects."""

import pluggy

PROJECT = "solitaire"
ENTRY_POINT_GROUP = "solitaire.games"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def solitaire_games():
    """Return an iterable of game objects (``solitaire_core.Game`` or alike)."""
