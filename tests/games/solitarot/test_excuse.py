"""The Excuse: rules 1.4, 4.7, 4.8, 5.1-5.6, 7.4, 7.5 and the decisions 8.6-8.10 of rules.md."""

import pytest

from solitaire_core import IllegalMove, Move
from solitaire_core.errors import NotationError


def codes(state, game, zone):
    return [c.code for c in game.pile(state, zone).cards]


def moves(game, state):
    return {game.format_move(m) for m in game.legal_moves(state)}


def note(game, state, zone, index=-1):
    """The label the table shows on a card's band (the top card unless ``index`` is given)."""
    bands = game.scene(state).card_at(zone, index % len(game.pile(state, zone).cards)).face.bands
    return bands[0].text.removeprefix("= ") if bands else ""


# --- locking (5.1, 8.6) -----------------------------------------------------------
def test_rule_5_1_locks_on_a_suit_card_as_one_lower_other_colour(game, position, play):
    state = play(position(t1="(3C) 7S"), "excuse>t1")
    assert codes(state, game, "t1") == ["3C", "7S", "EX:6R"] and not game.pile(state, "excuse").cards
    assert note(game, state, "t1") == "6 red"
    state = play(position(t1="NH"), "excuse>t1")
    assert codes(state, game, "t1") == ["NH", "EX:JB"] and note(game, state, "t1") == "J black"


def test_rule_5_1_locks_on_a_trump_as_the_trump_one_lower(game, position, play):
    state = play(position(t1="T12"), "excuse>t1")
    assert codes(state, game, "t1") == ["T12", "EX:T11"] and note(game, state, "t1") == "XI"


def test_rule_8_6_locks_on_the_trumps_column_as_a_trump(game, position, play):
    state = play(position(t8="T21 T20"), "excuse>t8")
    assert codes(state, game, "t8") == ["T21", "T20", "EX:T19"]
    assert "t1>t8" in moves(game, position(t8="T21 T20 EX:T19", t1="T18"))


@pytest.mark.parametrize("below", ["AS", "AH", "T1"])
def test_rule_8_6_refused_on_an_ace_and_on_trump_one(game, position, below):
    state = position(t1=below)
    assert "excuse>t1" not in moves(game, state)
    with pytest.raises(IllegalMove, match=r"nothing is one lower \(rule 8\.6\)"):
        game.apply(state, Move("excuse", "t1"))


@pytest.mark.parametrize("foundation, cards", [("f1", ""), ("f2", "AH 2H 3H 4H 5H"), ("f5", "T1 T2")])
def test_rule_8_6_refused_on_a_foundation(game, position, foundation, cards):
    state = position(**{foundation: cards})
    assert not {m for m in moves(game, state) if m.startswith("excuse>f")}
    with pytest.raises(IllegalMove, match=r"never goes to a foundation \(rule 8\.6\)"):
        game.apply(state, Move("excuse", foundation))
    locked = position(t1="7S EX:6R", f1="AH 2H 3H 4H 5H")
    assert "t1>f1" not in moves(game, locked)
    with pytest.raises(IllegalMove, match=r"never goes to a foundation \(rule 8\.6\)"):
        game.apply(locked, Move("t1", "f1"))


def test_rule_8_6_refused_on_an_empty_trumps_column_and_never_back_to_its_zone(game, position):
    state = position(t8="", t1="7S EX:6R", excuse="")
    assert "excuse>t8" not in moves(game, position(t8=""))
    with pytest.raises(IllegalMove, match=r"rule 8\.6"):
        game.apply(position(t8=""), Move("excuse", "t8"))
    with pytest.raises(IllegalMove, match=r"rule 8\.6"):
        game.apply(state, Move("t1", "excuse"))


# --- building on it and moving it (5.2, 5.3, 8.8) ---------------------------------
def test_rule_5_2_build_on_a_locked_excuse_as_on_its_card(game, position, play):
    state = position(t1="7S EX:6R", t2="5C", t3="5H", t4="(2D) 5S")
    legal = moves(game, state)
    assert {"t2>t1", "t4>t1"} <= legal and "t3>t1" not in legal
    state = play(state, "t2>t1")
    assert codes(state, game, "t1") == ["7S", "EX:6R", "5C"]
    trumps = position(t1="T12 EX:T11", t2="T10", t3="T9", t4="9H")
    legal = moves(game, trumps)
    assert "t2>t1" in legal and not {"t3>t1", "t4>t1"} & legal


