"""The subclassing path: a variant's rules page composed over its parent's, a refusal
citing the composed page's number, the solver's own model kept to the class that
declares it, and cards that sort and have a stable index in their deck."""

from __future__ import annotations

import importlib
import random
import re

import pytest
from attrs import evolve as attrs_evolve

from games.freecell import FreeCell
from games.klondike import Klondike
from games.yukon import Yukon
from solitaire_core import Card, IllegalMove, SolitaireError, french_deck
from solitaire_core.rules import down, same_suit
from solitaire_core.rules_page import amends, compose, numbers
from solitaire_core.solver.hooks import declares_model
from solitaire_core.testing import arrange
from solitaire_core.zones import TABLEAU, changed

PARENT = """# Parent

Opening words.

## How to play

Play the parent.

## 1. Cards

- **1.1** One pack.
- **1.2** Aces low,
  Kings high.

## 2. Moves

- **2.1** Down in colour.

## For developers

Notes.

### 3. Notation

- **3.1** Zones t1..t7.

### Vectors

Parent's deal.
"""

VARIANT = """# Child
<!-- amends: parent -->

The child's own words.

## How to play

Play the child.

## Changes

- **1.2** Aces high,
  Kings low.
- **4.1** A new rule.

## For developers

### Vectors

Child's deal.

### More notes

- **3.1** Zones t1..t9.
- **5.1** A new note.
"""


def intro(amended, new):
    return f"amended {amended} new {new}"


def test_a_variant_page_names_its_parent():
    assert amends(VARIANT) == "parent" and amends(PARENT) is None


def test_the_composed_page_is_the_parents_with_the_amendments():
    page = compose(PARENT, VARIANT, intro)
    assert page.startswith("# Child\n\namended ['1.2', '3.1'] new ['4.1', '5.1']\n\nThe child's own words.\n")
    assert "Opening words" not in page and "# Parent" not in page and "<!--" not in page
    assert "Play the child." in page and "Play the parent." not in page  # a section of the same heading, whole
    assert "- **1.1** One pack." in page  # kept
    assert "- **1.2** Aces high,\n  Kings low." in page and "Aces low" not in page  # replaced where it stood
    assert page.index("**1.2**") < page.index("## 2. Moves")
    assert "Zones t1..t9" in page and "t1..t7" not in page
    assert "Child's deal." in page and "Parent's deal." not in page
    player, notes = page.split("## For developers")
    assert "## Changes\n\n- **4.1** A new rule." in player  # new rules, under their heading
    assert "### More notes\n\n- **5.1** A new note." in notes and "4.1" not in notes
    assert sorted(numbers(page)) == ["1.1", "1.2", "2.1", "3.1", "4.1", "5.1"]


def test_a_section_replaced_whole_keeps_the_parents_rule_numbers():
    dropping = VARIANT.replace("## How to play", "## 2. Moves")
    with pytest.raises(ValueError, match="2.1"):
        compose(PARENT, dropping, intro)


