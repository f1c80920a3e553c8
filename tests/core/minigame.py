"""A small pile game (12 cards: Aces to 3s) to test the engine without any real game."""

import heapq

from solitaire_core import Choice, PileGame, french_deck
from solitaire_core.rules import alternate_colour, any_card, down
from solitaire_core.state import Pile
from solitaire_core.zones import Foundations, Opt, Stock, Tableau, Waste


class MiniGame(PileGame):
    id = "mini"
    name = "Mini"
    options = (Choice("draw", (1, 2), label="Cards drawn"),)
    deck = french_deck(without=tuple(range(4, 14)))
    zones = (
        Stock("stock", at=(0.0, 0.0), draw=Opt("draw")),
        Waste("waste", at=(1.25, 0.0), fan=(0.3, 0.0)),
        *Foundations("f", 4, at=(2.5, 0.0)),
        *Tableau("t", 3, at=(0.0, 1.75), build=down & alternate_colour, empty=any_card),
    )

    @property
    def rules(self) -> str:
        return "# Mini\n1. Build down in alternating colours; Aces up to 3s on the foundations.\n"

    def deal(self, cards, options):
        piles = {}
        for i in range(3):
            column = tuple(cards.pop() for _ in range(i + 1))
            piles[f"t{i + 1}"] = Pile(column, i)
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles


def winning_line(game, state, limit: int = 50000) -> list:
    """A winning line, by best-first search (most cards up first) over positions (for tests)."""
    seen = {game.key(state)}
    queue = [(0, 0, state, [])]
    count = 0
    while queue and len(seen) < limit:
        _, _, current, line = heapq.heappop(queue)
        if game.is_won(current):
            return line
        for move in game.legal_moves(current):
            after = game.play(current, move)
            if game.key(after) not in seen:
                seen.add(game.key(after))
                count += 1
                heapq.heappush(queue, (-game.on_foundations(after), count, after, line + [move]))
    raise AssertionError("no winning line found")
