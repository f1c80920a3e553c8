"""Splitting a rules page into the player's part and the notes for developers; a page
that cannot be read is said in words."""

import importlib
import os
import sys

import pytest

from solitaire_core.errors import SolitaireError
from solitaire_core.rules_page import DEVELOPER_HEADING, RulesPage, split


def test_the_page_is_cut_at_the_developer_heading():
    text = "# Game\n\n## How to play\n\nPlay.\n\n## For developers\n\n```\ncode\n```\n\n### More\n"
    page = split(text)
    assert page == RulesPage("# Game\n\n## How to play\n\nPlay.\n", "## For developers\n\n```\ncode\n```\n\n### More\n")
    assert DEVELOPER_HEADING == "## For developers"


def test_a_page_without_the_heading_is_all_for_the_player():
    assert split("# Game\n\n1.1 A rule.\n") == RulesPage("# Game\n\n1.1 A rule.\n", "")


def test_only_a_whole_heading_line_counts():
    text = "# G\n\nSee ## For developers below.\n### For developers\n## For developers notes\n"
    assert split(text).developer == ""
    assert split("# G\n## For developers  \nnotes\n").developer == "## For developers  \nnotes\n"


@pytest.mark.parametrize("make, says", [
    (lambda path: path.symlink_to("/dev/zero"), "it is a device, not a file"),
    (lambda path: os.mkfifo(path), "it is a pipe"),
    (lambda path: path.write_bytes(b"# Big\n" + b"x" * (2 << 20)), "too large"),
    (lambda path: path.write_bytes(b"\xff\xfe not text"), "utf-8"),
], ids=["dev-zero", "fifo", "huge", "binary"])
def test_a_rules_page_that_cannot_be_read_is_said_in_words(tmp_path, monkeypatch, make, says):
    """A plugin whose rules.md is a link to /dev/zero, a FIFO, 2 MB or not text: its Rules
    say why in words (``SolitaireError``, which the Rules window shows), at once."""
    package = tmp_path / "paged_game"
    package.mkdir()
    (package / "__init__.py").write_text("from solitaire_core import Game\nfrom minigame import MiniGame\n\n\n"
                                         "class Paged(MiniGame):\n    id, name = 'paged', 'Paged'\n"
                                         "    rules = Game.rules\n", encoding="utf-8")
    make(package / "rules.md")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "paged_game", raising=False)
    game = importlib.import_module("paged_game").Paged()
    with pytest.raises(SolitaireError, match=f"the rules page rules.md of paged_game cannot be read: .*{says}"):
        game.rules
