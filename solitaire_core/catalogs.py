"""Whether a translation catalog is complete: the kit's check, with Babel.

A package's catalog for a language (``<package>/locale/<lang>/LC_MESSAGES/messages.po``)
is complete when every text marked in its sources (``_``, ``ngettext``, ``pgettext``,
``N_``) has a translation that is neither empty nor fuzzy, keeps every field of the
English (``{card}``, ``{count}``: a lost one would fail or mislead at run time), and
the compiled ``.mo`` beside it says the same. What it says names the Babel command that
mends it, which works for any package (a plugin's author has no Makefile; the framework's
``make catalogs`` runs the same commands).
Only this module, the tests and ``make catalogs`` use Babel; the program reads ``.mo``
files with the standard library (``i18n``).
"""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path
from typing import Iterable

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from .i18n import DOMAIN

KEYWORDS = {**DEFAULT_KEYWORDS, "pgettext": ((1, "c"), 2)}


def catalog_path(package_dir: Path, language: str, suffix: str = ".po") -> Path:
    return Path(package_dir) / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def marked(sources: Iterable[Path]) -> dict[tuple, tuple[str, ...]]:
    """Every text marked in ``sources`` (folders of Python files): (context, English) -> its forms."""
    found = {}
    for folder in sources:
        for _file, _line, message, _comments, context in extract_from_dir(
                str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS):
            forms = message if isinstance(message, tuple) else (message,)
            found[(context, forms[0])] = forms
    return found


PERCENT_FIELD = re.compile(r"%(?:\((\w+)\))?[sdr]")  # argparse's own templates: "%(type)s", "%s"


def fields(text: str) -> set[str]:
    """The fields of a template: named ones ("{card}", "{count:,}" -> "card", "count") and
    %-style ones ("%(type)s" -> "%(type)", the k-th bare "%s" -> "%k")."""
    found = {f"%({name})" if name else f"%{k}" for k, name in enumerate(m.group(1) for m in PERCENT_FIELD.finditer(text))}
    try:
        return found | {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
                        if name is not None}
    except ValueError:  # a brace that opens no field: not a brace template
        return found


def shown(field: str) -> str:
    return field if field.startswith("%") else "{" + field + "}"


def field_problems(english: tuple[str, ...], translated: tuple[str, ...]) -> list[str]:
    """What a translation's forms lose or add of the English fields."""
    problems = []
    allowed = set().union(*(fields(e) for e in english))
    for k, form in enumerate(translated):
        source = english[min(k, len(english) - 1)]
        lost, added = fields(source) - fields(form), fields(form) - allowed
        # A singular form may say "one" in words instead of {count}, as the English one does.
        if len(english) > 1 and k == 0:
            lost -= {"count", "n"}
        if lost:
            problems.append(f"loses {', '.join(shown(f) for f in sorted(lost))}")
        if added:
            problems.append(f"adds {', '.join(shown(f) for f in sorted(added))}")
    return problems


def problems(package_dir: Path, sources: Iterable[Path], language: str) -> list[str]:
    """Everything that keeps ``package_dir``'s catalog in ``language`` from being complete,
    one line each naming the text; [] when it is complete."""
    path = catalog_path(package_dir, language)
    with open(path, "rb") as file:
        catalog = read_po(file)
    wanted = marked(sources)
    said = []
    for (context, english), forms in sorted(wanted.items(), key=lambda item: (item[0][0] or "", item[0][1])):
        where = f"{english!r}" + (f" (context {context!r})" if context else "")
        message = catalog.get(forms if len(forms) > 1 else english, context=context)
        if message is None:
            said.append(f"{path}: no entry for {where}")
            continue
        translated = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(translated):
            said.append(f"{path}: {where} is not translated" + (" (fuzzy)" if message.fuzzy else ""))
            continue
        said += [f"{path}: the translation of {where} {problem}" for problem in field_problems(forms, translated)]
    kept = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}
    locale = path.parents[2]
    said += [f"{path}: {english!r} is no longer marked in the code (pybabel update -d {locale} "
             f"-i {locale / 'messages.pot'}, after pybabel extract, drops it)"
             for context, english in sorted(kept - set(wanted), key=lambda k: (k[0] or "", k[1]))]
    return said + _compiled_problems(path, catalog)


def _compiled_problems(path: Path, catalog) -> list[str]:
    """The .mo the program reads must say what the .po says."""
    compiled = path.with_suffix(".mo")
    if not compiled.is_file():
        return [f"{compiled}: missing (pybabel compile -d {path.parents[2]} compiles it)"]
    with open(compiled, "rb") as file:
        table = gettext.GNUTranslations(file)._catalog
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if message.context:
            key = f"{message.context}\x04{key}"
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        have = tuple(table.get((key, k)) for k in range(len(forms))) if isinstance(message.id, tuple) \
            else (table.get(key),)
        if have != forms and any(forms):
            return [f"{compiled}: older than {path.name} (pybabel compile -d {path.parents[2]} compiles it again)"]
    return []
