"""The derived model's dead ends for a game won by emptying zones (Golf, TriPeaks): a
card that must leave, whose every host lies buried for good, is never played; and the
cards left need more chains on the waste than the stock's cards can begin. Either way
the position is lost. Tested on a small Golf, where plain search over the engine can
settle every deal, so the dead ends are held to it both ways."""

import attrs
import pytest

from solitaire_core import PileGame, french_deck
from solitaire_core.rules import Relation, up_or_down
from solitaire_core.solver import UNWINNABLE, WINNABLE, Budget, hooks_for, plain_hooks, search, solve
from solitaire_core.solver.derived import Model
from solitaire_core.state import Pile
from solitaire_core.testing import arrange
from solitaire_core.zones import LIFT_NONE, LIFT_TOP, STOCK, TABLEAU, Stock, Tableau, Waste

from dead_end_checks import answers_and_saving, assert_plain_search_agrees


class SmallGolf(PileGame):
    """Golf with Ace to Six: four columns of four, one card on the waste, the rest in
    the stock, dealt once; a card goes on the waste a rank higher or lower. Suits and
    which column is which change nothing, so positions are keyed without them."""

    id = "test-small-golf"
    name = "Small Golf"
    deck = french_deck(without=(7, 8, 9, 10, 11, 12, 13))
    zones = (
        *Tableau("t", 4, lift=LIFT_TOP, flip=False),
        Stock("stock", redeals=0),
        Waste("waste", build=up_or_down, lift=LIFT_NONE),
    )
    won_when_empty = (TABLEAU,)

    def deal(self, cards, options):
        piles = {f"t{i}": Pile(tuple(cards.pop() for _ in range(4))) for i in range(1, 5)}
        piles["waste"] = Pile((cards.pop(),))
        piles["stock"] = Pile(tuple(cards), len(cards))
        return piles

    def key(self, state):
        columns = sorted(tuple(c.rank for c in state.piles[i].cards) for i in self.role(TABLEAU))
        stock, waste = state.piles[self.stock_index].cards, state.piles[self.index["waste"]].top
        return tuple(columns), tuple(c.rank for c in stock), waste.rank


GAME = SmallGolf()
MODEL = Model(GAME)


def dead(**zones) -> bool:
    return MODEL.dead_end(MODEL.start(arrange(GAME, "stock", **zones)))


def test_a_six_whose_fives_are_all_buried_under_the_waste_top_is_a_dead_end():
    assert dead(t1="6S", waste="5C 5D 5H 5S 4C")


def test_a_six_with_a_five_still_to_come_is_not():
    assert not dead(t1="6S", waste="5C 5D 5H 4C")  # 5S is in the stock
    assert not dead(t1="6S", waste="5C 5D 5H 5S")  # 5S is the waste's top
    assert not dead(t1="6S", t2="5S", waste="5C 5D 5H 4C")  # 5S is on another column


def test_a_five_on_the_fours_and_sixes_it_needs_is_a_dead_end():
    """Under a card, a host can only come free once the card has gone."""
    assert dead(t1="4C 4D 4H 6C 6D 6H 5S", waste="4S 6S 2C")
    assert not dead(t1="4C 4D 4H 6C 6D 5S 6H", waste="4S 6S 2C")


class DoubleSmallGolf(SmallGolf):
    """Small Golf of two decks of Ace to Three: each card twice, as in a two-deck Golf."""

    id = "test-double-small-golf"
    deck = french_deck(decks=2, without=tuple(range(4, 14)))


DOUBLE = DoubleSmallGolf()


