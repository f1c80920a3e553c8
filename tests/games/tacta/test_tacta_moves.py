"""Rules 1.1, 1.2, 4 and 5: moving cards within the puzzle, to the stacks and back, and winning."""

from __future__ import annotations

from pathlib import Path

import pytest
from tacta_helpers import build, moves_text, placed, play

from games.tacta.cards import STACK_CARDS
from solitaire_core.errors import IllegalMove
from solitaire_core.session import Session

WIN_LINE = [m for line in (Path(__file__).parent / "deal1_win.txt").read_text().splitlines()
            if not line.startswith("#") for m in line.split()]


@pytest.fixture
def example(game):
    """The rules text's example: Bt1 free, Bt2 under Rs5, Rc4 nearby."""
    return build(game, "Bt1: X.N, Bt2: X.E, Rs5: Bt2.E, Rc4: X.S")


def test_rule_1_1_and_4_6_the_texts_example(game, example):
    assert "Bt1>s2" in moves_text(game, example)  # the blue triangle 1 is uncovered
    assert not any(m.startswith("Bt2>") for m in moves_text(game, example))  # covered by Rs5
    assert "Rs5>Rc4.E" in moves_text(game, example)  # same colour, one lower
    state = play(game, example, "Bt1>s2", "Rs5>Rc4.E")
    assert "Bt2>s2" in moves_text(game, state)
    state = play(game, state, "Bt2>s2")
    assert [c.code for c in state.stacks[1]] == ["Bt1", "Bt2"]


def test_rule_1_2_a_deal_is_won_with_all_36_cards_on_the_stacks(game):
    session = Session(game, 1)
    for text in WIN_LINE:
        assert not game.is_won(session.state)
        session.play(game.parse_move(session.state, text))
    state = session.state
    assert game.is_won(state) and not game.is_stuck(state)
    assert state.stacks == STACK_CARDS
    assert [p.card.code for p in state.puzzle] == ["X"]
    assert game.status(state) == [("On stacks", "36/36")]


def test_rule_1_2_finishing_moves_when_the_stacks_can_take_everything(game):
    state = build(game, "Rs6: X.N")
    assert game.finish_moves(state) == [game.parse_move(state, "Rs6>s6")]
    assert game.finish_moves(game.new(1)) is None


def test_rule_4_1_an_uncovered_card_moves_within_the_puzzle_one_at_a_time(game, example):
    assert any(m.src == "Rs5" and m.dst != "s6" for m in game.legal_moves(example))
    assert all(m.n == 1 for m in game.legal_moves(example))
    with pytest.raises(IllegalMove, match="one at a time"):
        game.apply(example, game.parse_move(example, "Rs5>Rc4.E").__class__("Rs5", "Rc4.E", 2))


def test_rule_4_1_the_cell_a_card_leaves_counts_as_empty(game):
    """A card may move to a side facing the very cell it leaves (a new parent, a new turn)."""
    found = []
    for deal in range(1, 21):
        state = game.new(deal)
        for m in game.legal_moves(state):
            if "." in m.dst and not m.src.startswith("s"):
                after = game.apply(state, m)
                if placed(after, m.src).cell == placed(state, m.src).cell:
                    assert placed(after, m.src).parent != placed(state, m.src).parent
                    found.append(m)
    assert found


def test_rule_4_2_only_onto_the_same_colour(game, example):
    state = play(game, example, "Bt1>s2")
    assert "s2>Rc4.E" not in moves_text(game, state)
    reason = game.why_illegal(state, game.parse_move(state, "s2>Rc4.E"))
    assert "blue card" in reason and "rule 4.2" in reason


def test_rule_4_3_only_onto_one_value_higher_or_lower(game, example):
    moves = moves_text(game, example)
    assert {"Rs5>Rc4.E", "Rs5>Rc6.E", "Rs5>Rs6.N"} <= moves  # a 5 on a 4 or a 6
    assert "Rc6>Rc4.E" not in moves  # a 6 on a 4
    assert "one value higher or lower" in game.why_illegal(example, game.parse_move(example, "Rc6>Rc4.E"))
    for deal in (1, 2):
        state = game.new(deal)
        for m in game.legal_moves(state):
            if "." in m.dst and not m.dst.startswith("X.") and not m.src.startswith("s"):
                host, card = game.parse_card(m.dst.split(".")[0]), game.parse_card(m.src)
                assert host.colour == card.colour and abs(host.value - card.value) == 1


def test_rule_4_4_a_free_side_of_x_takes_any_card(game, example):
    state = play(game, example, "Rc4>s4")  # frees X.S
    moves = moves_text(game, state)
    assert {"Bt1>X.S", "Rs5>X.S"} <= moves
    state = play(game, state, "Bt1>s2")
    assert "s2>X.S" in moves_text(game, state) and "s4>X.S" in moves_text(game, state)


