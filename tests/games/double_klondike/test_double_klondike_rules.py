"""Double Klondike's own rules (games/double_klondike/rules.md amends Klondike's):
two packs, nine columns, eight foundations, no Vegas."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from games.klondike import Klondike
from games.klondike.solving import KlondikeSolving
from solitaire_core import OptionError, french_deck
from solitaire_core.deals import shuffle
from solitaire_core.rules_page import numbers
from solitaire_core.solver import hooks_for
from solitaire_core.solver.hooks import declares_model
from solitaire_core.testing import arrange, check_game, check_safe_moves, legal_texts

RULES = Path(__file__).resolve().parents[3] / "games" / "double_klondike" / "rules.md"
COLUMNS = [f"t{i}" for i in range(1, 10)]
FOUNDATIONS = [f"f{i}" for i in range(1, 9)]
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def test_rule_1_1_two_packs_of_52_shuffled_together(game):
    assert len(game.deck) == 104 and set(Counter(game.deck).values()) == {2}
    assert Counter(game.deck) == Counter(french_deck()) + Counter(french_deck())


@pytest.mark.parametrize("deal", [1, 617, 2**32 - 1])
def test_rule_2_1_to_2_3_nine_columns_one_to_nine_the_rest_in_the_stock(game, deal):
    state = game.new(deal)
    piles = [game.pile(state, t) for t in COLUMNS]
    assert [len(p.cards) for p in piles] == list(range(1, 10))
    assert [p.down for p in piles] == list(range(9)) and sum(p.down for p in piles) == 36
    stock = game.pile(state, "stock")
    assert len(stock.cards) == stock.down == 59
    assert not game.pile(state, "waste").cards and all(not game.pile(state, f).cards for f in FOUNDATIONS)


def test_rule_2_5_and_2_6_the_deal_in_detail_and_the_test_vector(game):
    cards = shuffle(game.deck, 1)
    columns = [[] for _ in COLUMNS]
    for r in range(9):
        for i in range(r, 9):
            columns[i].append(cards.pop())
    state = game.new(1)
    assert [list(game.pile(state, t).cards) for t in COLUMNS] == columns
    assert list(game.pile(state, "stock").cards) == cards  # the last card on top
    vector = re.search(r"```\n(# Double Klondike\n.*?)```", RULES.read_text(encoding="utf-8"), re.S).group(1)
    assert game.format_position(state) == vector
    assert legal_texts(game, state) == {"draw", "t6>t5", "t6>t8", *(f"t4>{f}" for f in FOUNDATIONS)}


def won(game, **zones):
    runs = {f: " ".join(r + "SHDC"[k % 4] for r in RANKS) for k, f in enumerate(FOUNDATIONS)}
    runs.update(zones)
    return game.parse_position("\n".join(f"{z.id}: {runs.get(z.id, '')}".rstrip() for z in game.zones))


def test_rule_10_1_won_when_every_card_is_up(game):
    assert game.is_won(won(game))
    assert not game.is_won(won(game, f8=" ".join(r + "C" for r in RANKS[:-1]), t1="KC"))


def test_rule_11_1_scoring_is_standard_or_none(game):
    assert dict((o.name, o.values) for o in game.options)["scoring"] == ("standard", "none")
    assert game.score(game.new(1)) == 0 and game.score(game.new(1, scoring="none")) is None
    state = arrange(game, "stock", t1="(4H) 5C", waste="AS")
    after = game.apply(state, game.parse_move(state, "waste>f1"))
    assert game.score(after) == 10  # Klondike's standard prices (rule 11.3)


@pytest.mark.parametrize("draw, cost", [(1, 100), (3, 20)])
def test_rule_11_6_every_turn_of_the_waste_costs_the_first_included(game, draw, cost):
    state = arrange(game, "waste", f"@draw {draw}\n@score 250", face_up=True, t1="KD")
    first = game.apply(state, game.parse_move(state, "draw"))
    assert (first.value("redeals"), game.score(first)) == (1, 250 - cost)
    while game.pile(first, "stock").cards:
        first = game.apply(first, game.parse_move(first, "draw"))
    second = game.apply(first, game.parse_move(first, "draw"))
    assert (second.value("redeals"), game.score(second)) == (2, 250 - 2 * cost)


def test_rule_11_8_to_11_12_no_vegas_scoring_no_running_total(game):
    with pytest.raises(OptionError):
        game.new(1, scoring="vegas")
    with pytest.raises(OptionError):
        game.new(1, vegas_total="on")
    assert game.running_total is None and not game.carries_score(game.new(1))
    assert game.redeals_allowed(game.new(1, passes=3)) == 2  # the passes hold (no Vegas forcing them)


def test_rule_12_1_safe_only_once_every_copy_below_is_up(game):
    # One 2 of spades and one 2 of clubs up, the others still down: the 3 of hearts may
    # be needed by the black 2s still on the table.
    half = arrange(game, "stock", f1="AS 2S", f2="AC 2C", f3="AS", f4="AC", f5="AH 2H", f6="AD", f7="AH",
                   t1="3H", t2="(2S) 9D")
    assert "t1>f5" in legal_texts(game, half)
    assert "t1>f5" not in {game.format_move(m) for m in game.safe_moves(half)}
    full = arrange(game, "stock", f1="AS 2S", f2="AC 2C", f3="AS 2S", f4="AC 2C", f5="AH 2H", f6="AD", f7="AH",
                   f8="AD", t1="3H")
    assert "t1>f5" in {game.format_move(m) for m in game.safe_moves(full)}
    # The page's example: the 5 of hearts once every black 4 and every red 3 are up, the
    # other pack's 3 of hearts included.
    black_4s = dict(f1="AS 2S 3S 4S", f2="AS 2S 3S 4S", f3="AC 2C 3C 4C", f4="AC 2C 3C 4C")
    one_3h_down = arrange(game, "stock", **black_4s, f5="AH 2H 3H 4H", f6="AD 2D 3D", f7="AD 2D 3D", f8="AH 2H",
                          t1="5H", t2="(3H) 9D")
    assert "t1>f5" in legal_texts(game, one_3h_down)
    assert "t1>f5" not in {game.format_move(m) for m in game.safe_moves(one_3h_down)}
    every_red_3 = arrange(game, "stock", **black_4s, f5="AH 2H 3H 4H", f6="AD 2D 3D", f7="AD 2D 3D", f8="AH 2H 3H",
                          t1="5H")
    assert "t1>f5" in {game.format_move(m) for m in game.safe_moves(every_red_3)}
    page = " ".join(RULES.read_text(encoding="utf-8").split())
    assert "the 5 of hearts once every black 4 and every red 3 are up" in page
    check_safe_moves(game, deals=range(1, 3))


def test_rule_13_1_options_draw_passes_scoring(game):
    assert [(o.name, o.values, o.default) for o in game.options] == [
        ("draw", (1, 3), 1), ("passes", ("unlimited", 3, 1), "unlimited"), ("scoring", ("standard", "none"), "standard")]
    with pytest.raises(OptionError):
        game.new(1, draw=2)


def test_rule_13_2_zones(game):
    assert [z.id for z in game.zones] == ["stock", "waste", *FOUNDATIONS, *COLUMNS]


def test_rule_13_4_the_position_text_round_trips_without_vegas_lines(game):
    state = game.new(617, draw=3)
    text = game.format_position(state)
    assert game.parse_position(text) == state and "@vegas_total" not in text and "@draw 3" in text


def test_the_page_is_klondikes_with_these_rules_and_the_solver_model_is_not_inherited(game):
    page = game.rules
    assert page.startswith("# Double Klondike\n") and "Double Klondike is Klondike with changes" in page
    assert set(numbers(page)) == set(numbers(Klondike().rules))
    assert "104 cards" in re.search(r"^- \*\*1\.1\*\*.*", page, re.MULTILINE).group(0)
    assert declares_model(Klondike) and not declares_model(type(game))  # never inherited
    searched = hooks_for(game)
    assert not isinstance(getattr(searched.lines, "__self__", None), KlondikeSolving)  # not the one-pack model
    assert isinstance(getattr(hooks_for(Klondike()).lines, "__self__", None), KlondikeSolving)

def test_double_klondike_conforms(game):
    check_game(game)
