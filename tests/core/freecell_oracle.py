"""Freecell Solver as an oracle (PyPI ``freecell-solver`` over Debian's library): a
FreeCell position in its board text, and its verdict, for tests and benchmarks."""

from __future__ import annotations

SUIT_ORDER = "HCDS"
FC_RANKS = "0A23456789TJQK"


def board(game, state) -> str:
    """The position as Freecell Solver reads it (its cells, foundations and columns)."""
    def code(card):
        return FC_RANKS[card.rank] + card.suit

    cells = [code(p.top) if p.cards else "-" for i, p in enumerate(state.piles) if game.zones[i].role == "cell"]
    heights = {s: 0 for s in SUIT_ORDER}
    for i, pile in enumerate(state.piles):
        if game.zones[i].role == "foundation" and pile.cards:
            heights[pile.top.suit] = pile.top.rank
    columns = [" ".join(code(c) for c in p.cards) for i, p in enumerate(state.piles) if game.zones[i].role == "tableau"]
    lines = ["Foundations: " + " ".join(f"{s}-{FC_RANKS[heights[s]]}" for s in SUIT_ORDER),
             "Freecells: " + " ".join(cells)]
    return "\n".join(lines + columns) + "\n"


def available() -> str | None:
    """None when Freecell Solver can be used, else why not."""
    try:
        import freecell_solver
        freecell_solver.FreecellSolver()
    except (ImportError, OSError) as exc:
        return f"Freecell Solver is not installed ({type(exc).__name__}: {exc})"
    return None


def fc_solve_verdict(game, state, iterations: int = 2_000_000) -> str:
    """winnable, unwinnable, or unknown past ``iterations``."""
    import freecell_solver

    solver = freecell_solver.FreecellSolver()
    solver.input_cmd_line(["--game", "freecell"])
    solver.limit_iterations(iterations)
    code = solver.solve_board(board(game, state))
    return {0: "winnable", 1: "unwinnable"}.get(code, "unknown")
