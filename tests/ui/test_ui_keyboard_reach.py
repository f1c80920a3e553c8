"""The keyboard alone can play every game: from any card it can pick up, the arrows lead to
every place the engine lets that card go (checked along a line of moves of every game)."""

import random

import pytest

from solitaire_core.registry import load_games
from ui_qt.picking import lift_moves
from uihelpers import arrow_paths

GAMES = load_games()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_legal_drop_is_reachable_by_arrows_while_cards_are_held(open_window, games, game_id):
    game = games[game_id]
    window = open_window({"game": game_id, "deal": 1})
    window.autoplay_action.setChecked(False)
    view, interaction, rng = window.view, window.interaction, random.Random(7)
    checked = 0
    for _ in range(60):
        state = window.session.state
        legal = list(game.legal_moves(state))
        if not legal:
            break
        groups = sorted({(m.src, len(view.zone_cards(m.src)) - m.n) for m in legal if not m.is_draw})
        for src, index in rng.sample(groups, min(2, len(groups))):  # two a position: each search is thorough
            held = lift_moves(legal, view.model, src, index)
            interaction.cursor, interaction.held = (src, index), (src, index, held)
            reached = {place[0] for place in arrow_paths(interaction) if place is not None}
            assert {m.dst for m in held} <= reached, f"holding {src}:{index}, no arrows lead to some drops"
            checked += len(held)
            interaction.held = None
        cards = [m for m in legal if not m.is_draw]
        assert window.play(rng.choice(cards if cards and rng.random() < 0.7 else legal))
        view.finish_animations()
    assert checked, "the line met no card the player could pick up"