def test_a_buried_copy_of_a_host_leaves_the_other_copy_to_host():
    """Two decks: one Two of Spades lies under the waste's top, the other on a column,
    where it can go onto the Ace and then take the Three. A buried host, read by card as
    if each card were once in the deck, said this position lost: the false unwinnable the
    solver promises never to give. With copies only the chain count applies."""
    state = arrange(DOUBLE, "stock", t1="3S", t2="2S", waste="2C 2D 2H 2S 2C 2D 2H AC")
    model = Model(DOUBLE)
    assert model.hosted[0] is None and model.chained is not None
    assert not model.dead_end(model.start(state))
    assert solve(DOUBLE, state, Budget(seconds=None, nodes=10_000)).answer == WINNABLE


@pytest.mark.parametrize("deal", range(1, 41))
def test_two_decks_answer_as_plain_search(deal):
    """Deal 34 was said lost by the buried hosts; plain search wins it."""
    assert_plain_search_agrees(DOUBLE, deal)


@pytest.mark.parametrize("rules", ["small golf", "nothing on a six"])
@pytest.mark.parametrize("deal", range(1, 41))
def test_every_answer_is_plain_searchs(rules, deal):
    """Plain search over the engine's moves, with no pruning and no model, decides each
    small deal; the derived model with its dead ends says the same. Also where nothing
    goes on a Six (``SmallGolfDeadSix``, below), so that a Six ends every chain."""
    assert_plain_search_agrees({"small golf": GAME, "nothing on a six": DEAD_SIX}[rules], deal)


def test_the_dead_end_prunes_lost_and_won_deals_alike():
    """Both answers occur among the deals above, and the dead end saves positions."""
    answers, saved = answers_and_saving(GAME, range(1, 41))
    assert answers == {WINNABLE, UNWINNABLE}
    assert saved > 0


def test_a_loss_costs_one_pass_however_the_two_exact_searches_share_it():
    """The derived model's narrow lines are its lines, so the best-first phase is the
    exact search in another order: it shares the probe's table, and a position either
    entered is not entered again. A lost deal costs exactly the positions of one
    depth-first pass."""
    with_it = hooks_for(GAME)
    assert with_it.narrow == with_it.lines
    depth_first = attrs.evolve(with_it, narrow=None)
    lost = [deal for deal in range(1, 41)
            if solve(GAME, GAME.new(deal), Budget(seconds=None, nodes=400_000), hooks=depth_first).answer
            == UNWINNABLE]
    assert lost
    for deal in lost:
        alone = solve(GAME, GAME.new(deal), Budget(seconds=None, nodes=400_000), hooks=depth_first)
        phased = solve(GAME, GAME.new(deal), Budget(seconds=None, nodes=10 * alone.nodes), hooks=with_it)
        assert phased.answer == UNWINNABLE
        assert phased.nodes == alone.nodes


def test_the_kept_best_first_search_going_on_after_the_probe_answers_as_plain_search(monkeypatch):
    """Probe and best-first phase of a few positions each, then the probe to its end and
    the best-first search after it: the answer is plain search's, and a loss is only said
    once both have run out of lines (the positions left in the best-first queue may
    still win). Watched on the Python search, whose class can be patched; the compiled
    kernel's searches, made by the same phases, give the same answers."""
    monkeypatch.setattr(search, "PROBE_SHARE", 0.00002)
    monkeypatch.setattr(search, "NARROW_SHARE", 0.00002)
    after = []
    go_on = search._Search.go_on
    monkeypatch.setattr(search._Search, "go_on",
                        lambda self, start: after.append(self.heap is not None) or go_on(self, start))
    answers_after = set()
    for deal in range(1, 41):
        state = GAME.new(deal)
        plain = solve(GAME, state, Budget(seconds=None, nodes=400_000), hooks=plain_hooks(GAME))
        after.clear()
        compiled = solve(GAME, state, Budget(seconds=None, nodes=400_000)).answer
        monkeypatch.setenv("SOLITAIRE_PURE", "1")
        answer = solve(GAME, state, Budget(seconds=None, nodes=400_000)).answer
        monkeypatch.delenv("SOLITAIRE_PURE")
        assert answer == compiled == plain.answer, deal
        if any(after):
            answers_after.add(answer)
    assert answers_after == {WINNABLE, UNWINNABLE}


