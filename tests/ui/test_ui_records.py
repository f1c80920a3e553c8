"""Records in the app: games recorded once, the running total, the statistics dialog, game files."""

import argparse
import itertools
import json
import time

import pytest
from PySide6.QtCore import QCoreApplication, QEventLoop

from solitaire_core.records import GameRecord, Store, autosave_path, records_path
from solitaire_core.records.command import run_stats
from solitaire_core.records.outbox import outbox_dir
from ui_qt import stats_dialog
from ui_qt.chart import COLOURS, LINE, WINDOW, ResultsChart
from uihelpers import deal_with_move, open_game, save_as, scene_shown


def kept(game_id=None):
    """The games recorded so far, read through a store of our own (as a second copy of the app would),
    once every record on its way has reached the store (the app writes them off the GUI thread)."""
    delivered()
    if not records_path().exists():
        return []
    with Store() as store:
        return store.records(game_id)


def wait_for(condition, limit=30.0):
    """Process events until ``condition()`` (records are written off the GUI thread)."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)


def delivered(window=None):
    """Wait until every game recorded is in the store (the outbox is empty) and, with ``window``,
    until the window heard of it (its figures are up to date)."""
    wait_for(lambda: not any(outbox_dir(records_path()).glob("*.json"))
             and (window is None or window.records.recorder.waiting == 0))


def option_sets(game):
    """Every combination of the game's declared option values."""
    names = [o.name for o in game.options]
    return [dict(zip(names, values)) for values in itertools.product(*(o.values for o in game.options))]


def carrying_games(games):
    return [g for g in games.values() if g.running_total is not None]


def carrying_options(game):
    return next(o for o in option_sets(game) if game.carries_score(game.new(1, **o)))


def win(window, solved, qtbot, restart=True):
    deal, line = solved
    moves = list(line)
    window.autoplay_action.setChecked(False)  # the solver's line plays its own safe moves
    if restart:
        window.start(window.game, deal, {})
    window.auto_timer.setInterval(1)
    while not window.game.is_won(window.session.state):
        assert window.play(moves.pop(0))
        qtbot.waitUntil(lambda: not window.auto_timer.isActive())


# --- when a game is recorded ------------------------------------------------------------------
def test_a_game_left_for_a_new_deal_is_recorded_once(open_window, pile_game):
    window, move = deal_with_move(open_window, pile_game)
    deal = window.session.deal
    window.play(move)
    window.new_deal()
    window.new_deal()  # a deal left before any move is no game played
    window.close()  # nor is one quit before any move
    (record,) = kept()
    assert (record.game, record.deal, record.moves) == (pile_game.id, deal, 1)
    assert record.result in ("abandoned", "lost") and dict(record.options) == window.session.options


def test_a_restart_is_the_same_attempt(open_window, pile_game):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    window.restart()
    assert kept() == []
    window.play(move)
    window.new_deal()
    assert len(kept()) == 1


def test_a_won_game_is_recorded_once_and_a_restart_after_it_is_a_new_attempt(open_window, pile_game,
                                                                             solved, qtbot, tmp_path, monkeypatch):
    window = open_window({"game": pile_game.id, "deal": 1})
    win(window, solved, qtbot)
    (won,) = kept()
    assert won.result == "won" and won.moves == window.session.move_count
    save_as(window, monkeypatch, tmp_path / "won.json")
    assert (tmp_path / "won.json").exists()
    window.undo()
    window.redo()  # won again: the same game
    assert [r.result for r in kept()] == ["won"]
    window.restart()
    assert window.session.move_count == 0 and window.session.deal == solved[0]
    window.play(pile_game.legal_moves(window.session.state)[0])
    window.new_deal()
    open_game(window, monkeypatch, tmp_path / "won.json")  # a won game from a file counted already
    assert window.session.is_won
    window.new_deal()
    window.close()
    assert [r.result for r in kept()] in (["won", "abandoned"], ["won", "lost"])


def test_the_best_time_in_the_statistics_is_the_time_the_win_showed(open_window, pile_game, solved, qtbot):
    window = open_window({"game": pile_game.id, "deal": 1})
    started = iter([0.0])
    window.autoplay_action.setChecked(False)  # the deal as the solver won it
    window.start(window.game, solved[0], {})
    window.session.clock = lambda: next(started, 100.6)  # the clock starts at 0, the game is won 100.6 s later
    win(window, solved, qtbot, restart=False)
    shown = window.view._overlay_text[1].rsplit(" in ", 1)[1]
    assert [r.result for r in kept(pile_game.id)] == ["won"]  # the record has reached the store
    window.records.stats_action.trigger()
    table = window.records.dialog.table
    cells = {table.horizontalHeaderItem(c).text(): table.item(0, c).text() for c in range(table.columnCount())}
    assert cells["Best time"] == shown


