"""Rules 3 to 8 of Canfield: foundations, columns, reserve, stock and waste, safe moves, the end."""

from __future__ import annotations

import pytest

from canfield_helpers import apply, moves, position, run
from solitaire_core import DRAW, IllegalMove
from solitaire_core.testing import check_game, check_safe_moves, play_texts


def cards(game, state, zone):
    return [c.code for c in game.pile(state, zone).cards]


def test_rule_3_1_an_empty_foundation_takes_only_the_base_rank(game):
    state = position(game, f1="7S", t1="7H", t2="AH", reserve="(2D) 7C")
    assert {"t1>f2", "t1>f3", "t1>f4", "reserve>f2"} <= moves(game, state)
    assert not any(m.startswith("t2>f") for m in moves(game, state))
    base = r"Foundation 2 is empty and takes a card of the base rank, 7, not the A♥ \(rule 3\.1\)"
    with pytest.raises(IllegalMove, match=base):
        apply(game, state, "t2>f2")
    scene = game.scene(state)
    assert {s.zone: s.label for s in scene.slots}["f2"] == "7"


def test_rule_3_2_up_in_suit_round_the_corner_one_card_at_a_time(game):
    state = position(game, f1=run("S", "Q", 2), t1="AS", t2="AC", t3="2S")
    assert "t1>f1" in moves(game, state)
    with pytest.raises(IllegalMove, match=r"one rank higher, a King taking an Ace, same suit \(rule 3\.2\)"):
        apply(game, state, "t2>f1")
    state = apply(game, state, "t1>f1")
    assert cards(game, state, "f1") == ["QS", "KS", "AS"] and "t3>f1" in moves(game, state)
    state = position(game, f1="QS", t1="KS", t2="KD QC", reserve="(3D) 9C")
    with pytest.raises(IllegalMove, match=r"rule 3\.2"):
        apply(game, state, "t2:2>f1")


def test_rule_3_3_a_card_on_a_foundation_stays_there(game):
    state = position(game, f1=run("S", "7", 3), t1="10H", t2="", reserve="")
    assert not any(m.startswith("f") for m in moves(game, state))
    for text in ("f1>t1", "f1>t2", "f1>f2"):
        with pytest.raises(IllegalMove, match=r"rule 3\.3"):
            apply(game, state, text)


def test_rule_4_1_down_in_alternating_colours_an_ace_taking_a_king(game):
    state = position(game, f1="7S", t1="AS", t2="KH", t3="KC", t4="QD")
    assert {"t2>t1", "t4>t3"} <= moves(game, state) and "t3>t1" not in moves(game, state)
    with pytest.raises(IllegalMove, match=r"The K♣ cannot go on the A♠: Column 1 builds one rank lower, "
                                          r"an Ace taking a King, alternating red and black \(rule 4\.1\)"):
        apply(game, state, "t3>t1")


def test_rule_4_2_a_column_moves_its_top_card_or_all_its_cards(game):
    state = position(game, f1="7S", t1="9S 8H 7C", t2="8D", t3="10D", t4="9H", reserve="(2D) 4S")
    legal = moves(game, state)
    assert {"t1>t2", "t1:3>t3"} <= legal and "t1:2>t4" not in legal
    with pytest.raises(IllegalMove, match=r"Column 1 lets go of its top card or of all its cards, never of part "
                                          r"of them \(rule 4\.2\)"):
        apply(game, state, "t1:2>t4")
    after = apply(game, state, "t1:3>t3")
    assert cards(game, after, "t3") == ["10D", "9S", "8H", "7C"]


def test_rule_4_3_an_emptied_column_is_filled_from_the_reserve_by_itself(game):
    state = position(game, f1="7S", t1="8S", t2="9H", t3="2C", t4="3C", reserve="(2D) (5C) 4S")
    after = apply(game, state, "t1>t2")
    assert cards(game, after, "t1") == ["4S"]
    reserve = game.pile(after, "reserve")
    assert [c.code for c in reserve.cards] == ["2D", "5C"] and reserve.down == 1


def test_rule_4_4_once_the_reserve_is_empty_a_column_takes_the_waste_top_only(game):
    state = position(game, f1="7S", t1="8S", t2="9H", t3="JC", reserve="", waste="3H")
    after = apply(game, state, "t1>t2")
    assert not game.pile(after, "t1").cards
    legal = moves(game, after)
    assert "waste>t1" in legal and "t3>t1" not in legal and "t2:2>t1" not in legal
    with pytest.raises(IllegalMove, match=r"Column 1 is empty and takes cards only from the waste \(rule 4\.4\)"):
        apply(game, after, "t3>t1")
    assert cards(game, apply(game, after, "waste>t1"), "t1") == ["3H"]


def test_rule_5_1_only_the_reserve_top_card_plays_and_the_next_turns_up(game):
    state = position(game, f1="7S", t1="9H", t2="2C", t3="3C", t4="4C", reserve="(2D) (5C) 8S")
    assert {"reserve>t1", "reserve>f2"} - moves(game, state) == {"reserve>f2"}
    after = apply(game, state, "reserve>t1")
    assert cards(game, after, "t1") == ["9H", "8S"] and game.pile(after, "reserve").down == 1
    with pytest.raises(IllegalMove, match=r"rule 5\.1"):
        apply(game, position(game, f1="7S", t1="4D", reserve="(2D) 5C"), "t1>reserve")


def test_rule_6_1_the_stock_turns_three_cards_or_one(game):
    state = game.new(1)
    stock = game.pile(state, "stock").cards
    after = game.apply(state, DRAW)
    assert game.pile(after, "waste").cards == stock[-3:][::-1]
    one = game.apply(game.new(1, draw=1), DRAW)
    assert game.pile(one, "waste").cards == (stock[-1],)
    state = position(game, f1="7S", stock="(2D) (5C)", rest="t1")
    assert cards(game, game.apply(state, DRAW), "waste") == ["5C", "2D"]


