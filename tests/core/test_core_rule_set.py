"""One rule set: a declaration compiled once, its hooks run by the engine and the solver
alike (docs/plugins.md, 11.2 and 11.10; docs/architecture.md, "Where each kind of rule
lives")."""

import inspect
import warnings

import pytest
from declared_games import LaBelleLucie, MonteCarlo

from solitaire_core import Choice, PileGame, french_deck
from solitaire_core.declaration import problem
from solitaire_core.i18n import N_, _
from solitaire_core.moves import DRAW, Move
from solitaire_core.refusals import refuse
from solitaire_core.rules import Relation, Words, any_card, any_suit, down, rank_is, ranks_total
from solitaire_core.solver.derived import why_not
from solitaire_core.solver.search import Budget, solve
from solitaire_core.state import Pile
from solitaire_core.testing import ConformanceError, check_line, check_solver
from solitaire_core.zones import LIFT_TOP, TABLEAU, Foundations, Stock, Tableau, Waste


# --- Calculation: a whole game in a few declared lines, no override ------------------------
def interval(k: int) -> Relation:
    """Foundation k builds up by k, whatever the suit, a King going on after a Queen-and-more."""
    return Relation(lambda lo, hi: hi.rank == (lo.rank + k - 1) % 13 + 1, N_("{0} ranks higher"), (Words(str(k)),))


class Calculation(PileGame):
    """PySolFC's Calculation: foundations begun on an Ace, 2, 3 and 4 build up by one,
    two, three and four ranks; the stock's card goes to a foundation or to one of four
    waste piles, which take cards from the waste only and give their top cards to the
    foundations only."""

    id, name = "test-calculation", "Calculation"
    deck = french_deck()
    set_aside = tuple(card for card in french_deck() if card.suit == "C" and card.rank <= 4)
    zones = (
        Stock("stock", at=(0.0, 0.0), redeals=0),
        Waste("waste", at=(1.25, 0.0)),
        *(zone for k in range(1, 5) for zone in Foundations(
            "f", 1, at=(2.5 + 1.25 * k, 0.0), first=k, build=interval(k), start=rank_is(k, N_("rank")),
            give_back=False)),
        *Tableau("w", 4, at=(2.5, 1.5), build=any_suit, empty=any_card, lift=LIFT_TOP, flip=False,
                 takes_from=("waste",)),
    )

    def deal(self, cards, options):
        return {**{f"f{k}": Pile((card,)) for k, card in enumerate(self.set_aside, 1)},
                "stock": Pile(tuple(cards), len(cards))}


CALCULATION = Calculation()


def declared_lines(cls) -> int:
    """The class's code lines: no docstring, comment or blank line."""
    source = inspect.getsource(cls).splitlines()
    doc = len((cls.__doc__ or "").splitlines())
    return sum(1 for line in source if line.strip() and not line.strip().startswith("#")) - doc


def test_calculation_is_a_short_declaration_with_no_override_on_the_fast_search():
    assert declared_lines(Calculation) + declared_lines(interval) - 1 <= 40
    assert CALCULATION.first_api_overrides == () and why_not(CALCULATION) is None


def test_calculation_waste_piles_take_from_the_waste_only_and_say_so():
    state = CALCULATION.new(1)
    state = CALCULATION.apply(state, CALCULATION.parse_move(state, "draw"))
    to_pile = CALCULATION.parse_move(state, "waste>w1")
    assert to_pile in CALCULATION.legal_moves(state)
    state = CALCULATION.apply(state, to_pile)
    across = CALCULATION.parse_move(state, "w1>w2")
    assert across not in CALCULATION.legal_moves(state)
    assert CALCULATION.check(state, across).kind == "takes-from:tableau"
    assert "takes cards only from the waste" in CALCULATION.why_illegal(state, across)


