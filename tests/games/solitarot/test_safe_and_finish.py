"""Rules 8.14 (safe automatic moves and the Excuse) and 8.15 (the finish, the discarded Excuse aside)."""

from games.solitarot.excuse import is_excuse
from solitaire_core.testing import check_safe_moves, play_texts

LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"]


def run(suit, first, last):
    return " ".join(label + suit for label in LABELS[first:last])


TRUMPS = " ".join(f"T{n}" for n in range(1, 22))


def test_rule_8_14_a_card_a_locked_excuse_still_needs_is_not_safe(game, position):
    """The 5H is the last red 5 and the Excuse on the 6S stands for a red 5: sending the
    5H up would leave the Excuse on the 6S for good (no red 5, no other black 6 left)."""
    state = position(f1=run("S", 0, 5), f2=run("H", 0, 4), f3=run("D", 0, 14), f4=run("C", 0, 14), f5=TRUMPS,
                     t1="6S EX:5R", t2="5H")
    assert "t2>f2" in {game.format_move(m) for m in game.legal_moves(state)}
    assert game.safe_moves(state) == []
    assert game.format_move(game.hint(state)) == "t2>t1"  # the 5H takes the Excuse's place first
    after = play_texts(game, state, "t2>t1")
    assert [game.format_move(m) for m in game.safe_moves(after)] == ["t1>f2"]  # now the 5H is safe


def test_rule_8_14_a_card_an_excuse_could_move_onto_is_not_safe(game, position):
    """The Excuse standing for a black Ace lies on the 2H; the 2D is where it could go."""
    state = position(f1="AS", f2="AH", f3="AD", f4="AC", t1="2H EX:AB", t2="2D")
    assert "t2>f3" in {game.format_move(m) for m in game.legal_moves(state)}
    assert "t2>f3" not in {game.format_move(m) for m in game.safe_moves(state)}
    plain = position(f1="AS", f2="AH", f3="AD", f4="AC", t2="2D")
    assert "t2>f3" in {game.format_move(m) for m in game.safe_moves(plain)}  # an Ace or a 2 otherwise


def test_rule_8_15_hard_finishes_with_the_excuse_discarded(game, position):
    state = position("hard", f1=run("S", 0, 12), f2=run("H", 0, 14), f3=run("D", 0, 14), f4=run("C", 0, 14),
                     f5=TRUMPS, t1="KS QS", excuse="(EX)")
    assert game.pile(state, "excuse").down == 1  # face down, out of the game
    moves = game.finish_moves(state)
    assert moves is not None
    assert game.is_won(play_texts(game, state, *map(game.format_move, moves)))
    hidden = position("hard", f1=run("S", 0, 12), f2=run("H", 0, 14), f3=run("D", 0, 14), f4=run("C", 0, 14),
                      f5=TRUMPS, t1="(KS) QS", excuse="(EX)")
    assert game.finish_moves(hidden) is None  # a card still to turn over is in play



def test_rule_8_15_a_freed_excuse_in_the_stock_does_not_hold_the_finish_back(game, position):
    """Easy and Medium: the replaced Excuse went under the stock; no card of the win waits
    there, so the finish need not draw it first (nor a card still face down: none is)."""
    for difficulty in ("easy", "medium"):
        state = position(difficulty, f1=run("S", 0, 12), f2=run("H", 0, 14), f3=run("D", 0, 14),
                         f4=run("C", 0, 14), f5=TRUMPS, t1="KS QS", excuse="")
        assert game.format_position(state).splitlines()[4] == "stock: (EX)"
        moves = game.finish_moves(state)
        assert moves is not None
        assert game.is_won(play_texts(game, state, *map(game.format_move, moves)))
    card_left = position("medium", f1=run("S", 0, 12), f2=run("H", 0, 14), f3=run("D", 0, 14),
                         f4=run("C", 0, 14), f5=TRUMPS, t1="KS", stock="(QS)", excuse="")
    assert game.finish_moves(card_left) is None  # a card of the win is still in the stock


def locked_excuse_with_a_safe_move(game, state) -> bool:
    return bool(game.safe_moves(state)) and any(
        is_excuse(card) for zone, pile in zip(game.zones, state.piles) if zone.role == "tableau" for card in pile.cards)


def test_rule_8_14_safe_moves_keep_won_games_won_where_the_search_decides_excuse_positions_included(game):
    """The kit's check on the ends of the solver's won lines, with their neighbours (the
    Excuse placed on a column among them): every safe move of a won position leads to
    one the search proves won."""
    kept = []
    decided = check_safe_moves(game, deals=(), ends=range(1, 11), wins=3, neighbours=6, end_tail=20, kept=kept,
                               nodes=1000)
    assert decided >= 40
    assert sum(locked_excuse_with_a_safe_move(game, state) for state in kept) >= 4

