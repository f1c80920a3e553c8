"""Rules 2.6, 4.5, 4.7 and 6.7: the turn of a card put on the X card, chosen by the player."""

from __future__ import annotations

import pytest
from tacta_helpers import build, moves_text, placed, play

from games.tacta.cards import NONE
from games.tacta.geometry import opposite
from solitaire_core import Move
from solitaire_core.errors import IllegalMove, NotationError
from solitaire_core.testing import notation_in


@pytest.fixture
def free_north(game):
    """The rules text's example after the blue triangle 1 went up: the X card's north side is free."""
    return play(game, build(game, "Bt1: X.N, Bt2: X.E, Rs5: Bt2.E, Rc4: X.S"), "Bt1>s2")


def ways(game, state, src, dst):
    return [m for m in game.legal_moves(state) if (m.src, m.dst) == (src, dst)]


def test_rule_4_7_a_card_on_a_free_side_of_x_may_lie_three_ways(game, free_north):
    for src, code in (("Rs5", "Rs5"), ("Rc4", "Rc4"), ("s2", "Bt1")):  # s2's top card is the blue triangle 1
        moves = ways(game, free_north, src, "X.N")
        assert len(moves) == 3 and moves[0].variant == ""
        lying = [placed(game.play(free_north, m), code) for m in moves]
        assert len({p.rotation for p in lying}) == 3
        assert all(p.shape(opposite(p.side)) != NONE for p in lying)  # a shaped side faces the X card
        assert len({tuple(p.shape(d) for d in range(4)) for p in lying}) == 3  # each leaves other shapes out


def test_rule_4_7_the_turn_decides_which_cards_may_go_on_it_next(game, free_north):
    upright, right, down = ways(game, free_north, "Rs5", "X.N")
    assert (upright.variant, right.variant, down.variant) == ("", "90", "180")
    onto = {m.variant: {t for t in moves_text(game, game.play(free_north, m)) if ">Rs5." in t}
            for m in (upright, right, down)}
    assert onto[""] >= {"Rc4>Rs5.N", "Rc4>Rs5.E"}
    assert "Rc4>Rs5.N" not in onto["90"] and "Rc4>Rs5.E" in onto["90"]
    assert "Rc4>Rs5.N" in onto["180"] and "Rc4>Rs5.E" not in onto["180"]


def test_rule_4_7_each_turn_is_said_in_words(game, free_north):
    said = [game.describe_move(free_north, m) for m in ways(game, free_north, "Rs5", "X.N")]
    assert said == ["Move the red square 5 to the north side of the X card, upright",
                    "Move the red square 5 to the north side of the X card, turned a quarter to the right",
                    "Move the red square 5 to the north side of the X card, turned upside down"]
    assert all(notation_in(game, free_north, text) is None for text in said)
    # Against a card's side only one turn fits: nothing to say about it.
    assert game.describe_move(free_north, Move("Rc4", "Rs5.N")) == \
        "Move the red circle 4 to the north side of the red square 5"


def test_rule_2_6_against_a_cards_side_one_turn_fits_on_x_three(game):
    for deal in (1, 2, 617):
        state = game.new(deal)
        for _ in range(40):
            legal = game.legal_moves(state)
            by_place = {}
            for m in legal:
                by_place.setdefault((m.src, m.dst), []).append(m)
            for (src, dst), moves in by_place.items():
                assert len(moves) == (3 if dst.startswith("X.") else 1), (src, dst)
            state = game.play(state, legal[(deal * 7 + len(legal)) % len(legal)])


def test_rule_4_5_a_card_never_goes_back_to_its_side_turned_another_way(game, free_north):
    state = play(game, free_north, "Rs5>X.N@180")
    assert placed(state, "Rs5").rotation == 2
    assert not ways(game, state, "Rs5", "X.N")
    for variant in ("", "0", "90"):
        with pytest.raises(IllegalMove) as refused:
            game.apply(state, Move("Rs5", "X.N", variant=variant))
        assert "already lies on the north side of the X card (rule 4.5)" in refused.value.reason


@pytest.mark.parametrize("text, variant", [("s2>X.N@180", "180"), ("Rs5>X.N@90", "90"), ("Rs5 > X.N@180", "180"),
                                           ("Rs5>X.N@0", ""), ("Rs5>X.N", "")])
def test_rule_6_7_a_move_may_name_its_turn(game, free_north, text, variant):
    move = game.parse_move(free_north, text)
    assert move == Move(text.split(">")[0].strip(), "X.N", variant=variant)
    assert game.parse_move(free_north, game.format_move(move)) == move
    assert game.format_move(move) == text.replace(" ", "").replace("@0", "")


