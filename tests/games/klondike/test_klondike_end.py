"""Rules 10 (won, stuck, finishing) and 12 (safe automatic moves), and a whole winning line."""

from __future__ import annotations

from klondike_helpers import build, moves_text, play, zone
from solitaire_core import DRAW

# Deal 3 at the default options, won by a throwaway depth-first search (not kept):
# 116 moves, turning the waste over twice.
DEAL_3_WIN = """
t6>f1 t6>f2 t6>t5 t5:2>t7 draw waste>f3 draw draw draw draw draw draw waste>f1 draw waste>t2
draw waste>t6 t3>t6 t3>t6 draw draw draw waste>f1 draw draw waste>f3 t2>f3 draw draw waste>f3
draw waste>f4 draw waste>f4 waste>f4 draw draw draw draw waste>f1 draw waste>f1 draw waste>t7
t2>t7 t2>f2 draw draw draw waste>f2 t7>f2 t5>f2 t5>t1 t5>t4 t7>f3 waste>f2 t6>f2 t5>f1 draw
waste>t5 draw waste>f3 draw draw waste>t2 draw waste>f1 t6>f1 draw draw waste>t1 draw draw
waste>t6 draw draw waste>t1 draw waste>t1 t7:3>t1 t7>t3 t7>f4 t4:2>t3 draw waste>f4 t1>f4
t1>f3 t1>f2 t6>f3 t3>f2 t4>f3 t6:2>t4 t1>f1 t1>f2 t3>f1 t6>f1 t3>f2 t4:3>t3 t4>f4 t6>f4
t3>f4 t3>f3 t7>t6 t7>t6 t7>t5 t7>f4 t1>f3 t1>f2 t3>f4 t3>f3 t5>f1 t2>f2 t6>f4 t1>f3 t5>f4 t6>f1
""".split()

# Deal 18 in Vegas scoring (one pass at draw 1), won by the same throwaway search: 108 moves.
DEAL_18_VEGAS_WIN = """
t5>t4 t5>t1 t5>t2 t5>t3 draw draw draw waste>f1 t5>f1 waste>t5 t3:2>t5 t3>t6 draw waste>f2
waste>f2 draw waste>f3 draw draw waste>t2 draw waste>f3 draw draw draw waste>t5 t6:2>t5 t6>t7
draw draw waste>t2 t7:2>t2 t7>t1 t7>t4 draw draw draw waste>t3 draw waste>f1 draw draw waste>t1
draw waste>f3 t4>f3 t7>t4 draw waste>t5 t6>t5 draw waste>f4 t6>f4 t3>f4 t3>f1 t6>t1 t4>f4
waste>t1 waste>t3 waste>t7 waste>t7 waste>t3 draw waste>f2 t2>f2 t2>f4 t4>f2 t4>f4 t4>t7 t6>f2
draw waste>t6 waste>t6 waste>f1 t7:4>t6 t7>t6 t7>f3 t2>f1 t2>f4 t5>f3 t1>f3 t5>f1 t1>f1 t6>f2
t2>f2 t5>f3 t1>f3 t6>f4 t2>f4 t5>f1 t6>f2 t1>f2 t5>f4 t6>f3 t6>f2 t4>t7 t4>f1 t1>f4 t2>f3 t3>f2
t5>f1 t1>f1 t5>f3 t6>f4 t3>f4 t5>f1 t6>f2 t7>f3
""".split()

# Four columns whose tops are Queens sitting on buried Kings; the Jacks wait in the stock.
# Every Jack fits on a Queen, but nothing can ever go up or be turned up: a dead game.
DEAD = dict(t1="(10S) (KS) QH", t2="(10C) (KC) QD", t3="(10H) (KH) QS", t4="(10D) (KD) QC")


def test_rule_10_1_won_with_all_52_on_the_foundations(game):
    state = build(game, t1="KH", t2="KS")
    assert not game.is_won(state)
    state = play(game, state, "t1>f2")
    assert not game.is_won(state)  # 51 cards up
    state = play(game, state, "t2>f1")
    assert game.is_won(state) and game.on_foundations(state) == 52
    assert not game.is_stuck(state)


