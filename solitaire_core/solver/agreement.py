"""The kit's check of a game's solver model against the engine (``check_solver``).

The derived model (``derived.py``) must make exactly the engine's moves with exactly
the engine's effects; a game's own model (``solver_model``), whose lines may be macro
moves and prunings, must turn each of its lines into engine moves that ``apply``
accepts and that reach the position it said. Either way the solver's answers must agree
with plain search over the engine's states, both ways: no false "winnable" (the replay
check would catch it) and, worse, no false "unwinnable".
"""

from __future__ import annotations

import random

import attrs

from ..errors import IllegalMove
from .derived import Model, why_not
from .hooks import declares_model, hooks_for, plain_hooks
from .search import UNKNOWN, UNWINNABLE, Budget, solve


class SolverDisagrees(AssertionError):
    pass


def check_solver(game, deals=range(1, 4), *, steps: int = 80, tail: int = 8, nodes: int = 4000,
                 bare_nodes: int = 20_000, seed: int = 7, sample: int = 4) -> dict[str, int]:
    """For a game with a model (its own or the derived one): on random lines of play from
    ``deals``, the model agrees with the engine at each position (the derived model's
    moves are the engine's legal moves and each leads to the engine's position; and
    ``sample`` of the model's lines, macro lines included, at random and its safe line
    replay through ``apply`` to the position it said); then near the
    end of the lines the solver finds (and one random move off them), its answer agrees
    with plain search wherever both decide within ``nodes`` positions, and on each whole
    deal it agrees with itself without its prunings within ``bare_nodes``. Returns how
    many positions and answers it compared."""
    own = declares_model(type(game))
    reason = None if own else why_not(game)
    if reason is not None:
        return {"positions": 0, "answers": 0, "skipped": reason}
    rnd = random.Random(seed)
    model = hooks_for(game)
    tables = None if own else Model(game)
    counted = {"positions": 0, "answers": 0}
    for deal in deals:
        state = game.new(deal)
        for _ in range(steps):
            moves = list(game.legal_moves(state))  # asked once: every check below compares with them
            if tables is not None:
                engine = set(moves)
                _agree_on_moves(game, tables, state, engine, deal)
                _agree_on_interchangeable(game, tables, state, engine, deal)
                _agree_on_alike_cards(game, tables, state, engine, deal)
            _agree_on_lines(game, model, state, deal, rnd, sample)
            counted["positions"] += 1
            if not moves or game.is_won(state):
                break
            state = game.play(state, rnd.choice(moves))
        counted["answers"] += _agree_without_prunings(game, game.new(deal), deal, bare_nodes)
        for position in _near_the_end(game, game.new(deal), tail, rnd, bare_nodes):
            counted["answers"] += _agree_on_answer(game, position, nodes, deal)
    return counted


PRUNINGS = {"safe", "dead_end", "narrow"}


def _agree_without_prunings(game, state, deal: int, nodes: int) -> int:
    """The whole deal, searched by the model with and without its prunings (the safe
    line, dead ends, the narrow phase): with the model's exact moves, the bare search
    is plain search at the model's speed, so it reaches whole deals where plain search
    over engine states would not, and catches a pruning that loses a won deal: asked
    only where the solver says "unwinnable", the one answer no replay can check."""
    full = solve(game, state, Budget(seconds=None, nodes=nodes), hooks=hooks_for(game))
    if full.answer != UNWINNABLE:  # a false "winnable" fails its replay anyway
        return 0
    bare = solve(game, state, Budget(seconds=None, nodes=nodes), hooks=hooks_for(game, off=PRUNINGS))
    if bare.answer == UNKNOWN:
        return 0
    if full.answer != bare.answer:
        raise SolverDisagrees(f"{game.id} deal {deal}: the solver says {full.answer} and the same search "
                              f"without its prunings {bare.answer}")
    return 1


def _agree_on_lines(game, model, state, deal: int, rnd: random.Random, sample: int) -> None:
    """``sample`` lines of a game's own model (of its lines and narrow lines) and its safe
    line, as engine moves, are legal and reach the position the model said (by the
    model's key). A sample: each replay goes through ``apply``, draws and all."""
    pos = model.start(state)
    if (model.won or game.is_won)(pos) != game.is_won(state):
        raise SolverDisagrees(f"{game.id} deal {deal}: the model and the engine differ on whether it is won")
    safe = model.safe(pos) if model.safe else None
    lines = list(model.lines(pos)) + list(model.narrow(pos) if model.narrow else ())
    lines = rnd.sample(lines, min(sample, len(lines))) + ([safe] if safe else [])
    for steps, after in lines:
        reached = state
        try:
            for move in model.moves(state, [steps]):
                reached = game.apply(reached, move)
        except (IllegalMove, LookupError, ValueError) as exc:
            raise SolverDisagrees(f"{game.id} deal {deal}: the line {steps!r} is no legal moves ({exc}) from\n"
                                  f"{game.format_position(state)}") from exc
        if model.key(model.start(reached)) != model.key(after):
            raise SolverDisagrees(f"{game.id} deal {deal}: the line {steps!r} leads elsewhere in the model than "
                                  f"in the engine, from\n{game.format_position(state)}")