def test_rule_6_7_the_turn_a_card_takes_is_written_only_where_it_was_chosen(game, free_north):
    texts = [game.format_move(m) for m in ways(game, free_north, "Rs5", "X.N")]
    assert texts == ["Rs5>X.N", "Rs5>X.N@90", "Rs5>X.N@180"]
    assert all("@" not in game.format_move(m) for m in game.legal_moves(free_north) if not m.dst.startswith("X."))


@pytest.mark.parametrize("bad, message", [
    ("Rs5>X.N@45", "bad turn '45'"), ("Rs5>X.N@", "bad turn ''"), ("Rs5>X.N@ninety", "bad turn 'ninety'"),
    ("Rs5>s6@90", "a card goes onto its stack unturned (write Rs5>s6)")])
def test_rule_6_7_bad_turn_text_is_refused(game, free_north, bad, message):
    with pytest.raises(NotationError) as refused:
        game.parse_move(free_north, bad)
    assert message in str(refused.value)


def test_rule_6_7_a_turn_that_does_not_fit_is_refused_in_words(game, free_north):
    blank_to_x = game.parse_move(free_north, "Rs5>X.N@270")  # its blank side would face the X card
    assert blank_to_x not in game.legal_moves(free_north)
    assert game.why_illegal(free_north, blank_to_x) == ("The red square 5, turned a quarter to the left, would put "
                                                        "its blank side against the north side of the X card (rule 2.5)")
    wrong = game.parse_move(free_north, "Rc4>Rs5.N@180")
    assert game.why_illegal(free_north, wrong) == (
        "The red circle 4, turned upside down, would put its square side against the north side of "
        "the red square 5: it fits there only turned a quarter to the right (rule 2.5)")
    assert game.parse_move(free_north, "Rc4>Rs5.N@90") == Move("Rc4", "Rs5.N")  # the one turn that fits
    for move in (blank_to_x, wrong):
        assert notation_in(game, free_north, game.why_illegal(free_north, move)) is None


def test_rule_6_7_a_position_says_a_chosen_turn(game, free_north):
    state = play(game, free_north, "Rs5>X.N@180")
    text = game.format_position(state)
    assert "Rs5: X.N@180  # cell 0,-1 turned 180" in text.splitlines()
    assert game.parse_position(text) == state
    smallest = play(game, free_north, "Rs5>X.N")
    assert "Rs5: X.N  # cell 0,-1 turned 0" in game.format_position(smallest).splitlines()
    assert game.parse_position(text.replace("X.N@180", "X.N")) == smallest
    assert game.parse_position(text.replace("X.N@180", "X.N@0")) == smallest


@pytest.mark.parametrize("turn, message", [
    ("X.N@270", "Rs5 cannot lie on X.N: The red square 5, turned a quarter to the left, would put its blank side"),
    ("X.N@45", "bad turn '45'")])
def test_rule_6_7_a_position_with_a_turn_that_does_not_fit_is_refused(game, free_north, turn, message):
    text = game.format_position(play(game, free_north, "Rs5>X.N@180")).replace("X.N@180", turn)
    with pytest.raises(NotationError) as refused:
        game.parse_position(text)
    assert message in str(refused.value)


def test_rule_6_7_moves_written_before_turns_replay_the_same(game):
    """A line of plain moves (all saves held before turns could be chosen) plays as it did:
    a card put on the X card takes the smallest turn that fits."""
    state = game.new(3)
    for _ in range(60):
        plain = [m for m in game.legal_moves(state) if not m.variant]
        move = plain[len(plain) // 2]
        after = game.apply(state, game.parse_move(state, game.format_move(move)))
        if move.dst.startswith("X."):
            card = next(p for p in after.puzzle if p.parent is not None and p.parent.is_x
                        and "NESW"[p.side] == move.dst[-1]).card
            turns = [placed(game.play(state, m), card.code).rotation for m in ways(game, state, move.src, move.dst)]
            assert placed(after, card.code).rotation == min(turns)
        state = after


def test_rule_4_7_a_click_and_the_search_try_the_smallest_turn_first(game, free_north):
    """A chosen turn ranks just after the smallest: a click lays the card the deal's way,
    and the solver's search tries that way first."""
    upright, *turned = ways(game, free_north, "Rs5", "X.N")
    ranks = [game.preference(free_north, m) for m in (upright, *turned)]
    assert ranks[0] > max(ranks[1:]) and len(set(ranks[1:])) == 1
    assert ranks[0] - ranks[1] == 1  # just after it: before every plain move ranked lower
    assert all(game.preference(free_north, m) != ranks[1] for m in game.legal_moves(free_north) if not m.variant)
