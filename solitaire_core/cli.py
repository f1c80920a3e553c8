"""The command line (docs/architecture.md): ``solitaire list | show | replay | play``.

Every verb is one ``Verb`` entry in ``VERBS`` (its name, a help line, a function
that adds its arguments, a function that runs it and returns the exit status),
so a new verb is a few lines. ``add_game_arguments`` and ``start_state`` give a
verb the usual ``GAME --deal N -o key=value`` trio with its checks.

Exit status: 0 done, 1 an illegal move or a game's own code failed ("the game X
failed: ...", no traceback), 2 bad input (unknown game, option or verb, bad deal
number, unreadable file, no front end). Errors are one line on stderr. This
module never imports Qt: ``play`` finds its front end through the
``solitaire.frontends`` entry points.
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable, Sequence

from attrs import frozen

from .deals import MAX_DEAL
from .errors import IllegalMove, SolitaireError
from .i18n import N_, _
from .inputs import POSITION_LIMIT, quote, read_stream, read_text, shorten
from .options import parse_assignments, resolve
from .records.command import add_stats_arguments, run_stats
from .registry import GameFailed, game_failure, load_games
from .solver.commands import add_solve_arguments, add_winnability_arguments, run_solve, run_winnability
from .survey.command import add_survey_arguments, run_survey
from .watchdog import PATIENCE, SEARCH_GRACE, watched

FRONTEND_GROUP = "solitaire.frontends"
FRONTEND = "qt"

# argparse's own words (usage, headings, its errors): Python ships no catalog for them, so
# ours holds them (marked here) and argparse looks them up through ours (``build_parser``).
ARGPARSE_TEXTS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"), N_("unrecognized arguments: %s"), N_("expected one argument"),
    N_("not allowed with argument %s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("ambiguous option: %(option)s could match %(matches)s"),
)


class UsageError(Exception):
    """Bad input on the command line: reported on one line, exit status 2."""


class MoveFailed(Exception):
    """A move of ``--moves`` that does not apply: exit status 1."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line instead of exiting."""

    def error(self, message: str):
        raise UsageError(_("{message} (see '{command} --help')").format(message=message, command=self.prog))