def test_rule_4_5_a_card_never_goes_back_where_it_lies(game):
    for deal in (1, 2, 3):
        state = game.new(deal)
        for m in game.legal_moves(state):
            if "." in m.dst and not m.src.startswith("s"):
                here = placed(state, m.src)
                assert m.dst != f"{here.parent.code}.{'NESW'[here.side]}"
    example = build(game, "Bt1: X.N, Bt2: X.E, Rs5: Bt2.E, Rc4: X.S")
    assert "already lies" in game.why_illegal(example, game.parse_move(example, "Bt1>X.N"))


def test_rule_5_1_stacks_take_no_part_in_placement(game, example):
    assert not any(m.dst.startswith(("s1.", "s2.")) for m in game.legal_moves(example))
    assert "s6" not in {p.card.code for p in example.puzzle}


def test_rule_5_2_a_stack_begins_with_a_1_and_keeps_to_its_colour_and_suit(game):
    state = game.new(1)
    to_stacks = [m for m in game.legal_moves(state) if m.dst.startswith("s")]
    assert to_stacks and all(game.parse_card(m.src).value == 1 for m in to_stacks)
    for m in to_stacks:
        card = game.parse_card(m.src)
        assert m.dst == f"s{card.stack + 1}"
    some = next(p.card for p in state.puzzle if p.card.value > 1)
    assert "takes" in game.why_illegal(state, game.parse_move(state, f"{some.code}>s{some.stack + 1}")) or \
        "covered" in game.why_illegal(state, game.parse_move(state, f"{some.code}>s{some.stack + 1}"))
    wrong = "s1" if some.stack != 0 else "s2"
    reason = game.why_illegal(state, game.parse_move(state, f"{some.code}>{wrong}"))
    assert "belongs on stack" in reason or "covered" in reason


def test_rule_5_3_the_next_value_goes_up(game, example):
    state = play(game, example, "Bt1>s2", "Rs5>Rc4.E")
    assert "Bt2>s2" in moves_text(game, state)
    assert "The blue triangle stack takes the blue triangle 1 next" in game.why_illegal(play(game, example, "Rs5>Rc4.E"),
                                                 game.parse_move(example, "Bt2>s2"))


def test_rule_5_4_only_a_stacks_top_card_goes_back_to_the_puzzle(game, example):
    state = play(game, example, "Bt1>s2", "Rs5>Rc4.E", "Bt2>s2")
    moves = moves_text(game, state)
    assert "s2>X.E" in moves and "s2>X.N" in moves  # Bt2 back onto free X sides
    after = play(game, state, "s2>X.N")
    assert [c.code for c in after.stacks[1]] == ["Bt1"]
    assert placed(after, "Bt2").parent.code == "X"
    reason = game.why_illegal(state, game.parse_move(state, "Bt1>X.N"))
    assert "on the blue triangle stack" in reason
    assert "not to a stack" in game.why_illegal(state, game.parse_move(state, "s2>s4"))


def test_illegal_moves_raise_with_a_reason_and_change_nothing(game, example):
    before = game.format_position(example)
    for text in ["Bt2>s2", "Bt1>s1", "X>X.N", "s2>X.N", "Bt1>Rc4.E", "Rs5>Bt2.E"]:
        with pytest.raises(IllegalMove) as info:
            game.apply(example, game.parse_move(example, text))
        assert info.value.reason and text in str(info.value)
    assert game.format_position(example) == before


def test_apply_accepts_exactly_the_legal_moves_and_explains_every_refusal(game):
    """One rule path: over every source, destination and turn on the X card, a move is
    legal exactly when no check refuses it, and every refusal has words."""
    import random

    from games.tacta.notation import TURNS
    from solitaire_core.moves import Move

    rnd = random.Random(5)
    state = game.new(5)
    codes = [c.code for c in game.deck]
    sources = codes + [f"s{k}" for k in range(1, 7)]
    targets = [(f"s{k}", "") for k in range(1, 7)] + [(f"{c}.{d}", "") for c in codes for d in "NESW"]
    targets += [(f"X.{d}", turn) for d in "NESW" for turn in TURNS]
    for step in range(3):
        legal = set(game.legal_moves(state))
        for src in sources:
            for dst, turn in targets:
                move = Move(src, dst, variant=turn)
                assert (game.refusal(state, move) is None) == (move in legal)
                try:
                    game.apply(state, move)
                except IllegalMove as exc:
                    assert move not in legal and exc.reason
                else:
                    assert move in legal
        for _ in range(25):
            state = game.apply(state, rnd.choice(game.legal_moves(state)))
