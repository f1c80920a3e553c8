"""Rules 1-4, 6, 7.1-7.3 and the decisions 8.1-8.5, 8.11, 8.12 of rules.md (the Excuse: test_excuse.py)."""

import pytest

from solitaire_core import IllegalMove, Move
from solitaire_core.deals import shuffle
from solitaire_core.registry import load_games

from games.solitarot.cards import tarot_deck


def codes(state, game, zone):
    return [c.code for c in game.pile(state, zone).cards]


def moves(game, state):
    return {game.format_move(m) for m in game.legal_moves(state)}


def test_registered_through_its_entry_point():
    games = load_games()
    assert "solitarot" in games and games["solitarot"].name == "Solitarot"


def test_rule_1_1_to_1_4_the_pack(game):
    """1.1: 78 cards; 1.2: 56 suit cards A..10 J N Q K in four suits; 1.3: trumps I..XXI; 1.4: one Excuse."""
    deck = game.deck
    assert len(deck) == 78 and len(set(deck)) == 78
    suits = [c for c in deck if c.suit in "SHDC"]
    assert len(suits) == 56
    assert {c.code for c in suits if c.suit == "S"} == {f"{r}S" for r in "A 2 3 4 5 6 7 8 9 10 J N Q K".split()}
    assert sorted(c.rank for c in deck if c.suit == "T") == list(range(1, 22))
    assert [c.code for c in deck if c.suit == "X"] == ["EX"]


def test_rule_1_4_excuse_starts_in_its_zone_and_is_available(game):
    state = game.new(5)
    assert codes(state, game, "excuse") == ["EX"]
    assert {f"excuse>t{i}" for i in range(1, 8)} <= moves(game, state)


@pytest.mark.parametrize("deal", [1, 617, 4_000_000_000])
def test_rule_2_1_to_2_3_the_deal(game, deal):
    """2.1: the pack without the Excuse, shuffled by the engine's generator; 2.2: columns
    of 1..7 cards, top face up, from the end of the list; 2.3: the 49 left are the stock."""
    cards = shuffle(tarot_deck(excuse=False), deal)
    state = game.new(deal)
    for i in range(1, 8):
        pile = game.pile(state, f"t{i}")
        assert len(pile.cards) == i and pile.down == i - 1
    assert [c for r in range(7) for c in [game.pile(state, f"t{i + 1}").cards[r] for i in range(r, 7)]] \
        == cards[::-1][:28]
    stock = game.pile(state, "stock")
    assert stock.cards == tuple(cards[:49]) and stock.down == 49
    assert not game.pile(state, "waste").cards and not game.pile(state, "t8").cards


def test_rule_2_4_four_suit_foundations_and_a_trump_one(game, position, play):
    state = position(t1="AH", t2="AS", t3="T1", t4="AC", t5="AD")
    assert {"t1>f1", "t1>f4", "t2>f1", "t3>f5"} <= moves(game, state)
    assert "t3>f1" not in moves(game, state) and "t1>f5" not in moves(game, state)
    state = play(state, "t1>f2", "t2>f1", "t4>f4", "t5>f3", "t3>f5")
    assert [codes(state, game, f"f{i}") for i in range(1, 6)] == [["AS"], ["AH"], ["AD"], ["AC"], ["T1"]]


def test_rule_2_5_to_2_6_where_the_zones_lie(game):
    scene = game.scene(game.new(1))
    x = {s.zone: s.x for s in scene.slots}
    assert x["waste"] < x["excuse"] < min(x[f"f{i}"] for i in range(1, 6))
    assert x["t8"] == max(x.values()) and all(x[f"t{i}"] < x["t8"] for i in range(1, 8))


def test_rule_3_1_foundations_build_up(game, position):
    state = position(f1="AH 2H 3H", f5="T1 T2", t1="4H", t2="4D", t3="T3", t4="T4", waste="5H")
    legal = moves(game, state)
    assert {"t1>f1", "t3>f5"} <= legal
    assert not {"t2>f1", "t4>f5", "waste>f1"} & legal
    state = position(f1=" ".join(f"{r}C" for r in "A 2 3 4 5 6 7 8 9 10 J N Q".split()), t1="KC")
    assert "t1>f1" in moves(game, state)


