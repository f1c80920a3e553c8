"""The solver's model read from the declarations (solitaire_core/solver/derived.py):
it makes the engine's moves with the engine's effects, agrees with plain search, and
serves a variant as its own rules say, never its parent's model."""

import attrs
import pytest
from minigame import MiniGame
from solver_positions import blocked, endgame

from games.klondike import Klondike
from solitaire_core import Choice
from solitaire_core.moves import parse_move
from solitaire_core.registry import load_games
from solitaire_core.rules import ace, any_card, down, same_suit, up, up_wrap
from solitaire_core.solver import UNKNOWN, Budget, hooks_for, plain_hooks, solve
from solitaire_core.solver.derived import Model, derived_model, why_not
from solitaire_core.solver.hooks import declares_model
from solitaire_core.testing import arrange, check_solver
from solitaire_core.zones import FOUNDATION, TABLEAU, WASTE, Foundations, Tableau

GAMES = load_games()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_check_solver_for_every_registered_game(game_id):
    """The model's moves and effects (or a game's own model's lines) are the engine's
    wherever one applies; a game with neither says why (it searches the engine's states)."""
    game = GAMES[game_id]
    counted = check_solver(game, deals=range(1, 3), steps=60)
    if why_not(game) is None or declares_model(type(game)):
        assert counted["positions"] > 0
    else:
        assert counted["skipped"] == why_not(game)


class Whitehead(Klondike):
    """Klondike's tableau built down in suit, any card on an empty column: four lines."""
    id, name = "whitehead", "Whitehead"
    zones = Klondike.zones[:6] + Tableau("t", 7, at=(0.0, 1.75), build=down & same_suit, empty=any_card)


def test_a_klondike_variant_is_searched_by_its_own_rules_not_klondikes_model():
    game = Whitehead()
    assert why_not(game) is None
    state = game.new(2)
    model = Model(game)
    found = {str(m) for _, m, *_ in model.moves(model.start(state))}
    assert found == {str(m) for m in game.legal_moves(state)}
    for deal in (1, 2):
        result = solve(game, game.new(deal), Budget(seconds=5))
        assert "illegal" not in result.reason


def test_whitehead_answers_as_plain_search_does_near_the_end_of_its_wins():
    """Klondike's own model answered "unwinnable" on a Whitehead position plain search
    wins; the derived model agrees with plain search on every position both decide."""
    counted = check_solver(Whitehead(), deals=range(3, 6), steps=30)
    assert counted["positions"] > 0 and counted["answers"] >= 8


class KlondikeWasteFirst(Klondike):
    """Klondike whose empty columns take the waste's cards only (Canfield's rule, with no
    reserve to refill them)."""
    id, name = "klondike-waste-first", "Klondike, the waste fills columns"
    zones = tuple(attrs.evolve(z, empty_from=(WASTE,)) if z.role == TABLEAU else z for z in Klondike.zones)


def test_a_folded_line_fills_an_emptied_column_only_from_where_it_takes_cards():
    """The lines that use a column just emptied (``_uses``) put into it only what its
    ``empty_from`` lets in: they once moved a column's cards there, so 12 of deals 1-20
    answered unknown, their wins failing the replay."""
    game = KlondikeWasteFirst()
    assert why_not(game) is None and Model(game).fold
    for deal in (1, 10):
        assert "illegal" not in solve(game, game.new(deal), Budget(seconds=None, nodes=30_000)).reason
    assert check_solver(game, deals=range(1, 3), steps=30)["positions"] > 0


def test_games_the_solver_wins_near_their_end_are_compared_with_plain_search():
    """Where the solver wins a deal within 3 s, the positions near the end of its line
    (and one move off it) get the same answer from plain search."""
    for game_id in ("freecell", "yukon", "pyramid"):
        if game_id in GAMES:
            assert check_solver(GAMES[game_id], deals=range(1, 2), steps=5)["answers"] > 0, game_id


@pytest.mark.skipif("freecell" not in GAMES, reason="FreeCell is not installed")
def test_a_free_place_weighs_three_where_runs_move_by_supermove():
    """Each free place doubles the longest run that moves at once, so the best-first phase
    counts it three times there: FreeCell's deal 194, open after 100 000 positions when a
    free place counted once (and after 120 s in the survey), is won within 60 000."""
    game = GAMES["freecell"]
    assert solve(game, game.new(194), Budget(seconds=None, nodes=60_000)).answer == "winnable"


@pytest.mark.skipif("forty-thieves" not in GAMES, reason="Forty Thieves is not installed")
def test_the_waste_of_a_last_pass_counts_as_jumble():
    """On the stock's last pass the waste's cards leave from the top only, so the
    best-first phase counts each card lying on another there as a jumble: Forty Thieves'
    deal 10, open after 100 000 positions without it, is won within 60 000."""
    game = GAMES["forty-thieves"]
    assert solve(game, game.new(10), Budget(seconds=None, nodes=60_000)).answer == "winnable"


