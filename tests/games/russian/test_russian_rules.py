"""Russian Solitaire's own rules (games/russian/rules.md amends Yukon's): the build in
suit, every card safe to send up, and the page composed over Yukon's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.yukon import Yukon
from solitaire_core import IllegalMove
from solitaire_core.registry import load_games
from solitaire_core.rules_page import numbers
from solitaire_core.testing import arrange, check_game, check_safe_moves, legal_texts

RULES = Path(__file__).resolve().parents[3] / "games" / "russian" / "rules.md"


def table(game, **zones):
    return arrange(game, "t7", **zones)


def rule_text(page: str, number: str) -> str:
    return re.search(rf"^- \*\*{re.escape(number)}\*\*(.*(?:\n  .*)*)", page, re.MULTILINE).group(1)


def test_rule_3_1_down_in_suit_only(game):
    state = table(game, t1="8H", t2="7H", t3="7S", t4="7D", t5="")
    moves = legal_texts(game, state)
    assert "t2>t1" in moves and "t3>t1" not in moves and "t4>t1" not in moves
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, game.parse_move(state, "t4>t1"))
    reason = caught.value.reason
    assert "7\u2666" in reason and "8\u2665" in reason and "suit" in reason and reason.endswith("(rule 3.1)")


def test_rule_3_1_the_refusal_cites_the_russian_text_of_the_composed_page(game):
    """The refusal's rule number is Yukon's 3.1, and in Russian Solitaire's page that
    number holds the amended rule: "of the same suit", not "of the other colour"."""
    page = game.rules
    own = rule_text(page, "3.1")
    assert "same suit" in own and "other colour" not in own
    assert "other colour" in rule_text(Yukon().rules, "3.1")
    assert page.startswith("# Russian Solitaire\n") and "Russian Solitaire is Yukon with changes" in page
    assert "3.1, 10.1" in page.split("\n## ", 1)[0]
    assert set(numbers(Yukon().rules)) == set(numbers(page))  # every rule Yukon numbers, once
    assert len(numbers(page)) == len(set(numbers(page)))


def test_yukons_rule_4_1_holds_any_face_up_card_moves_with_those_on_it(game):
    state = table(game, t1="9C", t2="(2D) 8C 4H KS")
    assert "t2:3>t1" in legal_texts(game, state)  # Yukon's rule 4.1, inherited


def test_rule_10_1_every_card_that_may_go_up_is_safe(game):
    state = table(game, f1="AS 2S 3S", f2="AH", t1="4S", t2="2H", t3="AD")
    safe = {game.format_move(m) for m in game.safe_moves(state)}
    assert {"t1>f1", "t2>f2"} <= safe and any(m.startswith("t3>f") for m in safe)
    check_safe_moves(game)


def test_the_deal_is_yukons_and_the_test_vector_holds(game):
    assert [p.cards for p in game.new(1).piles] == [p.cards for p in Yukon().new(1).piles]
    vector = re.search(r"```\n(# Russian Solitaire\n.*?)```", RULES.read_text(encoding="utf-8"), re.S).group(1)
    assert game.format_position(game.new(1)) == vector
    assert legal_texts(game, game.new(1)) == {"t2:5>t7", "t4:3>t1", "t5:3>t4", "t5>t6", "t7:3>t2"}


def test_russian_is_registered_as_a_subclass_of_yukon(game):
    assert isinstance(game, Yukon) and type(game) is not Yukon
    assert load_games()["yukon"].zones[0].build != game.zones[0].build


def test_russian_conforms(game):
    check_game(game)


def test_rule_3_1_in_french_the_page_is_composed_from_the_french_pages(game):
    from solitaire_core import i18n
    i18n.set_language("fr")
    try:
        page = game.rules
    finally:
        i18n.set_language(None)
    assert page.startswith("# Solitaire russe\n") and "## Comment jouer" in page and "## How to play" not in page
    assert "même enseigne" in rule_text(page, "3.1") and "## 4. Déplacer des cartes" in page
