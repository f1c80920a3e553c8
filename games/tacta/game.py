"""Tacta Solitaire as the rules text describes it; rule numbers refer to rules.md."""

from __future__ import annotations

from typing import Any

from solitaire_core import words
from solitaire_core.deals import shuffle
from solitaire_core.errors import IllegalMove
from solitaire_core.game import Game, Place
from solitaire_core.i18n import N_, _
from solitaire_core.moves import Move
from solitaire_core.refusals import Refusal, refuse
from solitaire_core.scene import Band, Corner, Face, Scene, Symbol

from . import notation
from . import words as names
from .cards import BY_CODE, COLOURS, ORDER, STACK_CARDS, SUIT_SYMBOLS, X, edges, parse_card
from .deal import lay_out
from .geometry import TURN, Puzzle, by_card_order, facing_rotation, fitting_turns
from .layout import build_scene
from .notation import STACK_IDS, side_text
from .state import TactaState

TINT = 0.086  # the share of the card's colour washed over its paper

WIN = len(ORDER)

# A refusal's kind -> the rule it cites (rules.md); kinds not here cite none.
RULE_REFS = {"x-card": "2.1", "in-stack": "5.4", "covered": "2.8", "wrong-stack": "5.2", "stack-order": "5.3",
             "host": "4.2", "same-place": "4.5", "side:turn": "2.5"}


# The words of each refusal, built only when read (move generation never reads them).
def _empty_stack(k: int) -> str:
    return words.spot_empty(names.stack_name(k))


def _in_stack(card) -> str:
    return words.sentence(_("{card} is on {stack}: only a stack's top card moves").format(
        card=names.card_name(card), stack=names.stack_name(card.stack)))


def _covered(card, over: tuple) -> str:
    return words.sentence(_("{card} is covered by {cards}: only an uncovered card moves").format(
        card=names.card_name(card), cards=", ".join(names.card_name(c) for c in over)))


def _wrong_stack(card, k: int) -> str:
    return words.sentence(_("{card} belongs on {stack}, not on {other}").format(
        card=names.card_name(card), stack=names.stack_name(card.stack), other=names.stack_name(k)))


def _stack_order(k: int, height: int) -> str:
    return words.sentence(_("{stack} takes {card} next").format(
        stack=names.stack_name(k), card=names.card_name(STACK_CARDS[k][height])))


def _wrong_host(card, host) -> str:
    text = _("{card} may only go on the X card or a {colour} card one value higher or lower, not on {host}")
    return words.sentence(text.format(card=names.card_name(card), colour=_(names.COLOUR_WORDS[card.colour]),
                                      host=names.card_name(host)))


def _same_place(card, host, d: int) -> str:
    return words.sentence(_("{card} already lies on {side}").format(
        card=names.card_name(card), side=names.side_name(host, d)))


def _turn_plain(card, host, d: int) -> str:
    return words.sentence(_("{card} lies so on {side} without a turn asked: that is the plain move").format(
        card=names.card_name(card), side=names.side_name(host, d)))


def _not_placed(card) -> str:
    return words.sentence(_("{card} is not in the puzzle").format(card=names.card_name(card)))


