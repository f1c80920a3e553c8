"""Every sentence the engine says to a player, in one place for translators.

Moves, the cursor, refusals and the table's prompts are built here from the
names a game gives its cards and zones (``game.card_name``, ``game.zone_name``),
never from notation. Each template goes through ``i18n._`` (or ``ngettext``)
when it is used, with named fields a translation may reorder. A sentence
starts with a capital letter; a name or phrase (``the 7♣``, ``the stock``,
``Column 5``) is written as it reads inside a sentence.
"""

from __future__ import annotations

import re

from babel import Locale
from babel.numbers import format_percent

from . import i18n
from .i18n import N_, _, ngettext, pgettext
from .zones import CELL, FOUNDATION, RESERVE, STOCK, TABLEAU, WASTE


def sentence(text: str) -> str:
    """``text`` with its first letter a capital."""
    return text[:1].upper() + text[1:]


# --- names ----------------------------------------------------------------------------
def card(rank: str, suit: str) -> str:
    """``rank`` as the corner shows it; an Ace has its own template (French elides: "l'A\u2660")."""
    if rank == RANK_LETTERS["A"]():
        return pgettext("card name: an Ace", "the {rank}{suit}").format(rank=rank, suit=suit)
    return _("the {rank}{suit}").format(rank=rank, suit=suit)


# A rank's letter on a card's corner and in its name: the player's language's (French: V, D, R).
RANK_LETTERS = {
    "A": lambda: pgettext("card rank: Ace", "A"),
    "J": lambda: pgettext("card rank: Jack", "J"),
    "Q": lambda: pgettext("card rank: Queen", "Q"),
    "K": lambda: pgettext("card rank: King", "K"),
}


def rank(letter: str) -> str:
    """A rank as a player reads it: a court's letter translated, a number as it is."""
    translated = RANK_LETTERS.get(letter)
    return translated() if translated else letter


def a_card() -> str:
    """A card whose face has no index to name it by."""
    return _("a card")


def face_down_card() -> str:
    return _("a face-down card")


# A zone named by its role: the name of a lone one, then of one of several ({n}: 1, 2, ...).
ROLE_NAMES = {
    STOCK: (N_("the stock"), N_("Stock {n}")),
    WASTE: (N_("the waste"), N_("Waste {n}")),
    FOUNDATION: (N_("the foundation"), N_("Foundation {n}")),
    TABLEAU: (N_("the column"), N_("Column {n}")),
    RESERVE: (N_("the reserve"), N_("Reserve {n}")),
    CELL: (N_("the free cell"), N_("Free cell {n}")),
}
OTHER_ROLE = (N_("the pile"), N_("Pile {n}"))


def zone(role: str, number: int, several: bool, own: str = "") -> str:
    """A zone's name: its declaration's own (a template that may use ``{n}``), else its role's."""
    lone, numbered = ROLE_NAMES.get(role, OTHER_ROLE)
    template = own or (numbered if several else lone)
    return _(template).format(n=number)


def some_place() -> str:
    """A zone a game has given no name (a plain ``Game`` that does not name its zones)."""
    return _("a place on the table")


# --- moves ----------------------------------------------------------------------------
def cards(lead: str, n: int) -> str:
    """``n`` cards lifted together, named by the lowest of them."""
    if n == 1:
        return lead
    return ngettext("{card} and the card on it", "{card} and the {count} cards on it", n - 1).format(
        card=lead, count=n - 1)


def move_onto(moving: str, target: str) -> str:
    return sentence(_("Move {cards} onto {target}").format(cards=moving, target=target))


def move_to(moving: str, zone_name: str) -> str:
    return sentence(_("Move {cards} to {zone}").format(cards=moving, zone=zone_name))


def put_on(moving: str, zone_name: str) -> str:
    return sentence(_("Put {cards} on {zone}").format(cards=moving, zone=zone_name))


def turn_over(n: int) -> str:
    return ngettext("Turn over the next card", "Turn over the next {count} cards", n).format(count=n)


