"""Card codes (docs/notation.md) and the packs the engine ships."""

import pytest

from solitaire_core import NotationError, french_deck, parse_card, tarot_deck
from solitaire_core.cards import Card


@pytest.mark.parametrize("pack, deck", [("french", french_deck()), ("tarot", tarot_deck())])
def test_every_card_code_parses_back(pack, deck):
    assert len({c.code for c in deck}) == len(deck)
    assert all(parse_card(c.code, pack) == c for c in deck)


@pytest.mark.parametrize("text, rank, suit", [
    ("AS", 1, "S"), ("10H", 10, "H"), ("JD", 11, "D"), ("QC", 12, "C"), ("KS", 13, "S"),
])
def test_french_codes(text, rank, suit):
    card = parse_card(text)
    assert (card.rank, card.suit, card.code, str(card)) == (rank, suit, text, text)


def test_tarot_codes_knight_between_jack_and_queen():
    assert [parse_card(t, "tarot").rank for t in ("JS", "NS", "QS", "KS")] == [11, 12, 13, 14]
    assert parse_card("KS", "tarot").king == 14 and parse_card("KS").king == 13


def test_tarot_trumps_and_excuse():
    assert parse_card("T1", "tarot") == Card(1, "T", "tarot")
    assert parse_card("T21", "tarot").code == "T21"
    assert parse_card("EX", "tarot").code == "EX"
    locked = parse_card("EX:6R", "tarot")
    assert (locked.stands, locked.code) == ("6R", "EX:6R")
    assert parse_card("EX:?", "tarot").stands == "?"


def test_colours():
    assert [parse_card(t).colour for t in ("AS", "AH", "AD", "AC")] == ["black", "red", "red", "black"]


@pytest.mark.parametrize("text, pack, message", [
    ("", "french", "empty"),
    ("1H", "french", "unknown rank"),
    ("11H", "french", "unknown rank"),
    ("KX", "french", "suit must be"),
    ("NS", "french", "unknown rank"),
    ("T5", "french", "suit must be"),
    ("T0", "tarot", "no trump"),
    ("T22", "tarot", "no trump"),
    ("T05", "tarot", "no trump"),
    ("EX:", "tarot", "Excuse"),
    ("EXX", "tarot", "Excuse"),
])
def test_bad_codes_say_what_is_wrong(text, pack, message):
    with pytest.raises(NotationError, match=message):
        parse_card(text, pack)


def test_packs():
    assert len(set(french_deck())) == 52
    two = french_deck(2, without=(12,))
    assert len(two) == 96 and not any(c.rank == 12 for c in two)
    assert two.count(parse_card("KS")) == 2
    assert len(set(tarot_deck())) == 78
    assert len(tarot_deck(excuse=False)) == 77
