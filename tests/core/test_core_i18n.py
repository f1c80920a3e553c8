"""The translation layer: every marked text has its French translation (fields kept), in
the framework's catalog and in each built-in game's; the language follows the system or
the choice made, at run time; names, ranks and rules pages follow it; notation and saves
do not, so a save opens in any language."""

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from solitaire_core import catalogs, i18n, words
from solitaire_core.game import TranslatedName
from solitaire_core.registry import load_games, package_of
from solitaire_core.rules_page import split
from solitaire_core.session import Session

ROOT = Path(__file__).resolve().parents[2]
FRENCH = "fr"
FRAMEWORK = ROOT / "solitaire_core"
FRAMEWORK_SOURCES = [ROOT / "solitaire_core", ROOT / "ui_qt"]  # one catalog for the engine, CLI and table
BUILT_IN = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"][
    "solitaire.games"]
RULE = re.compile(r"\*\*(\d+\.\d+)\*\*|^(\d+\.\d+)\s", re.MULTILINE)  # as test_every_rule_is_tested reads them


def package_dir(module: str) -> Path:
    return ROOT.joinpath(*module.split("."))


@pytest.fixture
def french():
    i18n.set_language(FRENCH)
    yield
    i18n.set_language(None)


def english_name(game) -> str:
    """The name a game declares (``N_("Salic Law")``), whatever the language now."""
    for cls in type(game).__mro__:
        declared = vars(cls).get("name")
        if isinstance(declared, TranslatedName):
            return declared.text
        if isinstance(declared, str):
            return declared
    return game.name


# --- the catalogs are complete -----------------------------------------------------------
def test_the_framework_catalog_has_every_marked_text_in_french():
    """The engine's, the command line's and the table's texts: the list says what is missing."""
    found = catalogs.problems(FRAMEWORK, FRAMEWORK_SOURCES, FRENCH)
    assert not found, "make catalogs, then translate:\n" + "\n".join(found)


@pytest.mark.parametrize("entry", sorted(BUILT_IN), ids=str)
def test_every_built_in_game_ships_a_complete_french_catalog(entry):
    folder = package_dir(BUILT_IN[entry])
    po = catalogs.catalog_path(folder, FRENCH)
    assert po.is_file(), (f"{BUILT_IN[entry]} has no French catalog: pybabel init -l fr -d {folder}/locale "
                          f"-i {folder}/locale/messages.pot (after make catalogs), then translate")
    found = catalogs.problems(folder, [folder], FRENCH)
    assert not found, "\n".join(found)


def test_every_built_in_game_name_is_in_its_own_catalog():
    """A game's name is marked (``name = N_(...)``) and translated in the game's catalog."""
    games = load_games()
    missing = []
    for game_id in sorted(games.builtin):
        game = games[game_id]
        folder = package_dir(package_of(type(game).__module__))
        po = catalogs.catalog_path(folder, FRENCH)
        catalog = read_po(po.open("rb")) if po.is_file() else Catalog()
        message = catalog.get(english_name(game))
        if message is None or not message.string:
            missing.append(f"{game_id}: {english_name(game)!r} in {po.relative_to(ROOT)}")
    assert not missing, "game names without a French translation:\n" + "\n".join(missing)


@pytest.mark.parametrize("entry", sorted(BUILT_IN), ids=str)
def test_every_built_in_game_has_french_rules_numbered_as_the_english(entry):
    """rules.fr.md: "Comment jouer" and the numbered rules, the same numbers in both languages."""
    folder = package_dir(BUILT_IN[entry])
    french = folder / "rules.fr.md"
    assert french.is_file(), f"{folder.relative_to(ROOT)} has no rules.fr.md"
    numbers = [{a or b for a, b in RULE.findall(split(p.read_text(encoding="utf-8")).player)}
               for p in (folder / "rules.md", french)]
    assert numbers[0], f"{folder.relative_to(ROOT)}/rules.md numbers no rule"
    assert numbers[0] == numbers[1], (f"only in English: {sorted(numbers[0] - numbers[1])}; "
                                      f"only in French: {sorted(numbers[1] - numbers[0])}")