def redeal(n: int) -> str:
    return ngettext("Gather the cards left, shuffle them and deal them again, one to a pile",
                    "Gather the cards left, shuffle them and deal them again, {count} to a pile", n).format(count=n)


def close_up(n: int) -> str:
    if not n:
        return _("Close up the gaps")
    return ngettext("Close up the gaps and deal a new card into the last one",
                    "Close up the gaps and deal {count} new cards into the last ones", n).format(count=n)


def pull(card_name: str, under: int, zone_name: str) -> str:
    return sentence(ngettext("Pull {card} from under {count} card to the top of {zone} (the merci)",
                             "Pull {card} from under {count} cards to the top of {zone} (the merci)", under).format(
        card=card_name, count=under, zone=zone_name))


def nothing_to_gather() -> str:
    return _("No card is left to gather and deal again")


def no_gap() -> str:
    return _("There is no gap to close up")


def pull_not_yet(stock: str) -> str:
    return sentence(_("A card may be pulled up only once {stock} has no pass left").format(stock=stock))


def no_pull_left() -> str:
    return _("No pull (merci) is left in this game")


def turn_back(waste: str, stock: str) -> str:
    return sentence(_("Turn {waste} back into {stock}").format(waste=waste, stock=stock))


def deal_next(stock: str) -> str:
    return sentence(_("Deal the next card from {stock}").format(stock=stock))


def click_stock(stock: str) -> str:
    """The stock click of a game whose stock the engine knows only from its scene."""
    return sentence(_("Turn over cards from {stock}").format(stock=stock))


# --- the cursor ------------------------------------------------------------------------
def spot_card(zone_name: str, card_name: str) -> str:
    return sentence(_("{zone}: {card}").format(zone=zone_name, card=card_name))


def spot_face_down(zone_name: str) -> str:
    return sentence(_("{zone}: a face-down card").format(zone=zone_name))


def spot_empty(zone_name: str) -> str:
    return sentence(_("{zone} is empty").format(zone=zone_name))


# --- the table's prompts ---------------------------------------------------------------
def hint(move: str, source: str = "") -> str:
    if source:
        return _("Hint: {move} ({source})").format(move=move, source=source)
    return _("Hint: {move}").format(move=move)


def no_move_helps() -> str:
    """What the hint says when no move can get anywhere any more."""
    return _("No move helps any more: undo or restart")


def demo_move(move: str) -> str:
    return _("Demo: {move} (any key or click stops it)").format(move=move)


def put_back() -> str:
    return _("Put back")


def one_way_of(move: str, number: int, count: int) -> str:
    """A move the held cards can make in several ways to one place, as the table offers it
    (R, the mouse wheel or the right button goes to the next way)."""
    return _("{move} (way {number} of {count}, R for the next)").format(move=move, number=number, count=count)


def picked_up(moving: str, zone_name: str, n: int) -> str:
    return sentence(ngettext("Picked up {cards} from {zone}: choose where to put it",
                             "Picked up {cards} from {zone}: choose where to put them", n).format(
        cards=moving, zone=zone_name))


def cannot_move(card_name: str) -> str:
    return sentence(_("{card} cannot move").format(card=card_name))


def face_down_stays() -> str:
    return _("That card is face down: it cannot move")


# --- refusals -----------------------------------------------------------------------------
def with_rule(reason: str, ref: str) -> str:
    return _("{reason} (rule {rule})").format(reason=reason, rule=ref)


def no_stock(game: str) -> str:
    return _("{game} has no stock").format(game=game)


def no_pass_left(stock: str) -> str:
    return sentence(_("{stock} is empty and no pass through it is left").format(stock=stock))


def nothing_to_turn(stock: str, waste: str) -> str:
    return sentence(_("{stock} and {waste} are both empty").format(stock=stock, waste=waste))


def all_dealt(stock: str) -> str:
    return sentence(_("{stock} is empty: every card is dealt").format(stock=stock))


def no_such_place() -> str:
    return _("There is no such place on the table")


def own_pile() -> str:
    return _("Cards cannot move onto their own pile")


def never_taken(zone_name: str) -> str:
    return _("No card is ever taken from {zone}").format(zone=zone_name)


