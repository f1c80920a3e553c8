"""The solitaire engine: cards, zones, moves, rules, notation and scenes. No Qt."""

from .cards import Card, french_deck, parse_card
from .errors import IllegalMove, NotationError, OptionError, SaveError, SolitaireError
from .game import Game
from .hookspecs import hookimpl
from .moves import DRAW, Move
from .options import Choice, Switch
from .piles import PileGame, alternate_colour_safe
from .scene import CARD_HEIGHT, Band, CardPlacement, Corner, Court, Face, Frame, Pips, Scene, Slot, Standard, Svg, Symbol
from .state import Pile, State

__all__ = [
    "CARD_HEIGHT", "Band", "Card", "CardPlacement", "Choice", "Corner", "Court", "DRAW", "Face", "Frame",
    "Game", "IllegalMove", "Pips", "Standard", "Svg", "Symbol",
    "Move", "NotationError", "OptionError", "Pile", "PileGame", "SaveError", "Scene", "Slot",
    "SolitaireError", "State", "Switch", "alternate_colour_safe", "french_deck", "hookimpl",
    "parse_card",
]
