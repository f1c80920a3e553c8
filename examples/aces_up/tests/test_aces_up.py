"""Aces Up's rules, one test named after each (rules.md), and the conformance kit."""

import re
from importlib.resources import files

import pytest

from aces_up import AcesUp
from solitaire_core import IllegalMove, Move, NotationError, OptionError, french_deck, parse_card
from solitaire_core.deals import shuffle
from solitaire_core.registry import load_games
from solitaire_core.testing import check_game, check_safe_moves, legal_texts, notation_in, play_texts

GAME = AcesUp()


def table(stock="", **columns):
    """A position: the columns given (cards bottom to top), the stock's cards face down,
    every other card on the discard pile."""
    used = set((stock + " " + " ".join(columns.values())).split())
    rest = [c.code for c in french_deck() if c.code not in used]
    lines = [f"stock: {' '.join(f'({c})' for c in stock.split())}"]
    lines += [f"t{i}: {columns.get(f't{i}', '')}" for i in range(1, 5)]
    lines.append(f"discard: {' '.join(rest)}")
    return GAME.parse_position("\n".join(lines))


def codes(state, zone):
    return " ".join(c.code for c in GAME.pile(state, zone).cards)


def refused(state, text):
    """The reason given when the move ``text`` is refused."""
    with pytest.raises(IllegalMove) as caught:
        play_texts(GAME, state, text)
    return caught.value.reason


def test_aces_up_conforms():
    check_game(GAME)
    check_safe_moves(GAME)


def test_the_installed_distribution_registers_it_as_a_plugin():
    games = load_games()
    assert isinstance(games["aces-up"], AcesUp)
    assert "aces-up" not in games.builtin
    assert not [f for f in games.failures if "aces" in f.plugin]


def test_rule_1_1_one_pack_of_52_cards():
    state = GAME.new(1)
    dealt = sorted(c.code for pile in state.piles for c in pile.cards)
    assert dealt == sorted(c.code for c in french_deck()) and len(dealt) == 52


def test_rule_1_2_one_card_face_up_on_each_column_the_rest_in_the_stock():
    for deal in (1, 2, 617):
        state = GAME.new(deal)
        for column in ("t1", "t2", "t3", "t4"):
            pile = GAME.pile(state, column)
            assert len(pile.cards) == 1 and pile.down == 0
        stock = GAME.pile(state, "stock")
        assert len(stock.cards) == stock.down == 48
        assert not GAME.pile(state, "discard").cards


def printed_deals():
    """The deals printed in the developer notes: number -> position text."""
    page = files("aces_up").joinpath("rules.md").read_text(encoding="utf-8")
    found = re.findall(r"^Deal (\d+).*?\n\n```\n(.*?)```", page, re.MULTILINE | re.DOTALL)
    return {int(number): text for number, text in found}


def test_rule_1_3_the_deal_number_alone_fixes_the_cards():
    assert GAME.new(7) == GAME.new(7) and GAME.new(7) != GAME.new(8)
    deals = printed_deals()
    assert sorted(deals) == [1, 617]
    for number, text in deals.items():
        assert GAME.format_position(GAME.new(number)) == text


def test_rule_1_4_columns_take_the_last_cards_and_the_stock_the_rest_in_order():
    cards = shuffle(french_deck(), 5)
    state = GAME.new(5)
    assert [GAME.pile(state, f"t{i}").top for i in range(1, 5)] == cards[:-5:-1]
    assert list(GAME.pile(state, "stock").cards) == cards[:48]  # the first at the bottom


def test_rule_2_1_a_card_goes_out_while_a_higher_card_of_its_suit_shows():
    state = table(t1="5H", t2="9H", t3="5S", t4="KC")
    assert legal_texts(GAME, state) == {"t1>discard"}
    after = play_texts(GAME, state, "t1>discard")
    assert GAME.pile(after, "discard").top == parse_card("5H") and not GAME.pile(after, "t1").cards
    assert "rule 2.1" in refused(state, "t2>discard")  # nothing higher in hearts shows
    assert "rule 2.1" in refused(state, "t3>discard")  # no other spade shows
    covered = table(t1="5H", t2="9H 2C", t3="5S", t4="KC")  # the 9 of hearts is covered
    assert "t1>discard" not in legal_texts(GAME, covered)
    assert legal_texts(GAME, covered) == {"t2>discard"}


def test_rule_2_2_aces_rank_high_and_never_go_out():
    state = table(t1="KH", t2="AH", t3="2H", t4="QH")
    assert legal_texts(GAME, state) == {"t1>discard", "t3>discard", "t4>discard"}
    reason = refused(state, "t2>discard")
    assert "rule 2.2" in reason and "never discarded" in reason


def test_rule_2_3_a_discarded_card_never_comes_back():
    state = table(t1="5H", t2="9H", t3="", t4="KC")
    assert not any(m.startswith("discard") for m in legal_texts(GAME, state))
    assert "rule 2.3" in refused(state, "discard>t3")


def test_rule_3_1_only_the_top_card_of_a_column_plays():
    state = table(t1="5H 2C", t2="", t3="9S", t4="KC")
    assert all(":" not in m for m in legal_texts(GAME, state))
    assert "rule 3.1" in refused(state, "t1:2>t2")
    assert codes(play_texts(GAME, state, "t1>t2"), "t2") == "2C"


