"""What Solitarot says to a player: tarot cards, the Excuse and its own zones, in words."""

import pytest

from solitaire_core import IllegalMove, Move, i18n
from solitaire_core.registry import load_games
from solitaire_core.testing import notation_in


def card(game, code):
    return game.card_name(game.parse_card(code))


def said(game, state, text):
    return game.describe_move(state, game.parse_move(state, text))


def test_tarot_cards_are_named_as_players_read_them(game):
    assert [card(game, c) for c in ("7S", "NH", "QD", "KC", "T11", "T21")] == [
        "the 7\u2660", "the Knight\u2665", "the Q\u2666", "the K\u2663", "trump XI", "trump XXI"]


def test_the_excuse_is_named_by_what_it_stands_for(game):
    assert [card(game, c) for c in ("EX", "EX:6R", "EX:KB", "EX:NR", "EX:T11", "EX:?")] == [
        "the Excuse", "the Excuse (as a red 6)", "the Excuse (as a black King)", "the Excuse (as a red Knight)",
        "the Excuse (as trump XI)", "the wild Excuse"]


def test_its_own_zones_have_their_own_names(game):
    assert [game.zone_name(z) for z in ("excuse", "f4", "f5", "t7", "t8")] == [
        "the Excuse's place", "Foundation 4", "the trump foundation", "Column 7", "the trumps column"]


def test_placing_the_excuse_says_what_it_stands_for(game, position):
    state = position(t1="(3C) 7S", t3="T12")
    assert said(game, state, "excuse>t1") == "Put the Excuse on the 7\u2660: it stands for a red 6"
    assert said(game, state, "excuse>t3") == "Put the Excuse on trump XII: it stands for trump XI"
    assert said(game, state, "excuse>t2") == "Put the Excuse on Column 2: there it is wild, a King or trump XXI"
    assert all(notation_in(game, state, game.describe_move(state, m)) is None for m in game.legal_moves(state))


@pytest.mark.parametrize("difficulty, where", [("medium", "goes under the stock"), ("hard", "leaves the game")])
def test_a_card_taking_the_excuses_place_says_so(game, position, difficulty, where):
    state = position(difficulty, t1="7S EX:6R", waste="6H")
    assert said(game, state, "waste>t1") == f"Put the 6\u2665 in place of the Excuse (as a red 6); the Excuse {where}"


def test_a_queen_on_the_wild_excuse_says_what_it_becomes(game, position):
    state = position(t2="EX:?", waste="QH")
    assert said(game, state, "waste>t2") == "Move the Q\u2665 onto the wild Excuse: it becomes a black King"


def test_refusals_name_the_excuse_and_never_a_face_down_card(game, position):
    state = position(t1="(7H)", t2="AS")
    assert game.why_illegal(state, Move("excuse", "t1")).startswith("The top card of Column 1 is face down")
    assert card(game, "7H") not in game.why_illegal(state, Move("excuse", "t1"))
    assert game.why_illegal(state, Move("excuse", "t2")) == \
        "The Excuse cannot go on the A\u2660: nothing is one lower (rule 8.6)"
    assert game.why_illegal(state, Move("excuse", "f1")) == "The Excuse never goes to a foundation (rule 8.6)"
    assert game.why_illegal(state, Move("excuse", "t8")) == \
        "The Excuse is no trump: it cannot start the trumps column (rule 8.6)"
    with pytest.raises(IllegalMove, match="The wild Excuse stays where it is"):
        game.apply(position(t3="EX:?"), Move("t3", "t4"))


def test_its_own_words_and_the_knights_letter_come_from_its_own_catalog():
    """The tarot's nouns live in the game's package, not the engine's: in French the Knight's
    corner reads C (Cavalier), a trump is "l'atout XI", the Excuse "l'Excuse"."""
    game = load_games()["solitarot"]  # loading the game adds its catalog
    i18n.set_language("fr")
    try:
        knight = game.parse_card("NH")
        assert (game.face(knight).corner.text, game.card_name(knight)) == ("C", "le Cavalier\u2665")
        assert [card(game, c) for c in ("T11", "EX")] == ["l'atout XI", "l'Excuse"]
        assert [b.text for b in game.face(game.parse_card("EX:6R")).bands] == ["= 6 rouge"]
    finally:
        i18n.set_language(None)
