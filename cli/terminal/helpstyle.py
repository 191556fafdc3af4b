"""One help style for every command, and the command-line framework's own words in the table's language.

Every screen's help has the same parts: Usage, the command's text, Arguments, Options, Commands (for a group),
Global options (under every sub-command: they are accepted anywhere on the line) and Examples. The texts come
from the catalogs (``cli/locales/<lang>/core_help.toml``): ``core.help.cmd.<path>`` for a command (``<path>`` is
its words after ``tabletop``, joined by dots: ``toc.mat``; the root is ``core.help.cmd.tabletop``) and
``core.help.opt.<path>.<parameter>`` for its options and arguments (``core.help.opt.<parameter>`` for the global
options); the English catalog holds the same texts as the code, which stays their fallback.

The framework's errors ("Usage:", "No such option", "Missing argument", "Invalid value", "Try … for help") are
said here from the same catalogs (``core.help.*``), in the language found before the command line was parsed.

This module is imported only when help or a usage error is shown (start-up of the other commands does not move).
"""

from __future__ import annotations

import re
import sys

from ..commands.env import current

#: Examples of every screen of the core, by command path (the same command lines in every language); a game's own
#: screens (its group, 'new GAME', 'setup-list GAME') have theirs in its package, ``HELP_EXAMPLES`` (cli/gamecli.py).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "tabletop": ("tabletop new chaos", "tabletop play", "tabletop status", "tabletop --lang pt-BR rules chaos"),
    "play": ("tabletop play", "tabletop play --steps 1", "tabletop play --answer chaos.setup.1=yes"),
    "status": ("tabletop status", "tabletop status --json", "tabletop --game friday status"),
    "log": ("tabletop log", "tabletop log --last 5", "tabletop log --raw --explain"),
    "undo": ("tabletop undo", "tabletop undo 3", "tabletop undo 0"),
    "fix": ("tabletop fix --list", "tabletop fix \"hand a 3\"", "tabletop fix \"+2 water; camp a 2 damaged\""),
    "games": ("tabletop games", "tabletop games --json"),
    "use": ("tabletop use friday", "tabletop use chaos-1"),
    "restore": ("tabletop restore", "tabletop restore friday"),
    "export": ("tabletop export --bgstats play.bgsplay", "tabletop export --bgstats play.bgsplay --qr",
               "tabletop --game friday export --json"),
    "serve": ("tabletop serve", "tabletop serve --lan", "tabletop serve --port 8000"),
    "rules": ("tabletop rules", "tabletop rules chaos", "tabletop rules chaos desolacao", "tabletop rules toc senado"),
    "data": ("tabletop data check", "tabletop data check toc"),
    "collection": ("tabletop collection", "tabletop collection --json", "tabletop collection remove anachrony intrigues"),
    "collection.add": ("tabletop collection add anachrony intrigues", "tabletop collection add radlands cult_of_chrome"),
    "collection.remove": ("tabletop collection remove anachrony intrigues",),
    "data.check": ("tabletop data check", "tabletop data check chaos", "tabletop data check --json"),
    "new": ("tabletop new chaos", "tabletop new toc --humans 2", "tabletop new radlands --players Ana,Bruno",
            "tabletop new anachrony --players 1 --opponent chronobot"),
    "setup-list": ("tabletop setup-list chaos --powers khorne,nurgle,tzeentch", "tabletop setup-list toc --humans 2",
                   "tabletop --lang pt-BR setup-list anachrony --players 3 --modules all"),
}


def _aliases() -> dict[str, str]:
    from automata.core.games import GAMES

    return {alias: g.id for g in GAMES for alias in g.aliases}


def command_path(ctx) -> str:
    """The key of a screen: its command words after the program's name, game aliases made canonical."""
    words = []
    c = ctx
    while c is not None and c.parent is not None:
        words.append(c.info_name or "")
        c = c.parent
    if not words:
        return ""
    aliases = _aliases()
    return ".".join(aliases.get(w, w) for w in reversed(words))


_english: dict[str, str] | None = None


def _en_table() -> dict[str, str]:
    """The English help catalog alone (cheaper than the Translator: 'tabletop --help' starts as fast as before)."""
    global _english
    if _english is None:
        from pathlib import Path

        from automata.core.datafiles import read_toml  # through the parsed-file cache

        _english = read_toml(Path(__file__).parents[1] / "locales" / "en" / "core_help.toml")
    return _english


def _t(key: str, **params) -> str:
    """A help or framework message in the table's language."""
    env = current()
    if env.lang == "en":
        text = _en_table().get(key)
        if text is not None:
            return text.format(**params) if params else text
    return env.t(key, **params)


