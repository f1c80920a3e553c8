"""The statistics database's layout, how to recognise it, and how it grows.

``MIGRATIONS`` is the history of the schema: step N takes a database from
version N-1 to N (``PRAGMA user_version``). A database is ours when its
``PRAGMA application_id`` says so; a newer version than this program knows
is refused, never rewritten.
"""

from __future__ import annotations

import sqlite3

from attrs import frozen

from ..i18n import _
from .figures import StoreError

APPLICATION_ID = 0x536F6C69  # "Soli"


@frozen
class Step:
    tables: tuple[str, ...]  # the tables this step creates, to check a file is whole
    statements: tuple[str, ...]


MIGRATIONS = (
    Step(("games",), (
        """CREATE TABLE games (
               id INTEGER PRIMARY KEY,
               game TEXT NOT NULL,
               options TEXT NOT NULL,          -- canonical JSON of the resolved options
               deal INTEGER,                   -- NULL: a game started from a position
               result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
               moves INTEGER NOT NULL CHECK (moves >= 0),
               score INTEGER,                  -- NULL: the game kept no score
               duration REAL NOT NULL CHECK (duration >= 0),   -- seconds of play
               started TEXT NOT NULL,          -- ISO 8601, UTC
               ended TEXT NOT NULL)""",
        "CREATE INDEX games_by_set ON games (game, options, ended, id)",
    )),
    Step(("running_totals",), (
        """CREATE TABLE running_totals (
               game TEXT NOT NULL,
               options TEXT NOT NULL,          -- canonical JSON, without the switch
               total INTEGER NOT NULL,
               PRIMARY KEY (game, options))""",
    )),
    Step((), (  # a game's own id, given when it ended: kept twice (outbox, store), it counts once
        "ALTER TABLE games ADD COLUMN uid TEXT",
        "CREATE UNIQUE INDEX games_by_uid ON games (uid)",
    )),
)
VERSION = len(MIGRATIONS)


def _pragma(conn: sqlite3.Connection, name: str) -> int:
    return conn.execute(f"PRAGMA {name}").fetchone()[0]


def newer_error(path, version: int) -> StoreError:
    return StoreError(_("the statistics file {path} was written by a newer version of the program "
                        "(schema {version}; this one reads up to {known}); it is left untouched").format(
        path=path, version=version, known=VERSION))


def problem(conn: sqlite3.Connection, path) -> str | None:
    """Why this file cannot be used as our database, or None (ours, or new and empty).

    Raises ``StoreError`` for a newer schema, and lets sqlite3's own error
    through when the file is not a database at all.
    """
    app, version = _pragma(conn, "application_id"), _pragma(conn, "user_version")
    tables = {row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")}
    if app == 0 and version == 0 and not tables:
        return None
    if app != APPLICATION_ID:
        held = ", ".join(sorted(tables)) or _("no tables")
        return _("it is not a statistics file of this program (it holds {tables})").format(tables=held)
    if version > VERSION:
        raise newer_error(path, version)
    missing = {t for step in MIGRATIONS[:version] for t in step.tables} - tables
    if missing:
        return _("it lacks its table {table}").format(table=repr(sorted(missing)[0]))
    check = [row[0] for row in conn.execute("PRAGMA quick_check")]
    if check != ["ok"]:
        return _("it is damaged ({error})").format(error=check[0])
    return None


def migrate(conn: sqlite3.Connection, path) -> None:
    """Bring the database to ``VERSION`` in one transaction (another instance may race us)."""
    if _pragma(conn, "user_version") == VERSION:
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = _pragma(conn, "user_version")
        if version > VERSION:
            raise newer_error(path, version)
        for step in MIGRATIONS[version:]:
            for statement in step.statements:
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {VERSION}")
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
