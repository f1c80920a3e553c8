"""Where the search runs in compiled code (``_kernel.pyx``) and where in Python.

The compiled kernel runs the derived model's tables and the search loop; the pure-Python
model and search (``derived.py``, ``search.py``) stay the reference and the fallback. It is
used where it is built, not switched off (``SOLITAIRE_PURE=1``), and covers everything the
game's model needs (``why_not``); everywhere else the Python search runs, with the same
answers, slower; ``search_note`` is the line ``solitaire solve``, ``winnability`` and
``survey`` print where the kernel cannot run at all.
"""

from __future__ import annotations

import os

from ..i18n import N_, _
from .derived import Model

try:
    from . import _kernel
except ImportError as exc:  # not built: no compiler at install, or a source tree never installed
    _kernel, _MISSING = None, str(exc)
else:
    _MISSING = None

ZONE_LIMIT = 160  # the kernel's work buffer (``_kernel.MAXZ``)


def available() -> str | None:
    """Why the kernel cannot run at all, or None when it can."""
    if os.environ.get("SOLITAIRE_PURE") == "1":
        return N_("SOLITAIRE_PURE=1 is set")
    if _kernel is None:
        return N_("the compiled kernel is not built")
    return None


def why_not(model: Model) -> str | None:
    """Why the kernel does not cover ``model`` (yet), or None when it does."""
    if model.reshapes:
        return "its stock redeals or closes up, or cards are pulled within a zone"
    if len(model.ids) > ZONE_LIMIT:
        return "it has more zones than the kernel holds"
    return None


def search_note() -> str | None:
    """The line saying that searches run in pure Python, and why; None where the kernel
    runs (for each game it covers: ``why_not``, docs/solver.md)."""
    missing = available()
    return None if missing is None else _("search in pure Python, slower: {reason}").format(reason=_(missing))


def kernel_for(model: Model):
    """The kernel of ``model``'s current rule set (made once per rule set, its stock
    settings read again: the draw count and the redeals may differ by option)."""
    cached = model.__dict__.get("_compiled")
    if cached is not None and cached[0] is model.rules and cached[1].model is model:
        cached[1].settings()
        return cached[1]
    kernel = _kernel.Kernel(model)
    model.__dict__["_compiled"] = (model.rules, kernel)
    return kernel


def searcher(hooks):
    """A maker of searches on the kernel with ``search._Search``'s signature, or None
    where the Python search runs (``hooks``: the solver model, after its start)."""
    if available() is not None:
        return None
    model = getattr(hooks.lines, "__self__", None)
    if not isinstance(model, Model) or why_not(model) is not None or not _model_parts(hooks, model):
        return None
    kernel = kernel_for(model)

    def make(game, hooks, lines, budget, stopped, started, seen=None):
        narrow = lines == hooks.narrow and hooks.narrow != hooks.lines
        return _kernel.KernelSearch(kernel, game, hooks, narrow, budget, stopped, started, seen)

    return make


def _model_parts(hooks, model: Model) -> bool:
    """Whether every part of ``hooks`` is the model's own, or switched off where that may
    be (a test's), as the kernel runs them: a part handed in from elsewhere is Python's."""
    return (hooks.key == model.key and hooks.won == model.won and hooks.progress == model.progress
            and hooks.safe in (None, model.safe) and hooks.dead_end in (None, model.dead_end)
            and hooks.narrow in (None, model.narrow, model.lines)
            and hooks.second_progress in (None, model.progress_free_once))
