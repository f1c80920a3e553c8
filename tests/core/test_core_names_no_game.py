"""The engine and the table know no game: a plugin brings its cards, their faces and their
words, so no game's card kind is named in solitaire_core/ or ui_qt/, and no game in ui_qt/."""

import re
from pathlib import Path

import pytest

from solitaire_core.registry import load_games

ROOT = Path(__file__).resolve().parents[2]
CARD_KINDS = re.compile(r"tarot|trump|excuse|tacta|knight", re.IGNORECASE)  # a built-in game's own cards
TEXTS = ("*.py", "*.po", "*.pot", "*.md")


def texts(folder: str):
    for pattern in TEXTS:
        yield from sorted((ROOT / folder).rglob(pattern))


def found(pattern: re.Pattern, folder: str) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
            for path in texts(folder)
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]


@pytest.mark.parametrize("folder", ["solitaire_core", "ui_qt"])
def test_no_games_card_kind_is_named_in_the_engine_or_the_table(folder):
    assert list(texts(folder)), folder
    assert found(CARD_KINDS, folder) == []


def test_the_table_names_no_game():
    games = load_games()
    names = {word for game_id in games.builtin for word in (game_id, games[game_id].name)}
    pattern = re.compile("|".join(rf"\b{re.escape(name)}\b" for name in sorted(names)), re.IGNORECASE)
    assert len(names) > 1 and found(pattern, "ui_qt") == []
