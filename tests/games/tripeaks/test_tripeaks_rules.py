"""Every numbered rule of games/tripeaks/rules.md, through legal_moves, apply and why_illegal."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tripeaks_helpers import PLACES, moves, table
from solitaire_core import DRAW, IllegalMove, Move, NotationError, OptionError, Pile, parse_card
from solitaire_core.testing import check_game, play_texts

RULES = Path(__file__).resolve().parents[3] / "games" / "tripeaks" / "rules.md"


def covers(game, place):
    return game.zones[game.index[place]].covered_by


def test_rule_1_1_the_object_is_to_move_the_peak_cards_to_the_waste(game):
    state = table(game, p19="9C", waste="8D")
    assert not game.is_won(state)
    after = play_texts(game, state, "p19>waste")
    assert game.is_won(after) and game.pile(after, "waste").top == parse_card("9C")


def test_rule_1_2_one_pack_of_52(game):
    assert len(game.deck) == 52 and len(set(game.deck)) == 52


def test_rule_2_1_three_peaks_over_a_base_of_ten_face_up(game):
    state = game.new(1)
    for k, place in enumerate(PLACES, 1):
        pile = game.pile(state, place)
        assert len(pile.cards) == 1 and pile.down == (1 if k <= 18 else 0)
    assert [covers(game, p) for p in ("p1", "p2", "p3")] == [("p4", "p5"), ("p6", "p7"), ("p8", "p9")]
    assert covers(game, "p4") == ("p10", "p11") and covers(game, "p5") == ("p11", "p12")
    assert covers(game, "p6") == ("p13", "p14") and covers(game, "p9") == ("p17", "p18")
    assert covers(game, "p10") == ("p19", "p20") and covers(game, "p18") == ("p27", "p28")
    assert all(covers(game, f"p{k}") == () for k in range(19, 29))
    # The peaks' tops stand side by side, each row lower than the one it covers.
    at = {z.id: z.at for z in game.zones}
    assert at["p1"][1] == at["p2"][1] == at["p3"][1] < at["p4"][1] < at["p10"][1] < at["p19"][1]


def test_rule_2_2_one_card_starts_the_waste_and_23_form_the_stock(game):
    state = game.new(1)
    assert len(game.pile(state, "waste").cards) == 1
    stock = game.pile(state, "stock")
    assert len(stock.cards) == 23 and stock.down == 23
    assert Counter(c for p in state.piles for c in p.cards) == Counter(game.deck)


def test_rule_2_3_a_card_plays_only_when_both_covering_cards_are_gone(game):
    state = table(game, p10="5C", p19="6D", p20="KD", p21="4S", waste="4H")
    assert moves(game, state) == set()  # 6 and K do not fit, 5 is covered
    with pytest.raises(IllegalMove, match=r"Place 10 has no face-up card.*rule 2\.3"):
        game.apply(state, Move("p10", "waste"))
    half = table(game, p10="5C", p20="KD", waste="4H")
    assert game.pile(half, "p10").down == 1 and "p10>waste" not in moves(game, half)
    assert moves(game, game.new(1)) == {"draw", "p24>waste", "p26>waste"}


def test_rule_2_4_nothing_is_put_on_the_peaks(game):
    state = table(game, p19="9C", p20="8C", waste="8D")
    with pytest.raises(IllegalMove, match=r"No card is ever put on Place 20.*rule 2\.4"):
        game.apply(state, Move("p19", "p20"))
    assert all(m.dst == "waste" or m.is_draw for m in game.legal_moves(game.new(1)))


def test_rule_2_5_a_card_turns_up_once_both_covering_cards_are_gone(game):
    state = table(game, p10="5C", p19="6D", p20="7D", waste="8D")
    after = play_texts(game, state, "p20>waste")
    assert game.pile(after, "p10").down == 1
    after = play_texts(game, after, "p19>waste")
    assert game.pile(after, "p10") == Pile((parse_card("5C"),), 0)
    assert game.is_won(play_texts(game, after, "p10>waste"))


def test_rule_2_6_the_deal_number_alone_fixes_the_cards(game):
    assert game.format_position(game.new(42)) == game.format_position(game.new(42))
    assert game.new(1) != game.new(2)


def test_rule_3_1_a_card_goes_onto_the_top_of_the_waste(game):
    state = table(game, p19="7S", p20="2C", waste="8D")
    after = play_texts(game, state, "p19>waste")
    assert game.pile(after, "waste").cards[-2:] == (parse_card("8D"), parse_card("7S"))


def test_rule_3_2_one_rank_up_or_down_king_and_ace_touching(game):
    state = table(game, p19="9H", p20="7C", p21="10D", p22="8S", waste="8D")
    assert moves(game, state) == {"p19>waste", "p20>waste"}
    with pytest.raises(IllegalMove, match=r"The 10♦ cannot go on the 8♦: the waste builds one rank higher "
                                          r"or lower, King and Ace touching \(rule 3\.2\)"):
        game.apply(state, Move("p21", "waste"))
    on_king = table(game, p19="AH", p20="QC", p21="JC", waste="KD")
    assert moves(game, on_king) == {"p19>waste", "p20>waste"}
    on_ace = table(game, p19="KH", p20="2C", p21="3C", waste="AD")
    assert moves(game, on_ace) == {"p19>waste", "p20>waste"}


def test_rule_3_3_runs_go_up_and_down_with_no_limit(game):
    cards = "9C 10C JC QC KC AC 2C 3C 2D AD".split()
    state = table(game, waste="8D", **{f"p{19 + k}": code for k, code in enumerate(cards)})
    state = play_texts(game, state, *(f"p{19 + k}>waste" for k in range(10)))
    assert game.pile(state, "waste").top == parse_card("AD")


def test_rule_3_4_cards_on_the_waste_never_come_back(game):
    state = table(game, p19="5C", waste="9D")
    with pytest.raises(IllegalMove, match=r"No card is ever taken from the waste.*rule 3\.4"):
        game.apply(state, Move("waste", "p19"))
    assert not game.pickable(state, "waste", 1)


def test_rule_4_1_the_stock_turns_its_top_card_onto_the_waste_at_any_time(game):
    state = table(game, p19="9C", stock="2D 3S", waste="8D")
    assert DRAW in game.legal_moves(state)
    after = game.apply(state, DRAW)
    assert game.pile(after, "waste").top == parse_card("3S")
    assert game.pile(after, "stock") == Pile((parse_card("2D"),), 1)
    with pytest.raises(IllegalMove, match=r"No card is ever put on the stock.*rule 4\.1"):
        game.apply(state, Move("p19", "stock"))


def test_rule_4_2_one_pass_no_redeal(game):
    after = game.apply(table(game, p19="9C", stock="2D", waste="JD"), DRAW)
    assert DRAW not in game.legal_moves(after)
    with pytest.raises(IllegalMove, match=r"rule 4\.2"):
        game.apply(after, DRAW)
    assert "redeals" not in game.counters and game.status(after) == [("Stock", "0")]  # no redeals figure


def test_rule_5_1_won_when_the_peaks_are_cleared_whatever_the_stock_holds(game):
    assert game.is_won(table(game, stock="2D 3S 4H"))
    assert not game.is_won(table(game, p1="KS", stock="2D"))


def test_rule_5_2_lost_when_the_stock_is_empty_and_nothing_fits(game):
    stuck = table(game, p19="QH", p20="9C", waste="4D")
    assert game.legal_moves(stuck) == [] and game.is_stuck(stuck)
    assert not game.is_stuck(table(game, p19="5H", waste="4D"))


def test_rule_6_1_with_the_option_off_king_and_ace_do_not_touch(game):
    off = {"wrap": "off"}
    on_king = table(game, off, p19="AH", p20="QC", waste="KD")
    assert moves(game, on_king) == {"p20>waste"}
    with pytest.raises(IllegalMove, match=r"one rank higher or lower \(rule 3\.2\)"):
        game.apply(on_king, Move("p19", "waste"))
    on_ace = table(game, off, p19="KH", p20="2C", waste="AD")
    assert moves(game, on_ace) == {"p20>waste"}


def test_rule_7_1_suits_and_the_buried_waste_never_matter(game):
    a = table(game, p10="5C", p19="6D", stock="7C", waste="2S 4D")
    b = table(game, p10="5H", p19="6S", stock="7D", waste="3C 4H")
    assert game.key(a) == game.key(b)
    moved = table(game, p11="5C", p20="6D", stock="7C", waste="2S 4D")
    assert game.key(a) != game.key(moved)


def test_rule_7_2_options_and_their_values(game):
    assert game.new(1).option("wrap") == "on" and game.new(1, wrap="off").option("wrap") == "off"
    with pytest.raises(OptionError):
        game.new(1, wrap="sometimes")


def test_rule_7_3_zones_moves_and_position_text(game):
    assert [z.id for z in game.zones] == [*PLACES, "stock", "waste"]
    state = game.new(617)
    text = game.format_position(state)
    assert game.parse_position(text) == state
    assert game.parse_move(state, "p23>waste") == Move("p23", "waste")
    with pytest.raises(NotationError, match=r"p1: .* lies face up but is covered"):
        game.parse_position(re.sub(r"p1: \((\w+)\)", r"p1: \1", text))
    cleared = play_texts(game, table(game, p10="5C", p19="6D", p20="7D", waste="8D"), "p20>waste", "p19>waste")
    with pytest.raises(NotationError, match=r"p10: \(5C\) lies face down but is not covered"):
        game.parse_position(game.format_position(cleared).replace("p10: 5C", "p10: (5C)"))


def test_a_covering_card_is_drawn_over_the_cards_it_covers(game):
    scene = game.scene(game.new(1))
    z = {p.zone: p.z for p in scene.cards}
    for place in PLACES:
        assert all(z[c] > z[place] for c in covers(game, place))


def test_rule_8_deal_1_is_the_test_vector(game):
    page = RULES.read_text(encoding="utf-8")
    vector = re.search(r"```\n(# TriPeaks\n.*?)```", page, re.DOTALL).group(1)
    assert game.format_position(game.new(1)) == vector


def test_the_conformance_kit_passes(game):
    check_game(game)
