"""Winnable-deal pools: the deal numbers a survey proved winnable, each with its
solution, shipped as package data of the game (its package's ``pools/`` folder,
found as its rules.md is, so a third-party plugin ships its own).

A pool is gzip'd JSON (``*.json.gz``; plain ``*.json`` is read too), never
pickle: its header says the game, the option sets it holds for (every solution
was replayed to a win under each before the file was written), the solver
versions and the budget of the survey, its deal range and what the survey found
there, and the day it was made. "Winnable deals only" draws from it at random, so
a hard winnable deal comes up as often as an easy one (docs/solver.md, Pools).
"""

from __future__ import annotations

import datetime
import functools
import gzip
import importlib.resources
import io
import json
import os
import random
import sys
from typing import Mapping, Sequence

from attrs import frozen

from .errors import IllegalMove, SolitaireError
from .inputs import read_bytes
from .options import resolve

FORMAT = "solitaire-pool 1"
FOLDER = "pools"
SUFFIXES = (".json.gz", ".json")
LIMIT = 64 * 1024 * 1024  # bytes a pool may hold once unzipped: a bigger file is refused, not read
VERDICTS = ("winnable", "unwinnable", "unknown")


class PoolError(SolitaireError):
    """A pool file that is not one, or that says something untrue of its game."""


@frozen
class Pool:
    """One pool: ``wins`` holds (deal, the winning moves in the game's notation)."""

    game: str
    options: tuple[dict, ...]  # every option of the game with its value, one dict an option set
    solver: tuple[str, ...]
    budget: float
    first: int
    last: int
    survey: dict  # verdict -> deals of the range the survey answered so
    made: str
    wins: tuple[tuple[int, tuple[str, ...]], ...]
    name: str = ""  # where it was read from, for messages

    def holds_for(self, options: Mapping) -> bool:
        return dict(options) in self.options

    def draw(self, rng: random.Random | None = None) -> tuple[int, tuple[str, ...]]:
        """A deal of the pool at random, with its solution."""
        return (rng or random).choice(self.wins)

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "options": list(self.options), "solver": list(self.solver),
                "budget": self.budget, "deals": [self.first, self.last], "survey": self.survey,
                "made": self.made, "wins": [[deal, " ".join(moves)] for deal, moves in self.wins]}


def replay(game, options: Mapping, deal: int, texts: Sequence[str], checked: bool = True) -> tuple[tuple, str | None]:
    """Deal ``deal`` and play ``texts`` (move notation) through ``game.apply``: (the
    moves, None) when they end in a win, else ((), why not). ``checked=False`` plays them
    with ``game.play`` (no legality check: the slowest game's 257 ms a deal become 1.6 ms,
    benchmarks/pools.py), for a pool already replayed through ``apply`` when it was written."""
    state, moves = game.new(deal, **dict(options)), []
    step = game.apply if checked else game.play
    for index, text in enumerate(texts, 1):
        try:
            move = game.parse_move(state, text)
            state = step(state, move)
        except (IllegalMove, SolitaireError, ValueError) as exc:
            return (), f"move {index} ({text}) does not apply: {exc}"
        moves.append(move)
    return (tuple(moves), None) if game.is_won(state) else ((), "the moves end in a position that is not won")


