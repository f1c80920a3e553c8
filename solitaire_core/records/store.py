"""The statistics store: every finished game and the running totals, in SQLite.

Each write is one transaction, so a crash keeps every committed game and
never half of one. WAL mode and a busy timeout let two copies of the app
share the file. A damaged or foreign file is moved aside (``notices`` says
where, for the UI to show) and a fresh store is started; a file from a newer
version of the program is refused and left alone.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from contextlib import closing, contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator

import attrs

from . import schema
from .figures import GameRecord, Stats, StoreError, canonical, figures, now, option_pairs
from .paths import records_path

log = logging.getLogger(__name__)

DAMAGED = (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT)
COLUMNS = "id, game, options, deal, result, moves, score, duration, started, ended"


class Store:
    """Open (or create) the store at ``path``, by default in the user's data folder.

    ``notices`` lists what was done about a damaged file: messages for the
    player. Every method raises ``StoreError`` (never sqlite3's errors).
    """

    def __init__(self, path: str | os.PathLike | None = None, *, data_dir: str | os.PathLike | None = None,
                 timeout: float = 10.0):
        self.path = Path(path) if path is not None else records_path(data_dir)
        self.timeout = timeout
        self.notices: list[str] = []
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the folder of {self.path}: {exc}") from exc
        self._conn = self._open()

    # --- opening ----------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        try:  # the timeout is SQLite's busy timeout: wait for another instance's write
            return sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the statistics file {self.path}: {exc}") from exc

    def _open(self) -> sqlite3.Connection:
        for _ in range(2):
            conn = self._connect()
            try:
                problem = schema.problem(conn, self.path)
                if problem is None:
                    conn.execute("PRAGMA journal_mode = WAL")
                    conn.execute("PRAGMA synchronous = FULL")
                    schema.migrate(conn, self.path)
                    return conn
            except sqlite3.DatabaseError as exc:
                if getattr(exc, "sqlite_errorcode", None) not in DAMAGED:
                    conn.close()
                    raise StoreError(f"cannot open the statistics file {self.path}: {exc}") from exc
                problem = f"it is damaged ({exc})"
            except BaseException:
                conn.close()
                raise
            conn.close()
            self._move_aside(problem)
        raise StoreError(f"cannot start a fresh statistics file at {self.path}")

    def _move_aside(self, problem: str) -> None:
        stamp = now().strftime("%Y%m%dT%H%M%SZ")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        count = 1
        while aside.exists():
            count += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{count}")
        try:
            os.replace(self.path, aside)
            for suffix in ("-wal", "-shm", "-journal"):
                companion = Path(f"{self.path}{suffix}")
                if companion.exists():
                    os.replace(companion, f"{aside}{suffix}")
        except OSError as exc:
            raise StoreError(f"the statistics file {self.path} cannot be used ({problem}) "
                             f"and cannot be moved aside: {exc}") from exc
        notice = (f"The statistics file {self.path} could not be used: {problem}. "
                  f"It was moved to {aside} and a new, empty one was started.")
        log.warning(notice)
        self.notices.append(notice)

    def backup(self, target: str | os.PathLike) -> Path:
        """A consistent copy of the whole store at ``target``, safe while games are being recorded."""
        target = Path(target)
        if target.resolve() == self.path.resolve():
            raise StoreError(f"cannot back up the statistics onto themselves ({target})")
        partial = target.with_name(f".{target.name}.partial")
        try:
            with closing(sqlite3.connect(partial)) as copy:
                self._conn.backup(copy)
            os.replace(partial, target)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot back up the statistics to {target}: {exc}") from exc
        finally:
            partial.unlink(missing_ok=True)
        return target

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def _guard(self) -> Iterator[sqlite3.Connection]:
        """sqlite3's errors become ``StoreError``, naming the file."""
        try:
            yield self._conn
        except sqlite3.Error as exc:
            raise StoreError(f"the statistics file {self.path} failed: {exc}") from exc

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write, all or nothing; ``BEGIN IMMEDIATE`` waits its turn behind other instances."""
        with self._guard() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    # --- games ------------------------------------------------------------------
    def record(self, record: GameRecord, running_total: str | None = None) -> GameRecord:
        """Keep one game; returns it with its id.

        ``running_total``: the name of the option that switches a running total
        on; the game's score is then added to that total in the same transaction.
        """
        if running_total is not None and record.score is None:
            raise StoreError("a game without a score cannot add to a running total")
        with self._transaction() as conn:
            cursor = conn.execute(
                f"INSERT INTO games ({COLUMNS}) VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.game, canonical(record.options), record.deal, record.result, record.moves,
                 record.score, float(record.duration), _text(record.started), _text(record.ended)))
            if running_total is not None:
                self._add(conn, record.game, record.options, running_total, record.score)
        return attrs.evolve(record, id=cursor.lastrowid)

    def records(self, game: str | None = None, options: Any = None) -> list[GameRecord]:
        """The games kept, oldest first; of one game, and of one option set if given."""
        where, params = _filter(game, options)
        with self._guard() as conn:
            rows = conn.execute(f"SELECT {COLUMNS} FROM games{where} ORDER BY ended, id", params).fetchall()
        return [r for r in map(self._read, rows) if r is not None]

    def games(self) -> list[str]:
        """Ids of the games with something kept (records or a running total)."""
        with self._guard() as conn:
            rows = conn.execute("SELECT game FROM games UNION SELECT game FROM running_totals ORDER BY game")
            return [row[0] for row in rows]

    def stats(self, game: str, options: Any = None) -> Stats:
        """The figures of one game, over one option set or (``options`` None) all of them."""
        pairs = None if options is None else option_pairs(options)
        return figures(game, pairs, self.records(game, pairs))

    def summary(self, game: str | None = None) -> list[Stats]:
        """For each game (or the one given): its figures over all option sets, then per set."""
        result = []
        for game_id in [game] if game is not None else self.games():
            records = self.records(game_id)
            if not records:
                continue
            result.append(figures(game_id, None, records))
            sets = sorted({r.options for r in records}, key=canonical)
            result += [figures(game_id, s, [r for r in records if r.options == s]) for s in sets]
        return result

    def reset(self, game: str | None = None, options: Any = None) -> int:
        """Forget the games kept (all, one game's, or one option set's); running totals stay."""
        where, params = _filter(game, options)
        with self._transaction() as conn:
            return conn.execute(f"DELETE FROM games{where}", params).rowcount

    def _read(self, row: tuple) -> GameRecord | None:
        """A row as a record; a row edited into nonsense is left out, with a notice."""
        id_, game, options, deal, result, moves, score, duration, started, ended = row
        try:
            return GameRecord(game=game, options=json.loads(options), deal=deal, result=result, moves=moves,
                              score=score, duration=duration, started=datetime.fromisoformat(started),
                              ended=datetime.fromisoformat(ended), id=id_)
        except (ValueError, TypeError, StoreError) as exc:
            notice = f"Game record {id_} in {self.path} is unreadable and left out of the figures ({exc})."
            if notice not in self.notices:
                log.warning(notice)
                self.notices.append(notice)
            return None

    # --- running totals -----------------------------------------------------------
    # A running total belongs to a game and an option set without the switch that
    # turns it on: the caller names that switch, so the store never knows a game.
    def running_total(self, game: str, options: Any, switch: str) -> int:
        with self._guard() as conn:
            row = conn.execute("SELECT total FROM running_totals WHERE game = ? AND options = ?",
                               (game, _without(options, switch))).fetchone()
        return row[0] if row else 0

    def add_to_running_total(self, game: str, options: Any, switch: str, amount: int) -> int:
        """Add ``amount`` (may be negative); returns the new total."""
        with self._transaction() as conn:
            return self._add(conn, game, options, switch, amount)

    def reset_running_total(self, game: str, options: Any, switch: str) -> None:
        with self._transaction() as conn:
            conn.execute("DELETE FROM running_totals WHERE game = ? AND options = ?",
                         (game, _without(options, switch)))

    def running_totals(self, game: str | None = None) -> list[tuple[str, tuple, int]]:
        """Every running total kept: (game, options without the switch, total)."""
        where, params = _filter(game, None)
        with self._guard() as conn:
            rows = conn.execute(f"SELECT game, options, total FROM running_totals{where} ORDER BY game, options",
                                params).fetchall()
        return [(g, option_pairs(json.loads(o)), t) for g, o, t in rows]

    def _add(self, conn: sqlite3.Connection, game: str, options: Any, switch: str, amount: int) -> int:
        if isinstance(amount, bool) or not isinstance(amount, int) or abs(amount) >= 2**62:
            raise StoreError(f"a running total grows by a whole number, not {amount!r}")
        key = _without(options, switch)
        conn.execute("INSERT INTO running_totals (game, options, total) VALUES (?, ?, ?) "
                     "ON CONFLICT (game, options) DO UPDATE SET total = total + excluded.total",
                     (game, key, amount))
        return conn.execute("SELECT total FROM running_totals WHERE game = ? AND options = ?",
                            (game, key)).fetchone()[0]


def _text(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds")


def _without(options: Any, switch: str) -> str:
    return canonical(p for p in option_pairs(options) if p[0] != switch)


def _filter(game: str | None, options: Any) -> tuple[str, tuple]:
    clauses, params = [], []
    if game is not None:
        clauses.append("game = ?")
        params.append(game)
    if options is not None:
        clauses.append("options = ?")
        params.append(canonical(options))
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(params)


