"""From a session to a record: what the app calls when a game ends or is left."""

from __future__ import annotations

from datetime import datetime

from .figures import GameRecord
from .store import Store


def outcome(session) -> str:
    """``won``, ``lost`` (no move can change the outcome) or ``abandoned``."""
    if session.game.is_won(session.state):
        return "won"
    return "lost" if session.game.is_stuck(session.state) else "abandoned"


def running_total_switch(session) -> str | None:
    """The option carrying this game's score on to the next game, when it is on.

    A game declares it as ``running_total`` (the name of an on/off option) and
    says through ``carries_score`` when it applies.
    """
    return session.game.running_total if session.game.carries_score(session.state) else None


def record_session(store: Store, session, result: str | None = None, *,
                   started: datetime | None = None, ended: datetime | None = None) -> GameRecord | None:
    """Keep the game of ``session`` (result found by ``outcome`` unless given).

    A deal left before any move is not a game played and is not kept, unless
    its score runs on (a Vegas stake is paid when the cards are dealt). The
    score then goes to the running total in the same transaction.
    """
    made = session_record(session, result, started=started, ended=ended)
    return None if made is None else store.record(made[0], running_total=made[1])


def session_record(session, result: str | None = None, *, started: datetime | None = None,
                   ended: datetime | None = None, uid: str | None = None) -> tuple[GameRecord, str | None] | None:
    """The record of ``session`` and the running total its score goes to; None for a deal
    left before any move whose score does not run on (see ``record_session``)."""
    switch = running_total_switch(session)
    score = session.game.score(session.state)
    if switch is not None and score is None:
        switch = None
    if not session.moves and switch is None:
        return None
    record = GameRecord(
        game=session.game.id, options=session.options, deal=session.deal,
        result=result or outcome(session), moves=session.move_count, score=score,
        duration=session.elapsed, started=started, uid=uid, **({"ended": ended} if ended else {}),
        account=None if switch is None else session.game.running_total_options(session.state))
    return record, switch
