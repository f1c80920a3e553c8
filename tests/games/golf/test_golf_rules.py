"""Every numbered rule of games/golf/rules.md, through legal_moves, apply and why_illegal."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from golf_helpers import moves, table
from solitaire_core import DRAW, IllegalMove, Move, NotationError, OptionError, Pile, parse_card
from solitaire_core.testing import check_game, play_texts

RULES = Path(__file__).resolve().parents[3] / "games" / "golf" / "rules.md"
COLUMNS = [f"t{i}" for i in range(1, 8)]


def test_rule_1_1_the_object_is_to_move_the_column_cards_to_the_waste(game):
    state = table(game, t1="9C", waste="8D")
    assert not game.is_won(state)
    after = play_texts(game, state, "t1>waste")
    assert game.is_won(after) and game.pile(after, "waste").top == parse_card("9C")


def test_rule_1_2_one_pack_of_52(game):
    assert len(game.deck) == 52 and len(set(game.deck)) == 52
    assert {c.rank for c in game.deck} == set(range(1, 14))


@pytest.mark.parametrize("deal", [1, 617, 2**32 - 1])
def test_rule_2_1_seven_face_up_columns_of_five(game, deal):
    state = game.new(deal)
    for t in COLUMNS:
        pile = game.pile(state, t)
        assert len(pile.cards) == 5 and pile.down == 0


def test_rule_2_2_one_card_starts_the_waste_and_16_form_the_stock(game):
    state = game.new(1)
    assert len(game.pile(state, "waste").cards) == 1
    stock = game.pile(state, "stock")
    assert len(stock.cards) == 16 and stock.down == 16
    assert Counter(c for p in state.piles for c in p.cards) == Counter(game.deck)


def test_rule_2_3_only_the_last_card_of_a_column_moves(game):
    state = table(game, t1="9C 9H", waste="8D")
    assert moves(game, state) == {"t1>waste"}
    after = play_texts(game, state, "t1>waste")
    assert game.pile(after, "t1").cards == (parse_card("9C"),)
    with pytest.raises(IllegalMove, match=r"Only the top card of Column 1.*rule 2\.3"):
        game.apply(state, Move("t1", "waste", 2))


def test_rule_2_4_nothing_is_put_on_a_column_and_an_empty_one_stays_empty(game):
    state = table(game, t1="5C", t3="4H", waste="9D")
    for move in (Move("t3", "t1"), Move("t3", "t2")):
        with pytest.raises(IllegalMove, match=r"No card is ever put on Column \d.*rule 2\.4"):
            game.apply(state, move)
    assert not any(m.dst.startswith("t") for m in game.legal_moves(state))


def test_rule_2_5_the_deal_number_alone_fixes_the_cards(game):
    assert game.format_position(game.new(42)) == game.format_position(game.new(42))
    assert game.new(1) != game.new(2)
    first = game.format_position(game.new(2**32 - 1))
    assert first == game.format_position(game.new(2**32 - 1))


@pytest.mark.parametrize("waste, card", [("8D", "7S"), ("8D", "9S")])
def test_rule_3_1_a_card_goes_onto_the_top_of_the_waste(game, waste, card):
    state = table(game, t1=card, t2="2C", waste=waste)
    after = play_texts(game, state, "t1>waste")
    assert game.pile(after, "waste").cards[-2:] == (parse_card(waste), parse_card(card))


def test_rule_3_2_one_rank_higher_or_lower_whatever_the_suit(game):
    state = table(game, t1="9H", t2="7D", t3="10D", t4="8C", t5="8S", waste="8D")
    assert moves(game, state) >= {"t1>waste", "t2>waste"}
    assert not {"t3>waste", "t4>waste", "t5>waste"} & moves(game, state)
    with pytest.raises(IllegalMove, match=r"cannot go on the 8♦: the waste builds one rank higher "
                                          r"or lower, nothing on a King \(rule 3\.2\)"):
        game.apply(state, Move("t3", "waste"))
    up_and_down = play_texts(game, state, "t1>waste", "t4>waste", "t2>waste")
    assert game.pile(up_and_down, "waste").top == parse_card("7D")


def rule_text(page: str, number: str) -> str:
    """A numbered rule's text on a rules page, its lines joined."""
    found = re.search(rf"^- \*\*{re.escape(number)}\*\* (.*?)(?=^- \*\*|^#|\Z)", page, re.MULTILINE | re.DOTALL)
    return " ".join(found.group(1).split())


def test_rule_3_3_nothing_on_a_king_and_an_ace_takes_only_a_2(game):
    """A card refused on a King names the rule that says nothing goes on one, in English
    and in French."""
    kings = table(game, t1="QH", t2="AC", waste="KD")
    assert moves(game, kings) == set()
    with pytest.raises(IllegalMove, match=r"nothing on a King \(rule (\d\.\d)\)") as refused:
        game.apply(kings, Move("t1", "waste"))
    cited = re.search(r"rule (\d\.\d)\)", str(refused.value)).group(1)
    assert "nothing goes on a King" in rule_text(RULES.read_text(encoding="utf-8"), cited)
    assert "rien ne va sur un Roi" in rule_text(RULES.with_name("rules.fr.md").read_text(encoding="utf-8"), cited)
    assert "Ranks do not wrap round" in rule_text(RULES.read_text(encoding="utf-8"), "3.3")
    aces = table(game, t1="KH", t2="2C", waste="AD")
    assert moves(game, aces) == {"t2>waste"}


