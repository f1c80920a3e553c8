"""Tacta's text: moves (``Bt3>Rc4.E``, ``Bt3>s2``, ``s2>X.N``, ``Bt3>X.N@90``) and positions.

A position lists the X card, then every puzzle card as ``CODE: PARENT.SIDE``
(parents before children; a comment gives its cell and turn), then the six
stacks bottom to top. Cells follow from the parent and side, and so does the
turn except on the X card, where a card lies one of three ways: a turn other
than the smallest is written ``@DEGREES`` (``Bc6: X.N@180``), so the text
carries nothing that could disagree with itself.
"""

from __future__ import annotations

from collections import deque

from solitaire_core.errors import NotationError
from solitaire_core.inputs import quote, shorten
from solitaire_core.moves import Move

from .cards import BY_CODE, COLOURS, ORDER, STACK_CARDS, SUITS, X, parse_card
from .geometry import ROOT, SIDES, Placed, Puzzle, by_card_order, facing_rotation
from .state import TactaState

STACK_IDS = tuple(f"s{k + 1}" for k in range(6))
STACK_NAMES = tuple(f"{COLOURS[c]} {SUITS[s]}" for c in COLOURS for s in SUITS)
CENTRE = "centre"


def side_text(card, d: int) -> str:
    return f"{card.code}.{SIDES[d]}"


def parse_side(text: str) -> tuple:
    """``Rc4.E`` -> (card, direction)."""
    code, dot, side = text.partition(".")
    if not dot or code not in BY_CODE or len(side) != 1 or side not in SIDES:
        raise NotationError(f"bad side {quote(text)}: write CARD.SIDE with a side N, E, S or W (e.g. Rc4.E)")
    return BY_CODE[code], SIDES.index(side)


TURNS = ("0", "90", "180", "270")  # a turn's text: degrees clockwise from upright


def turn_text(turn: int) -> str:
    return TURNS[turn]


def parse_turn(text: str, where: str) -> int:
    """``90`` -> 1 quarter turn."""
    if text not in TURNS:
        raise NotationError(f"bad turn {quote(text)} in {quote(where)}: write 0, 90, 180 or 270 "
                            "(degrees clockwise from upright)")
    return TURNS.index(text)


def format_move(move: Move) -> str:
    return f"{move.src}>{move.dst}" + (f"@{move.variant}" if move.variant else "")


def parse_move(text: str) -> Move:
    """Parse the syntax; whether the move is legal is the game's question."""
    src, arrow, dst = (part.strip() for part in text.partition(">"))
    if not arrow:
        raise NotationError(f"bad move {quote(text)}: write CARD>STACK, CARD>CARD.SIDE or STACK>CARD.SIDE")
    if src not in STACK_IDS and src not in BY_CODE:
        raise NotationError(f"bad move {quote(text)}: {quote(src)} is neither a card code nor a stack s1..s6")
    dst, at, turn = (part.strip() for part in dst.partition("@"))
    if dst in STACK_IDS:
        if at:
            raise NotationError(f"bad move {quote(text)}: a card goes onto its stack unturned (write {src}>{dst})")
    else:
        parse_side(dst)
    if at:
        parse_turn(turn, text)
    return Move(src, dst, variant=turn if at else "")


def ordered(puzzle: tuple[Placed, ...]) -> list[Placed]:
    """The placed cards from the X card outward, children by side N, E, S, W."""
    children: dict = {}
    for p in puzzle:
        children.setdefault(p.parent, []).append(p)
    result, queue = [], deque(children.get(None, []))
    while queue:
        p = queue.popleft()
        result.append(p)
        queue.extend(sorted(children.get(p.card, []), key=lambda c: c.side))
    return result


