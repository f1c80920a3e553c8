"""Triple Klondike's own rules (games/triple_klondike/rules.md amends Double Klondike's):
three packs, thirteen columns, twelve foundations."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from games.double_klondike import DoubleKlondike
from games.klondike.solving import KlondikeSolving
from solitaire_core import french_deck
from solitaire_core.deals import shuffle
from solitaire_core.rules_page import numbers
from solitaire_core.solver import hooks_for
from solitaire_core.testing import check_game, legal_texts

RULES = Path(__file__).resolve().parents[3] / "games" / "triple_klondike" / "rules.md"
COLUMNS = [f"t{i}" for i in range(1, 14)]
FOUNDATIONS = [f"f{i}" for i in range(1, 13)]


def test_rule_1_1_three_packs_of_52(game):
    assert len(game.deck) == 156 and Counter(game.deck) == Counter({c: 3 for c in french_deck()})


@pytest.mark.parametrize("deal", [1, 617])
def test_rule_2_1_to_2_3_thirteen_columns_one_to_thirteen_65_in_the_stock(game, deal):
    state = game.new(deal)
    piles = [game.pile(state, t) for t in COLUMNS]
    assert [len(p.cards) for p in piles] == list(range(1, 14))
    assert [p.down for p in piles] == list(range(13)) and sum(p.down for p in piles) == 78
    stock = game.pile(state, "stock")
    assert len(stock.cards) == stock.down == 65
    assert not game.pile(state, "waste").cards and all(not game.pile(state, f).cards for f in FOUNDATIONS)


def test_rule_2_5_and_2_6_the_deal_in_detail_and_the_test_vector(game):
    cards = shuffle(game.deck, 1)
    columns = [[] for _ in COLUMNS]
    for r in range(13):
        for i in range(r, 13):
            columns[i].append(cards.pop())
    state = game.new(1)
    assert [list(game.pile(state, t).cards) for t in COLUMNS] == columns
    assert list(game.pile(state, "stock").cards) == cards
    vector = re.search(r"```\n(# Triple Klondike\n.*?)```", RULES.read_text(encoding="utf-8"), re.S).group(1)
    assert game.format_position(state) == vector
    assert {"t1>t2", "t3>t1", "t8>t1", "t9>t13", "t10>t7", "t11>t13", "draw"} <= legal_texts(game, state)


def test_rule_13_2_zones(game):
    assert [z.id for z in game.zones] == ["stock", "waste", *FOUNDATIONS, *COLUMNS]


def test_the_page_is_double_klondikes_with_these_rules(game):
    page = game.rules
    assert page.startswith("# Triple Klondike\n") and "Triple Klondike is Double Klondike with changes" in page
    assert "Double Klondike is Klondike" not in page  # the parent's own opening is not repeated
    assert set(numbers(page)) == set(numbers(DoubleKlondike().rules))
    assert "156 cards" in re.search(r"^- \*\*1\.1\*\*.*\n.*", page, re.MULTILINE).group(0)
    assert "no Vegas" in page  # Double Klondike's amendment 11.1, inherited
    assert not isinstance(getattr(hooks_for(game).lines, "__self__", None), KlondikeSolving)


def test_triple_klondike_conforms(game):
    check_game(game)
