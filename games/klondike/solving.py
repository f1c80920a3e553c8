"""Klondike's own solver model (docs/solver.md): a compact model of the game and
exact prunings from published solvers, kept beside the derived model for its
measured gain (docs/solver.md, Figures).

The search runs on the model's own positions (``Position``): the
columns as ``bytes`` (face-down count, then card codes bottom to top) kept
sorted, each suit's foundation height, and the stock and waste as one cycle
with the waste's size. Cards are ``rank * 4 + suit``. A line is a tuple of
tokens, ``card * 64 + destination`` (a card code to build on, FOUNDATION or
EMPTY); ``moves`` turns the lines of a solution back into engine moves
by finding each card in the real position, drawing as needed, and the search
replays those through ``apply``. An agreement test holds the model to the
engine.

- Macro stock moves: "draw until this card is on the waste, then play it" is
  one line, for every card the draws can bring up, counting recycles honestly.
  Draws touch only the stock and waste, so any winning line can be reordered
  into these macros and moves among the other piles.
- The position is canonical: foundations as each suit's height, columns
  sorted, and, with unlimited passes, the waste's size dropped where a fresh
  pass reaches it again.
- A card does not come down from a foundation when the safe-move rule would
  send it straight back (the safe rule's proof covers that line).
- A run moves off a face-up card only together with a use of that card: it
  goes up, or a card is put on it (waiting until right before that use loses
  nothing, and nothing else can use a face-up card laid bare).
- A column is emptied only together with a King moved into it, its only use.
- At draw 1 with unlimited passes, a card leaves the stock for a column only
  together with a card put on it (any stock card can come out at any time).
- A dead end: a column where a card that is not a King lies above both cards
  it could be built on and above its foundation predecessor, and no run can
  carry it off (it lies face down, or on a card it does not continue).
- Safe moves to the foundations, exact although foundation cards may come
  back (rule 6.4): an Ace or a 2 always; a card of rank r when both
  foundations of the other colour hold r-1 and the other suit of its colour
  r-2 (Solvitaire's weaker "other colour within 1" is unsafe here; see the
  test that shows it). From the stock only at draw 1, where taking a card
  out never changes which cards later draws bring up: the waste's top card,
  or any card when passes are unlimited.
"""

from __future__ import annotations

from functools import cached_property
from operator import itemgetter
from typing import NamedTuple

from solitaire_core.errors import IllegalMove
from solitaire_core.moves import DRAW, Move
from solitaire_core.solver import SolverModel
from solitaire_core.state import State
from solitaire_core.zones import FOUNDATION, STOCK, TABLEAU, WASTE

SUITS = "SHDC"
OTHER_OF_COLOUR = (3, 2, 1, 0)  # spades <-> clubs, hearts <-> diamonds
OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
KING = 13
FOUNDATION_DST, EMPTY_DST = 60, 61  # destinations of a token besides a card code
WON = bytes((KING,) * 4)

RANK = [c >> 2 for c in range(64)]
SUIT = [c & 3 for c in range(64)]
# ON[c]: the two cards that may be built on card c (one lower, the other colour)
ON = [frozenset((c - 4) & ~3 | s for s in OPPOSITE[c & 3]) if 1 < c >> 2 <= KING else frozenset()
      for c in range(64)]
KINGS = tuple(KING << 2 | s for s in range(4))
# PARENTS[c]: the two cards c may be built on
PARENTS = [tuple((c + 4) & ~3 | s for s in OPPOSITE[c & 3]) if c >> 2 < KING else () for c in range(64)]


def code(card) -> int:
    """A card's code in the model: ``rank * 4 + suit``."""
    return card.rank * 4 + SUITS.index(card.suit)


def is_safe_up(rank: int, suit: int, heights) -> bool:
    """Whether sending this card up can never lose a won game (see the module text)."""
    if rank <= 2:
        return True
    a, b = OPPOSITE[suit]
    return heights[a] >= rank - 1 and heights[b] >= rank - 1 and heights[OTHER_OF_COLOUR[suit]] >= rank - 2