def test_rule_3_2_nothing_builds_on_a_card_an_empty_column_takes_any_top_card():
    state = table(t1="5H", t2="", t3="9S 4D", t4="KC")
    moves = legal_texts(GAME, state)
    assert {"t1>t2", "t3>t2", "t4>t2"} <= moves
    assert not {"t1>t3", "t1>t4", "t3>t1", "t4>t1"} & moves
    assert "rule 3.2" in refused(state, "t1>t4")


def test_rule_4_1_a_click_deals_one_card_onto_each_column_even_an_empty_one():
    state = table(stock="2S 3S 4S 5S 6S 7S 8S 9S", t1="5H", t2="", t3="9H", t4="KC")
    assert {"draw", "t1>discard"} <= legal_texts(GAME, state)  # whatever else can be done
    after = play_texts(GAME, state, "draw")
    assert [codes(after, f"t{i}") for i in range(1, 5)] == ["5H 9S", "8S", "9H 7S", "KC 6S"]
    assert all(GAME.pile(after, f"t{i}").down == 0 for i in range(1, 5))
    assert codes(after, "stock") == "2S 3S 4S 5S"
    assert "rule 4.1" in refused(state, "stock>t2")
    assert "rule 4.1" in refused(state, "t1>stock")


def test_rule_4_2_the_stock_is_dealt_once():
    state = GAME.new(3)
    for _ in range(12):
        state = play_texts(GAME, state, "draw")
    assert not GAME.pile(state, "stock").cards
    assert sum(len(GAME.pile(state, f"t{i}").cards) for i in range(1, 5)) == 52
    assert "draw" not in legal_texts(GAME, state)
    assert "rule 4.2" in refused(state, "draw")


def test_rule_5_1_won_when_the_48_other_cards_are_discarded():
    won = table(t1="AH", t2="AS AD", t3="", t4="AC")  # wherever the Aces lie
    assert GAME.is_won(won) and not GAME.is_stuck(won)
    one_left = table(t1="AH", t2="AS", t3="AD", t4="AC 2C")
    assert len(GAME.pile(one_left, "discard").cards) == 47 and not GAME.is_won(one_left)


def test_rule_5_2_stuck_when_no_line_discards_or_deals_again():
    lost = table(t1="AH KH", t2="AS KS", t3="AD KD", t4="AC KC")
    assert not legal_texts(GAME, lost)
    assert GAME.is_stuck(lost) and not GAME.is_won(lost)
    # An empty column frees the 2 of spades under the King of hearts: not stuck.
    open_ = table(t1="AH 2S KH", t2="AS KS", t3="AD KD AC KC", t4="")
    assert not GAME.is_stuck(open_)
    # While the stock holds cards a deal is always possible.
    assert not GAME.is_stuck(table(stock="2H 3H 4H 5H", t1="AH KH", t2="AS KS", t3="AD KD", t4="AC KC"))


def test_rule_6_1_no_options():
    assert GAME.options == ()
    with pytest.raises(OptionError):
        GAME.new(1, draw=3)


def test_rule_6_2_zones():
    assert [zone.id for zone in GAME.zones] == ["stock", "t1", "t2", "t3", "t4", "discard"]


def test_rule_6_3_moves_in_notation():
    state = table(t1="5H", t2="", t3="9H", t4="KC")
    assert GAME.parse_move(state, "t1>discard") == Move("t1", "discard", 1)
    assert {GAME.format_move(m) for m in GAME.legal_moves(state)} == legal_texts(GAME, state)
    assert "t1>t2" in legal_texts(GAME, state)
    assert GAME.parse_move(state, "draw").is_draw


def test_rule_6_4_the_position_text_reads_back_and_refuses_what_cannot_be():
    state = play_texts(GAME, GAME.new(9), "draw", "draw")
    assert GAME.parse_position(GAME.format_position(state)) == state
    text = GAME.format_position(GAME.new(1))
    with pytest.raises(NotationError, match="stock"):
        GAME.parse_position(text.replace("(5D)", "5D"))  # a face-up card in the stock
    with pytest.raises(NotationError, match="discard"):
        GAME.parse_position(text.replace("t1: JD", "t1:").replace("discard:", "discard: (JD)"))
    with pytest.raises(NotationError, match="missing"):
        GAME.parse_position(text.replace("t1: JD", "t1:"))


def test_rule_6_5_an_illegal_move_says_why_and_leaves_the_position():
    state = table(t1="5H", t2="9H", t3="5S", t4="KC")
    before = GAME.format_position(state)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, GAME.parse_move(state, "t3>discard"))
    assert "t3>discard" in str(caught.value)
    assert caught.value.reason == ("The 5\u2660 can be discarded only while another column shows a higher "
                                   "card of its suit (rule 2.1)")
    assert notation_in(GAME, state, caught.value.reason) is None
    assert GAME.format_position(state) == before


def test_the_words_a_player_reads():
    state = table(stock="2S 3S 4S 5S", t1="5H", t2="", t3="9H", t4="KC")
    assert GAME.describe_move(state, Move("t1", "discard", 1)) == "Put the 5\u2665 on the discard pile"
    assert GAME.describe_move(state, Move("t4", "t2", 1)) == "Move the K\u2663 to Column 2"
    assert GAME.describe_move(state, GAME.parse_move(state, "draw")) == "Deal a card from the stock onto each column"
    assert GAME.status(state) == [("Stock", "4")]
