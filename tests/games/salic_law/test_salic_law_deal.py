"""Rules 1 (the pack), 2 (setting up), 3.1 and 4 (the deal), and the test vectors (11)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from salic_helpers import dealing, drawn, moves, run, table
from solitaire_core import DRAW, Card, IllegalMove, Pile, parse_card

RULES = Path(__file__).resolve().parents[3] / "games" / "salic_law" / "rules.md"
KC = parse_card("KC")
PILES = [f"t{i}" for i in range(1, 9)]
FOUNDATIONS = [f"f{i}" for i in range(1, 9)]


def test_rule_1_1_the_object_is_eight_foundations_ace_to_jack(game):
    won = table(game)
    assert game.is_won(won)
    for f in FOUNDATIONS:
        assert [c.rank for c in game.pile(won, f).cards] == list(range(1, 12))
    short = table(game, f8=run("S", 10), t8="KS JS")
    assert not game.is_won(short)


def test_rule_1_2_two_packs(game):
    counts = Counter(game.deck)
    assert len(counts) == 48 and set(counts.values()) == {2}


def test_rule_1_3_the_queens_are_out_96_cards(game):
    assert len(game.deck) == 96
    assert not [c for c in game.deck if c.rank == 12]
    assert sum(1 for c in game.deck if c.rank <= 11) == 88
    assert sum(1 for c in game.deck if c.rank == 13) == 8


@pytest.mark.parametrize("deal", [0, 1, 617, 2**32 - 1])
def test_rule_2_1_the_first_king_of_the_pack_starts_t1_face_up(game, deal):
    state = game.new(deal)
    assert game.pile(state, "t1") == Pile((KC,), 0)


def test_rule_2_2_the_other_95_cards_are_the_stock_face_down(game):
    state = game.new(1)
    stock = game.pile(state, "stock")
    assert len(stock.cards) == 95 and stock.down == 95
    assert Counter(stock.cards) + Counter([KC]) == Counter(game.deck)
    assert all(not game.pile(state, z).cards for z in FOUNDATIONS + PILES[1:])


def fixed_order() -> list[Card]:
    """Rule 2.3 written out again: pack 1 then pack 2, ranks A..J then K, suits C D H S."""
    ranks = [*range(1, 12), 13]
    return [Card(rank, suit) for _ in range(2) for rank in ranks for suit in "CDHS"]


def ms_shuffle(cards: list, deal: int) -> list:
    """The generator of rule 2.3, as printed there."""
    cards, seed = list(cards), deal
    for i in range(len(cards), 1, -1):
        seed = (214013 * seed + 2531011) % 2**32
        r = (seed >> 16) & 0x7FFF
        cards[i - 1], cards[r % i] = cards[r % i], cards[i - 1]
    return cards


@pytest.mark.parametrize("deal", [1, 617, 123456789])
def test_rule_2_3_the_deal_number_fixes_the_shuffle_of_the_95_cards(game, deal):
    order = fixed_order()
    assert order.index(KC) == 44  # the first King in the fixed order is pack 1's KC
    del order[44]
    assert game.pile(game.new(deal), "stock").cards == tuple(ms_shuffle(order, deal))
    assert game.new(deal) == game.new(deal)


def test_rule_2_4_the_last_card_of_the_shuffled_list_is_dealt_first(game):
    state = game.new(1)
    stock = game.pile(state, "stock").cards
    after = game.apply(state, DRAW)
    assert game.pile(after, "stock").cards == stock[:-1]
    assert game.pile(after, "t1").cards == (KC, stock[-1])  # JD: not a King, not an Ace


def test_rule_3_1_a_dealt_ace_goes_up_by_itself_to_the_first_empty_foundation(game):
    state = dealing(game, t1="KC 5S", f1=run("C", 3), f3="AH", stock="(2D) (AD) (AS)")
    state = game.apply(state, DRAW)
    assert game.pile(state, "f2").cards == (parse_card("AS"),)
    assert game.pile(state, "t1").cards == (KC, parse_card("5S"))
    state = game.apply(state, DRAW)
    assert game.pile(state, "f4").cards == (parse_card("AD"),)
    state = game.apply(state, DRAW)  # a 2 does not go up by itself
    assert game.pile(state, "t1").top == parse_card("2D")
    assert {"t1>f2", "t1>f3", "t1>f4"} <= moves(game, state)


def test_rule_3_1_an_empty_foundation_takes_only_an_ace(game):
    state = dealing(game, t1="KC 2D")
    with pytest.raises(IllegalMove, match=r"takes an Ace.*rule 3\.1"):
        game.apply(state, game.parse_move(state, "t1>f1"))


def test_rule_4_1_a_click_deals_onto_the_newest_pile(game):
    state = dealing(game, t1="KC 9S", t2="KD 3H", stock="(7C)")
    after = game.apply(state, DRAW)
    assert game.pile(after, "t2").cards == (parse_card("KD"), parse_card("3H"), parse_card("7C"))
    assert game.pile(after, "t1") == game.pile(state, "t1")
    assert game.pile(after, "t3").cards == ()


def test_rule_4_1_deal_1_fills_t1_until_the_next_king(game):
    state = drawn(game, 1, 10)
    assert [len(game.pile(state, t).cards) for t in PILES] == [11, 0, 0, 0, 0, 0, 0, 0]


def test_rule_4_1_no_card_goes_to_or_comes_from_the_stock(game):
    state = dealing(game, t1="KC", t2="KD 5H")
    for text in ("t2>stock", "stock>t1", "stock>f1"):
        with pytest.raises(IllegalMove, match=r"rule 4\.1"):
            game.apply(state, game.parse_move(state, text))


def test_rule_4_2_a_king_starts_the_next_pile_and_the_deal_goes_on_there(game):
    state = dealing(game, t1="KC 9S", t2="KD 3H", stock="(4C) (KH)")
    state = game.apply(state, DRAW)
    assert game.pile(state, "t3").cards == (parse_card("KH"),)
    assert game.pile(state, "t2").top == parse_card("3H")
    state = game.apply(state, DRAW)
    assert game.pile(state, "t3").cards == (parse_card("KH"), parse_card("4C"))


def test_rule_4_2_two_kings_in_a_row_deal_617(game):
    state = drawn(game, 617, 10)
    assert [game.format_card(c) for c in game.pile(state, "t2").cards] == ["KS"]
    assert game.pile(state, "t3").cards[0] == parse_card("KS")


def test_rule_4_2_a_pile_without_its_king_takes_no_card(game):
    state = dealing(game, t1="KC 5H")
    with pytest.raises(IllegalMove, match=r"rule 4\.2"):
        game.apply(state, game.parse_move(state, "t1>t2"))


@pytest.mark.parametrize("deal", [1, 2, 617, 31337])
def test_rule_4_3_the_whole_stock_deals_out_into_eight_king_piles(game, deal):
    state = drawn(game, deal, 95)
    assert not game.pile(state, "stock").cards
    for t in PILES:
        cards = game.pile(state, t).cards
        assert cards[0].rank == 13 and all(c.rank != 13 for c in cards[1:])
    dealt = Counter(c for z in PILES + FOUNDATIONS for c in game.pile(state, z).cards)
    assert dealt == Counter(game.deck)
    assert sum(len(game.pile(state, f).cards) for f in FOUNDATIONS) == 8  # the Aces went up
    assert "draw" not in moves(game, state)
    with pytest.raises(IllegalMove, match=r"stock is empty.*rule 4\.3"):
        game.apply(state, DRAW)


def vectors():
    """Each fenced block of section 11 of rules.md, with its deal and draw count."""
    text = RULES.read_text(encoding="utf-8")
    blocks = re.findall(r"```\n(# deal (\d+), (?:at the start|after (\d+) draws)\n.*?)```", text, re.S)
    return [(int(deal), int(draws or 0), block) for block, deal, draws in blocks]


def test_rule_11_the_documented_test_vectors_hold(game):
    found = vectors()
    assert [(d, n) for d, n, _ in found] == [(1, 0), (1, 10), (1, 40), (617, 0), (617, 10)]
    for deal, draws, block in found:
        state = drawn(game, deal, draws)
        assert game.format_position(state) == block.split("\n", 1)[1]
        assert game.parse_position(block) == state