def test_calculation_foundations_build_by_their_interval():
    f2 = CALCULATION.index["f2"]
    state = CALCULATION.new(1)
    rules, pos = CALCULATION.compiled(state)
    code = rules.code
    four, three = (next(c for c in CALCULATION.deck if c.rank == r and c.suit == "H") for r in (4, 3))
    assert not rules.drop(pos, f2, code[four], 1, CALCULATION.index["waste"])  # 2 then 4
    assert rules.drop(pos, f2, code[three], 1, CALCULATION.index["waste"])


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_calculation_plays_conformant_lines(deal):
    check_line(CALCULATION, deal, {}, steps=30)


def test_calculation_is_held_to_the_engine_by_the_solver_kit():
    counted = check_solver(CALCULATION, deals=range(1, 3), steps=30, nodes=2000, bare_nodes=4000)
    assert counted["positions"] > 0


# --- hooks: one rule, read alike by the engine, its words and the solver --------------------
class Sevens(PileGame):
    """Four columns built down in any suit; a 7 never goes onto a column (a hook)."""

    id, name = "test-sevens", "Sevens"
    deck = french_deck()
    zones = (*Foundations("f", 4, at=(0.0, 0.0)), *Tableau("t", 4, at=(0.0, 1.75), build=down, empty=any_card))
    rule_refs = {"seven": "2.1"}

    def deal(self, cards, options):
        return {f"t{k}": Pile(tuple(cards.pop() for _ in range(13))) for k in range(1, 5)}

    def refuse_drop(self, at, j, card, n, src):
        if self.zones[j].role == TABLEAU and card.rank == 7:
            return refuse("seven", lambda: _("A 7 never goes onto a column"))
        return None


def test_a_drop_hook_is_one_rule_for_the_moves_the_check_and_the_solver():
    game = Sevens()
    assert game.first_api_overrides == () and why_not(game) is None
    for deal in (1, 2, 3, 4):
        state = game.new(deal)
        rules, pos = game.compiled(state)
        for move in game.legal_moves(state):
            if not move.is_draw:
                card = state.piles[game.index[move.src]].cards[-move.n]
                assert not (card.rank == 7 and game.zones[game.index[move.dst]].role == TABLEAU)
        check_line(game, deal, {}, steps=25)
    state = game.parse_position("f1:\nf2:\nf3:\nf4:\nt1: 8C\nt2: 7D\nt3: 9S 6H\nt4: " + " ".join(
        c.code for c in french_deck() if c.code not in ("8C", "7D", "9S", "6H")))
    move = game.parse_move(state, "t2>t1")
    assert move not in game.legal_moves(state)
    assert game.why_illegal(state, move) == "A 7 never goes onto a column (rule 2.1)"


class Adjacent(PileGame):
    """Pairs adding up to 13 that leave only from neighbouring columns (a pair hook), as
    Monte Carlo's touching pairs."""

    id, name = "test-adjacent", "Adjacent"
    deck = french_deck()
    pairs, pairs_to = ranks_total(13), "out1"
    zones = (*Foundations("out", 1, at=(0.0, 0.0), build=None, start=None, give_back=False),
             *Tableau("t", 8, at=(0.0, 1.75), lift=LIFT_TOP, flip=False))
    won_when_empty = (TABLEAU,)

    def deal(self, cards, options):
        return {f"t{k}": Pile(tuple(cards.pop() for _ in range(6 + (k <= 4)))) for k in range(1, 9)}

    def refuse_pair(self, at, i, j):
        if abs(i - j) != 1:
            return refuse("apart", lambda: _("Only neighbouring columns pair"))
        return None


def test_a_pair_hook_is_asked_for_every_pair_listed_and_refused_in_words():
    game = Adjacent()
    for deal in range(1, 6):
        state = game.new(deal)
        for move in game.legal_moves(state):
            assert abs(game.index[move.src] - game.index[move.dst]) == 1
        check_line(game, deal, {}, steps=10)


