"""A winnable-deal pool made from a survey store (``solitaire survey GAME --pool FILE``).

Every stored solution is replayed to a win with the engine under each option set
the pool is to hold for, before anything is written: a solution that does not
replay refuses the whole pool, naming the deals, so a pool never lists a deal
it cannot win.
"""

from __future__ import annotations

import datetime
import itertools
from typing import Mapping, Sequence

from ..pools import Pool, PoolError, check_options, replay, VERDICTS
from ..solver import UNKNOWN, WINNABLE
from .store import Store, options_key

SHOWN = 5  # deals named when many are refused


def option_sets(surveyed: Mapping, also: Mapping[str, Sequence]) -> tuple[dict, ...]:
    """The surveyed option set first, then every set with ``also``'s further values."""
    names = list(surveyed)
    choices = [[surveyed[n], *(v for v in also.get(n, ()) if v != surveyed[n])] for n in names]
    return tuple(dict(zip(names, values)) for values in itertools.product(*choices))


def make_pool(game, store: Store, options: tuple[dict, ...], deals: range, made: datetime.date | None = None) -> Pool:
    """The pool of the deals of ``deals`` the store holds as winnable for ``options[0]``
    (every deal of the range must be answered), each replayed under every option set."""
    key = options_key(options[0])
    answers = {a.deal: a for a in store.answers(game.id) if a.options == key and a.deal in deals}
    missing = [deal for deal in deals if deal not in answers]
    if missing:
        raise PoolError(f"{len(missing)} deals of {deals.start}-{deals.stop - 1} have no answer in the store "
                        f"(first {missing[0]}): run the survey on them first")
    wins = [(deal, tuple(answers[deal].solution.split())) for deal in deals if answers[deal].verdict == WINNABLE]
    if not wins:
        raise PoolError(f"the store proves no deal of {deals.start}-{deals.stop - 1} winnable: no pool to make")
    refused = []
    for deal, moves in wins:
        for chosen in options:
            problem = replay(game, chosen, deal, moves)[1]
            if problem:
                refused.append(f"deal {deal} ({' '.join(f'{k}={v}' for k, v in chosen.items())}): {problem}")
                break
    if refused:
        raise PoolError(f"{len(refused)} solutions do not replay to a win, nothing written: "
                        + "; ".join(refused[:SHOWN]) + ("; ..." if len(refused) > SHOWN else ""))
    unknown = [a.budget for a in answers.values() if a.verdict == UNKNOWN]
    pool = Pool(game.id, options, tuple(sorted({answers[deal].solver for deal, _ in wins})),
                max(unknown or [a.budget for a in answers.values()]), deals.start, deals.stop - 1,
                {v: sum(1 for a in answers.values() if a.verdict == v) for v in VERDICTS},
                (made or datetime.date.today()).isoformat(), tuple(wins))
    problem = check_options(game, pool)
    if problem:
        raise PoolError(problem)
    return pool
