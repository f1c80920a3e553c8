"""The survey's store, report, chart and progress line, without a cluster."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_core.cli import main
from solitaire_core.records.paths import SURVEY_FILE, is_kept, kept_files
from solitaire_core.registry import load_games
from solitaire_core.survey.progress import Progress
from solitaire_core.survey.report import rows, wilson
from solitaire_core.survey.store import Answer, Store, options_key
from solitaire_core.survey.work import Solved, replay_failure, solve_batch

KEY = options_key({"draw": 3})


def answer(deal: int, verdict: str, budget: float = 1.0, game: str = "klondike", key: str = KEY) -> Answer:
    return Answer(game, key, deal, verdict, budget, 0.5, 100, None, None, "v1")


def test_a_decided_answer_is_final_and_an_unknown_gives_way_to_a_larger_budget(tmp_path):
    with Store(tmp_path / "s.sqlite3") as store:
        store.add([answer(1, "winnable"), answer(2, "unknown"), answer(3, "unwinnable")])
        assert store.pending("klondike", KEY, range(1, 5), 1.0) == [4]
        assert store.pending("klondike", KEY, range(1, 5), 2.0) == [2, 4]
        assert store.pending("klondike", options_key({"draw": 1}), range(1, 3), 1.0) == [1, 2]
        store.add([answer(1, "unknown", 2.0), answer(2, "winnable", 2.0)])
        stored = {a.deal: (a.verdict, a.budget, a.solves) for a in store.answers()}
    assert stored == {1: ("winnable", 1.0, 1), 2: ("winnable", 2.0, 2), 3: ("unwinnable", 1.0, 1)}


def test_the_store_is_one_of_the_files_save_as_never_overwrites(tmp_path):
    assert tmp_path / SURVEY_FILE in kept_files(tmp_path)
    assert is_kept(tmp_path / SURVEY_FILE, override=tmp_path)
    assert is_kept(tmp_path / (SURVEY_FILE + "-wal"), override=tmp_path)


def test_wilson_intervals_match_the_published_values():
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson(0, 10)  # never below 0, and not a zero-width interval at the end
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson(10, 10)
    assert round(low, 4) == 0.7225 and high == pytest.approx(1.0)


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.sqlite3"
    with Store(path) as s:
        s.add([answer(d, "winnable") for d in range(1, 9)] + [answer(9, "unwinnable"), answer(10, "unknown", 4.0)])
        s.add([answer(d, "winnable", game="tacta", key="{}") for d in range(1, 3)])
    return path


def test_the_report_gives_each_share_with_its_interval(store, capsys, tmp_path):
    assert main(["survey", "--report", "--store", str(store), "--csv", str(tmp_path / "r.csv")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["game", "and", "options", "deals"]
    assert lines[1].split() == ["klondike", "draw=3", "10", "(1-10)", "8", "80.0%", "(49.0%-94.3%)",
                                "1", "10.0%", "(1.8%-40.4%)", "1", "10.0%", "(1.8%-40.4%)", "4", "s"]
    assert lines[2].startswith("tacta ")
    table = list(csv.DictReader(open(tmp_path / "r.csv", encoding="utf-8")))
    assert [(r["game"], r["options"], r["deals"], r["winnable"]) for r in table] == \
        [("klondike", "draw=3", "10", "8"), ("tacta", "", "2", "2")]
    assert float(table[0]["winnable_low"]) == pytest.approx(wilson(8, 10)[0])
    assert main(["survey", "tacta", "--report", "--store", str(store)]) == 0  # one game only
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_the_chart_draws_each_share_as_a_part_of_its_bar(store, tmp_path):
    from PySide6.QtGui import QColor, QImage
    from ui_qt.survey_chart import BAR, COLOURS, LEFT, RIGHT, ROW, TOP, WIDTH
    chart = tmp_path / "chart.png"
    # In a process of its own, as a person runs it: the chart makes its own Qt application.
    done = subprocess.run([sys.executable, "-m", "solitaire_core", "survey", "--report", "--store", str(store),
                           "--chart", str(chart)], capture_output=True, text=True, timeout=120,
                          env={k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"})
    assert done.returncode == 0, done.stderr
    image = QImage(str(chart))
    assert (image.width(), image.height()) > (0, TOP + 2 * ROW)
    plot = WIDTH - LEFT - RIGHT
    y = TOP + 26 + BAR // 2 - 8  # inside klondike's bar, above the whiskers

    def colour_at(share: float) -> QColor:
        return QColor(image.pixel(int(LEFT + plot * share), y))

    assert colour_at(0.40) == COLOURS["winnable"]  # 80% winnable
    assert colour_at(0.85) == COLOURS["unwinnable"]  # then 10% unwinnable
    assert colour_at(0.95) == COLOURS["unknown"]  # then 10% unknown


def test_the_chart_names_each_bar_in_words():
    """A picture is for people: the game's name and the options that differ from its
    defaults in words; a game not installed keeps its stored label."""
    from types import SimpleNamespace

    from ui_qt.survey_chart import _label
    game = load_games()["klondike"]
    draw = next(o for o in game.options if o.name == "draw")
    other = next(v for v in draw.values if v != draw.default)
    row = SimpleNamespace(game="klondike", options={"draw": other}, label=f"klondike draw={other}")
    said = _label(row, game)
    assert said.startswith(f"{game.name}: {draw.label}: ") and "=" not in said
    assert _label(row, None) == row.label


def test_a_report_of_no_store_says_so(tmp_path, capsys):
    assert main(["survey", "--report", "--store", str(tmp_path / "none.sqlite3")]) == 0
    assert capsys.readouterr().out == "no answers stored yet\n"
    assert not (tmp_path / "none.sqlite3").exists()


@pytest.mark.parametrize("stored", [False, True])
def test_a_report_of_no_answers_writes_no_empty_csv_or_chart(tmp_path, stored):
    """``solitaire survey --report --csv shares.csv --chart shares.png`` before any answer
    (no store, or a store of none for that game): it says so, and writes neither file."""
    store = tmp_path / "survey.sqlite3"
    if stored:
        Store(store).close()
    csv, chart = tmp_path / "shares.csv", tmp_path / "shares.png"
    plain = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    done = subprocess.run([str(Path(sys.executable).with_name("solitaire")), "survey", "klondike", "--report",
                           "--store", str(store), "--csv", str(csv), "--chart", str(chart)],
                          capture_output=True, text=True, timeout=120, env=dict(plain, QT_QPA_PLATFORM="offscreen"))
    assert (done.returncode, done.stdout) == (0, "no answers stored yet\n")
    assert done.stderr == f"solitaire: {csv} not written: no answers to show\nsolitaire: {chart} not written: no answers to show\n"
    assert not csv.exists() and not chart.exists()


def test_a_worker_s_batch_replays_each_winnable_answer_from_its_text():
    version, answers = solve_batch("klondike", {}, (3, 4), 20.0)
    assert [a.verdict for a in answers] == ["winnable", "winnable"] and version.startswith("0.")
    game = load_games()["klondike"]
    assert all(replay_failure(game, {}, a) is None for a in answers)
    cut = Solved(3, "winnable", 0.1, 10, answers[0].solution[:-1])
    assert replay_failure(game, {}, cut) == "the moves end in a position that is not won"
    wrong = Solved(3, "winnable", 0.1, 10, ("t1>t2",) + answers[0].solution)
    assert "move 1 (t1>t2) does not apply" in replay_failure(game, {}, wrong)


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_progress_line_gives_deals_done_rate_and_time_left():
    now = [0.0]
    log = io.StringIO()
    progress = Progress(100, log, clock=lambda: now[0])
    for _ in range(20):
        now[0] += 3.0
        progress.advance(1)
    assert log.getvalue().splitlines() == ["survey: 10/100 deals, 20.0 a minute, about 4 min 30 s left",
                                           "survey: 20/100 deals, 20.0 a minute, about 4 min 00 s left"]
    screen = Terminal()
    progress = Progress(4, screen, clock=lambda: now[0])
    now[0] += 60.0
    progress.advance(1)
    assert screen.getvalue() == \
        "\r[######------------------]  25%  1/4 deals, 1.0 a minute, about 3 min 00 s left\x1b[K"


def test_the_first_batch_is_one_deal_then_batches_last_about_two_seconds():
    from solitaire_core.survey.run import MAX_BATCH, batch_size
    assert batch_size(0.0, 0, 1000, 4) == 1  # nothing known yet of how long a deal takes
    assert batch_size(1.0, 10, 1000, 4) == 20  # 0.1 s a deal: 2 s of work
    assert batch_size(0.0, 10, 1000, 4) == MAX_BATCH  # too fast to time
    assert batch_size(1.0, 10, 30, 4) == 7  # the last deals shared out, no worker left idle
    assert batch_size(100.0, 10, 1000, 4) == 1


def french_cli(*args):
    """``LANG=fr_FR.UTF-8 solitaire ...`` in a process of its own."""
    from solitaire_core import i18n

    environ = {k: v for k, v in os.environ.items() if k not in i18n.SYSTEM_VARIABLES}
    return subprocess.run([sys.executable, "-m", "solitaire_core", *args], capture_output=True, text=True,
                          env={**environ, "LANG": "fr_FR.UTF-8"}, timeout=120)


def test_the_survey_speaks_the_locales_language(store, tmp_path):
    """Under a French locale the report's headings and verdicts, the refusals and the
    progress line are French; the CSV keeps the store's words for every language."""
    from solitaire_core import i18n

    done = french_cli("survey", "--report", "--store", str(store), "--csv", str(tmp_path / "r.csv"))
    assert done.returncode == 0, done.stderr
    head, first = done.stdout.splitlines()[:2]
    assert head.startswith("jeu et options") and "gagnables (intervalle à 95%)" in head and "inconnues" in head
    assert first.split()[:2] == ["klondike", "draw=3"] and first.rstrip().endswith("4 s")
    with open(tmp_path / "r.csv", newline="", encoding="utf-8") as stream:
        assert "winnable_share" in next(csv.reader(stream))
    refused = french_cli("survey", "klondike")
    assert refused.returncode == 2 and refused.stderr == \
        "solitaire: une étude demande GAME et --deals A-B (ou --report)\n"
    empty = french_cli("survey", "--report", "--store", str(tmp_path / "none.sqlite3"))
    assert empty.stdout == "aucune réponse gardée pour l'instant\n"
    i18n.set_language("fr")
    try:
        now = [0.0]
        log = io.StringIO()
        progress = Progress(10, log, clock=lambda: now[0])
        now[0] += 90.0
        progress.advance(1)
    finally:
        i18n.set_language(None)
    assert log.getvalue() == "étude\u00a0: 1/10 donnes, 0.7 par minute, environ 13 min 30 s restantes\n"
