"""Every numbered rule of every game in this repository is named by a test of that game:
a built-in game's (games/<package>) in tests/games/<package>/, an example plugin's
(examples/<distribution>/<package>) in its own examples/<distribution>/tests/.

A rule is numbered in the game's rules.md as ``**3.2**`` or at the start of a
line as ``3.2``. Its test is named ``test_rule_3_2_...``; one test may name
several rules (``test_rule_3_4_and_3_5_...``) or a range of one section
(``test_rule_2_1_to_2_3_...``).
"""

import tomllib
from pathlib import Path

import pytest

from solitaire_core.rules_coverage import named_rules, numbered_rules

ROOT = Path(__file__).resolve().parents[2]
# Each game's rules page and the folder of its tests.
PAGES = {p.parent.name: (p, Path(__file__).parent / p.parent.name) for p in (ROOT / "games").glob("*/rules.md")}
PAGES |= {p.parent.name: (p, p.parents[1] / "tests") for p in (ROOT / "examples").glob("*/*/rules.md")}


def test_names_may_list_and_span_rules():
    source = "def test_rule_1_1_x(): ...\ndef test_rule_2_1_to_2_3_y(): ...\ndef test_rule_4_1_and_4_6_z(): ..."
    assert named_rules(source) == {"1.1", "2.1", "2.2", "2.3", "4.1", "4.6"}


@pytest.mark.parametrize("package", sorted(PAGES))
def test_every_numbered_rule_has_a_test(package):
    page, folder = PAGES[package]
    numbers = numbered_rules(page.read_text(encoding="utf-8"))
    tests = " ".join(p.read_text(encoding="utf-8") for p in folder.glob("test_*.py"))
    untested = sorted(numbers - named_rules(tests))
    assert numbers, f"{package}/rules.md numbers no rule"
    assert not untested, f"{package}: rules with no test named after them: {untested}"


def test_every_built_in_game_package_is_registered_and_checked():
    """The packages under games/ are exactly those pyproject.toml's entry points register,
    and each has its rules page (so the test above checks it)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    registered = {value.split(":")[0] for value in project["entry-points"]["solitaire.games"].values()}
    packages = {f"games.{p.parent.name}" for p in (ROOT / "games").glob("*/__init__.py")}
    assert registered == packages
    assert {f"games.{name}" for name, (page, _) in PAGES.items() if page.is_relative_to(ROOT / "games")} == packages


def _variants():
    """Each built-in variant's package -> (its game, the chain of packages its page amends)."""
    from solitaire_core.registry import load_games
    from solitaire_core.rules_page import amends

    games = load_games()
    package_of = {g.id: type(g).__module__.split(".")[1] for g in games.values() if type(g).__module__.startswith("games.")}
    found = {}
    for game_id, package in package_of.items():
        chain, parent = [package], amends(PAGES[package][0].read_text(encoding="utf-8"))
        while parent is not None:
            chain.append(package_of[parent])
            parent = amends(PAGES[chain[-1]][0].read_text(encoding="utf-8"))
        if len(chain) > 1:
            found[package] = (games[game_id], chain)
    return found


VARIANTS = _variants()


def test_the_built_in_variants_are_found():
    assert {"russian", "double_klondike", "triple_klondike"} <= set(VARIANTS)


@pytest.mark.parametrize("package", sorted(VARIANTS))
def test_a_variant_tests_its_own_rules_and_its_parents_test_the_rest(package):
    """A variant's page numbers only the rules it amends or adds, and its own tests name
    exactly those (the test above); every other rule of its composed page is the page of
    the game it amends (or of that game's parent), and that game's tests name it."""
    game, chain = VARIANTS[package]
    composed = numbered_rules(game.rules)
    for number in sorted(composed):
        owner = next(p for p in chain if number in numbered_rules(PAGES[p][0].read_text(encoding="utf-8")))
        tests = " ".join(p.read_text(encoding="utf-8") for p in PAGES[owner][1].glob("test_*.py"))
        assert number in named_rules(tests), f"{package}: rule {number} (from {owner}) is named by no test of {owner}"
    own = numbered_rules(PAGES[package][0].read_text(encoding="utf-8"))
    assert own <= composed
