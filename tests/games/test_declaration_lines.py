"""docs/plugins.md's table of game lengths is the count benchmarks/declaration_lines.py makes."""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from declaration_lines import counts  # noqa: E402


def test_the_guides_table_of_game_lengths_is_true():
    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    section = guide[guide.index("## 8. How short a game is"):]
    table = {m.group(1): (int(m.group(2)), int(m.group(3)))
             for m in re.finditer(r"^\| (\w+) \| (\d+) \| (\d+) \|", section, re.MULTILINE)}
    assert table == counts()
