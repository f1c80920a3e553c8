"""Declared game options: a game lists them, the engine checks every value.

Values given as text (command line ``-o draw=3``, saves, settings) are matched
against the allowed values' text, so ``"3"`` selects the integer 3. A label
and a value that is text are words a player reads, marked with ``N_``: the
Options dialog shows them translated, and keeps the value's text.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from attrs import frozen

from .errors import OptionError
from .i18n import N_, _
from .inputs import quote

TEXT_TYPES = (str, int, float)  # values matched by their text; anything else only by equality


@frozen
class Choice:
    """An option with a fixed list of values; the first is the default unless given."""

    name: str
    values: tuple
    default: Any = None
    label: str = ""  # what the Options dialog shows, marked with N_

    def __attrs_post_init__(self):
        if self.default is None:
            object.__setattr__(self, "default", self.values[0])
        if self.default not in self.values:
            raise OptionError(_("default {value} of option {option} is not allowed").format(
                value=repr(self.default), option=repr(self.name)))

    def coerce(self, value: Any) -> Any:
        """The allowed value ``value`` is or spells; a list or object (from a file) never matches."""
        text = str(value) if isinstance(value, TEXT_TYPES) else None
        for allowed in self.values:
            if value == allowed or text == str(allowed):
                return allowed
        allowed = ", ".join(str(v) for v in self.values)
        raise OptionError(_("option {option} takes {allowed}; not {value}").format(
            option=repr(self.name), allowed=allowed, value=quote(value)))


def Switch(name: str, default: str = "off", label: str = "") -> Choice:
    """An on/off option."""
    return Choice(name, (N_("off"), N_("on")), default, label)


def resolve(declared: Iterable[Choice], given: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Every declared option with its value (given or default), in declared order."""
    declared = tuple(declared)
    names = {o.name for o in declared}
    unknown = sorted(set(given) - names)
    if unknown:
        known = ", ".join(sorted(names)) or _("none")
        raise OptionError(_("unknown option {option} (options: {known})").format(option=quote(unknown[0]), known=known))
    return tuple((o.name, o.coerce(given[o.name]) if o.name in given else o.default) for o in declared)


def parse_assignments(items: Iterable[str]) -> dict[str, str]:
    """Turn ``["draw=3", "passes=1"]`` into a dict; a missing ``=`` is an error."""
    result = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise OptionError(_("option {option} must be written name=value").format(option=quote(item)))
        result[name.strip()] = value.strip()
    return result