def test_rule_10_1_a_whole_winning_line_replays_to_a_win(game):
    state = game.new(3)
    for number, text in enumerate(DEAL_3_WIN):
        assert not game.is_won(state), f"won early, at move {number}"
        state = game.apply(state, game.parse_move(state, text))
    assert game.is_won(state)
    tops = sorted(zone(game, state, f)[-2:] for f in ("f1", "f2", "f3", "f4"))
    assert tops == ["KC", "KD", "KH", "KS"]
    assert game.score(state) == 470 and state.value("redeals") == 2


def test_rule_11_9_a_vegas_win_in_one_pass_ends_208_over_the_stake(game):
    state = game.new(18, scoring="vegas")
    for text in DEAL_18_VEGAS_WIN:
        state = game.apply(state, game.parse_move(state, text))
    assert game.is_won(state) and game.score(state) == 208 and state.value("redeals") == 0


def test_rule_10_2_a_dead_position_is_stuck(game):
    with_moves = build(game, stock="(JS) (JH) (JD) (JC)", **DEAD)
    assert {"draw"} == moves_text(game, with_moves)  # moves exist, none helps
    assert game.is_stuck(with_moves)
    nothing = build(game, t5="JS", t6="JH", t7="JD", waste="JC", passes=1, **DEAD)
    assert game.is_stuck(nothing)
    assert not game.is_won(nothing)


def test_rule_10_2_not_stuck_while_a_useful_move_exists(game):
    assert not game.is_stuck(game.new(1))
    assert not game.is_stuck(game.new(617, draw=3, passes=1))
    # The 10S at the bottom of the stock goes up after a trip through it.
    deep = build(game, stock="(10S) (JS) (JH) (JD) (JC)",
                 t1="(KS) QH", t2="(10C) (KC) QD", t3="(10H) (KH) QS", t4="(10D) (KD) QC")
    assert moves_text(game, deep) == {"draw"}
    assert not game.is_stuck(deep)
    # Digging the waste, passes spent: the Jacks go onto Queens and free the 10S.
    dig = build(game, waste="10S JS JH JD JC", passes=1,
                t1="(KS) QH", t2="(10C) (KC) QD", t3="(10H) (KH) QS", t4="(10D) (KD) QC")
    assert "draw" not in moves_text(game, dig)
    assert not game.is_stuck(dig)


def test_rule_10_3_finish_when_all_face_up_and_the_stock_empty(game):
    state = build(game, t1="KH QS JH", t2="KS QH JS", t3="KD QC JD", t4="KC QD JC")
    moves = game.finish_moves(state)
    assert moves and all(m.dst.startswith("f") for m in moves)
    for move in moves:
        state = game.apply(state, move)
    assert game.is_won(state)
    hidden = build(game, t1="(KH) QS JH", t2="KS QH JS", t3="KD QC JD", t4="KC QD JC")
    assert game.finish_moves(hidden) is None
    stocked = build(game, t1="KH QS JH", t2="KS QH JS", t3="KD QC JD", t4="KC QD", stock="(JC)")
    assert game.finish_moves(stocked) is None


def test_rule_10_3_finish_turns_the_waste_over_when_it_must(game):
    state = build(game, waste="JC QC", t1="KC")
    moves = game.finish_moves(state)
    assert moves is not None and DRAW in moves
    for move in moves:
        state = game.apply(state, move)
    assert game.is_won(state)
    # Passes spent: a red King comes down to an empty column to take the QC (rule 6.4).
    spent = build(game, waste="JC QC", t1="KC", passes=1)
    moves = game.finish_moves(spent)
    assert moves is not None and DRAW not in moves
    assert game.is_won(play(game, spent, *map(game.format_move, moves)))


def test_rule_10_3_finish_puts_a_waste_card_on_a_column_when_it_must(game):
    """Draw 3, stock empty, the 8C under the 10C and the 9C: the 9C must go onto a red 10 first."""
    state = build(game, waste="8C 10C 9C", t1="KS QH JS 10H", t2="KH QS JD", t3="KD QC JH", t4="KC QD JC", draw=3)
    moves = game.finish_moves(state)
    assert moves is not None and any(m.src == "waste" and m.dst.startswith("t") for m in moves)
    assert game.is_won(play(game, state, *map(game.format_move, moves)))


