"""What a player's record is made of: one finished game, and the figures derived.

Pure data and arithmetic, no database: the store reads rows into
``GameRecord`` and ``figures`` turns an ordered run of them into ``Stats``.
A game not won (lost or abandoned) breaks a winning streak and extends a
losing one, as in KPatience and AisleRiot.
"""

from __future__ import annotations

import json
import math
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable, Mapping

from attrs import field, frozen

from ..errors import SolitaireError
from ..i18n import _
from ..inputs import quote

RESULTS = ("won", "lost", "abandoned")
MAX_DURATION = 1e9  # seconds, as in saves: past it the number is not a real game


class StoreError(SolitaireError):
    """The statistics store cannot do what was asked; the message says why."""


def option_pairs(options: Mapping[str, Any] | Iterable[tuple[str, Any]] | None) -> tuple:
    """Options as sorted (name, value) pairs of JSON scalars: hashable, one spelling."""
    try:
        items = dict(options.items() if isinstance(options, Mapping) else (options or ()))
    except (TypeError, ValueError) as exc:
        raise StoreError(_("options must be a mapping of names to values, not {options}").format(
            options=quote(options))) from exc
    for name, value in items.items():
        if not isinstance(name, str) or not (value is None or isinstance(value, (str, int, bool))
                                             or isinstance(value, float) and math.isfinite(value)):
            raise StoreError(_("option {option} cannot be recorded (names are text, values text or numbers)").format(
                option=f"{quote(name)}={quote(value)}"))
    return tuple(sorted(items.items()))


def canonical(options) -> str:
    """The one JSON text of an option set, used as its key in the database."""
    return json.dumps(dict(option_pairs(options)), sort_keys=True, separators=(",", ":"))


def now() -> datetime:
    return datetime.now(timezone.utc)


def to_stored_precision(moment):
    """UTC to the millisecond, as stored, so a record reads back equal to itself."""
    if isinstance(moment, datetime) and moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
        return moment.replace(microsecond=moment.microsecond // 1000 * 1000)
    return moment


@frozen(kw_only=True)
class GameRecord:
    """One finished or abandoned game. Dates are timezone-aware; ``id`` is the store's."""

    game: str
    options: tuple = field(converter=option_pairs)
    deal: int | None
    result: str
    moves: int
    score: int | None
    duration: float
    ended: datetime = field(factory=now, converter=to_stored_precision)
    started: datetime | None = field(default=None, converter=to_stored_precision)
    id: int | None = None
    uid: str | None = None  # given when the game ended (``outbox``): the store keeps it once
    # the options keying the running total its score goes to (``Game.running_total_options``);
    # None: its own options. Not kept with the game: the running total's row is that account.
    account: tuple | None = field(default=None, eq=False,
                                  converter=lambda value: None if value is None else option_pairs(value))

    def __attrs_post_init__(self):
        problem = self._problem()
        if problem:
            raise StoreError(_("cannot record this game: {problem}").format(problem=problem))
        if self.started is None:
            object.__setattr__(self, "started", to_stored_precision(self.ended - timedelta(seconds=self.duration)))

    def _problem(self) -> str | None:
        if not isinstance(self.game, str) or not self.game:
            return _("the game id must be a non-empty text")
        if self.result not in RESULTS:
            return _("result {result} is not one of {results}").format(result=quote(self.result),
                                                                         results=", ".join(RESULTS))
        for name in ("deal", "moves", "score"):
            value = getattr(self, name)
            if value is None and name != "moves" or _integer(value):
                continue
            return _("{field} must be a whole number (64-bit), not {value}").format(field=name, value=quote(value))
        if self.deal is not None and self.deal < 0 or self.moves < 0:
            return _("deal and moves cannot be negative")
        if isinstance(self.duration, bool) or not isinstance(self.duration, (int, float)) \
                or not 0 <= self.duration < MAX_DURATION:
            return _("duration must be a number of seconds, not {value}").format(value=quote(self.duration))
        for name in ("started", "ended"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, datetime) or value.tzinfo is None):
                return _("{field} must be a timezone-aware datetime, not {value}").format(field=name,
                                                                                            value=quote(value))
        return None

    @property
    def won(self) -> bool:
        return self.result == "won"


def _integer(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -2**63 <= value < 2**63


@frozen
class Stats:
    """Figures for one game, over one option set or (``options`` None) all of them."""

    game: str
    options: tuple | None
    played: int = 0
    won: int = 0
    lost: int = 0
    abandoned: int = 0
    winning_streak: int = 0
    losing_streak: int = 0
    longest_winning_streak: int = 0
    longest_losing_streak: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    best_score: int | None = None

    @property
    def win_rate(self) -> float:
        """Won over played, 0.0 before the first game."""
        return self.won / self.played if self.played else 0.0


def figures(game: str, options: tuple | None, records: Iterable[GameRecord]) -> Stats:
    """The figures of ``records``, given oldest first (streaks depend on order).

    Best time and fewest moves count won games only; best score counts every
    game that kept a score (a Vegas game can end with its best score unwon).
    """
    counts = dict.fromkeys(RESULTS, 0)
    wins = losses = longest_wins = longest_losses = 0
    times, moves, scores = [], [], []
    for record in records:
        counts[record.result] += 1
        if record.won:
            wins, losses = wins + 1, 0
            times.append(record.duration)
            moves.append(record.moves)
        else:
            wins, losses = 0, losses + 1
        longest_wins, longest_losses = max(longest_wins, wins), max(longest_losses, losses)
        if record.score is not None:
            scores.append(record.score)
    return Stats(
        game, options, sum(counts.values()), counts["won"], counts["lost"], counts["abandoned"],
        wins, losses, longest_wins, longest_losses,
        min(times, default=None), min(moves, default=None), max(scores, default=None),
    )
