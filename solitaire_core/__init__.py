"""The solitaire engine: cards, zones, moves, rules, notation and scenes. No Qt."""

from .cards import Card, french_deck, parse_card, tarot_deck
from .errors import IllegalMove, NotationError, OptionError, SaveError, SolitaireError
from .game import Game
from .hookspecs import hookimpl
from .moves import DRAW, Move
from .options import Choice, Switch
from .piles import PileGame, alternate_colour_safe
from .scene import CARD_HEIGHT, CardPlacement, Face, Scene, Slot
from .state import Pile, State

__all__ = [
    "CARD_HEIGHT", "Card", "CardPlacement", "Choice", "DRAW", "Face", "Game", "IllegalMove",
    "Move", "NotationError", "OptionError", "Pile", "PileGame", "SaveError", "Scene", "Slot",
    "SolitaireError", "State", "Switch", "alternate_colour_safe", "french_deck", "hookimpl",
    "parse_card", "tarot_deck",
]
