"""Rules 1 (the pack), 2 (the deal) and 8 (options, zones, notation) of FreeCell."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from freecell_helpers import position, run
from solitaire_core import DRAW, IllegalMove, NotationError, OptionError, parse_card

from published_deals import FREECELL as PUBLISHED  # Windows FreeCell's deals 1 and 617 (tests/published_deals.py)


def microsoft_columns(deal: int) -> list[list[str]]:
    """Microsoft's FreeCell deal as it was published, written out apart from the engine:
    cards 0..51 are rank by rank in clubs, diamonds, hearts, spades; each card dealt is
    drawn at random from those left and the last card left takes its place."""
    seed, left, deck = deal, 52, list(range(52))
    columns: list[list[str]] = [[] for _ in range(8)]
    for k in range(52):
        seed = (seed * 214013 + 2531011) % 2**32
        j = ((seed >> 16) & 0x7FFF) % left
        card = deck[j]
        deck[j] = deck[left - 1]
        left -= 1
        columns[k % 8].append("A 2 3 4 5 6 7 8 9 10 J Q K".split()[card // 4] + "CDHS"[card % 4])
    return columns


def dealt_columns(game, deal: int) -> list[list[str]]:
    state = game.new(deal)
    return [[c.code for c in game.pile(state, f"t{i}").cards] for i in range(1, 9)]


def test_rule_1_1_and_7_1_won_when_the_four_foundations_run_ace_to_king(game):
    state = position(game, rest="t1", f1=run("C"), f2=run("D"), f3=run("H"), f4=run("S", 12))
    assert game.pile(state, "t1").cards == (parse_card("KS"),) and not game.is_won(state)
    state = game.apply(state, game.parse_move(state, "t1>f4"))
    assert game.is_won(state) and not game.legal_moves(state) and not game.is_stuck(state)


def test_rule_1_2_one_pack_of_52_cards(game):
    assert len(game.deck) == len(set(game.deck)) == 52
    text = game.format_position(game.new(1))
    with pytest.raises(NotationError, match="card 6S is missing"):
        game.parse_position(text.replace(" 6S\n", "\n"))
    with pytest.raises(NotationError, match="more often"):
        game.parse_position(text.replace(" 6S\n", " 6S 6S\n"))


def test_rule_2_1_eight_columns_of_7_and_6_cards_all_face_up(game):
    for deal in (1, 2, 617, 4294967295):
        state = game.new(deal)
        columns = [game.pile(state, f"t{i}") for i in range(1, 9)]
        assert [len(c) for c in columns] == [7, 7, 7, 7, 6, 6, 6, 6]
        assert all(c.down == 0 for c in columns)
        assert not any(game.pile(state, z).cards for z in ("c1", "c2", "c3", "c4", "f1", "f2", "f3", "f4"))


@pytest.mark.parametrize("deal", sorted(PUBLISHED))
def test_rule_2_2_deals_1_and_617_are_windows_freecell_card_by_card(game, deal):
    rows = [[code.replace("T", "10") for code in line.split()] for line in PUBLISHED[deal].splitlines()]
    columns = [[row[i] for row in rows if i < len(row)] for i in range(8)]
    assert dealt_columns(game, deal) == columns == microsoft_columns(deal)


@pytest.mark.parametrize("deal", [2, 11982, 31999, 1_000_000, 2**31 - 1])
def test_rule_2_2_every_deal_number_is_microsofts(game, deal):
    assert dealt_columns(game, deal) == microsoft_columns(deal)


def test_rule_2_3_there_is_no_stock(game):
    state = game.new(1)
    assert DRAW not in game.legal_moves(state)
    with pytest.raises(IllegalMove, match=r"rule 2\.3"):
        game.apply(state, DRAW)


def test_rule_8_1_no_options(game):
    assert game.options == ()
    with pytest.raises(OptionError):
        game.new(1, draw=3)


def test_rule_8_2_and_8_3_zones_and_moves(game):
    assert list(game.index) == [*(f"c{i}" for i in range(1, 5)), *(f"f{i}" for i in range(1, 5)),
                                *(f"t{i}" for i in range(1, 9))]
    state = game.new(1)
    for text in ("t3>c1", "t5>t8", "t2:3>t5", "c1>f2"):
        assert game.format_move(game.parse_move(state, text)) == text


def test_rule_8_4_the_position_text_of_deal_1_is_the_rules_page_vector(game):
    page = (Path(__file__).parents[3] / "games" / "freecell" / "rules.md").read_text(encoding="utf-8")
    vectors = re.findall(r"```\n(# FreeCell\n.*?)```", page, re.DOTALL)
    assert vectors[0] == game.format_position(game.new(1))
    assert vectors[1] == game.format_position(game.new(617))
    state = game.new(1)
    assert game.parse_position(game.format_position(state)) == state
    with pytest.raises(NotationError, match="lies face down, but every card of Free cell 1 lies face up"):
        game.parse_position(game.format_position(state).replace("c1:", "c1: (6S)").replace(" 6S\n", "\n"))

def test_rule_8_5_columns_cells_and_foundations_in_any_order_are_one_search_position(game):
    one = position(game, c1="KH", c3="QS", f1="AC", t1="5D", t2="9S 8H")
    other = position(game, c2="QS", c4="KH", f3="AC", t4="5D", t6="9S 8H")
    assert one != other and game.key(one) == game.key(other)
    assert game.key(one) != game.key(position(game, c1="KH", c3="QS", f1="AC", t1="5D", t2="9S", t3="8H"))
