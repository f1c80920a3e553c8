"""The plugin contract (docs/architecture.md, Registry): one hook that hands over game objects."""

import pluggy

PROJECT = "solitaire"
ENTRY_POINT_GROUP = "solitaire.games"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def solitaire_games():
    """Return an iterable of game objects (``solitaire_core.Game`` or alike).

    Each is checked at load (``registry``: its declaration and deal 1) and refused,
    with the reason, when it fails; an id of the framework's own games is never given
    to a plugin, and an id two plugins offer is given to neither."""
