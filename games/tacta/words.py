"""Tacta's names for its cards, stacks and sides, and the sentences built from them.

Cards are named by colour, suit and value ("the blue triangle 3"), a stack by
the cards it takes ("the blue circle stack"), a free side by its card ("the
east side of the red circle 4"). Texts go through ``solitaire_core.i18n``.
"""

from __future__ import annotations

from solitaire_core.i18n import N_, _
from solitaire_core.words import sentence

from .cards import BY_CODE, STACK_CARDS, SUIT_SYMBOLS

COLOUR_WORDS = {"B": N_("blue"), "R": N_("red")}
SUIT_WORDS = {"c": N_("circle"), "t": N_("triangle"), "s": N_("square")}
SIDE_WORDS = (N_("north"), N_("east"), N_("south"), N_("west"))
SHAPE_WORDS = {"triangle": N_("triangle"), "rectangle": N_("rectangle"), "square": N_("square")}
# A card's turn from upright, by quarter turns clockwise (rule 4.7).
TURN_WORDS = (N_("upright"), N_("turned a quarter to the right"), N_("turned upside down"),
              N_("turned a quarter to the left"))


def card_name(card) -> str:
    if card.is_x:
        return _("the X card")
    return _("the {colour} {suit} {value}").format(colour=_(COLOUR_WORDS[card.colour]),
                                                    suit=_(SUIT_WORDS[card.suit]), value=card.value)


def kind_name(card) -> str:
    """A card's colour and suit: "blue circle"."""
    return _("{colour} {suit}").format(colour=_(COLOUR_WORDS[card.colour]), suit=_(SUIT_WORDS[card.suit]))


def stack_label(k: int) -> str:
    """The label on a stack's slot: its colour and suit symbol, "blue \u25cb"."""
    card = STACK_CARDS[k][0]
    return _("{colour} {symbol}").format(colour=_(COLOUR_WORDS[card.colour]), symbol=SUIT_SYMBOLS[card.suit])


def on_stacks() -> str:
    """The status bar's figure: cards on the stacks."""
    return _("On stacks")


def any_shape() -> str:
    """The note on the X card: it fits any side."""
    return _("any shape")


def stack_name(k: int) -> str:
    return _("the {kind} stack").format(kind=kind_name(STACK_CARDS[k][0]))


def side_name(card, d: int) -> str:
    return _("the {side} side of {card}").format(side=_(SIDE_WORDS[d]), card=card_name(card))


def shape_name(shape: str) -> str:
    return _(SHAPE_WORDS.get(shape, shape))


def turn_name(turn: int) -> str:
    """How a card lies, ``turn`` quarter turns clockwise from upright: "turned upside down"."""
    return _(TURN_WORDS[turn])


def turned(text: str, turn: int) -> str:
    """A move's sentence with the card's turn: "Move ... to the north side of the X card, upright"."""
    return _("{move}, {turn}").format(move=text, turn=turn_name(turn))


def wrong_turn(card, turn: int, shape: str, side: str, fit: int) -> str:
    """Why ``card`` turned ``turn`` does not fit against ``side``: the side it would show there
    (a shaped side that does not match: the one turn ``fit`` that does)."""
    if not shape:
        return sentence(_("{card}, {turn}, would put its blank side against {side}").format(
            card=card_name(card), turn=turn_name(turn), side=side))
    return sentence(_("{card}, {turn}, would put its {shape} side against {side}: it fits there only {fit}").format(
        card=card_name(card), turn=turn_name(turn), shape=shape_name(shape), side=side,
        fit=turn_name(fit)))


def puzzle() -> str:
    return _("the puzzle")


def is_card_zone(zone_id: str) -> bool:
    return zone_id in BY_CODE
