"""A rules page in two parts: what a player reads, then the notes for developers.

A game's ``rules.md`` gives the player's rules first and puts what only a developer
needs (the deal algorithm, notation, test vectors, sources) after one level-2
heading, ``## For developers``, to the end of the page. A viewer shows the player's
part and folds the rest away; the page stays one file, readable as it is.

A variant of a game (a subclass in another package) ships only its amendments, and
``compose`` lays them over its parent's page: one page, one set of rule numbers, so
a refusal's rule number points at the variant's text where the variant amends it.
"""

from __future__ import annotations

import re
from typing import Callable

from attrs import frozen

DEVELOPER_HEADING = "## For developers"
_DEVELOPER = re.compile(rf"^{re.escape(DEVELOPER_HEADING)}[ \t]*$", re.MULTILINE)


@frozen
class RulesPage:
    player: str     # from the top of the page to the developer heading
    developer: str  # from the developer heading (included) to the end; "" when there is none


def split(text: str) -> RulesPage:
    """The page cut at its first developer heading (a line of exactly that heading)."""
    match = _DEVELOPER.search(text)
    if match is None:
        return RulesPage(text, "")
    return RulesPage(text[:match.start()].rstrip() + "\n", text[match.start():])


# --- variants: a page of amendments on top of the parent's page ----------------------------------
# A variant's page says, on the line after its title, ``<!-- amends: PARENT_ID -->``
# (invisible where Markdown is rendered). Its sections replace the parent's section of
# the same heading whole; in any other section, each numbered rule (``- **N.M** ...``)
# replaces the parent's rule of that number, and rules of new numbers are added, under
# that section's heading, at the end of the player's part or of the developer notes.
AMENDS = re.compile(r"^<!-- amends: ([a-z][a-z0-9_-]*) -->[ \t]*\n?", re.MULTILINE)
_HEADING = re.compile(r"^#{2,3} .*$", re.MULTILINE)
_ITEM = re.compile(r"^- \*\*(\d+\.\d+)\*\*.*(?:\n(?:[ \t]*\n)*[ \t]+\S.*)*", re.MULTILINE)
_BOLD = re.compile(r"\*\*(\d+\.\d+)\*\*")
_NUMBER = re.compile(r"\*\*(\d+\.\d+)\*\*|^(\d+\.\d+)\s", re.MULTILINE)


def amends(text: str) -> str | None:
    """The id of the game a variant's page amends, or None for a page of its own."""
    match = AMENDS.search(text)
    return match.group(1) if match else None


def numbers(text: str) -> list[str]:
    """The rule numbers a page gives (``**N.M**``, or ``N.M`` opening a line), in order."""
    return [a or b for a, b in _NUMBER.findall(text)]


def _sections(text: str) -> list[list[str]]:
    """[heading line, body] pairs; the first has heading "" (the text before any heading)."""
    cuts = [m.start() for m in _HEADING.finditer(text)]
    parts = [["", text[:cuts[0]] if cuts else text]]
    for start, end in zip(cuts, cuts[1:] + [len(text)]):
        line, _, body = text[start:end].partition("\n")
        parts.append([line.rstrip(), "\n" + body])
    return parts


def compose(parent: str, variant: str, intro: Callable[[list[str], list[str]], str]) -> str:
    """The variant's whole page: ``parent`` (a whole page) with ``variant``'s amendments,
    and under the variant's title ``intro(amended, new)``, the sentence saying which rule
    numbers are the variant's. A section replaced whole must keep every rule number the
    parent's section gave (a refusal may cite it)."""
    title, _, rest = AMENDS.sub("", variant, count=1).partition("\n")
    own = _sections(rest)
    sections = _sections(parent)
    headings = {line: k for k, (line, _) in enumerate(sections) if line}
    known = set(numbers(parent))
    items, added, replaced = {}, [], []
    developer = False
    for line, body in own[1:]:
        developer = developer or line == DEVELOPER_HEADING
        if line in headings:
            old = sections[headings[line]][1]
            lost = set(_BOLD.findall(old)) - set(_BOLD.findall(body))
            if lost:
                raise ValueError(f"{title}: {line!r} drops the parent's rules {sorted(lost)}")
            sections[headings[line]][1] = body
            replaced += [n for n in _BOLD.findall(body) if n in known]
            continue
        found = [(m.group(1), m.group(0)) for m in _ITEM.finditer(body)]
        items.update(found)
        added.append((developer, line, [text for number, text in found if number not in known]))
    text = _ITEM.sub(lambda m: items.get(m.group(1), m.group(0)), "".join(a + b for a, b in sections))
    page = split(text)
    player, notes = page.player, page.developer
    for in_notes, line, fresh in added:
        if fresh:
            block = f"\n{line}\n\n" + "\n".join(fresh) + "\n"
            if in_notes:
                notes = notes.rstrip("\n") + "\n" + block
            else:
                player = player.rstrip("\n") + "\n" + block
    amended = sorted(set(items) & known | set(replaced), key=_order)
    new = sorted(set(items) - known, key=_order)
    body = player[player.index(sections[1][0]):] if len(sections) > 1 else ""  # the parent's title and intro go
    return f"{title}\n\n{intro(amended, new)}\n" + _leading(own[0][1]) + "\n" + body + ("\n" + notes if notes else "")


def _order(number: str) -> tuple[int, int]:
    major, minor = number.split(".")
    return int(major), int(minor)


def _leading(preamble: str) -> str:
    """The variant's own words between its title and its first section, if any."""
    text = preamble.strip()
    return f"\n{text}\n" if text else ""