def test_rule_4_1_alternate_colours_descending(game, position):
    state = position(t1="7S", t2="6H", t3="6C", t4="5D", t5="8H")
    legal = moves(game, state)
    assert "t2>t1" in legal and "t1>t5" in legal
    assert not {"t3>t1", "t4>t1", "t2>t5"} & legal
    with pytest.raises(IllegalMove, match=r"rule 4\.1"):
        game.apply(state, Move("t3", "t1"))


def test_rule_4_2_king_or_trump_with_its_run_starts_an_empty_column(game, position, play):
    state = position(t1="(3S) KD QS NH", t2="(4S) T9 T8", t3="(5S) QH", t4="")
    legal = moves(game, state)
    assert {"t1:3>t4", "t2:2>t4", "t2>t4"} <= legal
    assert "t3>t4" not in legal and "t1:2>t4" not in legal
    state = play(state, "t1:3>t4")
    assert codes(state, game, "t4") == ["KD", "QS", "NH"]


def test_rule_4_3_draw_one_card(game):
    state = game.new(1)
    after = game.apply(state, Move("draw", "", 0))
    assert codes(after, game, "waste") == [game.pile(state, "stock").top.code]
    assert len(game.pile(after, "stock").cards) == 48


def test_rule_4_4_only_the_top_waste_card_plays(game, position):
    state = position(waste="AD 7S AS", t1="8H", t2="8D")
    legal = moves(game, state)
    assert "waste>f1" in legal
    assert not {m for m in legal if m.startswith("waste:")}
    assert not {"waste>t1", "waste>t2"} & legal


def test_rule_4_5_trumps_come_back_from_their_foundation(game, position, play):
    state = position(f5="T1 T2 T3 T4 T5 T6", t1="T7", t2="", t3="KS")
    legal = moves(game, state)
    assert {"f5>t1", "f5>t2"} <= legal and "f5>t3" not in legal
    state = play(state, "f5>t1")
    assert codes(state, game, "t1") == ["T7", "T6"] and codes(state, game, "f5")[-1] == "T5"


def test_rule_4_6_trumps_column(game, position):
    state = position(t1="T12", t2="T11", t3="9H", t4="KS", t5="T3", t8="")
    legal = moves(game, state)
    assert {"t1>t8", "t2>t8", "t5>t8"} <= legal and not {"t3>t8", "t4>t8"} & legal
    with pytest.raises(IllegalMove, match=r"rule 4\.6"):
        game.apply(state, Move("t4", "t8"))
    state = position(t1="T11", t2="T10", t3="T9", t4="9H", t8="T12")
    legal = moves(game, state)
    assert "t1>t8" in legal and not {"t2>t8", "t3>t8", "t4>t8"} & legal
    state = position(t1="(2S) T11 T10", t8="T12")
    assert "t1:2>t8" in moves(game, state)


def test_rule_6_1_won_with_77_on_the_foundations(game, position, play):
    suits = {s: " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J N Q K".split()) for s in "SHDC"}
    trumps = " ".join(f"T{n}" for n in range(1, 21))
    state = position(f1=suits["S"], f2=suits["H"], f3=suits["D"], f4=suits["C"], f5=trumps, t8="T21")
    assert not game.is_won(state) and game.win_count == 77
    state = play(state, "t8>f5")
    assert game.is_won(state) and codes(state, game, "excuse") == ["EX"]


@pytest.mark.parametrize("difficulty, allowed", [("easy", None), ("medium", 5), ("hard", 2)])
def test_rule_7_1_to_7_3_redeals(game, position, play, difficulty, allowed):
    state = position(difficulty, waste="5H 6H")
    turned = 0
    for _ in range(8):
        while game.pile(state, "stock").cards:
            state = play(state, "draw")
        if not game.can_draw(state):
            break
        state = play(state, "draw")
        turned += 1
    assert turned == (8 if allowed is None else allowed)
    assert game.redeals_left(state) == (None if allowed is None else 0)


def test_rule_8_1_knights_between_jacks_and_queens(game, position):
    state = position(t1="QH", t2="NS", t3="JD", t4="NH")
    legal = moves(game, state)
    assert {"t2>t1", "t3>t2"} <= legal and "t4>t2" not in legal


