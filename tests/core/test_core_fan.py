"""Long fans are squeezed so the top face-up cards stay readable (PileGame.fan_offsets)."""

from hypothesis import example, given, settings
from hypothesis import strategies as st
from minigame import MiniGame

from solitaire_core.piles import FLOORS, KEEP_READABLE, MIN_FACE_UP, MIN_STEP, squeeze
from solitaire_core.registry import load_games
from solitaire_core.scene import CARD_HEIGHT, scene_for


def drawn_out(game, deal):
    """Every card drawn from the stock, safe cards played up as they come."""
    state = game.new(deal)
    while (draw := next((m for m in game.legal_moves(state) if m.is_draw), None)) is not None:
        state = game.apply(state, draw)
        while safe := game.safe_moves(state):
            state = game.apply(state, safe[0])
    return state


def test_a_long_pile_keeps_its_top_cards_readable_and_inside_the_table():
    game = load_games()["salic-law"]
    state = drawn_out(game, 367)
    scene = game.scene(state)
    zone = max(game.zones, key=lambda z: len(game.pile(state, z.id).cards))
    pile = [p for p in scene.cards if p.zone == zone.id]
    assert len(pile) >= 60
    steps = [b.y - a.y for a, b in zip(pile, pile[1:])]
    top = steps[-(KEEP_READABLE):]
    assert all(abs(step - zone.fan[1]) < 1e-9 for step in top)  # the zone's own fan: it fits
    assert max(steps[:-KEEP_READABLE]) < min(top)
    for placed in scene.cards:
        assert 0 <= placed.x and placed.x + 1.0 <= scene.width + 1e-9
        assert 0 <= placed.y and placed.y + CARD_HEIGHT <= scene.height + 1e-9


def test_face_down_steps_give_way_before_face_up_ones():
    scales = squeeze([0.2, 0.2, 0.3, 0.3, 0.3], [0, 0, 1, 2, 2], 1.0)
    assert scales[2:] == [1.0, 1.0, 1.0] and scales[0] == scales[1] < 1.0
    assert abs(sum(l * s for l, s in zip([0.2, 0.2, 0.3, 0.3, 0.3], scales)) - 1.0) < 1e-9


def test_every_face_up_card_of_a_long_squeezed_run_keeps_a_strip_to_take_it_by():
    """A run of 13 face-up cards in a low room: the cards under the top four give way only
    to half a step; past that all steps shrink alike, so none is thinner than an even spread."""
    lengths, ranks = [0.3] * 12, [1] * 8 + [2] * 4
    roomy = squeeze(lengths, ranks, 3.0, FLOORS)
    assert roomy[8:] == [1.0] * 4 and min(roomy) >= MIN_FACE_UP
    tight = squeeze(lengths, ranks, 1.47, FLOORS)
    assert max(tight) - min(tight) < 1e-9 and abs(sum(l * s for l, s in zip(lengths, tight)) - 1.47) < 1e-9


@settings(max_examples=60, deadline=None)
@example([(0.47561907883141896, 0), (0.2691656536394465, 1), (0.4360468767750869, 0),
          (6.943462776639617e-128, 2)], 0.4528182084809501)  # rounding once made rank 2 give way
@given(st.lists(st.tuples(st.one_of(st.just(0.0), st.floats(0.001, 0.5)), st.integers(0, 2)), max_size=80),
       st.one_of(st.just(0.0), st.floats(0.01, 10.0)))  # 0: no limit; else a real table's room
def test_a_squeezed_fan_fits_and_lower_ranks_give_way_first(steps, extent):
    lengths, ranks = [l for l, _ in steps], [r for _, r in steps]
    scales = squeeze(lengths, ranks, extent)
    assert all(0 < s <= 1.0 for s in scales)
    if extent <= 0 or sum(lengths) <= extent:
        assert scales == [1.0] * len(steps)
    else:
        assert sum(l * s for l, s in zip(lengths, scales)) <= extent + 1e-9
    for low, high in ((0, 1), (1, 2), (0, 2)):
        below = [s for s, r, l in zip(scales, ranks, lengths) if r == low and l > 0]
        above = [s for s, r, l in zip(scales, ranks, lengths) if r == high and l > 0]
        if below and above and min(above) < 1.0 - 1e-9:  # a higher rank gave way: the lower is at its least
            assert max(below) <= MIN_STEP + 1e-9


def test_a_room_lower_than_the_table_squeezes_the_fans_not_the_width():
    game = load_games()["salic-law"]
    state = drawn_out(game, 367)
    width, height = game.table_size()
    least = game.least_height()
    assert CARD_HEIGHT < least < height
    for room_height, expected in ((height * 2, height), (height, height), ((least + height) / 2, (least + height) / 2),
                                  (least, least), (least / 2, least)):
        scene = game.scene(state, room=(width, room_height))
        assert (scene.width, scene.height) == (width, expected)
        assert all(p.y + CARD_HEIGHT <= scene.height + 1e-9 for p in scene.cards)
    squeezed = scene_for(game, state, (width, least))
    pile = max(game.zones, key=lambda z: len(game.pile(state, z.id).cards)).id
    last = max((p for p in squeezed.cards if p.zone == pile), key=lambda p: p.index)
    assert abs(last.y + CARD_HEIGHT - least) < 1e-6  # the long fan fills the room it is given


def test_the_least_height_keeps_the_top_steps_of_a_fan_full():
    game = MiniGame()
    top = max(z.at[1] for z in game.zones) + CARD_HEIGHT
    assert abs(game.least_height() - (top + KEEP_READABLE * 0.3)) < 1e-9


def test_a_scene_that_takes_no_room_is_asked_without_it():
    game = MiniGame()

    class Old:
        def scene(self, state):
            return game.scene(state)

    state = game.new(1)
    assert scene_for(Old(), state, (1.0, 1.0)) == game.scene(state)
    assert scene_for(game, state, (game.table_size()[0], 1.0)).height == game.least_height()