def no_card(zone_name: str) -> str:
    return sentence(_("{zone} has no card to move").format(zone=zone_name))


def top_only(zone_name: str) -> str:
    return _("Only the top card of {zone} may move").format(zone=zone_name)


def few_face_up(zone_name: str, up: int) -> str:
    if up == 0:
        return sentence(_("{zone} has no face-up card; face-down cards never move").format(zone=zone_name))
    return sentence(ngettext("{zone} has only {count} face-up card; face-down cards never move",
                             "{zone} has only {count} face-up cards; face-down cards never move", up).format(
        zone=zone_name, count=up))


def not_a_run(zone_name: str, n: int, rule: str) -> str:
    return _("The top {count} cards of {zone} are not a run ({rule})").format(count=n, zone=zone_name, rule=rule)


def top_or_all(zone_name: str) -> str:
    return sentence(_("{zone} lets go of its top card or of all its cards, never of part of them").format(
        zone=zone_name))


def either(names: list[str]) -> str:
    """Names joined by "or": "the waste", "the waste or the reserve"."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


def empty_takes_from(zone_name: str, sources: str) -> str:
    return sentence(_("{zone} is empty and takes cards only from {sources}").format(
        zone=zone_name, sources=sources))


def takes_only_from(zone_name: str, sources: str) -> str:
    return sentence(_("{zone} takes cards only from {sources}").format(zone=zone_name, sources=sources))


def one_card_from(zone_name: str) -> str:
    return _("Only one card at a time moves from {zone}").format(zone=zone_name)


def never_put(zone_name: str) -> str:
    return _("No card is ever put on {zone}").format(zone=zone_name)


def foundation_to_foundation() -> str:
    return _("Cards never move from one foundation to another")


def one_at_a_time(zone_name: str) -> str:
    return sentence(_("{zone} takes one card at a time").format(zone=zone_name))


def empty_takes(zone_name: str, takes: str, card_name: str) -> str:
    return sentence(_("{zone} is empty and takes {takes}, not {card}").format(
        zone=zone_name, takes=takes, card=card_name))


def empty_takes_nothing(zone_name: str) -> str:
    return sentence(_("{zone} is empty, and an empty one takes no card").format(zone=zone_name))


def top_face_down(zone_name: str) -> str:
    return _("The top card of {zone} is face down").format(zone=zone_name)


def cannot_go_on(card_name: str, below: str, zone_name: str, rule: str) -> str:
    return sentence(_("{card} cannot go on {below}: {zone} builds {rule}").format(
        card=card_name, below=below, zone=zone_name, rule=rule))


def builds_on_nothing(card_name: str, zone_name: str) -> str:
    return sentence(_("{card} cannot go on {zone}: no card is put on its cards").format(
        card=card_name, zone=zone_name))


def rules_forbid() -> str:
    return _("The rules of this game do not allow it in this position")


# --- slot labels and the status bar --------------------------------------------------
def label(text: str) -> str:
    """A slot's label as declared (``N_``-marked: "A", "K", "2 more passes"), translated."""
    return _(text) if text else ""


def redeals_left(n: int) -> str:
    return ngettext("{count} redeal left", "{count} redeals left", n).format(count=n)


def passes_left(n: int) -> str:
    if n == 0:
        return _("no pass left")
    return ngettext("{count} more pass", "{count} more passes", n).format(count=n)


def score_label() -> str:
    return _("Score")


def redeals_label() -> str:
    return _("Redeals left")


def unlimited() -> str:
    return _("unlimited")


def pass_label() -> str:
    return _("Pass")


def stock_label() -> str:
    return _("Stock")


def deals_left_label() -> str:
    return _("Deals left")


def count_of(count: int, total: int) -> str:
    """A figure out of a total: "2 of 4"."""
    return _("{count} of {total}").format(count=count, total=total)


def figure(name: str, value: str) -> str:
    """One status-bar figure: "Score: 12"."""
    return _("{name}: {value}").format(name=name, value=value)


