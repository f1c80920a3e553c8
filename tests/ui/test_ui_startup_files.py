"""Never stuck, never lost: no file read at start can stop the app (issue 13).

Every file the app keeps in its data folder (found by playing a game, not
listed by hand) is replaced by each of a corpus of bad contents; the app is
launched as ``solitaire play`` launches it and must open a game and say what
it set aside, every time. Cases that need file modes to hold (unreadable
files, read-only folders) and those that could hang or fill memory (a FIFO,
a symlink to /dev/zero) run in a child process, as an unprivileged user when
the tests run as root, with a timeout; a few also as a real
``solitaire play --screenshot``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from solitaire_core.records import Store, records_path
from solitaire_core.records.paths import AUTOSAVE_FILE, RECORDS_FILE, SETTINGS_FILE, kept_files
from uihelpers import carrying

HERE = Path(__file__).parent
SAVE, SETTINGS, RECORDS = AUTOSAVE_FILE, SETTINGS_FILE, RECORDS_FILE
NOTICE = {SAVE: "damaged", SETTINGS: "settings", RECORDS: "records"}  # the notice that names each file
ROOT = os.geteuid() == 0
CHILD_TIMEOUT = 120
CASE_TIMEOUT = 30  # seconds without a word from a child: the case it runs hangs


def nested(depth: int, inner="1") -> str:
    return "[" * depth + inner + "]" * depth


def save_with(good: bytes, **fields) -> bytes:
    return json.dumps({**json.loads(good), **fields}).encode()


def deep_options(good: bytes, depth: int) -> bytes:
    """The save with each of its options (whatever the game's are) a list ``depth`` deep."""
    names = list(json.loads(good)["options"]) or ["x"]
    deep = ", ".join(f'"{name}": {nested(depth)}' for name in names)
    return save_with(good, options="?").replace(b'"?"', f"{{{deep}}}".encode())


def noise(size: int) -> bytes:
    return random.Random(13).randbytes(size)


# Bad contents: (name, for which file, the bytes of a good file -> the bad bytes, a notice expected).
# A settings file that still parses, with values the app cannot use, is read for what it is worth:
# those values are ignored (the defaults stand) and nothing is set aside.
CORPUS = [
    ("truncated", SAVE, lambda good: good[:len(good) // 2], True),
    ("truncated", RECORDS, lambda good: good[:len(good) // 2], True),
    ("truncated", SETTINGS, lambda good: good[:len(good) // 2], False),
    ("wrong-types", SAVE, lambda good: save_with(good, options=[1], moves="t1>t2", deal="1"), True),
    ("a-save-in-its-place", RECORDS, lambda good: b'{"format": "solitaire-save", "version": 1}', True),
    ("wrong-types", SETTINGS, lambda good: good + b"\n[options]\nx=[1,2]\nautoplay=@Variant(\\0\\0\\0\\x7f)\n", False),
    ("deep-options", SAVE, lambda good: deep_options(good, 985), True),
    ("deep-document", SAVE, lambda good: nested(100_000).encode(), True),
    ("deep-document", RECORDS, lambda good: nested(100_000).encode(), True),
    ("deep-options", SETTINGS, lambda good: good + f"\n[options]\nsome-game={nested(100_000)}\n".encode(), False),
    ("huge-move", SAVE, lambda good: save_with(good, moves=["x" * 3_000_000]), True),
    ("oversize", SAVE, lambda good: b" " * 5_000_000 + good, True),
    ("oversize", RECORDS, lambda good: b"x" * 5_000_000, True),
    ("oversize", SETTINGS, lambda good: good + b"\n[x]\nlong=" + b"x" * 5_000_000 + b"\n", True),
    ("non-numbers", SAVE, lambda good: save_with(good, deal="lots", position="lots", elapsed="lots"), True),
    ("non-numbers", SETTINGS, lambda good: good + b"\ngeometry=lots\nautoplay=lots\n", False),
    ("binary", SAVE, lambda good: noise(65_536), True),
    ("binary", RECORDS, lambda good: noise(65_536), True),
    ("binary", SETTINGS, lambda good: noise(65_536), True),
]
# The other files the app keeps (the save's journal and seal key, a record waiting in the outbox):
# whatever they hold, the app starts and plays on; what it says about them is their own business.
OTHERS = ("autosave.journal", "save.key", "records-outbox/20260101T000000000000-0.json")
GENERIC = [
    ("truncated", lambda good: good[:len(good) // 2]),
    ("deep-document", lambda good: nested(100_000).encode()),
    ("oversize", lambda good: b"x" * 5_000_000),
    ("binary", lambda good: noise(65_536)),
]


@pytest.fixture(scope="module")
def kept(qapp, games, tmp_path_factory):
    """Every file the app leaves in its data folder once a game is played, recorded, saved and quit."""
    from ui_qt.app import build_window, dispose

    folder = tmp_path_factory.mktemp("kept")
    before = os.environ.get("SOLITAIRE_DATA_DIR")
    os.environ["SOLITAIRE_DATA_DIR"] = str(folder)
    try:
        window = build_window({}, games=games)
        window.show()
        for _ in range(2):  # a game played and left (recorded), then one played and quit (saved)
            window.play(window.game.legal_moves(window.session.state)[0])
            window.new_action.trigger()
        window.play(window.game.legal_moves(window.session.state)[0])
        window.close()
        dispose(window)
    finally:
        if before is None:
            del os.environ["SOLITAIRE_DATA_DIR"]
        else:
            os.environ["SOLITAIRE_DATA_DIR"] = before
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*") if path.is_file()}


@pytest.fixture(autouse=True)
def dev_zero_stays_a_device():
    """A bug here, run as root, could write a regular file over /dev/zero through a symlink."""
    yield
    assert stat.S_ISCHR(os.stat("/dev/zero").st_mode), "/dev/zero was replaced by a regular file"


def test_every_file_the_app_keeps_is_in_the_corpus(kept, data_dir):
    """A new file the app keeps joins the corpus, and ``kept_files`` (Save game as refuses it)."""
    assert {SAVE, SETTINGS, RECORDS} <= set(kept)
    named = {p.relative_to(data_dir).as_posix() for p in kept_files()}
    tried = {SAVE, SETTINGS, RECORDS, *OTHERS}
    for name in kept:
        top = name.split("/")[0]
        assert name in tried or any(t.startswith(f"{top}/") for t in tried), f"{name}: not in this corpus"
        assert name in named or top in named, f"{name}: not in records.paths.kept_files"


def launched(open_window, name):
    """The app opened, with a game on the table, and the notice about ``name`` (the store is
    opened on first use: the statistics open it)."""
    window = open_window({})
    assert window.session is not None and window.game.legal_moves(window.session.state) is not None
    if name == RECORDS:
        window.records.stats_action.trigger()
    return window, window.notices.notices.get(NOTICE[name])


@pytest.mark.parametrize("case, name, make, noticed", CORPUS, ids=[f"{n}-{c}" for c, n, _, _ in CORPUS])
def test_a_bad_file_never_stops_the_app(open_window, data_dir, kept, case, name, make, noticed):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / name).write_bytes(make(kept[name]))
    window, notice = launched(open_window, name)
    if noticed:
        assert notice is not None, window.notices.notices
        assert len(notice.text) < 1000, "a notice quotes an excerpt, never the whole value"
        assert list(data_dir.glob("*.damaged-*")), "the bad file is set aside"
    else:  # values it cannot use are ignored: nothing failed, nothing to say
        assert notice is None
    window.new_action.trigger()  # and play goes on, saving and recording
    assert window.play(window.game.legal_moves(window.session.state)[0])
    assert (data_dir / SAVE).exists()


@pytest.mark.parametrize("case, make", GENERIC, ids=[c for c, _ in GENERIC])
@pytest.mark.parametrize("name", OTHERS)
def test_any_other_kept_file_never_stops_the_app(open_window, data_dir, kept, name, case, make):
    """Each of them bad, with a good save beside it: the app starts and plays on."""
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / SAVE).write_bytes(kept[SAVE])
    (data_dir / name).parent.mkdir(parents=True, exist_ok=True)
    (data_dir / name).write_bytes(make(kept.get(name, kept[SAVE])))
    window = open_window({})
    window.records.stats_action.trigger()
    window.new_action.trigger()
    assert window.play(window.game.legal_moves(window.session.state)[0])


@pytest.mark.parametrize("name", [SAVE, SETTINGS, RECORDS])
def test_a_folder_in_place_of_a_file_is_set_aside(open_window, data_dir, name):
    (data_dir / name).mkdir(parents=True)
    window, notice = launched(open_window, name)
    assert notice is not None and "folder" in notice.text
    assert not (data_dir / name).is_dir()


# --- in a child process, unprivileged -----------------------------------------------------------
def unprivileged(command: list[str]) -> list[str]:
    """``command`` run so that file modes hold: as root, without the capabilities that let root
    ignore them (``setpriv``); as anyone else, as it is."""
    if not ROOT:
        return command
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file modes cannot be made to hold")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", *command]


def unprivileged_cases(kept) -> dict[str, Path]:
    """Data folders the child's user owns, one per case, each with one trouble."""
    base = Path(tempfile.mkdtemp(prefix="solitaire-startup-"))
    os.chmod(base, 0o755)
    folders = {}

    def folder(case: str) -> Path:
        path = base / case
        path.mkdir()
        for name in (SAVE, SETTINGS, RECORDS):
            (path / name).write_bytes(kept[name])
        folders[case] = path
        return path

    for name in (SAVE, SETTINGS, RECORDS):
        target = folder(f"{name}-symlink-to-dev-zero") / name
        target.unlink()
        target.symlink_to("/dev/zero")
        target = folder(f"{name}-fifo") / name
        target.unlink()
        os.mkfifo(target)
        target = folder(f"{name}-unreadable") / name
        target.chmod(0)
        path = folder(f"{name}-damaged-in-a-read-only-folder")
        (path / name).write_bytes(noise(65_536))
        path.chmod(0o555)
    folder("all-good-in-a-read-only-folder").chmod(0o555)
    for name in OTHERS:
        for trouble in ("symlink-to-dev-zero", "fifo"):
            target = folder(f"{name}-{trouble}".replace("/", "-")) / name
            target.parent.mkdir(exist_ok=True)
            target.unlink(missing_ok=True)
            target.symlink_to("/dev/zero") if trouble != "fifo" else os.mkfifo(target)
    folder("folder-mode-000").chmod(0)
    (base / "home").mkdir()
    return folders


def lines_of(child, timeout: float):
    """The child's output line by line; stops when it ends, or says nothing for ``timeout``."""
    import select

    fd, buffer = child.stdout.fileno(), b""
    while True:
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield line.decode()
        if not select.select([fd], [], [], timeout)[0]:
            return
        chunk = os.read(fd, 65_536)
        if not chunk:
            return
        buffer += chunk


def run_cases(cases: list[dict], env: dict) -> tuple[dict, str]:
    """Each case's result from child processes; a case after which the child says nothing for
    ``CASE_TIMEOUT`` hangs: it is reported as started and never finished, its child killed,
    and the rest go on in a new one."""
    results, errors, pending = {}, [], list(cases)
    while pending:
        child = subprocess.Popen(unprivileged([sys.executable, str(HERE / "startup_child.py"), json.dumps(pending)]),
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=HERE.parent.parent)
        started = None
        for line in lines_of(child, CASE_TIMEOUT):
            if line.startswith("{"):
                result = json.loads(line)
                results[result["case"]] = result
                started = result["case"] if result.get("started") else None
        child.kill()
        child.wait()
        child.stdout.close()
        if started is not None:
            errors.append(f"{started}: no answer within {CASE_TIMEOUT} s, or the app died")
        finished = {c["case"] for c in pending if c["case"] in results} | {started}
        if not finished - {None}:
            break
        pending = [c for c in pending if c["case"] not in finished]
    return results, "\n".join(errors)


@pytest.fixture(scope="module")
def unprivileged_run(kept):
    """What the app showed for each unprivileged case (child processes, as few as can be)."""
    folders = unprivileged_cases(kept)
    cases = [{"case": case, "folder": str(path)} for case, path in folders.items()]
    env = {**os.environ, "HOME": str(next(iter(folders.values())).parent / "home"), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("SOLITAIRE_DATA_DIR", None)
    results, err = run_cases(cases, env)
    yield results, err, folders
    for path in folders.values():
        path.chmod(0o755)
    shutil.rmtree(next(iter(folders.values())).parent)


UNPRIVILEGED = [(f"{name}-{trouble}", name) for name in (SAVE, SETTINGS, RECORDS)
                for trouble in ("symlink-to-dev-zero", "fifo", "unreadable", "damaged-in-a-read-only-folder")]


@pytest.mark.parametrize("case, name", UNPRIVILEGED + [("folder-mode-000", name) for name in NOTICE])
def test_an_unreadable_or_unmovable_file_never_stops_the_app(unprivileged_run, case, name):
    results, err, folders = unprivileged_run
    result = results.get(case)
    assert result is not None and "started" not in result, f"the app hung or died on {case}: {err[-2000:]}"
    assert "error" not in result, result["error"]
    assert result["game"]
    notice = result["notices"].get(NOTICE[name])
    assert notice is not None, result["notices"]
    assert len(notice) < 1000
    assert "save" not in result["at_start"], "one trouble, one notice"
    if "symlink" in case or "fifo" in case:
        folder = folders[case]
        assert not stat.S_ISFIFO(os.lstat(folder / name).st_mode) if (folder / name).exists() else True
        assert any(p.name.startswith(name.split(".")[0]) and ".damaged-" in p.name for p in folder.iterdir())


def test_a_good_save_in_a_read_only_folder_plays_on_and_says_what_is_not_kept(unprivileged_run):
    results, err, folders = unprivileged_run
    result = results.get("all-good-in-a-read-only-folder")
    assert result is not None and "error" not in result, result or err[-2000:]
    assert "resume" in result["at_start"]
    assert "save" in result["notices"] and "records" in result["notices"]


@pytest.mark.parametrize("name", OTHERS)
@pytest.mark.parametrize("trouble", ["symlink-to-dev-zero", "fifo"])
def test_any_other_kept_file_as_a_fifo_or_a_device_never_stops_the_app(unprivileged_run, name, trouble):
    results, err, folders = unprivileged_run
    result = results.get(f"{name}-{trouble}".replace("/", "-"))
    assert result is not None and "started" not in result, f"the app hung or died: {err[-2000:]}"
    assert "error" not in result, result["error"]


# --- a real ``solitaire play --screenshot`` -----------------------------------------------------
@pytest.mark.parametrize("trouble", ["fifo", "symlink-to-dev-zero", "binary", "folder"])
def test_solitaire_play_starts_whatever_its_settings_file_is(trouble):
    folder = Path(tempfile.mkdtemp(prefix="solitaire-shot-"))
    os.chmod(folder, 0o755)
    target = folder / SETTINGS
    if trouble == "fifo":
        os.mkfifo(target)
    elif trouble == "symlink-to-dev-zero":
        target.symlink_to("/dev/zero")
    elif trouble == "binary":
        target.write_bytes(noise(65_536))
    else:
        target.mkdir()
    shot = folder / "shot.png"
    env = {**os.environ, "SOLITAIRE_DATA_DIR": str(folder), "HOME": str(folder), "QT_QPA_PLATFORM": "offscreen"}
    try:
        done = subprocess.run(unprivileged([sys.executable, "-m", "solitaire_core", "play", "--screenshot",
                                            str(shot)]),
                              env=env, capture_output=True, text=True, timeout=CHILD_TIMEOUT, cwd=HERE.parent.parent)
        assert done.returncode == 0, done.stderr
        assert shot.stat().st_size > 10_000
        assert [p.name for p in folder.glob("settings.damaged-*")], list(folder.iterdir())
    finally:
        shutil.rmtree(folder)


# --- rows of the statistics file ----------------------------------------------------------------
BAD_ROWS = {
    "total-not-a-number": "UPDATE running_totals SET total = 'lots'",
    "total-a-fraction": "UPDATE running_totals SET total = 1.5",
    "options-not-json": "INSERT INTO running_totals VALUES (?, '{not json', 5)",
    "options-a-list": "INSERT INTO running_totals VALUES (?, '[1, 2]', 5)",
    "options-deep": f"INSERT INTO running_totals VALUES (?, '{nested(5000)}', 5)",
    "options-huge": f"INSERT INTO running_totals VALUES (?, '\"{'x' * 3_000_000}\"', 5)",
    "game-options-deep": "UPDATE games SET options = '" + nested(5000) + "'",
}


@pytest.mark.parametrize("row", BAD_ROWS)
def test_a_bad_row_of_statistics_is_left_out_with_a_notice_and_the_app_plays_on(open_window, games, row):
    game, options = carrying(games)
    with Store() as store:
        store.add_to_running_total(game.id, options, game.running_total, 40)
        from solitaire_core.records import GameRecord
        store.record(GameRecord(game=game.id, options=options, deal=1, result="won", moves=5, score=40,
                                duration=3.0))
    with sqlite3.connect(records_path()) as conn:
        sql = BAD_ROWS[row]
        conn.execute(sql, (game.id,) if "?" in sql else ())
    window = open_window({"game": game.id, "deal": 2, "options": options})
    window.update_status()
    window.records.stats_action.trigger()
    notice = window.notices.notices.get("records")
    assert notice is not None and str(records_path()) in notice.text and len(notice.text) < 1000
    if row.startswith("total"):  # left out, counted as 0: the status bar shows this game's score alone
        score = game.score(window.session.state)
        assert window.records.total_label.text() == f"Total: {score}"


def test_a_save_nested_at_any_depth_is_reported_never_raised(games, data_dir, kept):
    """Around the parser's limit some depths parse and then broke the option check: each one is
    a clean report and set aside, as the window's launch reads it (``SaveSlot.read``)."""
    from ui_qt.saves import SaveSlot

    data_dir.mkdir(parents=True, exist_ok=True)
    slot = SaveSlot(data_dir / SAVE)
    for depth in range(880, 1010):
        (data_dir / SAVE).write_bytes(deep_options(kept[SAVE], depth))
        session, problem = slot.read(games)
        assert session is None and "could not be loaded" in problem and len(problem) < 1000
        assert not (data_dir / SAVE).exists()


@pytest.mark.parametrize("trouble", ["fifo", "symlink-to-dev-zero", "folder", "oversize"])
def test_a_deck_that_is_not_a_file_is_passed_over(open_window, monkeypatch, tmp_path, trouble):
    """Decks are looked at when the app starts (the default is the first complete one)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = folder / "odd.svg"
    if trouble == "fifo":
        os.mkfifo(deck)
    elif trouble == "symlink-to-dev-zero":
        deck.symlink_to("/dev/zero")
    elif trouble == "folder":
        deck.mkdir()
    else:
        with open(deck, "wb") as handle:  # sparse: large without filling the disk
            handle.truncate(65 << 20)
    monkeypatch.setenv("SOLITAIRE_DECKS", str(folder))
    window = open_window({})
    assert window.painter.deck is None and window.game.legal_moves(window.session.state) is not None
