"""What the engine says to a player: names of cards and zones, moves as sentences,
the cursor, refusals in words, the translation marker, and the kit's checks of them."""

import random

import pytest
from attrs import evolve
from minigame import MiniGame

from solitaire_core import Band, Card, Face, Game, Move, Symbol, words
from solitaire_core.errors import IllegalMove
from solitaire_core.moves import DRAW
from solitaire_core.state import Pile, State
from solitaire_core.testing import ConformanceError, check_line, notation_in, play_texts
from solitaire_core.zones import Foundations, Stock, Tableau, Waste


@pytest.fixture
def game():
    return MiniGame()


def position(game, **zones):
    """A Mini state with ``zone="codes"`` (``(XX)`` face down; zones not given are empty).
    Words need no whole pack, so the cards are only those given."""
    piles = []
    for zone in game.zones:
        tokens = zones.get(zone.id, "").split()
        cards = tuple(game.parse_card(t.strip("()")) for t in tokens)
        piles.append(Pile(cards, sum(t.startswith("(") for t in tokens)))
    fresh = game.new(1, draw=2)
    return State(tuple(piles), fresh.values, fresh.options)


# --- names ----------------------------------------------------------------------------------
def test_cards_are_named_by_what_their_face_shows(game):
    assert [game.card_name(Card(r, s)) for r, s in ((2, "C"), (10, "H"), (1, "S"), (13, "D"))] == \
        ["the 2\u2663", "the 10\u2665", "the A\u2660", "the K\u2666"]


def test_a_card_whose_face_has_no_index_is_named_a_card(game):
    faceless = type("Faceless", (MiniGame,), {"face": lambda self, card: Face(centre=Symbol("?"))})()
    assert faceless.card_name(Card(2, "C")) == "a card"


def test_zones_are_named_by_their_role_and_number(game):
    assert [game.zone_name(z.id) for z in game.zones] == [
        "the stock", "the waste", "Foundation 1", "Foundation 2", "Foundation 3", "Foundation 4",
        "Column 1", "Column 2", "Column 3"]
    assert game.zone_name("nowhere") == "a place on the table"


def test_a_zone_declaration_may_give_its_own_name():
    class Named(MiniGame):
        zones = (Stock("stock", name="the deck"), Waste("waste", at=(1.25, 0.0)),
                 *Foundations("f", 4, at=(2.5, 0.0), name="Home {n}"),
                 *Tableau("t", 3, at=(0.0, 1.75), build=MiniGame.zones[-1].build, empty=MiniGame.zones[-1].empty))

    named = Named()
    assert [named.zone_name(z) for z in ("stock", "waste", "f2", "t3")] == [
        "the deck", "the waste", "Home 2", "Column 3"]
    state = named.new(1, draw=1)
    assert named.describe_move(state, Move("t3", "f1")) == "Put the A\u2665 on Home 1"


# --- moves -------------------------------------------------------------------------------------
def test_moves_are_sentences(game):
    state = position(game, stock="(2D) (3C) (3S)", waste="AS", t1="3D", t2="(3H) 2C AH", t3="", f1="AC", f2="")
    said = {game.format_move(m): game.describe_move(state, m) for m in game.legal_moves(state)}
    assert said["t2:2>t1"] == "Move the 2\u2663 and the card on it onto the 3\u2666"
    assert said["waste>f2"] == "Put the A\u2660 on Foundation 2"
    assert said["t2:2>t3"] == "Move the 2\u2663 and the card on it to Column 3"
    assert said["draw"] == "Turn over the next 2 cards"
    assert all(notation_in(game, state, text) is None for text in said.values())


def test_a_longer_run_counts_the_cards_on_its_lowest(game):
    state = position(game, t1="3S 2H AC", t2="", t3="")
    assert game.describe_move(state, Move("t1", "t2", 3)) == "Move the 3\u2660 and the 2 cards on it to Column 2"


def test_the_stock_click_says_what_it_does_as_the_position_stands(game):
    assert game.describe_move(game.new(1, draw=2), DRAW) == "Turn over the next 2 cards"
    assert game.describe_move(position(game, stock="(AD)", waste="AS"), DRAW) == "Turn over the next card"
    assert game.describe_move(position(game, waste="AS 2S"), DRAW) == "Turn the waste back into the stock"


def test_the_cursor_says_the_zone_and_its_card_or_that_it_is_empty_or_face_down(game):
    state = position(game, t2="(3H) 2C", waste="", stock="(2D) (3C)")
    assert game.describe_spot(state, "t2", 1) == "Column 2: the 2\u2663"
    assert game.describe_spot(state, "t2", 0) == "Column 2: a face-down card"
    assert game.describe_spot(state, "waste", None) == "The waste is empty"
    assert game.describe_spot(state, "stock", 0) == "The stock: a face-down card"


def test_a_plain_game_gets_the_same_words_from_its_scene(game):
    """A game that is not a PileGame: names, sentences and the cursor from ``scene``."""

    class FromScene(Game):
        id, name, options = "plain", "Plain", game.options

        def new(self, deal, **options):
            return game.new(deal, **options)

        def scene(self, state, room=None):
            return game.scene(state)

    plain = FromScene()
    state = position(game, waste="AS", t1="3D", t2="(3H) 2C AH", t3="", f1="AC", f2="")
    for move in game.legal_moves(state):
        if not move.is_draw:
            assert plain.describe_move(state, move) == game.describe_move(state, move)
    assert plain.describe_move(state, DRAW) == "Turn over cards from the stock"
    assert [plain.zone_name(z.id) for z in game.zones] == [game.zone_name(z.id) for z in game.zones]
    for zone, index in (("t2", 0), ("t2", 2), ("t3", None), ("stock", 3)):
        assert plain.describe_spot(state, zone, index) == game.describe_spot(state, zone, index)


