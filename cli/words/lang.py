"""Which language the table reads: --lang, TABLETOP_LANG, else the language the game was started in (its save's
``settings.lang``), else the locale (kept tiny for start-up). A new game (``tabletop new``) has no game yet: it
starts in the language asked or the locale's, never in the current game's."""

from __future__ import annotations

import os

LANGS = ("en", "pt-BR")
#: the global options that take a value (cli/main.py reads them anywhere on the command line)
GLOBAL_WITH_VALUE = ("--game", "--lang", "--answers", "--answer", "--dice", "--seed")
#: the commands that start a game: the saved language of another game is not theirs
NEW_COMMANDS = ("new",)
#: the commands that make another save current: they speak the language of the save they name
CHOOSE_COMMANDS = ("use",)


def detect_lang(explicit: str | None = None, game: str | None = None, saved: bool = False) -> str:
    """The language: ``explicit`` (--lang; a wrong one is a ValueError), else TABLETOP_LANG (a wrong one is
    ignored: see ``bad_env_lang``), else (with ``saved``) the language the save ``game`` (default: the current
    one) was started in, else the locale."""
    if explicit:
        return normalise_lang(explicit)
    value = os.environ.get("TABLETOP_LANG")
    if value:
        try:
            return normalise_lang(value)
        except ValueError:
            pass
    if saved:
        kept = saved_lang(game)
        if kept:
            return kept
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "pt-BR" if value.lower().startswith("pt") else "en"
    return "en"


def normalise_lang(value: str) -> str:
    v = value.strip().replace("_", "-").lower()
    if v in ("en", "en-us", "en-gb", "english"):
        return "en"
    if v in ("pt", "pt-br", "portugues", "português"):
        return "pt-BR"
    raise ValueError(value)


def bad_env_lang() -> str | None:
    """TABLETOP_LANG when it names no known language (the program then speaks English and warns once)."""
    value = os.environ.get("TABLETOP_LANG")
    if not value:
        return None
    try:
        normalise_lang(value)
    except ValueError:
        return value
    return None


def saved_lang(game: str | None = None) -> str | None:
    """The language the save ``game`` (default: the current one) was started in: its ``settings.lang``; None when
    there is no such save or it says nothing readable. Only the save's small ``[settings]`` table is parsed (a
    save of a long game is megabytes), so that every command may ask this before it prints anything."""
    import os

    from state import paths
    from state.reader import Refused, open_regular, read_regular

    try:
        if not game:  # every file goes through the guarded reader: a FIFO or /dev/zero never makes this wait
            game = read_regular(paths.current_file(), 256).decode("utf-8").strip()
        if not paths.valid_name(game):
            return None
        head = b""
        fd = open_regular(paths.game_dir(game) / "save.toml", follow=False)  # as the save's own reader
        try:
            while len(head) <= SETTINGS_HEAD_MAX:  # [settings] comes before the board's state
                block = os.read(fd, max(16384, len(head)))  # doubling: no quadratic copy
                head += block
                start = head.find(b"\n[settings]\n")
                end = head.find(b"\n[", start + 1) if start >= 0 else -1
                if end >= 0 or not block:
                    break
        finally:
            os.close(fd)
        if start < 0:
            return None
        start += len(b"\n[settings]\n")
        return _lang_line(head[start : end if end >= 0 else len(head)].decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, Refused):
        return None


#: How far into a save its ``[settings]`` table is looked for (it follows the options, before the board).
SETTINGS_HEAD_MAX = 4 * 1024 * 1024


def _lang_line(settings: str) -> str | None:
    """``lang`` of the ``[settings]`` table's text: the line ``lang = "pt-BR"`` (either quotes) as the program
    writes it, read without a TOML parser (whose import is most of this function's cost); None if absent or
    written otherwise."""
    for line in settings.splitlines():
        key, eq, value = line.partition("=")
        if eq and key.strip() in ("lang", '"lang"'):
            value = value.split("#", 1)[0].strip()
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
                return normalise_lang(value[1:-1])
            return None
    return None


def option_in_args(args: list[str], name: str) -> str | None:
    """The value of the global option ``name`` (``--lang``, ``--game``) on a command line, anywhere on it as the
    global options are, before any parsing."""
    for i, a in enumerate(args):
        if a == "--":
            break
        if a == name and i + 1 < len(args):
            return args[i + 1]
        if a.startswith(name + "="):
            return a.split("=", 1)[1]
    return None


def _words(args: list[str]):
    """The words of a raw command line that are neither options nor a global option's value, up to ``--``."""
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "--":
            return
        if a in GLOBAL_WITH_VALUE:
            skip = True
            continue
        if not a.startswith("-"):
            yield a


def command_in_args(args: list[str]) -> str | None:
    """The command of a raw command line: its first word that is neither an option nor a global option's value."""
    return next(_words(args), None)


def early_lang(args: list[str]) -> str:
    """The table's language from a raw command line, known before anything is printed (help, a misspelt
    command); a wrong --lang is said later by the global options, in the language this returns. ``new`` starts a
    game: the current game's language is not asked (the module's doc)."""
    command = command_in_args(args)
    saved = command not in NEW_COMMANDS
    game = option_in_args(args, "--game")
    if command in CHOOSE_COMMANDS:  # 'use NAME' speaks NAME's language (a name no save has: the current game's)
        chosen = argument_of(args, command)
        if chosen and saved_lang(chosen):
            game = chosen
    try:
        return detect_lang(option_in_args(args, "--lang"), game, saved=saved)
    except ValueError:
        return detect_lang(None, game, saved=saved)


def argument_of(args: list[str], command: str) -> str | None:
    """The first argument after ``command`` on a raw command line (neither an option nor a global option's value)."""
    seen = False
    for word in _words(args):
        if seen:
            return word
        seen = word == command
    return None
