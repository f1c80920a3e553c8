"""The check of a pile game's declaration when it loads: what a typo there would
otherwise turn into a crash at the table, said once, in ``solitaire list`` and the
app's notice, with the zone it is about (in the player's language; the ids and
field names quoted stay the declaration's own)."""

from __future__ import annotations

from collections import Counter

from .errors import NotationError
from .i18n import _
from .zones import Role

_ROLES = ", ".join(role.value for role in Role)


def problem(game, deal: int) -> str | None:
    """Why ``game``'s zones or deal cannot be played, or None."""
    said = repr(game.id)
    ids = Counter(zone.id for zone in game.zones)
    twice = [zone_id for zone_id, n in ids.items() if n > 1]
    if twice:
        return _("game {game}: two zones are named {zone}").format(game=said, zone=repr(twice[0]))
    for zone in game.zones:
        if zone.role not in Role.__members__.values():
            return _("game {game}: zone {zone} has the role {role}; a role is one of {roles}").format(
                game=said, zone=repr(zone.id), role=repr(zone.role), roles=_ROLES)
        named = [("deal_to", t) for t in zone.targets if t] + [("covered_by", c) for c in zone.covered_by]
        named += [("refill", zone.refill)] if zone.refill else []
        for field, other in named:
            if other not in ids:
                return _("game {game}: zone {zone} names {other} in {field}, and no zone has that id").format(
                    game=said, zone=repr(zone.id), other=repr(other), field=field)
        roles = {role.value for role in Role}
        unknown = [z for z in zone.takes_from if z not in ids and z not in roles]
        if unknown:
            return _("game {game}: zone {zone} names {other} in takes_from, and no zone has that id or role").format(
                game=said, zone=repr(zone.id), other=repr(unknown[0]))
        if zone.action is not None and not any(z.role == zone.action.role for z in game.zones):
            return _("game {game}: the action of zone {zone} acts on the zones of role {role}, and there are none").format(
                game=said, zone=repr(zone.id), role=repr(zone.action.role))
        if zone.pulls and game.stock_index is not None and game.zones[game.stock_index].redeals is None:
            return _("game {game}: zone {zone} lets cards be pulled once the stock has no pass left, and its "
                     "passes have no limit: give the stock a number of redeals").format(game=said, zone=repr(zone.id))
    options = {option.name for option in game.options}
    shared = [name for name in game.counters if name in options]
    if shared:
        return _("game {game}: the counter {name} has the name of an option, and a position's text would read "
                 "one for the other: name the counter otherwise in extra_values").format(game=said, name=repr(shared[0]))
    if game.pairs is not None and game.pairs_to not in ids:
        return _("game {game}: pairs go to {zone}, and no zone has that id").format(game=said, zone=repr(game.pairs_to))
    try:
        game.check_cards(game.new(deal))
    except NotationError as exc:
        return _("game {game}: deal {deal} does not place every card of the deck exactly once ({error})").format(
            game=said, deal=deal, error=exc)
    return None
