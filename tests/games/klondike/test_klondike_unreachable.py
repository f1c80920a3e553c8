"""Rule 13.4: a position no game can reach is refused when read, naming the zone and the card."""

import pytest

from solitaire_core import NotationError


@pytest.mark.parametrize("old, new, problem", [
    ("(4H)\n", "4H\n", r"zone stock: 4H lies face up, but every card of the stock lies face down"),
    ("stock: (6H)", "stock: 6H", r"face-down \(2H\) lies on a face-up card"),  # caught as any pile is
])
def test_rule_2_3_and_13_4_no_face_up_card_in_the_stock(game, old, new, problem):
    text = game.format_position(game.new(1))
    assert old in text
    with pytest.raises(NotationError, match=problem):
        game.parse_position(text.replace(old, new, 1))


def test_rule_6_1_and_7_1_and_13_4_no_face_down_card_on_the_waste_or_a_foundation(game):
    state = game.new(1)
    for _ in range(3):
        state = game.apply(state, game.parse_move(state, "draw"))
    text = game.format_position(state)
    waste = next(line for line in text.splitlines() if line.startswith("waste:"))
    first = waste.split()[1]
    with pytest.raises(NotationError, match=rf"zone waste: \({first}\) lies face down, but every card of the waste"):
        game.parse_position(text.replace(waste, waste.replace(first, f"({first})", 1)))
    up = game.apply(game.new(1), game.parse_move(game.new(1), "t5>f1"))
    text = game.format_position(up)
    assert "f1: AH" in text
    with pytest.raises(NotationError, match=r"zone f1: \(AH\) lies face down, but every card of Foundation 1"):
        game.parse_position(text.replace("f1: AH", "f1: (AH)"))
    assert game.parse_position(game.format_position(up)) == up  # what a game reaches still reads back