# --- the derived model on Klondike's rules: stock lines, the safe rule, dead ends -------
KLONDIKE = Klondike()


def klondike_positions():
    """Small hand-dealt Klondike positions (few cards left, some face down, built runs),
    at both draws and every pass limit: won and lost ones."""
    for seed in range(200, 260):
        yield endgame(KLONDIKE, seed, left=12 + seed % 3, draw=(1, 3)[seed % 2],
                      passes=("unlimited", 3, 1)[seed % 3], columns=(7, 5)[seed % 2], buried=True,
                      runs=seed % 4 > 1, suits=("SH", "DC", "SHDC")[seed % 3])


@pytest.fixture(scope="module")
def klondike_answers():
    plain = Budget(seconds=None, nodes=20_000)
    return [(state, solve(KLONDIKE, state, plain, hooks=plain_hooks(KLONDIKE)).answer)
            for state in klondike_positions()]


@pytest.mark.parametrize("off", [(), ("safe",), ("dead_end",), ("safe", "dead_end", "narrow")])
def test_the_derived_model_on_klondikes_rules_agrees_with_plain_search(klondike_answers, off):
    """Its stock lines (draws only before a card leaves the waste), its key (splits a
    fresh pass reaches again), its safe rule and its dead-end test lose no win and
    invent none."""
    answers = [answer for _, answer in klondike_answers]
    assert answers.count("winnable") >= 10 and answers.count("unwinnable") >= 3
    model = attrs.evolve(derived_model(KLONDIKE), **{part: None for part in off})
    for state, plain in klondike_answers:
        if plain != UNKNOWN:
            result = solve(KLONDIKE, state, Budget(seconds=None, nodes=50_000), hooks=model)
            assert result.answer == plain, KLONDIKE.format_position(state)


class DrawThree(Klondike):
    """Klondike dealt at draw 3 by default, so that the kit checks its stock lines."""
    id = "klondike-draw-three"
    options = (Choice("draw", (3, 1)),) + Klondike.options[1:]


@pytest.mark.parametrize("game", [Klondike, DrawThree], ids=["draw 1", "draw 3"])
def test_every_line_of_the_derived_model_on_klondike_replays_to_its_position(game):
    """All its lines, macro lines of draws included, replay through ``apply`` to the
    position the model said (the kit samples them; here every one, on fewer positions)."""
    class Derived(game):  # declares no model of its own: searched on the derived one
        pass
    counted = check_solver(Derived(), deals=range(1, 3), steps=12, sample=1000, tail=2)
    assert counted["positions"] >= 20


def test_the_safe_rule_is_read_from_the_build_tables():
    """Klondike's rule falls out of its declarations: a card goes up when what can be
    built on it, and on those, and what lies under them on the foundations, is all up."""
    model = Model(KLONDIKE)
    needs = {model.cards[c].code: {model.cards[x].code for x in model.needs[c]} for c in range(1, model.size)}
    assert needs["AS"] == set()
    assert needs["5S"] == {"4H", "4D", "3C", "4S", "3S", "2S", "AS", "3H", "2H", "AH", "3D", "2D", "AD",
                           "2C", "AC"}
    assert "4C" not in needs["5S"]


def test_a_card_that_can_never_move_is_a_dead_end():
    """2S lies on AS and on both red 3s: it can never move."""
    model = Model(KLONDIKE)
    state = blocked(KLONDIKE)
    assert model.dead_end(model.start(state))
    assert not model.dead_end(model.start(KLONDIKE.new(1)))


class MiniWasteFirst(MiniGame):
    """Mini whose first column, once empty, takes the waste's cards only (Canfield's rule
    for its columns), where the other two take any card."""

    id = "test-mini-waste-first"
    zones = (*MiniGame.zones[:-3], attrs.evolve(MiniGame.zones[-3], empty_from=(WASTE,)), *MiniGame.zones[-2:])


WASTE_FIRST = MiniWasteFirst()


def test_columns_unlike_in_what_they_take_when_empty_are_not_keyed_alike():
    """The columns' contents may not trade places when one of them, empty, takes cards
    from fewer zones: the key kept them apart from the others only by ``empty_from``."""
    model = Model(WASTE_FIRST)
    first_empty = arrange(WASTE_FIRST, "stock", t2="3S", t3="2H")
    second_empty = arrange(WASTE_FIRST, "stock", t1="3S", t3="2H")
    assert model.key(model.start(first_empty)) != model.key(model.start(second_empty))
    swapped = arrange(WASTE_FIRST, "stock", t1="2H", t2="", t3="3S")  # t2 and t3 are alike
    assert model.key(model.start(swapped)) == model.key(model.start(arrange(WASTE_FIRST, "stock", t1="2H", t2="3S")))


