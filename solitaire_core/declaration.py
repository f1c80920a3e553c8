"""The check of a pile game's declaration when it loads: what a typo there would
otherwise turn into a crash at the table, said once, in ``solitaire list`` and the
app's notice, with the zone it is about."""

from __future__ import annotations

from collections import Counter

from .errors import NotationError
from .zones import Role

_ROLES = ", ".join(role.value for role in Role)


def problem(game, deal: int) -> str | None:
    """Why ``game``'s zones or deal cannot be played, or None."""
    ids = Counter(zone.id for zone in game.zones)
    twice = [zone_id for zone_id, n in ids.items() if n > 1]
    if twice:
        return f"game {game.id!r}: two zones are named {twice[0]!r}"
    for zone in game.zones:
        if zone.role not in Role.__members__.values():
            return f"game {game.id!r}: zone {zone.id!r} has the role {zone.role!r}; a role is one of {_ROLES}"
        named = [("deal_to", t) for t in zone.targets if t] + [("covered_by", c) for c in zone.covered_by]
        named += [("refill", zone.refill)] if zone.refill else []
        for field, other in named:
            if other not in ids:
                return f"game {game.id!r}: zone {zone.id!r} names {other!r} in {field}, and no zone has that id"
    if game.pairs is not None and game.pairs_to not in ids:
        return f"game {game.id!r}: pairs go to {game.pairs_to!r}, and no zone has that id"
    try:
        game.check_cards(game.new(deal))
    except NotationError as exc:
        return f"game {game.id!r}: deal {deal} does not place every card of the deck exactly once ({exc})"
    return None
