"""solitaire_core.search_keys: zones that play alike share one search key whatever holds what."""

from solitaire_core import Pile, parse_card
from solitaire_core.search_keys import any_order


def pile(codes: str, down: int = 0) -> Pile:
    return Pile(tuple(parse_card(c) for c in codes.split()), down)


def test_the_same_piles_in_another_order_give_the_same_key():
    a, b, c = pile("KS QH"), pile(""), pile("7D 6C", 1)
    assert any_order((a, b, c), (0, 1, 2)) == any_order((c, a, b), (0, 1, 2))


def test_other_cards_or_other_faces_give_another_key():
    assert any_order((pile("KS QH"), pile("")), (0, 1)) != any_order((pile("KS"), pile("QH")), (0, 1))
    assert any_order((pile("7D 6C", 1),), (0,)) != any_order((pile("7D 6C", 0),), (0,))


def test_only_the_piles_named_count():
    assert any_order((pile("KS"), pile("AH")), (0,)) == any_order((pile("KS"), pile("2H")), (0,))
