"""``tabletop``: the command line of the companion.

Global options may stand anywhere on the line (``tabletop status --json`` and
``tabletop --json status`` are the same). Exit codes: 0 done, 1 failure (for
example a damaged save), 2 bad input or a question without an answer, 130
interrupted.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

from .env import CliError, Env, Exit, current, load_answers_file, set_current

GLOBAL_WITH_VALUE = ("--game", "--lang", "--answers", "--answer", "--dice", "--seed")
GLOBAL_FLAGS = ("--json", "--explain")


def hoist_globals(args: list[str]) -> list[str]:
    """Move the global options to the front so that they work after a sub-command too."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest.extend(args[i:])
            break
        name = a.split("=", 1)[0]
        if name in GLOBAL_FLAGS and "=" not in a:
            front.append(a)
        elif name in GLOBAL_WITH_VALUE:
            if "=" in a:
                front.append(a)
            elif i + 1 < len(args):
                front.extend(args[i : i + 2])
                i += 1
            else:
                front.append(a)
        else:
            rest.append(a)
        i += 1
    return front + rest


def lazy_groups() -> dict[str, tuple[str, bool]]:
    """The games' command groups, built only when used (so that 'tabletop status' does not pay for every game's
    commands): name or alias → (``cli.<game id>``, hidden). A new game needs only its entry in
    ``automata.core.games.GAMES`` and its ``cli/<game id>.py`` defining ``app``."""
    from automata.core.games import GAMES

    out: dict[str, tuple[str, bool]] = {}
    for g in GAMES:
        out[g.id] = (f"cli.{g.id}", False)
        for alias in g.aliases:
            out[alias] = (f"cli.{g.id}", True)
    return out


class CompanionGroup(TyperGroup):
    """Hoists global options, suggests close command names, turns errors into exit codes, and builds the
    games' command groups (and ``new``) only when they are used."""

    def list_commands(self, ctx) -> list[str]:
        names = list(super().list_commands(ctx))
        if ctx.parent is None and self.name != "new":
            lazy = lazy_groups()
            names += [n for n in ("new", *lazy) if n not in names and not (n in lazy and lazy[n][1])]
        return names

    def get_command(self, ctx, name: str):
        cmd = super().get_command(ctx, name)
        if cmd is not None or ctx.parent is not None or self.name == "new":
            return cmd
        built = self.__dict__.setdefault("_lazy", {})
        if name not in built:
            import importlib

            lazy = lazy_groups()
            if name == "new":
                for module in sorted({m for m, _ in lazy.values()}):  # each registers its 'new GAME' command
                    importlib.import_module(module)
                group, hidden = typer.main.get_group(new_app), False
            elif name in lazy:
                module, hidden = lazy[name]
                group = typer.main.get_group(importlib.import_module(module).app)
            else:
                return None
            group.name = name
            group.hidden = hidden
            built[name] = group
        return built[name]

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        if ctx.parent is None:
            args = hoist_globals(list(args))
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx, args: list[str]):
        try:
            return super().resolve_command(ctx, args)
        except Exception as e:  # click's UsageError, vendored or not
            if type(e).__name__ != "UsageError":
                raise
            if args and not args[0].startswith("-"):
                import difflib

                from automata.core.games import UnknownGame, find_game

                try:
                    info = find_game(args[0])
                except UnknownGame:
                    info = None
                if info is not None and not info.available:
                    raise type(e)(current().t("core.error.game_unavailable", name=info.name), ctx) from e

                names = [c for c in self.list_commands(ctx) if not self.get_command(ctx, c).hidden]
                close = difflib.get_close_matches(args[0], names, n=3, cutoff=0.5)
                valid = ", ".join(names)
                t = current().t
                hint = t("core.error.did_you_mean", close=", ".join(close)) if close else ""
                raise type(e)(t("core.error.no_command", name=args[0], hint=hint, valid=valid), ctx) from e
            raise

    def invoke(self, ctx):
        if ctx.parent is not None:
            return super().invoke(ctx)
        try:
            return super().invoke(ctx)
        except CliError as e:
            report_error(e)
            raise typer.Exit(int(e.code)) from None
        except KeyboardInterrupt:
            env = current()
            env.err.print(env.t("core.interrupted"))
            raise typer.Exit(int(Exit.INTERRUPTED)) from None


def report_error(e: CliError) -> None:
    env = current()
    if env.json:
        env.emit_json({"ok": False, "error": e.text, **e.data})
    from rich.markup import escape

    env.err.print(f"[red]{escape(e.text)}[/red]")


app = typer.Typer(
    cls=CompanionGroup,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    help="A companion for board games played at a real table: setup walkthroughs, bots that run "
    "themselves, and the bookkeeping. Start with 'tabletop new GAME', then 'tabletop play'.",
)
new_app = typer.Typer(cls=CompanionGroup, no_args_is_help=True, help="Start a new game: tabletop new GAME [options].")
data_app = typer.Typer(no_args_is_help=True, help="Game data: what is provisional and how to replace it.")
app.add_typer(data_app, name="data")  # 'new' and the games' groups: CompanionGroup.get_command


@app.callback()
def _globals(
    game: Optional[str] = typer.Option(None, "--game", help="The save to use (default: the current one)."),
    json_: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
    lang: Optional[str] = typer.Option(None, "--lang", help="en or pt-BR (default: from the locale)."),
    answers: Optional[Path] = typer.Option(None, "--answers", help="TOML or JSON file: question id -> answer."),
    answer: Optional[List[str]] = typer.Option(None, "--answer", help="ID=VALUE, repeatable."),
    dice: Optional[str] = typer.Option(None, "--dice", help="app (the program rolls) or table (you type your dice)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for a new game's app dice and shuffles."),
    explain: bool = typer.Option(False, "--explain", help="Show the rule behind each decision the program makes."),
) -> None:
    from .lang import LANGS, detect_lang

    env = Env(json=json_, game=game, seed=seed, explain=explain)
    set_current(env)
    try:
        env.lang = detect_lang(lang)
    except ValueError:
        env.lang = "en"
        raise_usage(env.t("core.error.bad_lang", value=lang, valid=", ".join(LANGS)))
    if dice is not None and dice not in ("app", "table"):
        raise_usage(env.t("core.error.bad_dice", value=dice))
    env.dice = dice
    if answers is not None:
        env.answers.update(load_answers_file(answers))
    for item in answer or []:
        if "=" not in item:
            raise_usage(env.t("core.error.bad_answer_flag", value=item))
        key, value = item.split("=", 1)
        env.answers[key.strip()] = value


def raise_usage(text: str) -> None:
    e = CliError(text, Exit.USAGE)
    report_error(e)
    raise typer.Exit(int(Exit.USAGE))


# The commands live in their own modules; importing them registers them (the games' modules are imported when
# their group or 'new' is used: lazy_groups()).
from . import commands  # noqa: E402,F401


def main() -> None:
    try:
        app(prog_name="tabletop")
    except KeyboardInterrupt:  # outside any command (for example while parsing)
        sys.exit(int(Exit.INTERRUPTED))
