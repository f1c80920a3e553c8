"""docs/plugins.md cannot drift: its Lantern package is installed as a plugin, exactly as
the guide writes it, its console session is run and compared line by line ("..."
standing for lines left out), its one-line kit is a working test class, and its
variant example is the code the built-in variant runs. Its reference runs too: every
python block in order in one namespace (with Leapfrog installed as a package), its
console session compared; every zone constructor's signature, defaults and parameters,
every field of ``Zone``, every role and every public name of ``PileGame`` are in it,
and every signature it writes is the code's."""

import functools
import importlib
import inspect
import re
import textwrap
from pathlib import Path

import attrs

import solitaire_core
from solitaire_core import cli, piles, zones
from solitaire_core.piles import PileGame

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


def session(text: str | None = None):
    """(command, expected lines) for each ``$ solitaire ...`` of a console block (the tutorial's)."""
    text = text or block_after("`pip install .` (or `-e .`) into the same environment", "console")
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
        "test_kit_safe_moves_never_lose_a_won_game", "test_kit_solver_model_agrees_with_the_engine",
        "test_kit_compiled_kernel_agrees_with_python"}


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


# --- the reference (sections 9-14) ---------------------------------------------------------
REFERENCE = GUIDE[GUIDE.index("\n# Reference\n"):]


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, re.DOTALL)


def install_leapfrog(plugins):
    """The guide's Leapfrog as an installed package: its code, its rules page, its entry point."""
    package = plugins.folder / "leapfrog"
    package.mkdir()
    (package / "__init__.py").write_text(block_after("`leapfrog/__init__.py`:", "python"), encoding="utf-8")
    (package / "rules.md").write_text(block_after("`leapfrog/rules.md`:", "markdown"), encoding="utf-8")
    info = plugins.folder / "solitaire_leapfrog-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: solitaire-leapfrog\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[solitaire.games]\nleapfrog = leapfrog\n")
    plugins.modules.append("leapfrog")
    importlib.invalidate_caches()


def test_every_example_of_the_reference_runs_and_its_console_session_is_true(plugins, capsys):
    install_leapfrog(plugins)
    scope: dict = {}
    examples = blocks(REFERENCE, "python")
    for k, example in enumerate(examples, 1):
        exec(compile(example, f"docs/plugins.md, python block {k} of the reference", "exec"), scope)
    assert len(examples) >= 7 and "Leapfrog" in scope and "Sevens" in scope
    ran = 0
    for command, expected in session(blocks(REFERENCE, "console")[0]):
        cli.main(command.split()[1:])
        out, err = capsys.readouterr()
        actual = (out + err).rstrip("\n").splitlines()
        assert matches(expected, actual), f"$ {command}\nguide:\n" + "\n".join(expected) + "\nreal:\n" + \
            "\n".join(actual)
        ran += 1
    assert ran == 2


def section(heading: str) -> str:
    """The reference's text from ``heading`` to the next heading of its level or above."""
    start = REFERENCE.index(heading)
    level = heading.split(" ")[0]
    ends = [m.start() for m in re.finditer(r"^#{1,%d} " % len(level), REFERENCE, re.MULTILINE) if m.start() > start]
    return REFERENCE[start:ends[0] if ends else None]


def rows(text: str) -> set[str]:
    """The names of a section's table rows: ``| `name` |``."""
    return set(re.findall(r"^\| `(\w+)` \|", text, re.MULTILINE))


NO_DEFAULT = "—"


def defaults_agree(text: str, real: dict, where: str) -> int:
    """Each table row ``| `name` | `default` | ...`` of ``text`` whose name is in ``real``
    (name -> the code's default, or ``NO_DEFAULT``) gives that default; how many it checked."""
    checked = 0
    for name, cell in re.findall(r"^\| `(\w+)` \| ([^|]+) \|", text, re.MULTILINE):
        if name not in real:
            continue
        cell = cell.strip()
        if cell == NO_DEFAULT or real[name] is NO_DEFAULT:
            assert cell == NO_DEFAULT and real[name] is NO_DEFAULT, f"{where}: {name} has the default {cell}"
        else:
            written = eval(cell.strip("`"), {**vars(solitaire_core), **vars(zones)})
            assert same_default(written, real[name]), f"{where}: {name} defaults to {real[name]!r}, not {cell}"
        checked += 1
    return checked


def written_signature(text: str) -> inspect.Signature:
    """``a, b=1, *, c=...`` as written, read as a function's parameters (defaults evaluated
    among the zone module's names: ``up & same_suit``, ``N_("A")``)."""
    scope = {**vars(solitaire_core), **vars(zones)}
    exec(f"def written({text}): pass", scope)
    return inspect.signature(scope["written"])


def same_default(written, real) -> bool:
    if hasattr(real, "text"):  # a rule piece: the same rule says the same words
        return getattr(written, "text", None) == real.text
    return written == real


def constructors() -> list:
    return [f for name, f in vars(zones).items()
            if inspect.isfunction(f) and f.__module__ == zones.__name__ and not name.startswith("_")]


