"""A rules page in two parts: what a player reads, then the notes for developers.

A game's ``rules.md`` gives the player's rules first and puts what only a developer
needs (the deal algorithm, notation, test vectors, sources) after one level-2
heading, ``## For developers``, to the end of the page. A viewer shows the player's
part and folds the rest away; the page stays one file, readable as it is.
"""

from __future__ import annotations

import re

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