def _tr(key: str) -> str | None:
    env = current()
    if env.lang == "en":
        return _en_table().get(key)
    t = env.t
    return t(key) if (t.template(key) or t.template(key, "en")) else None


def command_text(cmd, path: str) -> str:
    import inspect

    return _tr(f"core.help.cmd.{path or 'tabletop'}") or inspect.cleandoc(cmd.help or "")


def param_text(param, path: str) -> str | None:
    if not hasattr(param, "_tabletop_help"):
        param._tabletop_help = getattr(param, "help", None)  # the code's English text
    own = _tr(f"core.help.opt.{path}.{param.name}") if path else None
    return own or _tr(f"core.help.opt.{param.name}") or param._tabletop_help


def _extras(text: str) -> str:
    t = _t
    text = text.replace("[default: ", f"[{t('core.help.default')}: ").replace("[required]", f"[{t('core.help.required')}]")
    return re.sub(r"(?<=[\[;] )required\]|(?<=\[)required\]", f"{t('core.help.required')}]", text)


def records(cmd, ctx, path: str, params=None):
    out_args, out_opts = [], []
    for param in params if params is not None else cmd.get_params(ctx):
        if getattr(param, "hidden", False):
            continue
        if hasattr(param, "help"):
            param.help = param_text(param, path)
        rec = param.get_help_record(ctx)
        if rec is None and param.param_type_name == "argument":
            rec = (param.make_metavar(ctx) if _takes_ctx(param) else param.make_metavar(), param_text(param, path) or "")
        if rec is None:
            continue
        rec = (_with_metavar(param, ctx, rec[0]), _extras(_real_ranges(rec[1] or "")))
        (out_args if param.param_type_name == "argument" else out_opts).append(rec)
    return out_args, out_opts


#: A metavar's words (``<int range>``, ``DICE``, ``POWER=N``, an argument's name): each one with a catalog entry
#: ``core.help.metavar.<word>`` is said in the table's language, in the same case; letters alone stay.
_METAVAR_WORD = r"<([a-z ]+)>|\b([A-Za-z]{2,})\b"


def metavar(text: str) -> str:
    """A metavar in the table's language (``<int range>`` → ``<número>``, ``DICE`` → ``DADOS``)."""
    if current().lang == "en":
        return text

    def said(m: re.Match) -> str:
        if m.group(1):
            own = _tr(f"core.help.metavar.{m.group(1).replace(' ', '_')}")
            return f"<{own}>" if own else m.group(0)
        word = m.group(2)
        own = _tr(f"core.help.metavar.{word.lower()}")
        if not own:
            return word
        return own.upper() if word.isupper() else own

    return re.sub(_METAVAR_WORD, said, text)


def _with_metavar(param, ctx, shown: str) -> str:
    """A help record's first column with its metavar (never the option's own name) in the table's language."""
    try:
        mv = param.make_metavar(ctx) if _takes_ctx(param) else param.make_metavar()
    except Exception:  # pragma: no cover - a parameter of the framework's own without a metavar
        return shown
    if getattr(param, "is_flag", False) or not mv or not shown.endswith(mv):
        return shown
    return shown[: len(shown) - len(mv)] + metavar(mv)


_RANGE = r"^(?:-?\d+<=?)?x(?:<=?-?\d+)?$|^x>=?-?\d+$|^-?\d+<=?x<=?-?\d+$"


def _real_ranges(text: str) -> str:
    """The help's bracket without a range that only guards the program (±NUMBER_BOUND, the largest seed): a
    range is shown when both its ends are the rule's."""
    from ..commands.env import NUMBER_BOUND, SEED_MAX

    sentinels = {str(NUMBER_BOUND), str(-NUMBER_BOUND), str(SEED_MAX)}
    if not any(n in text for n in sentinels):
        return text

    def kept(m: re.Match) -> str:
        parts = [p for p in m.group(1).split("; ")
                 if not (re.match(_RANGE, p) and any(n in sentinels for n in re.findall(r"-?\d+", p)))]
        return f"[{'; '.join(parts)}]" if parts else ""

    return re.sub(r"\s*\[([^\[\]]*)\]\s*$", lambda m: ("  " + kept(m)) if kept(m) else "", text)


def _takes_ctx(param) -> bool:
    import inspect

    try:
        return len(inspect.signature(param.make_metavar).parameters) >= 1
    except (TypeError, ValueError):
        return False


def format_usage(self, ctx, formatter) -> None:
    t = _t
    pieces = " ".join(metavar(p) for p in self.collect_usage_pieces(ctx))
    pieces = pieces.replace("[OPTIONS]", t("core.help.usage_options")).replace("COMMAND [ARGS]...", t("core.help.usage_command"))
    formatter.write_usage(ctx.command_path, pieces, prefix=t("core.help.usage") + " ")