class OldSevens(PileGame):
    """Sevens written against the first API: an override of ``drop_refusal``."""

    id, name = "test-old-sevens", "Old Sevens"
    deck, zones, deal = Sevens.deck, Sevens.zones, Sevens.deal

    def drop_refusal(self, state, j, run, src):
        if self.zones[j].role == TABLEAU and run[0].rank == 7:
            return refuse("seven", lambda: _("A 7 never goes onto a column"))
        return super().drop_refusal(state, j, run, src)


def test_a_first_api_override_warns_once_and_plays_as_the_hook_does():
    with pytest.warns(DeprecationWarning, match="overrides drop_refusal.*Migrating from overrides"):
        class Again(OldSevens):
            def drop_refusal(self, state, j, run, src):
                return super().drop_refusal(state, j, run, src)
    old, new = Again(), Sevens()
    assert old.first_api_overrides == ("drop_refusal",) and why_not(old) == "it overrides drop_refusal"
    for deal in (1, 2):
        assert old.legal_moves(old.new(deal)) == new.legal_moves(new.new(deal))


def test_a_pair_check_of_the_first_api_is_asked_by_the_pair_moves():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)

        class OldAdjacent(Adjacent):
            refuse_pair = None

            def pair_refusal(self, state, i, j):
                refusal = super().pair_refusal(state, i, j)
                return refusal or (refuse("apart", lambda: "apart") if abs(i - j) != 1 else None)
    game = OldAdjacent()
    state = game.new(1)
    assert all(abs(game.index[m.src] - game.index[m.dst]) == 1 for m in game.legal_moves(state))


def test_the_kit_fails_a_move_list_that_the_rules_refuse():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)

        class Liar(Sevens):
            def legal_moves(self, state):
                return super().legal_moves(state) + [Move("t1", "f1", 3)]
    with pytest.raises(ConformanceError, match="which the rules refuse"):
        check_line(Liar(), 1, {}, steps=2)


def test_a_counter_named_as_an_option_is_refused_at_load_in_words():
    class Clash(Sevens):
        id = "test-clash"
        options = (Choice("passes", (1, 2)),)
        extra_values = ("passes",)

    said = problem(Clash(), 1)
    assert "the counter 'passes' has the name of an option" in said


def test_a_run_the_solver_finds_on_a_hooked_game_replays_through_the_engine():
    game = Sevens()
    answer = solve(game, game.new(3), Budget(seconds=None, nodes=20_000))
    assert answer.answer in ("winnable", "unwinnable", "unknown")
    if answer.answer == "winnable":
        state = game.new(3)
        for move in answer.moves:
            state = game.apply(state, move)
        assert game.is_won(state)


# --- actions on a zone and moves within a pile, declared ----------------------------------
LUCIE, MONTE_CARLO = LaBelleLucie(), MonteCarlo()


def test_la_belle_lucie_and_monte_carlo_are_short_declarations_on_the_fast_search():
    assert declared_lines(LaBelleLucie) <= 40 and declared_lines(MonteCarlo) <= 40
    for game in (LUCIE, MONTE_CARLO):
        assert game.first_api_overrides == () and why_not(game) is None and problem(game, 1) is None


def gathered(game, state) -> list:
    return sorted(str(card) for i in game.role(TABLEAU) for card in state.piles[i].cards)


def test_a_redeal_gathers_shuffles_and_deals_again_in_threes_twice_and_says_so():
    game = LUCIE
    state = game.new(1)
    assert game.describe_move(state, DRAW) == "Gather the cards left, shuffle them and deal them again, 3 to a pile"
    before = gathered(game, state)
    once = game.apply(state, DRAW)
    assert gathered(game, once) == before and once.value("redeals") == 1
    assert [len(once.piles[i].cards) for i in game.role(TABLEAU)] == [3] * 17 + [1]
    assert [p.cards for p in once.piles] != [p.cards for p in state.piles]
    assert game.apply(state, DRAW) == once  # the same deal played the same way redeals the same way
    twice = game.apply(once, DRAW)
    assert twice.value("redeals") == 2 and DRAW not in game.legal_moves(twice)
    assert game.why_illegal(twice, DRAW) == "The stock is empty and no pass through it is left"
    assert game.parse_position(game.format_position(twice)) == twice


