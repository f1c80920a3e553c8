"""Records on their way to the store (issue 13): ``solitaire stats`` counts the games waiting in
the outbox, each once; a store's snapshot sees one state of the file while another copy writes;
records read back carry their uid; a write asked for between records comes in its turn."""

from datetime import datetime, timedelta, timezone

import pytest

from solitaire_core.cli import main
from solitaire_core.records import GameRecord, Store, records_path
from solitaire_core.records.outbox import DAMAGED, Outbox, mark, new_uid, outbox_dir
from solitaire_core.registry import load_games

KLONDIKE = load_games()["klondike"]
VEGAS = dict(KLONDIKE.resolve_options({"scoring": "vegas", "vegas_total": "on"}))
SWITCH = KLONDIKE.running_total
T0 = datetime(2026, 3, 1, tzinfo=timezone.utc)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    return tmp_path


def game(n, result, score, options=VEGAS):
    return GameRecord(game="klondike", options=options, deal=n, result=result, moves=90 + n, score=score,
                      duration=100.0 + n, ended=T0 + timedelta(hours=n), uid=new_uid())


def rows(out):
    """The lines of figures and of running totals, split into words."""
    return [line.split() for line in out.splitlines() if line.startswith("klondike")]


def test_stats_counts_the_games_waiting_in_the_outbox_once(folder, capsys):
    outbox = Outbox(outbox_dir(records_path()))
    delivered = game(1, "won", 60)
    with Store() as store:
        store.record(delivered, running_total=SWITCH)
        assert [r.uid for r in store.records()] == [delivered.uid]  # read back with its uid
    outbox.put(delivered, SWITCH)  # written into the store just before a crash: its file stayed
    outbox.put(game(2, "lost", -40), SWITCH)  # the store was busy when the app quit
    bad = outbox.folder / "00000000000000000001-not-a-record.json"
    bad.write_text("{")
    assert main(["stats", "klondike"]) == 0
    out = capsys.readouterr().out
    (everything, vegas, total) = rows(out)
    assert everything[:5] == ["klondike", "(all)", "2", "1", "50%"]
    assert total[-1] == "20"  # 60 kept + -40 waiting, the game kept twice counted once
    assert "1 game counted here still waits to be written into the statistics file" in out
    assert bad.exists() and not bad.with_name(bad.name + DAMAGED).exists()  # the command only looks
    with Store() as store:  # and wrote nothing
        assert len(store.records()) == 1 and store.running_total("klondike", VEGAS, SWITCH) == 60


def test_stats_says_nothing_of_the_outbox_when_it_is_empty(folder, capsys):
    with Store() as store:
        store.record(game(1, "won", 60), running_total=SWITCH)
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert rows(out)[0][:3] == ["klondike", "(all)", "1"] and "wait" not in out


def test_a_snapshot_sees_one_state_while_another_copy_records(folder):
    with Store() as reader, Store() as writer:
        arriving = game(1, "won", 60)
        with reader.snapshot() as seen:
            before = seen.running_total("klondike", VEGAS, SWITCH)
            writer.record(arriving, running_total=SWITCH)  # another copy of the app, meanwhile
            assert (before, seen.kept_uids([arriving.uid])) == (0, set())  # neither the game nor its score
        assert reader.running_total("klondike", VEGAS, SWITCH) == 60
        assert reader.kept_uids([arriving.uid]) == {arriving.uid}


def test_delivering_before_a_mark_leaves_the_records_kept_after_it(folder):
    outbox = Outbox(outbox_dir(records_path()))
    first = game(1, "won", 60)
    outbox.put(first, SWITCH)
    between = mark()
    outbox.put(game(2, "lost", -40), SWITCH)
    with Store() as store:
        assert outbox.deliver(store, before=between) == [first.uid]
        assert len(outbox.pending()) == 1
