"""The scene of a pile game: zones where they lie, fans squeezed to the room given."""

from __future__ import annotations

from functools import cached_property

from .scene import CARD_HEIGHT, CardPlacement, Scene, Slot
from .state import State
from .zones import LIFT_ANY, LIFT_RUNS, LIFT_TOP_OR_ALL, STOCK, WASTE, Zone
from . import words

# A fan squeezed to fit keeps the steps of its top KEEP_READABLE face-up cards
# while the others can shrink: face-down ones to MIN_STEP of their length, and
# face-up ones of a zone that lifts runs only to MIN_FACE_UP of it, so each shows
# a strip a pointer can take it by. Past that every step shrinks alike.
KEEP_READABLE = 4
MIN_STEP = 0.15
MIN_FACE_UP = 0.5
READABLE = 0.2 * CARD_HEIGHT  # card widths of a covered face-up card that show its index (its top 0.2)
FIT_TOLERANCE = 1e-9  # card units: far below a pixel


class PileScene:
    """The scene half of ``PileGame``."""

    def table_size(self) -> tuple[float, float]:
        """The table with room for long fans (13 cards fanned unless ``table`` says)."""
        if self.table:
            return self.table
        width = max(z.at[0] for z in self.zones) + 1.0
        height = max(z.at[1] for z in self.zones) + CARD_HEIGHT + 13 * 0.3
        return width, height

    def least_height(self) -> float:
        """The height the downward fans can give way to: each keeps room for
        ``KEEP_READABLE`` full steps (the rest squeeze). In a room lower than this
        the table draws the cards smaller instead."""
        least = 0.0
        for zone in self.zones:
            bottom = zone.at[1] + CARD_HEIGHT
            if zone.fan[1] > 0 and zone.room is None:
                bottom += KEEP_READABLE * zone.fan[1]
            least = max(least, bottom)
        return min(self.table_size()[1], least)

    def scene_size(self, room: tuple[float, float] | None) -> tuple[float, float]:
        """``table_size``, its height fitted to ``room`` between ``least_height`` and itself."""
        width, height = self.table_size()
        if room is not None:
            height = min(height, max(self.least_height(), room[1]))
        return width, height

    def readable_height(self, state: State) -> float:
        """The height where every downward fan shows each face-up card's index (its
        face-down cards at ``MIN_STEP``): a pile too long for the game's own height
        makes its own scene taller, and the table draws the cards smaller."""
        need = 0.0
        for i, zone in enumerate(self.zones):
            if zone.fan[1] > 0 and zone.room is None:
                pile = state.piles[i]
                ys = [y for _x, y in self.fan_offsets(state, i, 0.0)]  # unsqueezed
                steps = [b - a for a, b in zip(ys, ys[1:])]  # step k: what card k shows
                need = max(need, zone.at[1] + CARD_HEIGHT + sum(
                    min(step, READABLE) if k >= pile.down else step * MIN_STEP for k, step in enumerate(steps)))
        return need

    def slot_label(self, state: State, zone: Zone) -> str:
        """A zone's declared label; a stock that turns its waste back says how often it still may."""
        if zone.role != STOCK or "redeals" not in self.counters:
            return words.label(zone.label)
        left = self.redeals_left(state)
        return "\u21bb" if left is None else words.redeals_left(left)

    def status(self, state: State) -> list[tuple[str, str]]:
        figures = super().status(state)
        if "redeals" in self.counters:
            left = self.redeals_left(state)
            figures.append((words.redeals_label(), words.unlimited() if left is None else str(left)))
        elif self.stock_index is not None:  # a stock that never comes back: how much of it is left
            left, targets = len(state.piles[self.stock_index].cards), len(self.zones[self.stock_index].targets)
            if targets > 1:  # it deals a card onto each of several zones: so many deals
                figures.append((words.deals_left_label(), str(-(-left // targets))))
            else:
                figures.append((words.stock_label(), str(left)))
        return figures

    @cached_property
    def _layout_places(self) -> frozenset[int]:
        """The places of a layout (Pyramid, TriPeaks: zones covering or covered): an
        emptied one leaves no outline, nothing ever goes there again."""
        covered = {i for i, covering in enumerate(self._covering) if covering}
        return frozenset(covered | {k for covering in self._covering for k in covering})

    def fan_offsets(self, state: State, i: int, extent: float) -> list[tuple[float, float]]:
        """Offsets of each card of zone ``i``, squeezed to fit ``extent`` along the fan."""
        zone, pile = self.zones[i], state.piles[i]
        n = len(pile.cards)
        if zone.role == WASTE:
            shown = min(state.value("shown"), n)
            steps = [zone.fan if k > n - shown else (0.0, 0.0) for k in range(n)]
        else:
            steps = [(0.0, 0.0) if k == 0 else zone.down_fan if k <= pile.down else zone.fan
                     for k in range(n)]
        # Face-down cards give way first, then the face-up ones below the top few.
        ranks = [0 if k <= pile.down else 2 if k >= n - KEEP_READABLE else 1 for k in range(n)]
        floors = FLOORS if zone.lift in (LIFT_RUNS, LIFT_ANY, LIFT_TOP_OR_ALL) else None  # only where a card under the top can be taken
        scales = squeeze([abs(dx) + abs(dy) for dx, dy in steps], ranks, extent, floors)
        offsets, x, y = [], 0.0, 0.0
        for (dx, dy), scale in zip(steps, scales):
            x, y = x + dx * scale, y + dy * scale
            offsets.append((x, y))
        return offsets

    def scene(self, state: State, room: tuple[float, float] | None = None) -> Scene:
        """The zones where they lie; the downward fans fill the height ``room`` gives."""
        width, height = self.scene_size(room)
        if room is None:
            height = max(height, self.readable_height(state))
        slots, placed = [], []
        z = 0
        for i, zone in enumerate(self.zones):
            x0, y0 = zone.at
            pile = state.piles[i]
            if pile.cards or i not in self._layout_places:
                slots.append(Slot(zone.id, x0, y0, label=self.slot_label(state, zone), role=zone.role))
            dx, dy = zone.fan
            if zone.room is not None:
                extent = zone.room
            elif dy:
                extent = height - y0 - CARD_HEIGHT
            else:
                extent = width - x0 - 1.0 if dx else 0.0
            for k, (ox, oy) in enumerate(self.fan_offsets(state, i, extent)):
                card = pile.cards[k]
                placed.append(CardPlacement(card, self.format_card(card), x0 + ox, y0 + oy,
                                            k >= pile.down, z, zone.id, k, face=self.face(card)))
                z += 1
        return Scene(width, height, tuple(placed), tuple(slots))




FLOORS = {0: MIN_STEP, 1: MIN_FACE_UP, 2: MIN_FACE_UP}  # the least scale of each rank of fan_offsets


def squeeze(lengths: list[float], ranks: list[int], extent: float, floors: dict | None = None) -> list[float]:
    """A scale per step so the steps fit in ``extent``.

    Steps of the lowest rank shrink first, down to their rank's floor (``floors``,
    ``MIN_STEP`` by default) of their length, then those of the next rank; if even
    that is too long, all shrink alike. An ``extent`` of 0 or less means no limit.
    """
    scales = [1.0] * len(lengths)
    for rank in sorted(set(ranks)):
        excess = sum(l * s for l, s in zip(lengths, scales)) - extent
        if extent <= 0 or excess <= FIT_TOLERANCE:  # rounding left by the rank before
            return scales
        full = sum(l for l, r in zip(lengths, ranks) if r == rank)
        if full > 0:
            floor = (floors or {}).get(rank, MIN_STEP)
            scale = 1.0 - min(excess, full * (1.0 - floor)) / full
            scales = [scale if r == rank else s for r, s in zip(ranks, scales)]
    total = sum(l * s for l, s in zip(lengths, scales))
    if extent > 0 and total > extent:
        scales = [s * extent / total for s in scales]
    return scales


