"""The figures as text cells: one wording for ``solitaire stats`` and the app's dialog,
in the player's language (an option set by its options' labels and values, as the
Options dialog says them); the store keeps options as data, in no language."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .. import words
from ..i18n import N_, _, ngettext
from .figures import Stats

HEADERS = (N_("Game"), N_("Options"), N_("Played"), N_("Won"), N_("Win %"), N_("Streak"), N_("Longest won"),
           N_("Longest lost"), N_("Best time"), N_("Fewest moves"), N_("Best score"))  # translated where shown
NUMERIC = frozenset(HEADERS[2:])
ALL_OPTIONS = N_("(all)")  # the line over every option set


def options_label(options: tuple | None, game: Any = None) -> str:
    """An option set in words ("Cards drawn from the stock: 3", ``words.option_set``); with
    the game at hand, only what differs from its defaults ("defaults" when nothing does)."""
    if options is None:
        return _(ALL_OPTIONS)
    declared = getattr(game, "options", ())
    defaults = {o.name: o.default for o in declared}
    shown = [(k, v) for k, v in options if k not in defaults or defaults[k] != v]
    return words.option_set(declared, shown) or (_("defaults") if defaults else "-")


def duration_text(seconds: float | None) -> str:
    """``4:05`` or ``1:02:03``; ``-`` when there is none. Whole seconds gone by, as a
    clock shows them: the table's clock and the statistics say the same time."""
    if seconds is None:
        return "-"
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def streak_text(stats: Stats) -> str:
    if stats.winning_streak:
        return ngettext("{count} won", "{count} won", stats.winning_streak).format(count=stats.winning_streak)
    if stats.losing_streak:
        return ngettext("{count} lost", "{count} lost", stats.losing_streak).format(count=stats.losing_streak)
    return "-"


def _number(value) -> str:
    return "-" if value is None else str(value)


def row(stats: Stats, games: Mapping[str, Any] | None = None) -> list[str]:
    """The cells of one line of figures, in the order of ``HEADERS``."""
    game = (games or {}).get(stats.game)
    return [stats.game, options_label(stats.options, game), str(stats.played), str(stats.won),
            words.percent(stats.win_rate, 0) if stats.played else "-", streak_text(stats),
            str(stats.longest_winning_streak), str(stats.longest_losing_streak),
            duration_text(stats.best_time), _number(stats.fewest_moves), _number(stats.best_score)]


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]], numeric=NUMERIC) -> str:
    """Columns padded to their widest cell; numbers to the right. ``headers`` are marked
    texts (``HEADERS``), shown translated."""
    shown = [_(h) for h in headers]
    widths = [max(len(str(c)) for c in column) for column in zip(shown, *rows)]

    def line(cells):
        return "  ".join(c.rjust(w) if h in numeric else c.ljust(w)
                         for h, c, w in zip(headers, cells, widths)).rstrip()

    return "\n".join([line(shown), line(["-" * w for w in widths]), *map(line, rows)]) + "\n"
