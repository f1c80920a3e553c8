"""Our Klondike solver beside KPatience's (``kpat --solve``) on the same deals; prints
figures, asserts nothing.

KPatience deals its Klondike deal N as our deal N (games/klondike/rules.md, rules 2.4 to
2.6): before comparing verdicts this checks it on layouts KPatience saves itself
(``kpat --testdir DIR --generate`` saves every Klondike deal it solves, at random deal
numbers, then goes on to other games and is stopped). ``kpat --solve 0`` solves Klondike
(game id 0) with the draw count of its settings file, which this writes in a
temporary ``XDG_CONFIG_HOME``; ``kpat --solvegame FILE`` cannot be used: KPatience
22.12 reads the file to its end for the game's id before loading it, so it loads an
empty table and answers "lost" for any file, even a won one.

KPatience's "lost" is not a proof: its search never takes a card back from a
foundation, splits a run only to free a card for a foundation, and answers
"unknown" when its tables fill (65 536 distinct piles, or its memory), never on
time. Each disagreement is printed with the moves of our solution that KPatience's
search never makes, or why it matters otherwise.

    .venv/bin/python benchmarks/kpat_oracle.py [--deals 1-200] [--draw 1] [--budget 2]
        [--layouts 20]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from solitaire_core.registry import load_games
from solitaire_core.solver import Budget, solve
from solitaire_core.solver.commands import deal_range
from solitaire_core.solver.search import check_solution
from solitaire_core.zones import FOUNDATION, TABLEAU

KLONDIKE_ID = 0  # KPatience's game id for Klondike (its DealerInfo::KlondikeDrawOneId)
KPAT_SUITS = "CDHS"  # KCardDeck::Suit: Clubs 0, Diamonds 1, Hearts 2, Spades 3
KPAT_MAX_DEAL = 2**31 - 1  # DealerScene::startNew bounds the number to 1..INT_MAX
LINE = re.compile(r"^(\d+) (won|lost|unknown) \((\d+) ms\)$")
KPAT_WORD = {"winnable": "won", "unwinnable": "lost", "unknown": "unknown"}


def find_kpat() -> str | None:
    """Debian installs it in /usr/games, often not on PATH."""
    return shutil.which("kpat") or shutil.which("kpat", path="/usr/games")


def kpat_env(folder: Path, draw: int) -> dict:
    """An environment whose KPatience settings say draw 1 or draw 3, offscreen."""
    config = folder / f"draw{draw}"
    config.mkdir(exist_ok=True)
    (config / "kpatrc").write_text(f"[General Settings]\nKlondikeEasy={'true' if draw == 1 else 'false'}\n")
    return {**os.environ, "XDG_CONFIG_HOME": str(config), "QT_QPA_PLATFORM": "offscreen"}


def kpat_version(kpat: str, env: dict) -> str:
    out = subprocess.run([kpat, "--version"], env=env, capture_output=True, text=True, timeout=60).stdout
    return out.strip() or "kpat"


def kpat_verdicts(kpat: str, deals: range, env: dict) -> dict[int, tuple[str, float]]:
    """{deal: (won | lost | unknown, seconds)} from one ``kpat --solve`` over the range."""
    command = [kpat, "--solve", str(KLONDIKE_ID), "--start", str(deals.start), "--end", str(deals.stop - 1)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        match = LINE.match(line.strip())
        if match:
            found[int(match[1])] = (match[2], int(match[3]) / 1000)
    return found


def kpat_layouts(kpat: str, env: dict, folder: Path, count: int, limit: float = 300.0) -> list[Path]:
    """Up to ``count`` (at most 100) Klondike deals as KPatience saves them, files
    ``0-NUMBER-WON``; the generator is stopped once it has them (or after ``limit`` s)."""
    out = folder / "layouts"
    out.mkdir(exist_ok=True)
    process = subprocess.Popen([kpat, "--testdir", str(out), "--generate"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + limit
    try:
        while process.poll() is None and time.monotonic() < deadline:
            if len(list(out.glob(f"{KLONDIKE_ID}-*"))) >= count:
                break
            time.sleep(0.2)  # a benchmark polling a child process's output folder
    finally:
        process.terminate()
        process.wait()
    return sorted(out.glob(f"{KLONDIKE_ID}-*"))[:count]


def saved_piles(path: Path) -> tuple[int, dict[int, list]]:
    """KPatience's saved deal: its number and {pile index: [(code, face up)]}."""
    root = ET.parse(path).getroot()
    piles = {int(pile.get("index")): [(f"{card.get('value')}{KPAT_SUITS[int(card.get('suit'))]}",
                                       card.get("faceup") == "1") for card in pile] for pile in root}
    return int(root.get("number")), piles


