"""``tabletop``: the command line of the companion.

Global options may stand anywhere on the line (``tabletop status --json`` and
``tabletop --json status`` are the same). Exit codes: 0 done, 1 failure (for
example a damaged save), 2 bad input or a question without an answer, 130
interrupted.
"""


import os
import sys


from . import _quiet_interrupt_hook  # noqa: E402,F401  (installed by cli/__init__.py, the first code to run)

from pathlib import Path  # noqa: E402
from typing import List, Optional

import typer  # noqa: E402
from typer.core import TyperGroup  # noqa: E402

from .commands import complete  # noqa: E402
from .commands.env import (NUMBER_BOUND, SEED_MAX, CliError, Env, Exit, current, install_data_cache,  # noqa: E402
                  load_answers_file, sane_terminal_size, set_current)


from .words.lang import GLOBAL_WITH_VALUE  # noqa: E402  (the global options that take a value)
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
    ``automata.core.games.GAMES`` and its ``cli/<game id>/`` keeping the contract of ``cli/gamecli.py``."""
    from automata.core.games import GAMES

    from .gamecli import module_name

    out: dict[str, tuple[str, bool]] = {}
    for g in GAMES:
        out[g.id] = (module_name(g.id), False)
        for alias in g.aliases:
            out[alias] = (module_name(g.id), True)
    return out


def new_games_group():
    """The ``new`` group: each registered game's ``new_command`` (``cli/gamecli.py``) under its id, and under every
    other name of the game in ``automata.core.games.GAMES`` as a hidden copy: the one alias table, as for the games'
    groups."""
    import copy

    from automata.core.games import GAMES

    from .gamecli import game_cli

    registered = {info.name for info in new_app.registered_commands}
    for g in sorted(GAMES, key=lambda g: g.id):  # the order the help lists them in
        if g.id not in registered:
            new_app.command(g.id)(game_cli(g.id).new_command)
    group = typer.main.get_group(new_app)
    for g in GAMES:
        cmd = group.commands[g.id]
        for alias in g.aliases:
            if alias not in group.commands:
                clone = copy.copy(cmd)
                clone.hidden = True
                group.add_command(clone, alias)
    return group


class CompanionGroup(TyperGroup):
    """Hoists global options, suggests close command names, turns errors into exit codes, and builds the
    games' command groups (and ``new``) only when they are used."""

    def list_commands(self, ctx) -> list[str]:
        names = list(super().list_commands(ctx))
        if ctx.parent is None and self.name != "new":
            names = [*CORE_COMMANDS, *LAZY_SUBGROUPS, *(n for n in names if n not in CORE_COMMANDS and n not in LAZY_SUBGROUPS)]
            lazy = lazy_groups()
            names += [n for n in ("new", "setup-list", *lazy) if n not in names and not (n in lazy and lazy[n][1])]
        return names

    def get_command(self, ctx, name: str):
        return bound_numbers(self._get_command(ctx, name))

    def unbuilt(self) -> set[str]:
        """The top-level commands not yet made (the shared commands, 'new', 'setup-list', the games' groups): the
        help writes their lines from the catalog alone."""
        if self.name in ("new", "setup-list"):
            return set()
        built = self.__dict__.get("_lazy", {})
        return {n for n in (*CORE_COMMANDS, *LAZY_SUBGROUPS, "new", "setup-list", *lazy_groups())
                if n not in built and n not in self.commands}

    def _get_command(self, ctx, name: str):
        cmd = super().get_command(ctx, name)
        if cmd is not None or ctx.parent is not None or self.name in ("new", "setup-list"):
            return cmd
        built = self.__dict__.setdefault("_lazy", {})
        if name not in built:
            import importlib

            lazy = lazy_groups()
            if name in CORE_COMMANDS:  # a shared command, made into the framework's command when used
                built[name] = typer.main.get_command_from_info(
                    core_command_info(name), pretty_exceptions_short=app.pretty_exceptions_short,
                    rich_markup_mode=app.rich_markup_mode)
                return built[name]
            if name in LAZY_SUBGROUPS:  # 'data', 'collection': as the framework builds a group added to the root
                built[name] = typer.main.get_group_from_info(
                    subgroup_info(name), pretty_exceptions_short=app.pretty_exceptions_short,
                    rich_markup_mode=app.rich_markup_mode, suggest_commands=app.suggest_commands)
                return built[name]
            if name in ("new", "setup-list"):
                group, hidden = new_games_group(), False
                if name == "setup-list":  # the same commands and options, listing the components instead
                    from .setup.setuplist import build_group

                    group = build_group(group, CompanionGroup)
            elif name in lazy:
                module, hidden = lazy[name]
                group = typer.main.get_group(importlib.import_module(module).app)
            else:
                return None
            group.name = name
            group.hidden = hidden
            built[name] = group
        return built[name]

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """The table's language is found first, from the raw command line (so that help and every message of
        the command-line framework speak it)."""
        from .terminal import helpstyle
        from .words.lang import early_lang

        raw = list(sys.argv[1:] if args is None else args)
        _raw_args[:] = raw
        sane_terminal_size()  # COLUMNS=0 or a huge COLUMNS: the terminal's own size instead
        install_data_cache(create=False)  # the catalogs of help and errors, cached once the home has its cache/
        set_current(Env(lang=early_lang(raw)))
        helpstyle.install()
        if os.environ.get("_TABLETOP_COMPLETE"):  # the shell asks for completions: the framework's own classes
            from typer.completion import completion_init

            completion_init()
        try:
            if any("\x00" in a for a in raw):  # no file name or value can hold it (os calls refuse it)
                raise typer.BadParameter(current().t("core.error.nul_argument"))
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except Exception as e:
            if not _is_usage_error(e):
                if type(e).__name__ != "Abort":
                    raise
                if not standalone_mode:
                    raise
                helpstyle.show_aborted()
                sys.exit(1)
            if not standalone_mode:
                raise
            helpstyle.show_error(e)
            sys.exit(getattr(e, "exit_code", int(Exit.USAGE)))
        if not standalone_mode:
            return rv
        sys.exit(rv if isinstance(rv, int) else 0)

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
                from automata.core.games import UnknownGame, find_game

                try:
                    info = find_game(args[0])
                except UnknownGame:
                    info = None
                if info is not None and not info.available:
                    raise type(e)(current().t("core.error.game_unavailable", name=info.name), ctx) from e

                from .terminal.helpstyle import no_such_command  # one wording for every group (the games' groups too)

                raise type(e)(no_such_command(ctx, args[0]), ctx) from e
            raise

    def invoke(self, ctx):
        if ctx.parent is not None:
            return super().invoke(ctx)
        try:
            return super().invoke(ctx)
        except CliError as e:
            report_error(e)
            raise typer.Exit(int(e.code)) from None
        except KeyboardInterrupt as e:
            env = current()  # what was interrupted may say more (cli/setup/newgame.py: no save was made)
            env.err.print(env.t(getattr(e, "message_id", "core.interrupted"), **getattr(e, "params", {})))
            raise typer.Exit(int(Exit.INTERRUPTED)) from None
        except BrokenPipeError:  # the program reading the output has gone ('tabletop log | head -1'): exit quietly
            _silence_stdout()
            raise typer.Exit(int(Exit.FAILURE)) from None
        except OSError as e:
            report_error(os_error(e))
            raise typer.Exit(int(Exit.FAILURE)) from None
        except Exception as e:
            if _is_cli_flow(e) or os.environ.get("TABLETOP_DEBUG"):
                raise
            report_error(internal_error(e))
            raise typer.Exit(int(Exit.FAILURE)) from None