def format_help(self, ctx, formatter) -> None:
    t = _t
    path = command_path(ctx)
    self.format_usage(ctx, formatter)
    text = command_text(self, path)
    if text:
        formatter.write_paragraph()
        with formatter.indentation():
            for i, para in enumerate(text.split("\n\n")):
                if i:
                    formatter.write_paragraph()
                formatter.write_text(para)
    args, opts = records(self, ctx, path)
    if args:
        with formatter.section(t("core.help.arguments")):
            formatter.write_dl(args)
    if opts:
        with formatter.section(t("core.help.options")):
            formatter.write_dl(opts)
    if hasattr(self, "list_commands"):
        rows = []
        for name in self.list_commands(ctx):
            sub_path = f"{path}.{name}" if path else name
            said = _unbuilt_text(self, ctx, name)
            if said is not None:  # a game's group (or 'new') not built: its line comes from the catalog alone
                rows.append((name, _short(said)))
                continue
            sub = self.get_command(ctx, name)
            if sub is None or sub.hidden:
                continue
            rows.append((name, _short(command_text(sub, _canonical(sub_path)))))
        if rows:
            with formatter.section(t("core.help.commands")):
                formatter.write_dl(rows)
    if ctx.parent is not None:
        root_ctx = ctx.find_root()
        _, globals_ = records(root_ctx.command, root_ctx, "", [p for p in root_ctx.command.params
                                                               if p.name not in ("help", "version", "install_completion", "show_completion")])
        with formatter.section(t("core.help.global_options")):
            formatter.write_dl(globals_)
    examples = examples_of(path)
    with formatter.section(t("core.help.examples")):
        for line in examples:  # a command line is never wrapped
            formatter.write(" " * formatter.current_indent + line + "\n")


def _unbuilt_text(group, ctx, name: str) -> str | None:
    """The catalog's text of a top-level command built only when used (a shared command, a game's group, 'new'), so
    that 'tabletop --help' builds none and imports no game; None for any other command (or a text the catalog
    lacks: the command is built)."""
    unbuilt = getattr(group, "unbuilt", None)
    if ctx.parent is not None or unbuilt is None or name not in unbuilt():
        return None
    return _tr(f"core.help.cmd.{name}")


def _canonical(path: str) -> str:
    aliases = _aliases()
    return ".".join(aliases.get(w, w) for w in path.split("."))


def examples_of(path: str) -> tuple[str, ...]:
    """The examples of a screen: the core's, else the game's own (``HELP_EXAMPLES``), else the plain run and --json."""
    key = path or "tabletop"
    game = _game_of(key)
    found = EXAMPLES.get(key) if game is None else _game_examples(game).get(key)
    return found or _default_examples(path)


def all_examples() -> dict[str, tuple[str, ...]]:
    """Every screen's own examples: the core's, then each registered game's."""
    from automata.core.games import GAMES

    out = dict(EXAMPLES)
    for g in GAMES:
        out.update(_game_examples(g.id))
    return out


def _game_of(key: str) -> str | None:
    """The game whose screen ``key`` is (its group, ``new.<game>``, ``setup-list.<game>``), or None (the core's)."""
    from automata.core.games import GAMES

    words = key.split(".")
    word = words[1] if words[0] in ("new", "setup-list") and len(words) > 1 else words[0]
    return next((g.id for g in GAMES if g.id == word), None)


def _game_examples(game_id: str) -> dict[str, tuple[str, ...]]:
    from ..gamecli import optional

    return optional(game_id, "HELP_EXAMPLES")


def _default_examples(path: str) -> tuple[str, ...]:
    """A game helper's screen without its own examples: its plain run and its help."""
    words = " ".join(path.split("."))
    return (f"tabletop {words}", f"tabletop {words} --json")


def _short(text: str) -> str:
    """A command's line in a list of commands: its text up to the first sentence mark outside parentheses (a cut
    inside them left "Export a game (default" with its parenthesis open)."""
    first = text.strip().split("\n\n")[0].replace("\n", " ")
    depth = 0
    for i, ch in enumerate(first):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and ch in ".:;" and first[i + 1:i + 2].isspace():
            first = first[:i]
            break
    return first.rstrip(".:;")


_installed = False


def install() -> None:
    """Every command of the framework formats its help and usage here (the classes are patched once)."""
    global _installed
    if _installed:
        return
    _installed = True
    from typer.core import TyperCommand, TyperGroup

    for cls in (TyperCommand, TyperGroup):
        cls.format_help = format_help
        cls.format_usage = format_usage


# -- the framework's errors -------------------------------------------------------------------------------------

