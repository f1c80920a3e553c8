"""Klondike's solver hooks (docs/solver.md): exact prunings from published solvers.

- Macro stock moves: "draw d times, then play the waste's top card" is one
  line, for every card the draws can bring up, counting recycles honestly
  (a recycle is a draw while the stock is empty and needs a pass left).
  Draws touch only the stock and waste, so any winning line can be reordered
  into these macros and moves among the other piles.
- A canonical key: foundations as the height of each suit, columns sorted,
  and, with unlimited passes, stock and waste as their cyclic order only,
  with the split ignored where a fresh pass reaches it again.
- A card does not come down from a foundation when the safe-move rule
  would send it straight back (the safe rule's proof covers that line).
- A run moves off a face-up card only together with a use of that card:
  it goes up, or a card is put on it (waiting until right before that use
  loses nothing, and nothing else can use a face-up card laid bare).
- A column is emptied only together with a King moved into it, its only use.
- At draw 1 with unlimited passes, a card leaves the stock for a column only
  together with a card put on it (any stock card can come out at any time).
- A dead end: a column where a card that is not a King lies above both
  cards it could be built on and above its foundation predecessor.
- Safe moves to the foundations, exact although foundation cards may come
  back (rule 6.4): an Ace or a 2 always; a card of rank r when both
  foundations of the other colour hold r-1 and the other suit of its colour
  r-2 (Solvitaire's weaker "other colour within 1" is unsafe here; see the
  test that shows it). From the waste only at draw 1, where taking a card out
  never changes which cards later draws bring up.

The lines build their positions with ``_play``, ``play`` without the score
and the cards shown (cosmetic: no key looks at them); the solution is still
engine moves, replayed through ``apply`` by the search.
"""

from __future__ import annotations

from functools import cached_property

from solitaire_core.moves import DRAW, Move
from solitaire_core.state import Pile, State
from solitaire_core.zones import FOUNDATION, STOCK, TABLEAU, WASTE

SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
OTHER_OF_COLOUR = (3, 2, 1, 0)  # spades <-> clubs, hearts <-> diamonds
OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
KING = 13


def is_safe_up(rank: int, suit: int, heights) -> bool:
    """Whether sending this card up can never lose a won game (see the module text)."""
    if rank <= 2:
        return True
    a, b = OPPOSITE[suit]
    return heights[a] >= rank - 1 and heights[b] >= rank - 1 and heights[OTHER_OF_COLOUR[suit]] >= rank - 2


def follows(below, above) -> bool:
    """``above`` lies on ``below`` as a built run: one lower, the other colour."""
    return below.rank == above.rank + 1 and (below.suit in "HD") != (above.suit in "HD")


def run_heads(pile):
    """From the top down, each face-up card that heads a movable run, with the run's length."""
    cards, up = pile.cards, len(pile.cards) - pile.down
    for n in range(1, up + 1):
        yield n, cards[-n]
        if n == up or not follows(cards[-n - 1], cards[-n]):
            return


def column_blocked(cards) -> bool:
    """A card that is not a King lying above its foundation predecessor and
    both cards it could be built on can never move: what lies under it is lost."""
    below = set()
    for card in cards:
        rank, suit = card.rank, card.suit
        if 1 < rank < KING and (rank - 1, suit) in below and all(
                (rank + 1, other) in below for other in ("SC" if suit in "HD" else "HD")):
            return True
        below.add((rank, suit))
    return False


