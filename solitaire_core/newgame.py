"""``solitaire new-game NAME [--from GAME]``: a plugin project that installs and passes
its tests at once, for an author to make their own.

It writes a distribution (``pyproject.toml`` with the ``solitaire.games`` entry point,
shipping the rules pages and the catalogs as package data), a package with the game's
declaration, its rules page (numbered rules) and an empty ``locale/`` for its catalogs
(``babel.cfg`` beside the pyproject says what ``pybabel extract`` reads), and tests: one
per numbered rule, and the kit in one line (``kit_for``). With ``--from`` the game
is a variant: a subclass of that installed game, imported through its package (the
documented subclassing path), with a rules page of amendments.
"""

from __future__ import annotations

import re
from pathlib import Path

from .i18n import _

NAME = re.compile(r"[a-z][a-z0-9-]{0,30}")

PYPROJECT = '''[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "solitaire-{id}"
version = "0.1.0"
description = "{title}, a game for the solitaire framework"
requires-python = ">=3.11"
dependencies = ["solitaire-framework"]

[project.entry-points."solitaire.games"]
{id} = "{package}"

[tool.setuptools]
packages = ["{package}"]

[tool.setuptools.package-data]
{package} = ["*.md", "locale/*.pot", "locale/*/LC_MESSAGES/*"]
'''

BABEL = '''# What pybabel extracts (docs/plugins.md of the framework, "Translations"): every Python
# file's _(), N_(), ngettext(), pgettext().
[python: **.py]
'''

INIT = '''"""{title}, registered through the ``solitaire.games`` entry point."""

from solitaire_core import hookimpl

from .game import {cls}


@hookimpl
def solitaire_games():
    return [{cls}()]
'''

GAME = '''"""{title}: rule numbers refer to rules.md."""

from solitaire_core import PileGame, french_deck
from solitaire_core.deals import triangle
from solitaire_core.i18n import N_
from solitaire_core.rules import alternate_colour, down, king
from solitaire_core.state import Pile
from solitaire_core.zones import Foundations, Stock, Tableau, Waste


class {cls}(PileGame):
    id = "{id}"
    name = N_("{title}")
    deck = french_deck()
    zones = (
        Stock("stock", at=(0.0, 0.0), redeals=0),                                    # rule 2.2
        Waste("waste", at=(1.25, 0.0)),
        *Foundations("f", 4, at=(3.75, 0.0)),                                        # rule 3.1
        *Tableau("t", 7, at=(0.0, 1.75), build=down & alternate_colour, empty=king),  # rules 4.1, 4.2
    )
    rule_refs = {{"empty:foundation": "3.1", "build:foundation": "3.1", "build:tableau": "4.1",
                 "empty:tableau": "4.2", "draw": "2.2"}}

    def deal(self, cards, options):
        """Rule 2.1: columns of 1 to 7 cards, the top one face up; the rest is the stock."""
        piles = {{f"t{{i + 1}}": pile for i, pile in enumerate(triangle(cards, 7))}}
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles
'''

RULES = '''# {title}

## How to play
Put every card on the foundations, Ace to King by suit. Build the columns down in
alternating colours; turn the stock over one card at a time, once.

## 1. The object
**1.1** The game is won when all 52 cards are on the four foundations.

## 2. Setting up
**2.1** Seven columns are dealt, of 1 to 7 cards; the top card of each lies face up.

**2.2** The other cards form the stock; a click turns its top card onto the waste. It is
gone through once.

## 3. The foundations
**3.1** A foundation starts with an Ace and is built up by suit.

## 4. The columns
**4.1** A column is built down in alternating colours; a run that does so moves as one.

**4.2** Only a King goes on an empty column.

## For developers
Written with `solitaire new-game`; make it your own: docs/plugins.md of the framework
says every zone, rule piece and override.
'''

