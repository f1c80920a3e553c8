"""Every built-in rules page: "How to play" first, the player's rules, then the notes for
developers after the heading the Rules window folds away (``solitaire_core.rules_page``)."""

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

from solitaire_core.rules_page import DEVELOPER_HEADING, split

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "games").glob("*/rules*.md"))
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


def test_the_four_built_in_games_have_an_english_page():
    assert sorted(p.parent.name for p in PAGES if p.name == "rules.md") == ["klondike", "salic_law", "solitarot", "tacta"]


def test_every_page_ships_as_package_data():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    for path in PAGES:
        assert any(fnmatch.fnmatch(path.name, p) for p in patterns.get("*", []) + patterns.get(path.parent.name, []))
