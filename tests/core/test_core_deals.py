"""The deal generator of solitaire_core/deals.py, checked against Microsoft FreeCell's published deals."""

import pytest

from solitaire_core import french_deck
from solitaire_core.deals import MAX_DEAL, shuffle

from published_deals import FREECELL  # Windows FreeCell's deals 1 and 617 (tests/published_deals.py)


def freecell_rows(deal: int) -> list[list[str]]:
    """FreeCell's deal: the shuffled deck's LAST card is dealt first, row by row into 8 columns.

    (FreeCell picks a random card, swaps it with the last one and deals it: the
    cards dealt are the shuffled list read from its end.)
    """
    dealt = [c.code.replace("10", "T") for c in reversed(shuffle(french_deck(), deal))]
    return [dealt[i:i + 8] for i in range(0, 52, 8)]


@pytest.mark.parametrize("deal", sorted(FREECELL))
def test_generator_gives_freecell_published_deal(deal):
    published = [line.split() for line in FREECELL[deal].splitlines()]
    assert freecell_rows(deal) == published


def test_deck_order_is_rank_by_rank_clubs_diamonds_hearts_spades():
    assert [c.code for c in french_deck()[:5]] == ["AC", "AD", "AH", "AS", "2C"]


def test_shuffle_is_a_permutation_and_repeatable():
    deck = french_deck()
    once = shuffle(deck, 123456)
    assert once == shuffle(deck, 123456)
    assert sorted(once, key=deck.index) == list(deck)
    assert once != shuffle(deck, 123457)


def test_shuffle_leaves_its_input_alone():
    deck = list(french_deck())
    shuffle(deck, 5)
    assert deck == list(french_deck())


def test_deal_numbers_span_unsigned_32_bits():
    assert len(shuffle(french_deck(), MAX_DEAL)) == 52
    for bad in (-1, MAX_DEAL + 1):
        with pytest.raises(ValueError, match="deal number"):
            shuffle(french_deck(), bad)
