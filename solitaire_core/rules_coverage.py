"""Which numbered rules of a rules page the tests name (the kit's rules-coverage check).

A rule is numbered in a game's rules.md as ``**3.2**`` or at the start of a line as
``3.2``. Its test is named ``test_rule_3_2_...``; one test may name several rules
(``test_rule_3_4_and_3_5_...``) or a range of one section (``test_rule_2_1_to_2_3_...``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Iterable

RULE = re.compile(r"\*\*(\d+\.\d+)\*\*|^(\d+\.\d+)\s", re.MULTILINE)
TEST_NAME = re.compile(r"def test_rule_(\d+_\d+(?:_(?:and|to)_\d+_\d+)*)")


def numbered_rules(text: str) -> set[str]:
    return {a or b for a, b in RULE.findall(text)}


def named_rules(source: str) -> set[str]:
    named = set()
    for chain in TEST_NAME.findall(source):
        parts = re.split(r"_(and|to)_", chain)
        numbers = [tuple(map(int, p.split("_"))) for p in parts[0::2]]
        named.update(f"{a}.{b}" for a, b in numbers)
        for (a, b), join, (c, d) in zip(numbers, parts[1::2], numbers[1:]):
            if join == "to" and a == c:
                named.update(f"{a}.{n}" for n in range(b, d + 1))
    return named


def own_rules_text(game) -> str:
    """The game's own rules.md, beside its module (a variant's holds its amendments only)."""
    module = sys.modules[type(game).__module__]
    return (Path(module.__file__).parent / "rules.md").read_text(encoding="utf-8")


def untested_rules(game, test_files: Iterable[Path]) -> list[str]:
    """The numbers of the game's own rules that no test in ``test_files`` names."""
    sources = " ".join(Path(p).read_text(encoding="utf-8") for p in test_files)
    return sorted(numbered_rules(own_rules_text(game)) - named_rules(sources),
                  key=lambda n: tuple(map(int, n.split("."))))