def zone_ids(game, role: str) -> list[str]:
    """The ids of the zones of a role, in layout order."""
    ids = {index: zone for zone, index in game.index.items()}
    return [ids[index] for index in game.role(role)]


def kpat_index(game) -> dict[str, int]:
    """Our zone ids to KPatience's pile indexes: talon 0, foundations 1-4, columns 5-11, waste 13."""
    columns = {zone: 5 + i for i, zone in enumerate(zone_ids(game, TABLEAU))}
    foundations = {zone: 1 + i for i, zone in enumerate(zone_ids(game, FOUNDATION))}
    return {"stock": 0, "waste": 13, **foundations, **columns}


def our_piles(game, state) -> dict[int, list]:
    piles = {}
    for zone, index in kpat_index(game).items():
        pile = state.piles[game.index[zone]]
        piles[index] = [(f"{card.rank}{card.suit}", k >= pile.down) for k, card in enumerate(pile.cards)]
    return piles


def check_layouts(game, kpat, env, folder, count) -> None:
    saved = [saved_piles(path) for path in kpat_layouts(kpat, env, folder, count)]
    differ = [number for number, piles in saved if our_piles(game, game.new(number)) != piles]
    numbers = ", ".join(str(number) for number, _ in saved[:4])
    print(f"layouts: {len(saved) - len(differ)} of {len(saved)} Klondike deals KPatience saved "
          f"({numbers}, ...) are our deals of the same numbers card for card, face up or down")
    for number in differ:
        print(f"LAYOUT DIFFERS: KPatience deal {number}")


def foundation_takes(game, state, card) -> bool:
    """Would ``card`` go on a foundation now (as KPatience's search asks before a split)?"""
    for zone in zone_ids(game, FOUNDATION):
        cards = state.piles[game.index[zone]].cards
        if not cards and card.rank == 1:
            return True
        if cards and cards[-1].suit == card.suit and cards[-1].rank == card.rank - 1:
            return True
    return False


def kpat_skips(game, start, moves) -> str:
    """The moves of our solution KPatience's search never makes, in words."""
    foundations, tableau = set(zone_ids(game, FOUNDATION)), set(zone_ids(game, TABLEAU))
    back, splits, state = 0, 0, start
    for move in moves:
        if move.src in foundations and move.dst not in foundations:
            back += 1
        elif move.src in tableau and move.dst in tableau:
            pile = state.piles[game.index[move.src]]
            below = len(pile.cards) - move.n - 1
            if below >= pile.down and not foundation_takes(game, state, pile.cards[below]):
                splits += 1
        state = game.apply(state, move)
    found = []
    if back:
        illegal = ", a move KPatience's draw 3 forbids" if start.option("draw") == 3 else ""
        found.append(f"takes {back} card(s) back from a foundation (KPatience's search never does{illegal})")
    if splits:
        found.append(f"splits a run {splits} time(s) without freeing a card for a foundation "
                     "(KPatience's search splits runs only to free one)")
    if not found:
        return "has none of the moves KPatience's search skips: examine (the layouts, or its search)"
    return "; ".join(found) + ": a win its narrower search can miss, unless a shorter one avoids them"


def explain(game, start, ours, theirs) -> str:
    if ours.answer == "winnable" and theirs == "lost":
        return "our solution " + kpat_skips(game, start, ours.moves)
    if ours.answer == "unwinnable" and theirs == "won":
        return ("KPatience found a win under rules no looser than ours: our 'unwinnable' is false "
                "(a bug of ours) or the layouts differ (see the layout check)")
    return ""


def table(pairs) -> str:
    rows = ["winnable", "unwinnable", "unknown"]
    columns = ["won", "lost", "unknown"]
    lines = [f"{'':<16}" + "".join(f"{'kpat ' + c:>14}" for c in columns)]
    for row in rows:
        lines.append(f"{'ours ' + row:<16}" + "".join(f"{pairs.count((row, c)):>14}" for c in columns))
    return "\n".join(lines)


