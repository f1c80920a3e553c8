"""The kit's check that the compiled kernel and the pure-Python model agree (``check_kernel``).

The kernel (``_kernel.pyx``) translates the derived model and the search into C++; the
Python ones stay the reference. At positions along random lines of play, under each value
of each option, the kernel must list the same moves in the same order, give the same
lines to the same positions, the same safe line, dead ends, progress and wins, and keys
that tell positions apart exactly where the Python keys do (positions with zones the key
treats as interchangeable traded among them included). On whole deals, the two searches
with the same node budget must give the same answer after the same number of positions.
"""

from __future__ import annotations

import os
import random

from ..moves import DRAW
from . import kernel
from .derived import Model, why_not
from .hooks import declares_model, hooks_for
from .search import Budget, solve


class KernelDisagrees(AssertionError):
    pass


def check_kernel(game, deals=range(1, 3), *, steps: int = 60, nodes: int = 3000, seed: int = 11,
                 make=None) -> dict:
    """Compare the kernel with the Python model on ``game`` (see the module); returns how
    many positions and answers it compared, or why it compared none (``skipped``).
    ``make``: what makes the kernel of a model (a test hands in a broken one)."""
    missing = kernel.available()
    if missing is not None:
        return {"positions": 0, "answers": 0, "skipped": missing}
    if declares_model(type(game)) or why_not(game) is not None:
        return {"positions": 0, "answers": 0, "skipped": "the game is not searched on the derived model"}
    make = make or kernel.kernel_for
    rnd = random.Random(seed)
    counted = {"positions": 0, "answers": 0}
    reasons = set()
    for options in _option_sets(game):
        model = Model(game)
        for deal in deals:
            state = game.new(deal, **options)
            pos = model.start(state)
            reason = kernel.why_not(model)
            if reason is not None:
                reasons.add(reason)
                break
            compiled = make(model)
            keys: dict = {}
            start = pos
            for _ in range(steps):  # random lines of play, from the start again where one ends
                lines = _agree_at(game, model, compiled, pos, deal, options, keys)
                counted["positions"] += 1
                pos = rnd.choice(lines)[1] if lines and not model.won(pos) else start
            if make is kernel.kernel_for:
                counted["answers"] += _agree_on_search(game, state, deal, options, nodes)
    if not counted["positions"]:
        counted["skipped"] = "; ".join(sorted(reasons))
    return counted


def _option_sets(game) -> list[dict]:
    """The default options, then each other value of each option with the rest default."""
    sets = [{}]
    for option in game.options:
        sets += [{option.name: value} for value in option.values if value != option.values[0]]
    return sets


def _agree_at(game, model: Model, compiled, pos, deal: int, options: dict, keys: dict) -> list:
    where = f"{game.id} deal {deal} {options or ''} at {pos!r}"

    def differ(what: str, python, kernel_says) -> None:
        if python != kernel_says:
            raise KernelDisagrees(f"{where}: the kernel's {what} differ from Python's:\n"
                                  f"  Python: {python!r}\n  kernel: {kernel_says!r}")

    differ("moves", [(order, i, j, n) for order, _, i, j, n in model.moves(pos)], compiled.py_moves(pos))
    lines, changed = [], []
    for steps, after in model.lines(pos):
        lines.append((steps, after))
        held = model._changed
        changed.append(held[1] if held[0] is after else None)
    told = compiled.py_lines(pos)
    differ("lines", [after for _, after in lines], [after for _, after, _ in told])
    differ("zones a line changed", [None if c is None else tuple(c) for c in changed], [c for _, _, c in told])
    if model.fold:
        differ("narrow lines", [(steps, after) for steps, after in model.narrow(pos)],
               [(tuple(_step(model, step) for step in steps), after) for steps, after, _ in compiled.py_lines(pos, True)])
    differ("lines' moves", [steps for steps, _ in lines], [tuple(_step(model, step) for step in steps) for steps, _, _ in told])
    differ("won", model.won(pos), compiled.py_won(pos))
    if model.has_dead_ends:
        differ("dead end", model.dead_end(pos), compiled.py_dead_end(pos))
    differ("progress", model.progress(pos), compiled.py_progress(pos, model.free_weight))
    differ("second progress", model.progress_free_once(pos), compiled.py_progress(pos, 1))
    model._changed = (None, ())
    safe = model.safe(pos)
    differ("safe line", None if safe is None else safe[1], (compiled.py_safe(pos) or (None, None))[1])
    # keys: equal exactly where Python's are, here and with interchangeable zones traded
    for variant in [pos, *_traded(model, pos)]:
        python, kernel_key = model.key(variant), compiled.py_key(variant)
        if keys.setdefault(("python", python), kernel_key) != kernel_key or \
                keys.setdefault(("kernel", kernel_key), python) != python:
            raise KernelDisagrees(f"{where}: the kernel's key tells apart positions Python's does not, or the "
                                  f"other way round, at {variant!r}")
    return lines


def _step(model: Model, step: tuple):
    """A kernel's step as the engine's move."""
    i, j, n = step
    return DRAW if i < 0 else model.move(i, j, n)


def _traded(model: Model, pos) -> list:
    """``pos`` with the first two zones of each interchangeable group traded."""
    traded = []
    for group in model.interchangeable(pos):
        zones = list(pos)
        zones[group[0]], zones[group[1]] = zones[group[1]], zones[group[0]]
        traded.append(tuple(zones))
    return traded


def _agree_on_search(game, state, deal: int, options: dict, nodes: int) -> int:
    """The same search in Python and on the kernel, within ``nodes`` positions: the same
    answer after the same positions, the same moves."""
    results = []
    for pure in ("1", None):
        saved = os.environ.pop("SOLITAIRE_PURE", None)
        if pure:
            os.environ["SOLITAIRE_PURE"] = pure
        try:
            results.append(solve(game, state, Budget(seconds=None, nodes=nodes), hooks=hooks_for(game)))
        finally:
            os.environ.pop("SOLITAIRE_PURE", None)
            if saved is not None:
                os.environ["SOLITAIRE_PURE"] = saved
    python, compiled = ((r.answer, r.nodes, r.moves) for r in results)
    if python != compiled:
        raise KernelDisagrees(f"{game.id} deal {deal} {options or ''}: Python's search says {python[0]} after "
                              f"{python[1]} positions, the kernel's {compiled[0]} after {compiled[1]}")
    return 1