def test_rule_5_3_a_run_moves_through_the_excuse_and_keeps_what_it_stands_for(game, position, play):
    state = position(t1="(2C) 7S EX:6R 5C 4D", t2="8H", t3="8D 7C")
    legal = moves(game, state)
    assert {"t1:4>t2", "t1:3>t3"} <= legal
    state = play(state, "t1:4>t2")
    assert codes(state, game, "t2") == ["8H", "7S", "EX:6R", "5C", "4D"]
    assert codes(state, game, "t1") == ["2C"] and game.pile(state, "t1").down == 0
    state = play(state, "t2:3>t3")
    assert codes(state, game, "t3") == ["8D", "7C", "EX:6R", "5C", "4D"]


def test_rule_5_3_a_locked_excuse_at_the_bottom_of_a_run_moves_as_its_card(game, position, play):
    assert "t1:2>t2" in moves(game, position(t1="(9H) KC EX:QR NC", t2="KS"))
    state = position(t2="", t3="T13 EX:T12 T11", t8="")
    assert "t3:2>t2" in moves(game, state)  # never onto the trumps column: rule 8.13
    state = play(state, "t3:2>t2")
    assert codes(state, game, "t2") == ["EX:T12", "T11"]


def test_rule_8_8_a_locked_excuse_keeps_its_value_when_moved_alone(game, position, play):
    state = position(t1="7S EX:6R", t2="7C", t3="7H")
    legal = moves(game, state)
    assert "t1>t2" in legal and "t1>t3" not in legal
    state = play(state, "t1>t2")
    assert codes(state, game, "t2") == ["7C", "EX:6R"]


# --- replacing it (4.8, 5.6, 7.4, 8.7, 8.10) ---------------------------------------
@pytest.mark.parametrize("difficulty", ["easy", "medium"])
@pytest.mark.parametrize("real", ["6H", "6D"])
def test_rule_4_8_replaced_by_its_card_it_goes_under_the_stock(game, position, play, difficulty, real):
    state = position(difficulty, t1="(3C) 7S EX:6R", waste=real)
    stock = game.pile(state, "stock")
    assert "waste>t1" in moves(game, state)
    state = play(state, "waste>t1")
    assert codes(state, game, "t1") == ["3C", "7S", real]
    after = game.pile(state, "stock")
    assert after.cards == (game.parse_card("EX"),) + stock.cards and after.down == stock.down + 1
    assert game.score(state) == 5  # an ordinary waste-to-column move


def test_rule_7_4_hard_discards_the_freed_excuse(game, position, play):
    state = position("hard", t1="T12 EX:T11", t2="T11")
    state = play(state, "t2>t1")
    assert codes(state, game, "t1") == ["T12", "T11"]
    excuse = game.pile(state, "excuse")
    assert codes(state, game, "excuse") == ["EX"] and excuse.down == 1
    assert not {m for m in moves(game, state) if m.startswith("excuse")}
    assert "(EX)" not in codes(state, game, "stock") and game.win_count == 77
    assert "excuse: (EX)" in game.format_position(state)


def test_rule_8_7_replacement_takes_a_run_with_it_and_needs_the_excuse_on_top(game, position, play):
    state = position(t1="8H 7S EX:6R", t2="(4C) 6D 5S")
    state = play(state, "t2:2>t1")
    assert codes(state, game, "t1") == ["8H", "7S", "6D", "5S"]
    assert game.pile(state, "stock").cards[0] == game.parse_card("EX")
    buried = position(t1="8H 7S EX:6R 5C", t2="6D")
    assert "t2>t1" not in moves(game, buried)
    wrong = position(t1="7S EX:6R", t2="6S", t3="6C", t4="T6")
    assert not {"t2>t1", "t3>t1", "t4>t1"} & moves(game, wrong)
    trump = play(position(t1="T12 EX:T11", f5=" ".join(f"T{n}" for n in range(1, 12))), "f5>t1")
    assert codes(trump, game, "t1") == ["T12", "T11"]


def test_rule_8_7_when_the_stock_is_empty_the_excuse_is_the_whole_stock(game, position, play):
    state = position(t1="7S EX:6R", t2="6H", f1="AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC",
                     f2="AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD ND QD KD",
                     f3="AS 2S 3S 4S 5S 6S", f4="AH 2H 3H 4H 5H", f5=" ".join(f"T{n}" for n in range(1, 22)),
                     t3="(KS) (QS) (JS) (10S) (9S) (8S) (NS) KH QH NH JH 10H 9H 8H 7H")
    assert not game.pile(state, "stock").cards
    state = play(state, "t2>t1", "draw")
    assert codes(state, game, "waste") == ["EX"] and "waste>t1" in moves(game, state)


# --- the wild Excuse (5.4-5.6, 7.5, 8.9) ------------------------------------------
@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_rule_5_4_wild_on_an_empty_column(game, position, play, difficulty):
    state = play(position(difficulty, t3=""), "excuse>t3")
    assert codes(state, game, "t3") == ["EX:?"] and note(game, state, "t3") == "K / XXI"


