"""Russian Solitaire: Yukon built down in suit (rules.md amends Yukon's rules)."""

from __future__ import annotations

from games.yukon import Yukon
from solitaire_core.i18n import N_
from solitaire_core.rules import down, same_suit


class RussianSolitaire(Yukon):
    id = "russian"
    name = N_("Russian Solitaire")
    zones = Yukon.layout(down & same_suit)  # rule 3.1

    def is_safe(self, state, card):
        """Every card that may go up is safe (rule 10.1 gives the argument)."""
        return True
