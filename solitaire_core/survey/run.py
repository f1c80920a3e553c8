"""A survey on a Dask cluster: the only module of the package that imports Dask.

Deals go out in batches of consecutive deal numbers, a bounded number in flight
(``IN_FLIGHT`` per worker thread, so no worker waits for the client), each batch
sized from the time deals have taken so far to last about ``BATCH_SECONDS``:
fast deals go by the hundred, slow ones one or two at a time. The client stores
each batch's answers as it arrives, so a worker that dies loses only its batch
in flight, which Dask gives to another worker, and a client that dies loses only
the batches not yet back.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections import deque

from attrs import frozen
from dask.distributed import Client, KilledWorker, LocalCluster, as_completed

from ..i18n import _
from ..interrupts import interrupt_held
from .store import Answer, Store
from .work import solve_batch

BATCH_SECONDS = 2.0
MAX_BATCH = 200
IN_FLIGHT = 2


class SurveyFailed(Exception):
    """A batch that Dask gave up on (it killed worker after worker): one line, exit status 1."""


@frozen
class Outcome:
    """What one run did: the answers it stored (by verdict) and the problems seen."""

    counts: dict
    problems: tuple[str, ...]
    workers: int


def connect(scheduler: str | None, workers: int | None = None) -> tuple[Client, LocalCluster | None]:
    """A client of the cluster at ``scheduler``, or of a new local one: ``workers``
    processes (default one per core), one thread each, no memory limit (as ``--jobs`` has none), all on
    127.0.0.1 (its HTTP server, which Dask always starts, on a free port). The local
    cluster's logs are silenced: what goes wrong reaches the survey as an exception,
    said in words, and Dask's own lines (a heartbeat missed while it closes) are noise."""
    if scheduler:
        return Client(scheduler), None
    with interrupt_held():  # its processes: Ctrl-C stops the survey, which closes them
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address="127.0.0.1:0", memory_limit=0,
                               silence_logs=logging.CRITICAL)
        return Client(cluster), cluster


@contextlib.contextmanager
def _silenced(*names: str):
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def batch_size(seconds: float, solved: int, left: int, slots: int) -> int:
    """Deals in the next batch: about ``BATCH_SECONDS`` of work at the mean so far,
    never so many that the last batches leave workers idle."""
    size = 1 if not solved else MAX_BATCH if seconds <= 0 else int(BATCH_SECONDS * solved / seconds)
    return max(1, min(size, MAX_BATCH, left // slots))


def run(store: Store, game_id: str, options: dict, key: str, deals: list[int], budget: float,
        scheduler: str | None = None, progress=None, workers: int | None = None) -> Outcome:
    """Solve ``deals`` (those the store still lacks) and store each answer as its batch comes."""
    counts: dict[str, int] = {}
    problems: list[str] = []
    client, cluster = connect(scheduler, workers)
    closed_early = True  # by Ctrl-C or a failure: what Dask logs as it closes then is noise
    try:
        queue = deque(deals)
        spent = 0.0
        solved = 0
        running = as_completed()
        batches = {}

        def slots() -> int:
            return IN_FLIGHT * max(1, sum(client.nthreads().values()))

        def fill() -> None:
            room = slots()
            while queue and running.count() < room:
                size = batch_size(spent, solved, len(queue), room)
                batch = tuple(queue.popleft() for _ in range(min(size, len(queue))))
                future = client.submit(solve_batch, game_id, options, batch, budget, pure=False)
                batches[future.key] = batch
                running.add(future)

        fill()
        for future in running:
            batch = batches.pop(future.key)
            try:
                version, answers = future.result()
            except KilledWorker as exc:
                raise SurveyFailed(_("deals {first}-{last} were given up: every worker that took them died "
                                     "(out of memory?); the answers before are stored ({error})").format(
                    first=batch[0], last=batch[-1], error=exc)) from None
            future.release()
            store.add(Answer(game_id, key, s.deal, s.verdict, budget, s.seconds, s.positions,
                             len(s.solution) if s.solution else None, " ".join(s.solution) or None, version)
                      for s in answers)
            for s in answers:
                counts[s.verdict] = counts.get(s.verdict, 0) + 1
                spent += s.seconds
                if s.problem:
                    problems.append(s.problem)
            solved += len(answers)
            if progress:
                progress.advance(len(answers))
            fill()
        workers = len(client.nthreads())
        closed_early = False
    finally:
        with _silenced("distributed", "tornado") if closed_early else contextlib.nullcontext():
            client.close()
            if cluster is not None:
                cluster.close()
    return Outcome(counts, tuple(problems), workers)