@frozen
class Verb:
    """``patience``: the seconds the verb may take when run from a shell before a game's code
    that never returns is said and the command ends (``watchdog``); None: never."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    patience: Callable[[argparse.Namespace], float | None] = lambda args: PATIENCE


# --- helpers shared by the verbs ------------------------------------------------
def deal_number(text: str) -> int:
    try:
        deal = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("deal number must be a whole number, not {text}").format(
            text=quote(text))) from None
    if not 0 <= deal <= MAX_DEAL:
        raise argparse.ArgumentTypeError(_("deal number must be between 0 and {highest}, not {deal}").format(
            highest=MAX_DEAL, deal=deal))
    return deal


def add_game_arguments(parser: argparse.ArgumentParser, game_required: bool = True,
                       deal_required: bool = True) -> None:
    """``GAME``, ``--deal N`` and repeatable ``-o key=value``."""
    parser.add_argument("game", metavar="GAME", nargs=None if game_required else "?",
                        help=_("game id (see 'solitaire list')"))
    parser.add_argument("--deal", type=deal_number, required=deal_required, metavar="N",
                        help=_("deal number, 0 to {highest}").format(highest=MAX_DEAL))
    add_option_argument(parser)


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--option", dest="options", action="append", default=[],
                        metavar="KEY=VALUE", help=_("a game option (repeatable)"))


def find_game(game_id: str):
    games = load_games()
    if game_id not in games:
        known = ", ".join(games) or _("none")
        raise UsageError(_("unknown game {game} (installed: {games})").format(game=quote(game_id), games=known))
    return games[game_id]


def given_options(game, args: argparse.Namespace) -> dict[str, Any]:
    """The ``-o`` options, checked against the game and coerced to its values."""
    try:
        given = parse_assignments(args.options)
        resolved = dict(resolve(game.options, given))
    except SolitaireError as exc:
        raise UsageError(str(exc)) from None
    return {name: resolved[name] for name in given}


def start_state(game, args: argparse.Namespace):
    """The deal ``--deal`` names, or the position text in ``--position FILE``."""
    options = given_options(game, args)
    path = getattr(args, "position", None)
    if path is None:
        return game.new(args.deal, **options)
    try:
        text = read_stream(sys.stdin, POSITION_LIMIT) if path == "-" else read_text(path, POSITION_LIMIT)
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(_("cannot read position file {path}: {error}").format(path=path, error=exc)) from None
    try:
        return game.parse_position(text, **options)
    except SolitaireError as exc:
        raise UsageError(f"{path}: {exc}") from None


# --- list ----------------------------------------------------------------------
def add_list_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run_list(args: argparse.Namespace) -> int:
    games = load_games()
    for game in games.values():
        print(f"{game.id}  {game.name}")
        for option in game.options:
            values = " ".join(f"{v}*" if v == option.default else str(v) for v in option.values)
            label = _(option.label) if option.label else ""
            print(f"    {option.name:<14} {values:<24} {label}".rstrip())
    if games:
        print(_("(* marks the default)"))
    if games.failures:
        print("\n" + _("Plugins that failed to load:"))
        for failure in games.failures:
            print(f"  {failure.plugin}: {failure.reason}")
    return 0


# --- show ----------------------------------------------------------------------
def run_show(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    sys.stdout.write(game.format_position(start_state(game, args)))
    return 0


# --- replay --------------------------------------------------------------------
def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", help=_("game id (see 'solitaire list')"))
    start = parser.add_mutually_exclusive_group(required=True)
    start.add_argument("--deal", type=deal_number, metavar="N", help=_("deal number, 0 to {highest}").format(
        highest=MAX_DEAL))
    start.add_argument("--position", metavar="FILE", help=_("position text to start from ('-': stdin)"))
    add_option_argument(parser)
    parser.add_argument("--moves", default="", metavar='"M1 M2 ..."', help=_("moves in notation, space separated"))
    parser.add_argument("--legal", action="store_true", help=_("also print every legal move, one per line"))


def replay(game, state, texts: Sequence[str]):
    """Apply the moves in order; ``MoveFailed`` names the first that does not apply."""
    for index, text in enumerate(texts, 1):
        try:
            move = game.parse_move(state, text)
        except (SolitaireError, ValueError) as exc:
            raise MoveFailed(_("move {number} ({text}) cannot be read: {error}").format(
                number=index, text=shorten(text), error=exc)) from None
        try:
            state = game.apply(state, move)
        except IllegalMove as exc:
            raise MoveFailed(_("move {number} ({text}) is illegal: {reason}").format(
                number=index, text=shorten(text), reason=exc.reason)) from None
    return state


def run_replay(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    state = replay(game, start_state(game, args), args.moves.split())
    out = game.format_position(state)
    if game.is_won(state):
        out += "# won\n"
    if args.legal:
        out += "\n" + "".join(game.format_move(m) + "\n" for m in game.legal_moves(state))
    sys.stdout.write(out)
    return 0


# --- play ----------------------------------------------------------------------
def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, game_required=False, deal_required=False)
    parser.add_argument("--moves", default="", metavar="MOVES",
                        help=_("moves to play first, separated by spaces (see 'solitaire replay')"))
    parser.add_argument("--position", metavar="FILE",
                        help=_("start from the position text in FILE ('-': standard input) instead of a deal"))
    parser.add_argument("--screenshot", metavar="FILE.png",
                        help=_("render the table offscreen to this PNG and exit"))


def find_frontend() -> Callable[[dict], Any]:
    found = [ep for ep in entry_points(group=FRONTEND_GROUP) if ep.name == FRONTEND]
    if not found:
        raise UsageError(_("no front end installed (entry point {name} in group {group})").format(
            name=repr(FRONTEND), group=repr(FRONTEND_GROUP)))
    try:
        return found[0].load()
    except Exception as exc:  # a missing Qt library, a broken front end
        raise UsageError(_("the {name} front end failed to load ({error})").format(
            name=FRONTEND, error=f"{type(exc).__name__}: {exc}")) from None


def run_play(args: argparse.Namespace) -> int:
    """Hand over to the front end: ``main(options: dict) -> int | None``.

    The dict holds ``game`` (an installed game id, or None: the front end
    chooses), ``deal`` (int or None: a new random deal), ``options`` (the
    ``-o`` options given, checked and coerced to the game's values; the front
    end fills in the rest), ``screenshot`` (a PNG path, or None) and, for a game in
    progress, ``moves`` (move texts to play first, checked here) and ``position`` (a
    position text to start from instead of the deal).
    """
    options: dict[str, Any] = {}
    request: dict[str, Any] = {}
    if args.game is not None:
        game = find_game(args.game)
        options = given_options(game, args)
        if args.position is not None or args.moves.strip():
            if args.position is None and args.deal is None:
                raise UsageError(_("--moves needs --deal N or --position FILE"))
            start = start_state(game, args)
            replay(game, start, args.moves.split())  # a bad move is refused here, in words
            request = {"moves": args.moves.split()}
            if args.position is not None:
                request["position"] = game.format_position(start)
    elif args.options or args.deal is not None or args.moves.strip() or args.position is not None:
        raise UsageError(_("-o, --deal, --moves and --position need a GAME"))
    frontend = find_frontend()
    status = frontend({"game": args.game, "deal": args.deal, "options": options,
                       "screenshot": args.screenshot, **request})
    return status if isinstance(status, int) else 0


# --- new-game --------------------------------------------------------------------
def add_new_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", metavar="NAME", help=_("the new game's id, a short lowercase word (my-game)"))
    parser.add_argument("--from", dest="parent", metavar="GAME",
                        help=_("make it a variant of this installed game (a subclass with amendments)"))
    parser.add_argument("--dir", default=".", metavar="FOLDER",
                        help=_("the project is written into FOLDER/solitaire-NAME (default: the current folder)"))


def run_new_game(args: argparse.Namespace) -> int:
    from . import newgame

    parent = find_game(args.parent) if args.parent else None
    try:
        project = newgame.write(args.name, Path(args.dir), parent)
    except (ValueError, OSError) as exc:
        raise UsageError(str(exc)) from None
    print(_("wrote {project}: install it with 'pip install -e {project}', then run 'pytest {project}'").format(
        project=project))
    return 0


VERBS: list[Verb] = [  # help texts marked with N_, shown translated
    Verb("list", N_("every installed game with its options"), add_list_arguments, run_list),
    Verb("show", N_("the position text of a deal"), add_game_arguments, run_show),
    Verb("replay", N_("apply moves to a deal or position and print the result"), add_replay_arguments, run_replay),
    Verb("play", N_("open the table (the Qt front end)"), add_play_arguments, run_play,
         lambda args: PATIENCE if args.screenshot else None),
    Verb("stats", N_("statistics of the games played, as a table"), add_stats_arguments, run_stats),
    Verb("solve", N_("is a deal winnable? and the moves that win it"), add_solve_arguments, run_solve,
         lambda args: args.budget + SEARCH_GRACE + PATIENCE),  # the search watches itself first
    Verb("winnability", N_("solve many deals at once: shares winnable, unwinnable, unknown"),
         add_winnability_arguments, run_winnability, lambda args: None),
    Verb("survey", N_("solve a range of deals on Dask, keeping every answer; --report: the shares"),
         add_survey_arguments, run_survey, lambda args: None),
    Verb("new-game", N_("write a plugin project for a new game (or a variant: --from GAME)"),
         add_new_game_arguments, run_new_game),
]


def build_parser() -> Parser:
    argparse._ = _  # argparse's texts in the player's language (ARGPARSE_TEXTS)
    parser = Parser(prog="solitaire", description=_("Solitaire games from the command line."))
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    for verb in VERBS:
        sub = verbs.add_parser(verb.name, help=_(verb.help), description=_(verb.help))
        verb.add_arguments(sub)
        sub.set_defaults(run=verb.run, patience=verb.patience)
    return parser


def failed_game(args: argparse.Namespace | None, exc: Exception) -> str | None:
    """``the game X failed: ...`` when the game the verb names raised ``exc`` in its own code."""
    if isinstance(exc, GameFailed):
        return str(exc)
    game_id = getattr(args, "game", None)
    games = load_games() if game_id else {}
    return game_failure(games[game_id], exc) if game_id in games else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; a reader that leaves early (``solitaire --help | head -1``) ends it
    quietly with status 1, as Python's documentation advises (signal, Note on SIGPIPE)."""
    try:
        status = run(argv, watch=argv is None)
        sys.stdout.flush()  # a closed pipe shows here, whatever the verb or --help wrote, not at exit
        return status
    except BrokenPipeError:
        # stdout on /dev/null, so that the interpreter's own last flush cannot fail again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def run(argv: Sequence[str] | None, watch: bool = False) -> int:
    """The verb ``argv`` names; ``watch``: under the watchdog (the command run from a shell)."""
    args = None
    try:
        args = build_parser().parse_args(argv)
        args.watched = watch
        with watched(args.patience(args) if watch else None):
            return args.run(args)
    except UsageError as exc:
        print(f"solitaire: {exc}", file=sys.stderr)
        return 2
    except MoveFailed as exc:
        print(f"solitaire: {exc}", file=sys.stderr)
        return 1
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except Exception as exc:  # keep last: a plugin's bug is one line naming its game, not a traceback
        failure = failed_game(args, exc)
        if failure is None:
            raise
        print(f"solitaire: {failure}", file=sys.stderr)
        return 1