def _is_usage_error(e: BaseException) -> bool:
    """One of the framework's errors of the command line (a usage error, an unknown option, a bad value...)."""
    return hasattr(e, "exit_code") and hasattr(e, "show") and hasattr(e, "format_message")


def _is_cli_flow(e: BaseException) -> bool:
    """typer.Exit, Abort and click's usage errors: the command line's own way out, not a failure of ours."""
    return isinstance(e, (typer.Exit, typer.Abort)) or (hasattr(e, "exit_code") and hasattr(e, "show"))


def os_error(e: OSError) -> CliError:
    """A file operation that failed (full disk, read-only home, no permission): one line, exit 1."""
    import errno as errno_

    env = current()
    name = errno_.errorcode.get(e.errno or 0, "")
    key = f"core.os.{name}"
    problem = env.t(key) if name and env.t.template(key, "en") else (e.strerror or str(e))
    if e.errno == errno_.EPIPE:
        _silence_stdout()
        return CliError(env.t("core.error.output", problem=problem), Exit.FAILURE, {"error": "output"})
    path = e.filename
    if path is None:
        return CliError(env.t("core.error.os_no_path", problem=problem), Exit.FAILURE, {"error": "os", "errno": name})
    return CliError(env.t("core.error.os", path=str(path), problem=problem), Exit.FAILURE,
                    {"error": "os", "errno": name, "file": str(path)})


