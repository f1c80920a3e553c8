"""Pieces of a game's search key (``game.key``): what cannot change the future is left out."""

from __future__ import annotations


def any_order(piles, indices) -> tuple:
    """The piles at ``indices`` as one sorted tuple, for zones that play alike (the columns
    of FreeCell, its free cells, foundations any Ace starts): positions that differ only
    in which of them holds what have the same future, so they share one key."""
    return tuple(sorted((pile.down, tuple((c.rank, c.suit, c.stands) for c in pile.cards))
                        for pile in (piles[i] for i in indices)))
