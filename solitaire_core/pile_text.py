"""Position text of a pile game (docs/notation.md): a zone a line, face-down cards in
brackets, options and the counters the game keeps as ``@name value`` lines."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .errors import NotationError
from .i18n import _
from .inputs import quote, shorten
from .options import resolve
from .state import Pile, State
from .zones import FACES_DOWN, FACES_UP

# Counters the engine keeps for a pile game that uses them (``PileGame.counters``).
BASE_VALUES = ("redeals", "score", "shown")


class PileText:
    """The position text half of ``PileGame``."""

    def format_position(self, state: State) -> str:
        lines = [f"# {self.name}"]
        lines += [f"@{name} {value}" for name, value in state.options]
        lines += [f"@{name} {value}" for name, value in state.values]
        for zone, pile in zip(self.zones, state.piles):
            codes = [
                f"({self.format_card(c)})" if k < pile.down else self.format_card(c)
                for k, c in enumerate(pile.cards)
            ]
            lines.append(f"{zone.id}: {' '.join(codes)}".rstrip())
        return "\n".join(lines) + "\n"

    def parse_position(self, text: str, **options: Any) -> State:
        given = dict(options)
        from_text: dict[str, str] = {}
        values: dict[str, int] = {}
        piles: dict[str, Pile] = {}
        option_names = {o.name for o in self.options}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("@"):
                name, _space, value = line[1:].partition(" ")
                value = value.strip()
                if name in option_names:
                    from_text[name] = value
                elif name in self.counters or name in BASE_VALUES:
                    try:
                        count = int(value)
                    except ValueError:
                        raise NotationError(_("line {number}: {setting} needs a whole number, not {value}").format(
                            number=number, setting=f"@{name}", value=quote(value))) from None
                    if name in self.counters:
                        values[name] = count
                    elif count:  # texts of older versions wrote every base counter, at 0 where unused
                        raise NotationError(_("line {number}: {game} keeps no {setting}").format(
                            number=number, game=self.name, setting=f"@{name}"))
                else:
                    raise NotationError(_("line {number}: unknown setting {setting}").format(
                        number=number, setting=f"@{shorten(name)}"))
                continue
            zone_id, sep, rest = line.partition(":")
            zone_id = zone_id.strip()
            if not sep or zone_id not in self.index:
                raise NotationError(_("line {number}: expected 'zone: cards', with a zone of {game}").format(
                    number=number, game=self.name))
            if zone_id in piles:
                raise NotationError(_("line {number}: zone {zone} is listed twice").format(number=number, zone=zone_id))
            piles[zone_id] = self._parse_pile(rest.split(), number)
        for name, value in from_text.items():
            asked = given.get(name)
            if name in given and (not isinstance(asked, (str, int, float)) or str(asked) != value):
                shown = shorten(str(asked)) if isinstance(asked, (str, int, float)) else quote(asked)
                raise NotationError(_("option {option} is {value} in the text but {asked} was asked").format(
                    option=name, value=shorten(value), asked=shown))
            given.setdefault(name, value)
        missing = [z.id for z in self.zones if z.id not in piles]
        if missing:
            raise NotationError(_("zone {zone} is missing (list empty zones as '{zone}:')").format(zone=missing[0]))
        state = State(tuple(piles[z.id] for z in self.zones), (), resolve(self.options, given))
        state = state.with_values(**{**self.initial_values(state), **values})
        self.check_faces(state)
        self.check_cards(state)
        return state

    def check_faces(self, state: State) -> None:
        """No card lies the other way up from how its zone holds every card (``Zone.faces``):
        a stock is all face down, a waste and a foundation all face up."""
        for zone, pile in zip(self.zones, state.piles):
            if zone.faces == FACES_DOWN and pile.down < len(pile.cards):
                code = self.format_card(pile.cards[pile.down])
                raise NotationError(_("zone {zone}: {code} lies face up, but every card of "
                                      "{name} lies face down (write ({code}))").format(
                    zone=zone.id, code=code, name=self.zone_name(zone.id)))
            if zone.faces == FACES_UP and pile.down:
                code = self.format_card(pile.cards[0])
                raise NotationError(_("zone {zone}: ({code}) lies face down, but every card of "
                                      "{name} lies face up (write {code})").format(
                    zone=zone.id, code=code, name=self.zone_name(zone.id)))
        for zone, pile, covering in zip(self.zones, state.piles, self._covering):
            # A covered card that turns up when uncovered (TriPeaks) lies face down exactly while covered.
            if covering and zone.flip and pile.cards:
                covered = any(state.piles[c].cards for c in covering)
                if covered != (pile.down == len(pile.cards)):
                    code = self.format_card(pile.cards[-1])
                    raise NotationError((_("zone {zone}: {code} lies face up but is covered") if covered else
                                         _("zone {zone}: ({code}) lies face down but is not covered")).format(
                        zone=zone.id, code=code))

    def _parse_pile(self, tokens: list[str], number: int) -> Pile:
        cards, down = [], 0
        for token in tokens:
            if token.startswith("(") and token.endswith(")"):
                if down != len(cards):
                    raise NotationError(_("line {number}: face-down {card} lies on a face-up card").format(
                        number=number, card=shorten(token)))
                cards.append(self.parse_card(token[1:-1]))
                down += 1
            else:
                cards.append(self.parse_card(token))
        return Pile(tuple(cards), down)

    def check_cards(self, state: State) -> None:
        """A position must hold exactly the game's cards."""
        have = Counter(self.identity(c) for p in state.piles for c in p.cards)
        want = Counter(self.identity(c) for c in self.cards_for(dict(state.options)))
        extra, missing = have - want, want - have
        if extra:
            card = next(iter(extra))
            raise NotationError(_("card {card} is there more often than the pack holds").format(card=card.code))
        if missing:
            raise NotationError(_("card {card} is missing").format(card=next(iter(missing)).code))

    def identity(self, card):
        """A card as the pack knows it (a wild card without what it stands for)."""
        return card

