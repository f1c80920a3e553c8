"""Games a plugin author might declare in a few lines, none of them in the catalogue,
held to the engine by the kit's ``check_solver``: the derived model's moves, effects,
interchangeable zones and cards, and its answers against plain search. Declarations the
catalogue did not use hid the solver's mistakes before (docs/solver.md: a column taking
the waste's cards only, foundations going round the corner, two-deck Golf)."""

import attrs
import pytest

from games.canfield import Canfield
from games.forty_thieves import FortyThieves
from games.freecell import FreeCell
from games.spider import Spider
from solitaire_core import Choice, PileGame, french_deck
from solitaire_core.rules import any_card, down, down_wrap, king, same_suit
from solitaire_core.solver.derived import why_not
from solitaire_core.state import Pile
from solitaire_core.testing import check_solver
from solitaire_core.zones import LIFT_TOP, TABLEAU, Cells, Foundations, Stock, Tableau


class BakersGame(FreeCell):
    """FreeCell built down in suit."""
    id, name = "test-bakers-game", "Baker's Game"
    zones = (*FreeCell.zones[:8], *Tableau("t", 8, at=(0.125, 1.75), build=down & same_suit, empty=any_card,
                                           flip=False))


class EightOff(FreeCell):
    """Eight free cells, four of them filled by the deal; built down in suit, Kings only on an empty column."""
    id, name = "test-eight-off", "Eight Off"
    zones = (*Cells("c", 8, at=(0.0, 0.0)), *Foundations("f", 4, at=(5.25, 0.0), give_back=False),
             *Tableau("t", 8, at=(0.125, 1.75), build=down & same_suit, empty=king, flip=False))

    def deal(self, cards, options):
        piles = {f"t{i + 1}": Pile(tuple(cards.pop() for _ in range(6))) for i in range(8)}
        return piles | {f"c{i + 1}": Pile((cards.pop(),)) for i in range(4)}


class BeleagueredCastle(PileGame):
    """The Aces up from the start, eight columns of six, built down regardless of suit, one card at a time."""
    id, name = "test-beleaguered-castle", "Beleaguered Castle"
    deck = french_deck()
    zones = (*Foundations("f", 4, at=(5.25, 0.0), give_back=False),
             *Tableau("t", 8, at=(0.125, 1.75), build=down, empty=any_card, flip=False, lift=LIFT_TOP))

    def deal(self, cards, options):
        aces = [card for card in cards if card.rank == 1]
        rest = [card for card in cards if card.rank != 1]
        piles = {f"f{i + 1}": Pile((ace,)) for i, ace in enumerate(aces)}
        return piles | {f"t{i + 1}": Pile(tuple(rest.pop() for _ in range(6))) for i in range(8)}


SEVEN = tuple(f"t{i}" for i in range(1, 8))


class Spiderette(Spider):
    """Spider with one deck on seven columns dealt as Klondike's."""
    id, name = "test-spiderette", "Spiderette"
    options = (Choice("suits", (4,), label="Suits"), Choice("scoring", ("none",), label="Scoring"))
    deck = french_deck()
    zones = (Stock("stock", at=(0.0, 0.0), deal_to=SEVEN, needs_filled=True),
             *Foundations("f", 4, at=(2.5, 0.0), collects=down & same_suit, label=""),
             *Tableau("t", 7, at=(0.0, 1.75), build=down, run=down & same_suit, empty=any_card))

    def cards_for(self, options):
        return self.deck

    def deal(self, cards, options):
        piles = {f"t{i}": Pile(tuple(cards.pop() for _ in range(i)), i - 1) for i in range(1, 8)}
        return piles | {"stock": Pile(tuple(cards), len(cards))}


class Lucas(FortyThieves):
    """Forty Thieves with the Aces up from the start and thirteen columns of three."""
    id, name = "test-lucas", "Lucas"
    zones = (*FortyThieves.zones[:10], *Tableau("t", 13, at=(0.25, 1.75), build=down & same_suit, empty=any_card,
                                                lift=LIFT_TOP, flip=False))

    def deal(self, cards, options):
        aces = [card for card in cards if card.rank == 1]
        for ace in aces:
            cards.remove(ace)
        piles = {f"f{i + 1}": Pile((ace,)) for i, ace in enumerate(aces)}
        piles |= {f"t{i + 1}": Pile(tuple(cards.pop() for _ in range(3))) for i in range(13)}
        return piles | {"stock": Pile(tuple(cards), len(cards))}


class Rainbow(Canfield):
    """Canfield built down regardless of colour."""
    id, name = "test-rainbow", "Rainbow"
    zones = tuple(attrs.evolve(z, build=down_wrap) if z.role == TABLEAU else z for z in Canfield.zones)


@pytest.mark.parametrize("game", [BakersGame(), EightOff(), BeleagueredCastle(), Spiderette(), Lucas(), Rainbow()],
                         ids=lambda game: game.id)
def test_a_declared_variant_is_solved_by_its_own_rules(game):
    assert why_not(game) is None
    counted = check_solver(game, deals=range(1, 3), steps=40)
    assert counted["positions"] > 0