def _variant_package(tmp_path, monkeypatch, name: str, page: str):
    """A variant of Yukon in a package of its own, as a third party writes one: its
    class and its rules.md of amendments."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text(
        "from games.yukon import Yukon\n\n\nclass Variant(Yukon):\n    id = 'variant'\n    name = 'Variant'\n")
    (folder / "rules.md").write_text(page, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return importlib.import_module(name).Variant()


def test_game_rules_composes_a_third_party_variant_and_its_refusal_cites_its_text(tmp_path, monkeypatch):
    page = "# Variant\n<!-- amends: yukon -->\n\n## How to play\n\nAs Yukon.\n\n## Changes\n\n" \
           "- **3.1** *(variant)* A card goes on one rank higher of the other colour, as in Yukon.\n\n" \
           "## For developers\n\nNone.\n"
    game = _variant_package(tmp_path, monkeypatch, "variant_of_yukon", page)
    rules = game.rules
    assert rules.startswith("# Variant\n") and "Variant is Yukon with changes" in rules and "3.1" in rules
    assert re.search(r"^- \*\*3\.1\*\* \*\(variant\)\*", rules, re.MULTILINE)
    state = arrange(game, "t7", t1="8S", t2="7C")
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, game.parse_move(state, "t2>t1"))
    assert caught.value.reason.endswith("(rule 3.1)")  # the number whose text is now the variant's


def test_a_page_that_amends_another_game_than_its_parent_is_refused(tmp_path, monkeypatch):
    page = "# Wrong\n<!-- amends: klondike -->\n\n## How to play\n\nNo.\n\n## For developers\n"
    game = _variant_package(tmp_path, monkeypatch, "wrong_parent", page)
    with pytest.raises(SolitaireError, match="klondike"):
        game.rules


def test_the_solvers_own_model_applies_only_to_the_class_that_declares_it():
    assert declares_model(Klondike)
    same_rules = type("Same", (Klondike,), {"solver_model": Klondike.solver_model})
    other_rules = type("Other", (Klondike,), {})
    assert declares_model(same_rules) and not declares_model(other_rules)


def test_changed_zones_change_only_the_role_named_and_refuse_a_field_no_zone_has():
    in_suit = down & same_suit

    class BakersGame(FreeCell):
        id, name = "bakers-game-test", "Baker's Game"
        zones = changed(FreeCell.zones, TABLEAU, build=in_suit)

    game = BakersGame()
    assert [z.id for z in game.zones] == [z.id for z in FreeCell.zones]
    for zone, parent in zip(game.zones, FreeCell.zones):
        assert zone == (attrs_evolve(parent, build=in_suit) if parent.role == TABLEAU else parent)
    state = arrange(game, "t8", face_up=True, t1="9H", t2="10S", t3="10H")
    moves = {game.format_move(move) for move in game.legal_moves(state)}
    assert "t1>t3" in moves and "t1>t2" not in moves  # in suit now, where FreeCell alternates colours
    assert "t1>t2" in {FreeCell().format_move(move) for move in FreeCell().legal_moves(state)}
    with pytest.raises(TypeError):
        changed(FreeCell.zones, TABLEAU, bulid=down)


def test_cards_sort_in_the_engines_pack_order():
    shuffled = list(french_deck())
    random.Random(3).shuffle(shuffled)
    assert sorted(shuffled) == list(french_deck())
    two = sorted(french_deck(decks=2))
    assert two[:4] == [Card(1, "C"), Card(1, "C"), Card(1, "D"), Card(1, "D")]  # copies side by side
    assert Card(1, "S") < Card(2, "C") and Card(13, "S") > Card(13, "H") and Card(5, "D") <= Card(5, "D")
    with pytest.raises(TypeError):
        Card(1, "S") < "AS"  # noqa: B015


def test_card_index_is_the_place_of_the_first_copy_in_the_deck(registered):
    klondike = registered["klondike"]
    assert [klondike.card_index(c) for c in klondike.deck] == list(range(52))
    double = registered["double-klondike"]
    assert [double.card_index(c) for c in double.deck] == list(range(52)) * 2  # copies share an index
    assert double.card_index(Card(1, "C")) == 0 and double.card_index(Card(13, "S")) == 51
    with pytest.raises(KeyError):
        klondike.card_index(registered["solitarot"].parse_card("T1"))


def test_card_index_counts_a_wild_card_as_the_pack_knows_it(registered):
    tarot = registered["solitarot"]
    excuse = next(c for c in tarot.deck if c.suit == "X")
    assert tarot.card_index(tarot.parse_card("EX:6R")) == tarot.card_index(excuse) == len(tarot.deck) - 1


@pytest.fixture(scope="module")
def registered():
    from solitaire_core.registry import load_games
    return load_games()


def test_alternate_colour_safe_waits_for_every_copy_below(registered):
    from solitaire_core.pile_advice import alternate_colour_safe
    double = registered["double-klondike"]
    half = arrange(double, "stock", f1="AS 2S", f2="AC 2C", f3="AS", f4="AC", f5="AH 2H", f6="AD 2D", f7="AH", f8="AD")
    assert not alternate_colour_safe(half, double, Card(3, "H"))  # a 2 of spades and a 2 of clubs are still down
    full = arrange(double, "stock", f1="AS 2S", f2="AC 2C", f3="AS 2S", f4="AC 2C", f5="AH 2H", f6="AD", f7="AH",
                   f8="AD")
    assert alternate_colour_safe(full, double, Card(3, "H"))
    klondike = registered["klondike"]
    one = arrange(klondike, "stock", f1="AS 2S", f2="AC 2C", f3="AH 2H", f4="AD")
    assert alternate_colour_safe(one, klondike, Card(3, "H"))  # one pack: as before