# --- refusals -------------------------------------------------------------------------------------
@pytest.mark.parametrize("zones, move, reason", [
    (dict(t1="3D", t2="2D"), "t2>t1",
     "The 2\u2666 cannot go on the 3\u2666: Column 1 builds one rank lower, alternating red and black"),
    (dict(t1="(3D) 2S", t2="AH"), "t1:2>t2", "Column 1 has only 1 face-up card; face-down cards never move"),
    (dict(t1="2S", t2="", f1=""), "t1>f1", "Foundation 1 is empty and takes an Ace, not the 2\u2660"),
    (dict(t1="2H AS", f1=""), "t1:2>f1", "Foundation 1 takes one card at a time"),
    (dict(t1="2S", waste=""), "waste>t1", "The waste has no card to move"),
    (dict(t1="2S"), "stock>t1", "No card is ever taken from the stock"),
    (dict(t1="2S"), "t1>waste", "No card is ever put on the waste"),
    (dict(t1="(3D)", t2="2S"), "t2>t1", "The top card of Column 1 is face down"),
])
def test_refusals_name_cards_and_zones(game, zones, move, reason):
    state = position(game, **zones)
    with pytest.raises(IllegalMove) as caught:
        play_texts(game, state, move)
    assert caught.value.reason == reason
    assert notation_in(game, state, reason) is None


def test_a_refusal_never_names_a_face_down_card(game):
    state = position(game, t1="(3D) (2S) (AH)", t2="2D")
    for move in (Move("t1", "t2"), Move("t2", "t1"), Move("t1", "f1")):
        reason = game.why_illegal(state, move)
        assert not any(game.card_name(c) in reason for c in game.pile(state, "t1").cards), reason


def test_the_stock_click_refused_in_words(game):
    state = position(game, waste="", stock="")
    assert game.why_illegal(state, DRAW) == "The stock and the waste are both empty"


# --- the translation marker ---------------------------------------------------------------------------
def test_every_sentence_goes_through_the_translation_marker(game, monkeypatch):
    """A catalog that brackets every text shows which sentences pass through ``_``."""
    monkeypatch.setattr(words, "_", lambda text: f"[{text}]")
    monkeypatch.setattr(words, "ngettext", lambda one, many, n: f"[{one if n == 1 else many}]")
    state = position(game, waste="AS", t1="3D", t2="(3H) 2C AH", t3="", f1="AC", f2="")
    assert game.describe_move(state, Move("t2", "t1", 2)) == \
        "[Move [[the 2\u2663] and the card on it] onto [the 3\u2666]]"
    assert game.zone_name("t1") == "[Column 1]"
    assert game.why_illegal(state, Move("t1", "t2")).startswith("[")


def test_templates_name_their_fields_so_a_translation_may_reorder_them(monkeypatch):
    catalog = {"Move {cards} onto {target}": "Onto {target}, {cards}"}
    monkeypatch.setattr(words, "_", lambda text: catalog.get(text, text))
    assert words.move_onto("the 2\u2663", "the 3\u2666") == "Onto the 3\u2666, the 2\u2663"


# --- the kit ------------------------------------------------------------------------------------------
class SaysNotation(MiniGame):
    def describe_move(self, state, move):
        return f"Play {self.format_move(move)}"


class NamesZonesByTheirIds(MiniGame):
    def zone_name(self, zone_id):
        return zone_id

    def describe_move(self, state, move):
        return "Play a card"


class SaysNothing(MiniGame):
    def describe_move(self, state, move):
        return ""


class GivesAwayTheHiddenCard(MiniGame):
    """Its cursor names a face-down card."""

    def describe_spot(self, state, zone_id, index):
        pile = self.pile(state, zone_id)
        return words.spot_card(self.zone_name(zone_id), self.card_name(pile.cards[0])) if pile.cards else "Empty"


class RefusesWithCodes(MiniGame):
    def why_illegal(self, state, move):
        return f"{move.src} cannot take that"


class BandsItsCode(MiniGame):
    """Its faces show the card's code on a band across the card."""

    def face(self, card):
        return evolve(super().face(card), bands=(Band(card.code, (0.1, 0.6, 0.8, 0.2)),))


def kit_lines(game, deals=range(4)):
    for deal in deals:
        rnd = random.Random(deal)
        check_line(game, deal, {"draw": 1}, 30, choose=rnd.randrange, rnd=rnd)


@pytest.mark.parametrize("game, problem", [
    (SaysNotation(), r"the sentence of .* shows notation"),
    (NamesZonesByTheirIds(), r"the name of zone f1 \('f1'\) shows notation"),
    (SaysNothing(), r"the sentence of .* is empty"),
    (GivesAwayTheHiddenCard(), r"the cursor on .* changes with the order of the face-down cards"),
    (RefusesWithCodes(), r"the refusal of .* shows notation"),
    (BandsItsCode(), r"the band on .* shows notation"),
], ids=lambda value: None if isinstance(value, str) else type(value).__name__)
def test_the_kit_refuses_words_that_show_notation_or_hidden_cards(game, problem):
    with pytest.raises(ConformanceError, match=problem):
        kit_lines(game)
