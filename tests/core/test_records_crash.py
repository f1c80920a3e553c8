"""Nothing lost (issue 8): two app instances on one store, and processes killed mid-write."""

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from solitaire_core.records import Store
from solitaire_core.session import Session

from minigame import MiniGame

HERE = Path(__file__).parent

WRITER = textwrap.dedent("""
    import sys
    from solitaire_core.records import GameRecord, Store
    path, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    with Store(path, timeout=30) as store:
        for deal in range(first, first + count):
            store.record(GameRecord(game="mini", options={"draw": 1, "carry": "on"}, deal=deal,
                                    result="won" if deal % 3 else "lost", moves=deal % 50,
                                    score=deal % 7 - 3, duration=1.5), running_total="carry")
            print(deal, flush=True)
""")

SAVER = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[2])
    from pathlib import Path
    from minigame import MiniGame
    from solitaire_core.session import Session
    folder = Path(sys.argv[1])
    game = MiniGame()
    sessions = []
    for deal, count in ((1, 400), (2, 3)):
        session = Session(game, deal)
        for k in range(count):
            moves = game.legal_moves(session.state)
            session.play(moves[(k * 7) % len(moves)])
        session.pause()
        sessions.append(session)
    sessions[0].save(folder / "a.json")
    sessions[1].save(folder / "b.json")
    for n in range(10**9):
        sessions[n % 2].save(folder / "game.json")
        print(n, flush=True)
""")


def start(script, *args):
    return subprocess.Popen([sys.executable, "-c", script, *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def kill_after(proc, lines):
    """Read ``lines`` progress lines, then SIGKILL: the child is in the middle of its loop."""
    last = None
    for _ in range(lines):
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        last = int(line)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    return last


def test_two_instances_writing_at_once_keep_every_record(tmp_path):
    path = tmp_path / "records.sqlite3"
    Store(path).close()
    writers = [start(WRITER, path, first, 60) for first in (0, 1000)]
    for proc in writers:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
    with Store(path) as store:
        deals = sorted(r.deal for r in store.records())
        assert deals == list(range(60)) + list(range(1000, 1060))
        expected = sum(d % 7 - 3 for d in deals)
        assert store.running_total("mini", {"draw": 1}, "carry") == expected
        assert store.stats("mini").played == 120 and store.notices == []


def test_a_process_killed_while_writing_records_leaves_every_committed_one_whole(tmp_path):
    path = tmp_path / "records.sqlite3"
    proc = start(WRITER, path, 0, 10**6)
    last = kill_after(proc, 40)
    with Store(path) as store:
        assert store.notices == []  # not damaged: nothing moved aside
        assert store._conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        records = store.records()
        deals = [r.deal for r in records]
        assert deals == list(range(len(deals))) and len(deals) > last
        # each game and its share of the running total were one write: both or neither
        assert store.running_total("mini", {"draw": 1}, "carry") == sum(r.score for r in records)


def test_a_process_killed_while_saving_leaves_the_old_or_the_new_save(tmp_path):
    proc = start(SAVER, tmp_path, HERE)
    kill_after(proc, 60)
    written = (tmp_path / "game.json").read_bytes()
    assert written in ((tmp_path / "a.json").read_bytes(), (tmp_path / "b.json").read_bytes())
    game = MiniGame()
    assert Session.load(tmp_path / "game.json", {game.id: game}).deal in (1, 2)
