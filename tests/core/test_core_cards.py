"""Card codes (docs/notation.md) and the French pack the engine ships (the tarot's:
tests/games/solitarot/test_cards.py)."""

import pytest
from attrs import frozen

from solitaire_core import NotationError, french_deck, parse_card
from solitaire_core.cards import Card


def test_every_card_code_parses_back():
    deck = french_deck()
    assert len({c.code for c in deck}) == len(deck)
    assert all(parse_card(c.code) == c for c in deck)


@pytest.mark.parametrize("text, rank, suit", [
    ("AS", 1, "S"), ("10H", 10, "H"), ("JD", 11, "D"), ("QC", 12, "C"), ("KS", 13, "S"),
])
def test_french_codes(text, rank, suit):
    card = parse_card(text)
    assert (card.rank, card.suit, card.code, str(card)) == (rank, suit, text, text)


@frozen(cache_hash=True)
class Picture(Card):
    """A plugin's own pack: its rank labels, a Cavalier between Jack and Queen."""

    LABELS = Card.LABELS[:12] + ("C",) + Card.LABELS[12:]


def test_a_card_type_of_a_plugin_brings_its_rank_labels():
    assert [parse_card(t, Picture).rank for t in ("JS", "CS", "QS", "KS")] == [11, 12, 13, 14]
    assert parse_card("KS", Picture).king == 14 and parse_card("KS").king == 13
    assert parse_card("CS", Picture).code == "CS" and parse_card("KS", Picture) != parse_card("KS")
    with pytest.raises(NotationError, match="unknown rank"):
        parse_card("CS")


def test_colours():
    assert [parse_card(t).colour for t in ("AS", "AH", "AD", "AC")] == ["black", "red", "red", "black"]


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("1H", "unknown rank"),
    ("11H", "unknown rank"),
    ("KX", "suit must be"),
    ("NS", "unknown rank"),
    ("T5", "suit must be"),
])
def test_bad_codes_say_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        parse_card(text)


def test_packs():
    assert len(set(french_deck())) == 52
    two = french_deck(2, without=(12,))
    assert len(two) == 96 and not any(c.rank == 12 for c in two)
    assert two.count(parse_card("KS")) == 2
