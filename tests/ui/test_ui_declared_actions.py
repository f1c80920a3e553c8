"""A stock whose click is an action (a redeal, a close-up) and a card pulled to the top
of its own pile (the merci), played with the mouse on the table as a player does, on
games declared in the tests (``declared_games.py``): the table knows no game."""

from declared_games import LaBelleLucie, MonteCarlo
from uihelpers import card_centre, click, zone_centre

from solitaire_core import DRAW, words
from solitaire_core.registry import Games

LUCIE, MONTE_CARLO = LaBelleLucie(), MonteCarlo()


def test_clicking_the_empty_stock_redeals_and_a_buried_card_clicked_after_the_last_deal_is_pulled_up(
        open_window, qtbot):
    window = open_window({"game": LUCIE.id, "deal": 2}, games=Games({LUCIE.id: LUCIE}))
    window.autoplay_action.setChecked(False)
    view, session = window.view, window.session
    for redeals in (1, 2):
        click(view, zone_centre(view, "stock"))
        qtbot.waitUntil(lambda: session.state.value("redeals") == redeals)
    click(view, zone_centre(view, "stock"))  # no pass left: refused, in words
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == LUCIE.why_illegal(session.state, DRAW))
    state = session.state
    fan = next(z.id for z in LUCIE.zones if len(LUCIE.pile(state, z.id).cards) == 3)
    cards = LUCIE.pile(state, fan).cards
    click(view, card_centre(view, fan, 0))  # the bottom card, under two others
    qtbot.waitUntil(lambda: session.state.value("pulls") == 1)
    assert LUCIE.pile(session.state, fan).cards == cards[1:] + cards[:1]


def test_clicking_the_stock_closes_up_the_gaps_after_a_pair_leaves(open_window, qtbot):
    window = open_window({"game": MONTE_CARLO.id, "deal": 1}, games=Games({MONTE_CARLO.id: MONTE_CARLO}))
    window.autoplay_action.setChecked(False)
    view, session = window.view, window.session
    click(view, zone_centre(view, "stock"))  # no gap yet
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == words.no_gap())
    pair = next(m for m in MONTE_CARLO.legal_moves(session.state) if m.pair)
    window.play(pair)
    stock = len(MONTE_CARLO.pile(session.state, "stock").cards)
    click(view, zone_centre(view, "stock"))
    qtbot.waitUntil(lambda: len(MONTE_CARLO.pile(session.state, "stock").cards) == stock - 2)
    assert all(session.state.piles[i].cards for i in MONTE_CARLO.role("tableau"))
