"""Nothing trusted (issue 8): whatever a save file holds, loading it gives a Session or a SaveError.

Never another exception, never code execution: saves are JSON, replayed move by
move through the rules. Every installed game is fuzzed, with the engine's mini game.
"""

import json
import math
import pickle

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solitaire_core import SaveError
from solitaire_core.registry import load_games
from solitaire_core.session import MAX_SAVE_BYTES, MAX_SAVE_MOVES, Session

from minigame import MiniGame

GAMES = {**load_games(), "mini": MiniGame()}
FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                          HealthCheck.too_slow])


def sample_save(game_id: str, deal: int, count: int, from_position: bool = False) -> dict:
    """A genuine save: ``count`` legal moves picked by a fixed rule, perhaps undone a little."""
    game = GAMES[game_id]
    start = game.new(deal)
    session = Session(game, deal, start=start) if from_position else Session(game, deal)
    for k in range(count):
        moves = game.legal_moves(session.state)
        if not moves:
            break
        session.play(moves[(k * 5) % len(moves)])
    session.undo()
    return json.loads(json.dumps(session.to_json()))


SAVES = [sample_save(g, d, n, p) for g in sorted(GAMES) for d, n, p in ((1, 12, False), (617, 4, True))]
KEYS = ("format", "version", "game", "options", "deal", "moves", "position", "elapsed", "start")

scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=2**31, max_value=2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
           | st.sampled_from(["klondike", "draw", "t1>f1", "1", "on", "-1", "1e999", "__import__('os')"]))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=12)
move_texts = (st.sampled_from(["draw", "stock>waste", "waste>t1", "t1>f1", "t7:13>t1", "t1:99999999999999999999>t2",
                               "f1>t1", "zz>f1", "t1>t1", "t0>f1", "t1:0>t2", "t1:1>t2", "excuse>t1", "t8>f5"])
              | st.text(max_size=12))


def loads_or_refuses(data):
    """The one promise: a Session whose history replays through the rules, or a SaveError."""
    try:
        session = Session.from_json(data, GAMES)
    except SaveError as exc:
        assert str(exc)
        return None
    game = session.game
    for before, move, after in zip(session.states, session.moves, session.states[1:]):
        assert game.apply(before, move) == after
    assert 0 <= session.position <= len(session.moves) and math.isfinite(session.elapsed)
    return session


@pytest.mark.parametrize("save", SAVES, ids=lambda s: f"{s['game']}-{s['deal']}")
def test_every_sample_save_loads_back_to_the_same_save(save):
    assert loads_or_refuses(save).to_json() == save


@FUZZ
@given(json_values)
def test_any_json_document(data):
    loads_or_refuses(data)


@FUZZ
@given(st.sampled_from(SAVES), st.sampled_from(KEYS) | st.text(max_size=8), json_values)
def test_one_field_replaced_by_anything(save, key, value):
    loads_or_refuses({**save, key: value})


@FUZZ
@given(st.sampled_from(SAVES), st.sets(st.sampled_from(KEYS), min_size=1))
def test_fields_left_out(save, missing):
    loads_or_refuses({k: v for k, v in save.items() if k not in missing})


@FUZZ
@given(st.sampled_from(SAVES), st.sampled_from(["game", "options"]), st.text(max_size=12), json_values)
def test_unknown_game_or_option(save, where, name, value):
    if where == "game":
        assume(name not in GAMES)
        data = {**save, "game": name}
    else:
        data = {**save, "options": {**save["options"], name: value}}
    session = loads_or_refuses(data)
    assert session is None or name in save["options"]


@FUZZ
@given(st.sampled_from(SAVES), st.data())
def test_moves_changed_inserted_or_dropped(save, data):
    moves = list(save["moves"])
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(moves)))
        action = data.draw(st.sampled_from(["insert", "replace", "drop", "repeat"]))
        if action == "insert" or not moves:
            moves.insert(index, data.draw(move_texts))
        elif action == "replace":
            moves[min(index, len(moves) - 1)] = data.draw(move_texts)
        elif action == "drop":
            del moves[min(index, len(moves) - 1)]
        else:
            moves.insert(index, moves[min(index, len(moves) - 1)])
    loads_or_refuses({**save, "moves": moves, "position": data.draw(st.integers(-2, len(moves) + 2))})


