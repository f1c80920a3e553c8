"""The automatic save's cost per move and the time to resume a long game; prints a table.

For each registered game: a long game of random legal moves (seeded, deals
1..3, the longest kept, at most 20,000 moves: a save holds no more). Then, at
move 1,000 and at the game's last move:

- "before": ``Session.save``, the whole file written and flushed to disk, as
  the app did after every move (median of 10);
- "after": the app's save now (``journal.Journal.write``): a journal line per
  move, median and max over the 50 moves up to that one; "rewrite": the whole
  save written when the journal has outgrown it (once per about ``every`` moves).

And the resume of the whole game: "before" ``Session.load`` of a plain save
(every move checked by the rules); "after" the automatic save read back
(``Journal.read``: sealed, replayed unchecked, checkpoints compared; best of 3).

    .venv/bin/python benchmarks/saves.py [--moves 20000] [--deals 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from solitaire_core import journal
from solitaire_core.journal import Journal
from solitaire_core.registry import load_games
from solitaire_core.session import MAX_SAVE_MOVES, Session

KEY = bytes(range(32))
LEAD = 50  # moves timed up to each point


def long_line(game, moves: int, deals: int) -> tuple[int, list[str]]:
    """The longest of ``deals`` random games (deal, move texts); legal_moves once per move."""
    best = (1, [])
    for deal in range(1, deals + 1):
        rnd, state, texts = random.Random(deal), game.new(deal), []
        while len(texts) < moves:
            legal = game.legal_moves(state)
            if not legal or game.is_won(state):
                break
            move = rnd.choice(legal)
            texts.append(game.format_move(move))
            state = game.play(state, move)
        if len(texts) > len(best[1]):
            best = (deal, texts)
        if len(texts) == moves:
            break
    return best


def session_at(game, games, deal: int, texts: list[str]) -> Session:
    """The game after ``texts`` (known legal: replayed unchecked)."""
    base = Session(game, deal).to_json()
    return Session.from_json({**base, "moves": texts, "position": len(texts), "checkpoints": {}}, games, trusted=True)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def save_costs(game, games, deal, texts, at: int, folder: Path) -> dict[str, str]:
    start = max(0, at - LEAD)
    session = session_at(game, games, deal, texts[:start])
    before = []
    for _ in range(10):
        began = time.perf_counter()
        session.save(folder / "whole.json")
        before.append(time.perf_counter() - began)
    files = Journal(folder / "autosave.json", KEY)
    began = time.perf_counter()
    files.write(session)
    rewrite = time.perf_counter() - began
    after = []
    for text in texts[start:at]:
        session.play(game.parse_move(session.state, text))
        began = time.perf_counter()
        files.write(session)
        after.append(time.perf_counter() - began)
    line = files.journal.stat().st_size / max(1, at - start)
    return {"before": ms(statistics.median(before)), "after": f"{ms(statistics.median(after))} / {ms(max(after))}",
            "rewrite": ms(rewrite), "every": f"{int(max(journal.COMPACT_AT, 2 * files.path.stat().st_size) / line):,}"}


def resume_times(game, games, deal, texts, folder: Path) -> tuple[str, str]:
    session = session_at(game, games, deal, texts[:-LEAD])
    files = Journal(folder / "autosave.json", KEY)
    files.write(session)
    for text in texts[-LEAD:]:  # the autosave as the app leaves it: the save and a journal
        session.play(game.parse_move(session.state, text))
        files.write(session)
    session.save(folder / "plain.json")
    began = time.perf_counter()
    Session.load(folder / "plain.json", games)
    before = time.perf_counter() - began
    after = []
    for _ in range(3):
        began = time.perf_counter()
        loaded = files.read(games)
        after.append(time.perf_counter() - began)
    assert loaded.moves == session.moves
    return f"{before:.2f}", f"{min(after):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=MAX_SAVE_MOVES)
    parser.add_argument("--deals", type=int, default=3)
    args = parser.parse_args()
    games = load_games()
    header = ("game", "moves", "at", "before ms", "after ms (median / max)", "rewrite ms", "every",
              "resume before s", "resume after s")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game in games.values():
            deal, texts = long_line(game, args.moves, args.deals)
            resume = resume_times(game, games, deal, texts, folder) if len(texts) > LEAD else ("-", "-")
            for at in sorted({min(1000, len(texts)), len(texts)}):
                if at <= 1:
                    continue
                cost = save_costs(game, games, deal, texts, at, folder)
                rows.append((game.id, str(len(texts)), f"{at:,}", cost["before"], cost["after"], cost["rewrite"],
                             cost["every"], *(resume if at == len(texts) else ("", ""))))
    widths = [max(len(str(c)) for c in column) for column in zip(header, *rows)]
    for row in (header, *rows):
        print("  ".join(str(c).rjust(w) for c, w in zip(row, widths)))


if __name__ == "__main__":
    main()
