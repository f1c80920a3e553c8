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
from typing import Any, Iterable, Iterator

import attrs

from ..i18n import _
from ..inputs import FileRefused, check_file, quote
from . import schema
from .figures import GameRecord, Stats, StoreError, canonical, figures, now, option_pairs
from .paths import records_path

log = logging.getLogger(__name__)

DAMAGED = (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT)
COLUMNS = "id, game, options, deal, result, moves, score, duration, started, ended"
COMPANIONS = ("-wal", "-shm", "-journal")
TOTAL_LIMIT = 2**62  # a running total beyond it was not made by games


class Store:
    """Open (or create) the store at ``path``, by default in the user's data folder.

    ``notices`` lists what was done about a damaged file or row: messages for
    the player. Every method raises ``StoreError`` (never sqlite3's errors).
    ``read_only``: the file is opened for reading only (``solitaire stats``, a
    read-only folder) when it is whole and of this version; else as usual.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, data_dir: str | os.PathLike | None = None,
                 timeout: float = 10.0, read_only: bool = False):
        self.path = Path(path) if path is not None else records_path(data_dir)
        self.timeout = timeout
        self.notices: list[str] = []
        if not read_only:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(_("cannot create the folder of {path}: {error}").format(
                    path=self.path, error=exc)) from exc
        self._conn = self._open(read_only)

    # --- opening ----------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        try:  # the timeout is SQLite's busy timeout: wait for another instance's write
            return sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(cannot_open(self.path, exc)) from exc

    def _open(self, read_only: bool) -> sqlite3.Connection:
        problem = self._not_files()
        if problem is not None:  # SQLite would hang on a FIFO, or write into a device
            self._move_aside(problem)
        if read_only:
            conn = self._reader()
            if conn is not None:
                return conn
        for _attempt in range(2):
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
                    raise StoreError(cannot_open(self.path, exc)) from exc
                problem = _("it is damaged ({error})").format(error=exc)
            except BaseException:
                conn.close()
                raise
            conn.close()
            self._move_aside(problem)
        raise StoreError(_("cannot start a fresh statistics file at {path}").format(path=self.path))

    def _not_files(self) -> str | None:
        """Why the file or one of its companions is not a plain file SQLite may open, or None."""
        for suffix in ("", *COMPANIONS):
            try:
                check_file(f"{self.path}{suffix}")
            except FileNotFoundError:
                continue
            except FileRefused as exc:
                return f"{self.path.name}{suffix}: {exc}" if suffix else str(exc)
            except OSError as exc:
                raise StoreError(cannot_open(self.path, exc)) from exc
        return None

    def _reader(self) -> sqlite3.Connection | None:
        """A read-only connection to a whole file of this version, else None (then opened as usual).

        In a folder that cannot be written SQLite cannot make the WAL index beside the
        file; with no write-ahead log there, nothing can be writing and the file is read
        as it stands (``immutable``).
        """
        uri = self.path.resolve().as_uri()
        ways = ("mode=ro",) if os.path.lexists(f"{self.path}-wal") else ("mode=ro", "immutable=1")
        for way in ways:
            try:
                conn = sqlite3.connect(f"{uri}?{way}", uri=True, timeout=self.timeout, isolation_level=None)
            except sqlite3.Error:
                continue
            try:
                if schema.problem(conn, self.path) is None \
                        and conn.execute("PRAGMA user_version").fetchone()[0] == schema.VERSION:
                    return conn
            except sqlite3.Error:
                pass
            except BaseException:
                conn.close()
                raise
            conn.close()
        return None

    def _move_aside(self, problem: str) -> None:
        stamp = now().strftime("%Y%m%dT%H%M%SZ")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        count = 1
        while aside.exists():
            count += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{count}")
        try:
            if os.path.lexists(self.path):
                os.replace(self.path, aside)
            for suffix in COMPANIONS:
                companion = Path(f"{self.path}{suffix}")
                if os.path.lexists(companion):
                    os.replace(companion, f"{aside}{suffix}")
        except OSError as exc:
            raise StoreError(_("the statistics file {path} cannot be used ({problem}) "
                               "and cannot be moved aside: {error}").format(path=self.path, problem=problem,
                                                                             error=exc)) from exc
        notice = _("The statistics file {path} could not be used: {problem}. "
                   "It was moved to {aside} and a new, empty one was started.").format(
            path=self.path, problem=problem, aside=aside)
        self._notice(notice)

    def _notice(self, notice: str) -> None:
        """For the player (``notices``), once; logged below WARNING, so a command prints it once."""
        if notice not in self.notices:
            log.info(notice)
            self.notices.append(notice)

    def backup(self, target: str | os.PathLike) -> Path:
        """A consistent copy of the whole store at ``target``, safe while games are being recorded."""
        target = Path(target)
        if target.resolve() == self.path.resolve():
            raise StoreError(_("cannot back up the statistics onto themselves ({path})").format(path=target))
        partial = target.with_name(f".{target.name}.partial")
        try:
            with closing(sqlite3.connect(partial)) as copy:
                self._conn.backup(copy)
            os.replace(partial, target)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(_("cannot back up the statistics to {path}: {error}").format(
                path=target, error=exc)) from exc
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
            raise StoreError(_("the statistics file {path} failed: {error}").format(path=self.path, error=exc)) from exc

    @contextmanager
    def snapshot(self) -> Iterator["Store"]:
        """Reads that see one state of the file: another copy's write lands before all of
        them or after all of them (a game is never half seen: in the total, not in the games)."""
        with self._guard() as conn:
            conn.execute("BEGIN DEFERRED")
            try:
                yield self
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")

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
        A record whose ``uid`` is kept already is not kept again (nor its score added).
        """
        if running_total is not None and record.score is None:
            raise StoreError(_("a game without a score cannot add to a running total"))
        with self._transaction() as conn:
            cursor = conn.execute(
                f"INSERT INTO games ({COLUMNS}, uid) VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (uid) DO NOTHING",
                (record.game, canonical(record.options), record.deal, record.result, record.moves,
                 record.score, float(record.duration), _text(record.started), _text(record.ended), record.uid))
            if cursor.rowcount == 0:  # kept already (its ``uid``): neither the game nor its score again
                row = conn.execute("SELECT id FROM games WHERE uid = ?", (record.uid,)).fetchone()
                return attrs.evolve(record, id=row[0])
            if running_total is not None:
                account = record.options if record.account is None else record.account
                self._add(conn, record.game, account, running_total, record.score)
        return attrs.evolve(record, id=cursor.lastrowid)

    def kept_uids(self, uids) -> set[str]:
        """Which of ``uids`` (records' own ids) the store holds."""
        uids = list(uids)
        with self._guard() as conn:
            return {row[0] for row in conn.execute(
                f"SELECT uid FROM games WHERE uid IN ({', '.join('?' * len(uids))})", uids)} if uids else set()

    def records(self, game: str | None = None, options: Any = None) -> list[GameRecord]:
        """The games kept, oldest first; of one game, and of one option set if given."""
        where, params = _filter(game, options)
        with self._guard() as conn:
            rows = conn.execute(f"SELECT {COLUMNS}, uid FROM games{where} ORDER BY ended, id", params).fetchall()
        return [r for r in map(self._read, rows) if r is not None]

    def games(self) -> list[str]:
        """Ids of the games with something kept (records or a running total)."""
        with self._guard() as conn:
            rows = conn.execute("SELECT game FROM games UNION SELECT game FROM running_totals ORDER BY game")
            return [row[0] for row in rows if isinstance(row[0], str)]  # other rows are left out when read

    def stats(self, game: str, options: Any = None) -> Stats:
        """The figures of one game, over one option set or (``options`` None) all of them."""
        pairs = None if options is None else option_pairs(options)
        return figures(game, pairs, self.records(game, pairs))

    def summary(self, game: str | None = None, waiting: Iterable[GameRecord] = ()) -> list[Stats]:
        """For each game (or the one given): its figures over all option sets, then per set.
        ``waiting``: games recorded but not in the store yet (the outbox), counted with its own."""
        waiting = [r for r in waiting if game is None or r.game == game]
        result = []
        for game_id in [game] if game is not None else sorted({*self.games(), *(r.game for r in waiting)}):
            records = sorted(self.records(game_id) + [r for r in waiting if r.game == game_id], key=lambda r: r.ended)
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
        id_, game, options, deal, result, moves, score, duration, started, ended, uid = row
        try:
            return GameRecord(game=game, options=json.loads(options), deal=deal, result=result, moves=moves,
                              score=score, duration=duration, started=datetime.fromisoformat(started),
                              ended=datetime.fromisoformat(ended), id=id_, uid=uid)
        except (ValueError, TypeError, RecursionError, StoreError) as exc:
            self._notice(_("Game record {id} in {path} is unreadable and left out of the figures ({error}).").format(
                id=id_, path=self.path, error=exc))
            return None

    # --- running totals -----------------------------------------------------------
    # A running total belongs to a game and an option set without the switch that
    # turns it on: the caller names that switch, so the store never knows a game.
    def running_total(self, game: str, options: Any, switch: str) -> int:
        key = _without(options, switch)
        with self._guard() as conn:
            row = conn.execute("SELECT total FROM running_totals WHERE game = ? AND options = ?",
                               (game, key)).fetchone()
        if row is None:
            return 0
        problem = _bad_total(row[0])
        if problem:  # counted as 0: the next recorded game starts it again (``_add``)
            self._total_left_out(game, key, problem)
            return 0
        return row[0]

    def add_to_running_total(self, game: str, options: Any, switch: str, amount: int) -> int:
        """Add ``amount`` (may be negative); returns the new total."""
        with self._transaction() as conn:
            return self._add(conn, game, options, switch, amount)

    def reset_running_total(self, game: str, options: Any, switch: str) -> None:
        with self._transaction() as conn:
            conn.execute("DELETE FROM running_totals WHERE game = ? AND options = ?",
                         (game, _without(options, switch)))

    def running_totals(self, game: str | None = None,
                       waiting: Iterable[tuple[GameRecord, str | None]] = ()) -> list[tuple[str, tuple, int]]:
        """Every running total kept: (game, options without the switch, total). ``waiting``:
        games not in the store yet and the running total each adds to (the outbox's)."""
        where, params = _filter(game, None)
        with self._guard() as conn:
            rows = conn.execute(f"SELECT game, options, total FROM running_totals{where} ORDER BY game, options",
                                params).fetchall()
        totals = []
        for g, o, t in rows:
            try:
                if not isinstance(g, str) or not isinstance(o, str):
                    raise TypeError(_("its game and options must be text"))
                pairs = option_pairs(json.loads(o))
                problem = _bad_total(t)
                if problem:
                    raise ValueError(problem)
            except (ValueError, TypeError, RecursionError, StoreError) as exc:
                self._total_left_out(g, o, str(exc))
                continue
            totals.append((g, pairs, t))
        added = {(g, o): t for g, o, t in totals}
        for record, switch in waiting:
            if switch is not None and record.score is not None and game in (None, record.game):
                key = (record.game, option_pairs(json.loads(_without(
                    record.options if record.account is None else record.account, switch))))
                added[key] = added.get(key, 0) + record.score
        return [(g, o, t) for (g, o), t in sorted(added.items(), key=lambda item: (item[0][0], canonical(item[0][1])))]

    def _total_left_out(self, game, options, problem: str) -> None:
        self._notice(_("The running total of {game} with options {options} in {path} "
                       "is unreadable and left out ({problem}).").format(game=quote(game), options=quote(options),
                                                                         path=self.path, problem=problem))

    def _add(self, conn: sqlite3.Connection, game: str, options: Any, switch: str, amount: int) -> int:
        if isinstance(amount, bool) or not isinstance(amount, int) or abs(amount) >= 2**62:
            raise StoreError(_("a running total grows by a whole number, not {amount}").format(amount=repr(amount)))
        key = _without(options, switch)
        conn.execute("INSERT INTO running_totals (game, options, total) VALUES (?, ?, ?) "
                     "ON CONFLICT (game, options) DO UPDATE SET total = CASE "  # a bad total counts as 0
                     "WHEN typeof(total) = 'integer' AND total BETWEEN ? AND ? THEN total + excluded.total "
                     "ELSE excluded.total END",
                     (game, key, amount, 1 - TOTAL_LIMIT, TOTAL_LIMIT - 1))
        return conn.execute("SELECT total FROM running_totals WHERE game = ? AND options = ?",
                            (game, key)).fetchone()[0]


def _bad_total(total) -> str | None:
    """Why a stored running total is not one (edited by hand, damaged), or None."""
    if isinstance(total, int) and -TOTAL_LIMIT < total < TOTAL_LIMIT:
        return None
    return _("the total {total} is not a whole number").format(total=quote(total))


def cannot_open(path, exc: BaseException) -> str:
    return _("cannot open the statistics file {path}: {error}").format(path=path, error=exc)


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


def busy(exc: StoreError) -> bool:
    """``exc`` says only that another program holds the file now (it may work later)."""
    code = getattr(exc.__cause__, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