@FUZZ
@given(st.sampled_from([s for s in SAVES if "start" in s]), st.data())
def test_start_position_text_damaged(save, data):
    lines = save["start"].splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(lines) - 1))
        words = lines[index].split(" ")
        action = data.draw(st.sampled_from(["drop-line", "drop-word", "swap-words", "text", "duplicate"]))
        if action == "drop-line":
            del lines[index]
        elif action == "drop-word":
            del words[data.draw(st.integers(0, len(words) - 1))]
            lines[index] = " ".join(words)
        elif action == "swap-words":
            lines[index] = " ".join(reversed(words))
        elif action == "duplicate":
            lines.insert(index, lines[index])
        else:
            lines[index] = data.draw(st.text(max_size=30))
        if not lines:
            break
    loads_or_refuses({**save, "start": "\n".join(lines), "moves": [], "position": 0})


@FUZZ
@given(st.sampled_from(SAVES), st.data())
def test_a_truncated_or_scribbled_file(tmp_path, save, data):
    text = json.dumps(save, indent=1).encode()
    cut = data.draw(st.integers(0, len(text)))
    damaged = bytearray(text[:cut])
    for _ in range(data.draw(st.integers(0, 3))):
        if damaged:
            damaged[data.draw(st.integers(0, len(damaged) - 1))] = data.draw(st.integers(0, 255))
    path = tmp_path / "save.json"
    path.write_bytes(bytes(damaged))
    try:
        session = Session.load(path, GAMES)
    except SaveError as exc:
        assert str(exc)
    else:  # only a cut in the trailing space or an unlucky scribble that still makes sense
        assert session.game.id in GAMES


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(tmp_path, content):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    with pytest.raises(SaveError):
        Session.load(path, GAMES)


@pytest.mark.parametrize("value", [10**400, -10**400, 2**32, 2**63, 1e308, float("inf"), float("nan"), -0.0, True])
@pytest.mark.parametrize("key", ["deal", "position", "elapsed", "version"])
def test_huge_and_odd_numbers(key, value):
    for save in SAVES[:2]:
        loads_or_refuses({**save, key: value})


def test_infinity_and_nan_spelled_in_the_file_are_refused(tmp_path):
    path = tmp_path / "save.json"
    text = json.dumps(SAVES[0]).replace('"elapsed": ', '"elapsed": NaN, "x": ')
    path.write_text(text)
    with pytest.raises(SaveError, match="elapsed"):
        Session.load(path, GAMES)


def test_a_huge_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "save.json"
    path.write_text(json.dumps({**SAVES[0], "padding": "x" * MAX_SAVE_BYTES}))
    with pytest.raises(SaveError, match="too large"):
        Session.load(path, GAMES)


def test_more_moves_than_any_game_is_refused():
    with pytest.raises(SaveError, match="more than any real game"):
        Session.from_json({**SAVES[0], "moves": ["draw"] * (MAX_SAVE_MOVES + 1)}, GAMES)


@pytest.mark.parametrize("depth", [50, 900, 5000, 200_000])
def test_deep_nesting(tmp_path, depth):
    path = tmp_path / "save.json"
    nested = "[" * depth + "]" * depth
    for text in (nested, json.dumps(SAVES[0]).replace('"options": {', f'"options": {{"deep": {nested}, ', 1),
                 json.dumps(SAVES[0]).replace('"moves": [', f'"moves": [{nested}, ', 1)):
        path.write_text(text)
        with pytest.raises(SaveError):
            Session.load(path, GAMES)


def test_a_pickle_is_never_run(tmp_path):
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self):
            return (marker.mkdir, ())

    path = tmp_path / "save.json"
    path.write_bytes(pickle.dumps(Payload()))
    with pytest.raises(SaveError):
        Session.load(path, GAMES)
    assert not marker.exists()


def test_python_code_in_a_text_field_stays_text():
    code = "__import__('os').system('touch /tmp/solitaire-fuzz-ran')"
    for key in ("game", "start"):
        with pytest.raises(SaveError):
            Session.from_json({**SAVES[-1], key: code}, GAMES)
    with pytest.raises(SaveError):
        Session.from_json({**SAVES[0], "moves": [code]}, GAMES)
