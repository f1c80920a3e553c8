"""Records never dropped (issue 13): the outbox keeps a game until the store has it, once."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from solitaire_core.records import GameRecord, Store, StoreError
from solitaire_core.records.outbox import Outbox, new_uid


def record(deal=1, score=5, uid=None):
    return GameRecord(game="mini", options={"draw": 1, "carry": "on"}, deal=deal, result="lost", moves=12,
                      score=score, duration=3.25, uid=uid or new_uid())


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "records.sqlite3", timeout=0.2) as store:
        yield store


def test_a_record_waits_in_the_outbox_until_the_store_has_it(tmp_path, store):
    outbox = Outbox(tmp_path / "outbox")
    first, second = record(1), record(2, score=-2)
    outbox.put(first, "carry")
    outbox.put(second, "carry")
    assert [r for _, r, _ in outbox.pending()] == [first, second]  # read back as written, oldest first
    assert outbox.deliver(store) == [first.uid, second.uid]
    assert list((tmp_path / "outbox").iterdir()) == []
    assert [r.deal for r in store.records()] == [1, 2]
    assert store.kept_uids([first.uid, second.uid]) == {first.uid, second.uid}
    assert store.running_total("mini", {"draw": 1}, "carry") == 3


def test_a_record_delivered_twice_counts_once(tmp_path, store):
    """A crash after the store's commit, before the file was removed: the file is delivered again."""
    outbox = Outbox(tmp_path / "outbox")
    first = record(4, score=7)
    path = outbox.put(first, "carry")
    kept_file = path.read_bytes()
    outbox.deliver(store)
    path.write_bytes(kept_file)
    outbox.deliver(store)
    assert [r.deal for r in store.records()] == [4] and not path.exists()
    assert store.running_total("mini", {"draw": 1}, "carry") == 7
    again = store.record(record(4, uid=first.uid), running_total="carry")
    assert again.id == store.records()[0].id and len(store.records()) == 1
    assert store.kept_uids([first.uid, new_uid()]) == {first.uid}


def test_a_locked_store_keeps_the_record_for_later(tmp_path, store):
    outbox = Outbox(tmp_path / "outbox")
    outbox.put(record(3), "carry")
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    with pytest.raises(StoreError, match="locked"):
        outbox.deliver(store)
    assert len(outbox.pending()) == 1 and store.records() == []
    other.execute("ROLLBACK")
    other.close()
    outbox.deliver(store)
    assert [r.deal for r in store.records()] == [3] and outbox.pending() == []


def test_a_failed_write_leaves_no_record_and_no_temporary_file(tmp_path, monkeypatch):
    outbox = Outbox(tmp_path / "outbox")
    outbox.put(record(1))

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        outbox.put(record(2))
    monkeypatch.undo()
    assert len(list((tmp_path / "outbox").iterdir())) == 1
    assert [r.deal for _, r, _ in outbox.pending()] == [1]


def test_a_file_that_is_not_a_record_is_set_aside_with_a_notice(tmp_path, store):
    outbox = Outbox(tmp_path / "outbox")
    outbox.put(record(1))
    (tmp_path / "outbox" / "0-torn.json").write_text('{"format": "solitaire-rec')
    (tmp_path / "outbox" / "1-other.json").write_text(json.dumps({"format": "solitaire-record", "version": 1,
                                                                  "record": {"game": "mini", "result": "won"}}))
    (tmp_path / "outbox" / ".2-x.json.abc.tmp").write_text("half")  # a write killed before its rename
    assert outbox.deliver(store) and [r.deal for r in store.records()] == [1]
    names = sorted(p.name for p in (tmp_path / "outbox").iterdir())
    assert names == [".2-x.json.abc.tmp", "0-torn.json.damaged", "1-other.json.damaged"]
    assert len(outbox.notices) == 2 and "0-torn.json" in outbox.notices[0]


PUTTER = textwrap.dedent("""
    import sys
    from solitaire_core.records import GameRecord
    from solitaire_core.records.outbox import Outbox, new_uid
    outbox = Outbox(sys.argv[1])
    for deal in range(10**9):
        outbox.put(GameRecord(game="mini", options={}, deal=deal, result="won", moves=3, score=None,
                              duration=1.0, uid=new_uid()))
        print(deal, flush=True)
""")


def test_a_process_killed_while_keeping_records_leaves_each_whole_or_absent(tmp_path, store):
    proc = subprocess.Popen([sys.executable, "-c", PUTTER, str(tmp_path / "outbox")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    for _ in range(50):
        assert proc.stdout.readline(), proc.stderr.read()
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    outbox = Outbox(tmp_path / "outbox")
    outbox.deliver(store)
    deals = sorted(r.deal for r in store.records())
    assert outbox.notices == [] and deals == list(range(len(deals))) and len(deals) >= 50