def format_position(state: TactaState, title: str) -> str:
    lines = [f"# {title}"]
    lines += [f"@{name} {value}" for name, value in state.options]
    at = {p.card: p for p in state.puzzle}
    for p in ordered(state.puzzle):
        if p.parent is None:
            lines.append(f"{p.card.code}: {CENTRE}")
        else:
            x, y = p.cell
            turn = "" if p.rotation == facing_rotation(p.card, at[p.parent], p.side) else f"@{turn_text(p.rotation)}"
            lines.append(f"{p.card.code}: {side_text(p.parent, p.side)}{turn}  # cell {x},{y} turned {90 * p.rotation}")
    for zone, stack in zip(STACK_IDS, state.stacks):
        lines.append(f"{zone}: {' '.join(c.code for c in stack)}".rstrip())
    return "\n".join(lines) + "\n"


def parse_position(text: str, options: tuple, touching: bool) -> TactaState:
    """Read position text; every card once, a tree joined to X, stacks in order."""
    links: dict = {}
    stacks: dict[str, tuple] = {}
    seen: dict = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("@"):
            raise NotationError(f"line {number}: unknown setting {shorten(line.split()[0])} (Tacta Solitaire has none)")
        zone, colon, rest = (part.strip() for part in line.partition(":"))
        if not colon:
            raise NotationError(f"line {number}: expected 'CARD: PARENT.SIDE' or 'STACK: cards'")
        try:
            if zone in STACK_IDS:
                if zone in stacks:
                    raise NotationError(f"stack {zone} is listed twice")
                stacks[zone] = tuple(parse_card(code) for code in rest.split())
                cards = stacks[zone]
            else:
                card = parse_card(zone)
                if card == X:
                    if rest != CENTRE:
                        raise NotationError(f"the X card lies at the centre: write 'X: {CENTRE}'")
                    links[card] = None
                else:
                    side, at, turn = (part.strip() for part in rest.partition("@"))
                    links[card] = (*parse_side(side), parse_turn(turn, rest) if at else None)
                cards = (card,)
        except NotationError as exc:
            raise NotationError(f"line {number}: {exc}") from None
        for card in cards:
            if card in seen:
                raise NotationError(f"line {number}: {card.code} is already on line {seen[card]}")
            seen[card] = number
    missing = [c.code for c in (X,) + ORDER if c not in seen]
    if missing:
        raise NotationError(f"card {missing[0]} is missing")
    missing = [zone for zone in STACK_IDS if zone not in stacks]
    if missing:
        raise NotationError(f"stack {missing[0]} is missing (list an empty one as '{missing[0]}:')")
    for k, zone in enumerate(STACK_IDS):
        if stacks[zone] != STACK_CARDS[k][:len(stacks[zone])]:
            raise NotationError(f"stack {zone} holds the {STACK_NAMES[k]} cards from 1 upward, not "
                                f"{' '.join(c.code for c in stacks[zone])}")
    return TactaState(build_puzzle(links, touching), tuple(stacks[z] for z in STACK_IDS), options)


def build_puzzle(links: dict, touching: bool) -> tuple[Placed, ...]:
    """Place every card of ``links`` (card -> (parent, side, turn or None for the smallest))
    outward from X, checking each."""
    kids: dict = {}
    for card, link in links.items():
        if link is not None:
            if link[0] not in links:
                raise NotationError(f"{card.code} lies on {link[0].code}, which is not in the puzzle")
            kids.setdefault(link[0], []).append((link[1], card, link[2]))
    placed = [ROOT]
    queue = deque([ROOT])
    while queue:
        parent = queue.popleft()
        for d, card, turn in sorted(kids.get(parent.card, []), key=lambda kid: kid[:2]):
            puzzle = Puzzle(tuple(placed), touching)
            if puzzle.child_on(parent.card, d) is not None:
                raise NotationError(f"{card.code} and {puzzle.child_on(parent.card, d).card.code} "
                                    f"both lie on {side_text(parent.card, d)}")
            reason = puzzle.refusal(card, parent, d, turn=turn)
            if reason:
                raise NotationError(f"{card.code} cannot lie on {side_text(parent.card, d)}: {reason}")
            new = puzzle.place(card, parent, d, turn)
            placed.append(new)
            queue.append(new)
    loose = [card.code for card in links if card not in {p.card for p in placed}]
    if loose:
        raise NotationError(f"{loose[0]} is not joined to the X card (its parents go round in a circle)")
    return by_card_order(placed)
