"""Double Klondike: Klondike with two packs (rules.md amends Klondike's rules)."""

from __future__ import annotations

from games.klondike import Klondike
from solitaire_core import Choice, french_deck
from solitaire_core.i18n import N_


class DoubleKlondike(Klondike):
    id = "double-klondike"
    name = N_("Double Klondike")
    deck = french_deck(decks=2)  # rule 1.1
    zones = Klondike.layout(9, 8, step=1.15)  # rules 2.1, 13.2
    options = (Klondike.options[1], Choice("scoring", (N_("standard"), N_("none")), label=N_("Scoring")))
    running_total = None  # no Vegas, so no running total (rules 11.8 to 11.12)
    table = (12.8, 9.0)
