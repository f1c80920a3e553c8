"""French names carry their article ("le talon", "la colonne 3", "le 10♥"), so a French
sentence never puts "de" or "à" right before one: "de le talon" must read "du talon",
which a template cannot know. Sentences put the name where no contraction is due."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted(ROOT.glob("solitaire_core/locale/fr/LC_MESSAGES/messages.po")) + \
    sorted(ROOT.glob("games/*/locale/fr/LC_MESSAGES/messages.po"))
NAMED = "zone|src|dst|stack|other|card|cards|host|side|place|foundation|column"
CONTRACTED = re.compile(rf"\b(de|à) \{{({NAMED})\}}", re.IGNORECASE)


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_french_sentence_needs_a_contraction_before_a_name(catalog):
    bad = [line for line in catalog.read_text(encoding="utf-8").splitlines()
           if line.startswith("msgstr") and CONTRACTED.search(line)]
    assert not bad, f"{catalog}: a name with its article after de/à: {bad}"


def test_the_check_sees_a_contraction():
    assert CONTRACTED.search('msgstr "Seule la carte du dessus de {zone} peut bouger"')
