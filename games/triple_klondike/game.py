"""Triple Klondike: Double Klondike with three packs (rules.md amends its rules)."""

from __future__ import annotations

from games.double_klondike import DoubleKlondike
from solitaire_core import french_deck
from solitaire_core.i18n import N_


class TripleKlondike(DoubleKlondike):
    id = "triple-klondike"
    name = N_("Triple Klondike")
    deck = french_deck(decks=3)  # rule 1.1
    zones = DoubleKlondike.layout(13, 12, step=1.05)  # rules 2.1, 13.2
    options = DoubleKlondike.options[1:]  # the stock's draw option comes with the zones
    table = (16.3, 9.5)
