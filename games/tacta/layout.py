"""The scene: six stacks on the left, the puzzle's grid on the right.

One grid cell is ``PITCH`` card widths square, room for a card either way
round. The grid is symmetric about the X card and reaches ``STABLE_REACH``
cells each way (every deal's cards lie within it, with the ring of cells
beyond them where cards may be put), so the table keeps one scale and X and
the stacks stay put for the whole game. Only a card moved farther out than
any deal reaches widens the grid, to one cell beyond it, so every drop
target lies on the table.
"""

from __future__ import annotations

from collections import defaultdict

from solitaire_core.scene import CARD_HEIGHT, CardPlacement, Scene, Slot

from .geometry import neighbour, opposite
from .notation import STACK_IDS, parse_side

PITCH = 1.5
MARGIN = 0.25
STACK_STEP = (1.25, CARD_HEIGHT + 0.35)
PUZZLE_LEFT = MARGIN + 2 * STACK_STEP[0] + 0.25
STABLE_REACH = 6  # deals 1-2000 place no card farther than 5 cells from X (test_tacta_scene.py checks 1-300)


def build_scene(game, state, legal) -> Scene:
    reach = max([STABLE_REACH] + [max(abs(p.cell[0]), abs(p.cell[1])) + 1 for p in state.puzzle])
    reach_x = reach_y = reach

    def centre(cell):
        return (PUZZLE_LEFT + (cell[0] + reach_x + 0.5) * PITCH,
                MARGIN + (cell[1] + reach_y + 0.5) * PITCH)

    cards, slots = [], []
    z = 0
    for p in state.puzzle:
        cx, cy = centre(p.cell)
        cards.append(CardPlacement(p.card, game.format_card(p.card), cx - 0.5, cy - CARD_HEIGHT / 2, True, z,
                                   p.card.code, 0, 90.0 * p.rotation, game.face(p.card)))
        z += 1
    for k, (zone, stack) in enumerate(zip(STACK_IDS, state.stacks)):
        x, y = MARGIN + (k // 3) * STACK_STEP[0], MARGIN + (k % 3) * STACK_STEP[1]
        slots.append(Slot(zone, x, y, label=game.stack_label(k), role="foundation"))
        for index, card in enumerate(stack):
            cards.append(CardPlacement(card, game.format_card(card), x, y, True, z, zone, index,
                                       face=game.face(card)))
            z += 1
    slots += target_slots(state, legal, centre)
    width = PUZZLE_LEFT + (2 * reach_x + 1) * PITCH + MARGIN
    height = max(MARGIN + 3 * STACK_STEP[1], MARGIN + (2 * reach_y + 1) * PITCH + MARGIN)
    return Scene(width, height, tuple(cards), tuple(slots))


def target_slots(state, legal, centre) -> list[Slot]:
    """A drop area for every free side some move can reach, named as the moves' ``dst``.

    A target covers its whole cell, unless one card could go to the same cell
    through two sides (two cards' sides face it); then that cell is split into
    pinwheel quarters that do not overlap, each side getting the one along its
    own card's edge. (Targets of different cards may overlap: a drop only
    looks at the dragged card's own moves.)
    """
    at = {p.card: p for p in state.puzzle}
    sides, reach = {}, defaultdict(set)
    for move in legal:
        if move.dst not in STACK_IDS:
            card, d = parse_side(move.dst)
            cell = neighbour(at[card].cell, d)
            sides[move.dst] = (cell, d)
            reach[move.src, cell].add(move.dst)
    shared = {cell for (src, cell), dsts in reach.items() if len(dsts) > 1}
    half = PITCH / 2 - 0.05
    third = half / 3
    # Pinwheel quarters of a shared cell, by where the parent lies: (x0, y0, x1, y1) from the centre.
    pinwheel = ((-half, -half, third, -third), (third, -half, half, third),
                (-third, third, half, half), (-half, -third, -third, half))
    slots = []
    for dst, (cell, d) in sorted(sides.items()):
        cx, cy = centre(cell)
        x0, y0, x1, y1 = pinwheel[opposite(d)] if cell in shared else (-half, -half, half, half)
        slots.append(Slot(dst, cx + x0, cy + y0, x1 - x0, y1 - y0, role="target"))
    return slots