def _agree_on_moves(game, model: Model, state, engine: set, deal: int) -> None:
    pos = model.start(state)
    found = {move: (i, j, n) for _, move, i, j, n in model.moves(pos)}
    if set(found) != engine:
        raise SolverDisagrees(f"{game.id} deal {deal}: the model's moves differ from the engine's at\n"
                              f"{game.format_position(state)}only the model: {sorted(map(str, set(found) - engine))}; "
                              f"only the engine: {sorted(map(str, engine - set(found)))}")
    if model.won(pos) != game.is_won(state):
        raise SolverDisagrees(f"{game.id} deal {deal}: the model and the engine differ on whether it is won")
    for move, (i, j, n) in found.items():
        if model.play(pos, i, j, n) != model.start(game.play(state, move)):
            raise SolverDisagrees(f"{game.id} deal {deal}: {move} leads elsewhere in the model than in the "
                                  f"engine, from\n{game.format_position(state)}")


def _agree_on_interchangeable(game, model: Model, state, engine: set, deal: int) -> None:
    """Zones whose contents the derived model's key sorts are alike to the engine: with
    two of them traded, the legal moves are the same but for the two names, and so is
    whether the game is won. (A column taking only the waste's cards when empty was once
    keyed as if it were any column.) ``engine``: the legal moves at ``state``."""
    for group in model.interchangeable(model.start(state)):
        a = group[0]
        for b in group[1:]:
            piles = list(state.piles)
            piles[a], piles[b] = piles[b], piles[a]
            traded = attrs.evolve(state, piles=tuple(piles))
            names = {model.ids[a]: model.ids[b], model.ids[b]: model.ids[a]}
            renamed = {attrs.evolve(m, src=names.get(m.src, m.src), dst=names.get(m.dst, m.dst)) for m in engine}
            if set(game.legal_moves(traded)) != renamed or game.is_won(traded) != game.is_won(state):
                raise SolverDisagrees(f"{game.id} deal {deal}: the model keys {model.ids[a]} and {model.ids[b]} "
                                      f"as interchangeable, but the engine treats them apart at\n"
                                      f"{game.format_position(state)}")


def _agree_on_alike_cards(game, model: Model, state, engine: set, deal: int) -> None:
    """Cards the derived model's key writes as one (``classes``: Golf's suits) are alike to
    the engine: two of them traded, wherever they lie, leave the legal moves and whether
    the game is won as they were. One trade a class, with its first card lying anywhere."""
    if model.classes is None:
        return
    first: dict = {}  # a class -> where its first card lies; None once traded
    won = game.is_won(state)
    for z, pile in enumerate(state.piles):
        for k, card in enumerate(pile.cards):
            alike = model.classes[model.code[card]]
            if alike not in first:
                first[alike] = z, k, card
                continue
            if first[alike] is None or first[alike][2] == card:  # traded already, or a copy
                continue
            (y, m, other), first[alike] = first[alike], None
            piles = [list(p.cards) for p in state.piles]
            piles[y][m], piles[z][k] = card, other
            traded = attrs.evolve(state, piles=tuple(attrs.evolve(p, cards=tuple(c)) for p, c in zip(state.piles, piles)))
            if set(game.legal_moves(traded)) != engine or game.is_won(traded) != won:
                raise SolverDisagrees(f"{game.id} deal {deal}: the model keys {game.format_card(other)} and "
                                      f"{game.format_card(card)} as alike, but the engine treats them apart at\n"
                                      f"{game.format_position(state)}")


def _near_the_end(game, start, tail: int, rnd: random.Random, nodes: int) -> list:
    """The last ``tail`` positions of a solution the solver finds within 3 s, or else the
    search without prunings within ``nodes`` (winnable ones), each with one random move
    played off it (which may lose); none when neither finds a solution."""
    result = solve(game, start, Budget(seconds=3))
    if not result.moves:
        result = solve(game, start, Budget(seconds=None, nodes=nodes), hooks=hooks_for(game, off=PRUNINGS))
    if not result.moves:
        return []
    line = [start]
    for move in result.moves:
        line.append(game.play(line[-1], move))
    positions = []
    for state in line[-tail - 1:-1]:
        positions.append(state)
        moves = list(game.legal_moves(state))
        if moves:
            positions.append(game.play(state, rnd.choice(moves)))
    return positions


def _agree_on_answer(game, state, nodes: int, deal: int) -> int:
    derived = solve(game, state, Budget(seconds=None, nodes=nodes), hooks=hooks_for(game))
    plain = solve(game, state, Budget(seconds=None, nodes=nodes), hooks=plain_hooks(game))
    if UNKNOWN in (derived.answer, plain.answer):
        return 0
    if derived.answer != plain.answer:
        raise SolverDisagrees(f"{game.id} deal {deal}: the solver says {derived.answer} and plain search "
                              f"{plain.answer} at\n{game.format_position(state)}")
    return 1
