"""Rules 1.4 and 3: the deck, the shuffle and the clockwise deal, with the test vectors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tacta import deal as deal_module
from games.tacta.cards import NONE, ORDER, X
from games.tacta.deal import lay_out
from games.tacta.geometry import Puzzle
from solitaire_core.deals import MAX_DEAL, shuffle
from solitaire_core.errors import OptionError

RULES = Path(__file__).parents[3] / "games" / "tacta" / "rules.md"


def vector(deal: int) -> str:
    text = RULES.read_text(encoding="utf-8")
    match = re.search(rf"Deal {deal}:\n\n```\n(.*?)```", text, re.S)
    return match.group(1)


@pytest.mark.parametrize("deal", [1, 617])
def test_rule_3_test_vectors_in_the_rules_file(game, deal):
    assert game.format_position(game.new(deal)) == vector(deal)


def test_rule_1_4_one_player_game_without_options(game):
    assert game.options == ()
    with pytest.raises(OptionError):
        game.new(1, cooperative="on")


def test_rule_3_1_deck_order_and_shuffle(game):
    assert [c.code for c in ORDER[:7]] == ["Bc1", "Bc2", "Bc3", "Bc4", "Bc5", "Bc6", "Bt1"]
    assert ORDER[18].code == "Rc1" and ORDER[-1].code == "Rs6"
    top_first = shuffle(ORDER, 617)[::-1]
    state = game.new(617)
    at = {p.card: p for p in state.puzzle}
    assert at[top_first[0]].parent == X and at[top_first[0]].side == 0


def test_rule_3_2_the_x_card_is_placed_at_the_centre(game):
    assert any(p.card == X and p.cell == (0, 0) for p in game.new(99).puzzle)


def test_rule_3_3_a_deal_number_gives_one_layout(game):
    assert game.new(1234) == game.new(1234) and hash(game.new(1234)) == hash(game.new(1234))
    assert game.new(1234) != game.new(1235)


def test_rule_3_4_and_3_5_the_first_four_cards_go_round_the_x_card():
    cards = shuffle(ORDER, 42)[::-1]
    at = {p.card: p for p in lay_out(cards)}
    assert [(at[c].parent, at[c].side) for c in cards[:4]] == [(X, 0), (X, 1), (X, 2), (X, 3)]


def test_rule_3_6_the_next_lap_visits_each_cards_shapes_clockwise():
    """Card 5 goes on card 1's first shape clockwise after the side facing X; then the walk
    goes on past it (card 6 on card 1's next shape, or card 2's first), never onto card 5."""
    cards = shuffle(ORDER, 7)[::-1]
    placed = {p.card: p for p in lay_out(cards)}
    first = placed[cards[0]]
    ring = []  # the expected ring after lap 1, side by side
    for c in cards[:4]:
        p = placed[c]
        ring += [(c, (p.side + 2 + j) % 4) for j in (1, 2, 3) if p.shape((p.side + 2 + j) % 4) != NONE]
    assert ring[0][0] == first.card
    assert (placed[cards[4]].parent, placed[cards[4]].side) == ring[0]
    assert (placed[cards[5]].parent, placed[cards[5]].side) == ring[1]
    assert placed[cards[5]].parent != cards[4]


def test_rule_3_7_a_card_that_does_not_fit_the_next_shape_tries_the_one_after(monkeypatch):
    """Somewhere in deals 1..40 a card meets a taken cell and goes on the following shape."""
    refusals = []
    original = Puzzle.refusal

    def spy(self, card, parent, d, leaving=None):
        reason = original(self, card, parent, d, leaving)
        refusals.append((card, reason))
        return reason

    monkeypatch.setattr(Puzzle, "refusal", spy)
    for deal in range(1, 41):
        refusals.clear()
        lay_out(shuffle(ORDER, deal)[::-1])
        skipped = [reason for card, reason in refusals if reason]
        if skipped:
            assert all("taken" in reason for reason in skipped)
            return
    pytest.fail("no deal of 1..40 skipped a shape")


def test_rule_3_8_every_deal_places_all_36_cards(game):
    for deal in range(1, 301):
        state = game.new(deal)
        assert len(state.puzzle) == 37 and state.on_stacks == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, MAX_DEAL))
def test_rule_3_8_any_deal_number_places_all_36_cards(game, deal):
    assert len(game.new(deal).puzzle) == 37


def test_rule_3_8_the_walk_never_runs_dry():
    """The deal's only failure would be DealError; it is never raised over many deals."""
    assert issubclass(deal_module.DealError, RuntimeError)
    for deal in range(1000, 1200):
        lay_out(shuffle(ORDER, deal)[::-1])


def test_rule_3_9_many_uncovered_cards_at_the_ends(game):
    for deal in range(1, 101):
        state = game.new(deal)
        puzzle = Puzzle(state.puzzle)
        assert sum(not puzzle.covered(p.card) for p in state.puzzle) >= 10
