"""docs/plugins.md cannot drift: its Lantern package is installed as a plugin, exactly as
the guide writes it, its console session is run and compared line by line ("..."
standing for lines left out), its one-line kit is a working test class, and its
variant example is the code the built-in variant runs."""

import re
import textwrap
from pathlib import Path

from solitaire_core import cli

GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text(encoding="utf-8")


def block_after(marker: str, language: str) -> str:
    start = GUIDE.index(marker)
    match = re.compile(rf"```{language}\n(.*?)```", re.DOTALL).search(GUIDE, start)
    return match.group(1)


def install_lantern(plugins):
    source = block_after("`lantern/__init__.py`:", "python")
    modules = plugins.install({"lantern": source})
    rules = block_after("`lantern/rules.md` is the game's rules", "markdown")
    (plugins.folder / "rules.md").write_text(rules, encoding="utf-8")
    return modules["lantern"]


def session():
    """(command, expected lines) for each ``$ solitaire ...`` of the guide's console block."""
    text = block_after("`pip install .` (or `-e .`) into the same environment", "console")
    commands, current = [], None
    for line in text.splitlines():
        if line.startswith("$ "):
            current = (line[2:], [])
            commands.append(current)
        elif current is not None:
            current[1].append(line)
    return commands


def matches(expected: list[str], actual: list[str]) -> bool:
    """``expected`` line for line against ``actual``, where "..." stands for any lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


def test_the_lantern_of_the_guide_installs_and_its_console_session_is_true(plugins, capsys):
    install_lantern(plugins)
    ran = 0
    for command, expected in session():
        argv = [a.strip('"') for a in re.findall(r'"[^"]*"|\S+', command)][1:]
        if argv[0] == "play":
            continue  # opens a window: tests/ui plays every installed game
        cli.main(argv)
        out, err = capsys.readouterr()
        actual = (out + err).rstrip("\n").splitlines()
        assert matches(expected, actual), f"$ {command}\nguide:\n" + "\n".join(expected) + "\nreal:\n" + \
            "\n".join(actual)
        ran += 1
    assert ran == 3


def test_the_guides_one_line_kit_makes_a_test_class(plugins):
    install_lantern(plugins)
    line = block_after("a plugin's\ntests need one line", "python")
    scope: dict = {}
    exec(textwrap.dedent(line), scope)
    kit = scope["TestKit"]
    assert {name for name in dir(kit) if name.startswith("test_")} == {
        "test_kit_conformance", "test_kit_every_numbered_rule_is_tested",
        "test_kit_safe_moves_never_lose_a_won_game", "test_kit_solver_model_agrees_with_the_engine"}


def test_the_guides_variant_is_the_built_in_variants_code():
    example = block_after("Russian Solitaire, Double and Triple Klondike are\nwritten so:", "python")
    scope: dict = {}
    exec(example, scope)  # it runs
    import games.russian.game as built_in
    source = Path(built_in.__file__).read_text(encoding="utf-8")
    for line in example.splitlines():
        assert line.split("  #")[0].rstrip() in source, line
    game = scope["RussianSolitaire"]()
    assert game.id == "russian" and len(game.zones) == len(built_in.RussianSolitaire.zones)
