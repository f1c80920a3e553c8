"""The Excuse: what it stands for, and how the column rules see it (rules.md 5 and 8).

A locked Excuse is the card ``EX`` with ``stands`` set: ``6R`` (a red 6),
``KB`` (a black King), ``T11`` (trump XI), or ``?`` (wild on an empty column:
King or XXI). Column rules compare rank and colour only, so a locked Excuse
is seen as a card of that rank in one suit of its colour (hearts for red,
spades for black); the wild one as a King of each colour and trump XXI.
"""

from __future__ import annotations

from functools import lru_cache

from attrs import evolve

from solitaire_core.cards import ACE, BLACK, RED
from solitaire_core.errors import NotationError
from solitaire_core.i18n import N_, _
from solitaire_core.inputs import quote
from solitaire_core.rules import CardTest, Relation

from .cards import EXCUSE, LAST_TRUMP, ROMAN, TAROT_LABELS as LABELS, TRUMP, TarotCard, the_excuse, trump_name

KNIGHT, KING = 12, 14
WILD = "?"
FREE = TarotCard(0, EXCUSE)
COLOUR_CODES = {"R": RED, "B": BLACK}
STAND_IN_SUIT = {RED: "H", BLACK: "S"}
COLOUR_WORDS = {RED: N_("red"), BLACK: N_("black")}
RANK_WORDS = {ACE: N_("Ace"), 11: N_("Jack"), KNIGHT: N_("Knight"), 13: N_("Queen"), KING: N_("King")}


def is_excuse(card) -> bool:
    return card.suit == EXCUSE


def locked(stands: str) -> TarotCard:
    return TarotCard(0, EXCUSE, stands)


def every_excuse() -> tuple[TarotCard, ...]:
    """The Excuse free and locked as every card it may stand for: the cards in play
    beyond the pack, which the rule set's tables cover too."""
    stands = [WILD] + [f"{TRUMP}{n}" for n in range(1, LAST_TRUMP + 1)] + [
        label + colour for label in LABELS[1:] for colour in COLOUR_CODES]
    return (FREE, *(locked(s) for s in stands))


# --- what it stands for ------------------------------------------------------
@lru_cache(maxsize=None)
def parse_stands(stands: str) -> tuple[TarotCard, ...]:
    """The cards the column rules see for ``stands``; NotationError if it names none."""
    if stands == WILD:
        return (TarotCard(KING, "H"), TarotCard(KING, "S"), TarotCard(LAST_TRUMP, TRUMP))
    if stands[:1] == TRUMP and stands[1:].isdigit() and stands[1:] == str(int(stands[1:])) \
            and 1 <= int(stands[1:]) <= LAST_TRUMP:
        return (TarotCard(int(stands[1:]), TRUMP),)
    label, colour = stands[:-1], COLOUR_CODES.get(stands[-1:])
    if colour and label in LABELS[1:]:
        return (TarotCard(LABELS.index(label), STAND_IN_SUIT[colour]),)
    raise NotationError(f"an Excuse cannot stand for {quote(stands)} "
                        "(write a rank and R or B like 6R or KB, a trump like T11, or ?)")


def seen_as(card) -> tuple[TarotCard, ...]:
    """What a column rule sees: the card itself; for a locked Excuse what it stands
    for; for a free Excuse nothing (it is placed by its own rule, ``lock_on``)."""
    if not is_excuse(card):
        return (card,)
    return parse_stands(card.stands) if card.stands else ()


def seeing_through(rule: Relation) -> Relation:
    """``rule`` applied to what the cards stand for (rule 5.2: build on it normally)."""
    def test(below, above) -> bool:
        if not (is_excuse(below) or is_excuse(above)):
            return rule(below, above)
        return any(rule(lo, hi) for lo in seen_as(below) for hi in seen_as(above))
    return evolve(rule, test=test)


def starting_through(rule: CardTest) -> CardTest:
    """An empty-column test applied to what a locked Excuse stands for."""
    return evolve(rule, test=lambda card: any(rule(c) for c in seen_as(card)))


# --- placing it --------------------------------------------------------------
def lock_on(below) -> str | None:
    """What a free Excuse stands for once placed on ``below`` (rule 5.1, 8.6):
    one rank lower in the other colour, or the trump one lower; None on an Ace
    or trump I, where nothing is one lower."""
    if below.rank <= ACE:
        return None
    if below.suit == TRUMP:
        return f"T{below.rank - 1}"
    return LABELS[below.rank - 1] + ("B" if below.colour == RED else "R")


def lock_under(above) -> str | None:
    """What the wild Excuse becomes when ``above`` is built on it (rule 5.5):
    a Queen makes it the King of the other colour, trump XX makes it XXI."""
    if above.suit == TRUMP:
        return f"T{LAST_TRUMP}" if above.rank == LAST_TRUMP - 1 else None
    if above.rank == KING - 1 and above.colour in COLOUR_WORDS:
        return "KB" if above.colour == RED else "KR"
    return None


def replaced_by(excuse, card) -> bool:
    """Whether the real ``card`` is what ``excuse`` stands for (rules 5.6, 8.7):
    same rank and colour (either suit), the same trump; for the wild one any
    King or XXI."""
    if not is_excuse(excuse) or not excuse.stands or is_excuse(card):
        return False
    if excuse.stands == WILD:
        return (card.suit == TRUMP and card.rank == LAST_TRUMP) or (card.suit != TRUMP and card.rank == KING)
    (stand_in,) = parse_stands(excuse.stands)
    if stand_in.suit == TRUMP:
        return card.suit == TRUMP and card.rank == stand_in.rank
    return card.suit != TRUMP and card.rank == stand_in.rank and card.colour == stand_in.colour


def corner(stands: str) -> str:
    """The short index a covered Excuse still shows: ``6R``, ``KB``, ``XI``; a star if free or wild."""
    if not stands or stands == WILD:
        return "\u2605"
    return ROMAN[int(stands[1:])] if stands[0] == TRUMP else stands


def describe(stands: str) -> str:
    """The label the table shows on a locked Excuse: ``6 red``, ``K black``, ``XI``."""
    if not stands:
        return ""
    if stands == WILD:
        return _("K / XXI")
    (stand_in,) = parse_stands(stands)
    if stand_in.suit == TRUMP:
        return ROMAN[stand_in.rank]
    return _("{rank} {colour}").format(rank=LABELS[stand_in.rank], colour=_(COLOUR_WORDS[stand_in.colour]))


# --- in words -------------------------------------------------------------------
def stands_for(stands: str) -> str:
    """What a placed Excuse stands for, inside a sentence: "a red 6", "a black King",
    "trump XI"; the wild one "a King or trump XXI"."""
    if stands == WILD:
        return _("a King or trump XXI")
    (stand_in,) = parse_stands(stands)
    if stand_in.suit == TRUMP:
        return trump_name(ROMAN[stand_in.rank])
    rank = RANK_WORDS.get(stand_in.rank)
    return _("a {colour} {rank}").format(colour=_(COLOUR_WORDS[stand_in.colour]),
                                         rank=_(rank) if rank else stand_in.rank)


def excuse_name(card) -> str:
    """The Excuse by what it is now: free, wild, or standing for a card."""
    if not card.stands:
        return the_excuse()
    if card.stands == WILD:
        return _("the wild Excuse")
    return _("the Excuse (as {card})").format(card=stands_for(card.stands))
