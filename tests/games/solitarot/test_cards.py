"""The tarot pack in its own package: codes, order, and the faces it brings as drawing primitives."""

import random

import pytest

from games.solitarot.cards import TarotCard, parse_tarot, tarot_deck
from solitaire_core import NotationError
from solitaire_core.scene import Court, Frame, Pips, Symbol


def test_every_tarot_code_parses_back(game):
    deck = tarot_deck()
    assert len({c.code for c in deck}) == len(deck) == len(set(deck)) == 78
    assert all(game.parse_card(c.code) == c for c in deck)
    assert len(tarot_deck(excuse=False)) == 77


def test_the_knight_lies_between_jack_and_queen():
    assert [parse_tarot(t).rank for t in ("JS", "NS", "QS", "KS")] == [11, 12, 13, 14]
    assert parse_tarot("KS").king == 14


def test_trumps_and_the_excuse_with_what_it_stands_for():
    assert parse_tarot("T1") == TarotCard(1, "T") and parse_tarot("T21").code == "T21"
    assert parse_tarot("EX").code == "EX"
    locked = parse_tarot("EX:6R")
    assert (locked.stands, locked.code) == ("6R", "EX:6R") and parse_tarot("EX:?").stands == "?"


@pytest.mark.parametrize("text, message", [
    ("T0", "no trump"), ("T22", "no trump"), ("T05", "no trump"), ("EX:", "Excuse"), ("EXX", "Excuse"),
    ("1H", "unknown rank"), ("KX", "suit must be"),
])
def test_bad_tarot_codes_say_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        parse_tarot(text)


def test_tarot_cards_sort_in_the_packs_order():
    shuffled = list(tarot_deck())
    random.Random(3).shuffle(shuffled)
    assert sorted(shuffled) == list(tarot_deck())
    assert max(shuffled).suit == "X" and min(c for c in shuffled if c.suit == "T").rank == 1


def test_its_faces_are_drawing_primitives(game):
    """Trumps in a double frame on ivory, the Knight in a helmet, pips and courts as French
    cards have them, the Excuse a star and, once placed, what it stands for on a band."""
    trump = game.face(parse_tarot("T11"))
    assert trump.corner.text == "XI" and trump.centre == Symbol("XI", trump.centre.box, serif=True)
    assert isinstance(trump.frame, Frame) and trump.frame.double and trump.paper and trump.standard is None
    assert game.face(parse_tarot("NH")).centre == Court("helmet", "\u2665")
    assert game.face(parse_tarot("KS")).centre == Court("crown", "\u2660")
    assert game.face(parse_tarot("7D")).centre == Pips(7, "\u2666")
    assert game.face(parse_tarot("7D")).standard is None  # no French deck draws a tarot card
    free, placed = game.face(parse_tarot("EX")), game.face(parse_tarot("EX:6R"))
    assert free.centre == placed.centre and free.centre.text == "\u2605" and free.bands == ()
    assert placed.corner.text == "6R" and [b.text for b in placed.bands] == ["= 6 red"]