def test_every_zone_constructor_is_in_the_reference_with_its_exact_signature_and_every_parameter():
    found = constructors()
    assert {f.__name__ for f in found} >= {"Stock", "Waste", "Foundations", "Tableau", "Cells", "Reserve", "Layout"}
    for constructor in found:
        heading = re.search(rf"^### `{constructor.__name__}\((.*)\)`$", REFERENCE, re.MULTILINE)
        assert heading, f"no '### `{constructor.__name__}(...)`' section in the reference"
        written, real = written_signature(heading.group(1)), inspect.signature(constructor)
        assert [(p.name, p.kind) for p in written.parameters.values()] == \
            [(p.name, p.kind) for p in real.parameters.values()], constructor.__name__
        for name, parameter in real.parameters.items():
            assert same_default(written.parameters[name].default, parameter.default), f"{constructor.__name__}({name}=)"
        assert rows(section(heading.group(0))) == set(real.parameters), constructor.__name__
        assert defaults_agree(section(heading.group(0)), {
            name: NO_DEFAULT if p.default is p.empty else p.default for name, p in real.parameters.items()},
            constructor.__name__) == len(real.parameters)
    fields = section("### `Zone` and `Opt`")
    assert rows(fields) == {field.name for field in attrs.fields(zones.Zone)}
    assert defaults_agree(fields, {field.name: NO_DEFAULT if field.default is attrs.NOTHING else field.default
                                   for field in attrs.fields(zones.Zone)}, "Zone") == len(attrs.fields(zones.Zone))
    assert "`Opt(" + ", ".join(field.name for field in attrs.fields(zones.Opt)) + ")`" in fields
    assert {f"`{role.name}`" for role in zones.Role} <= set(re.findall(r"^\| (`\w+`) \|", section("### Roles"),
                                                                       re.MULTILINE))


def public_names(cls) -> set[str]:
    return {name for name in dir(cls) if not name.startswith("_")} - set(dir(object))


def test_every_public_name_of_pile_game_is_in_the_reference():
    named = set(re.findall(r"`(\w+)[`(]", REFERENCE))
    missing = sorted(public_names(PileGame) - named)
    assert not missing, f"the reference does not name {missing}"


def test_the_declared_names_of_the_reference_default_as_the_code_says():
    declared = {name: inspect.getattr_static(PileGame, name) for name in public_names(PileGame)}
    attributes = {name: value for name, value in declared.items() if not callable(value)
                  and not isinstance(value, (property, functools.cached_property))}
    assert defaults_agree(section("### 11.1 "), attributes, "PileGame") >= 15


def known_callables() -> dict[str, list]:
    """What a signature in the reference may name, each name with its candidates (a
    method of PileGame and a helper may share one: ``parse_card``): PileGame's methods,
    written exactly, and the helpers of the kit, the deck, the deal, the rules and the
    solver, whose optional parameters may be left out."""
    from solitaire_core import Choice, Switch, cards, deals, refusals, rules, testing
    from solitaire_core.game import Place
    from solitaire_core.scoring import Scoring
    from solitaire_core.solver import hooks, search
    from solitaire_core.state import Pile, State

    found: dict[str, list] = {}
    for module in (testing, deals, cards, rules, refusals, hooks, search, piles):
        for name, f in vars(module).items():
            if inspect.isfunction(f) and not name.startswith("_"):
                found.setdefault(name, []).append((f, False))
    for cls in (Choice, Pile, State, cards.Card, Scoring, rules.Relation, rules.CardTest, rules.Words,
                refusals.Refusal, Place, zones.Opt):
        found.setdefault(cls.__name__, []).append((cls, False))
    found.setdefault("Switch", []).append((Switch, False))
    for name in public_names(PileGame):
        if inspect.isfunction(inspect.getattr_static(PileGame, name)):
            found.setdefault(name, []).append((getattr(PileGame, name), True))
    return found


def disagreement(function, exact: bool, written: list[str], elided: bool) -> str | None:
    """Why parameters written so are not ``function``'s, or None."""
    real = [p for p in inspect.signature(function).parameters.values() if p.name != "self"]
    names = [p.name for p in real]
    if written != names[:len(written)]:
        return f"the code says ({', '.join(names)})"
    rest = real[len(written):]
    if rest and not elided and (exact or any(p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
                                             for p in rest)):
        return f"it leaves out {[p.name for p in rest]}"
    return None


def test_every_signature_the_reference_writes_is_the_codes():
    known, checked = known_callables(), set()
    model = REFERENCE.index("## 14. ")  # from here `key(p)`, `progress(p)` are a solver model's parts
    for found in re.finditer(r"`([^`\n]+)`", REFERENCE):
        span = found.group(1)
        call = re.fullmatch(r"(\w+)\((.*)\)", span)
        candidates = [(f, exact) for f, exact in known.get(call.group(1) if call else "", [])
                      if not (exact and found.start() > model)]
        if not candidates:
            continue
        text, elided = re.subn(r",\s*\.\.\.$", "", call.group(2))
        try:
            written = list(written_signature(text).parameters)
        except SyntaxError:
            continue  # an example call, not a signature
        reasons = [disagreement(f, exact, written, bool(elided)) for f, exact in candidates]
        assert None in reasons, f"`{span}`: " + "; ".join(reasons)
        checked.add(call.group(1))
    methods = {name for name, candidates in known.items() if any(exact for _, exact in candidates)}
    assert not methods - checked, f"no signature in the reference for {sorted(methods - checked)}"


def test_the_reference_names_every_part_of_a_solver_model_and_what_takes_a_game_off_the_derived_one():
    from solitaire_core.pile_rules import CHECKS
    from solitaire_core.piles import EFFECTS
    from solitaire_core.solver import hooks

    model = section("## 14. ")
    parts = set(re.findall(r"^\| `(\w+)[(`]", model, re.MULTILINE))
    assert parts == {field.name for field in attrs.fields(hooks.SolverModel)}
    listed = re.search(r"overrides none of the rule methods \(([^)]*)\)", model.replace("\n", " "))
    assert set(re.findall(r"`(\w+)`", listed.group(1))) == set(CHECKS + EFFECTS)
    assert all(re.search(rf"`{name}\b", model) for name in hooks.GAME_NAMES)