# --- the check finds what is wrong -------------------------------------------------------
def a_package(tmp_path, source: str, translations: dict, fuzzy=(), compile_mo=True) -> Path:
    """A package with one Python file and a French catalog holding ``translations``."""
    folder = tmp_path / "plugin"
    folder.mkdir()
    (folder / "words.py").write_text(source, encoding="utf-8")
    catalog = Catalog(locale=FRENCH, fuzzy=False)  # as pybabel init writes it: pybabel compile skips a fuzzy one
    for english, french in translations.items():
        catalog.add(english, french, flags=("fuzzy",) if english in fuzzy else ())
    po = catalogs.catalog_path(folder, FRENCH)
    po.parent.mkdir(parents=True)
    with po.open("wb") as file:
        write_po(file, catalog)
    if compile_mo:
        with po.with_suffix(".mo").open("wb") as file:
            write_mo(file, catalog)
    return folder


def test_a_translation_that_loses_a_field_is_found(tmp_path):
    folder = a_package(tmp_path, 'from solitaire_core.i18n import _\n_("Move {card} onto {target}")\n',
                       {"Move {card} onto {target}": "Mettre {card} dessus"})
    assert catalogs.problems(folder, [folder], FRENCH) == [
        f"{catalogs.catalog_path(folder, FRENCH)}: the translation of 'Move {{card}} onto {{target}}' loses {{target}}"]


def test_a_marked_text_with_no_translation_or_a_fuzzy_one_is_found(tmp_path):
    folder = a_package(tmp_path, 'from solitaire_core.i18n import N_, _\n_("Undo")\nN_("Redo")\n_("Hint")\n',
                       {"Undo": "Annuler", "Hint": "Indice"}, fuzzy=("Hint",))
    path = catalogs.catalog_path(folder, FRENCH)
    assert catalogs.problems(folder, [folder], FRENCH) == [f"{path}: 'Hint' is not translated (fuzzy)",
                                                           f"{path}: no entry for 'Redo'"]


def test_a_compiled_catalog_older_than_its_source_is_found_and_the_command_it_names_mends_it(tmp_path):
    """A plugin's author has no Makefile: the message names the Babel command, which works."""
    folder = a_package(tmp_path, 'from solitaire_core.i18n import _\n_("Undo")\n', {"Undo": "Annuler"})
    po = catalogs.catalog_path(folder, FRENCH)
    po.write_text(po.read_text(encoding="utf-8").replace('"Annuler"', '"Défaire"'), encoding="utf-8")
    found = catalogs.problems(folder, [folder], FRENCH)
    assert found == [
        f"{po.with_suffix('.mo')}: older than messages.po (pybabel compile -d {folder / 'locale'} compiles it again)"]
    command = re.search(r"\((pybabel .*) compiles it again\)", found[0]).group(1).split()
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run([str(pybabel), *command[1:]], check=True, capture_output=True)
    assert catalogs.problems(folder, [folder], FRENCH) == []


def test_a_catalog_never_compiled_names_the_command_that_compiles_it(tmp_path):
    folder = a_package(tmp_path, 'from solitaire_core.i18n import _\n_("Undo")\n', {"Undo": "Annuler"},
                       compile_mo=False)
    assert catalogs.problems(folder, [folder], FRENCH) == [
        f"{catalogs.catalog_path(folder, FRENCH, '.mo')}: missing (pybabel compile -d {folder / 'locale'} compiles it)"]


def test_a_plural_keeps_its_fields_in_every_form():
    english = ("{zone} has only {count} card", "{zone} has only {count} cards")
    assert catalogs.field_problems(english, ("{zone} n'a qu'une carte", "{zone} n'a que {count} cartes")) == []
    assert catalogs.field_problems(english, ("{zone} : une", "{count} cartes")) == ["loses {zone}"]