def test_a_won_game_left_by_a_new_deal_counts_once(open_window, pile_game, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    won = pile_game.apply(window.session.state, move)
    monkeypatch.setattr(pile_game, "is_won", lambda state: state == won)
    window.play(move)
    window.new_deal()
    window.close()
    assert [r.result for r in kept()] == ["won"]


def test_a_quit_game_is_recorded_when_its_save_is_replaced(open_window, pile_game):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    window.close()
    assert kept() == []  # saved, offered next time: not left yet
    again = open_window({"game": pile_game.id})
    assert "resume" in again.notices.notices
    again.play(next(m for m in pile_game.legal_moves(again.session.state)))
    assert "resume" not in again.notices.notices
    assert [r.moves for r in kept()] == [1]


def test_a_continued_game_is_recorded_when_left(open_window, pile_game):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    window.close()
    again = open_window({"game": pile_game.id})
    again.notices.notices["resume"].buttons["Continue"].click()
    assert kept() == []  # the deal shown at launch was never played
    again.new_deal()
    assert [r.moves for r in kept()] == [1]


# --- the running total -----------------------------------------------------------------------------
def test_the_running_total_shows_exactly_when_the_score_carries(open_window, games):
    game = next(iter(carrying_games(games)), None)
    if game is None:
        pytest.skip("no registered game keeps a running total")
    window = open_window({"game": game.id, "deal": 3})
    label = window.records.total_label
    accounts = {}  # the scores left in each account (a deal left untouched pays its stake)

    def account(state):
        return tuple(sorted(game.running_total_options(state).items()))

    for options in option_sets(game):
        left = window.session.state
        if game.carries_score(left):
            accounts[account(left)] = accounts.get(account(left), 0) + game.score(left)
        assert window.start(game, 3, options)
        state = window.session.state
        carries = game.carries_score(state)
        assert label.isVisible() == carries and window.records.reset_total_action.isEnabled() == carries
        if carries:
            assert label.text() == f"Total: {accounts.get(account(state), 0) + game.score(state)}"


def test_a_finished_games_score_is_added_to_the_total_once(open_window, games):
    game = next(iter(carrying_games(games)), None)
    if game is None:
        pytest.skip("no registered game keeps a running total")
    options = carrying_options(game)
    window = open_window({"game": game.id, "deal": 1, "options": {k: str(v) for k, v in options.items()}})
    window.play(game.legal_moves(window.session.state)[0])
    first = game.score(window.session.state)
    assert window.records.total_label.text() == f"Total: {first}"
    window.new_deal()
    second = game.score(window.session.state)
    assert window.records.total_label.text() == f"Total: {first + second}"
    window.close()  # an untouched deal quit: its stake is paid, once
    delivered()
    with Store() as store:
        account = game.running_total_options(window.session.state)
        assert store.running_total(game.id, account, game.running_total) == first + second
    assert len(kept()) == 2


def test_a_won_games_score_is_shown_once_in_the_total(open_window, games, monkeypatch):
    """Recorded at the win while still on the table: the total holds its score, not twice."""
    game = next(iter(carrying_games(games)), None)
    if game is None:
        pytest.skip("no registered game keeps a running total")
    options = {k: str(v) for k, v in carrying_options(game).items()}
    window = open_window({"game": game.id, "deal": 1, "options": options})
    move = game.legal_moves(window.session.state)[0]
    won = game.apply(window.session.state, move)
    monkeypatch.setattr(game, "is_won", lambda state: state == won)
    window.play(move)
    score = game.score(window.session.state)
    assert [r.result for r in kept()] == ["won"]
    assert window.records.total_label.text() == f"Total: {score}"
    window.new_deal()
    assert window.records.total_label.text() == f"Total: {score + game.score(window.session.state)}"


def test_resetting_the_running_total_asks_first(open_window, games, monkeypatch):
    game = next(iter(carrying_games(games)), None)
    if game is None:
        pytest.skip("no registered game keeps a running total")
    options = {k: str(v) for k, v in carrying_options(game).items()}
    window = open_window({"game": game.id, "deal": 1, "options": options})
    window.play(game.legal_moves(window.session.state)[0])
    window.new_deal()
    score = game.score(window.session.state)
    monkeypatch.setattr(stats_dialog, "confirm", lambda *args: False)
    window.records.reset_total_action.trigger()
    assert window.records.total_label.text() != f"Total: {score}"
    monkeypatch.setattr(stats_dialog, "confirm", lambda *args: True)
    window.records.reset_total_action.trigger()  # written off the GUI thread, said when done
    wait_for(lambda: window.statusBar().currentMessage() == f"The running total of {game.name} starts again from 0.")
    assert window.records.total_label.text() == f"Total: {score}"


# --- the statistics dialog ------------------------------------------------------------------------
def record_some(game, results=("won", "lost", "won", "won", "abandoned", "lost")):
    """A few games of ``game`` in two option sets (one for a game without options), as any
    copy of the app would have kept them; returns the sets."""
    sets = option_sets(game)[:2] or [{}]
    with Store() as store:
        for n, result in enumerate(results):
            options = dict(game.new(1, **sets[n % len(sets)]).options)
            store.record(GameRecord(game=game.id, options=options, deal=n + 1, result=result, moves=90 + n,
                                    score=10 * n if game.score(game.new(1, **options)) is not None else None,
                                    duration=60.0 + 7 * n))
    return sets


def cli_rows(game_id, capsys):
    """The rows ``solitaire stats GAME`` prints, split into cells (columns are two spaces apart or more)."""
    capsys.readouterr()
    assert run_stats(argparse.Namespace(game=game_id)) == 0
    lines = capsys.readouterr().out.split("\nRunning totals\n")[0].splitlines()
    return [[cell for cell in line.strip().split("  ") if cell.strip()] for line in lines[2:]]


def test_the_dialog_shows_what_solitaire_stats_prints(open_window, pile_game, games, capsys):
    record_some(pile_game)
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    window.new_deal()  # and one game played in the app
    delivered(window)
    window.records.show_statistics()
    dialog = window.records.dialog
    assert [dialog.chooser.itemText(i) for i in range(dialog.chooser.count())] == [g.name for g in games.values()]
    assert dialog.game_id == pile_game.id
    expected = [[cell.strip() for cell in row[1:]] for row in cli_rows(pile_game.id, capsys)]
    option_rows = {r.options for r in kept(pile_game.id)}  # a row for all, and one per option set
    assert len(expected) == 1 + len(option_rows) and dialog.cells() == expected
    assert expected[0][:3] == ["(all)", "7", "3"]
    window.play(pile_game.legal_moves(window.session.state)[0])
    window.new_deal()  # the open dialog follows
    delivered(window)
    assert dialog.cells()[0][1] == "8"
    records = kept(pile_game.id)
    assert dialog.chart.results == [r.result for r in records]
    assert dialog.chart.rates[-1] == sum(r.won for r in records[-WINDOW:]) / min(len(records), WINDOW)


def test_the_chart_is_drawn(qtbot, pile_game):
    record_some(pile_game)
    chart = ResultsChart()
    qtbot.addWidget(chart)
    chart.resize(600, 200)
    chart.set_records(kept(pile_game.id))
    image = chart.grab().toImage()
    seen = {image.pixelColor(x, y).name() for x in range(0, 600, 2) for y in range(0, 200, 2)}
    assert {COLOURS[result].name() for result in ("won", "lost", "abandoned")} <= seen
    assert LINE.name() in seen
    assert "3 won" in chart.accessibleDescription()


def test_the_dialog_follows_the_chosen_game(open_window, pile_game, games):
    other = next((g for g in games.values() if g is not pile_game), None)
    if other is None:
        pytest.skip("only one game is registered")
    record_some(pile_game)
    window = open_window({"game": other.id, "deal": 1})
    window.records.show_statistics()
    dialog = window.records.dialog
    assert dialog.table.isHidden() and other.name in dialog.message.text()
    assert not dialog.reset_button.isEnabled()
    dialog.chooser.setCurrentIndex(dialog.chooser.findData(pile_game.id))
    assert dialog.cells()[0][1] == "6" and dialog.reset_button.isEnabled()


def test_reset_asks_then_forgets_the_games_but_not_the_running_total(open_window, pile_game, monkeypatch):
    sets = record_some(pile_game)
    with Store() as store:
        store.add_to_running_total(pile_game.id, {}, "switch", 25)
    window = open_window({"game": pile_game.id, "deal": 1})
    window.records.show_statistics()
    dialog = window.records.dialog
    monkeypatch.setattr(stats_dialog, "confirm", lambda *args: False)
    dialog.reset_button.click()
    assert len(kept(pile_game.id)) == 6 and dialog.table.rowCount() == 1 + len(sets)
    monkeypatch.setattr(stats_dialog, "confirm", lambda *args: True)
    dialog.reset_button.click()  # written off the GUI thread: the dialog shows it once done
    wait_for(lambda: dialog.table.isHidden())
    assert kept(pile_game.id) == [] and dialog.chart.results == []
    assert dialog.message.text() == f"No games of {pile_game.name} recorded yet."
    with Store() as store:
        assert store.running_totals(pile_game.id) == [(pile_game.id, (), 25)]
    assert "25" in dialog.totals.text()


# --- game files -----------------------------------------------------------------------------------------
def test_save_as_then_open_restores_the_game(open_window, pile_game, tmp_path, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    window.play(pile_game.legal_moves(window.session.state)[0])
    window.undo()  # the undone move is kept for redo
    state, count, deal = window.session.state, window.session.move_count, window.session.deal
    path = tmp_path / "kept" / "game.json"
    save_as(window, monkeypatch, path)
    window.new_deal()
    open_game(window, monkeypatch, path)
    assert window.session.state == state and window.session.move_count == count == 1
    assert window.session.deal == deal and window.session.can_redo()
    assert window.view.model == scene_shown(window.view, pile_game, state)


def bad_files(game):
    """Files that are no save: not JSON, empty, and a save of this game with a move it cannot replay."""
    forged = {"format": "solitaire-save", "version": 1, "game": game.id, "options": {}, "deal": 1,
              "moves": ["no such move"]}
    return {"not-json": "{ not json", "empty": "", "illegal-move": json.dumps(forged)}


@pytest.mark.parametrize("kind", ["not-json", "empty", "illegal-move"])
def test_a_bad_file_opens_nothing(open_window, pile_game, tmp_path, kind, monkeypatch):
    content = bad_files(pile_game)[kind]
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    session, state = window.session, window.session.state
    path = tmp_path / "bad.json"
    path.write_text(content)
    open_game(window, monkeypatch, path)
    assert window.session is session and session.state == state and session.move_count == 1
    assert path.name in window.notices.notices["file"].text
    assert path.read_text() == content
    window.new_deal()
    assert len(kept()) == 1  # the game on the table was not left


def test_a_missing_file_opens_nothing(open_window, pile_game, tmp_path, monkeypatch):
    window = open_window({"game": pile_game.id, "deal": 1})
    session = window.session
    open_game(window, monkeypatch, tmp_path / "nowhere.json")
    assert window.session is session and "cannot read" in window.notices.notices["file"].text


# --- a store that is damaged or cannot be opened -----------------------------------------------------
def test_a_garbage_store_is_moved_aside_and_play_goes_on(open_window, pile_game, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    records_path().write_bytes(b"this is not a database" * 100)
    window, move = deal_with_move(open_window, pile_game)
    assert window.play(move)
    window.new_deal()
    wait_for(lambda: "records" in window.notices.notices)
    assert "could not be used" in window.notices.notices["records"].text
    assert list(data_dir.glob("records.sqlite3.damaged-*"))
    assert len(kept()) == 1


def test_a_store_that_cannot_be_opened_leaves_the_app_playing(open_window, pile_game, data_dir):
    with Store() as store:  # a file a newer program wrote: refused and left as it is
        store._conn.execute("PRAGMA user_version = 99")
    window, move = deal_with_move(open_window, pile_game)
    assert window.play(move)
    window.new_deal()
    wait_for(lambda: "records" in window.notices.notices)
    assert "not recorded yet" in window.notices.notices["records"].text
    assert len(list(outbox_dir(records_path()).glob("*.json"))) == 1  # kept for a program that can write it
    assert window.play(pile_game.legal_moves(window.session.state)[0])
    window.records.show_statistics()
    assert "not available" in window.records.dialog.message.text()


def test_the_automatic_save_is_where_the_records_say(open_window, pile_game):

    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    assert json.loads(autosave_path().read_text())["moves"] == [pile_game.format_move(move)]


def test_the_file_and_statistics_keys_reach_one_action_each(open_window):
    window = open_window({})
    keys = [s.toString() for action in window.actions() for s in action.shortcuts()]
    assert len(keys) == len(set(keys))
    by_key = {s.toString(): action for action in window.actions() for s in action.shortcuts()}
    assert by_key["Ctrl+O"] is window.records.open_action
    assert by_key["Ctrl+Shift+S"] is window.records.save_as_action
    assert by_key["Ctrl+T"] is window.records.stats_action
    assert by_key["Ctrl+,"] is window.options_action


def test_a_save_left_by_an_earlier_version_is_offered(open_window, pile_game, data_dir):
    from solitaire_core.session import Session
    from ui_qt.saves import LEGACY_NAME

    session = Session(pile_game, 4)
    session.play(pile_game.legal_moves(session.state)[0])
    session.save(data_dir / LEGACY_NAME)
    window = open_window({"game": pile_game.id})
    window.notices.notices["resume"].buttons["Continue"].click()
    assert window.session.state == session.state and window.session.deal == 4
    assert autosave_path().exists() and not (data_dir / LEGACY_NAME).exists()
