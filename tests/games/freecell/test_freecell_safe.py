"""Rules 6.1 and 6.2 (safe automatic moves, the finish) and the conformance kit."""

from __future__ import annotations

from freecell_helpers import position, run
from solitaire_core.testing import check_game, check_safe_moves, play_texts


def safe(game, state) -> set[str]:
    return {game.format_move(m) for m in game.safe_moves(state)}


def test_rule_6_1_aces_and_twos_always_go_up_by_themselves(game):
    state = position(game, f1="AH", t1="2H", t2="AS", t3="2S", rest="t8")
    assert {"t1>f1", "t2>f2", "t2>f3", "t2>f4"} <= safe(game, state)


def test_rule_6_1_a_higher_card_once_both_cards_of_the_other_colour_below_are_up(game):
    state = position(game, f1=run("H", 6), f2=run("S", 6), f3=run("C", 5), t1="7H", rest="t8")
    assert "t1>f1" not in safe(game, state)  # the 6 of clubs could still want it
    state = position(game, f1=run("H", 6), f2=run("S", 6), f3=run("C", 6), t1="7H", rest="t8")
    assert "t1>f1" in safe(game, state)


def test_rule_6_1_safe_moves_never_lose_a_won_game(game):
    """The ends of greedy play of these deals (1 to 3 are the core kit's) are small enough to decide."""
    assert check_safe_moves(game, deals=(4, 5), limit=200) >= 10


def test_rule_6_2_the_finish_plays_a_won_game_out(game):
    state = position(game, f1=run("C", 10), f2=run("D", 11), f3=run("H", 11), f4=run("S", 9),
                     t1="QH JC", t2="KS QD 10S", t3="KH", t4="JS", t5="KC KD QS QC", rest="t8")
    finish = game.finish_moves(state)
    assert finish is not None
    assert game.is_won(play_texts(game, state, *map(game.format_move, finish)))


def test_freecell_conforms(game):
    check_game(game, examples=3, steps=120)
