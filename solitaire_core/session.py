"""A game in progress: its history of states, the clock, and JSON saves (docs/architecture.md, Sessions and saves).

Undo is a list of states and a cursor into it; a save is the moves in
notation, replayed and checked through the rules on load, so a damaged or
forged file can never put an impossible position on the table. A save this
program sealed (``seal.py``) and nobody changed is replayed without the check,
its checkpoints compared, so a long game resumes in well under a second.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Mapping

from . import seal, words
from .errors import IllegalMove, OptionError, SaveError, SolitaireError
from .inputs import POSITION_LIMIT, quote, read_text
from .moves import Move
from .state import State

SAVE_FORMAT = "solitaire-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_SAVE_MOVES = 20_000  # a long puzzle game played by the demo is about 3,000; the app writes no more
CHECKPOINT_EVERY = 1000  # moves between the positions a sealed save carries


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
        self._unchanged = 0  # moves[:_unchanged] stand as they were at the last ``changes()``

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
        self._unchanged = min(self._unchanged, self.position)
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
        self.resume()  # a move played again runs the clock as playing it did
        return True

    def restart(self) -> None:
        """Back to the deal; the moves stay available to redo. A new attempt:
        its clock starts from 0 on the next move (a win reports this attempt's time)."""
        self.position = 0
        self._elapsed = 0.0
        self._running_since = None

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
    def changes(self) -> tuple[int, list[Move]]:
        """Since the last call: how many moves from the first stand unchanged, and the moves
        after them (what the automatic save's journal appends, whatever the history's length)."""
        kept, self._unchanged = self._unchanged, len(self.moves)
        return kept, self.moves[kept:]

    def checkpoints(self) -> dict[str, str]:
        """Position text every ``CHECKPOINT_EVERY`` moves, for a sealed save's fast resume."""
        return {str(i): self.game.format_position(self.states[i])
                for i in range(CHECKPOINT_EVERY, len(self.states), CHECKPOINT_EVERY)}

    def check_savable(self) -> None:
        """``SaveError`` past ``MAX_SAVE_MOVES`` moves: what this program writes, it loads."""
        if len(self.moves) > MAX_SAVE_MOVES:
            raise SaveError(f"this game has {len(self.moves):,} moves; a save holds at most {MAX_SAVE_MOVES:,}",
                            words.save_cannot_hold(len(self.moves), MAX_SAVE_MOVES))

    def to_json(self) -> dict:
        self.check_savable()
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

    def save(self, path: str | os.PathLike, key: bytes | None = None) -> None:
        """Write atomically: a crash mid-write leaves the previous file whole. With the app's
        ``key`` the save carries checkpoints and a seal, so this program resumes it quickly."""
        data = self.to_json()
        if key is not None:
            data = seal.sign({**data, "checkpoints": self.checkpoints()}, key)
        write_atomic(Path(path), json.dumps(data, indent=1) + "\n")

    @classmethod
    def from_json(cls, data: Any, games: Mapping[str, Any], clock: Callable[[], float] = time.monotonic,
                  trusted: bool = False) -> "Session":
        """The session a save holds; every move is checked by the rules unless ``trusted``
        (the app's seal verified): then the moves are replayed unchecked and the
        checkpoints compared, and anything that does not match is checked in full."""
        if not isinstance(data, dict):
            raise SaveError("a save must be a JSON object", words.save_not_a_save())
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a solitaire save (format {quote(data.get('format'))})", words.save_not_a_save())
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"save version {quote(data.get('version'))} is not supported (this program reads {SAVE_VERSION})",
                            words.save_too_new())
        game = games.get(data.get("game")) if isinstance(data.get("game"), str) else None
        if game is None:
            raise SaveError(f"the save is of game {quote(data.get('game'))}, which is not installed",
                            words.save_game_missing(quote(data.get("game"))))
        options, deal, moves = data.get("options", {}), data.get("deal"), data.get("moves", [])
        position, elapsed = data.get("position", len(moves) if isinstance(moves, list) else 0), data.get("elapsed", 0)
        if not isinstance(options, dict):
            raise SaveError("'options' must be an object", words.save_damaged())
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SaveError("'moves' must be a list of move texts", words.save_damaged())
        if len(moves) > MAX_SAVE_MOVES:
            raise SaveError(f"the save holds {len(moves)} moves, more than any real game ({MAX_SAVE_MOVES})",
                            words.save_too_long(MAX_SAVE_MOVES))
        if not _whole(position) or not 0 <= position <= len(moves):
            raise SaveError(f"'position' must be a whole number from 0 to {len(moves)}", words.save_damaged())
        if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or not 0 <= elapsed < 1e9:
            raise SaveError("'elapsed' must be a number of seconds", words.save_damaged())
        session = cls._set_up(game, data, options, deal, clock)
        if not (trusted and session._replay_known(moves, data.get("checkpoints"))):
            if trusted:  # the shortcut did not hold: start again and check every move
                session = cls._set_up(game, data, options, deal, clock)
            session._replay_checked(moves)
        session.position = position
        session._elapsed = float(elapsed)
        session._running_since = None
        return session

    @classmethod
    def _set_up(cls, game, data: dict, options: dict, deal: Any, clock) -> "Session":
        try:
            if "start" in data:
                if not isinstance(data["start"], str) or len(data["start"]) > POSITION_LIMIT:
                    raise SaveError(f"'start' must be position text of at most {POSITION_LIMIT:,} characters",
                                    words.save_start_wrong())
                session = cls(game, deal if _whole(deal) else None,
                              start=game.parse_position(data["start"], **options), clock=clock)
            else:
                if not _whole(deal):
                    raise SaveError("'deal' must be a whole number", words.save_damaged())
                session = cls(game, deal, options, clock=clock)
        except SaveError:
            raise
        except (SolitaireError, ValueError, TypeError) as exc:
            said = words.save_options_wrong() if isinstance(exc, OptionError) else words.save_start_wrong()
            raise SaveError(f"the save's game cannot be set up: {exc}", said) from exc
        return session

    def _replay_checked(self, texts: list[str]) -> None:
        for index, text in enumerate(texts):
            try:
                self.play(self.game.parse_move(self.state, text))
            except (SolitaireError, ValueError) as exc:
                reason = exc.reason if isinstance(exc, IllegalMove) else words.save_not_a_move()
                raise SaveError(f"move {index + 1} ({quote(text)}) cannot be replayed: {exc}",
                                words.save_move_fails(index + 1, reason)) from exc

    def _replay_known(self, texts: list[str], checkpoints: Any) -> bool:
        """Replay moves this program wrote and sealed with ``play`` (no legality check);
        True when every checkpoint matches. Any failure is False: the caller checks in full."""
        game, states, moves = self.game, self.states, self.moves
        if not isinstance(checkpoints, dict):
            return False
        try:
            for text in texts:
                move = game.parse_move(states[-1], text)
                moves.append(move)
                states.append(game.play(states[-1], move))
            self.position = len(moves)
            return all(isinstance(i, str) and i.isdigit() and int(i) < len(states)
                       and game.format_position(states[int(i)]) == expected for i, expected in checkpoints.items())
        except Exception:  # noqa: BLE001 - whatever went wrong, the full check decides
            return False

    @classmethod
    def load(cls, path: str | os.PathLike, games: Mapping[str, Any], clock: Callable[[], float] = time.monotonic,
             key: bytes | None = None) -> "Session":
        """A save file; sealed with ``key`` (the app's own), it resumes without a full check."""
        data = read_save(path)
        return cls.from_json(data, games, clock, trusted=seal.verify(data, key))


def read_save(path: str | os.PathLike) -> Any:
    """The JSON of a save file; ``SaveError`` when it cannot be read."""
    path = Path(path)
    try:  # a regular file of at most MAX_SAVE_BYTES, never a device or a FIFO
        return json.loads(read_text(path, MAX_SAVE_BYTES))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        said = words.save_unreadable(exc.strerror or str(exc)) if isinstance(exc, OSError) else words.save_not_a_save()
        raise SaveError(f"cannot read {path}: {exc}", said) from exc


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