TESTS = '''"""{title}: a test named after each numbered rule, and the kit."""

import pytest

from solitaire_core.errors import IllegalMove
from solitaire_core.moves import DRAW, parse_move
from solitaire_core.pytest_plugin import kit_for
from solitaire_core.registry import load_games
from solitaire_core.testing import arrange, legal_texts

TestKit = kit_for("{id}")


@pytest.fixture(scope="module")
def game():
    return load_games()["{id}"]


def test_rule_1_1_the_game_is_won_with_every_card_up(game):
    state = game.new(1)
    assert not game.is_won(state)
    suits = "SHDC"
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    text = "\\n".join(f"{{z.id}}: " + (" ".join(r + suits[int(z.id[1]) - 1] for r in ranks) if z.id.startswith("f") else "")
                     for z in game.zones)
    assert game.is_won(game.parse_position(text))


def test_rule_2_1_seven_columns_of_one_to_seven_cards(game):
    state = game.new(1)
    for k in range(7):
        pile = game.pile(state, f"t{{k + 1}}")
        assert len(pile.cards) == k + 1 and pile.down == k


def test_rule_2_2_the_stock_is_gone_through_once(game):
    state = game.new(1)
    while game.pile(state, "stock").cards:
        state = game.apply(state, DRAW)
    with pytest.raises(IllegalMove):
        game.apply(state, DRAW)


def test_rule_3_1_a_foundation_starts_with_an_ace(game):
    state = arrange(game, "stock", t1="AS", t2="2H")
    assert "t1>f1" in legal_texts(game, state)
    with pytest.raises(IllegalMove, match=r"rule 3\\.1"):
        game.apply(state, parse_move("t2>f1"))


def test_rule_4_1_a_column_builds_down_in_alternating_colours(game):
    state = arrange(game, "stock", t1="KS QH", t2="JC", t3="JD")
    legal = legal_texts(game, state)
    assert "t2>t1" in legal and "t1:2>t4" in legal  # a run that builds so moves as one
    with pytest.raises(IllegalMove, match=r"rule 4\\.1"):
        game.apply(state, parse_move("t3>t1"))


def test_rule_4_2_only_a_king_goes_on_an_empty_column(game):
    state = arrange(game, "stock", t1="KS", t2="QH")
    assert "t1>t3" in legal_texts(game, state)
    with pytest.raises(IllegalMove, match=r"rule 4\\.2"):
        game.apply(state, parse_move("t2>t3"))
'''

VARIANT = '''"""{title}: {parent_name} with the amendments of rules.md."""

from solitaire_core.i18n import N_

from {module} import {parent_cls}


class {cls}({parent_cls}):
    id = "{id}"
    name = N_("{title}")
'''

VARIANT_RULES = '''# {title}

## How to play
{title} is {parent_name} as its rules say; change its declaration in game.py and write
each change here as a numbered rule that replaces {parent_name}'s rule of that number
(or adds a new one), with a test named after it.

## 1. The object
**1.1** The game is won as in {parent_name}.

## For developers
Written with `solitaire new-game --from {parent}`.
'''

VARIANT_TESTS = '''"""{title}: a test named after each numbered rule, and the kit."""

from solitaire_core.pytest_plugin import kit_for
from solitaire_core.registry import load_games

TestKit = kit_for("{id}")


def test_rule_1_1_the_game_is_won_as_in_its_parent():
    games = load_games()
    game, parent = games["{id}"], games["{parent}"]
    assert game.is_won(game.new(1)) == parent.is_won(parent.new(1)) is False
'''


def write(name: str, folder: Path, parent=None) -> Path:
    """Write the project for game ``name`` (an id such as ``my-game``) under ``folder``;
    ``parent``: the installed game a variant subclasses. Returns the project folder."""
    if not NAME.fullmatch(name):
        raise ValueError(_("a game name is a short lowercase word (a letter, then letters, digits or -), "
                           "not {name}").format(name=repr(name)))
    package = name.replace("-", "_")
    title = " ".join(part.capitalize() for part in name.split("-"))
    cls = "".join(part.capitalize() for part in name.split("-"))
    project = folder / f"solitaire-{name}"
    if project.exists():
        raise FileExistsError(_("{project} exists already: nothing written").format(project=project))
    fields = dict(id=name, package=package, title=title, cls=cls)
    if parent is not None:
        parent_cls = type(parent).__name__
        module = type(parent).__module__.rpartition(".")[0] or type(parent).__module__
        fields.update(parent=parent.id, parent_cls=parent_cls, module=module, parent_name=parent.name)
        files = {"game.py": VARIANT, "rules.md": VARIANT_RULES, "test": VARIANT_TESTS}
    else:
        files = {"game.py": GAME, "rules.md": RULES, "test": TESTS}
    (project / package / "locale").mkdir(parents=True)
    (project / "tests").mkdir()
    (project / "pyproject.toml").write_text(PYPROJECT.format(**fields), encoding="utf-8")
    (project / "babel.cfg").write_text(BABEL, encoding="utf-8")
    (project / package / "__init__.py").write_text(INIT.format(**fields), encoding="utf-8")
    (project / package / "game.py").write_text(files["game.py"].format(**fields), encoding="utf-8")
    (project / package / "rules.md").write_text(files["rules.md"].format(**fields), encoding="utf-8")
    (project / "tests" / f"test_{package}.py").write_text(files["test"].format(**fields), encoding="utf-8")
    return project