def column_blocked(col: bytes) -> bool:
    """A card that is not a King lying above its foundation predecessor and
    both cards it could be built on can never move, unless a run carries it:
    what lies under it is lost. ``col``: face-down count, then the cards."""
    down, below = col[0], set()
    for i, c in enumerate(col[1:]):
        carried = i > down and c in ON[col[i]]  # face up on the face-up card it continues
        if 1 < RANK[c] < KING and c - 4 in below and all(p in below for p in PARENTS[c]) and not carried:
            return True
        below.add(c)
    return False


def runs(col: bytes):
    """Each movable run of a column, top down: (length, its base card, the
    face-up card under it or None when the run is all the face-up cards)."""
    up = len(col) - 1 - col[0]
    found = []
    for n in range(1, up + 1):
        base = col[-n]
        if n == up:
            found.append((n, base, None))
            break
        below = col[-n - 1]
        found.append((n, base, below))
        if base not in ON[below]:
            break
    return tuple(found)


def cut(col: bytes, n: int) -> bytes:
    """The column without its top ``n`` cards, its new top turned up."""
    k = len(col) - 1 - n
    if col[0] >= k:
        return bytes((k - 1 if k else 0,)) + col[1:1 + k]
    return col[:len(col) - n]


def count_splits(n: int, w0: int, k: int, left) -> dict:
    """Every way to bring a card to the waste's top by drawing: cards in the
    waste then -> (draws, recycles), fewest draws first, recycles counted honestly."""
    splits = {w0: (0, 0)} if w0 else {}
    w, draws = w0, 0
    while w < n:
        w, draws = min(w + k, n), draws + 1
        splits[w] = draws, 0
    if n and (left is None or left > 0):
        w, draws = 0, draws + 1
        while w < n:
            w, draws = min(w + k, n), draws + 1
            if w not in splits:  # else the first pass reached it with fewer recycles
                splits[w] = draws, 1
    return splits


class Position(NamedTuple):
    """A position of the model: what the search keys, so written canonically."""

    draw: int  # cards drawn at a time
    left: int | None  # passes through the stock left after this one; None: unlimited
    waste: int  # how many cards of the cycle are in the waste (0 where a fresh pass reaches it again)
    cycle: bytes  # the waste bottom to top, then the stock in the order draws bring it up
    heights: bytes  # each suit's foundation height, in SUITS order
    cols: tuple  # the columns, sorted: bytes (face-down count, then the cards bottom to top)


def klondike_model(game) -> SolverModel:
    """Klondike's own model (``solver_model`` of the Klondike class alone)."""
    model = KlondikeSolving(game)
    return SolverModel(model.lines, model.key, start=model.start, won=model.won, moves=model.moves,
                       progress=model.progress, safe=model.safe, dead_end=model.dead_end, narrow=model.narrow,
                       own_positions=True)