def internal_error(e: BaseException) -> CliError:
    env = current()
    what = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
    return CliError(env.t("core.error.internal", problem=what[:300]), Exit.FAILURE, {"error": "internal"})


def _silence_stdout() -> None:
    """After a broken pipe, send what is left for stdout nowhere (so that exiting does not fail again)."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError, AttributeError):
        pass


def bound_numbers(cmd):
    """Give every whole-number parameter of ``cmd`` (and of its sub-commands) a range: its own, with a missing
    end set to ±NUMBER_BOUND."""
    if cmd is None or getattr(cmd, "_tabletop_bounded", False):
        return cmd
    cmd._tabletop_bounded = True
    for param in getattr(cmd, "params", ()):
        typ = param.type
        types_mod = sys.modules[type(typ).__module__]
        int_range = getattr(types_mod, "IntRange", None)
        if int_range is None:
            continue
        if type(typ).__name__ == "IntParamType":
            param.type = int_range(-NUMBER_BOUND, NUMBER_BOUND)
        elif isinstance(typ, int_range) and (typ.min is None or typ.max is None):
            param.type = int_range(-NUMBER_BOUND if typ.min is None else typ.min,
                                   NUMBER_BOUND if typ.max is None else typ.max,
                                   min_open=typ.min_open, max_open=typ.max_open, clamp=typ.clamp)
    for sub in getattr(cmd, "commands", {}).values():
        bound_numbers(sub)
    return cmd


def report_error(e: CliError) -> None:
    env = current()
    if env.json:
        env.emit_json({"ok": False, "error": e.text, **e.data})
    from rich.markup import escape

    env.err.print(f"[red]{escape(e.text)}[/red]")


app = typer.Typer(
    cls=CompanionGroup,
    no_args_is_help=True,
    add_completion=False,  # --install-completion and --show-completion are global options below (cheaper)
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="A companion for board games played at a real table: setup walkthroughs, bots that run "
    "themselves, and the bookkeeping. Start with 'tabletop new GAME', then 'tabletop play'.",
)
new_app = typer.Typer(cls=CompanionGroup, no_args_is_help=True, rich_markup_mode=None, help="Start a new game: tabletop new GAME [options].")


def _version(value: bool) -> None:
    if not value:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("tabletop-companion")
    except PackageNotFoundError:  # run from a source tree that is not installed
        number = "0+unknown"
    sys.stdout.write(f"tabletop {number}\n")
    raise typer.Exit(0)


def _completion_shell() -> str:
    """The shell completion is for: the running one (bash, zsh or fish), else an error saying which are valid."""
    from typer._completion_shared import _get_shell_name

    detected = None if os.environ.get("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION") else _get_shell_name()
    shell = (detected or os.path.basename(os.environ.get("SHELL", ""))).lower()
    if shell not in ("bash", "zsh", "fish"):
        env = current()
        raise_usage(env.t("core.help.err.shell", shell=shell or "?", valid="bash, zsh, fish"))
    return shell


def _show_completion(value: bool) -> None:
    if not value:
        return
    from typer.completion import completion_init, get_completion_script

    shell = _completion_shell()
    completion_init()
    sys.stdout.write(get_completion_script(prog_name="tabletop", complete_var="_TABLETOP_COMPLETE", shell=shell) + "\n")
    raise typer.Exit(0)


def _install_completion(value: bool) -> None:
    if not value:
        return
    from typer._completion_shared import install
    from typer.completion import completion_init

    shell = _completion_shell()
    completion_init()
    shell, path = install(shell=shell, prog_name="tabletop", complete_var="_TABLETOP_COMPLETE")
    env = current()
    env.out.print(env.t("core.help.completion_installed", shell=shell, path=str(path)))
    raise typer.Exit(0)


@app.callback()
def _globals(
    game: Optional[str] = typer.Option(None, "--game", help="The save to use (default: the current one).",
                                       autocompletion=complete.save_names),
    json_: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
    lang: Optional[str] = typer.Option(None, "--lang", help="en or pt-BR (default: TABLETOP_LANG, else the language the game was started in, else the locale)."),
    answers: Optional[Path] = typer.Option(None, "--answers", help="TOML or JSON file: question id -> answer."),
    answer: Optional[List[str]] = typer.Option(None, "--answer", help="ID=VALUE, repeatable."),
    dice: Optional[str] = typer.Option(None, "--dice", help="app (the program rolls) or table (you type your dice)."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=SEED_MAX, help="Seed for a new game's app dice and shuffles."),
    explain: bool = typer.Option(False, "--explain", help="Show the rule behind each decision the program makes."),
    version: bool = typer.Option(False, "--version", "-V", is_eager=True, callback=_version, expose_value=False,
                                 help="Show the program's version and exit."),
    install_completion: bool = typer.Option(False, "--install-completion", is_eager=True, callback=_install_completion,
                                            expose_value=False, help="Install completion of commands and options for your shell (bash, zsh or fish)."),
    show_completion: bool = typer.Option(False, "--show-completion", is_eager=True, callback=_show_completion,
                                         expose_value=False, help="Show the completion script for your shell, to install it yourself."),
) -> None:
    from .words.lang import LANGS, bad_env_lang, normalise_lang

    env = Env(json=json_, game=game, seed=seed, explain=explain)
    early = current().lang  # the language found before parsing (CompanionGroup.main), used to say a wrong --lang
    set_current(env)
    try:  # the language found before parsing, from the same command line, unless --lang says another
        env.lang = normalise_lang(lang) if lang is not None else early  # --lang '' is a wrong language, not none
    except ValueError:
        env.lang = early
        raise_usage(env.t("core.error.bad_lang", value=lang, valid=", ".join(LANGS)))
    _refuse_unshowable_output(env)
    if not lang and bad_env_lang():
        from rich.markup import escape

        env.err.print(escape(env.t("core.warning.bad_lang_env", value=bad_env_lang(), valid=", ".join(LANGS))))
    if dice is not None and dice not in ("app", "table"):
        raise_usage(env.t("core.error.bad_dice", value=dice))
    env.dice = dice
    if answers is not None:
        env.answers.update(load_answers_file(answers))
    given: dict[str, list[str]] = {}
    for item in answer or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise_usage(env.t("core.error.bad_answer_flag", value=item))
        given.setdefault(key.strip(), []).append(value)
    for key, values in given.items():  # the same id twice: which one was meant cannot be guessed
        if len(values) > 1:
            raise_usage(env.t("core.error.answer_twice", id=key, values=", ".join(f"'{v}'" for v in values)))
        env.answers[key] = values[0]
    if env.answers:
        from .inplay.answers import answers_problem

        problem = answers_problem(env.answers)
        if problem:
            raise_usage(env.t(problem[0], **problem[1]))


#: The raw command line being run (CompanionGroup.main), for what the parsed context no longer holds.
_raw_args: list[str] = []


def _refuse_unshowable_output(env: Env) -> None:
    """A command whose text goes to an output that cannot show it (PYTHONIOENCODING=ascii, a latin-1 locale) is refused
    before it does anything, with one line saying how to fix it: its text would be '?' boxes, and a half-written
    'play' is worse. --json (escaped JSON), --version and help work in any encoding."""
    from .commands.env import encoding_problem

    try:
        from typer._click.globals import get_current_context  # the command-line framework's current command
    except ImportError:  # pragma: no cover - another packaging of the framework
        from click import get_current_context
    ctx = get_current_context(silent=True)
    if ctx is None or not ctx.invoked_subcommand or env.json:
        return
    if any(a in ("--help", "-h") for a in _raw_args[: _raw_args.index("--") if "--" in _raw_args else None]):
        return
    encoding = encoding_problem(sys.stdout)
    if encoding:
        raise CliError(env.t("core.error.output_encoding", encoding=encoding), Exit.FAILURE,
                       {"error": "output_encoding", "encoding": encoding})


def raise_usage(text: str) -> None:
    e = CliError(text, Exit.USAGE)
    report_error(e)
    raise typer.Exit(int(Exit.USAGE))


# The shared commands live in cli/commands/shared.py (which does not import this module), 'fix', 'export' and 'collection' in
# their own modules, imported when used; the games' modules are imported when their group or 'new' is used:
# lazy_groups().
from .commands import shared as commands  # noqa: E402


def _command_name(info) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)


#: The shared commands, in the order of the help: each made into the framework's command only when it is used
#: (CompanionGroup.get_command), so that a command does not pay for building all the others. Those of their own
#: module are named by (module, its Typer) and imported then too.
CORE_COMMANDS: dict = {_command_name(info): info for info in commands.core.registered_commands}
CORE_COMMANDS.update({"fix": ("cli.corrections.fix", "fix_app"), "remind": ("cli.inplay.remind", "remind_app"),
                      "export": ("cli.aftergame.export", "export_app")})
#: The shared groups, made into the framework's groups only when used (CompanionGroup.get_command), as the framework
#: makes a group added to the root with ``app.add_typer(<its Typer>, name=...)``: the Typer, or (module, its Typer).
LAZY_SUBGROUPS: dict = {"data": commands.data_app, "collection": ("cli.setup.collection", "collection_app")}


def _typer_of(where):
    if isinstance(where, tuple):
        import importlib

        return getattr(importlib.import_module(where[0]), where[1])
    return where


def core_command_info(name: str):
    """The framework's description of the shared command ``name`` (its module imported now if need be)."""
    found = CORE_COMMANDS[name]
    if isinstance(found, tuple):
        (found,) = [i for i in _typer_of(found).registered_commands if _command_name(i) == name]
        CORE_COMMANDS[name] = found
    return found


