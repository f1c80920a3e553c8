"""The game protocol of DESIGN 3.2, with what every game shares.

A concrete game supplies ``new``, ``legal_moves``, ``play`` (apply without the
legality check), ``is_won``, the position text and the scene. ``apply``,
``is_stuck``, card codes, faces and rules text come from here.
"""

from __future__ import annotations

import importlib.resources
import sys
from typing import Any, Sequence

from . import cards as cardlib
from . import moves as movelib
from .errors import IllegalMove, SolitaireError
from .moves import Move
from .options import Choice, resolve
from .scene import Face, Scene
from .state import State

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")


class Game:
    """Base of every game. Subclasses set ``id``, ``name``, ``options``."""

    id: str = ""
    name: str = ""
    options: tuple[Choice, ...] = ()
    pack: str = "french"
    stuck_search_limit: int = 4000
    running_total: str | None = None  # an on/off option whose "on" carries the score to the next game

    # --- to provide -------------------------------------------------------
    def new(self, deal: int, **options: Any) -> State:
        raise NotImplementedError

    def legal_moves(self, state: State) -> Sequence[Move]:
        raise NotImplementedError

    def play(self, state: State, move: Move) -> State:
        """Apply a move known to be legal (the solver's fast path)."""
        raise NotImplementedError

    def is_won(self, state: State) -> bool:
        raise NotImplementedError

    def format_position(self, state: State) -> str:
        raise NotImplementedError

    def parse_position(self, text: str, **options: Any) -> State:
        raise NotImplementedError

    def scene(self, state: State) -> Scene:
        raise NotImplementedError

    # --- shared -----------------------------------------------------------
    def resolve_options(self, given: dict) -> tuple:
        return resolve(self.options, given)

    def apply(self, state: State, move: Move) -> State:
        if move not in self.legal_moves(state):
            raise IllegalMove(self.format_move(move), self.why_illegal(state, move))
        return self.play(state, move)

    def why_illegal(self, state: State, move: Move) -> str:
        return "the rules do not allow it in this position"

    def score(self, state: State) -> int | None:
        """The score, or None where the game (or its options) keeps none."""
        return None

    def carries_score(self, state: State) -> bool:
        """Whether this game's score runs on to the next game (its ``running_total`` switch is on)."""
        return self.running_total is not None and state.option(self.running_total) == "on"

    def status(self, state: State) -> list[tuple[str, str]]:
        """Labelled figures for a status bar (score, redeals left, ...)."""
        score = self.score(state)
        return [] if score is None else [("Score", str(score))]

    def format_move(self, move: Move) -> str:
        return movelib.format_move(move)

    def parse_move(self, state: State, text: str) -> Move:
        return movelib.parse_move(text)

    def format_card(self, card) -> str:
        return card.code

    def parse_card(self, text: str):
        return cardlib.parse_card(text, self.pack)

    def face(self, card) -> Face:
        """A face description the UI can draw without knowing the game."""
        symbol = SUIT_SYMBOLS.get(card.suit, "")
        if card.suit == cardlib.TRUMP:
            return Face("trump", "black", ROMAN[card.rank], ROMAN[card.rank], card.rank, card.suit)
        if card.suit == cardlib.EXCUSE:
            return Face("excuse", "black", "\u2605", "\u2605", 0, card.suit, note=card.stands)
        label = cardlib.PACK_LABELS[card.pack][card.rank]
        kind = "french" if card.pack == "french" else "tarot-suit"
        return Face(kind, card.colour, label, symbol, card.rank, card.suit)

    @property
    def rules(self) -> str:
        """The game's rules as Markdown: ``rules.md`` in the game's own package, or in
        the nearest base class's (a subclass in a test or script keeps its rules)."""
        for cls in type(self).__mro__:
            package = getattr(sys.modules.get(cls.__module__), "__package__", None)
            if not package:
                continue
            try:
                return importlib.resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
            except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError, TypeError):
                continue
        raise SolitaireError(f"{self.name} ships no rules.md beside its code")

    # --- search helpers shared by is_stuck, hints and the solver ---------
    def key(self, state: State):
        """What identifies a position for search: cosmetic values left out."""
        return state

    def progress(self, state: State) -> tuple:
        """Measures that a winning line must raise; see ``is_stuck``."""
        return ()

    def is_stuck(self, state: State) -> bool:
        """True when no sequence of moves can raise any ``progress`` measure.

        The search is bounded: past ``stuck_search_limit`` positions it answers
        False, so it is never true while a useful move may exist.
        """
        if self.is_won(state):
            return False
        base = self.progress(state)
        seen = {self.key(state)}
        frontier = [state]
        while frontier:
            current = frontier.pop()
            for move in self.legal_moves(current):
                after = self.play(current, move)
                if any(a > b for a, b in zip(self.progress(after), base)):
                    return False
                key = self.key(after)
                if key not in seen:
                    if len(seen) >= self.stuck_search_limit:
                        return False
                    seen.add(key)
                    frontier.append(after)
        return True

    def safe_moves(self, state: State) -> list[Move]:
        """Moves that can never hurt (played without asking by auto-play)."""
        return []

    def finish_moves(self, state: State) -> list[Move] | None:
        """The moves that finish a game that is won in all but name, else None."""
        return None

    def hint(self, state: State) -> Move | None:
        """A good move by a quick heuristic (the solver gives better ones);
        None when only pointless moves are left."""
        scored = [(self.preference(state, m), m) for m in self.legal_moves(state)]
        best = max(scored, key=lambda pair: pair[0], default=None)
        return best[1] if best is not None and best[0] >= 0 else None

    def preference(self, state: State, move: Move) -> int:
        """How good a move looks at a glance; higher is better, negative is pointless."""
        return 0