class SmallGolfStockToo(SmallGolf):
    """Won only when the stock is empty too: a stock card leaves by the deal, not by a
    host, so none of its cards is ever a dead end."""

    id = "test-small-golf-stock-too"
    won_when_empty = (TABLEAU, STOCK)


def test_a_card_still_in_a_stock_is_dealt_not_stranded():
    game = SmallGolfStockToo()
    model = Model(game)
    state = arrange(game, "waste", face_up=True, stock="(6S)", waste="5C 5D 5H 5S 4C")
    assert not model.dead_end(model.start(state))


# --- too few cards left in the stock to begin the chains the columns need ------------
class SmallGolfDeadSix(SmallGolf):
    """Small Golf where nothing goes on a Six, as nothing goes on Golf's King: a Six
    ends every chain of cards on the waste."""

    id = "test-small-golf-dead-six"
    zones = (
        *Tableau("t", 4, lift=LIFT_TOP, flip=False),
        Stock("stock", redeals=0),
        Waste("waste", build=Relation(lambda lo, hi: abs(hi.rank - lo.rank) == 1 and lo.rank != 6, "dead six"),
              lift=LIFT_NONE),
    )


DEAD_SIX = SmallGolfDeadSix()


def short(game=GAME, **zones) -> bool:
    """Whether the stock has too few cards to begin the chains the columns need, every
    card not named lying under the waste's top card (so the stock holds the cards named)."""
    model = Model(game)
    return model._too_few_starts(model.start(arrange(game, "waste", face_up=True, **zones)))


def test_each_group_of_linked_cards_needs_a_card_to_begin_on():
    """An Ace, a Three and a Five link to no card left, so each needs its own chain, begun
    on a card linked to it: the waste's Two begins one, a drawn Four another."""
    assert short(t1="AC", t2="3C", t3="5C", stock="(4D)", waste="2H")
    assert not short(t1="AC", t2="3C", t3="5C", stock="(6S) (4D)", waste="2H")


def test_a_chain_holds_one_odd_rank_more_only_after_an_even_one():
    """Ace to Six alternate odd and even ranks along a chain: the Ace, Two and Three hold
    one odd rank more, so their chain must begin on an even rank, not the Three drawn."""
    assert short(t1="2C AC 3C", stock="(3D)", waste="6H")
    assert not short(t1="2C AC 3C", stock="(4D)", waste="6H")


def test_a_card_nothing_may_follow_ends_its_chain():
    """Two Sixes need two chains where nothing goes on a Six, one where anything goes."""
    assert short(DEAD_SIX, t1="6C 5C 6D", stock="(3D)", waste="5H")
    assert not short(DEAD_SIX, t1="6C 5C 6D", stock="(5D)", waste="5H")
    assert not short(t1="6C 5C 6D", stock="(3D)", waste="5H")


def test_the_chains_prune_where_the_buried_hosts_do_not():
    """Over the same deals, the chain count decides positions the buried hosts leave
    open: the search with both sees fewer positions, lost deals among them."""
    model = Model(DEAD_SIX)
    both = hooks_for(DEAD_SIX)
    hosts_only = attrs.evolve(both, dead_end=model._unhosted)
    fewer, lost = 0, 0
    for deal in range(1, 41):
        state = DEAD_SIX.new(deal)
        with_chains = solve(DEAD_SIX, state, Budget(seconds=None, nodes=400_000), hooks=both)
        without = solve(DEAD_SIX, state, Budget(seconds=None, nodes=400_000), hooks=attrs.evolve(
            hosts_only, lines=model.lines, key=model.key, start=model.start, won=model.won, progress=model.progress,
            safe=model.safe, narrow=model.lines))
        assert with_chains.answer == without.answer
        fewer += with_chains.nodes < without.nodes
        lost += with_chains.answer == UNWINNABLE
    assert fewer and lost