class Tacta(Game):
    id = "tacta"
    name = N_("Tacta Solitaire")
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

    def lifted(self, state: TactaState, puzzle: Puzzle, src: str):
        """(card, its placement or None for a stack's top) that ``src`` names, or None."""
        if src in STACK_IDS:
            stack = state.stacks[STACK_IDS.index(src)]
            return (stack[-1], None) if stack else None
        card = BY_CODE.get(src)
        return None if card is None else (card, puzzle.by_card.get(card))

    def pickable(self, state: TactaState, zone: str, n: int) -> bool:
        """An uncovered card (rule 4.1) or a stack's top lifts, even where it cannot go."""
        return n == 1 and self.lift_refusal(state, self.puzzle(state), zone) is None

    # The one rule path (rules 2, 4 and 5): each check returns None or a Refusal, whose
    # kind ``RULE_REFS`` maps to its rule. ``legal_moves`` keeps what no check refuses and
    # ``why_illegal`` words the first refusal, so deciding and explaining cannot differ.
    def lift_refusal(self, state: TactaState, puzzle: Puzzle, src: str) -> Refusal | None:
        found = self.lifted(state, puzzle, src)
        if found is None:
            return (refuse("empty-stack", _empty_stack, STACK_IDS.index(src))
                    if src in STACK_IDS else refuse("no-place", words.no_such_place))
        card, here = found
        if card.is_x:
            return refuse("x-card", _, N_("The X card never moves"))
        if src not in STACK_IDS and here is None:
            return refuse("in-stack", _in_stack, card)
        if here is not None and puzzle.covered(card):
            return refuse("covered", _covered, card, tuple(c.card for c in puzzle.children[card]))
        return None

    def stack_refusal(self, state: TactaState, card, here, k: int) -> Refusal | None:
        """Rule 5: a card of the puzzle goes on its own stack, in order."""
        if here is None:
            return refuse("stack-to-stack", _, N_("A stack's top card goes back to the puzzle, not to a stack"))
        if k != card.stack:
            return refuse("wrong-stack", _wrong_stack, card, k)
        if len(state.stacks[k]) != card.value - 1:
            return refuse("stack-order", _stack_order, k, len(state.stacks[k]))
        return None

    def host_refusal(self, card, host_card) -> Refusal | None:
        """Rule 4.2, whatever the side: the X card, or the same colour and one value higher
        or lower (the hot path of move generation: refusals built directly)."""
        if host_card.is_x or (host_card.colour == card.colour and abs(host_card.value - card.value) == 1):
            return None
        if host_card == card:
            return Refusal("itself", _, (N_("A card cannot lie on itself"),))
        return Refusal("host", _wrong_host, (card, host_card))

    def side_refusal(self, puzzle: Puzzle, card, here, host, d: int, turn: int | None) -> Refusal | None:
        """Rules 2.5, 2.7, 4.5 and 4.7: the side is free and the card fits it, turned ``turn``
        (None: the smallest turn that fits)."""
        if here is not None and here.side == d and here.parent == host.card:
            return Refusal("same-place", _same_place, (card, host.card, d))
        found = puzzle.blocker(card, host, d, card, turn)
        if found is not None:
            return Refusal("side:" + found[0], puzzle.refusal, (card, host, d, card, turn))
        if turn is not None and turn == fitting_turns(card, host, d)[0]:
            return refuse("turn-plain", _turn_plain, card, host.card, d)
        return None

    def refusal(self, state: TactaState, move: Move) -> Refusal | None:
        """The first refusal of ``move``, checked in the order a player meets them."""
        if move.n != 1:
            return refuse("one-card", _, N_("Cards move one at a time"))
        puzzle = self.puzzle(state)
        refusal = self.lift_refusal(state, puzzle, move.src)
        if refusal is not None:
            return refusal
        card, here = self.lifted(state, puzzle, move.src)
        if move.dst in STACK_IDS:
            if move.variant:
                return refuse("no-place", words.no_such_place)
            return self.stack_refusal(state, card, here, STACK_IDS.index(move.dst))
        try:
            host_card, d = notation.parse_side(move.dst)
        except ValueError:
            return refuse("no-place", words.no_such_place)
        if move.variant and move.variant not in notation.TURNS:
            return refuse("no-place", words.no_such_place)
        host = puzzle.by_card.get(host_card)
        if host is None:
            return refuse("not-placed", _not_placed, host_card)
        return (self.host_refusal(card, host_card)
                or self.side_refusal(puzzle, card, here, host, d, self.turn(move)))

    def moves_from(self, state: TactaState, puzzle: Puzzle, src: str) -> list[Move]:
        """The moves of the card ``src`` names that no check refuses: on a side of the X
        card one move per fitting turn, the smallest plain (rule 4.7)."""
        if self.lift_refusal(state, puzzle, src) is not None:
            return []
        card, here = self.lifted(state, puzzle, src)
        moves = []
        if self.stack_refusal(state, card, here, card.stack) is None:
            moves.append(Move(src, STACK_IDS[card.stack]))
        for host in state.puzzle:
            if self.host_refusal(card, host.card) is not None:
                continue
            for d in range(4):
                if self.side_refusal(puzzle, card, here, host, d, None) is None:
                    dst = side_text(host.card, d)
                    moves.append(Move(src, dst))
                    moves += [Move(src, dst, variant=notation.turn_text(r)) for r in fitting_turns(card, host, d)[1:]
                              if self.side_refusal(puzzle, card, here, host, d, r) is None]
        return moves

    def legal_moves(self, state: TactaState) -> list[Move]:
        puzzle = self.puzzle(state)
        moves = []
        for src in [p.card.code for p in state.puzzle] + list(STACK_IDS):
            moves += self.moves_from(state, puzzle, src)
        return moves

    def apply(self, state: TactaState, move: Move) -> TactaState:
        refusal = self.refusal(state, move)
        if refusal is not None:
            raise IllegalMove(self.format_move(move), self.word(refusal))
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
        placed = puzzle.place(card, puzzle.by_card[host_card], d, self.turn(move))
        return TactaState(by_card_order(rest + (placed,)), tuple(stacks), state.options)

    @staticmethod
    def turn(move: Move) -> int | None:
        """The turn a move names in quarter turns, None for the smallest that fits (rule 4.7)."""
        return notation.TURNS.index(move.variant) if move.variant else None

    def why_illegal(self, state: TactaState, move: Move) -> str:
        """Why a move is refused, in names; the rule's number where one applies."""
        refusal = self.refusal(state, move)
        return words.rules_forbid() if refusal is None else self.word(refusal)

    @staticmethod
    def word(refusal: Refusal) -> str:
        ref = RULE_REFS.get(refusal.kind)
        return words.with_rule(refusal.text, ref) if ref else refusal.text

    # --- words ----------------------------------------------------------------------
    def card_name(self, card) -> str:
        return names.card_name(card)

    def zone_name(self, zone_id: str) -> str:
        """A stack by the cards it takes, a free side by its card; a card's own zone is
        its place in the puzzle."""
        if zone_id in STACK_IDS:
            return names.stack_name(STACK_IDS.index(zone_id))
        if names.is_card_zone(zone_id):
            return names.puzzle()
        try:
            return names.side_name(*notation.parse_side(zone_id))
        except ValueError:
            return words.some_place()

    def place(self, state: TactaState, zone_id: str) -> Place:
        """A stack, a card of the puzzle (its own zone) or a free side (no card)."""
        if zone_id in STACK_IDS:
            return Place("foundation", state.stacks[STACK_IDS.index(zone_id)])
        card = BY_CODE.get(zone_id)
        placed = card is not None and any(p.card == card for p in state.puzzle)
        return Place("", (card,) if placed else ())

    def describe_move(self, state: TactaState, move: Move) -> str:
        """Onto a stack, or against a free side of a card (rules 4 and 5)."""
        if move.src in STACK_IDS:
            stack = state.stacks[STACK_IDS.index(move.src)]
            card = stack[-1] if stack else None
        else:
            card = BY_CODE.get(move.src)
        name = self.card_name(card) if card is not None else words.some_place()
        if move.dst in STACK_IDS:
            return words.put_on(name, self.zone_name(move.dst))
        text = words.move_to(name, self.zone_name(move.dst))
        try:
            host_card, d = notation.parse_side(move.dst)
        except ValueError:
            return text
        host = self.puzzle(state).by_card.get(host_card)
        turns = fitting_turns(card, host, d) if card is not None and host is not None else ()
        if len(turns) < 2:
            return text
        return names.turned(text, turns[0] if not move.variant else self.turn(move))

    # --- outcome ----------------------------------------------------------------
    def is_won(self, state: TactaState) -> bool:
        return state.on_stacks == WIN

    def progress(self, state: TactaState) -> tuple:
        return (state.on_stacks,)

    def score(self, state: TactaState) -> None:
        return None

    def status(self, state: TactaState) -> list[tuple[str, str]]:
        return [(names.on_stacks(), f"{state.on_stacks}/{WIN}")]

    def preference(self, state: TactaState, move: Move) -> int:
        """Stacks first; then moves that free the next card a stack needs. A turn chosen on
        the X card comes just after the smallest of its kind of move: the search tries the
        deal's way first, and wins more deals in the same budget (benchmarks/tacta_turns.py)."""
        return self.base_preference(state, move) - (1 if move.variant else 0)

    def base_preference(self, state: TactaState, move: Move) -> int:
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
        """A turn written where it is the smallest that fits is the plain move (rule 6.7)."""
        move = notation.parse_move(text)
        if move.variant and move.dst not in STACK_IDS:
            found = self.lifted(state, self.puzzle(state), move.src)
            host_card, d = notation.parse_side(move.dst)
            host = self.puzzle(state).by_card.get(host_card)
            if found is not None and host is not None and self.turn(move) == facing_rotation(found[0], host, d):
                return Move(move.src, move.dst)
        return move

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
        """Tinted in the card's colour, its value and suit, a shape on each side with
        one (edge marks, the upright card's: the placement's rotation turns the
        drawing); never fanned, so a turned 6 or 9 reads right."""
        if card.is_x:
            return Face("black", Corner("X"), Symbol("X"), tint=TINT, marks=edges(card), fanned=False,
                        bands=(Band(names.any_shape(), (0.11, 0.7, 0.78, 0.16), bold=False),))
        symbol = SUIT_SYMBOLS[card.suit]
        return Face(COLOURS[card.colour], Corner(f"{card.value}{symbol}"), Symbol(symbol), tint=TINT,
                    marks=edges(card), fanned=False)

    def stack_label(self, k: int) -> str:
        return names.stack_label(k)

    def scene(self, state: TactaState, room=None) -> Scene:
        """One size for the whole game, whatever the room: the table scales it."""
        return build_scene(self, state, self.legal_moves(state))

