"""The survey store: one row per (game, options, deal), written as answers come.

A decided answer (winnable or unwinnable) is final: it is never solved again nor
overwritten. An unknown one is solved again only by a run with a larger budget,
and its row is then replaced. ``solves`` counts the answers stored for a deal,
so a deal answered twice shows.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Iterable, Mapping

from attrs import frozen

from ..solver import UNKNOWN

SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    deal INTEGER NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN ('winnable', 'unwinnable', 'unknown')),
    budget REAL NOT NULL,
    seconds REAL NOT NULL,
    positions INTEGER NOT NULL,
    length INTEGER,
    solution TEXT,
    solver TEXT NOT NULL,
    solves INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (game, options, deal)
)
"""

# A decided row stays; an unknown one gives way to the newer answer.
UPSERT = """
INSERT INTO answers (game, options, deal, verdict, budget, seconds, positions, length, solution, solver)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (game, options, deal) DO UPDATE SET
    verdict = excluded.verdict, budget = excluded.budget, seconds = excluded.seconds,
    positions = excluded.positions, length = excluded.length, solution = excluded.solution,
    solver = excluded.solver, solves = answers.solves + 1
WHERE answers.verdict = 'unknown'
"""


@frozen
class Answer:
    """One deal's answer as stored; ``solution`` is the winning moves in the
    game's notation, space separated (None unless winnable)."""

    game: str
    options: str
    deal: int
    verdict: str
    budget: float
    seconds: float
    positions: int
    length: int | None
    solution: str | None
    solver: str
    solves: int = 1


def options_key(options: Mapping) -> str:
    """Every option of the game with its value, as sorted JSON: one text per option set."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"))


class Store:
    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(SCHEMA)
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def pending(self, game: str, options: str, deals: Iterable[int], budget: float) -> list[int]:
        """The deals still to solve at ``budget``: never answered, or unknown at a smaller budget."""
        done = {deal for deal, verdict, spent in self.db.execute(
            "SELECT deal, verdict, budget FROM answers WHERE game = ? AND options = ?", (game, options))
            if verdict != UNKNOWN or spent >= budget}
        return [deal for deal in deals if deal not in done]

    def add(self, answers: Iterable[Answer]) -> None:
        """Store a batch in one transaction (all or none survives a kill)."""
        with self.db:
            self.db.executemany(UPSERT, [(a.game, a.options, a.deal, a.verdict, a.budget, a.seconds,
                                          a.positions, a.length, a.solution, a.solver) for a in answers])

    def answers(self, game: str | None = None) -> list[Answer]:
        sql = "SELECT game, options, deal, verdict, budget, seconds, positions, length, solution, solver, solves " \
              "FROM answers" + (" WHERE game = ?" if game else "") + " ORDER BY game, options, deal"
        return [Answer(*row) for row in self.db.execute(sql, (game,) if game else ())]
