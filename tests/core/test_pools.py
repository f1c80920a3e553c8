"""Winnable-deal pools: the shipped ones replay to a win, the format refuses what is not
a pool, a plugin's package is where they are found, and ``survey --pool`` writes only
solutions that replay."""

from __future__ import annotations

import datetime
import fnmatch
import gzip
import json
import os
import random
import sys
import textwrap
import tomllib
from pathlib import Path

import attrs
import pytest

from solitaire_core import pools
from solitaire_core.cli import main
from solitaire_core.options import resolve
from solitaire_core.pools import FORMAT, Pool, PoolError
from solitaire_core.registry import load_games
from solitaire_core.solver import WINNABLE, Budget, solve
from solitaire_core.survey.pool import option_sets
from solitaire_core.survey.store import Answer, Store, options_key

SAMPLE = 20


def shipped():
    return [(game, pool) for game in load_games().values() for pool in pools.pools_of(game)]


@pytest.mark.parametrize("game, pool", shipped(), ids=lambda x: getattr(x, "name", None) or x.id)
def test_every_shipped_pool_replays_a_sample_to_a_win_and_its_header_is_true(game, pool):
    assert pools.check_options(game, pool) is None
    assert pool.solver and all(version.startswith("0.") for version in pool.solver)
    assert pool.budget >= 2 and datetime.date.fromisoformat(pool.made) <= datetime.date.today()
    assert pool.survey[WINNABLE] == len(pool.wins) and sum(pool.survey.values()) == pool.last - pool.first + 1
    rng = random.Random(f"{pool.name} 19")
    for index, (deal, texts) in enumerate(rng.sample(pool.wins, min(SAMPLE, len(pool.wins)))):
        options = pool.options[index % len(pool.options)]  # each option set in turn
        moves, problem = pools.replay(game, options, deal, texts)  # every move through game.apply, to a win
        assert problem is None and moves, (deal, options)


@pytest.fixture(scope="module")
def won():
    """A game and two of its deals the solver wins within 5,000 positions each, with the
    moves as text: (game, {deal: texts}). Chosen by what the solver does, never named."""
    for game in load_games().values():
        found = {}
        for deal in range(1, 12):
            result = solve(game, game.new(deal), Budget(seconds=None, nodes=5_000))
            if result.answer == WINNABLE:
                found[deal] = tuple(game.format_move(m) for m in result.moves)
            if len(found) == 2:
                return game, found
    pytest.skip("the solver won two of deals 1-11 of no registered game")


def pool_of(game, wins: dict, options: dict | None = None, **changes) -> Pool:
    full = dict(resolve(game.options, options or {}))
    first, last = min(wins), max(wins)
    survey = {"winnable": len(wins), "unwinnable": last - first + 1 - len(wins), "unknown": 0}
    pool = Pool(game.id, (full,), ("0.1+test",), 5.0, first, last, survey, "2026-01-02",
                tuple(sorted(wins.items())))
    return attrs.evolve(pool, **changes)


def test_a_pool_written_reads_back_the_same_and_is_gzip_d_json(won, tmp_path):
    game, wins = won
    pool = pool_of(game, wins)
    pools.write(pool, tmp_path / "p.json.gz")
    data = (tmp_path / "p.json.gz").read_bytes()
    raw = json.loads(gzip.decompress(data))
    assert raw["format"] == FORMAT and raw["game"] == game.id and raw["deals"] == [pool.first, pool.last]
    assert pools.parse(data, "p") == attrs.evolve(pool, name="p")
    assert pools.parse(gzip.decompress(data), "p") == attrs.evolve(pool, name="p")  # plain JSON too
    pools.write(pool, tmp_path / "again.json.gz")
    assert (tmp_path / "again.json.gz").read_bytes() == data  # no timestamp: the same pool, the same bytes


