"""Helpers for the Tacta tests: hand-built positions and moves in notation."""

from __future__ import annotations

from games.tacta.cards import BY_CODE, ORDER, STACK_CARDS, X
from games.tacta.geometry import Puzzle, neighbour
from games.tacta.notation import STACK_IDS, build_puzzle, parse_side, parse_turn
from solitaire_core.testing import legal_texts as moves_text, play_texts as play  # noqa: F401  (used by the tests)


def build(game, links: str = ""):
    """A position from ``"Bt1: X.N, Bt2: X.E@90"`` links, through the game's position text.

    Each suit's cards below the lowest one named go on its stack. Every other
    card hangs off the X card's west side in cells x <= -1, away from
    the cards a test names.
    """
    named = {}
    for item in filter(None, (part.strip() for part in links.split(","))):
        code, _, side = (p.strip() for p in item.partition(":"))
        named[BY_CODE[code]] = side
    stacks = []
    for cards in STACK_CARDS:
        lowest = min((c.value for c in cards if c in named), default=7)
        stacks.append(cards[:lowest - 1])
    rest = [c for c in ORDER if c not in named and all(c not in s for s in stacks)]
    lines = ["X: centre"] + [f"{c.code}: {side}" for c, side in named.items()]
    lines += fill_west(game, named, rest)
    lines += [f"{zone}: {' '.join(c.code for c in stack)}" for zone, stack in zip(STACK_IDS, stacks)]
    return game.parse_position("\n".join(lines))


def fill_west(game, named, rest) -> list[str]:
    """Lines placing ``rest`` west of the X card, each on the first side that takes it."""
    links = {X: None}
    for card, side in named.items():
        side, at, turn = side.partition("@")
        links[card] = (*parse_side(side), parse_turn(turn, side) if at else None)
    puzzle = build_puzzle(links, game.touching)
    hosts = [p for p in puzzle if p.card.is_x]
    lines = []
    for card in rest:
        spot = next(((host, d) for host in hosts for d in range(4)
                     if neighbour(host.cell, d)[0] <= -1
                     if Puzzle(puzzle, game.touching).refusal(card, host, d) is None), None)
        assert spot is not None, f"no room west for {card.code}"
        new = Puzzle(puzzle, game.touching).place(card, *spot)
        puzzle += (new,)
        hosts.append(new)
        lines.append(f"{card.code}: {spot[0].card.code}.{'NESW'[spot[1]]}")
    return lines




def placed(state, code):
    return next(p for p in state.puzzle if p.card.code == code)
