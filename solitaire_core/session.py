"""A game in progress: its history of states, the clock, and JSON saves (DESIGN 3.6).

Undo is a list of states and a cursor into it; a save is the moves in
notation, replayed and checked through the rules on load, so a damaged or
forged file can never put an impossible position on the table.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Mapping

from .errors import SaveError, SolitaireError
from .moves import Move
from .state import State

SAVE_FORMAT = "solitaire-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_SAVE_MOVES = 20_000  # a long Tacta game played by the demo is about 3,000; replaying 20,000 takes ~2 s


class Session:
    """One game being played: ``play``, ``undo``, ``redo``, ``save``, ``load``."""

    def __init__(self, game, deal: int | None = 0, options: Mapping[str, Any] | None = None,
                 start: State | None = None, clock: Callable[[], float] = time.monotonic):
        self.game = game
        self.deal = deal
        self.clock = clock
        if start is None:
            start = game.new(deal, **dict(options or {}))
            self.custom_start = False
        else:
            self.custom_start = True
        self.options = dict(start.options)
        self.states: list[State] = [start]
        self.moves: list[Move] = []
        self.position = 0
        self._elapsed = 0.0
        self._running_since: float | None = None

    # --- play ----------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[self.position]

    @property
    def move_count(self) -> int:
        return self.position

    def play(self, move: Move) -> State:
        """Apply a legal move (IllegalMove otherwise); drops the redo branch."""
        after = self.game.apply(self.state, move)
        del self.states[self.position + 1:]
        del self.moves[self.position:]
        self.states.append(after)
        self.moves.append(move)
        self.position += 1
        self.resume()
        return after

    def can_undo(self) -> bool:
        return self.position > 0

    def can_redo(self) -> bool:
        return self.position < len(self.moves)

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.position -= 1
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self.position += 1
        return True

    def restart(self) -> None:
        """Back to the deal; the moves stay available to redo."""
        self.position = 0

    @property
    def is_won(self) -> bool:
        return self.game.is_won(self.state)

    # --- clock -----------------------------------------------------------------
    @property
    def elapsed(self) -> float:
        running = self.clock() - self._running_since if self._running_since is not None else 0.0
        return self._elapsed + running

    def pause(self) -> None:
        if self._running_since is not None:
            self._elapsed = self.elapsed
            self._running_since = None

    def resume(self) -> None:
        """The clock runs from the first move until the game is won or paused."""
        if self.is_won:
            self.pause()
        elif self._running_since is None and self.position > 0:
            self._running_since = self.clock()

    # --- saves -------------------------------------------------------------------
    def to_json(self) -> dict:
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.id,
            "options": {k: v for k, v in self.options.items()},
            "deal": self.deal,
            "moves": [self.game.format_move(m) for m in self.moves],
            "position": self.position,
            "elapsed": round(self.elapsed, 3),
        }
        if self.custom_start:
            data["start"] = self.game.format_position(self.states[0])
        return data

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically: a crash mid-write leaves the previous file whole."""
        write_atomic(Path(path), json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def from_json(cls, data: Any, games: Mapping[str, Any], clock: Callable[[], float] = time.monotonic) -> "Session":
        if not isinstance(data, dict):
            raise SaveError("a save must be a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a solitaire save (format {data.get('format')!r})")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"save version {data.get('version')!r} is not supported (this program reads {SAVE_VERSION})")
        game = games.get(data.get("game")) if isinstance(data.get("game"), str) else None
        if game is None:
            raise SaveError(f"the save is of game {data.get('game')!r}, which is not installed")
        options, deal, moves = data.get("options", {}), data.get("deal"), data.get("moves", [])
        position, elapsed = data.get("position", len(moves) if isinstance(moves, list) else 0), data.get("elapsed", 0)
        if not isinstance(options, dict):
            raise SaveError("'options' must be an object")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SaveError("'moves' must be a list of move texts")
        if len(moves) > MAX_SAVE_MOVES:
            raise SaveError(f"the save holds {len(moves)} moves, more than any real game ({MAX_SAVE_MOVES})")
        if not _whole(position) or not 0 <= position <= len(moves):
            raise SaveError(f"'position' must be a whole number from 0 to {len(moves)}")
        if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or not 0 <= elapsed < 1e9:
            raise SaveError("'elapsed' must be a number of seconds")
        try:
            if "start" in data:
                if not isinstance(data["start"], str):
                    raise SaveError("'start' must be position text")
                session = cls(game, deal if _whole(deal) else None,
                              start=game.parse_position(data["start"], **options), clock=clock)
            else:
                if not _whole(deal):
                    raise SaveError("'deal' must be a whole number")
                session = cls(game, deal, options, clock=clock)
        except SaveError:
            raise
        except (SolitaireError, ValueError, TypeError) as exc:
            raise SaveError(f"the save's game cannot be set up: {exc}") from exc
        for index, text in enumerate(moves):
            try:
                session.play(game.parse_move(session.state, text))
            except (SolitaireError, ValueError) as exc:
                raise SaveError(f"move {index + 1} ({text!r}) cannot be replayed: {exc}") from exc
        session.position = position
        session._elapsed = float(elapsed)
        session._running_since = None
        return session

    @classmethod
    def load(cls, path: str | os.PathLike, games: Mapping[str, Any], clock: Callable[[], float] = time.monotonic) -> "Session":
        path = Path(path)
        try:
            if path.stat().st_size > MAX_SAVE_BYTES:
                raise SaveError(f"{path} is too large to be a save")
            data = json.loads(path.read_text(encoding="utf-8"))
        except SaveError:
            raise
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise SaveError(f"cannot read {path}: {exc}") from exc
        return cls.from_json(data, games, clock)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**32


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
