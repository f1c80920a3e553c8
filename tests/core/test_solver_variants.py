"""Games a plugin author might declare in a few lines, none of them in the catalogue,
held to the engine by the kit's ``check_solver``: the derived model's moves, effects,
interchangeable zones and cards, and its answers against plain search. Declarations the
catalogue did not use hid the solver's mistakes before (docs/solver.md: a column taking
the waste's cards only, foundations going round the corner, two-deck Golf). Some are
hard games whose deals the solver leaves open within the kit's budgets (Kings Down,
Climb, Any Start): for those the kit compares the moves, their effects and the
interchangeable zones and cards, position by position."""

import pytest

from games.canfield import Canfield
from games.forty_thieves import FortyThieves
from games.freecell import FreeCell
from games.klondike import Klondike
from games.scorpion import Scorpion
from games.spider import Spider
from games.yukon import Yukon
from solitaire_core import Choice, PileGame, french_deck
from solitaire_core.rules import (CardTest, alternate_colour, any_card, down, down_wrap, king, same_suit, up,
                                  up_or_down, up_or_down_wrap, up_wrap)
from solitaire_core.solver.derived import why_not
from solitaire_core.state import Pile
from solitaire_core.testing import check_solver
from solitaire_core.zones import FOUNDATION, LIFT_TOP, RESERVE, TABLEAU, Cells, Foundations, Stock, Tableau, changed


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
    zones = changed(Canfield.zones, TABLEAU, build=down_wrap)


class KingsDown(Klondike):
    """Klondike with foundations built down in suit from Kings."""
    id, name = "test-kings-down", "Kings Down"
    zones = changed(Klondike.zones, FOUNDATION, build=down & same_suit, empty=king)


class AnySuitHome(FreeCell):
    """FreeCell whose foundations build up regardless of suit."""
    id, name = "test-any-suit-home", "Any Suit Home"
    zones = changed(FreeCell.zones, FOUNDATION, build=up)


class Fortress(PileGame):
    """Ten columns (two of six, eight of five), built up or down in suit one card at a time."""
    id, name = "test-fortress", "Fortress"
    deck = french_deck()
    zones = (*Foundations("f", 4, at=(5.25, 0.0), give_back=False),
             *Tableau("t", 10, at=(0.0, 1.75), build=up_or_down & same_suit, empty=any_card, flip=False,
                      lift=LIFT_TOP))

    def deal(self, cards, options):
        return {f"t{i}": Pile(tuple(cards.pop() for _ in range(6 if i <= 2 else 5))) for i in range(1, 11)}


class Easthaven(PileGame):
    """Seven columns of three (the top face up), the stock dealing one card onto each column."""
    id, name = "test-easthaven", "Easthaven"
    deck = french_deck()
    zones = (Stock("stock", at=(0.0, 0.0), deal_to=SEVEN),
             *Foundations("f", 4, at=(3.75, 0.0)),
             *Tableau("t", 7, at=(0.0, 1.75), build=down & alternate_colour, empty=king))

    def deal(self, cards, options):
        piles = {t: Pile(tuple(cards.pop() for _ in range(3)), 2) for t in SEVEN}
        return piles | {"stock": Pile(tuple(cards), len(cards))}


class Alaska(Yukon):
    """Yukon built up or down in suit."""
    id, name = "test-alaska", "Alaska"
    zones = changed(Yukon.zones, TABLEAU, build=up_or_down & same_suit)


class Wasp(Scorpion):
    """Scorpion whose empty columns take any card."""
    id, name = "test-wasp", "Wasp"
    zones = changed(Scorpion.zones, TABLEAU, empty=any_card)


ACE_OF_SPADES = CardTest(lambda c: c.rank == 1 and c.suit == "S", "the Ace of Spades")


class BlackHole(PileGame):
    """Seventeen fans of three, all face up, onto one foundation begun with the Ace of Spades,
    one rank up or down regardless of suit, King and Ace touching."""
    id, name = "test-black-hole", "Black Hole"
    deck = french_deck()
    zones = (*Foundations("f", 1, at=(0.0, 0.0), build=up_or_down_wrap, start=ACE_OF_SPADES, give_back=False),
             *Tableau("t", 17, at=(0.0, 1.75), flip=False, lift=LIFT_TOP))
    won_when_empty = (TABLEAU,)

    def deal(self, cards, options):
        ace = next(card for card in cards if ACE_OF_SPADES(card))
        cards.remove(ace)
        return {"f1": Pile((ace,))} | {f"t{i}": Pile(tuple(cards.pop() for _ in range(3))) for i in range(1, 18)}


class SuperiorCanfield(Canfield):
    """Canfield whose reserve lies face up and whose empty columns take any card from anywhere."""
    id, name = "test-superior-canfield", "Superior Canfield"
    zones = changed(changed(Canfield.zones, RESERVE, flip=False), TABLEAU, empty_from=(), refill="")

    def deal(self, cards, options):
        piles = super().deal(cards, options)
        return piles | {"reserve": Pile(piles["reserve"].cards, 0)}


class AnyStart(FreeCell):
    """FreeCell whose foundations begin with any card and go round the corner in suit."""
    id, name = "test-any-start", "Any Start"
    zones = changed(FreeCell.zones, FOUNDATION, build=up_wrap & same_suit, empty=any_card)


class Climb(Klondike):
    """Klondike built up in alternate colours, an Ace on an empty column."""
    id, name = "test-climb", "Climb"
    zones = changed(Klondike.zones, TABLEAU, build=up & alternate_colour,
                    empty=CardTest(lambda c: c.rank == 1, "an Ace"))


class NoRefill(FreeCell):
    """FreeCell whose emptied columns stay empty."""
    id, name = "test-no-refill", "No Refill"
    zones = changed(FreeCell.zones, TABLEAU, empty=None)


@pytest.mark.parametrize("game", [BakersGame(), EightOff(), BeleagueredCastle(), Spiderette(), Lucas(), Rainbow(),
                                  KingsDown(), Climb(), AnySuitHome(), AnyStart(), NoRefill(), Fortress(), Easthaven(),
                                  Alaska(), Wasp(), BlackHole(), SuperiorCanfield()],
                         ids=lambda game: game.id)
def test_a_declared_variant_is_solved_by_its_own_rules(game):
    assert why_not(game) is None
    counted = check_solver(game, deals=range(1, 3), steps=40, bare_nodes=5000)
    assert counted["positions"] > 0
