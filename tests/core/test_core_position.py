"""Position text (docs/notation.md): exact round trip, and clear errors for bad text."""

import pytest

from solitaire_core import NotationError, OptionError

from minigame import MiniGame

GAME = MiniGame()
TEXT = GAME.format_position(GAME.new(1))


def test_deal_text_is_every_zone_with_settings():
    lines = TEXT.splitlines()
    assert lines[:2] == ["# Mini", "@draw 1"]
    assert "t2: (3D) 2C" in lines and "waste:" in lines
    assert [line.split(":")[0] for line in lines if not line.startswith(("#", "@"))] == [z.id for z in GAME.zones]


def test_round_trip_with_comments_and_blank_lines():
    noisy = "# a comment\n\n" + TEXT.replace("waste:", "waste:   # nothing yet")
    assert GAME.parse_position(noisy) == GAME.new(1)
    assert GAME.format_position(GAME.parse_position(noisy)) == TEXT


def test_options_come_from_the_text_or_the_caller():
    assert GAME.parse_position(TEXT.replace("@draw 1", "@draw 2")).option("draw") == 2
    assert GAME.parse_position(TEXT.replace("@draw 1\n", ""), draw="2").option("draw") == 2
    with pytest.raises(NotationError, match="option draw is 1 in the text but 2 was asked"):
        GAME.parse_position(TEXT, draw=2)
    with pytest.raises(OptionError):
        GAME.parse_position(TEXT.replace("@draw 1", "@draw 5"))


@pytest.mark.parametrize("change, message", [
    (("waste:\n", ""), "zone waste is missing"),
    (("waste:", "pile:"), "expected 'zone: cards'"),
    (("waste:", "waste 2C"), "expected 'zone: cards'"),
    (("t1: 2D", "t1: 2D\nt1:"), "zone t1 is listed twice"),
    (("t1: 2D", "t1: 2C"), "card 2C is there more often than the pack holds"),
    (("t1: 2D", "t1:"), "card 2D is missing"),
    (("t2: (3D) 2C", "t2: 2C (3D)"), "face-down (3D) lies on a face-up card"),
    (("@shown 0", "@bonus 3"), "unknown setting @bonus"),
    (("@shown 0", "@shown lots"), "@shown needs a whole number"),
    (("@shown 0", "@score 5"), "Mini keeps no @score"),
    (("t1: 2D", "t1: 2Z"), "suit must be one of"),
])
def test_bad_position_text(change, message):
    old, new = change
    assert old in TEXT
    with pytest.raises(NotationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        GAME.parse_position(TEXT.replace(old, new, 1))


def test_a_counter_the_game_does_not_keep_is_read_at_0_and_never_written():
    state = GAME.parse_position(TEXT.replace("@shown 0", "@shown 0\n@score 0"))
    assert "@score" not in GAME.format_position(state) and state == GAME.parse_position(TEXT)


def test_errors_name_the_line():
    with pytest.raises(NotationError, match="^line 3: unknown setting @bonus"):
        GAME.parse_position(TEXT.replace("@redeals 0", "@bonus 1"))