def test_rule_3_4_cards_on_the_waste_never_come_back(game):
    state = table(game, t1="5C", waste="9D")
    with pytest.raises(IllegalMove, match=r"No card is ever taken from the waste.*rule 3\.4"):
        game.apply(state, Move("waste", "t1"))
    assert not game.pickable(state, "waste", 1)


def test_rule_4_1_the_stock_turns_its_top_card_onto_the_waste_at_any_time(game):
    state = table(game, t1="9C", stock="2D 3S", waste="8D")
    assert DRAW in game.legal_moves(state)  # even with a card to play
    after = game.apply(state, DRAW)
    assert game.pile(after, "waste").top == parse_card("3S")
    assert game.pile(after, "stock") == Pile((parse_card("2D"),), 1)
    assert game.describe_move(state, DRAW) == "Turn over the next card"
    with pytest.raises(IllegalMove, match=r"No card is ever put on the stock.*rule 4\.1"):
        game.apply(state, Move("t1", "stock"))


def test_rule_4_2_one_pass_no_redeal(game):
    state = table(game, t1="9C", stock="2D", waste="JD")
    after = game.apply(state, DRAW)
    assert DRAW not in game.legal_moves(after)
    with pytest.raises(IllegalMove, match=r"rule 4\.2"):
        game.apply(after, DRAW)
    assert "redeals" not in game.counters
    assert "redeal" not in game.slot_label(after, game.zones[game.index["stock"]]).lower()
    assert not any("edeal" in name for name, _ in game.status(after))


def test_rule_5_1_won_when_the_columns_are_empty_whatever_the_stock_holds(game):
    state = table(game, stock="2D 3S 4H")
    assert game.is_won(state)
    assert not game.is_won(table(game, t7="KS", stock="2D"))


def test_rule_5_2_lost_when_the_stock_is_empty_and_nothing_fits(game):
    stuck = table(game, t1="QH", t2="9C", waste="4D")
    assert game.legal_moves(stuck) == [] and game.is_stuck(stuck)
    blocked_ahead = table(game, t1="9C 5H", waste="4D")  # 5 then nothing: 9 never comes free
    assert not game.is_stuck(blocked_ahead)
    assert game.is_stuck(play_texts(game, blocked_ahead, "t1>waste"))
    open_line = table(game, t1="6C 5H", waste="4D")
    assert not game.is_stuck(open_line)


def test_rule_6_1_with_wrap_king_and_ace_touch(game):
    wrap = {"wrap": "on"}
    on_king = table(game, wrap, t1="AH", t2="QC", waste="KD")
    assert moves(game, on_king) == {"t1>waste", "t2>waste"}
    on_ace = table(game, wrap, t1="KH", t2="3C", waste="AD")
    assert moves(game, on_ace) == {"t1>waste"}
    with pytest.raises(IllegalMove, match=r"King and Ace touching \(rule 3\.2\)"):
        game.apply(on_ace, Move("t2", "waste"))


def test_rule_6_2_a_queen_may_go_on_a_king_but_never_an_ace(game):
    queen = {"queen_on_king": "on"}
    state = table(game, queen, t1="AH", t2="QC", waste="KD")
    assert moves(game, state) == {"t2>waste"}
    with pytest.raises(IllegalMove, match=r"one rank higher or lower \(rule 3\.2\)"):
        game.apply(state, Move("t1", "waste"))
    both = table(game, {"queen_on_king": "on", "wrap": "on"}, t1="AH", waste="KD")
    assert moves(game, both) == {"t1>waste"}


def test_rule_7_1_suits_columns_and_the_buried_waste_never_matter(game):
    a = table(game, t1="9C 5H", t2="3D", stock="7C", waste="2S 4D")
    b = table(game, t1="3S", t4="9H 5D", stock="7S", waste="3C 4H")
    assert game.key(a) == game.key(b)
    c = table(game, t1="9C 5H", t2="3D", stock="7C", waste="6D")
    assert game.key(a) != game.key(c)


def test_rule_7_2_options_and_their_values(game):
    state = game.new(1, wrap="on")
    assert state.option("wrap") == "on" and state.option("queen_on_king") == "off"
    with pytest.raises(OptionError):
        game.new(1, wrap="maybe")
    with pytest.raises(OptionError):
        game.new(1, passes="3")


def test_rule_7_3_zones_moves_and_position_text(game):
    assert [z.id for z in game.zones] == [*COLUMNS, "stock", "waste"]
    state = game.new(617)
    assert game.parse_position(game.format_position(state)) == state
    assert game.parse_move(state, "t3>waste") == Move("t3", "waste")
    assert "@redeals" not in game.format_position(state)
    text = re.sub(r"\((\w+)\)\n", r"\1\n", game.format_position(state))  # the stock's top face up
    with pytest.raises(NotationError, match="face up"):
        game.parse_position(text)


def test_rule_8_deal_1_is_the_test_vector(game):
    page = RULES.read_text(encoding="utf-8")
    vector = re.search(r"```\n(# Golf\n.*?)```", page, re.DOTALL).group(1)
    state = game.new(1)
    assert game.format_position(state) == vector
    assert moves(game, state) == {"draw"}


def test_the_conformance_kit_passes(game):
    check_game(game)
