"""Long piles keep every face-up card's index readable (issue 40, item 4): a 20-card pile
in a window of 1280x800 and of 800x600, in every pile game with a downward fan."""

import pytest

from solitaire_core.session import Session
from solitaire_core.testing import arrange
from ui_qt.fans import READABLE

LONG = 20


def long_pile(game):
    """A position with ``LONG`` face-up cards in the game's first downward-fanned zone
    (the rest of the pack in its stock), and that zone; None where the game has none."""
    zones = getattr(game, "zones", ())
    fanned = next((z for z in zones if z.fan[1] > 0 and z.room is None and z.role == "tableau"), None)
    stock = next((z for z in zones if z.role == "stock"), None)
    if fanned is None or stock is None:
        return None
    codes = [game.format_card(card) for card in dict.fromkeys(game.deck)][:LONG]
    try:
        return arrange(game, stock.id, **{fanned.id: " ".join(codes)}), fanned.id
    except Exception:  # noqa: BLE001 - a game whose rules refuse such a position as text
        return None


def shown_px(view, zone: str) -> list[float]:
    """How many pixels of each covered face-up card of ``zone`` show."""
    view.finish_animations()
    items = view.zone_cards(zone)
    return [abs(b.pos().x() - a.pos().x()) + abs(b.pos().y() - a.pos().y())
            for a, b in zip(items, items[1:]) if a.placed.face_up]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_every_index_of_a_20_card_pile_shows(open_window, games, qtbot, size):
    tried = 0
    for game in games.values():
        found = long_pile(game)
        if found is None:
            continue
        state, zone = found
        window = open_window({"game": game.id, "deal": 1})
        window.autoplay_action.setChecked(False)
        window.resize(*size)
        qtbot.waitUntil(lambda: window.size().width() == size[0])
        window.set_session(Session(game, 1, {}, start=state))
        view = window.view
        shown = shown_px(view, zone)
        assert len(shown) == LONG - 1
        assert min(shown) >= READABLE * view.card_px[0] - 1.5, (game.id, size, view.card_px, min(shown))
        window.close()
        tried += 1
    if not tried:
        pytest.skip("no registered game fans a tableau downwards")
