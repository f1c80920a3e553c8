"""The automatic save (issue 13): a journal line per move, a torn line dropped, a sealed save resumed
quickly, a forged one checked in full, and nothing written that cannot be read back."""

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from solitaire_core import SaveError, journal, seal
from solitaire_core.journal import Journal
from solitaire_core.session import MAX_SAVE_MOVES, Session

from minigame import MiniGame

HERE = Path(__file__).parent
GAME = MiniGame()
GAMES = {GAME.id: GAME}
KEY = bytes(range(32))


def new(deal):
    """A session whose clock stands still, so a save read back shows the same time."""
    return Session(GAME, deal, clock=lambda: 100.0)


def play_plain(session, count):
    for k in range(count):
        moves = GAME.legal_moves(session.state)
        session.play(moves[(k * 7) % len(moves)])


def play_many(session, count, seed=7):
    """``count`` legal moves by a fixed rule, with undos and new branches along the way."""
    for k in range(count):
        if k % 9 == 4 and session.can_undo():
            session.undo()
            continue
        moves = GAME.legal_moves(session.state)
        session.play(moves[(k * seed) % len(moves)])


def same(a, b):
    assert (a.moves, a.position, a.deal, a.options) == (b.moves, b.position, b.deal, b.options)
    assert a.state == b.state and round(a.elapsed, 3) == round(b.elapsed, 3)


class Counting:
    """Counts the rules' checks (``apply``) while a save is read."""

    def __init__(self, monkeypatch):
        self.calls = 0
        original = type(GAME).apply

        def apply(game, state, move):
            self.calls += 1
            return original(game, state, move)

        monkeypatch.setattr(type(GAME), "apply", apply)


@pytest.fixture
def files(tmp_path):
    return Journal(tmp_path / "autosave.json", KEY)


def test_each_move_appends_one_line_and_reads_back(files):
    session = new(3)
    play_many(session, 1)
    files.write(session)
    whole = files.path.read_bytes()
    for count in range(1, 60):
        play_many(session, 1, seed=count)
        files.write(session)
        assert files.path.read_bytes() == whole  # the whole save is not written again
        assert len(files.journal.read_bytes().splitlines()) == count + 1  # the header, then a line each
    session.restart()
    session.redo()
    files.write(session)
    same(files.read(GAMES), session)


def test_a_long_journal_is_folded_into_the_save(files, monkeypatch):
    monkeypatch.setattr(journal, "COMPACT_AT", 500)
    session = new(5)
    sizes = set()
    for _ in range(200):
        play_many(session, 1)
        files.write(session)
        sizes.add(files.path.stat().st_size)
        assert files.journal.stat().st_size <= max(500, 2 * files.path.stat().st_size) + 200
    assert len(sizes) > 3  # rewritten now and then
    same(files.read(GAMES), session)


def test_a_torn_last_line_is_dropped(files):
    session = new(2)
    play_many(session, 30)
    files.write(session)
    before = Session.from_json(session.to_json(), GAMES)
    play_many(session, 1)
    files.write(session)
    raw = files.journal.read_bytes()
    files.journal.write_bytes(raw[:-7])  # killed in the middle of the last line
    same(files.read(GAMES), before)
    files.journal.write_bytes(raw[:-1])  # every byte but the newline: still not a whole line
    same(files.read(GAMES), before)


def test_a_journal_of_an_earlier_save_is_ignored(files, tmp_path):
    session = new(2)
    play_many(session, 10)
    files.write(session)
    play_many(session, 3)
    files.write(session)
    old_journal = files.journal.read_bytes()
    other = new(4)
    play_many(other, 5)
    files.write(other)  # a whole save; then killed before its new journal was in place
    files.journal.write_bytes(old_journal)
    same(files.read(GAMES), other)


def test_a_sealed_save_resumes_without_checking_each_move(files, monkeypatch):
    session = new(6)
    play_many(session, 2500)  # past two checkpoints
    files.write(session)
    play_many(session, 40)
    files.write(session)
    counting = Counting(monkeypatch)
    same(files.read(GAMES), session)
    assert counting.calls == 0
    same(Journal(files.path, None).read(GAMES), session)  # without the app's key: every move checked
    assert counting.calls == len(session.moves)


