"""Tacta Solitaire as the rules text describes it; rule numbers refer to rules.md."""

from __future__ import annotations

from typing import Any

from solitaire_core.deals import shuffle
from solitaire_core.errors import IllegalMove
from solitaire_core.game import Game
from solitaire_core.moves import Move
from solitaire_core.scene import Face, Scene

from . import notation
from .cards import BY_CODE, COLOURS, ORDER, STACK_CARDS, SUIT_SYMBOLS, X, edges, parse_card
from .deal import lay_out
from .geometry import Puzzle, by_card_order
from .layout import build_scene
from .notation import STACK_IDS, STACK_NAMES, side_text
from .state import TactaState

WIN = len(ORDER)


class Tacta(Game):
    id = "tacta"
    name = "Tacta Solitaire"
    options = ()
    deck = ORDER + (X,)  # every card on the table, the X card included
    # Rule 2.7: a card may touch cards other than its parent (see rules.md).
    touching = True
    # Puzzle moves abound, so the generic search rarely proves a position stuck;
    # a small bound keeps the check after every move quick.
    stuck_search_limit = 300

    # --- a new deal (rule 3) --------------------------------------------------
    def new(self, deal: int, **options: Any) -> TactaState:
        resolved = self.resolve_options(options)
        deck = shuffle(ORDER, deal)[::-1]  # the shuffled list's last card is the top of the deck
        return TactaState(lay_out(deck, self.touching), ((),) * 6, resolved)

    # --- moves (rules 4 and 5) ------------------------------------------------
    def puzzle(self, state: TactaState) -> Puzzle:
        return Puzzle(state.puzzle, self.touching)

    def source(self, state: TactaState, puzzle: Puzzle, src: str):
        """(card, its placement or None for a stack's top) if ``src`` names a card free to move."""
        if src in STACK_IDS:
            stack = state.stacks[STACK_IDS.index(src)]
            return (stack[-1], None) if stack else None
        card = BY_CODE.get(src)
        here = puzzle.by_card.get(card)
        if here is None or card.is_x or puzzle.covered(card):
            return None
        return card, here

    @staticmethod
    def hosts(card, other) -> bool:
        """Rule 4.2: the X card, or the same colour and one value higher or lower."""
        return other.is_x or (other.colour == card.colour and abs(other.value - card.value) == 1)

    def moves_from(self, state: TactaState, puzzle: Puzzle, src: str, card, here) -> list[Move]:
        """Every legal move of the card that ``src`` names (rules 4 and 5)."""
        moves = []
        if here is not None and len(state.stacks[card.stack]) == card.value - 1:
            moves.append(Move(src, STACK_IDS[card.stack]))
        for host in state.puzzle:
            if host.card == card or not self.hosts(card, host.card):
                continue
            for d in range(4):
                if here is not None and here.parent == host.card and here.side == d:
                    continue  # where it already lies (rule 4.5)
                if puzzle.refusal(card, host, d, leaving=card) is None:
                    moves.append(Move(src, side_text(host.card, d)))
        return moves

    def legal_moves(self, state: TactaState) -> list[Move]:
        puzzle = self.puzzle(state)
        moves = []
        for src in [p.card.code for p in state.puzzle] + list(STACK_IDS):
            found = self.source(state, puzzle, src)
            if found is not None:
                moves += self.moves_from(state, puzzle, src, *found)
        return moves

    def apply(self, state: TactaState, move: Move) -> TactaState:
        """Checks only the moving card's moves: the same code as ``legal_moves``, less work."""
        puzzle = self.puzzle(state)
        found = self.source(state, puzzle, move.src) if move.n == 1 else None
        if found is None or move not in self.moves_from(state, puzzle, move.src, *found):
            raise IllegalMove(self.format_move(move), self.why_illegal(state, move))
        return self.play(state, move)

    def play(self, state: TactaState, move: Move) -> TactaState:
        stacks = list(state.stacks)
        if move.src in STACK_IDS:
            k = STACK_IDS.index(move.src)
            card, stacks[k] = stacks[k][-1], stacks[k][:-1]
            rest = state.puzzle
        else:
            card = BY_CODE[move.src]
            rest = tuple(p for p in state.puzzle if p.card != card)
        if move.dst in STACK_IDS:
            k = STACK_IDS.index(move.dst)
            stacks[k] += (card,)
            return TactaState(rest, tuple(stacks), state.options)
        host_card, d = notation.parse_side(move.dst)
        puzzle = Puzzle(rest, self.touching)
        placed = puzzle.place(card, puzzle.by_card[host_card], d)
        return TactaState(by_card_order(rest + (placed,)), tuple(stacks), state.options)

    def why_illegal(self, state: TactaState, move: Move) -> str:
        puzzle = self.puzzle(state)
        if move.n != 1:
            return "cards move one at a time"
        if move.src in STACK_IDS:
            stack = state.stacks[STACK_IDS.index(move.src)]
            if not stack:
                return f"stack {move.src} is empty"
            card, here = stack[-1], None
        elif move.src in BY_CODE:
            card = BY_CODE[move.src]
            if card.is_x:
                return "the X card never moves (rule 2.1)"
            here = puzzle.by_card.get(card)
            if here is None:
                return f"{card.code} is on stack {STACK_IDS[card.stack]}: move that stack's top card instead (rule 5.4)"
            if puzzle.covered(card):
                over = ", ".join(c.card.code for c in puzzle.children[card])
                return f"{card.code} is covered by {over}: only an uncovered card moves (rule 2.8)"
        else:
            return f"{move.src!r} is neither a card of the puzzle nor a stack"
        if move.dst in STACK_IDS:
            k = STACK_IDS.index(move.dst)
            if here is None:
                return "a stack's top card goes back to the puzzle, not to a stack"
            if k != card.stack:
                return f"{card.code} belongs on stack {STACK_IDS[card.stack]} ({STACK_NAMES[card.stack]}), not {move.dst} (rule 5.2)"
            return f"stack {move.dst} takes {STACK_CARDS[k][len(state.stacks[k])].code} next (rule 5.3)"
        try:
            host_card, d = notation.parse_side(move.dst)
        except ValueError as exc:
            return str(exc)
        host = puzzle.by_card.get(host_card)
        if host is None:
            return f"{host_card.code} is not in the puzzle"
        if host_card == card:
            return "a card cannot lie on itself"
        if not self.hosts(card, host_card):
            return (f"{card.code} may only go on the X card or a {COLOURS[card.colour]} card one value "
                    f"higher or lower, not {host_card.code} (rule 4.2)")
        if here is not None and (here.parent, here.side) == (host_card, d):
            return f"{card.code} already lies on {move.dst}"
        return puzzle.refusal(card, host, d, leaving=card) or "the rules do not allow it in this position"

    # --- outcome ----------------------------------------------------------------
    def is_won(self, state: TactaState) -> bool:
        return state.on_stacks == WIN

    def progress(self, state: TactaState) -> tuple:
        return (state.on_stacks,)

    def score(self, state: TactaState) -> None:
        return None

    def status(self, state: TactaState) -> list[tuple[str, str]]:
        return [("On stacks", f"{state.on_stacks}/{WIN}")]

    def preference(self, state: TactaState, move: Move) -> int:
        """Stacks first; then moves that free the next card a stack needs."""
        if move.dst in STACK_IDS:
            return 100
        if move.src in STACK_IDS:
            return 0
        here = self.puzzle(state).by_card.get(BY_CODE.get(move.src))
        parent = here.parent if here else None
        if parent is not None and not parent.is_x and len(state.stacks[parent.stack]) == parent.value - 1:
            siblings = [p for p in state.puzzle if p.parent == parent]
            return 60 if len(siblings) == 1 else 40
        return 10

    def finish_moves(self, state: TactaState) -> list[Move] | None:
        """When the stacks can take every card in turn, those moves."""
        moves = []
        while not self.is_won(state):
            up = [m for m in self.legal_moves(state) if m.dst in STACK_IDS]
            if not up:
                return None
            moves.append(up[0])
            state = self.play(state, up[0])
        return moves or None

    # --- text -------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    def parse_move(self, state: TactaState, text: str) -> Move:
        return notation.parse_move(text)

    def format_card(self, card) -> str:
        return card.code

    def parse_card(self, text: str):
        return parse_card(text)

    def format_position(self, state: TactaState) -> str:
        return notation.format_position(state, self.name)

    def parse_position(self, text: str, **options: Any) -> TactaState:
        return notation.parse_position(text, self.resolve_options(options), self.touching)

    # --- table --------------------------------------------------------------------
    def face(self, card) -> Face:
        """Edges are the upright card's; the placement's rotation turns the drawing."""
        if card.is_x:
            return Face("custom", "black", "X", "X", 0, "X", edges(card), note="any shape")
        symbol = SUIT_SYMBOLS[card.suit]
        return Face("custom", COLOURS[card.colour], f"{card.value}{symbol}", symbol, card.value, card.suit,
                    edges(card))

    def stack_label(self, k: int) -> str:
        colour, suit = STACK_CARDS[k][0].colour, STACK_CARDS[k][0].suit
        return f"{COLOURS[colour]} {SUIT_SYMBOLS[suit]}"

    def scene(self, state: TactaState) -> Scene:
        return build_scene(self, state, self.legal_moves(state))

