"""The table: zones where rules 2.5 and 2.6 put them, locked Excuses labelled (5.1), every card inside."""

from solitaire_core.scene import CARD_HEIGHT

SUIT_RUN = "KH QS NH JS 10H 9S 8H 7S 6H 5S 4H 3S 2H AS"
OTHER_RUN = "KC QD NC JD 10C 9D 8C 7D 6C 5D 4C 3D 2C AD"


def inside(scene):
    return all(-1e-9 <= p.x and p.x + 1.0 <= scene.width + 1e-9 and -1e-9 <= p.y
               and p.y + CARD_HEIGHT <= scene.height + 1e-9 for p in scene.cards)


def test_rule_2_5_to_2_6_layout_and_labels(game):
    scene = game.scene(game.new(617))
    slots = {s.zone: s for s in scene.slots}
    assert slots["waste"].x < slots["excuse"].x < slots["f1"].x and slots["excuse"].y == slots["f1"].y
    assert slots["t8"].x == slots["f5"].x == max(s.x for s in scene.slots)
    assert slots["excuse"].label == "Excuse" and slots["t8"].label == "trumps" and slots["f5"].label == "I"
    assert slots["stock"].label == "5 redeals left"
    assert len(scene.cards) == 78 and inside(scene)


def test_rule_5_1_the_table_shows_what_a_locked_excuse_stands_for(game, position):
    for column, label, index in (("7S EX:6R", "6 red", "6R"), ("NH EX:JB", "J black", "JB"),
                                 ("T12 EX:T11", "XI", "XI"), ("EX:?", "K / XXI", "\u2605"),
                                 ("EX:KB QH", "K black", "KB"), ("8S EX:7R 6C", "7 red", "7R")):
        state = position(t1=column)
        excuse = next(p for p in game.scene(state).cards if p.code.startswith("EX"))
        assert [band.text for band in excuse.face.bands] == ["= " + label] and excuse.face_up
        assert excuse.face.corner.text == index  # what a covered Excuse still shows
    free = next(p for p in game.scene(game.new(1)).cards if p.zone == "excuse")
    assert free.code == "EX" and free.face.bands == () and free.face.corner.text == "\u2605"


def test_long_runs_in_all_eight_columns_are_squeezed_inside_the_table(game, position):
    trumps = " ".join(f"T{n}" for n in range(21, 0, -1))
    state = position(t1="(NS) (KD) (QC) (QH) (KS) (ND) " + SUIT_RUN, t2=OTHER_RUN, t8=trumps)
    scene = game.scene(state)
    assert inside(scene)
    t8 = [p.y for p in scene.cards if p.zone == "t8"]
    assert len(t8) == 21 and all(b > a for a, b in zip(t8, t8[1:]))  # squeezed, still fanned
    assert t8[-1] + CARD_HEIGHT <= scene.height + 1e-9