class MiniFirstAnyColour(MiniGame):
    """Mini whose first column builds down in any colour: its ``build_rule``, not its
    declaration, sets it apart from the other two."""

    id = "test-mini-first-any-colour"

    def build_rule(self, state, j):
        return down if self.zones[j].id == "t1" else super().build_rule(state, j)


def test_columns_a_build_rule_sets_apart_are_not_keyed_alike():
    """On the first column a black Two may go on the Three of Spades, on the second it may
    not: the two positions differ though the columns are declared alike."""
    game = MiniFirstAnyColour()
    model = Model(game)
    on_first = model.start(arrange(game, "stock", t1="3S", t3="2C"))
    on_second = model.start(arrange(game, "stock", t2="3S", t3="2C"))
    assert model.key(on_first) != model.key(on_second)
    assert model.key(model.start(arrange(game, "stock", t1="3S", t2="2C"))) == model.key(
        model.start(arrange(game, "stock", t1="3S", t3="2C")))  # the second and third are alike


def test_the_kit_names_zones_keyed_alike_that_the_engine_treats_apart(monkeypatch):
    """``check_solver`` trades the contents of zones the key sorts and asks the engine: a
    model keying columns by their declarations alone, as it once did, is caught."""
    monkeypatch.setattr(Model, "_alike", lambda self, groups: groups)
    with pytest.raises(AssertionError, match="keys t1 and t2 as interchangeable, but the engine treats them apart"):
        check_solver(MiniFirstAnyColour(), deals=range(1, 2))


def test_the_kit_names_cards_keyed_alike_that_the_engine_treats_apart(monkeypatch):
    """Mini builds in alternating colours, so a red Two and a black one are not alike: a
    model writing cards by rank alone (as it rightly does Golf's) is caught."""
    def by_rank(model):
        codes, first = bytearray(range(256)), {}
        for c in range(1, model.size):
            codes[c] = first.setdefault(model.rank[c], c)
        return bytes(codes)

    monkeypatch.setattr(Model, "_classes", by_rank)
    with pytest.raises(AssertionError, match="as alike, but the engine treats them apart"):
        check_solver(MiniGame(), deals=range(1, 3))


def mini_foundations(build, start):
    """Mini with foundations built by ``build`` from a card ``start`` takes, never giving back."""
    foundations = Foundations("f", 4, at=(2.5, 0.0), build=build, start=start, give_back=False)
    return type("MiniFoundations", (MiniGame,), {"id": "test-mini-foundations",
                                                 "zones": (*MiniGame.zones[:2], *foundations, *MiniGame.zones[6:])})()


class KlondikeWrap(Klondike):
    """Klondike whose foundations go on round the corner, a King taking an Ace."""
    id, name = "klondike-wrap", "Klondike, round the corner"
    zones = tuple(attrs.evolve(z, build=up_wrap & same_suit) if z.role == FOUNDATION else z for z in Klondike.zones)


def test_foundations_that_wrap_or_begin_anywhere_have_no_chain_of_predecessors():
    """A King taking an Ace turned the chains of predecessors into a ring: making the
    model never ended. Begun on any card, a card goes up without its predecessor. Either
    way neither the safe line nor the dead ends may read the chains."""
    for game in (KlondikeWrap(), mini_foundations(up & same_suit, any_card)):
        model = Model(game)
        assert model.below is None and model.needs is None and model.blocking is None
    assert Model(mini_foundations(up & same_suit, ace)).below is not None  # Klondike's: Aces begin them
    result = solve(KlondikeWrap(), KlondikeWrap().new(1), Budget(seconds=None, nodes=2_000))
    assert "failed" not in result.reason


@pytest.mark.parametrize("deal", range(1, 41))
def test_a_column_taking_the_waste_only_answers_as_plain_search(deal):
    state = WASTE_FIRST.new(deal)
    plain = solve(WASTE_FIRST, state, Budget(seconds=None, nodes=200_000), hooks=plain_hooks(WASTE_FIRST))
    assert plain.answer != UNKNOWN
    assert solve(WASTE_FIRST, state, Budget(seconds=None, nodes=200_000)).answer == plain.answer


def test_spider_is_searched_on_the_derived_model_and_wins_deal_1():
    """Spider's own ``play`` only scores (``solver_derived``); the derived model's order
    (builds before runs moved off a card they are built on) wins deal 1 at once."""
    if "spider" not in GAMES:
        pytest.skip("Spider is not installed")
    game = GAMES["spider"]
    assert why_not(game) is None
    result = solve(game, game.new(1, suits=1), Budget(seconds=None, nodes=5_000))
    assert result.answer == "winnable"
