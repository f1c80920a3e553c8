"""Rule 11.12: one Vegas account per draw count, never split by the passes (which Vegas
sets itself), through the records layer as the app uses it (directly and through the outbox)."""

from solitaire_core.records import Store, record_session
from solitaire_core.records.finish import session_record
from solitaire_core.records.outbox import Outbox, new_uid
from solitaire_core.session import Session


def vegas(game, draw, passes, moves=1):
    session = Session(game, 7, {"draw": draw, "passes": passes, "scoring": "vegas", "vegas_total": "on"})
    for _ in range(moves):
        session.play(game.parse_move(session.state, "draw"))
    return session


def test_rule_11_12_one_account_per_draw_count_whatever_the_passes(game, tmp_path):
    with Store(tmp_path / "records.sqlite3") as store:
        for passes in ("unlimited", 3, 1):
            record_session(store, vegas(game, 1, passes))
        record_session(store, vegas(game, 3, "unlimited"))
        assert store.running_totals("klondike") == [("klondike", (("draw", 1),), -156),
                                                    ("klondike", (("draw", 3),), -52)]
        for passes in ("unlimited", 3, 1):  # every one of them reads the same account
            state = vegas(game, 1, passes).state
            assert store.running_total("klondike", game.running_total_options(state), "vegas_total") == -156
        # the statistics still tell the option sets apart
        assert len({r.options for r in store.records("klondike")}) == 4


def test_rule_11_12_the_account_travels_with_a_record_through_the_outbox(game, tmp_path):
    outbox = Outbox(tmp_path / "outbox")
    for passes in ("unlimited", 1):
        outbox.put(*session_record(vegas(game, 1, passes), uid=new_uid()))
    with Store(tmp_path / "records.sqlite3") as store:
        assert len(outbox.deliver(store)) == 2
        assert store.running_totals("klondike") == [("klondike", (("draw", 1),), -104)]


def test_rule_11_12_the_account_is_the_draw_count_only(game):
    for scoring in ("standard", "vegas", "none"):
        state = game.new(1, draw=3, passes=1, scoring=scoring, vegas_total="on")
        assert game.running_total_options(state) == {"draw": 3}