def test_rule_7_5_hard_refuses_an_empty_column(game, position):
    state = position("hard", t3="")
    assert "excuse>t3" not in moves(game, state)
    with pytest.raises(IllegalMove, match=r"rule 7\.5"):
        game.apply(state, Move("excuse", "t3"))
    with pytest.raises(NotationError):
        position("hard", t3="EX:?")


def test_rule_5_5_a_queen_locks_the_wild_excuse_as_the_other_king(game, position, play):
    state = position(t1="EX:?", t2="(4C) QH NS", t3="QS")
    assert {"t2:2>t1", "t3>t1"} <= moves(game, state)
    red = play(state, "t2:2>t1")
    assert codes(red, game, "t1") == ["EX:KB", "QH", "NS"] and red.piles[0] == state.piles[0]
    black = play(state, "t3>t1")
    assert codes(black, game, "t1") == ["EX:KR", "QS"]


def test_rule_5_5_trump_twenty_locks_the_wild_excuse_as_twenty_one(game, position, play):
    state = play(position(t1="EX:?", t2="T20 T19"), "t2:2>t1")
    assert codes(state, game, "t1") == ["EX:T21", "T20", "T19"] and note(game, state, "t1", 0) == "XXI"
    state = position(t1="EX:?", t2="JH", t3="T19", t4="NS")
    assert not {"t2>t1", "t3>t1", "t4>t1"} & moves(game, state)


@pytest.mark.parametrize("king", ["KH", "KS", "KD", "KC"])
def test_rule_5_6_any_king_replaces_the_wild_excuse(game, position, play, king):
    state = play(position(t1="EX:?", t2=f"(3C) {king} QH" if king[1] in "SC" else f"(3C) {king} QS"), "t2:2>t1")
    assert codes(state, game, "t1")[0] == king and len(codes(state, game, "t1")) == 2
    assert game.pile(state, "stock").cards[0] == game.parse_card("EX")


def test_rule_5_6_trump_twenty_one_replaces_the_wild_excuse(game, position, play):
    state = play(position(t1="EX:?", waste="T21"), "waste>t1")
    assert codes(state, game, "t1") == ["T21"] and game.pile(state, "stock").cards[0] == game.parse_card("EX")


def test_rule_8_9_the_wild_excuse_stays_put_and_stays_locked(game, position, play):
    state = position(t1="EX:?", t2="")
    assert not {m for m in moves(game, state) if m.startswith("t1")}
    with pytest.raises(IllegalMove, match=r"rule 8\.9"):
        game.apply(state, Move("t1", "t2"))
    locked = play(position(t1="EX:?", t2="QH", t3="KS"), "t2>t1", "t1>t3")
    assert codes(locked, game, "t1") == ["EX:KB"]
    assert "t3>t1" not in moves(game, position(t1="EX:KB", t3="KH"))
    state = play(position(t1="EX:KB", t2="(5S) KC"), "t2>t1")
    assert codes(state, game, "t1") == ["KC"]


# --- from its zone, and back through the stock (4.7, 8.7) -------------------------
def test_rule_4_7_picked_up_from_its_zone_at_any_time(game, play):
    state = play(game.new(1), "draw", "draw", "draw")
    assert "excuse>t1" in moves(game, state)


def test_rule_8_7_a_freed_excuse_comes_back_through_the_waste(game, position, play):
    state = position(t1="7S EX:6R", t2="6H", t3="9C")
    state = play(state, "t2>t1")
    while game.pile(state, "waste").top != game.parse_card("EX"):
        state = play(state, "draw")
    assert "waste>t3" in moves(game, state)
    before = game.score(state)
    state = play(state, "waste>t3")
    assert codes(state, game, "t3") == ["9C", "EX:8R"] and game.score(state) == before  # 8.11


# --- notation (8.10) ----------------------------------------------------------------
@pytest.mark.parametrize("bad", ["EX:6X", "EX:T22", "EX:T0", "EX:1R", "EX:", "EX:T07"])
def test_rule_8_10_bad_excuse_codes_are_refused(game, bad):
    with pytest.raises(NotationError):
        game.parse_card(bad)


@pytest.mark.parametrize("zones", [
    dict(t1="7S EX"), dict(excuse="EX:6R"), dict(t1="EX:? 5C"), dict(t8="EX:?"), dict(excuse="(EX)"),
    dict(t1="EX EX"), dict(stock="(EX:6R)", excuse=""), dict(f1="EX:?"),
])
def test_rule_8_10_the_excuse_only_where_it_can_be(position, zones):
    with pytest.raises(NotationError):
        position(**zones)
