"""Pieces of a game's search key (``game.key``): what cannot change the future is left out."""

from __future__ import annotations

from .zones import TABLEAU


def any_order(piles, indices) -> tuple:
    """The piles at ``indices`` as one sorted tuple, for zones that play alike (the columns
    of FreeCell, its free cells, foundations any Ace starts): positions that differ only
    in which of them holds what have the same future, so they share one key. A card is
    its rank and suit (a card type with more to it keys its piles itself)."""
    return tuple(sorted((pile.down, tuple((c.rank, c.suit) for c in pile.cards))
                        for pile in (piles[i] for i in indices)))


def collected(game, state) -> tuple:
    """The key of a game whose foundations only collect runs (Spider, Scorpion), whose
    columns follow one rule and whose counters are cosmetic: the stock and the columns
    decide the future (a run never comes back), these in any order once the stock is
    dealt, when no rule tells one column from another any more."""
    piles, columns = state.piles, game.role(TABLEAU)
    stock = piles[game.stock_index] if game.stock_index is not None else None
    if stock is not None and stock.cards:
        return stock, tuple(piles[i] for i in columns)
    return any_order(piles, columns)
