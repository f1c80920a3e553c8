"""Rules 7 (scoring) and 8 (search, options, zones and notation)."""

from __future__ import annotations

import pytest

from spider_helpers import play_texts, run, table
from solitaire_core import NotationError, OptionError
from solitaire_core.moves import parse_move
from solitaire_core.session import Session


def test_rule_7_1_windows_score_500_less_one_a_move_100_a_run(game):
    state = game.new(1)
    assert game.score(state) == 500 and ("Score", "500") in game.status(state)
    after = play_texts(game, state, "t9>t5", "draw")
    assert game.score(after) == 498  # a deal is a move too
    near = table(game, under="t3", score=480, t1=run("S", 2), t2="AS", t3="5S", f8="")
    assert game.score(play_texts(game, near, "t2>t1")) == 480 - 1 + 100


def test_rule_7_1_the_score_may_go_below_zero_and_undo_gives_points_back(game):
    state = table(game, under="t3", score=0, t1="9S", t2="8S", t3="5S")
    assert game.score(play_texts(game, state, "t2>t1")) == -1
    session = Session(game, 1, {})
    session.play(parse_move("t9>t5"))
    assert game.score(session.state) == 499
    session.undo()
    assert game.score(session.state) == 500


def test_rule_7_2_no_score_with_scoring_none(game):
    state = game.new(1, scoring="none")
    assert game.score(state) is None
    after = play_texts(game, state, "t9>t5", "draw")
    assert game.score(after) is None and after.value("score") == state.value("score")
    assert [name for name, _ in game.status(state)] == ["Deals left"]


def test_rule_8_1_the_search_key_ignores_the_runs_off_and_the_column_order_once_dealt(game):
    a = table(game, {"suits": 4}, under="t4", t1="9S", t2="8H", t3="7D")
    b = table(game, {"suits": 4}, under="t4", t1="8H", t2="9S", t3="7D")
    assert game.key(a) == game.key(b)
    c = table(game, {"suits": 4}, under="stock", t1="9S", t2="8H", t3="7D")
    d = table(game, {"suits": 4}, under="stock", t1="8H", t2="9S", t3="7D")
    assert game.key(c) != game.key(d)  # the stock deals to each column in turn
    swapped = game.parse_position(game.format_position(a).replace("f1:", "fx:").replace("f2:", "f1:")
                                  .replace("fx:", "f2:"))
    assert swapped != a and game.key(swapped) == game.key(a)
    assert game.key(game.parse_position(game.format_position(a).replace("@score 500", "@score 3"))) == game.key(a)


def test_rule_8_2_the_options(game):
    assert [(o.name, o.values, o.default) for o in game.options] == [
        ("suits", (1, 2, 4), 1), ("scoring", ("windows", "none"), "windows")]
    assert game.new(1, suits="2").options == game.new(1, suits=2).options
    for bad in ({"suits": 3}, {"scoring": "vegas"}, {"colours": 1}):
        with pytest.raises(OptionError):
            game.new(1, **bad)


def test_rule_8_3_the_zones(game):
    assert [z.id for z in game.zones] == ["stock", *[f"f{i}" for i in range(1, 9)], *[f"t{i}" for i in range(1, 11)]]
    assert game.zone_name("t10") == "Column 10" and game.zone_name("stock") == "the stock"


def test_rule_8_4_moves_in_notation(game):
    state = game.new(1)
    for text in ("draw", "t9>t5", "t9:4>t2"):
        assert game.format_move(game.parse_move(state, text)) == text
    assert game.parse_move(state, "t9:4>t2").n == 4


def test_rule_8_5_position_text_holds_the_pack_of_its_suits_option(game):
    state = play_texts(game, game.new(5, suits=2), "draw")
    state = game.play(state, game.legal_moves(state)[-1])
    text = game.format_position(state)
    assert text.splitlines()[1:4] == ["@suits 2", "@scoring windows", f"@score {game.score(state)}"]
    assert game.parse_position(text) == state
    with pytest.raises(NotationError, match="more often than the pack holds|is missing"):
        game.parse_position(text.replace("@suits 2", "@suits 1"))
    with pytest.raises(NotationError):
        game.parse_position(text.replace("@suits 2", "@suits 4"))