def test_rule_6_2_only_the_waste_top_card_plays(game):
    state = position(game, f1="7S", waste="9D 6H", t1="7C", t2="10C")
    legal = moves(game, state)
    assert "waste>t1" in legal and "waste>t2" not in legal
    with pytest.raises(IllegalMove, match=r"rule 6\.2"):
        apply(game, state, "waste:2>t2")


def test_rule_6_3_nothing_is_put_on_the_stock_or_the_waste(game):
    state = position(game, f1="7S", waste="9D", t1="8C", stock="(2D)", rest="t2")
    for text in ("t1>waste", "t1>stock", "stock>t1"):
        with pytest.raises(IllegalMove, match=r"rule 6\.3"):
            apply(game, state, text)


def test_rule_6_4_the_waste_turns_over_as_often_as_the_passes_allow(game):
    state = position(game, f1="7S", waste="9D 2H", t1="8C", rest="t2", options={"passes": 1})
    assert DRAW not in game.legal_moves(state)
    with pytest.raises(IllegalMove, match=r"rule 6\.4"):
        game.apply(state, DRAW)
    state = position(game, f1="7S", waste="9D 2H", t1="8C", rest="t2", options={"passes": 3})
    for _ in range(2):
        state = game.apply(state, DRAW)
        assert cards(game, state, "stock") == ["2H", "9D"] and not game.pile(state, "waste").cards
        state = play_texts(game, state, "draw")
    assert DRAW not in game.legal_moves(state)
    state = position(game, f1="7S", waste="9D 2H", t1="8C", rest="t2")
    for _ in range(10):
        state = play_texts(game, state, "draw", "draw")
    assert state.value("redeals") == 10 and DRAW in game.legal_moves(state)
    empty = position(game, f1="7S", rest="t1")
    with pytest.raises(IllegalMove, match=r"rule 6\.4"):
        game.apply(empty, DRAW)


def test_rule_7_1_safe_once_both_cards_below_of_the_other_colour_are_up(game):
    state = position(game, f1="7S", f2="7C", f3="7H", t1="8H", t2="7D", rest="t4")
    safe = {game.format_move(m) for m in game.safe_moves(state)}
    assert "t1>f3" in safe and not any(m.startswith("t2>") for m in safe)  # the base rank is never safe
    state = position(game, f1="7S", f2="7C", f3="7H 8H", f4="7D", t1="9D", t2="9H", rest="t4")
    assert {game.format_move(m) for m in game.safe_moves(state)} == set()  # the black 8s are not up
    state = position(game, f1="7S 8S", f2="7C 8C", f3="7H 8H", f4="7D", t1="9H", rest="t4")
    assert "t1>f3" in {game.format_move(m) for m in game.safe_moves(state)}


def test_rule_7_1_safe_moves_never_lose_a_won_game(game):
    assert check_safe_moves(game, deals=(1, 2, 3, 4, 5)) >= 10


def test_rule_7_2_the_finish_plays_a_won_game_out(game):
    tops = {f"f{i}": run(s, "7", 11) for i, s in enumerate("CDHS", 1)}
    state = position(game, **tops, t1="6C 5D", t2="6D", t3="6H 5S", t4="6S", reserve="5H", rest="t4")
    finish = game.finish_moves(state)
    assert finish is not None and game.is_won(play_texts(game, state, *map(game.format_move, finish)))
    hidden = position(game, **tops, t1="6C 5D", t2="6D", t3="6H 5S", t4="6S", reserve="(5H) 5C", rest="t4")
    assert game.finish_moves(hidden) is None  # a face-down reserve card: no finish yet


def test_rule_8_2_stuck_when_no_line_puts_a_card_up(game):
    state = position(game, f1="7S", t1="4H", t2="4D", t3="QD", t4="10H", reserve="(2C) JH",
                     waste="9D", rest="waste", options={"passes": 1})
    assert game.is_stuck(state) and not game.is_won(state)
    assert not game.is_stuck(position(game, f1="7S", t1="4H", t2="4D", t3="QD", t4="10H", reserve="(2C) JH",
                                      waste="9D", rest="waste"))


def test_rule_8_3_scoring_is_none_by_default_or_the_stake(game):
    assert game.score(game.new(1)) is None and "Score" not in dict(game.status(game.new(1)))
    assert game.score(game.new(1, scoring="stake")) == -47
    assert dict(game.status(game.new(1, scoring="stake")))["Score"] == "-47"


def test_rule_8_4_the_stake_pays_5_a_card_up_the_base_card_included(game):
    """The pack costs 52 and the base card is up from the deal: -47; each card put up from
    a column, the waste or the reserve pays 5; a move between columns pays nothing; all 52
    up make 208."""
    state = game.new(1, scoring="stake")
    assert game.score(state) == -52 + 5
    state = position(game, f1="7S", t1="9H 8S", t2="9D", t3="KC", t4="KD", waste="JD 7D", reserve="(2C) 7H",
                     options={"scoring": "stake"})
    assert game.score(state) == -47
    assert [game.score(play_texts(game, state, *line)) for line in (
        ["t1>f1"], ["t1>f1", "waste>f2"], ["t1>f1", "waste>f2", "reserve>f3"])] == [-42, -37, -32]
    assert game.score(play_texts(game, state, "t1>t2")) == -47  # the 8 of spades onto the 9 of diamonds
    assert game.scorings["stake"].add(-47, ["to-foundation"] * 51) == 208


def test_canfield_conforms(game):
    check_game(game, examples=3, steps=120)