def test_rule_8_2_trumps_and_suits_never_mix_in_columns(game, position):
    state = position(t1="T8", t2="7S", t3="8H", t4="T7", t5="(3C) 8S 7H 6C")
    legal = moves(game, state)
    assert "t4>t1" in legal and "t2>t3" in legal
    assert not {"t2>t1", "t4>t3"} & legal
    assert "t5:2>t2" not in legal and "t5:3>t3" not in legal
    state = position(t1="9D", t2="(3C) 8S 7H 6C")
    assert "t2:3>t1" in moves(game, state)  # a run moves together


def test_rule_8_3_king_moves_to_empty_column_with_its_run(game, position):
    state = position(t1="(2S) KH QS ND JC", t2="")
    assert "t1:4>t2" in moves(game, state)


def test_rule_8_4_suit_foundations_keep_their_cards(game, position):
    state = position(f1="AH 2H", f5="T1 T2", t1="3S", t2="T3", t3="(5C) 4H")
    legal = moves(game, state)
    assert not {m for m in legal if m.startswith("f1")}
    assert "f5>t2" in legal
    state = position(t1="AS", t2="(9C) 2S", f2="")
    assert "t1>f2" in moves(game, state)
    with pytest.raises(IllegalMove):
        game.apply(position(f1="AH", f2=""), Move("f1", "f2"))


def test_rule_8_5_redeal_turns_the_waste_over(game, position, play):
    state = position(waste="2H 3H 4H")
    while game.pile(state, "stock").cards:
        state = play(state, "draw")
    drawn = codes(state, game, "waste")
    state = play(state, "draw")
    stock = game.pile(state, "stock")
    assert [c.code for c in stock.cards][::-1] == drawn and stock.down == len(drawn)
    assert state.value("redeals") == 1 and not game.pile(state, "waste").cards


def test_rule_8_11_standard_scoring(game, position, play):
    state = position(waste="AH", t1="(5S) 9C", t2="8H")
    state = play(state, "waste>f1")
    assert game.score(state) == 10
    state = play(state, "t2>t1")
    assert game.score(state) == 10  # column to column: nothing
    state = position(t1="(3D) 8S", t2="9H", f5="T1 T2", t3="T3")
    state = play(state, "t1>t2")
    assert game.score(state) == 5  # a card turned over
    state = play(state, "f5>t3")
    assert game.score(state) == 0  # -15, never below 0
    state = position(waste="4S")
    state = state.with_values(score=150)
    while game.pile(state, "stock").cards:
        state = play(state, "draw")
    assert game.score(play(state, "draw")) == 50  # -100 a redeal


def test_rule_8_12_stuck_when_nothing_can_progress(game, position):
    """Only the King can wander between empty columns: stuck. With the Excuse in play
    (medium) it is not: the Queen goes on the wild Excuse and uncovers a card."""
    suits = {s: " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J N Q K".split()) for s in "HDC"}
    buried = "(NS) (JS) " + " ".join(f"(T{n})" for n in range(1, 22)) + " QS"
    spades = " ".join(f"{r}S" for r in "A 2 3 4 5 6 7 8 9 10".split())
    for difficulty, excuse, stuck in (("hard", "(EX)", True), ("medium", "EX", False)):
        state = position(difficulty, f1=spades, f2=suits["H"], f3=suits["D"], f4=suits["C"],
                         t1=buried, t2="KS", excuse=excuse)
        assert game.legal_moves(state) and game.is_stuck(state) is stuck
    state = position("hard", f1=spades + " JS NS", f2=suits["H"], f3=suits["D"], f4=suits["C"],
                     t1=buried.replace("(NS) (JS) ", ""), t2="KS", excuse="(EX)")
    assert not game.is_stuck(state)
    assert not game.is_stuck(game.new(1))


def test_hints_keep_the_excuse_for_later_and_like_freeing_it(game, position):
    """Hints (not a rule): placing the Excuse ranks below drawing; a replacement ranks high."""
    free = position(t1="9C")
    assert 0 < game.preference(free, Move("excuse", "t1")) < game.preference(free, Move("draw", "", 0))
    state = position(t1="9C", t2="7S EX:6R", t3="(2C) 6H", t4="KD")
    assert game.preference(state, Move("t3", "t2")) >= 80  # frees the Excuse and turns a card up
    state = position(t1="9C", t2="7S EX:6R", t3="8D 6H")
    assert game.preference(state, Move("t3", "t2")) == 90  # above an unsafe card going up
