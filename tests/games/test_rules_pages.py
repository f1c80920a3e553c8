"""Every rules page of the repository (built-in games and example plugins): "How to play" first, the player's rules, then the notes for
developers after the heading the Rules window folds away (``solitaire_core.rules_page``)."""

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

from solitaire_core.rules_page import DEVELOPER_HEADING, split

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "games").glob("*/rules*.md")) + sorted((ROOT / "examples").glob("*/*/rules*.md"))
# What only a developer needs: file and test paths, the seed texts, position text, code.
DEVELOPER_WORDS = re.compile(r"tests/|\.py\b|\bseeds?\b|@redeals|DESIGN|```|`", re.IGNORECASE)
HOW_TO_PLAY = {"rules.md": "## How to play", "rules.fr.md": "## Comment jouer"}


@pytest.mark.parametrize("path", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_page_opens_on_how_to_play_and_ends_with_the_developer_notes(path):
    page = split(path.read_text(encoding="utf-8"))
    sections = re.findall(r"^## .*$", page.player, re.MULTILINE)
    assert page.player.startswith("# ") and sections[0] == HOW_TO_PLAY[path.name]
    assert page.developer.startswith(DEVELOPER_HEADING + "\n")
    assert DEVELOPER_HEADING not in page.developer[len(DEVELOPER_HEADING):]


@pytest.mark.parametrize("path", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_players_part_holds_no_developer_material(path):
    player = split(path.read_text(encoding="utf-8")).player
    found = DEVELOPER_WORDS.search(player)
    assert found is None, f"{path.parent.name}/{path.name}: {player[max(0, found.start() - 60):found.end() + 20]!r}"


def test_every_game_package_has_an_english_page():
    packages = {p.parent for p in (ROOT / "games").glob("*/__init__.py")}
    packages |= {p.parent for p in (ROOT / "examples").glob("*/*/__init__.py") if p.parent.name != "tests"}
    assert packages and packages == {p.parent for p in PAGES if p.name == "rules.md"}


def test_every_page_ships_as_package_data():
    """In the package data of its distribution: the framework's, or the example plugin's own."""
    for path in PAGES:
        own = path.parents[1] / "pyproject.toml"
        project = own if own.exists() else ROOT / "pyproject.toml"
        patterns = tomllib.loads(project.read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
        assert any(fnmatch.fnmatch(path.name, p) for p in patterns.get("*", []) + patterns.get(path.parent.name, []))
