"""The derived model's safe cards: a card goes up without a choice only where that can
never lose a won deal. On a foundation built a rank up or down (Black Hole, Golf), the
card sent up decides which cards may follow, so none is safe for want of builders; a
third-party author's Black Hole was called unwinnable on every deal until this held."""

from solitaire_core import PileGame, french_deck
from solitaire_core.cards import parse_card
from solitaire_core.rules import up_or_down_wrap
from solitaire_core.solver import UNWINNABLE, WINNABLE, Budget, check_solution, solve
from solitaire_core.solver.agreement import SolverDisagrees
from solitaire_core.solver.derived import Model
from solitaire_core.state import Pile
from solitaire_core.testing import check_solver
from solitaire_core.zones import LIFT_TOP, Foundations, Tableau

import pytest

ACE_OF_SPADES = parse_card("AS")


class BlackHole(PileGame):
    """Seventeen fans of three face up; every card onto one foundation, a rank up or down."""

    id = "test-black-hole"
    name = "Black Hole"
    deck = french_deck()
    zones = (*Tableau("t", 17, lift=LIFT_TOP), *Foundations("f", 1, build=up_or_down_wrap, give_back=False))

    def deal(self, cards, options):
        cards.remove(ACE_OF_SPADES)
        piles = {f"t{i}": Pile(tuple(cards.pop() for _ in range(3))) for i in range(1, 18)}
        piles["f1"] = Pile((ACE_OF_SPADES,))
        return piles


def test_a_deal_won_by_choosing_which_card_goes_up_is_found_winnable():
    game = BlackHole()
    result = solve(game, game.new(2), Budget(seconds=None, nodes=50_000))
    assert result.answer == WINNABLE and check_solution(game, game.new(2), result.moves) is None


def test_no_card_is_safe_where_a_top_card_takes_two():
    model = Model(BlackHole())
    assert not any(model.safe_up)


def test_the_kit_catches_a_safe_card_rule_that_loses_won_deals(monkeypatch):
    game = BlackHole()
    assert check_solver(game, deals=range(2, 3), steps=5)["answers"] > 0
    monkeypatch.setattr(Model, "_one_card_on_each_top", lambda self: True)  # the old, unsound rule
    assert solve(game, game.new(2), Budget(seconds=None, nodes=50_000)).answer == UNWINNABLE
    with pytest.raises(SolverDisagrees, match="without its prunings winnable"):
        check_solver(game, deals=range(2, 3), steps=5)
