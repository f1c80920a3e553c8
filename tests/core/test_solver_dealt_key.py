"""The derived model's key for columns a stock deals onto in order (Spider, Scorpion):
while the stock holds cards, which column is which decides where its cards land, so
the columns are keyed apart; once it is empty nothing names them, and they are keyed as
interchangeable, as the games' own keys have it. Tested on a small game where plain
search over the engine settles every deal, so the key is held to it both ways."""

from solitaire_core import french_deck
from solitaire_core.moves import DRAW
from solitaire_core.solver import UNKNOWN, UNWINNABLE, WINNABLE, Budget, plain_hooks, solve
from solitaire_core.solver.derived import Model
from solitaire_core.testing import arrange

from dealt_game import COLUMNS, DealtColumns, dealt_zones


class SmallDealt(DealtColumns):
    """Ace to Five: four columns of three (two face down), built down in suit, any card
    on an empty one; the stock deals one card onto each column, twice. About half its
    deals are lost."""

    id = "test-small-dealt"
    name = "Small dealt"
    deck = french_deck(without=(6, 7, 8, 9, 10, 11, 12, 13))
    zones = dealt_zones()


GAME = SmallDealt()
MODEL = Model(GAME)


def key(stock: str, hidden_in: str, *columns: str):
    """The model's key of a position: the cards not named lie face down in ``hidden_in``."""
    state = arrange(GAME, hidden_in, stock=stock, **dict(zip(COLUMNS, columns)))
    return MODEL.key(MODEL.start(state))


def test_columns_are_keyed_apart_while_the_stock_deals_onto_them_and_alike_after():
    assert key("", "t1", "5S 4H", "3C", "", "2D") == key("", "t3", "2D", "", "5S 4H", "3C")
    dealing = "(AS) (AH) (AD) (AC)"
    assert key(dealing, "t1", "5S 4H", "3C", "", "2D") != key(dealing, "t3", "2D", "", "5S 4H", "3C")


def test_every_answer_is_plain_searchs():
    """Plain search over the engine's moves, with no pruning and no model, decides each
    small deal, won and lost; the derived model says the same."""
    answers = set()
    for deal in range(1, 31):
        state = GAME.new(deal)
        plain = solve(GAME, state, Budget(seconds=None, nodes=200_000), hooks=plain_hooks(GAME))
        model = solve(GAME, state, Budget(seconds=None, nodes=200_000))
        assert plain.answer != UNKNOWN
        assert model.answer == plain.answer, deal
        answers.add(plain.answer)
    assert answers == {WINNABLE, UNWINNABLE}


def test_a_deal_onto_the_columns_is_no_step_back_for_the_best_first_measure():
    """Each card still to deal counts as the jumble it makes where it lands, so that
    the best-first phase does not put off a deal every win makes (Spider)."""
    state = arrange(GAME, "t1", stock="(2S) (2H) (2D) (2C)", f1="AS", f2="AH", f3="AD", f4="AC",
                    t1="5S", t2="4H", t3="5D", t4="4C")
    dealt = GAME.apply(state, DRAW)
    assert [pile.top for pile in dealt.piles[-4:]] == [GAME.parse_card(c) for c in ("2C", "2D", "2H", "2S")]
    assert MODEL.progress(MODEL.start(dealt)) == MODEL.progress(MODEL.start(state))
