"""Every numbered rule of games/pyramid/rules.md, through legal_moves, apply and why_illegal."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from pyramid_helpers import PLACES, moves, table
from solitaire_core import DRAW, IllegalMove, Move, OptionError, Pile, parse_card
from solitaire_core.testing import check_game, check_safe_moves, play_texts

RULES = Path(__file__).resolve().parents[3] / "games" / "pyramid" / "rules.md"
PAIRS = [("AS", "QH"), ("2C", "JD"), ("3H", "10S"), ("4D", "9C"), ("5S", "8H"), ("6C", "7D")]


def pair(a, b):
    return Move(a, b, 1, pair=True)


def covers(game, place):
    return game.zones[game.index[place]].covered_by


def test_rule_1_1_the_object_is_to_remove_the_pyramid(game):
    state = table(game, p27="6C", p28="7D")
    assert not game.is_won(state)
    assert game.is_won(play_texts(game, state, "p27+p28"))
    assert game.is_won(play_texts(game, table(game, p28="KS"), "p28>discard"))


def test_rule_1_2_one_pack_ranks_count_their_number(game):
    assert len(game.deck) == 52 and len(set(game.deck)) == 52
    assert sorted({c.rank for c in game.deck}) == list(range(1, 14))
    assert game.pairs(parse_card("JD"), parse_card("2C")) and game.pairs(parse_card("QS"), parse_card("AH"))


def test_rule_2_1_seven_rows_face_up_each_card_covered_by_two(game):
    state = game.new(1)
    assert all(game.pile(state, p).down == 0 and len(game.pile(state, p).cards) == 1 for p in PLACES)
    rows = sorted({z.at[1] for z in game.zones if z.id in PLACES})
    assert [sum(1 for z in game.zones if z.id in PLACES and z.at[1] == y) for y in rows] == list(range(1, 8))
    assert covers(game, "p1") == ("p2", "p3") and covers(game, "p3") == ("p5", "p6")
    assert covers(game, "p16") == ("p22", "p23") and covers(game, "p21") == ("p27", "p28")
    assert all(covers(game, f"p{k}") == () for k in range(22, 29))


def test_rule_2_2_one_card_starts_the_waste_23_form_the_stock(game):
    state = game.new(1)
    assert len(game.pile(state, "waste").cards) == 1 and not game.pile(state, "discard").cards
    stock = game.pile(state, "stock")
    assert len(stock.cards) == 23 and stock.down == 23
    assert Counter(c for p in state.piles for c in p.cards) == Counter(game.deck)


def test_rule_2_3_the_deal_number_alone_fixes_the_cards(game):
    assert game.format_position(game.new(42)) == game.format_position(game.new(42))
    assert game.new(1) != game.new(2)


def test_rule_3_1_only_free_cards_play(game):
    state = table(game, p16="4C", p22="9D", p28="AC", waste="QD")
    assert moves(game, state) == {"draw", "p28+waste", "waste+p28"}  # draw: the waste turns back
    with pytest.raises(IllegalMove, match=r"The 4♣ is covered: it plays once the cards lying on it "
                                          r"are gone \(rule 3\.1\)"):
        game.apply(state, pair("p16", "p22"))
    half = table(game, p16="4C", p22="9D", p28="4S", waste="9H")
    assert "p16+waste" not in moves(game, half)
    freed = play_texts(game, half, "p22+p28")  # p23 is empty: p16 is free once p22 is gone
    assert moves(game, freed) >= {"p16+waste", "waste+p16"}


def test_rule_3_2_two_free_cards_adding_up_to_13_leave_together(game):
    for a, b in PAIRS:
        state = table(game, p27=a, p28=b, waste="KD")
        assert {"p27+p28", "p28+p27"} <= moves(game, state)
        after = play_texts(game, state, "p27+p28")
        assert not game.pile(after, "p27").cards and not game.pile(after, "p28").cards
        assert game.pile(after, "discard").cards[-2:] == (parse_card(a), parse_card(b))
    state = table(game, p27="6C", p28="6D", p26="QC", waste="AH")
    assert game.describe_move(state, pair("p26", "waste")) == "Remove the Q♣ and the A♥"
    with pytest.raises(IllegalMove, match=r"The 6♣ and the 6♦ do not pair: a pair needs ranks adding up "
                                          r"to 13 \(rule 3\.2\)"):
        game.apply(state, pair("p27", "p28"))
    # A card never pairs with a card that covers it.
    covering = table(game, p21="3C", p28="10D", waste="2S")
    with pytest.raises(IllegalMove, match=r"The 3♣ is covered.*rule 3\.1"):
        game.apply(covering, pair("p28", "p21"))


def test_rule_3_3_a_free_king_leaves_alone_and_no_other_card_does(game):
    state = table(game, p28="KS", p27="QH", waste="KD")
    assert {"p28>discard", "waste>discard"} <= moves(game, state)
    assert game.describe_move(state, Move("p28", "discard")) == "Put the K♠ on the discard pile"
    with pytest.raises(IllegalMove, match=r"The Q♥ cannot go on the .*: the discard pile builds only Kings "
                                          r"alone; other cards leave in pairs \(rule 3\.3\)"):
        game.apply(state, Move("p27", "discard"))
    start = game.new(1)  # the discard pile empty, the Q♥ in p28
    with pytest.raises(IllegalMove, match=r"The discard pile is empty and takes a King, not the Q♥ \(rule 3\.3\)"):
        game.apply(start, Move("p28", "discard"))
    assert "p21>discard" not in moves(game, table(game, p21="KC", p28="5D"))


def test_rule_3_4_the_discard_pile_never_gives_back(game):
    state = table(game, p28="5D")
    with pytest.raises(IllegalMove, match=r"No card is ever taken from the discard pile.*rule 3\.4"):
        game.apply(state, Move("discard", "p27"))
    assert not any(m.src == "discard" or (m.pair and m.dst == "discard") for m in game.legal_moves(state))


def test_rule_3_5_nothing_is_put_on_the_pyramid_or_the_waste(game):
    state = table(game, p27="4D", p28="QH", waste="9S")
    with pytest.raises(IllegalMove, match=r"No card is ever put on Place 27.*rule 3\.5"):
        game.apply(state, Move("p28", "p27"))
    with pytest.raises(IllegalMove, match=r"No card is ever put on the waste.*rule 3\.5"):
        game.apply(state, Move("p28", "waste"))


def test_rule_4_1_the_stock_turns_its_top_card_onto_the_waste(game):
    state = table(game, p28="9C", stock="2D 3S", waste="4D")
    assert DRAW in game.legal_moves(state)
    after = game.apply(state, DRAW)
    assert game.pile(after, "waste").cards == (parse_card("4D"), parse_card("3S"))
    assert game.pile(after, "stock") == Pile((parse_card("2D"),), 1)
    with pytest.raises(IllegalMove, match=r"No card is ever put on the stock.*rule 4\.1"):
        game.apply(state, Move("p28", "stock"))


def test_rule_4_2_only_the_waste_top_plays_the_one_under_it_in_turn(game):
    state = table(game, p27="8H", p28="AS", stock="5H", waste="QD 5C")
    assert moves(game, state) == {"draw", "p27+waste", "waste+p27"}  # the Q♦ lies under the 5♣
    after = play_texts(game, state, "p27+waste")
    assert moves(game, after) == {"draw", "p28+waste", "waste+p28"}


def test_rule_4_3_three_passes_by_default_the_waste_turned_back_in_order(game):
    state = table(game, p28="9C", waste="2D 3S")
    assert game.describe_move(state, DRAW) == "Turn the waste back into the stock"
    back = game.apply(state, DRAW)
    assert game.pile(back, "stock") == Pile((parse_card("3S"), parse_card("2D")), 2)
    assert game.pile(game.apply(back, DRAW), "waste").top == parse_card("2D")  # first dealt, first again
    last = table(game, p28="9C", waste="2D 3S", redeals=2)
    with pytest.raises(IllegalMove, match=r"no pass through it is left \(rule 4\.3\)"):
        game.apply(last, DRAW)
    one = table(game, {"passes": 1}, p28="9C", waste="2D 3S")
    assert DRAW not in game.legal_moves(one)
    endless = table(game, {"passes": "unlimited"}, p28="9C", waste="2D 3S", redeals=50)
    assert DRAW in game.legal_moves(endless)


def test_rule_5_1_won_when_the_pyramid_is_cleared_whatever_stock_and_waste_hold(game):
    assert game.is_won(table(game, stock="2D 3S", waste="4H 5C"))
    assert not game.is_won(table(game, p1="KS", stock="2D"))


def test_rule_5_2_lost_when_nothing_pairs_and_the_stock_is_spent(game):
    stuck = table(game, {"passes": 1}, p27="6C", p28="6D", waste="5H")
    assert game.legal_moves(stuck) == [] and game.is_stuck(stuck)
    assert not game.is_stuck(table(game, p27="6C", p28="6D", stock="7H", waste="5H"))


def test_rule_6_1_a_free_king_is_safe_and_pairs_are_never_automatic(game):
    state = table(game, p28="KS", p27="6C", p26="7D", waste="KD")
    assert {str(m) for m in game.safe_moves(state)} == {"p28>discard", "waste>discard"}
    assert check_safe_moves(game) > 0


def test_rule_7_1_passes_is_the_only_option(game):
    assert [o.name for o in game.options] == ["passes"]
    assert game.new(1).option("passes") == 3 and game.new(1, passes="1").option("passes") == 1
    with pytest.raises(OptionError):
        game.new(1, goal="all")


def test_rule_8_1_suits_and_the_discard_pile_never_matter(game):
    a = table(game, p27="6C", p28="7D", stock="2S", waste="KH")
    b = table(game, p27="6H", p28="7S", stock="2D", waste="KC")
    assert game.key(a) == game.key(b)
    assert game.key(a) != game.key(table(game, p26="6C", p28="7D", stock="2S", waste="KH"))
    assert game.key(a) != game.key(table(game, p27="6C", p28="7D", stock="2S", waste="KH", redeals=1))


def test_rule_8_2_options_as_text(game):
    assert game.new(1, passes="unlimited").option("passes") == "unlimited"
    with pytest.raises(OptionError):
        game.new(1, passes="2")


def test_rule_8_3_zones_moves_and_position_text(game):
    assert [z.id for z in game.zones] == [*PLACES, "stock", "waste", "discard"]
    state = game.new(617)
    assert game.parse_position(game.format_position(state)) == state
    assert game.parse_move(state, "p27+p28") == pair("p27", "p28")
    assert game.format_move(pair("p28", "waste")) == "p28+waste"
    assert game.parse_move(state, "waste>discard") == Move("waste", "discard")
    assert "@redeals 0" in game.format_position(state)


def test_a_covering_card_is_drawn_over_the_cards_it_covers(game):
    scene = game.scene(game.new(1))
    z = {p.zone: p.z for p in scene.cards}
    for place in PLACES:
        assert all(z[c] > z[place] for c in covers(game, place))


def test_rule_9_deal_1_is_the_test_vector(game):
    page = RULES.read_text(encoding="utf-8")
    vector = re.search(r"```\n(# Pyramid\n.*?)```", page, re.DOTALL).group(1)
    state = game.new(1)
    assert game.format_position(state) == vector
    assert moves(game, state) == {"draw", "p22+p28", "p28+p22", "p23+p28", "p28+p23", "p24+p27", "p27+p24"}


def test_the_conformance_kit_passes(game):
    check_game(game)