def kappa(pairs) -> tuple[int, int, float | None]:
    """Both decided: how many, how many agree, and Cohen's kappa (agreement beyond chance)."""
    decided = [(KPAT_WORD[o], t) for o, t in pairs if o != "unknown" and t != "unknown"]
    if not decided:
        return 0, 0, None
    n = len(decided)
    agree = sum(o == t for o, t in decided)
    chance = sum((sum(o == w for o, _ in decided) / n) * (sum(t == w for _, t in decided) / n) for w in ("won", "lost"))
    return n, agree, None if chance == 1 else (agree / n - chance) / (1 - chance)


def figures(label, verdicts, seconds) -> str:
    counts = "  ".join(f"{word} {verdicts.count(word)}" for word in dict.fromkeys(verdicts))
    return (f"{label}: {counts}; median {statistics.median(seconds):.3f} s, "
            f"max {max(seconds):.2f} s, total {sum(seconds):.1f} s")


def compare(game, theirs: dict, draw: int, budget: float) -> None:
    """Solve each deal KPatience answered, one after the other; print both sides and the table."""
    pairs, ours_seconds, replayed, disagreements = [], [], 0, []
    for deal, (verdict, seconds) in theirs.items():
        start = game.new(deal, draw=draw)
        ours = solve(game, start, Budget(seconds=budget))
        ours_seconds.append(ours.seconds)
        if ours.answer == "winnable":
            replayed += check_solution(game, start, ours.moves) is None
        pairs.append((ours.answer, verdict))
        hint = explain(game, start, ours, verdict)
        if hint:
            disagreements.append(f"DISAGREE deal {deal}: ours {ours.answer}, kpat {verdict} ({seconds:.3f} s): {hint}")
    print(figures("kpat", [verdict for verdict, _ in theirs.values()], [seconds for _, seconds in theirs.values()]))
    print(figures("ours", [o for o, _ in pairs], ours_seconds)
          + f"; {replayed} of {sum(o == 'winnable' for o, _ in pairs)} winnable answers replayed to a win")
    print(table(pairs))
    n, agree, k = kappa(pairs)
    share = f" ({agree / n:.1%})" if n else ""
    beyond = f", Cohen's kappa {k:.2f}" if k is not None else " (no kappa: both said the same one verdict)"
    print(f"both decided: {n} deals, agreeing on {agree}{share}{beyond}")
    for line in disagreements:
        print(line)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=deal_range, default=range(1, 201), metavar="A-B")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--budget", type=float, default=2.0, metavar="SECONDS", help="ours, per deal")
    parser.add_argument("--layouts", type=int, default=20, metavar="N",
                        help="KPatience layouts to check against ours first (0: none, at most 100)")
    args = parser.parse_args(argv)
    kpat = find_kpat()
    if kpat is None:
        print("KPatience (kpat) is not installed: nothing to compare. "
              "Debian: scripts/install-system-deps --benchmarks (or apt-get install kpat).")
        return 0
    if args.deals.start < 1 or args.deals.stop - 1 > KPAT_MAX_DEAL:
        print(f"KPatience numbers its deals 1 to {KPAT_MAX_DEAL} (it plays deal 0 as deal 1): "
              "give deals in that range.")
        return 2
    game = load_games()["klondike"]
    with tempfile.TemporaryDirectory(prefix="kpat-oracle-") as tmp:
        env = kpat_env(Path(tmp), args.draw)
        print(f"{kpat_version(kpat, env)} ({kpat}) beside ours, Klondike draw {args.draw}, "
              f"deals {args.deals.start}-{args.deals.stop - 1}, ours at {args.budget:g} s a deal, one process")
        if args.layouts:
            check_layouts(game, kpat, env, Path(tmp), min(args.layouts, 100))
        theirs = kpat_verdicts(kpat, args.deals, env)
    missing = [deal for deal in args.deals if deal not in theirs]
    if missing:
        print(f"KPatience printed no verdict for {len(missing)} deal(s), first {missing[0]}")
    compare(game, {deal: theirs[deal] for deal in args.deals if deal in theirs}, args.draw, args.budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
