"""The derived model's dead end where cards leave in pairs (Pyramid): a card of a zone to
empty that nothing takes alone, whose partners are all gone or lie over or under it, can
never leave, so the position is lost. Tested on a small Pyramid, where plain search over the
engine settles every deal, so the dead end is held to it both ways."""

import pytest

from solitaire_core import PileGame, french_deck
from solitaire_core.rules import CardTest, Relation, ranks_total
from solitaire_core.solver import UNWINNABLE, WINNABLE
from solitaire_core.solver.derived import Model
from solitaire_core.state import Pile
from solitaire_core.testing import arrange
from solitaire_core.zones import FOUNDATION, LIFT_NONE, TABLEAU, Layout, Stock, Waste, Zone, triangle_covers

from dead_end_checks import answers_and_saving, assert_plain_search_agrees

ROWS = 5
alone_seven = Relation(lambda lo, hi: hi.rank == 7, "only Sevens alone")
seven = CardTest(lambda card: card.rank == 7, "a Seven")


class SmallPyramid(PileGame):
    """Pyramid with Ace to Seven: five rows (place 1 under 2 and 3, 2 under 4 and 5, 3
    under 5 and 6, and so on), one card on the waste, the rest in the stock, dealt once;
    pairs add up to 7 and a Seven leaves alone. Suits and the discard pile change
    nothing, so positions are keyed without them."""

    id = "test-small-pyramid"
    name = "Small Pyramid"
    deck = french_deck(without=(8, 9, 10, 11, 12, 13))
    zones = (
        *Layout("p", [(2.0 - r / 2 + k, 0.7 * r) for r in range(ROWS) for k in range(r + 1)],
                triangle_covers(ROWS)),
        Stock("stock", at=(0.0, 3.9), redeals=0),
        Waste("waste", at=(1.0, 3.9)),
        Zone("discard", FOUNDATION, (2.0, 3.9), build=alone_seven, empty=seven, lift=LIFT_NONE,
             one_at_a_time=True),
    )
    won_when_empty = (TABLEAU,)
    pairs = ranks_total(7)
    pairs_to = "discard"

    def deal(self, cards, options):
        piles = {f"p{k}": Pile((cards.pop(),)) for k in range(1, 16)}
        piles["waste"] = Pile((cards.pop(),))
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    def key(self, state):
        """As Pyramid's: no rule looks at suits or at the discard pile."""
        piles = state.piles[:self.index["discard"]]
        return tuple(tuple(c.rank for c in p.cards) for p in piles), super().key(state)[1]


GAME = SmallPyramid()
MODEL = Model(GAME)


def dead(**zones) -> bool:
    return MODEL.dead_end(MODEL.start(arrange(GAME, "stock", **zones)))


def test_a_card_whose_partners_all_lie_over_it_is_a_dead_end():
    assert dead(p1="2C", p2="5C", p3="5D", p4="5H", p5="5S", p6="AC")
    assert not dead(p1="2C", p2="5C", p3="5D", p4="5H", p5="AC", p6="AD")  # 5S is in the stock


def test_a_card_whose_partners_are_gone_or_over_it_is_a_dead_end():
    assert dead(p1="3C", p2="4C", p3="AC", p4="AD", p5="4D", p6="AH", discard="4H 3D 4S 3H")
    assert not dead(p1="3C", p2="4C", p3="AC", p4="AD", p5="4D", p6="AH", discard="4H 3D")


def test_a_card_whose_partners_lie_under_it_or_over_it_or_are_gone_is_a_dead_end():
    """An Ace under the Six is not free before the Six has left."""
    assert dead(p1="AH", p2="6C", p3="2C", p4="AC", p5="AD", p6="2D", discard="AS 6S")
    assert not dead(p1="AH", p2="6C", p3="AS", p4="AC", p5="AD", p6="2D", discard="2S 5S")  # AS beside


def test_a_card_that_leaves_alone_or_has_a_partner_to_come_is_not():
    assert not dead(p1="7C", p2="AC", p3="AD", p4="AH", p5="AS", p6="2C")  # a Seven leaves alone
    assert not dead(p1="AC", p2="6C", p3="6D", p4="6H", p5="2C", p6="2D")  # 6S is in the stock


@pytest.mark.parametrize("deal", range(1, 41))
def test_every_answer_is_plain_searchs(deal):
    """Plain search over the engine's moves, with no pruning and no model, decides each
    small deal; the derived model with its dead end says the same."""
    assert_plain_search_agrees(GAME, deal)


def test_the_dead_end_prunes_lost_and_won_deals_alike():
    """Both answers occur among the deals above, and the dead end saves positions."""
    answers, saved = answers_and_saving(GAME, range(1, 21))
    assert answers == {WINNABLE, UNWINNABLE}
    assert saved > 0
