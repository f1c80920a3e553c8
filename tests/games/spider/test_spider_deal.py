"""Rules 1 (the pack), 2 (setting up) and the test vectors (9)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from solitaire_core import Card

RULES = Path(__file__).resolve().parents[3] / "games" / "spider" / "rules.md"
COLUMNS = [f"t{i}" for i in range(1, 11)]
SWAPS = {1: {"C": "S", "D": "S", "H": "S", "S": "S"}, 2: {"C": "H", "D": "S", "H": "H", "S": "S"},
         4: {"C": "C", "D": "D", "H": "H", "S": "S"}}


def fixed_order(suits: int) -> list[Card]:
    """Rule 1.2 and the developer notes written out again: two packs rank by rank,
    clubs, diamonds, hearts, spades, each suit replaced as the option says."""
    swap = SWAPS[suits]
    return [Card(rank, swap[suit]) for _ in range(2) for rank in range(1, 14) for suit in "CDHS"]


def ms_shuffle(cards: list, deal: int) -> list:
    """The generator of rule 1.3, as the notes print it."""
    cards, seed = list(cards), deal
    for i in range(len(cards), 1, -1):
        seed = (214013 * seed + 2531011) % 2**32
        r = (seed >> 16) & 0x7FFF
        cards[i - 1], cards[r % i] = cards[r % i], cards[i - 1]
    return cards


def test_rule_1_1_the_object_is_eight_runs_that_leave(game):
    state = game.new(1)
    assert game.win_count == 104 and len(game.role("foundation")) == 8
    assert not game.is_won(state)


@pytest.mark.parametrize("suits, wanted", [(1, {"S": 104}), (2, {"S": 52, "H": 52}),
                                           (4, {"S": 26, "H": 26, "D": 26, "C": 26})])
def test_rule_1_2_the_suits_option_makes_the_104_cards(game, suits, wanted):
    state = game.new(7, suits=suits)
    cards = [c for pile in state.piles for c in pile.cards]
    assert len(cards) == 104
    assert Counter(c.suit for c in cards) == wanted
    assert Counter(c.rank for c in cards) == {rank: 8 for rank in range(1, 14)}
    assert Counter(cards) == Counter(game.cards_for(dict(state.options)))
    assert set(cards) <= set(game.deck)  # the deck names every card any option holds


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_rule_1_2_only_the_suits_change_with_the_option(game, suits):
    four, other = game.new(617, suits=4), game.new(617, suits=suits)
    for a, b in zip(four.piles, other.piles):
        assert [(c.rank, SWAPS[suits][c.suit]) for c in a.cards] == [(c.rank, c.suit) for c in b.cards]
        assert a.down == b.down


@pytest.mark.parametrize("deal", [1, 617, 123456789])
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_rule_1_3_and_2_3_the_deal_number_fixes_the_cards_as_kpatience_deals(game, deal, suits):
    cards = ms_shuffle(fixed_order(suits), deal)
    columns = [[] for _ in COLUMNS]
    for k in range(54):
        columns[k % 10].append(cards.pop())
    rows = [[cards.pop() for _ in range(10)] for _ in range(5)]
    state = game.new(deal, suits=suits)
    assert [list(game.pile(state, t).cards) for t in COLUMNS] == columns
    stock = game.pile(state, "stock").cards
    # KPatience lays each row of ten as a small pile and deals it from its top (the
    # card it took last) onto t1: the first row on top of the stock, reversed.
    assert [list(stock[::-1][10 * r:10 * r + 10]) for r in range(5)] == [row[::-1] for row in rows]
    assert game.new(deal, suits=suits) == state


@pytest.mark.parametrize("deal", [0, 1, 2**32 - 1])
def test_rule_2_1_ten_columns_of_54_cards_top_cards_face_up(game, deal):
    state = game.new(deal)
    sizes = [len(game.pile(state, t).cards) for t in COLUMNS]
    assert sizes == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert [game.pile(state, t).down for t in COLUMNS] == [s - 1 for s in sizes]


def test_rule_2_2_fifty_cards_in_the_stock_face_down(game):
    state = game.new(1)
    stock = game.pile(state, "stock")
    assert len(stock.cards) == 50 and stock.down == 50
    assert all(not game.pile(state, f"f{i}").cards for i in range(1, 9))
    assert dict(game.status(state))["Deals left"] == "5"


def vectors() -> list[tuple[str, str]]:
    """The developer notes' test vectors: (the command, the position text)."""
    text = RULES.read_text(encoding="utf-8")
    return re.findall(r"\(`solitaire show spider ([^`]*)`\).*?```\n(.*?)```", text, re.S)


def test_the_rules_page_vectors_are_what_show_prints(game):
    found = vectors()
    assert len(found) == 2
    for command, position in found:
        options = dict(o.split("=") for o in re.findall(r"-o (\S+)", command))
        deal = int(re.search(r"--deal (\d+)", command).group(1))
        state = game.new(deal, **options)
        assert game.format_position(state) == position
        assert game.parse_position(position) == state


def test_the_rules_page_lists_the_legal_moves_of_deal_1(game):
    text = RULES.read_text(encoding="utf-8")
    listed = re.search(r"legal\s+moves then: (.*?)\.\n", text, re.S).group(1)
    state = game.new(1)
    assert set(re.findall(r"`([^`]+)`", listed)) == {game.format_move(m) for m in game.legal_moves(state)}
