"""Small Klondike positions for the solver tests: few cards left, built at random."""

from __future__ import annotations

import random

from solitaire_core import french_deck, parse_card

ZONES = ("stock", "waste", "f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "t6", "t7")


def endgame(game, seed: int, left: int = 11, draw: int = 1, passes="unlimited", columns: int = 4,
            buried: bool = False, suits: str = "SHDC", runs: bool = False) -> object:
    """A position with ``left`` cards off the foundations, spread over the
    stock, the waste and ``columns`` columns (some face down; with ``buried``,
    all but the top card of each column; only cards of ``suits`` off the
    foundations; with ``runs``, a card goes on a column top it continues
    when it can, so columns end in built runs), by ``seed``."""
    rng = random.Random(seed)
    while True:  # foundation heights, uneven, leaving ``left`` cards out
        heights = {suit: rng.randint(0, 13) if suit in suits else 13 for suit in "SHDC"}
        if sum(heights.values()) == 52 - left:
            break
    out = [c for c in french_deck() if c.rank > heights[c.suit]]
    rng.shuffle(out)
    zones = {z: [] for z in ZONES}
    for f, suit in zip(("f1", "f2", "f3", "f4"), "SHDC"):
        zones[f] = [f"{r}{suit}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()[:heights[suit]]]
    places = ["stock", "waste"] + [f"t{i}" for i in range(1, columns + 1)]
    for card in out:
        fits = [t for t in places[2:] if zones[t] and continues(zones[t][-1], card)]
        zones[rng.choice(fits) if runs and fits and rng.random() < 0.7 else rng.choice(places)].append(card.code)
    for t in range(1, columns + 1):
        cards = zones[f"t{t}"]
        tail = 1  # the built run on top: face up when ``buried``
        while tail < len(cards) and continues(cards[-tail - 1], parse_card(cards[-tail])):
            tail += 1
        hidden = max(len(cards) - tail, 0) if buried else rng.randint(0, max(len(cards) - 1, 0))
        zones[f"t{t}"] = [f"({c})" for c in cards[:hidden]] + cards[hidden:]
    zones["stock"] = [f"({c})" for c in zones["stock"]]
    text = "\n".join(f"{z}: {' '.join(cards)}" for z, cards in zones.items())
    return game.parse_position(text, draw=draw, passes=passes)


def continues(below: str, card) -> bool:
    """``card`` may be built on the card coded ``below`` (one lower, the other colour)."""
    rank = "A 2 3 4 5 6 7 8 9 10 J Q K".split().index(below[:-1]) + 1
    return rank == card.rank + 1 and (below[-1] in "HD") != (card.suit in "HD")


def blocked(game):
    """Lost: 2S lies on AS and on both red 3s, so it can never move; 31 cards
    wait in the stock, so a search without the dead-end test never ends."""
    labels = "A 2 3 4 5 6 7 8 9 10 J Q K".split()

    def suit(code, low, high):
        return [labels[r - 1] + code for r in range(low, high + 1)]

    stock = [c for c in suit("S", 4, 13) + suit("H", 4, 13) + suit("D", 4, 13)]
    zones = {"stock": " ".join(f"({c})" for c in stock), "f2": "AH 2H", "f3": "AD 2D",
             "f4": " ".join(suit("C", 1, 13)), "t1": "(AS) (3H) (3D) (3S) 2S"}
    text = "\n".join(f"{z}: {zones.get(z, '')}" for z in ZONES)
    return game.parse_position(text)