@pytest.mark.parametrize("spoil, says", [
    (lambda raw: raw.update(format="other 2"), "format"),
    (lambda raw: raw.pop("budget"), "missing or malformed"),
    (lambda raw: raw["wins"].append(raw["wins"][0]), "listed twice"),
    (lambda raw: raw.update(deals=[raw["deals"][0] + 1, raw["deals"][1]]), "outside its range"),
    (lambda raw: raw["survey"].update(unknown=7), "do not match"),
    (lambda raw: raw.update(made="yesterday"), "not a date"),
    (lambda raw: raw.update(options=[]), "no option set"),
])
def test_a_file_that_is_not_a_true_pool_is_refused(won, spoil, says):
    game, wins = won
    raw = pool_of(game, wins).to_json()
    spoil(raw)
    with pytest.raises(PoolError, match=says):
        pools.parse(json.dumps(raw).encode(), "bad.json")
    with pytest.raises(PoolError, match="not a pool"):
        pools.parse(b"\x1f\x8b not really gzip", "bad.json.gz")


def test_a_pool_holds_only_for_its_option_sets_in_full(won):
    game, wins = won
    pool = pool_of(game, wins)
    assert pools.check_options(game, pool) is None
    assert pool.holds_for(dict(resolve(game.options, {})))
    partial = attrs.evolve(pool, options=({},)) if game.options else attrs.evolve(pool, options=({"x": 1},))
    assert pools.check_options(game, partial) is not None
    assert "not of" in pools.check_options(game, attrs.evolve(pool, game="another"))


@pytest.fixture
def plugin(won, tmp_path, monkeypatch):
    """A plugin package made on the spot: a game of its own (a subclass of ``won``'s game
    under another id) with a ``pools/`` folder, found as any plugin's pools are."""
    game, wins = won
    folder = tmp_path / "pool_plugin"
    (folder / "pools").mkdir(parents=True)
    (folder / "__init__.py").write_text(textwrap.dedent(f"""
        from {type(game).__module__} import {type(game).__name__} as Base

        class Pooled(Base):
            id = "pooled"
        """), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "pool_plugin", raising=False)
    import pool_plugin
    pooled = pool_plugin.Pooled()
    pools.write(pool_of(pooled, wins), folder / "pools" / "default.json.gz")
    yield pooled, folder
    pools._pools.cache_clear()


def test_a_plugin_s_package_ships_its_pools_and_a_subclass_elsewhere_has_none_of_them(plugin, won):
    pooled, folder = plugin
    found = pools.pools_of(pooled)
    assert len(found) == 1 and found[0].game == "pooled" and found[0].name.endswith("pools/default.json.gz")
    assert pools.pool_for(pooled, {}) is found[0]
    game, _ = won
    assert all(pool.game == game.id for pool in pools.pools_of(game))  # the parent's package: its own only
    (folder / "pools" / "broken.json.gz").write_bytes(b"nonsense")
    pools._pools.cache_clear()
    with pytest.raises(PoolError, match="broken.json.gz"):
        pools.pools_of(pooled)


def deeply_nested(depth: int) -> bytes:
    return b'{"format": ' + b"[" * depth + b"]" * depth + b"}"


@pytest.mark.parametrize("make, says", [
    (lambda path: path.symlink_to("/dev/zero"), "it is a device, not a file"),
    (lambda path: os.mkfifo(path), "it is a pipe"),
    (lambda path: path.write_bytes(gzip.compress(deeply_nested(100_000))), "not a pool"),
    (lambda path: path.write_bytes(gzip.compress(b" " * (pools.LIMIT + 1))), "larger than"),
])
def test_a_pool_file_that_is_a_device_a_fifo_or_a_trap_is_refused_at_once_in_words(plugin, make, says):
    """A plugin's pool linked to /dev/zero, a FIFO, JSON nested 100,000 deep or a gzip bomb:
    ``PoolError`` naming the file, at once (the table then says so and searches for a deal)."""
    pooled, folder = plugin
    make(folder / "pools" / "trap.json.gz")
    pools._pools.cache_clear()
    with pytest.raises(PoolError, match=f"trap.json.gz: .*{says}"):
        pools.pools_of(pooled)