class KlondikeSolving:
    """Mixed into Klondike: ``solver_lines``, ``solver_narrow``, ``solver_key``,
    ``solver_safe`` and ``solver_dead_end`` (docs/solver.md)."""

    @cached_property
    def _solver_layout(self):
        (stock,), (waste,) = self.role(STOCK), self.role(WASTE)
        return stock, waste, self.role(FOUNDATION), self.role(TABLEAU), tuple(z.id for z in self.zones)

    @cached_property
    def _card_ids(self) -> dict:
        return {c: c.rank * 4 + SUIT_INDEX[c.suit] for c in self.deck}

    def _settings(self, options):
        """(cards drawn, redeals allowed or None) for these options, cached."""
        found = self._settings_cache.get(options)
        if found is None:
            probe = State((), (), options)
            found = self._settings_cache[options] = (self.draw_count(probe), self.redeals_allowed(probe))
        return found

    @cached_property
    def _settings_cache(self) -> dict:
        return {}

    @cached_property
    def _column_codes(self) -> dict:
        """Pile -> its bytes in the key; piles are shared between states."""
        return {}

    def _heights(self, piles, foundations):
        """Each suit's foundation height, the foundation holding it, and an empty one."""
        heights, where, empty = [0, 0, 0, 0], [None] * 4, None
        for f in foundations:
            cards = piles[f].cards
            if cards:
                s = SUIT_INDEX[cards[0].suit]
                heights[s], where[s] = len(cards), f
            elif empty is None:
                empty = f
        return heights, where, empty

    def _play(self, state, move):
        """``play`` for a move between piles, less its cosmetic values (score,
        cards shown), which ``key`` and ``solver_key`` ignore: the solver's
        hot path. Solutions are replayed through ``apply``, which keeps them."""
        i, j = self.index[move.src], self.index[move.dst]
        piles = list(state.piles)
        source, target = piles[i], piles[j]
        cards = source.cards
        k = len(cards) - move.n
        down = source.down
        if down >= k:  # only a column has face-down cards: its new top turns up
            down = k - 1 if k else 0
        piles[i] = Pile(cards[:k], down)
        piles[j] = Pile(target.cards + cards[k:], target.down)
        return State(tuple(piles), state.values, state.options)

    # --- the canonical key ------------------------------------------------------
    def solver_key(self, state):
        stock, waste, foundations, tableau, _ = self._solver_layout
        piles, ids = state.piles, self._card_ids
        heights = self._heights(piles, foundations)[0]
        codes = self._column_codes
        if len(codes) > 200_000:
            codes.clear()
        columns = []
        for t in tableau:
            pile = piles[t]
            code = codes.get(pile)
            if code is None:
                code = codes[pile] = bytes((pile.down,)) + bytes(map(ids.__getitem__, pile.cards))
            columns.append(code)
        columns.sort()
        cycle = []
        for pile in (piles[waste], piles[stock]):  # the stock's code is read backwards
            code = codes.get(pile)
            if code is None:
                code = codes[pile] = bytes((pile.down,)) + bytes(map(ids.__getitem__, pile.cards))
            cycle.append(code[1:])
        w, n = len(cycle[0]), len(cycle[0]) + len(cycle[1])
        draw, allowed = self._settings(state.options)
        if allowed is None:
            redeals = 0
            if w == n or w % draw == 0:
                w = 0  # a fresh pass reaches this split and comes back to it
        else:
            redeals = state.value("redeals")
        head = bytes(heights) + bytes((w, min(redeals, 250), 255))
        return head + cycle[0] + cycle[1][::-1] + b"\xff" + b"\xfe".join(columns)

    # --- dead ends ----------------------------------------------------------------
    def solver_dead_end(self, state):
        piles, blocked = state.piles, self._blocked_columns
        if len(blocked) > 200_000:
            blocked.clear()
        for t in self._solver_layout[3]:
            pile = piles[t]
            dead = blocked.get(pile)
            if dead is None:
                dead = blocked[pile] = column_blocked(pile.cards)
            if dead:
                return True
        return False

    @cached_property
    def _blocked_columns(self) -> dict:
        return {}

    # --- safe moves ----------------------------------------------------------------
    def solver_safe(self, state):
        stock, waste, foundations, tableau, names = self._solver_layout
        piles = state.piles
        heights, where, empty = self._heights(piles, foundations)
        sources = tableau + (waste,) if self._settings(state.options)[0] == 1 else tableau
        for i in sources:
            pile = piles[i]
            if pile.down >= len(pile.cards):
                continue
            card = pile.cards[-1]
            s = SUIT_INDEX[card.suit]
            if heights[s] == card.rank - 1 and is_safe_up(card.rank, s, heights):
                dst = where[s] if heights[s] else empty
                move = Move(names[i], names[dst])
                return (move,), self._play(state, move)
        return None

    # --- candidate lines, best first --------------------------------------------------
    def solver_lines(self, state):
        return self._lines(state, False)

    def solver_narrow(self, state):
        """The lines fast Klondike solvers keep: a run moves off a face-up card
        only to let that card go up, a column is emptied only for a King that
        waits to be moved there."""
        return self._lines(state, True)

    def _lines(self, state, narrow):
        stock, waste, foundations, tableau, names = self._solver_layout
        piles = state.piles
        heights, where, empty_f = self._heights(piles, foundations)
        tops = []  # (column, top card) of columns whose top is face up
        empty_t = None
        for t in tableau:
            pile = piles[t]
            if not pile.cards:
                if empty_t is None:
                    empty_t = t
            elif pile.down < len(pile.cards):
                tops.append((t, pile.cards[-1]))
        found: list = []  # (priority, moves)
        if narrow:
            king_waits = any(c.rank == KING for c in piles[waste].cards + piles[stock].cards) or any(
                piles[t].cards[piles[t].down].rank == KING for t in tableau if 0 < piles[t].down < len(piles[t].cards))

        fits: dict = {}  # (rank, red) of a card -> columns it may go on
        for t, top in tops:
            fits.setdefault((top.rank - 1, top.suit not in "HD"), []).append(t)
        kings = [empty_t] if empty_t is not None else []

        def targets(card, skip):
            """Columns ``card`` may go on (one empty column at most)."""
            found = fits.get((card.rank, card.suit in "HD"), ())
            if skip is not None and skip in found:
                found = [t for t in found if t != skip]
            return kings if card.rank == KING else found

        # from the tableau
        exposing = []
        for i in tableau:
            pile = piles[i]
            cards, down = pile.cards, pile.down
            size = len(cards)
            if down >= size:
                continue
            top = cards[-1]
            s = SUIT_INDEX[top.suit]
            reveals = down > 0 and size - down == 1
            if heights[s] == top.rank - 1:
                dst = where[s] if heights[s] else empty_f
                found.append((100 + down if reveals else 70, (Move(names[i], names[dst]),)))
            n = 1
            while True:
                base = cards[-n]
                whole = n == size - down
                below = cards[-n - 1] if not whole else None
                useless = narrow and whole and not down and not king_waits
                for j in targets(base, i):
                    if useless or (base.rank == KING and whole and not down and not piles[j].cards):
                        continue  # a lone King run from one empty place to another
                    if whole and down:
                        found.append((90 + down, (Move(names[i], names[j], n),)))
                    elif whole:
                        exposing += self._emptying(state, Move(names[i], names[j], n))
                    elif follows(below, base):
                        exposing += self._exposing(state, Move(names[i], names[j], n), below, narrow, (heights, where, empty_f))
                    elif not narrow:  # off a card it does not continue (a position built by hand)
                        found.append((20, (Move(names[i], names[j], n),)))
                if whole:
                    break
                if not follows(below, base):
                    break
                n += 1

        # from the foundations, unless the card would at once be safe to send back
        lines = [(p, moves, self._play(state, moves[0])) for p, moves in found] + exposing
        for s in range(4):
            if not heights[s]:
                continue
            card = piles[where[s]].cards[-1]
            lowered = heights.copy()
            lowered[s] -= 1
            if is_safe_up(card.rank, s, lowered):
                continue
            for j in targets(card, None):
                move = Move(names[where[s]], names[j])
                lines.append((10, (move,), self._play(state, move)))
        lines += self._stock_lines(state, heights, where, empty_f, targets)
        lines.sort(key=lambda line: -line[0])
        return [(moves, after) for _, moves, after in lines]

    def _exposing(self, state, move, card, narrow, foundation_heights):
        """A run moved off the face-up ``card`` it continues, together with what
        makes that worth it: ``card`` going up, or a card put on it (from a
        column, the waste or a foundation). Nothing else can use a face-up card
        laid bare (its own run could move with the run on it), and waiting
        until right before that use only keeps more moves open."""
        stock, waste, foundations, tableau, names = self._solver_layout
        heights, where, empty_f = foundation_heights  # a move between columns leaves them be
        s = SUIT_INDEX[card.suit]
        if narrow and heights[s] != card.rank - 1:
            return []
        state = self._play(state, move)
        piles = state.piles
        x = self.index[move.src]
        lines = []
        if heights[s] == card.rank - 1:
            up = Move(move.src, names[where[s] if heights[s] else empty_f])
            lines.append((25, (move, up), self._play(state, up)))
        if narrow:
            return lines
        rank, red = card.rank - 1, card.suit not in "HD"
        for i in tableau:
            pile = piles[i]
            cards = pile.cards
            if i == x or names[i] == move.dst or pile.down >= len(cards):
                continue
            for n, base in run_heads(pile):
                if base.rank == rank and (base.suit in "HD") == red:
                    on = Move(names[i], move.src, n)
                    lines.append((20, (move, on), self._play(state, on)))
                    break
        cycle = piles[waste].cards + piles[stock].cards[::-1]
        for w, draws, recycles in self._splits(state):
            top = cycle[w - 1]
            if top.rank == rank and (top.suit in "HD") == red:
                on = Move(names[waste], move.src)
                lines.append((20, (move,) + (DRAW,) * draws + (on,),
                               self._play(self._drawn(state, cycle, w, recycles), on)))
        for f in foundations:
            cards = piles[f].cards
            if cards and cards[-1].rank == rank and (cards[-1].suit in "HD") == red:
                on = Move(names[f], move.src)
                lines.append((15, (move, on), self._play(state, on)))
        return lines

    def _emptying(self, state, move):
        """A column emptied, together with the only use of an empty column:
        a King (with its run) moved into it, from a column, the waste or a
        foundation. Waiting until right before that loses nothing."""
        stock, waste, foundations, tableau, names = self._solver_layout
        state = self._play(state, move)
        piles = state.piles
        lines = []
        for i in tableau:
            pile = piles[i]
            cards = pile.cards
            for n, base in run_heads(pile):
                if base.rank == KING:
                    if n < len(cards):  # a King already at the bottom stays
                        king = Move(names[i], move.src, n)
                        lines.append((50, (move, king), self._play(state, king)))
                    break
        cycle = piles[waste].cards + piles[stock].cards[::-1]
        for w, draws, recycles in self._splits(state):
            if cycle[w - 1].rank == KING:
                king = Move(names[waste], move.src)
                lines.append((45, (move,) + (DRAW,) * draws + (king,),
                               self._play(self._drawn(state, cycle, w, recycles), king)))
        for f in foundations:
            cards = piles[f].cards
            if cards and cards[-1].rank == KING:
                king = Move(names[f], move.src)
                lines.append((15, (move, king), self._play(state, king)))
        return lines

    def _splits(self, state):
        """Every way to bring a card to the waste's top by drawing, as
        (cards in the waste, draws, recycles), recycles counted honestly."""
        stock, waste, _, _, _ = self._solver_layout
        piles = state.piles
        n, w0 = len(piles[waste].cards) + len(piles[stock].cards), len(piles[waste].cards)
        k, allowed = self._settings(state.options)
        left = None if allowed is None else allowed - state.value("redeals")
        found = self._splits_cache.get((n, w0, k, left))
        if found is None:
            found = self._splits_cache[n, w0, k, left] = self._count_splits(n, w0, k, left)
        return found

    @cached_property
    def _splits_cache(self) -> dict:
        return {}

    @staticmethod
    def _count_splits(n, w0, k, left):
        splits = [(w0, 0, 0)] if w0 else []
        w, draws = w0, 0
        while w < n:
            w, draws = min(w + k, n), draws + 1
            splits.append((w, draws, 0))
        if n and (left is None or left > 0):
            reached = {split[0] for split in splits}
            w, draws = 0, draws + 1
            while w < n:
                w, draws = min(w + k, n), draws + 1
                if w not in reached:  # else the first pass reached it with fewer recycles
                    splits.append((w, draws, 1))
        return splits

    def _drawn(self, state, cycle, w, recycles):
        """The position once the draws have left ``w`` cards of ``cycle`` in the waste."""
        stock, waste, _, _, _ = self._solver_layout
        drawn = state.with_piles({waste: Pile(cycle[:w]), stock: Pile(cycle[w:][::-1], len(cycle) - w)})
        if recycles:
            drawn = drawn.with_values(redeals=state.value("redeals") + recycles)
        return drawn

    def _stock_lines(self, state, heights, where, empty_f, targets):
        """Draw d times (recycles counted), then play the waste's top card."""
        stock, waste, _, _, names = self._solver_layout
        piles = state.piles
        cycle = piles[waste].cards + piles[stock].cards[::-1]
        lines = []
        free_stock = self._settings(state.options) == (1, None)
        for w, draws, recycles in self._splits(state):
            card = cycle[w - 1]
            s = SUIT_INDEX[card.suit]
            dsts = [(80 - draws, j) for j in targets(card, None)]
            if heights[s] == card.rank - 1:
                dsts.append((85 - draws, where[s] if heights[s] else empty_f))
            if not dsts:
                continue
            drawn = self._drawn(state, cycle, w, recycles)
            for priority, j in dsts:
                move = Move(names[waste], names[j])
                played = (DRAW,) * draws + (move,)
                if free_stock and self.zones[j].role == TABLEAU:
                    for more, after in self._stock_uses(self._play(drawn, move), j):
                        lines.append((priority, played + more, after))
                else:
                    lines.append((priority, played, self._play(drawn, move)))
        return lines

    def _stock_uses(self, state, t):
        """At draw 1 with unlimited passes the stock lets any of its cards out
        at any time, so a card played from it onto column ``t`` is worth it
        only for a card put on it next (from a column, a foundation, or the
        stock again, which then needs a use of its own)."""
        stock, waste, foundations, tableau, names = self._solver_layout
        piles = state.piles
        top = piles[t].cards[-1]
        rank, red = top.rank - 1, top.suit not in "HD"
        lines = []
        for i in tableau:
            pile = piles[i]
            cards = pile.cards
            if i == t or pile.down >= len(cards):
                continue
            for n, base in run_heads(pile):
                if base.rank == rank and (base.suit in "HD") == red:
                    on = Move(names[i], names[t], n)
                    lines.append(((on,), self._play(state, on)))
                    break
        for f in foundations:
            cards = piles[f].cards
            if cards and cards[-1].rank == rank and (cards[-1].suit in "HD") == red:
                on = Move(names[f], names[t])
                lines.append(((on,), self._play(state, on)))
        cycle = piles[waste].cards + piles[stock].cards[::-1]
        for w, draws, recycles in self._splits(state):
            card = cycle[w - 1]
            if card.rank == rank and (card.suit in "HD") == red:
                on = Move(names[waste], names[t])
                for more, after in self._stock_uses(self._play(self._drawn(state, cycle, w, recycles), on), t):
                    lines.append(((DRAW,) * draws + (on,) + more, after))
        return lines
