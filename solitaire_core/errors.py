"""The engine's errors: each says what was wrong in words a player understands."""


class SolitaireError(Exception):
    """Base of every error the engine raises on bad input."""


class IllegalMove(SolitaireError):
    """A move the rules forbid in this state; names the move and the reason."""

    def __init__(self, move: str, reason: str):
        super().__init__(f"illegal move {move}: {reason}")
        self.move = move
        self.reason = reason


class NotationError(SolitaireError, ValueError):
    """Text (card code, move, position) that does not parse."""


class OptionError(SolitaireError, ValueError):
    """An unknown option, or a value the option does not allow."""


class SaveError(SolitaireError):
    """A saved game that cannot be loaded; the file is left untouched. ``str()`` keeps the
    detail (move texts, fields) for the command line; ``said`` is what the table tells
    the player, in words (``solitaire_core.words``)."""

    def __init__(self, detail: str, said: str | None = None):
        super().__init__(detail)
        self.said = detail if said is None else said