def forge(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_a_changed_move_breaks_the_seal_and_is_refused_by_the_rules(files, monkeypatch):
    session = new(6)
    play_many(session, 1200)
    files.write(session)

    def change(data):
        data["moves"][500] = "t1>t1"  # never legal

    forge(files.path, change)
    with pytest.raises(SaveError, match=r"move 501 .* cannot be replayed"):
        files.read(GAMES)


def test_a_changed_checkpoint_breaks_the_seal_and_is_checked_in_full(files, monkeypatch):
    session = new(6)
    play_many(session, 1200)
    files.write(session)

    def change(data):
        data["checkpoints"]["1000"] = GAME.format_position(session.states[3])

    forge(files.path, change)
    counting = Counting(monkeypatch)
    same(files.read(GAMES), session)  # the moves are all legal: the game loads, every move checked
    assert counting.calls == len(session.moves)


def test_a_checkpoint_that_does_not_match_is_checked_in_full_even_when_sealed(tmp_path, monkeypatch):
    """A sealed save whose replay does not reach its checkpoints (a game whose moves play
    differently now) is not trusted: every move is checked by the rules."""
    session = new(6)
    play_plain(session, 1100)
    data = seal.sign({**session.to_json(), "checkpoints": {"1000": GAME.format_position(session.states[999])}}, KEY)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    counting = Counting(monkeypatch)
    same(Session.load(path, GAMES, key=KEY), session)
    assert counting.calls == len(session.moves)


def test_a_changed_journal_line_is_checked_in_full(files, monkeypatch):
    session = new(8)
    play_many(session, 50)
    files.write(session)
    for _ in range(5):
        play_many(session, 1)
        files.write(session)
    lines = files.journal.read_bytes().splitlines()
    line = json.loads(lines[3])
    line["elapsed"] = 1.0  # any change, here a harmless one
    lines[3] = json.dumps(line).encode()
    files.journal.write_bytes(b"\n".join(lines) + b"\n")
    counting = Counting(monkeypatch)
    loaded = files.read(GAMES)
    assert loaded.moves == session.moves and counting.calls == len(session.moves)


def test_a_save_from_elsewhere_is_checked_in_full(tmp_path, monkeypatch):
    session = new(9)
    play_plain(session, 1100)
    session.save(tmp_path / "mine.json", key=KEY)
    session.save(tmp_path / "plain.json")
    counting = Counting(monkeypatch)
    same(Session.load(tmp_path / "mine.json", GAMES, key=KEY), session)
    assert counting.calls == 0
    same(Session.load(tmp_path / "mine.json", GAMES, key=bytes(32)), session)  # another machine's key
    same(Session.load(tmp_path / "plain.json", GAMES, key=KEY), session)
    assert counting.calls == 2 * len(session.moves)
    saved = json.loads((tmp_path / "mine.json").read_text())  # one plain JSON file
    assert saved["format"] == "solitaire-save" and "seal" in saved and list(saved["checkpoints"]) == ["1000"]


def test_the_app_writes_no_save_it_cannot_read(files, tmp_path):
    state, texts = GAME.new(1), []
    for k in range(MAX_SAVE_MOVES - 1):  # the moves of play_plain, without checking each twice
        moves = GAME.legal_moves(state)
        state = GAME.play(state, moves[(k * 7) % len(moves)])
        texts.append(GAME.format_move(moves[(k * 7) % len(moves)]))
    session = Session.from_json({**new(1).to_json(), "moves": texts, "position": len(texts), "checkpoints": {}},
                                GAMES, clock=lambda: 100.0, trusted=True)
    files.write(session)
    play_plain(session, 1)
    assert len(session.moves) == MAX_SAVE_MOVES
    files.write(session)  # at the limit: saved, and loads
    session.save(tmp_path / "as.json", key=KEY)
    assert len(Session.load(tmp_path / "as.json", GAMES, key=KEY).moves) == MAX_SAVE_MOVES
    assert len(files.read(GAMES).moves) == MAX_SAVE_MOVES
    moves = GAME.legal_moves(session.state)
    session.play(moves[0])  # one past it
    with pytest.raises(SaveError, match="at most 20,000"):
        files.write(session)
    with pytest.raises(SaveError, match="at most 20,000"):
        session.save(tmp_path / "as.json")
    kept = files.read(GAMES)  # the last good save stands
    assert len(kept.moves) == MAX_SAVE_MOVES and kept.moves == session.moves[:MAX_SAVE_MOVES]
    session.undo()
    session.undo()
    session.play(next(m for m in GAME.legal_moves(session.state) if m != session.moves[session.position]))
    files.write(session)  # back under the limit: saved again
    same(files.read(GAMES), session)


def test_the_key_is_made_once_and_kept(tmp_path):
    key = seal.app_key(tmp_path)
    assert key is not None and len(key) == 32 and seal.app_key(tmp_path) == key
    assert (tmp_path / seal.KEY_FILE).stat().st_mode & 0o077 == 0  # readable by its owner only
    (tmp_path / seal.KEY_FILE).write_text("nonsense")
    assert seal.app_key(tmp_path) not in (None, key)


APPENDER = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[2])
    from pathlib import Path
    from minigame import MiniGame
    from solitaire_core.journal import Journal
    from solitaire_core.session import Session
    game = MiniGame()
    files = Journal(Path(sys.argv[1]) / "autosave.json", bytes(range(32)))
    session = Session(game, 1)
    for k in range(10**9):
        moves = game.legal_moves(session.state)
        session.play(moves[(k * 7) % len(moves)])
        files.write(session)
        print(k, flush=True)
""")


def test_a_process_killed_while_appending_leaves_a_save_that_loads(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", APPENDER, str(tmp_path), str(HERE)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(300):
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    expected = Session(GAME, 1)
    loaded = Journal(tmp_path / "autosave.json", KEY).read(GAMES)
    assert len(loaded.moves) >= 300
    for k in range(len(loaded.moves)):  # the moves the process played, in order
        moves = GAME.legal_moves(expected.state)
        expected.play(moves[(k * 7) % len(moves)])
    assert loaded.moves == expected.moves


def test_lines_another_copy_of_the_app_appends_are_skipped(tmp_path):
    """Two copies of the app save the same folder: the save written last stands, with its own lines."""
    first, second = Journal(tmp_path / "autosave.json", KEY), Journal(tmp_path / "autosave.json", KEY)
    mine, theirs = new(1), new(2)
    play_many(mine, 10)
    first.write(mine)
    play_many(theirs, 10)
    second.write(theirs)  # replaces the save and starts its journal
    for _ in range(3):
        play_many(mine, 1)
        first.write(mine)  # appended to the other copy's journal
        play_many(theirs, 1)
        second.write(theirs)
    same(second.read(GAMES), theirs)
