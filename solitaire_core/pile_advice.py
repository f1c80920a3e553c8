"""Advice of a pile game: the heuristic's preferences, safe auto-play and the finish."""

from __future__ import annotations

from . import lookahead
from .cards import BLACK, COLOURS, RED, SUITS
from .moves import Move
from .state import State
from .zones import FOUNDATION, LIFT_NONE, STOCK, WASTE


class PileAdvice:
    """The advice half of ``PileGame``: what a hint prefers, what auto-play may do alone."""

    def progress(self, state: State) -> tuple:
        """Cards up, cards turned over, and cards gone from the zones a game wins by
        emptying (``won_when_empty``: Golf's columns, which feed no foundation)."""
        hidden = sum(state.piles[i].down for i, z in enumerate(self.zones) if z.role != STOCK)
        left = sum(len(state.piles[i].cards) for role in self.won_when_empty for i in self.role(role))
        return (self.on_foundations(state), -hidden, -left)

    def preference(self, state: State, move: Move) -> int:
        if move.is_draw:
            return 10
        i, j = self.index[move.src], self.index[move.dst]
        source, target = state.piles[i], state.piles[j]
        src_role, dst_role = self.zones[i].role, self.zones[j].role
        uncovers = 0 < source.down == len(source.cards) - move.n
        if dst_role == FOUNDATION:
            return 100 if move in self.safe_moves(state) else 60 + 20 * uncovers
        if src_role == FOUNDATION:
            return 1
        if uncovers:
            return 80
        if src_role == WASTE:
            return 40
        if len(source.cards) == move.n and not target.cards:
            return -1  # a whole pile from one empty place to another: pointless
        rest = len(source.cards) - move.n
        build = self.zones[i].build
        if rest > source.down and build is not None and build(source.cards[rest - 1], source.cards[rest]):
            # The run already lies on a card it builds on: moving it helps only
            # when that card can then go up.
            below = (source.cards[rest - 1],)
            return 30 if any(self.drop_refusal(state, f, below, i) is None for f in self.role(FOUNDATION)) else -1
        return 20 if target.cards else 5

    # --- automatic play ----------------------------------------------------------
    def is_safe(self, state: State, card) -> bool:
        """Whether sending ``card`` to a foundation can never hurt; games opt in."""
        return False

    def safe_moves(self, state: State) -> list[Move]:
        """Safe cards going up; from the waste only when one card is drawn at a
        time, since taking a card out of a multi-card draw shifts later draws."""
        found = self.role(FOUNDATION)
        result = []
        for move in self.legal_moves(state):
            if move.is_draw or self.index[move.dst] not in found or self.index[move.src] in found:
                continue
            if self.zones[self.index[move.src]].role == WASTE and self.draw_count(state) > 1:
                continue
            if self.is_safe(state, self.pile(state, move.src).top):
                result.append(move)
        return result

    finish_search_limit: int = 300  # positions; timed in benchmarks/lookahead.py

    def finish_moves(self, state: State) -> list[Move] | None:
        """When every card in play is face up and the stock is empty, the moves that
        win, if any line does: every card is known, so a small exhaustive search
        (``lookahead``, ``finish_search_limit`` positions) decides, trying cards
        going up first, then the stock click (turning the waste over), then cards
        from the waste, then the rest. None when the search finds no win in time.
        """
        if self.hidden_in_play(state) or (self.stock_index is not None and state.piles[self.stock_index].cards):
            return None
        return lookahead.winning_line(self, state, set(), self.finish_search_limit, self._finish_order) or None

    def hidden_in_play(self, state: State) -> int:
        """Face-down cards outside the stock that can still come into play: those of
        zones that turn an uncovered card up. A card set face down elsewhere is out
        of the game (a wild card discarded face down)."""
        return sum(pile.down for zone, pile in zip(self.zones, state.piles) if zone.flip)

    def _finish_order(self, state: State, moves) -> list[Move]:
        found, waste = self.role(FOUNDATION), self.role(WASTE)

        def rank(move):
            if move.is_draw:
                return 1
            src, dst = self.index[move.src], self.index[move.dst]
            return 0 if dst in found and src not in found else 2 if src in waste else 3
        return sorted(moves, key=rank)



def alternate_colour_safe(state: State, game: PileGame, card) -> bool:
    """Safe to send up in a game built down in alternating colours.

    An Ace or 2 always is; a higher card is when every card of the other
    colour one rank lower is already up (both, or all their copies when the
    game has several packs), so no card of the tableau can still need it as a
    place to land. Where foundation cards may come back, one of those could
    come back onto it to hold a card of its colour two lower, so those must be
    up too. With several packs a suit is as high as its lowest foundation.
    """
    if card.suit not in SUITS:
        return False
    if card.rank <= 2:
        return True
    copies = max(1, len(game.role(FOUNDATION)) // len(SUITS))  # foundations per suit: one per pack
    heights = {suit: [] for suit in SUITS}
    for i in game.role(FOUNDATION):
        top = state.piles[i].top
        if top is not None and top.suit in heights:
            heights[top.suit].append(top.rank)
    highest = {suit: min(ranks) if len(ranks) >= copies else 0 for suit, ranks in heights.items()}
    other = BLACK if card.colour == RED else RED
    if not all(highest[s] >= card.rank - 1 for s in SUITS if COLOURS[s] == other):
        return False
    if all(game.zones[i].lift == LIFT_NONE for i in game.role(FOUNDATION)):
        return True
    return all(highest[s] >= card.rank - 2 for s in SUITS if COLOURS[s] == card.colour)
