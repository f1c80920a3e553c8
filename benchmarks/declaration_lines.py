"""Lines of each built-in game's code (issue: a new game in 60 or fewer, a variant in 10 or
fewer): code lines only, docstrings, comments and blank lines left out; the declaration
(game.py and __init__.py) apart from the rest of the package (a solver model, a puzzle's
own modules). docs/plugins.md shows the table; a test checks it against this count."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "games"
DECLARATION = ("__init__.py", "game.py")


def code_lines(path: Path) -> int:
    source = path.read_text(encoding="utf-8")
    docs: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node) is not None:
            docs.update(range(node.body[0].lineno, node.body[0].end_lineno + 1))
    return sum(1 for k, line in enumerate(source.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and k not in docs)


def counts() -> dict[str, tuple[int, int]]:
    """Package -> (declaration lines, other lines)."""
    result = {}
    for package in sorted(p.parent for p in GAMES.glob("*/__init__.py")):
        files = sorted(package.glob("*.py"))
        declared = sum(code_lines(f) for f in files if f.name in DECLARATION)
        result[package.name] = (declared, sum(code_lines(f) for f in files if f.name not in DECLARATION))
    return result


if __name__ == "__main__":
    print(f"{'package':<18} {'declaration':>11} {'other':>6}")
    for name, (declared, other) in counts().items():
        print(f"{name:<18} {declared:>11} {other:>6}")