def option_value(value) -> str:
    """An option's value as the Options dialog and the statistics show it ("vegas", "3")."""
    return _(value) if isinstance(value, str) else str(value)


def option_set(declared, values) -> str:
    """Options with their values as a player reads them, each by its own label and value
    ("Cards drawn from the stock: 3, Scoring: vegas"): the statistics' option sets. An
    option ``declared`` lacks (a game no longer installed, an option it dropped) has no
    words: it stays as stored ("draw=3")."""
    options = {option.name: option for option in declared}
    said = []
    for name, value in values:
        option = options.get(name)
        if option is None:
            said.append(f"{name}={value}")
        else:
            label = _(option.label) if option.label else name
            said.append(_("{option}: {value}").format(option=label, value=option_value(value)))
    return pgettext("between the options of a set", ", ").join(said)


# --- a save that cannot be loaded (SaveError.said: the table's words; str() keeps the detail) ---
def save_not_a_save() -> str:
    return _("the file is not a saved game")


def save_too_new() -> str:
    return _("the save was written by another version of the program")


def save_game_missing(game: str) -> str:
    return _("the save is of the game {game}, which is not installed").format(game=game)


def save_damaged() -> str:
    return _("the file is damaged")


def save_too_long(count: int) -> str:
    return _("the save holds more moves than any real game (at most {count:,})").format(count=count)


def save_cannot_hold(moves: int, count: int) -> str:
    return _("this game has {moves:,} moves; a save holds at most {count:,}").format(moves=moves, count=count)


def save_options_wrong() -> str:
    return _("the options it was played with are not this game's")


def save_start_wrong() -> str:
    return _("its starting position is not one this game can set up")


def save_move_fails(number: int, reason: str) -> str:
    return _("move {number} of the save cannot be played: {reason}").format(number=number, reason=reason)


def save_not_a_move() -> str:
    return _("it is not a move of this game")


def save_unreadable(why: str) -> str:
    """``why``: the system's reason ("No such file or directory"), or the reader's."""
    return _("the program cannot read it ({why})").format(why=why)


# --- the catalogue's rules ------------------------------------------------------------------
def covered(card_name: str) -> str:
    return sentence(_("{card} is covered: it plays once the cards lying on it are gone").format(card=card_name))


def run_limit(n: int) -> str:
    return ngettext("Only {count} card can move at once here: free cells plus one, doubled for each "
                    "empty column", "Only {count} cards can move at once here: free cells plus one, doubled "
                    "for each empty column", n).format(count=n)


def deal_needs_filled(stock: str) -> str:
    return sentence(_("{stock} deals only when no column is empty").format(stock=stock))


def deal_one_each(stock: str) -> str:
    return sentence(_("Deal a card from {stock} onto each column").format(stock=stock))


def remove_pair(first: str, second: str) -> str:
    return sentence(_("Remove {first} and {second}").format(first=first, second=second))


def no_pair(first: str, second: str, rule: str) -> str:
    return sentence(_("{first} and {second} do not pair: a pair needs {rule}").format(
        first=first, second=second, rule=rule))


def no_pairs(game: str) -> str:
    return _("Cards never leave in pairs in {game}").format(game=game)


def variant_rules(game: str, parent: str, amended: list[str], new: list[str]) -> str:
    """The sentence opening a variant's rules page (``rules_page.compose``): which rules differ."""
    text = _("{game} is {parent} with changes.").format(game=game, parent=parent)
    if amended:
        text += " " + _("These rules are its own: {numbers}.").format(numbers=", ".join(amended))
    if new:
        text += " " + _("These rules are added: {numbers}.").format(numbers=", ".join(new))
    return "*" + text + "*"


def percent(fraction: float, digits: int = 1) -> str:
    """A share as a person of the current language writes it: 81.2% in English, 81,2 %
    in French (the language's own pattern, with ``digits`` decimals)."""
    pattern = Locale.parse(i18n.language()).percent_formats[None].pattern
    if digits:
        pattern = re.sub(r"0(?=[^0#,]*%)", "0." + "0" * digits, pattern, count=1)
    return format_percent(fraction, pattern, locale=i18n.language())