# --- the language -----------------------------------------------------------------------
@pytest.mark.parametrize("environ, wanted", [
    ({"LANG": "fr_FR.UTF-8"}, ["fr_FR", "fr"]),
    ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "fr_CA.UTF-8"}, ["fr_CA", "fr"]),
    ({"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}, []),
    ({"LANGUAGE": "de:fr", "LANG": "en_US"}, ["de", "fr"]),
    ({}, []),
])
def test_the_language_follows_the_system_locale(environ, wanted):
    assert i18n.system_languages(environ) == wanted


def test_the_language_changes_at_run_time():
    english = words.no_move_helps()
    i18n.set_language(FRENCH)
    try:
        assert i18n.language() == FRENCH
        french = words.no_move_helps()
        assert french != english and french == i18n._("No move helps any more: undo or restart")
    finally:
        i18n.set_language("en")
    assert i18n.language() == "en" and words.no_move_helps() == english


def test_game_names_and_option_labels_read_in_the_players_language(french):
    """What a game's catalog translates is what the game shows (a missing entry is the
    completeness tests' to name)."""
    games = load_games()
    shown = 0
    for game_id in games.builtin:
        game = games[game_id]
        po = catalogs.catalog_path(package_dir(package_of(type(game).__module__)), FRENCH)
        catalog = read_po(po.open("rb")) if po.is_file() else Catalog()
        for english, said in [(english_name(game), game.name)] + [(o.label, i18n._(o.label)) for o in game.options
                                                                   if o.label]:
            entry = catalog.get(english)
            if entry is not None and entry.string:
                assert said == entry.string
                shown += 1
    assert shown, "no built-in game's catalog translates its name or an option label"


def pack_game(games, king: bool = True):
    """A built-in game dealing French cards with Kings in its pack (chosen by what it has)."""
    for game_id in sorted(games.builtin):
        game = games[game_id]
        state = game.new(1)
        cards = [c for pile in getattr(state, "piles", ()) for c in pile.cards]
        kings = [c for c in cards if getattr(game.face(c).standard, "pack", "") == "french" and c.rank == 13]
        if kings:
            return game, state, kings[0]
    pytest.skip("no built-in game deals French cards")


def test_french_ranks_show_on_faces_and_in_names_but_never_in_notation():
    games = load_games()
    game, state, king = pack_game(games)
    english = (game.face(king), game.card_name(king), game.format_position(state), king.code)
    i18n.set_language(FRENCH)
    try:
        face = game.face(king)
        assert face.corner.text == "R" and face.centre == english[0].centre  # Roi; the figure drawn stays the King's
        assert game.card_name(king) == f"le R{face.corner.symbol}"
        assert game.format_position(state) == english[2] and king.code == english[3] == f"K{king.suit}"
    finally:
        i18n.set_language(None)
    assert (english[0].corner.text, english[1]) == ("K", f"the K{english[0].corner.symbol}")
    assert english[0].centre.figure == "crown"


def test_a_save_written_in_french_opens_in_english(tmp_path):
    games = load_games()
    game, _state, _king = pack_game(games)
    i18n.set_language(FRENCH)
    try:
        session = Session(game, 3)
        for _ in range(4):
            session.play(game.legal_moves(session.state)[0])
        session.save(tmp_path / "partie.json")
    finally:
        i18n.set_language(None)
    loaded = Session.load(tmp_path / "partie.json", games)
    assert loaded.state == session.state and loaded.moves == session.moves


def run_cli(*args, **env):
    environ = {k: v for k, v in os.environ.items() if k not in i18n.SYSTEM_VARIABLES}
    return subprocess.run([sys.executable, "-m", "solitaire_core", *args], capture_output=True, text=True,
                          env={**environ, **env}, timeout=120)


def test_the_command_line_speaks_the_locales_language(french):
    """``LANG=fr_FR.UTF-8 solitaire list``: game names, option labels and the CLI's own words."""
    games = load_games()
    out = run_cli("list", LANG="fr_FR.UTF-8").stdout
    assert i18n._("(* marks the default)") in out and "(* marks the default)" not in out
    for game_id in games.builtin:
        assert f"{game_id}  {games[game_id].name}" in out
    refused = run_cli("show", "no-such-game", "--deal", "1", LANG="fr_FR.UTF-8")
    assert refused.returncode == 2 and refused.stderr.startswith("solitaire: " + i18n._("unknown game {game} (installed: {games})").split("{")[0])
    assert "(* marks the default)" in run_cli("list", LANG="C.UTF-8").stdout