# --- survey --pool ----------------------------------------------------------------------------------------
def stored(tmp_path, game, wins: dict, spoiled: int | None = None):
    """A survey store answering every deal from the first won deal to the last: the won
    ones with their solutions (``spoiled``'s cut short), the others unknown."""
    key = options_key(resolve(game.options, {}))
    path = tmp_path / "s.sqlite3"
    with Store(path) as store:
        store.add(Answer(game.id, key, deal, WINNABLE if deal in wins else "unknown", 5.0, 0.1, 10,
                         len(wins[deal]) if deal in wins else None,
                         " ".join(wins[deal][:-1] if deal == spoiled else wins[deal]) if deal in wins else None,
                         "0.1+test") for deal in range(min(wins), max(wins) + 1))
    return path


def test_survey_pool_writes_the_stored_wins_each_replayed(won, tmp_path, capsys):
    game, wins = won
    first, last = min(wins), max(wins)
    store = stored(tmp_path, game, wins)
    out = tmp_path / "pool.json.gz"
    assert main(["survey", game.id, "--deals", f"{first}-{last}", "--store", str(store), "--pool", str(out)]) == 0
    assert "every solution replayed to a win" in capsys.readouterr().out
    pool = pools.parse(out.read_bytes())
    assert dict(pool.wins) == wins and (pool.first, pool.last, pool.budget) == (first, last, 5.0)
    assert pool.survey == {"winnable": 2, "unwinnable": 0, "unknown": last - first - 1}
    assert pool.options == (dict(resolve(game.options, {})),) and pool.solver == ("0.1+test",)
    assert pool.made == datetime.date.today().isoformat()


def test_survey_pool_refuses_loudly_a_solution_that_does_not_replay(won, tmp_path, capsys):
    game, wins = won
    spoiled = max(wins)
    store = stored(tmp_path, game, wins, spoiled=spoiled)
    out = tmp_path / "pool.json.gz"
    assert main(["survey", game.id, "--deals", f"{min(wins)}-{spoiled}", "--store", str(store),
                 "--pool", str(out)]) == 1
    err = capsys.readouterr().err
    assert "no pool written" in err and f"deal {spoiled}" in err and "not won" in err
    assert not out.exists()


def test_survey_pool_refuses_a_range_the_store_has_not_answered(won, tmp_path, capsys):
    game, wins = won
    store = stored(tmp_path, game, wins)
    out = tmp_path / "pool.json.gz"
    assert main(["survey", game.id, "--deals", f"{min(wins)}-{max(wins) + 3}", "--store", str(store),
                 "--pool", str(out)]) == 1
    assert "3 deals" in capsys.readouterr().err and not out.exists()


def test_also_adds_option_sets_each_solution_replays_under():
    sets = option_sets({"draw": 1, "scoring": "standard", "total": "off"},
                             {"scoring": ["none"], "total": ["on", "off"]})
    assert sets == ({"draw": 1, "scoring": "standard", "total": "off"}, {"draw": 1, "scoring": "standard", "total": "on"},
                    {"draw": 1, "scoring": "none", "total": "off"}, {"draw": 1, "scoring": "none", "total": "on"})



def test_also_without_pool_and_workers_with_a_scheduler_are_refused(won, tmp_path, capsys):
    game, _ = won
    store = str(tmp_path / "s.sqlite3")
    assert main(["survey", game.id, "--deals", "1-2", "--store", store, "--also", "x=1"]) == 2
    assert "--also goes with --pool" in capsys.readouterr().err
    assert main(["survey", game.id, "--deals", "1-2", "--store", store, "--workers", "1",
                 "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "--workers is for the local cluster" in capsys.readouterr().err
    assert main(["survey", game.id, "--deals", "1-2", "--store", store, "--workers", "0"]) == 2


def test_every_pool_file_of_the_repository_ships_as_package_data():
    root = Path(__file__).parents[2]
    files = [p for p in root.glob("games/*/pools/*") if p.is_file()]
    patterns = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["*"]
    assert files and all(any(fnmatch.fnmatch(f"pools/{p.name}", pattern) for pattern in patterns) for p in files)
    assert all(p.name.endswith(pools.SUFFIXES) for p in files)  # none the engine would pass over