def parse(data: bytes, name: str = "") -> Pool:
    """The pool in ``data`` (gzip'd or plain JSON); PoolError when it is not a pool."""
    try:
        if data[:2] == b"\x1f\x8b":
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
                data = stream.read(LIMIT + 1)
        if len(data) > LIMIT:
            raise PoolError(f"{name}: larger than {LIMIT} bytes unzipped")
        raw = json.loads(data.decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise PoolError(f"{name}: not a pool (gzip'd JSON): {exc}") from None
    try:
        if raw["format"] != FORMAT:
            raise PoolError(f"{name}: format {raw['format']!r}, not {FORMAT!r}")
        first, last = (int(x) for x in raw["deals"])
        wins = tuple((int(deal), tuple(moves.split())) for deal, moves in raw["wins"])
        pool = Pool(str(raw["game"]), tuple(dict(o) for o in raw["options"]), tuple(str(s) for s in raw["solver"]),
                    float(raw["budget"]), first, last, {v: int(raw["survey"][v]) for v in VERDICTS},
                    str(raw["made"]), wins, name)
    except PoolError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PoolError(f"{name}: a pool's header or entry is missing or malformed ({exc!r})") from None
    problem = inconsistency(pool)
    if problem:
        raise PoolError(f"{name}: {problem}")
    return pool


def inconsistency(pool: Pool) -> str | None:
    """What a pool says that cannot be true of any survey, or None."""
    deals = [deal for deal, _ in pool.wins]
    if not pool.options:
        return "it names no option set"
    if not pool.wins:
        return "it holds no deal"
    if len(set(deals)) != len(deals):
        return "a deal is listed twice"
    if any(not pool.first <= deal <= pool.last for deal in deals):
        return f"a deal lies outside its range {pool.first}-{pool.last}"
    if pool.survey["winnable"] != len(deals) or sum(pool.survey.values()) != pool.last - pool.first + 1:
        return f"its survey counts {pool.survey} do not match its {len(deals)} deals and range"
    if any(not moves for _, moves in pool.wins):
        return "a deal has no moves"
    try:
        datetime.date.fromisoformat(pool.made)
    except ValueError:
        return f"its date {pool.made!r} is not a date"
    return None


def write(pool: Pool, path) -> None:
    """Write ``pool`` as gzip'd JSON (no name or time inside the gzip: the same pool, the same bytes)."""
    data = json.dumps(pool.to_json(), separators=(",", ":")).encode("utf-8")
    with open(path, "wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=0) as stream:
        stream.write(data)


def check_options(game, pool: Pool) -> str | None:
    """None when the pool is ``game``'s and each of its option sets is the game's, in full."""
    if pool.game != game.id:
        return f"it is a pool of {pool.game!r}, not of {game.id!r}"
    for options in pool.options:
        try:
            full = dict(resolve(game.options, options))
        except SolitaireError as exc:
            return f"option set {options}: {exc}"
        if full != options:
            return f"option set {options} is not every option of the game with its value ({full})"
    return None


def pools_of(game) -> tuple[Pool, ...]:
    """The pools ``game``'s own package ships (a subclass in another package, a variant,
    has its own or none); PoolError when one of them is broken."""
    return _pools(type(game), game.id)


@functools.lru_cache(maxsize=None)
def _pools(cls, game_id: str) -> tuple[Pool, ...]:
    package = getattr(sys.modules.get(cls.__module__), "__package__", None)
    if not package:
        return ()
    try:
        folder = importlib.resources.files(package).joinpath(FOLDER)
        files = sorted((f for f in folder.iterdir() if f.name.endswith(SUFFIXES)), key=lambda f: f.name)
    except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError, TypeError):
        return ()
    found = []
    for file in files:
        name = f"{package}/{FOLDER}/{file.name}"
        pool = parse(_read(file, name), name)
        if pool.game == game_id:
            found.append(pool)
    return tuple(found)


def _read(file, name: str) -> bytes:
    """A pool file's bytes, bounded: a link to a device or a FIFO among a plugin's pools is
    refused at once, never read without end or waited on (``inputs.read_bytes``)."""
    try:
        return read_bytes(file, LIMIT) if isinstance(file, os.PathLike) else file.read_bytes()
    except OSError as exc:
        raise PoolError(f"{name}: cannot be read: {exc}") from None


def pool_for(game, options: Mapping) -> Pool | None:
    """The pool of ``game`` for these options (all of them, resolved), or None."""
    full = dict(resolve(game.options, options))
    return next((pool for pool in pools_of(game) if pool.holds_for(full)), None)
