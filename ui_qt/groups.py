"""Undo and redo by the player's move: a move and the automatic moves it set off
(safe cards played up, an automatic finish) go back and forth together, as
KPatience's undo takes back a move together with its autodrops."""

from __future__ import annotations

from solitaire_core.session import Session


class MoveGroups:
    """Which moves of a session were automatic (by their number, from 1)."""

    def __init__(self) -> None:
        self.automatic: set[int] = set()

    def played(self, session: Session, automatic: bool) -> None:
        """After ``session.play``: the redo branch it dropped is forgotten."""
        self.automatic = {k for k in self.automatic if k < session.move_count}
        if automatic:
            self.automatic.add(session.move_count)

    def undo(self, session: Session) -> bool:
        """Undo back to before the last move the player made."""
        undone = False
        while session.undo():
            undone = True
            if session.move_count + 1 not in self.automatic:
                break
        return undone

    def redo(self, session: Session) -> bool:
        """Redo the player's next move and the automatic moves that followed it."""
        if not session.redo():
            return False
        while session.move_count + 1 in self.automatic and session.redo():
            pass
        return True
