"""Rule 10.4: a face-up card in the stock is refused, naming the zone and the card."""

import pytest

from solitaire_core import NotationError


def test_rule_10_4_no_face_up_card_in_the_stock(game):
    text = game.format_position(game.new(1))
    stock = next(line for line in text.splitlines() if line.startswith("stock:"))
    last = stock.split()[-1]
    with pytest.raises(NotationError, match=rf"zone stock: {last.strip('()')} lies face up, but every card of "
                                            "the stock lies face down"):
        game.parse_position(text.replace(stock, stock[:-len(last)] + last.strip("()")))
