"""Game files as a player uses them (issue 40, item 6): opening a save of the game in
progress goes on with that game (nothing counted as abandoned), Save as onto the app's
own automatic save is refused at once with no question before, and Open and Save as
start in the folder used last, also after a restart of the app."""

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox
from test_ui_records import kept
from uihelpers import deal_with_move, open_game, save_as

from solitaire_core.records import autosave_path


def test_opening_a_save_of_the_game_in_progress_counts_nothing(open_window, pile_game, tmp_path, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    path = tmp_path / "mine.json"
    save_as(window, monkeypatch, path)
    window.play(pile_game.legal_moves(window.session.state)[0])  # on a little further, then back to the file
    open_game(window, monkeypatch, path)
    assert window.session.move_count == 1
    open_game(window, monkeypatch, autosave_path())  # the app's own save of it: the same game too
    assert kept() == []
    window.new_deal()  # leaving it now counts it, once
    assert [r.result for r in kept()] in (["abandoned"], ["lost"])


def test_opening_another_game_still_counts_the_one_left(open_window, pile_game, tmp_path, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    path = tmp_path / "mine.json"
    save_as(window, monkeypatch, path)
    window.new_deal()
    assert len(kept()) == 1
    window.play(pile_game.legal_moves(window.session.state)[0])
    open_game(window, monkeypatch, path)  # another deal: the one on the table is left
    assert len(kept()) == 2


def test_save_as_onto_the_automatic_save_is_refused_at_once(open_window, pile_game, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    asked = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: asked.append(a) or
                                                              QMessageBox.StandardButton.Yes))
    options = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: options.append(a[4:]) or (str(autosave_path()), "")))
    before = autosave_path().read_bytes()
    window.records.save_as_action.trigger()
    assert options and QFileDialog.Option.DontConfirmOverwrite in QFileDialog.Option(options[0][-1])
    assert asked == []  # no "replace it?" first: refused straight away
    assert "keeps its own data" in window.notices.notices["file"].text
    assert autosave_path().read_bytes() == before


def test_save_as_over_a_file_of_the_player_asks_once(open_window, pile_game, tmp_path, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    path = tmp_path / "old.json"
    path.write_text("old")
    asked = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: asked.append(a[2]) or
                                                              QMessageBox.StandardButton.No))
    save_as(window, monkeypatch, path)
    assert asked == ["old.json already exists. Replace it?"] and path.read_text() == "old"


def test_open_and_save_as_start_in_the_folder_used_last(open_window, pile_game, tmp_path, monkeypatch):
    window, move = deal_with_move(open_window, pile_game)
    window.play(move)
    folders = []

    def answer(path):
        return staticmethod(lambda parent, title, folder, *a, **k: folders.append(folder) or (str(path), ""))

    first = tmp_path / "games" / "a.json"
    first.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer(first))
    window.records.save_as_action.trigger()
    assert folders == [str(Path.home())]
    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer(first))
    window.records.open_action.trigger()
    assert folders[-1] == str(first.parent)
    window.close()
    again = open_window()  # the next run of the app
    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer(tmp_path / "b.json"))
    again.records.save_as_action.trigger()
    assert folders[-1] == str(first.parent)
