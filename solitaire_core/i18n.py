"""The player's language: gettext catalogs, the framework's and each game's.

A text is marked where it is made and looked up when it is used, so the
language can change while the program runs: ``_("Move {cards} onto {target}")``,
``ngettext(one, many, n)``, ``pgettext(context, text)`` for a short text whose
meaning needs a hint ("K" the rank), and ``N_(text)`` for a text kept as data
(a zone's name, an option's label) that ``_`` translates where it is shown.
Fields are named (``{card}``, ``{zone}``) so a translation may reorder them.

Catalogs are standard gettext ones (``.po`` made and kept with Babel, compiled
to ``.mo``: docs/architecture.md, Languages). The framework's, for the engine,
the command line and the table, is ``solitaire_core/locale/<lang>/LC_MESSAGES/
messages.mo``; a game ships its own the same way in its package, and the
registry adds it (``add_package``) when it loads the game. A lookup tries the
framework's catalog, then the games' in the order they were added, and falls
back to the English text.

The language is the system's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, as gettext reads them) unless ``set_language`` chose one.
"""

from __future__ import annotations

import gettext
import importlib.resources
import io
import os
import sys
from pathlib import Path

DOMAIN = "messages"
FRAMEWORK = "solitaire_core"
ENGLISH = "en"
# What the language choice offers, each named in its own language.
LANGUAGES = {ENGLISH: "English", "fr": "Fran\u00e7ais"}
SYSTEM_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

MO_LIMIT = 16 << 20  # bytes of a compiled catalog: the framework's is about 100 KB
_said: set[str] = set()  # catalogs that could not be read, said once each
_packages: list[str] = [FRAMEWORK]
_chosen: str | None = None  # None: the system's
_current: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH


def _(text: str) -> str:
    """``text`` in the player's language (English when no catalog has it)."""
    return _current.gettext(text)


def ngettext(one: str, many: str, n: int) -> str:
    """The form of a text for ``n`` things, by the language's plural rule."""
    return _current.ngettext(one, many, n)


def pgettext(context: str, text: str) -> str:
    """``text`` as meant in ``context`` ("card rank", "K"): short texts that would clash."""
    return _current.pgettext(context, text)


def N_(text: str) -> str:
    """Mark ``text`` for the catalog without translating it: a template stored as
    data, passed through ``_`` where it is used."""
    return text


# --- which language ------------------------------------------------------------------
def locale_dir(package: str) -> Path | None:
    """Where ``package`` keeps its catalogs (``<package>/locale``), or None."""
    try:
        folder = Path(str(importlib.resources.files(package).joinpath("locale")))
    except (ModuleNotFoundError, TypeError, ValueError):
        return None
    return folder if folder.is_dir() else None


def system_languages(environ=os.environ) -> list[str]:
    """The languages the system asks for, most wanted first ("fr_FR", "fr"), as gettext
    reads them: the first variable set wins; "C" and "POSIX" mean none."""
    for name in SYSTEM_VARIABLES:
        value = environ.get(name)
        if value:
            break
    else:
        return []
    wanted = []
    for item in value.split(":") if name == "LANGUAGE" else [value]:
        code = item.split(".", 1)[0].split("@", 1)[0]
        if code in ("", "C", "POSIX"):
            continue
        wanted += [code, code.split("_", 1)[0]]
    return list(dict.fromkeys(wanted))


def _catalog(package: str, languages: list[str]) -> gettext.GNUTranslations | None:
    """``package``'s catalog in the first of ``languages`` it has, read as every outside file
    is (``inputs.read_bytes``: a regular file, at most ``MO_LIMIT`` bytes); None for English.
    One that cannot be read (empty, damaged, a link to a device) is said once on stderr."""
    folder = locale_dir(package)
    if folder is None or not languages:
        return None
    path = gettext.find(DOMAIN, str(folder), languages=languages)
    if path is None:  # no catalog in those languages: English
        return None
    from .inputs import read_bytes  # inputs speaks through this module: imported when first needed
    try:
        return gettext.GNUTranslations(io.BytesIO(read_bytes(path, MO_LIMIT)))
    except Exception as exc:  # noqa: BLE001 - a catalog is data: whatever is wrong with it, English
        if path not in _said:
            _said.add(path)
            print("solitaire: " + _("cannot read the catalog {path} ({error}); its texts stay in English").format(
                path=path, error=f"{type(exc).__name__}: {exc}"), file=sys.stderr)
        return None


def _rebuild() -> None:
    global _current, _language
    wanted = [_chosen] if _chosen else system_languages()
    if ENGLISH in wanted[:1]:
        wanted = []
    found = [c for c in (_catalog(p, wanted) for p in _packages) if c is not None]
    chain: gettext.NullTranslations = gettext.NullTranslations()
    for catalog in reversed(found):
        catalog.add_fallback(chain)
        chain = catalog
    main = _catalog(FRAMEWORK, wanted)
    _language = main.info().get("language", ENGLISH).split("_")[0] if main is not None else ENGLISH
    _current = chain


def set_language(code: str | None) -> None:
    """Speak ``code`` ("fr", "en") from now on; None: the system's language."""
    global _chosen
    _chosen = code or None
    _rebuild()


def language() -> str:
    """The language texts are in now ("en" when no catalog answers)."""
    return _language


def add_package(package: str) -> None:
    """Look up texts in ``package``'s own catalog too (a game's, found through its package)."""
    if package not in _packages:
        _packages.append(package)
        _rebuild()


_rebuild()