def test_the_merci_pulls_one_card_to_the_top_of_its_fan_once_after_the_last_deal():
    game = LUCIE
    state = game.new(2)
    fan = next(i for i in game.role(TABLEAU) if len(state.piles[i].cards) == 3)
    pull = Move(game.zones[fan].id, game.zones[fan].id, 3)
    assert pull not in game.legal_moves(state)
    assert game.why_illegal(state, pull) == "A card may be pulled up only once the stock has no pass left"
    last = game.apply(game.apply(state, DRAW), DRAW)
    cards = last.piles[fan].cards
    assert pull in game.legal_moves(last)
    said = game.describe_move(last, pull)
    assert said.startswith(f"Pull {game.card_name(cards[0])} from under 2 cards to the top of")
    pulled = game.apply(last, pull)
    assert pulled.piles[fan].cards == cards[1:] + cards[:1] and pulled.value("pulls") == 1
    assert not any(m.src == m.dst for m in game.legal_moves(pulled) if not m.is_draw)
    assert game.why_illegal(pulled, pull) == "No pull (merci) is left in this game"
    assert game.parse_position(game.format_position(pulled)) == pulled
    again = game.parse_move(pulled, str(pull))
    assert again == pull


def test_a_close_up_fills_the_gaps_in_order_then_from_the_stock():
    game = MONTE_CARLO
    state = game.new(1)
    assert game.why_illegal(state, DRAW) == "There is no gap to close up"
    pair = next(m for m in game.legal_moves(state) if m.pair)
    played = game.apply(state, pair)
    layout = [played.piles[i].cards for i in game.role(TABLEAU)]
    assert DRAW in game.legal_moves(played)
    assert game.describe_move(played, DRAW) == "Close up the gaps and deal 2 new cards into the last ones"
    closed = game.apply(played, DRAW)
    kept = [cards for cards in layout if cards]
    stock = played.piles[game.stock_index].cards
    assert [closed.piles[i].cards for i in game.role(TABLEAU)] == kept + [stock[-1:], stock[-2:-1]]
    assert len(closed.piles[game.stock_index].cards) == len(stock) - 2


def test_monte_carlo_pairs_only_touching_cards_of_one_rank_and_says_why_not():
    game = MONTE_CARLO
    for deal in range(1, 8):
        state = game.new(deal)
        for move in game.legal_moves(state):
            a, b = (game.index[z] - game.index["p1"] for z in (move.src, move.dst))
            assert max(abs(a // 5 - b // 5), abs(a % 5 - b % 5)) == 1
    # the A♠ on p1 and the A♥ on p14, two rows apart; every other card anywhere
    rest = [c.code for c in french_deck() if c.code not in ("AS", "AH")]
    layout = {1: "AS", 14: "AH", **{k: rest.pop() for k in range(1, 26) if k not in (1, 14)}}
    state = game.parse_position("stock: " + " ".join(f"({c})" for c in rest) + "\nout1:\n" + "\n".join(
        f"p{k}: {layout[k]}" for k in range(1, 26)))
    far = Move("p1", "p14", pair=True)
    assert far not in game.legal_moves(state)
    assert game.why_illegal(state, far) == "The two cards do not touch (rule 2)"


@pytest.mark.parametrize("game", [LUCIE, MONTE_CARLO], ids=lambda g: g.id)
def test_redeals_close_ups_and_pulls_play_conformant_lines(game):
    for deal in (1, 2, 3):
        check_line(game, deal, {}, steps=60)


@pytest.mark.parametrize("game", [LUCIE, MONTE_CARLO], ids=lambda g: g.id)
def test_redeals_close_ups_and_pulls_are_held_to_the_engine_by_the_solver_kit(game):
    counted = check_solver(game, deals=range(1, 3), steps=40, nodes=3000, bare_nodes=3000)
    assert counted["positions"] > 0
