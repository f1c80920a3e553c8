"""Splitting a rules page into the player's part and the notes for developers."""

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