# --- the kit checks a plugin's catalog ---------------------------------------------------
def a_plugin(tmp_path, monkeypatch, translations: dict):
    """A game in a package of its own (on sys.path) whose French catalog holds ``translations``."""
    import importlib

    folder = a_package(tmp_path, "", translations)
    (folder / "__init__.py").write_text(
        "from minigame import MiniGame\nfrom solitaire_core.i18n import N_, _\n\n\n"
        "class Lamp(MiniGame):\n    id, name = 'lamp', N_('Lamp')\n\n    def hint_text(self):\n"
        "        return _('Light the lamp')\n", encoding="utf-8")
    (folder / "words.py").unlink()
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "plugin", raising=False)
    return importlib.import_module("plugin").Lamp()


def test_the_kit_refuses_a_plugin_whose_french_catalog_is_incomplete(tmp_path, monkeypatch):
    from solitaire_core.testing import ConformanceError, check_catalogs

    game = a_plugin(tmp_path, monkeypatch, {"Lamp": "Lampe"})
    with pytest.raises(ConformanceError, match="'Light the lamp' is not translated|no entry for 'Light the lamp'"):
        check_catalogs(game)


def test_the_kit_accepts_a_plugin_whose_french_catalog_is_complete(tmp_path, monkeypatch):
    from solitaire_core.testing import check_catalogs

    game = a_plugin(tmp_path, monkeypatch, {"Lamp": "Lampe", "Light the lamp": "Allumer la lampe"})
    check_catalogs(game)
    monkeypatch.setattr(i18n, "_packages", list(i18n._packages))  # this test's package leaves with it
    i18n.add_package("plugin")
    i18n.set_language(FRENCH)
    try:
        assert (game.name, game.hint_text()) == ("Lampe", "Allumer la lampe")
    finally:
        i18n.set_language(None)


TRAPPED = '''
from solitaire_core import hookimpl
from minigame import MiniGame


class Trapped(MiniGame):
    id, name = "trapped", "Trapped Mini"


@hookimpl
def solitaire_games():
    return [Trapped()]
'''


@pytest.mark.parametrize("make", [
    lambda path: path.write_bytes(b""),  # empty: struct.error in gettext
    lambda path: path.write_bytes(b"\xde\x12\x04\x95" + b"\xff" * 40),  # a header pointing past the end
    lambda path: path.symlink_to("/dev/zero"),  # would be read without end
    lambda path: os.mkfifo(path),  # would wait for a writer for ever
], ids=["empty", "damaged", "dev-zero", "fifo"])
def test_a_plugin_s_catalog_that_cannot_be_read_is_said_and_english_is_used(tmp_path, make):
    """``LANG=fr_FR.UTF-8 solitaire list`` with a game whose French catalog is empty, damaged,
    a link to /dev/zero or a FIFO: the command runs, in French where the framework's catalog
    speaks, the game's texts in English, and one line says which catalog and why."""
    from plugintools import CORE_TESTS

    package = tmp_path / "trapped_game"
    (package / "locale" / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text(TRAPPED, encoding="utf-8")
    mo = package / "locale" / "fr" / "LC_MESSAGES" / "messages.mo"
    make(mo)
    info = tmp_path / "trapped_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: trapped-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[solitaire.games]\ntrapped = trapped_game\n")
    env = {name: value for name, value in os.environ.items() if name not in ("PYTHONUNBUFFERED", "LANGUAGE")}
    env.update(LANG="fr_FR.UTF-8", PYTHONPATH=os.pathsep.join([str(tmp_path), str(CORE_TESTS)]))
    done = subprocess.run([str(Path(sys.executable).with_name("solitaire")), "list"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0 and "trapped  Trapped Mini" in done.stdout
    assert "(* marque la valeur par défaut)" in done.stdout
    assert done.stderr.startswith(f"solitaire: impossible de lire le catalogue {mo} (")
    assert done.stderr.count("\n") == 1, done.stderr