class KlondikeSolving:
    """The solver's model of one Klondike game object (docs/solver.md)."""

    def __init__(self, game):
        self.game = game

    # --- the model and the engine ---------------------------------------------------
    @cached_property
    def _solver_layout(self):
        (stock,), (waste,) = self.game.role(STOCK), self.game.role(WASTE)
        return stock, waste, self.game.role(FOUNDATION), self.game.role(TABLEAU)

    @cached_property
    def _codes(self) -> dict:
        return {c: code(c) for c in self.game.deck}

    @cached_property
    def _caches(self) -> dict:
        """Per game object: splits by (cycle size, waste size, draw, passes left),
        runs, run heads and dead ends by column. Columns recur across positions."""
        return {"splits": {}, "runs": {}, "heads": {}, "blocked": {}}

    def start(self, state: State):
        """The model's position: (draw, redeals left or None, waste size, cycle,
        foundation heights by suit, sorted columns)."""
        stock, waste, foundations, tableau = self._solver_layout
        piles, codes = state.piles, self._codes
        heights = [0] * 4
        for f in foundations:
            if piles[f].cards:
                heights[SUITS.index(piles[f].cards[0].suit)] = len(piles[f].cards)
        cols = tuple(sorted(bytes((piles[t].down,)) + bytes(codes[c] for c in piles[t].cards) for t in tableau))
        cycle = bytes(codes[c] for c in piles[waste].cards + piles[stock].cards[::-1])
        allowed = self.game.redeals_allowed(state)
        left = None if allowed is None else allowed - state.value("redeals")
        return _position(self.game.draw_count(state), left, len(piles[waste].cards), cycle, bytes(heights), cols)

    def won(self, node) -> bool:
        return node[4] == WON

    def key(self, node):
        return node

    def progress(self, node) -> int:
        """``progress`` summed: cards on the foundations less face-down cards."""
        return sum(node[4]) - sum(col[0] for col in node[5])

    def moves(self, state: State, lines) -> list:
        """The engine moves of a solution's lines, from ``state``: each card is
        found where it lies (drawn up first when in the stock)."""
        stock, waste, foundations, tableau = self._solver_layout
        names = [z.id for z in self.game.zones]
        cards = {k: card for card, k in self._codes.items()}
        moves = []
        for token in (t for line in lines for t in line):
            card, dst = cards[token >> 6], token & 63
            src = next((i for i in tableau + foundations if card in state.piles[i].up), None)
            if src is None:
                for _ in range(3 * (len(self.game.deck) + 1)):
                    if state.piles[waste].top == card:
                        break
                    moves.append(DRAW)
                    state = self.game.apply(state, DRAW)
                else:
                    raise IllegalMove(f"{card.code} is not in the stock or the waste")
                src = waste
            pile = state.piles[src]
            n = len(pile.cards) - pile.cards.index(card)
            move = Move(names[src], names[self._destination(state, card, dst, cards)], n)
            state = self.game.apply(state, move)
            moves.append(move)
        return moves

    def _destination(self, state, card, dst, cards):
        stock, waste, foundations, tableau = self._solver_layout
        if dst == FOUNDATION_DST:
            own = [f for f in foundations if state.piles[f].cards[:1] and state.piles[f].cards[0].suit == card.suit]
            return (own or [f for f in foundations if not state.piles[f].cards])[0]
        if dst == EMPTY_DST:
            return next(t for t in tableau if not state.piles[t].cards)
        return next(t for t in tableau if state.piles[t].top == cards[dst])

    # --- what the search asks -----------------------------------------------------------
    def dead_end(self, node) -> bool:
        blocked = self._caches["blocked"]
        if len(blocked) > 200_000:
            blocked.clear()
        for col in node[5]:
            dead = blocked.get(col)
            if dead is None:
                dead = blocked[col] = column_blocked(col)
            if dead:
                return True
        return False

    def safe(self, node):
        """Every safe card sent up, as one line, or None."""
        draw, left, w, cycle, heights, cols = node
        tokens = []
        from_stock = draw == 1 and cycle
        while True:
            wanted = _safe_cards(heights)
            for col in cols:
                if col[-1] in wanted and len(col) > 1 + col[0]:
                    c = col[-1]
                    cols = _replace(cols, col, cut(col, 1))
                    break
            else:
                if not from_stock:
                    break
                if left is None:  # any card of the stock can come up
                    for c in wanted:
                        i = cycle.find(c)
                        if i >= 0:
                            cycle = cycle[:i] + cycle[i + 1:]
                            break
                    else:
                        break
                elif w and cycle[w - 1] in wanted:
                    c = cycle[w - 1]
                    cycle, w = cycle[:w - 1] + cycle[w:], w - 1
                else:
                    break
            tokens.append(c << 6 | FOUNDATION_DST)
            heights = _up(heights, SUIT[c], RANK[c])
        if not tokens:
            return None
        return tuple(tokens), _position(draw, left, w, cycle, heights, cols)

    def lines(self, node):
        return self._lines(node, False)

    def narrow(self, node):
        """The lines fast Klondike solvers keep: a run moves off a face-up card
        only to let that card go up, a column is emptied only for a King that
        waits to be moved there."""
        return self._lines(node, True)

    # --- candidate lines, best first ----------------------------------------------------
    def _lines(self, node, narrow):
        draw, left, w, cycle, heights, cols = node
        caches = self._caches
        head_cache = caches["heads"]
        if len(head_cache) > 200_000:
            head_cache.clear()
        fits: dict = {}  # card code -> columns (indexes) it may go on
        heads: dict = {}  # card heading a movable run -> (its column, the run's length, the card under it)
        empty = None
        found = []  # (priority, tokens, node)
        for i, col in enumerate(cols):
            down = len(col) == 1 or col[0]
            if down is True:
                empty = i
            elif len(col) > 1 + down:
                top = col[-1]
                for a in ON[top]:
                    fits.setdefault(a, []).append(i)
                col_heads = head_cache.get(col)
                if col_heads is None:
                    col_heads = head_cache[col] = {base: (col, n, below) for n, base, below in runs(col)}
                heads.update(col_heads)
                r, s = RANK[top], SUIT[top]
                if heights[s] == r - 1:
                    reveals = down > 0 and len(col) == down + 2
                    found.append((100 + down if reveals else 70, (top << 6 | FOUNDATION_DST,),
                                  Position(draw, left, w, cycle, _up(heights, s, r), _replace(cols, col, cut(col, 1)))))
        kings = (empty,) if empty is not None else ()
        splits = self._splits(draw, left, w, len(cycle))
        if narrow:
            king_waits = any(k in cycle for k in KINGS) or any(
                0 < col[0] < len(col) - 1 and RANK[col[col[0] + 1]] == KING for col in cols)
        moves = [(base, dsts, heads[base]) for base, dsts in fits.items() if base in heads]
        if kings:
            moves += [(base, kings, heads[base]) for base in KINGS if base in heads]
        for base, dsts, (col, n, below) in moves:
            i = cols.index(col)
            down = col[0]
            whole = below is None
            if whole and not down and (RANK[base] == KING or narrow and not king_waits):
                continue  # a lone King run from one empty place to another; narrow: no King to use it
            for j in dsts:
                token = base << 6 | (EMPTY_DST if RANK[base] == KING else cols[j][-1])
                after = Position(draw, left, w, cycle, heights, _move(cols, i, n, j))
                if whole and down:
                    found.append((90 + down, (token,), after))
                elif whole:
                    found += self._emptying(token, after, col)
                elif base in ON[below]:
                    found += self._exposing(token, after, below, cut(col, n), col, cols[j], heads, narrow)
                elif not narrow:  # off a card it does not continue (a position built by hand)
                    found.append((20, (token,), after))

        # from the foundations, unless the card would at once be safe to send back
        for s in range(4):
            r = heights[s]
            if not r:
                continue
            card = r << 2 | s
            lowered = _up(heights, s, r - 1)
            if is_safe_up(r, s, lowered):
                continue
            dsts = kings if r == KING else fits.get(card, ())
            for j in dsts:
                token = card << 6 | (EMPTY_DST if r == KING else cols[j][-1])
                found.append((10, (token,), Position(draw, left, w, cycle, lowered,
                                                      _replace(cols, cols[j], cols[j] + bytes((card,))))))
        found += self._stock_lines(node, fits, kings, splits, heads)
        found.sort(key=itemgetter(0), reverse=True)
        return [(tokens, after) for _, tokens, after in found]

    def _splits(self, draw, left, w, n):
        cache = self._caches["splits"]
        found = cache.get((n, w, draw, left))
        if found is None:
            found = cache[n, w, draw, left] = count_splits(n, w, draw, left)
        return found

    def _exposing(self, token, node, card, source, was, onto, heads, narrow):
        """A run moved off the face-up ``card`` it continues (column ``was``
        onto column ``onto``, now ``source`` and another), together with what
        makes that worth it: ``card`` going up, or a card put on it (from a
        column, the stock or a foundation). Nothing else can use a face-up card
        laid bare (its own run could move with the run on it), and waiting
        until right before that use only keeps more moves open."""
        draw, left, w, cycle, heights, cols = node
        r, s = RANK[card], SUIT[card]
        lines = []
        if heights[s] == r - 1:
            lines.append((25, (token, card << 6 | FOUNDATION_DST),
                          Position(draw, left, w, cycle, _up(heights, s, r), _replace(cols, source, cut(source, 1)))))
        if narrow:
            return lines
        for c in ON[card]:
            head = heads.get(c)
            if head is not None and head[0] is not was and head[0] is not onto:
                col, n = head[:2]
                lines.append((20, (token, c << 6 | card), Position(
                    draw, left, w, cycle, heights, _move(cols, cols.index(col), n, cols.index(source)))))
            elif heights[SUIT[c]] == RANK[c]:
                lines.append((15, (token, c << 6 | card), Position(
                    draw, left, w, cycle, _up(heights, SUIT[c], RANK[c] - 1), _replace(cols, source, source + bytes((c,))))))
            else:
                k = cycle.find(c) + 1
                reached = k and self._splits(draw, left, w, len(cycle)).get(k)
                if reached:
                    lines.append((20, (token, c << 6 | card), _take(node, k, reached[1], _replace(
                        cols, source, source + bytes((c,))))))
        return lines

    def _runs(self, col):
        cache = self._caches["runs"]
        found = cache.get(col)
        if found is None:
            if len(cache) > 200_000:
                cache.clear()
            found = cache[col] = runs(col)
        return found

    def _emptying(self, token, node, emptied):
        """A column emptied, together with the only use of an empty column: a
        King (with its run) moved into it, from a column, the stock or a
        foundation. Waiting until right before that loses nothing."""
        draw, left, w, cycle, heights, cols = node
        lines = []
        hole = cols.index(b"\x00")
        for j, col in enumerate(cols):
            for n, base, _ in self._runs(col):
                if RANK[base] == KING:
                    if n < len(col) - 1:  # a King already at the bottom stays
                        lines.append((50, (token, base << 6 | EMPTY_DST),
                                      Position(draw, left, w, cycle, heights, _move(cols, j, n, hole))))
                    break
        splits = self._splits(draw, left, w, len(cycle))
        for c in KINGS:
            k = cycle.find(c) + 1
            reached = k and splits.get(k)
            if reached:
                lines.append((45, (token, c << 6 | EMPTY_DST),
                              _take(node, k, reached[1], _replace(cols, b"\x00", bytes((0, c))))))
        for s in range(4):
            if heights[s] == KING:
                c = KING << 2 | s
                lines.append((15, (token, c << 6 | EMPTY_DST), Position(
                    draw, left, w, cycle, _up(heights, s, KING - 1), _replace(cols, b"\x00", bytes((0, c))))))
        return lines

    def _stock_lines(self, node, fits, kings, splits, heads):
        """Draw until a card is on the waste, then play it: for each card that
        could go somewhere, if the draws can bring it up."""
        draw, left, w, cycle, heights, cols = node
        lines = []
        free_stock = draw == 1 and left is None
        for s, h in enumerate(heights):
            c = (h + 1) << 2 | s
            k = cycle.find(c) + 1 if h < KING else 0
            reached = k and splits.get(k)
            if reached:
                lines.append((85 - reached[0], (c << 6 | FOUNDATION_DST,),
                              _take(node, k, reached[1], cols, _up(heights, s, h + 1))))
        wanted = list(fits.items())
        if kings:
            wanted += [(c, kings) for c in KINGS]
        for c, dsts in wanted:
            k = cycle.find(c) + 1
            reached = k and splits.get(k)
            if not reached:
                continue
            draws, recycles = reached
            for j in dsts:
                token = c << 6 | (EMPTY_DST if RANK[c] == KING else cols[j][-1])
                placed = cols[j] + bytes((c,))
                after = _take(node, k, recycles, _replace(cols, cols[j], placed))
                if free_stock:
                    for more, later in self._stock_uses(after, placed, cols[j], heads):
                        lines.append((80 - draws, (token,) + more, later))
                else:
                    lines.append((80 - draws, (token,), after))
        return lines

    def _stock_uses(self, node, col, was, heads):
        """At draw 1 with unlimited passes the stock lets any of its cards out
        at any time, so a card played from it onto column ``col`` (``was``
        before) is worth it only for a card put on it next (from a column, a
        foundation, or the stock again, which then needs a use of its own)."""
        draw, left, w, cycle, heights, cols = node
        top = col[-1]
        lines = []
        for c in ON[top]:
            head = heads.get(c)
            if head is not None and head[0] is not was:
                other, n = head[:2]
                lines.append(((c << 6 | top,), Position(draw, left, w, cycle, heights,
                                                          _move(cols, cols.index(other), n, cols.index(col)))))
            elif heights[SUIT[c]] == RANK[c]:
                lines.append(((c << 6 | top,), Position(draw, left, w, cycle, _up(heights, SUIT[c], RANK[c] - 1),
                                                         _replace(cols, col, col + bytes((c,))))))
            else:
                i = cycle.find(c)
                if i >= 0:  # every card of the stock can come up: draw 1, unlimited passes
                    placed = col + bytes((c,))
                    after = _position(draw, left, 0, cycle[:i] + cycle[i + 1:], heights, _replace(cols, col, placed))
                    for more, later in self._stock_uses(after, placed, was, heads):
                        lines.append(((c << 6 | top,) + more, later))
        return lines