def test_rule_10_3_finish_at_draw_1_once_the_passes_are_spent(game):
    """The 9C waits under the 10C on the waste: the 10C goes onto a red Jack, then all goes up."""
    state = build(game, waste="9C 10C", t1="KS QH JS 10H", t2="KH QS JD", t3="KD QC JH", t4="KC QD JC",
                  passes=1, redeals=0)
    moves = game.finish_moves(state)
    assert moves is not None
    assert game.is_won(play(game, state, *map(game.format_move, moves)))


def test_rule_12_1_aces_and_twos_are_always_safe(game):
    state = build(game, f1="", f2="AH", f3="", f4="", t1="AS", t2="2H", t3="3H", rest="stock")
    safe = {game.format_move(m) for m in game.safe_moves(state)}
    assert {"t1>f1", "t2>f2"} <= safe
    assert "t3>f2" not in moves_text(game, state)  # 3H is not even legal yet


def test_rule_12_1_a_card_is_safe_once_both_lower_cards_of_the_other_colour_are_up(game):
    four = ["A", "2", "3", "4"]
    up = dict(f1=" ".join(r + "S" for r in four), f2=" ".join(r + "H" for r in four),
              f3="AD 2D 3D", f4=" ".join(r + "C" for r in four), t1="5H", t2="4D", rest="stock")
    safe = {game.format_move(m) for m in game.safe_moves(build(game, **up))}
    assert "t1>f2" in safe  # both black 4s are up
    assert "t2>f3" in safe  # both black 3s are up
    one_black_four_missing = dict(up, f4="AC 2C 3C")
    safe = {game.format_move(m) for m in game.safe_moves(build(game, **one_black_four_missing))}
    assert "t1>f2" not in safe  # the 4C may still need the 5H to land on
    assert "t2>f3" in safe


def test_rule_12_1_and_the_other_suit_of_its_colour_two_lower(game):
    """A black 4 could come back onto the 5H to hold the 3D: the 3D must be up first."""
    four = ["A", "2", "3", "4"]
    up = dict(f1=" ".join(r + "S" for r in four), f2=" ".join(r + "H" for r in four),
              f3="AD 2D", f4=" ".join(r + "C" for r in four), t1="5H", t2="3D", rest="stock")
    safe = {game.format_move(m) for m in game.safe_moves(build(game, **up))}
    assert "t1>f2" not in safe and "t1>f2" in moves_text(game, build(game, **up))
    assert "t2>f3" in safe
    state = play(game, build(game, **up), "t2>f3")
    assert "t1>f2" in {game.format_move(m) for m in game.safe_moves(state)}


def test_rule_12_1_safe_moves_are_legal_foundation_moves(game):
    state = game.new(1)
    for _ in range(30):
        for move in game.safe_moves(state):
            assert move in game.legal_moves(state) and move.dst.startswith("f")
        hint = game.hint(state)
        if hint is None:
            break
        state = game.apply(state, hint)


def test_rule_12_2_at_draw_3_the_waste_is_never_safe(game):
    one = build(game, f1="", f2="", f3="", f4="", waste="AS", t1="AH", rest="stock")
    three = build(game, f1="", f2="", f3="", f4="", waste="AS", t1="AH", rest="stock", draw=3)
    assert "waste>f1" in {game.format_move(m) for m in game.safe_moves(one)}
    safe = {game.format_move(m) for m in game.safe_moves(three)}
    assert "waste>f1" not in safe and "waste>f1" in moves_text(game, three)
    assert "t1>f1" in safe


def test_rule_12_3_nothing_plays_by_itself(game):
    state = build(game, f1="", f2="", f3="", f4="", t1="(AS) KH", stock="(AD)", rest="stock")
    after = play(game, state, "t1>t2")
    assert zone(game, after, "t1") == "AS"  # turned up (rule 9.1), not sent up
    after = play(game, after, "draw")
    assert zone(game, after, "waste") == "AD"
    assert all(len(game.pile(after, f)) == 0 for f in ("f1", "f2", "f3", "f4"))
