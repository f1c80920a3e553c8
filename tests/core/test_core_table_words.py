"""The words beside the cards and in the messages: slot labels, status figures, the
rule pieces refusals quote, and what a damaged save says, in words and through the
translation markers; the kit refuses a game whose labels or figures show notation."""

import random

import pytest
from minigame import MiniGame

from solitaire_core import Move, rules, words
from solitaire_core.errors import IllegalMove, SaveError
from solitaire_core.registry import load_games
from solitaire_core.session import Session
from solitaire_core.testing import ConformanceError, check_line, notation_in
from solitaire_core.zones import STOCK


@pytest.fixture(scope="module")
def game():
    return MiniGame()


@pytest.fixture(scope="module")
def installed():
    return load_games()


# --- labels and figures -------------------------------------------------------------------------------
def test_every_installed_game_labels_its_slots_and_figures_in_words(installed):
    """A few moves into deal 1 of each game, every slot label and status figure reads as
    words (an index such as "K" or a count is fine; a zone id or card code is not)."""
    for game in installed.values():
        state, rnd = game.new(1), random.Random(1)
        for _ in range(6):
            texts = [s.label for s in game.scene(state).slots if s.label]
            texts += [text for figure in game.status(state) for text in figure]
            assert texts, game.name
            for text in texts:
                assert notation_in(game, state, text) is None, (game.name, text)
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, rnd.choice(moves))


def test_a_stock_label_says_what_a_click_can_still_do_in_words(game):
    state = game.new(1)
    stock = next(z for z in game.zones if z.role == STOCK)
    assert game.slot_label(state, stock) == "\u21bb"  # no pass limit: the arrow says it turns over
    assert words.redeals_left(1) == "1 redeal left" and words.redeals_left(3) == "3 redeals left"
    assert game.status(state) == [("Redeals left", "unlimited")]


def test_labels_figures_and_rule_pieces_go_through_the_translation_markers(game, monkeypatch):
    """A catalog that brackets every text: slot labels, status figures and the rule a
    refusal quotes all pass through ``_`` (the pieces and the way they combine)."""
    monkeypatch.setattr(words, "_", lambda text: f"[{text}]")
    monkeypatch.setattr(words, "ngettext", lambda one, many, n: f"[{one if n == 1 else many}]")
    monkeypatch.setattr(rules, "_", lambda text: f"<{text}>")
    state = game.new(1)
    assert {s.label for s in game.scene(state).slots if s.role == "foundation"} == {"[A]"}
    assert all(name.startswith("[") and (value.startswith("[") or value.isdigit())
               for name, value in game.status(state))
    assert (rules.down & rules.alternate_colour).text == "<<one rank lower>, <alternating red and black>>"
    assert (rules.ace | rules.king).text == "<<an Ace> or <a King>>"
    reason = game.why_illegal(state, Move("t3", "t1"))  # the A\u2665 on the 2\u2666: red on red
    assert "<<one rank lower>, <alternating red and black>>" in reason, reason


def test_rule_pieces_read_as_words_when_combined():
    assert (rules.down & rules.same_suit).text == "one rank lower, same suit"
    assert (rules.ace | rules.king).text == "an Ace or a King"
    assert rules.rank_is(13, "a King").text == "a King"


# --- the kit --------------------------------------------------------------------------------------------
class LabelsSlotsWithIds(MiniGame):
    def slot_label(self, state, zone):
        return zone.id


class FiguresShowACardCode(MiniGame):
    def status(self, state):
        waste = self.pile(state, "waste").cards
        return [("Waste", self.format_card(waste[-1]) if waste else "none")]


class FiguresAreNotPairs(MiniGame):
    def status(self, state):
        return ["Score: 0"]


class FiguresGiveAwayTheHiddenCard(MiniGame):
    """Its status bar tells the rank of the card under the last column's face-down pile."""

    def status(self, state):
        cards = self.pile(state, "t3").cards
        return [("Below", str(cards[0].rank) if cards else "nothing")]


def kit_lines(game, deals=range(4)):
    for deal in deals:
        rnd = random.Random(deal)
        check_line(game, deal, {"draw": 1}, 30, choose=rnd.randrange, rnd=rnd)


@pytest.mark.parametrize("broken, problem", [
    (LabelsSlotsWithIds(), r"the label of zone f1 \('f1'\) shows notation"),
    (FiguresShowACardCode(), r"the status figure 'Waste' .* shows notation"),
    (FiguresAreNotPairs(), r"not a list of \(name, value\) pairs"),
    (FiguresGiveAwayTheHiddenCard(), r"changes with the order of the face-down cards"),
], ids=lambda value: None if isinstance(value, str) else type(value).__name__)
def test_the_kit_refuses_labels_and_figures_that_show_notation(broken, problem):
    with pytest.raises(ConformanceError, match=problem):
        kit_lines(broken)


def test_the_sound_mini_game_passes_the_table_words_check(game):
    kit_lines(game)


# --- a damaged save -------------------------------------------------------------------------------------
def saved(game, moves):
    session = Session(game, 1, {"draw": 1})
    for text in moves:
        session.play(game.parse_move(session.state, text))
    return session.to_json()


def load(game, data) -> SaveError:
    with pytest.raises(SaveError) as refused:
        Session.from_json(data, {game.id: game})
    return refused.value


def test_a_save_whose_move_is_refused_says_so_in_words(game):
    """The table's words name the move by its number and give the rule's reason; the
    detail for the command line keeps the move text."""
    data = saved(game, [])
    state = game.new(1, draw=1)
    bad = next(Move(a, b) for a in ("t1", "t2", "t3") for b in ("t1", "t2", "t3", "f1")
               if a != b and Move(a, b) not in game.legal_moves(state))
    with pytest.raises(IllegalMove) as illegal:
        game.apply(state, bad)
    data["moves"], data["position"] = [game.format_move(bad)], 1
    error = load(game, data)
    assert error.said == f"move 1 of the save cannot be played: {illegal.value.reason}"
    assert game.format_move(bad) in str(error) and notation_in(game, state, error.said) is None


@pytest.mark.parametrize("change, said", [
    (lambda d: d.update(moves=["t1 to t2"], position=1),
     "move 1 of the save cannot be played: it is not a move of this game"),
    (lambda d: d.update(options={"draw": 5}), "the options it was played with are not this game's"),
    (lambda d: d.update(game="spider"), "the save is of the game 'spider', which is not installed"),
    (lambda d: d.update(format="other"), "the file is not a saved game"),
    (lambda d: d.update(version=99), "the save was written by another version of the program"),
    (lambda d: d.update(moves="draw"), "the file is damaged"),
    (lambda d: d.update(start="mini\nt1: ZZ\n"), "its starting position is not one this game can set up"),
], ids=["unparsed move", "options", "game", "format", "version", "moves", "start"])
def test_every_damaged_save_is_said_in_words(game, change, said):
    data = saved(game, ["draw"])
    change(data)
    error = load(game, data)
    assert error.said == said
    assert notation_in(game, game.new(1, draw=1), error.said) is None


def test_a_file_that_is_no_save_names_only_the_file(game, tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("not json", encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        Session.load(path, {game.id: game})
    assert refused.value.said == "the file is not a saved game"
    with pytest.raises(SaveError) as refused:
        Session.load(tmp_path / "nowhere.json", {game.id: game})
    assert refused.value.said == "the program cannot read it (No such file or directory)"


def test_a_save_error_without_words_of_its_own_says_its_detail():
    assert SaveError("the disk is full").said == "the disk is full"

