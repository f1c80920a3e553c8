"""The derived model collects complete runs (Spider, Scorpion) as the engine's ``settle``
does, looking only at the columns a move or deal changed: a run is completed on a
column that received cards, on one a move laid it bare on (a card dealt onto an Ace,
moved off again), or on several at once by a deal; a hand-built start that holds one
already is settled first. Each time the model's position is held to the engine's, by key."""

from solitaire_core import french_deck
from solitaire_core.moves import DRAW, parse_move
from solitaire_core.rules import down, same_suit
from solitaire_core.solver.derived import Model
from solitaire_core.testing import arrange, run_text

from dealt_game import DealtColumns, dealt_zones


class SmallCollected(DealtColumns):
    """Built down in suit, any card on an empty column; a stock dealing one card onto
    each column; complete King-to-Ace runs of a suit go home by themselves."""

    id = "test-small-collected"
    name = "Small collected"
    deck = french_deck()
    zones = dealt_zones(collects=down & same_suit)


GAME = SmallCollected()
MODEL = Model(GAME)


def played(state, text: str):
    """The model's position after the engine's move ``text`` (draw: the stock's deal)."""
    move = DRAW if text == "draw" else parse_move(text)
    i, j, n = (-1, -1, 0) if move == DRAW else (GAME.index[move.src], GAME.index[move.dst], move.n)
    return MODEL.play(MODEL.start(state), i, j, n), GAME.apply(state, move)


def collected(position) -> int:
    return sum(len(position[GAME.index[f"f{k}"]]) > 1 for k in range(1, 5))


def test_a_run_completed_on_the_column_that_receives_a_card_goes_home():
    state = arrange(GAME, "t4", t1=run_text("S", 2), t2="AS")
    model, engine = played(state, "t2>t1")
    assert collected(model) == 1 and MODEL.key(model) == MODEL.key(MODEL.start(engine))


def test_a_run_laid_bare_by_moving_a_card_off_it_goes_home():
    state = arrange(GAME, "t4", t1=run_text("S") + " 3H", t2="4H")
    model, engine = played(state, "t1>t2")
    assert collected(model) == 1 and MODEL.key(model) == MODEL.key(MODEL.start(engine))


def test_a_deal_that_completes_two_runs_sends_both_home():
    state = arrange(GAME, "t4", stock="(2D) (2C) (AH) (AS)", t1=run_text("S", 2), t2=run_text("H", 2), t3="5D")
    model, engine = played(state, "draw")
    assert collected(model) == 2 and MODEL.key(model) == MODEL.key(MODEL.start(engine))


def test_a_start_holding_a_complete_run_is_settled_as_the_engine_would_after_any_move():
    state = arrange(GAME, "t4", t1=run_text("S"), t2="4H", t3="5H")
    assert collected(MODEL.start(state)) == 1
    model, engine = played(state, "t2>t3")
    assert collected(model) == 1 and MODEL.key(model) == MODEL.key(MODEL.start(engine))
