"""What a survey store says: for each game and option set, the shares of winnable,
unwinnable and unknown deals with 95% confidence intervals (Wilson's, which stay
inside 0-100% and are honest for shares near the ends and for few deals), as a
terminal table, as CSV, and as a chart drawn by the front end.

The chart is a PNG drawn with QPainter by the Qt front end (``ui_qt/survey_chart.py``),
found through the ``solitaire.charts`` entry point group as ``play`` finds its front
end, so the engine never imports Qt and a front end may offer its own.
"""

from __future__ import annotations

import csv
import json
import math
from collections import defaultdict
from importlib.metadata import entry_points
from typing import Callable, Iterable, TextIO

from attrs import frozen

from ..i18n import _
from ..words import percent
from ..solver import UNKNOWN, UNWINNABLE, WINNABLE
from ..solver.commands import verdict_word
from .store import Answer

VERDICTS = (WINNABLE, UNWINNABLE, UNKNOWN)
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
CHART_GROUP = "solitaire.charts"
CHART = "qt"


def wilson(count: int, total: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of the share ``count / total``, as (low, high)."""
    if total == 0:
        return 0.0, 1.0
    p = count / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


@frozen
class Share:
    count: int
    share: float
    low: float
    high: float


@frozen
class Row:
    """One game and option set: deal count, the range of deals, the largest budget
    an unknown answer had (more time may decide it) and each verdict's share."""

    game: str
    options: dict
    deals: int
    first: int
    last: int
    budget: float
    shares: dict  # verdict -> Share

    @property
    def label(self) -> str:
        return " ".join([self.game, *(f"{k}={v}" for k, v in self.options.items())])


def rows(answers: Iterable[Answer]) -> list[Row]:
    groups: dict[tuple[str, str], list[Answer]] = defaultdict(list)
    for answer in answers:
        groups[answer.game, answer.options].append(answer)
    result = []
    for (game, options), group in sorted(groups.items()):
        total = len(group)
        shares = {}
        for verdict in VERDICTS:
            count = sum(1 for a in group if a.verdict == verdict)
            shares[verdict] = Share(count, count / total, *wilson(count, total))
        budgets = [a.budget for a in group if a.verdict == UNKNOWN] or [a.budget for a in group]
        deals = [a.deal for a in group]
        result.append(Row(game, json.loads(options), total, min(deals), max(deals), max(budgets), shares))
    return result


def table(report: list[Row]) -> str:
    """The terminal table: each share with its interval, one line a game and option set
    (in the player's language; the CSV's headings and verdicts stay the store's)."""
    if not report:
        return _("no answers stored yet")
    head = [_("game and options"), _("deals"),
            *(_("{verdict} ({level} interval)").format(verdict=verdict_word(v), level="95%") for v in VERDICTS),
            _("budget")]
    body = [[row.label, f"{row.deals} ({row.first}-{row.last})",
             *(f"{row.shares[v].count} {percent(row.shares[v].share)} "
               f"({percent(row.shares[v].low)}-{percent(row.shares[v].high)})" for v in VERDICTS),
             _("{seconds:g} s").format(seconds=row.budget)] for row in report]
    widths = [max(len(line[i]) for line in [head, *body]) for i in range(len(head))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in [head, *body])


def write_csv(report: list[Row], stream: TextIO) -> None:
    out = csv.writer(stream)
    out.writerow(["game", "options", "deals", "first", "last", "budget",
                  *(f"{v}{part}" for v in VERDICTS for part in ("", "_share", "_low", "_high"))])
    for row in report:
        out.writerow([row.game, " ".join(f"{k}={v}" for k, v in row.options.items()), row.deals, row.first,
                      row.last, row.budget,
                      *(x for v in VERDICTS for x in (row.shares[v].count, f"{row.shares[v].share:.6f}",
                                                      f"{row.shares[v].low:.6f}", f"{row.shares[v].high:.6f}"))])


def find_chart() -> Callable[[list[Row], str], None] | None:
    """The installed front end's chart function, or None."""
    found = [ep for ep in entry_points(group=CHART_GROUP) if ep.name == CHART]
    return found[0].load() if found else None