# --- building positions -------------------------------------------------------------------
_SAFE: dict = {}


def _safe_cards(heights: bytes) -> frozenset:
    """The cards that may go up now and are safe to send up."""
    found = _SAFE.get(heights)
    if found is None:
        found = _SAFE[heights] = frozenset(
            (h + 1) << 2 | s for s, h in enumerate(heights) if h < KING and is_safe_up(h + 1, s, heights))
    return found


def _position(draw, left, w, cycle, heights, cols):
    """A model position; with unlimited passes the waste's size is dropped
    where a fresh pass reaches that split again (every split at draw 1)."""
    if left is None and w and (w == len(cycle) or w % draw == 0):
        w = 0
    return Position(draw, left, w, cycle, heights, cols)


def _take(node, k, recycles, cols, heights=None):
    """The position once the card at ``k - 1`` of the cycle was drawn and played."""
    draw, left, w, cycle, old_heights, _ = node
    return _position(draw, left if left is None else left - recycles, k - 1, cycle[:k - 1] + cycle[k:],
                     old_heights if heights is None else heights, cols)


def _up(heights: bytes, s: int, r: int) -> bytes:
    return heights[:s] + bytes((r,)) + heights[s + 1:]


def _replace(cols: tuple, old: bytes, new: bytes) -> tuple:
    found = list(cols)
    found[found.index(old)] = new
    found.sort()
    return tuple(found)


def _move(cols: tuple, i: int, n: int, j: int) -> tuple:
    """Columns after the top ``n`` cards of column ``i`` went onto column ``j``
    (``cut`` written out: the solver's hottest line)."""
    found = list(cols)
    src = cols[i]
    found[j] = cols[j] + src[-n:]
    k = len(src) - 1 - n
    found[i] = src[:k + 1] if src[0] < k else bytes((k - 1 if k else 0,)) + src[1:1 + k]
    found.sort()
    return tuple(found)
