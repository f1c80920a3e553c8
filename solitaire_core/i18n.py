"""The marker of every text a player reads, for the translation layer to come.

``_("Move {card} onto {target}")`` returns its text unchanged today,
``ngettext(one, many, n)`` picks the singular or plural form English needs, and
``N_(text)`` marks a text kept as data (a zone's name template) that ``_``
translates when it is used.
Catalogs come later (gettext, extracted with Babel): these two become the
catalog's lookups, and nothing that calls them changes. A text is marked
where it is used, at run time, so the language can change while the program
runs; fields are named (``{card}``, ``{zone}``) so a translation may reorder them.
"""

from __future__ import annotations


def _(text: str) -> str:
    """The text in the player's language (today: English, unchanged)."""
    return text


def ngettext(one: str, many: str, n: int) -> str:
    """The form of a text for ``n`` things (today: English's two forms)."""
    return one if n == 1 else many


def N_(text: str) -> str:
    """Mark ``text`` for the catalog without translating it: a template stored as
    data, passed through ``_`` where it is used."""
    return text
