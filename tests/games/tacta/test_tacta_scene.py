"""Rule 6.6 and the scene contract: what the generic table needs to show and play Tacta."""

from __future__ import annotations

import random
from collections import Counter

from tacta_helpers import build

from games.tacta.cards import edges
from solitaire_core.scene import CARD_HEIGHT
from solitaire_core.testing import _inside


def states(game):
    """Deal starts and positions along random play, for the checks below."""
    for deal in (1, 617, 4242):
        rnd = random.Random(deal)
        state = game.new(deal)
        for step in range(60):
            if step % 15 == 0:
                yield state
            state = game.apply(state, rnd.choice(game.legal_moves(state)))
    yield build(game, "Bt1: X.N, Bt2: X.E, Rs5: Bt2.E, Rc4: X.S")


def test_rule_6_6_each_puzzle_card_is_its_own_zone_turned_as_it_lies(game):
    for state in states(game):
        scene = game.scene(state)
        by_code = {p.code: p for p in scene.cards}
        for placed in state.puzzle:
            shown = by_code[placed.card.code]
            assert (shown.zone, shown.index) == (placed.card.code, 0)
            assert shown.rotation == 90 * placed.rotation and shown.face_up
            assert shown.face == game.face(placed.card) and shown.face.marks == edges(placed.card)


def test_rule_6_6_grid_cells_do_not_overlap_and_neighbours_line_up(game):
    scene = game.scene(game.new(1))
    state = game.new(1)
    centre = {p.code: (p.x + 0.5, p.y + CARD_HEIGHT / 2) for p in scene.cards}
    cells = {p.card.code: p.cell for p in state.puzzle}
    pitch = None
    for a, (ax, ay) in cells.items():
        for b, (bx, by) in cells.items():
            if (bx, by) == (ax + 1, ay):
                gap = centre[b][0] - centre[a][0]
                pitch = pitch or gap
                assert abs(gap - pitch) < 1e-9 and abs(centre[b][1] - centre[a][1]) < 1e-9
    assert pitch >= CARD_HEIGHT  # a card turned a quarter still fits its cell


def test_every_card_once_and_everything_within_the_table(game):
    for state in states(game):
        scene = game.scene(state)
        assert Counter(p.card for p in scene.cards) == Counter(game.deck)
        assert len({(p.zone, p.index) for p in scene.cards}) == 37
        for p in scene.cards:
            assert _inside(scene, p.x, p.y, 1.0, CARD_HEIGHT, p.rotation), p.code
        for s in scene.slots:
            assert _inside(scene, s.x, s.y, s.width, s.height, s.rotation), s.zone


def test_stacks_are_zones_s1_to_s6_with_labels(game):
    state = build(game, "Bt1: X.N, Bt2: X.E, Rs5: Bt2.E, Rc4: X.S")
    scene = game.scene(state)
    slots = {s.zone: s for s in scene.slots if s.role == "foundation"}
    assert list(slots) == [f"s{k}" for k in range(1, 7)]
    assert slots["s1"].label.startswith("blue") and slots["s6"].label.startswith("red")
    s4 = sorted((p for p in scene.cards if p.zone == "s4"), key=lambda p: p.index)
    assert [p.code for p in s4] == ["Rc1", "Rc2", "Rc3"]
    assert all((p.x, p.y) == (slots["s4"].x, slots["s4"].y) for p in s4)
    assert s4[-1].z > s4[0].z


def test_a_drop_target_for_every_free_side_some_move_reaches(game):
    for state in states(game):
        scene = game.scene(state)
        targets = [s for s in scene.slots if s.role == "target"]
        dsts = {m.dst for m in game.legal_moves(state) if "." in m.dst}
        assert {s.zone for s in targets} == dsts
        assert len(targets) == len(dsts)


def test_one_cards_drop_targets_never_overlap_even_on_a_shared_cell(game):
    split = 0
    for state in states(game):
        slots = {s.zone: s for s in game.scene(state).slots if s.role == "target"}
        legal = game.legal_moves(state)
        for src in {m.src for m in legal}:
            mine = [slots[m.dst] for m in legal if m.src == src and m.dst in slots]
            for i, a in enumerate(mine):
                for b in mine[i + 1:]:
                    overlap_x = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
                    overlap_y = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
                    assert overlap_x <= 1e-9 or overlap_y <= 1e-9, (src, a.zone, b.zone)
                    split += abs(a.x - b.x) < 0.8 and abs(a.y - b.y) < 0.8
    assert split, "some card can reach one cell through two sides"


def test_dragging_a_card_finds_its_moves_by_the_generic_contract(game):
    """src = the dragged card's zone, n = cards of that zone from its index up."""
    state = game.new(617)
    state = game.apply(state, next(m for m in game.legal_moves(state) if m.dst.startswith("s")))
    scene = game.scene(state)
    legal = game.legal_moves(state)
    found = set()
    for p in scene.cards:
        n = sum(1 for q in scene.cards if q.zone == p.zone) - p.index
        found |= {m for m in legal if m.src == p.zone and m.n == n}
    assert found == set(legal)



def test_rule_6_6_the_table_keeps_its_size_along_a_game(game):
    """The grid is sized from the start for every deal's reach: no rescale, no jump of the stacks."""
    from test_tacta_moves import WIN_LINE

    state = game.new(1)
    first = game.scene(state)
    stacks = {s.zone: (s.x, s.y) for s in first.slots if s.role != "target"}
    for text in WIN_LINE:
        state = game.apply(state, game.parse_move(state, text))
        scene = game.scene(state)
        assert (scene.width, scene.height) == (first.width, first.height), text
        assert {s.zone: (s.x, s.y) for s in scene.slots if s.role != "target"} == stacks
        x_card = next(p for p in scene.cards if p.code == "X")
        assert (x_card.x, x_card.y) == next((p.x, p.y) for p in first.cards if p.code == "X")
    for deal in (2, 617, 4242):
        scene = game.scene(game.new(deal))
        assert (scene.width, scene.height) == (first.width, first.height), deal


def test_rule_6_6_every_deal_lies_within_the_grid_shown(game):
    from games.tacta.layout import STABLE_REACH

    for deal in range(1, 301):
        assert all(max(map(abs, p.cell)) < STABLE_REACH for p in game.new(deal).puzzle), deal


def test_rule_6_6_a_card_moved_past_the_grid_widens_it_to_keep_its_targets_on_the_table(game):
    from games.tacta.layout import STABLE_REACH

    def reach(state):
        return max(max(map(abs, p.cell)) for p in state.puzzle)

    state, normal = game.new(1), game.scene(game.new(1))
    for _ in range(40):  # push cards outward, each move the one that lands farthest
        if reach(state) >= STABLE_REACH:
            break
        state = max((game.apply(state, m) for m in game.legal_moves(state)), key=reach)
    assert reach(state) >= STABLE_REACH
    scene = game.scene(state)
    assert scene.width > normal.width and scene.height > normal.height
    for s in scene.slots:
        assert _inside(scene, s.x, s.y, s.width, s.height, s.rotation), s.zone
