"""Rules 2.1 and 2.4 to 2.8: the grid, matching shapes, turns, touching, covered cards."""

from __future__ import annotations

from tacta_helpers import build, moves_text, placed, play

from games.tacta.cards import NONE, X, edges
from games.tacta.geometry import ROOT, Puzzle, facing_rotation, neighbour, opposite


def test_rule_2_1_the_x_card_sits_at_the_centre_and_never_moves(game):
    state = game.new(5)
    assert placed(state, "X") == ROOT and ROOT.cell == (0, 0)
    assert not any(m.src == "X" for m in game.legal_moves(state))
    reason = game.why_illegal(state, game.parse_move(state, "X>s1"))
    assert "never moves" in reason


def test_rule_2_1_the_x_cards_sides_take_any_shape(game):
    """Any card fits any free side of X, turned so a shaped side faces it."""
    for card in game.deck:
        if card.is_x:
            continue
        for d in range(4):
            r = facing_rotation(card, ROOT, d)
            assert r is not None and edges(card)[(opposite(d) - r) % 4] != NONE


def test_rule_2_4_every_card_lies_next_to_its_parent_one_card_to_a_cell(game):
    for deal in (1, 2, 617):
        state = game.new(deal)
        cells = [p.cell for p in state.puzzle]
        assert len(cells) == len(set(cells)) == 37
        at = {p.card: p for p in state.puzzle}
        for p in state.puzzle:
            if p.parent is not None:
                assert p.cell == neighbour(at[p.parent].cell, p.side)


def test_rule_2_4_a_move_never_lands_on_a_taken_cell(game):
    state = build(game, "Bt1: X.N, Bt2: X.E, Rs5: Bt2.E, Rc4: X.S")
    # Rc4.E is the cell south of Bt2, free; Bt2.S faces the same cell.
    assert "Rs5>Rc4.E" in moves_text(game, state)
    after = play(game, state, "Rs5>Rc4.E")
    assert "Bt1>Bt2.S" not in moves_text(game, after)
    reason = game.why_illegal(after, game.parse_move(after, "Bt1>Bt2.S"))
    assert "taken" in reason and "the red square 5" in reason


def test_rule_2_5_facing_sides_carry_the_same_shape(game):
    for deal in (1, 3, 617):
        state = game.new(deal)
        at = {p.card: p for p in state.puzzle}
        for p in state.puzzle:
            if p.parent is None:
                continue
            parent = at[p.parent]
            mine, theirs = p.shape(opposite(p.side)), parent.shape(p.side)
            assert mine != NONE
            assert parent.card.is_x or mine == theirs


def test_rule_2_5_a_blank_side_takes_no_card(game):
    state = game.new(1)
    puzzle = Puzzle(state.puzzle)
    for host in state.puzzle:
        for d in range(4):
            if not host.card.is_x and host.shape(d) == NONE:
                assert all(not m.dst.endswith(f"{host.card.code}.{'NESW'[d]}") for m in game.legal_moves(state))
                assert "blank" in puzzle.refusal(state.puzzle[1].card, host, d)


def test_rule_2_6_the_turn_is_the_smallest_that_matches(game):
    state = game.new(1)
    at = {p.card: p for p in state.puzzle}
    for p in state.puzzle:
        if p.parent is None:
            continue
        parent = at[p.parent]
        fits = [r for r in range(4)
                if edges(p.card)[(opposite(p.side) - r) % 4] != NONE
                and (parent.card.is_x or edges(p.card)[(opposite(p.side) - r) % 4] == parent.shape(p.side))]
        assert p.rotation == fits[0]
        assert len(fits) == (3 if parent.card.is_x else 1)


def test_rule_2_7_a_card_may_touch_cards_besides_its_parent(game):
    state = game.new(1)
    touching = [(p, q) for p in state.puzzle for q in state.puzzle
                if p.parent not in (None, q.card) and q.parent != p.card and p != q
                and abs(p.cell[0] - q.cell[0]) + abs(p.cell[1] - q.cell[1]) == 1]
    assert touching, "deal 1 has cards touching a second card"
    assert game.touching
    # The physical ban, for comparison, refuses such a place.
    p, q = touching[0]
    parent = next(h for h in state.puzzle if h.card == p.parent)
    rest = tuple(x for x in state.puzzle if x.card != p.card)
    assert Puzzle(rest, touching=True).refusal(p.card, parent, p.side) is None
    assert "touch" in Puzzle(rest, touching=False).refusal(p.card, parent, p.side)


def test_rule_2_8_a_covered_card_stays_until_uncovered(game):
    state = build(game, "Bt1: X.N, Bt2: X.E, Rs5: Bt2.E, Rc4: X.S")
    assert not any(m.src == "Bt2" for m in game.legal_moves(state))
    state = play(game, state, "Bt1>s2")
    reason = game.why_illegal(state, game.parse_move(state, "Bt2>s2"))
    assert "covered by the red square 5" in reason
    state = play(game, state, "Rs5>Rc4.E", "Bt2>s2")
    assert state.stacks[1] == tuple(game.parse_card(c) for c in ("Bt1", "Bt2"))


def test_rule_2_8_the_puzzle_stays_one_tree_joined_to_x(game):
    import random

    rnd = random.Random(8)
    state = game.new(8)
    for _ in range(150):
        moves = game.legal_moves(state)
        state = game.apply(state, rnd.choice(moves))
        at = {p.card: p for p in state.puzzle}
        for p in state.puzzle:
            seen, q = set(), p
            while q.parent is not None:
                assert q.card not in seen
                seen.add(q.card)
                q = at[q.parent]
            assert q.card == X
