"""Save game as... never writes over a file the program keeps (issue 13): whatever the dialog allowed."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog

from solitaire_core.records import Store, records_path
from solitaire_core.records.outbox import FOLDER as OUTBOX
from solitaire_core.records.paths import kept_files


def recorded():
    if not records_path().exists():
        return []
    with Store() as store:
        return store.records()


def save_as_to(window, monkeypatch, path) -> None:
    """The player picks ``path`` in the dialog and presses Save."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), "Solitaire games (*.json)"))
    window.records.save_as_action.trigger()


@pytest.mark.parametrize("name", [p.name for p in kept_files("/")])
def test_save_as_refuses_every_file_the_program_keeps(open_window, pile_game, monkeypatch, data_dir, name):
    window = open_window({"game": pile_game.id, "deal": 1})
    target = data_dir / name / "waiting.json" if name == OUTBOX else data_dir / name
    before = target.read_bytes() if target.is_file() else None
    save_as_to(window, monkeypatch, target)
    notice = window.notices.notices.get("file")
    assert notice is not None and "keeps its own data" in notice.text
    assert (target.read_bytes() if target.is_file() else None) == before


def test_save_as_onto_the_statistics_keeps_every_recorded_game(open_window, pile_game, monkeypatch, tmp_path,
                                                               qtbot):
    window = open_window({"game": pile_game.id, "deal": 1})
    window.play(pile_game.legal_moves(window.session.state)[0])
    window.new_action.trigger()  # the game left is recorded (the store has it a moment later)
    qtbot.waitUntil(lambda: bool(recorded()))
    kept = recorded()
    link = tmp_path / "looks-like-a-save.json"  # the dialog may be given a link to it too
    link.symlink_to(records_path())
    for path in (records_path(), link):
        save_as_to(window, monkeypatch, path)
        assert "keeps its own data" in window.notices.notices["file"].text
    assert recorded() == kept
    save_as_to(window, monkeypatch, tmp_path / "mine")
    assert (tmp_path / "mine.json").is_file()  # any other name is saved