_PATTERNS = (
    (r"^Option '(?P<name>.+)' requires an argument\.$", "core.help.err.needs_value"),
    (r"^Option '(?P<name>.+)' requires (?P<n>\d+) arguments\.$", "core.help.err.needs_values"),
    (r"^Option '(?P<name>.+)' does not take a value\.$", "core.help.err.no_value"),
    (r"^Got unexpected extra arguments?(?:\(s\))? \((?P<values>.*)\)$", "core.help.err.extra"),
    (r"^(?P<value>.+) is not a valid (?:integer|int range|integer range)\.$", "core.help.err.not_integer"),
    (r"^(?P<value>.+) is not a valid float(?: range)?\.$", "core.help.err.not_number"),
    (r"^(?P<value>.+) is not a valid boolean\..*$", "core.help.err.not_boolean"),
    (r"^(?P<value>.+) is not in the range (?P<range>.+)\.$", "core.help.err.range"),
    (r"^(?P<value>.+) is not one of (?P<valid>.+)\.$", "core.help.err.not_one_of"),
)


def framework_text(message: str) -> str:
    """A message of the framework in the table's language (a message of the program's own is left as it is)."""
    for pattern, key in _PATTERNS:  # compiled on first use (only when an error is said)
        m = re.match(pattern, message)
        if m:
            return _t(key, **m.groupdict())
    return message


def show_error(e) -> None:
    """Say a usage error of the command line as the framework would, in the table's language; stderr."""
    from rich.markup import escape

    env = current()
    t = _t
    err = env.err
    kind = type(e).__name__
    ctx = getattr(e, "ctx", None)
    if kind == "NoArgsIsHelpError":
        sys.stderr.write(ctx.get_help() + "\n")
        return
    if ctx is not None:
        sys.stderr.write(ctx.get_usage() + "\n")
        if ctx.command.get_help_option(ctx) is not None:
            sys.stderr.write(t("core.help.try", command=f"{ctx.command_path} {ctx.help_option_names[0]}") + "\n")
        sys.stderr.write("\n")
    err.print(f"[red]{escape(t('core.help.error', message=_message(e)))}[/red]")


def _message(e) -> str:
    t = _t
    kind = type(e).__name__
    ctx = getattr(e, "ctx", None)
    param = getattr(e, "param", None)
    hint = getattr(e, "param_hint", None)
    if hint is None and param is not None and ctx is not None:
        hint = param.get_error_hint(ctx)
    elif isinstance(hint, (list, tuple)):
        hint = " / ".join(f"'{h}'" for h in hint)
    if hint and "'-" not in hint:  # an argument ('DICE', 'name') as the usage line says it; an option stays itself
        hint = metavar(hint)
    if kind == "NoSuchOption":
        close = sorted(getattr(e, "possibilities", None) or [])
        text = t("core.help.err.no_such_option", name=e.option_name)
        return text + (" " + t("core.help.err.did_you_mean", close=", ".join(close)) if close else "")
    if kind == "MissingParameter":
        what = getattr(e, "param_type", None) or (param.param_type_name if param is not None else "parameter")
        key = f"core.help.err.missing_{what}" if what in ("argument", "option") else "core.help.err.missing_parameter"
        return t(key, name=hint or "")
    if kind == "BadParameter":
        problem = framework_text(e.message)
        return t("core.help.err.invalid_for", name=hint, problem=problem) if hint else t("core.help.err.invalid", problem=problem)
    text = e.format_message()
    m = re.match(_NO_COMMAND, text)
    if m and kind == "UsageError" and ctx is not None and hasattr(ctx.command, "list_commands"):
        return no_such_command(ctx, m["name"])
    return framework_text(text)


_NO_COMMAND = r"^No such command '(?P<name>.+?)'\."


def no_such_command(ctx, name: str) -> str:
    """"No such command" for any group of commands (the top level, ``new``, every game's group, ``data``), in the
    table's language: the closest commands, then every valid one."""
    from automata.core.closest import close_matches

    group = ctx.command
    names = [c for c in group.list_commands(ctx) if not getattr(group.get_command(ctx, c), "hidden", False)]
    if group.name in GAME_GROUPS:  # their commands are the games: the closest of every name a game answers to
        from automata.core.games import UnknownGame, find_game

        try:
            find_game(name)
        except UnknownGame as unknown:
            close = unknown.close
        else:
            close = []
        hint = _t("core.error.did_you_mean", close=", ".join(close)) if close else ""
        return _t("core.error.no_game", name=name, hint=hint, valid=", ".join(names))
    close = close_matches(name, names)
    hint = _t("core.error.did_you_mean", close=", ".join(close)) if close else ""
    return _t("core.error.no_command", name=name, hint=hint, valid=", ".join(names))


GAME_GROUPS = ("new", "setup-list")  # the groups whose commands are the games of the registry


def show_aborted() -> None:
    current().err.print(_t("core.help.aborted"))