def subgroup_info(name: str):
    """The framework's description of the shared group ``name``, as ``app.add_typer`` records it."""
    app.add_typer(_typer_of(LAZY_SUBGROUPS[name]), name=name)
    return app.registered_groups.pop()


def main() -> None:
    code = _run()
    try:  # what is still buffered for a pipe whose reader has gone: dropped quietly, not an "Exception ignored"
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        code = code or int(Exit.FAILURE)
    except (OSError, ValueError):
        pass
    try:  # the work is done and said: a Ctrl-C from now on (flushing, exiting) changes nothing and shows nothing
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError, AttributeError):
        pass
    sys.exit(code)


def _run() -> int:
    """Run the command line; the exit code. Never raises (but TABLETOP_DEBUG=1 shows the traceback of a bug)."""
    try:
        from .commands.env import transliterate_unshowable

        # an output that cannot show a character gets it in ASCII, never a crash: the error lines, help and
        # --version; the commands refuse such an output up front (_refuse_unshowable_output)
        transliterate_unshowable(sys.stderr)
        transliterate_unshowable(sys.stdout)
        if not _stdout_usable():
            _early_error("core.error.stdout_closed")
            return int(Exit.FAILURE)
        app(prog_name="tabletop")
        return 0
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except KeyboardInterrupt:  # outside any command (for example while parsing)
        return int(Exit.INTERRUPTED)
    except BrokenPipeError:  # the reader of the output has gone: quietly, like other command-line tools
        _silence_stdout()
        return int(Exit.FAILURE)
    except OSError as e:  # outside any command
        report_error(os_error(e))
        return int(Exit.FAILURE)
    except Exception as e:  # outside any command: one line, never a traceback
        if os.environ.get("TABLETOP_DEBUG"):
            raise
        report_error(internal_error(e))
        return int(Exit.FAILURE)


def _stdout_usable() -> bool:
    if sys.stdout is None:
        return False
    try:
        os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return True


def _early_error(key: str, **params) -> None:
    """One line on stderr before the environment exists (stdout unusable)."""
    try:
        from .words.i18n import Translator
        from .words.lang import early_lang

        try:
            lang = early_lang(sys.argv[1:])
        except Exception:
            lang = "en"
        text = Translator(lang)(key, **params)
        if sys.stderr is not None:
            sys.stderr.write(text + "\n")
            sys.stderr.flush()
    except Exception:
        pass
