"""One injectable environment: language, output mode, answers, dice, paths."""

from __future__ import annotations

import os
import sys
from enum import IntEnum
from pathlib import Path
from typing import Any

#: Every whole-number option or argument without a range of its own gets this one (a sane bound: no count at a
#: table is near it, and a huge number would make a command compute for ever or fail to save); the help shows
#: neither it nor the largest seed (cli/terminal/helpstyle.py).
NUMBER_BOUND = 1_000_000
SEED_MAX = 2**63 - 1  # a seed is saved as a TOML integer (64 bits)


_NEW_DICT: Any = object()  # a new empty dict for each Env (an explicit None is kept, as a data class keeps it)


class Exit(IntEnum):
    OK = 0
    FAILURE = 1  # e.g. a damaged save
    USAGE = 2  # bad input, or a question that has no answer without a terminal
    INTERRUPTED = 130


class Env:
    """The run's environment (a plain class with a data class's equality and ``repr``: every command builds one,
    and a data class costs start-up time).

    ``explain``: show the rule behind each decision (Say style "why"); ``new_defaults``: 'tabletop new' without a
    terminal, the defaults it took, said before the new game; ``json_extra``: keys a core command adds to the JSON
    a game's code emits for it ('status --json': the clocks, cli/inplay/clock.py)."""

    _FIELDS = ("lang", "json", "game", "answers", "dice", "seed", "explain", "new_defaults", "json_extra", "_t",
               "_console", "_err")
    __match_args__ = _FIELDS

    def __init__(self, lang: str = "en", json: bool = False, game: str | None = None,
                 answers: dict[str, Any] | None = _NEW_DICT, dice: str | None = None, seed: int | None = None,
                 explain: bool = False, new_defaults: str = "", json_extra: dict[str, Any] | None = _NEW_DICT,
                 _t: Any = None, _console: Any = None, _err: Any = None) -> None:
        self.lang = lang
        self.json = json
        self.game = game
        self.answers = {} if answers is _NEW_DICT else answers
        self.dice = dice
        self.seed = seed
        self.explain = explain
        self.new_defaults = new_defaults
        self.json_extra = {} if json_extra is _NEW_DICT else json_extra
        self._t = _t
        self._console = _console
        self._err = _err

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self._FIELDS) + ")"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return tuple(getattr(self, k) for k in self._FIELDS) == tuple(getattr(other, k) for k in self._FIELDS)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    @property
    def t(self):
        """The translator for the table's language."""
        if self._t is None:
            from ..words.i18n import Translator

            self._t = Translator(self.lang)
        return self._t

    @property
    def out(self):
        """Where the table's text goes: stdout, or stderr when stdout carries JSON."""
        if self.json:
            return self.err
        if self._console is None:
            from rich.console import Console

            self._console = Console(highlight=False, soft_wrap=not _is_terminal(sys.stdout))
        return self._console

    @property
    def err(self):
        if self._err is None:
            from rich.console import Console

            self._err = Console(stderr=True, highlight=False, soft_wrap=not _is_terminal(sys.stderr))
        return self._err

    def interactive(self) -> bool:
        if os.environ.get("TABLETOP_NO_PROMPT"):
            return False
        try:
            return sys.stdin.isatty() and sys.stdout.isatty()
        except (AttributeError, ValueError):
            return False

    def emit_json(self, data: dict[str, Any]) -> None:
        import json

        # JSON escapes what the output cannot show (\u00e7), so that --json works in any encoding
        ascii_only = encoding_problem(sys.stdout) is not None
        if self.json_extra and isinstance(data, dict):
            data = {**data, **self.json_extra}
        sys.stdout.write(json.dumps(data, ensure_ascii=ascii_only, sort_keys=False) + "\n")
        sys.stdout.flush()


def install_data_cache(create: bool = True) -> None:
    """Parsed files (the games' data, the message catalogs, the saves proven sound) are cached beside the saves
    (``cache/``), so that every command starts fast; TABLETOP_NO_CACHE=1 reads them afresh. Without ``create`` (at
    start-up, before any command touched a save), nothing is written until the folder exists: a refused command
    writes nothing."""
    from state import datacache

    if os.environ.get("TABLETOP_NO_CACHE"):
        datacache.install(None)
        return
    from automata.core.datafiles import set_cache
    from state import paths

    cache = datacache.ParsedFileCache(paths.home() / "cache", create)
    cache.clean_stray_temporary_files()  # a write killed half way left them; the next command removes them
    set_cache(cache)
    datacache.install(cache)


#: The terminal sizes taken from COLUMNS and LINES. Anything else there (0, negative, not a whole number, or a width
#: no terminal has) is a mistake of the environment and is left out: COLUMNS=0 made every line vanish and a huge one
#: drew for minutes. Without them, the size is the terminal's own (80 columns off a terminal).
TERMINAL_COLUMNS = (20, 1000)
TERMINAL_LINES = (5, 1000)


def sane_terminal_size(environ=None) -> None:
    """Drop COLUMNS and LINES from the environment when they hold no sane size (``TERMINAL_COLUMNS``, ``TERMINAL_LINES``)."""
    environ = os.environ if environ is None else environ
    for var, (low, high) in (("COLUMNS", TERMINAL_COLUMNS), ("LINES", TERMINAL_LINES)):
        value = environ.get(var)
        if value is None:
            continue
        text = value.strip()
        if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
            environ.pop(var, None)


def _is_terminal(stream) -> bool:
    """At a terminal, text wraps at word boundaries to its width (rich); piped text is not wrapped at all, so that no
    word is ever cut in the middle (issue 14)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


#: Characters the program's text uses everywhere (the boxes of a status, dashes, Portuguese accents): an output whose
#: encoding cannot show them all cannot show the table's text.
ENCODING_PROBE = "─│┌┐└┘├┤┼—…çãõéêáíóúâôà→✓"


def encoding_problem(stream) -> str | None:
    """The name of ``stream``'s encoding when it cannot show the program's text (ascii, latin-1...); else None (UTF-8,
    or a stream without an encoding: a test's buffer)."""
    name = getattr(stream, "encoding", None)
    if not name:
        return None
    try:
        ENCODING_PROBE.encode(name)
    except UnicodeEncodeError:
        return name
    except LookupError:
        return name
    return None


#: What a character the output cannot show becomes (before the decomposition that drops accents: "ç" -> "c").
_ASCII = {
    "—": "-", "–": "-", "‒": "-", "−": "-", "…": "...", "“": '"', "”": '"', "„": '"', "‘": "'", "’": "'",
    "«": '"', "»": '"', "•": "*", "·": ".", "→": "->", "←": "<-", "↑": "^", "↓": "v", "×": "x", "≥": ">=",
    "≤": "<=", "≠": "!=", "✓": "v", "✔": "v", "✗": "x", "✘": "x", "★": "*", "☆": "*", "°": "o", "º": "o", "ª": "a",
    "\u00a0": " ", "█": "#", "▓": "#", "▒": "#", "░": ".", "▶": ">", "◀": "<", "●": "*", "○": "o",
}


def transliterate(text: str) -> str:
    """``text`` in ASCII: accents dropped ("Ameaça" -> "Ameaca"), dashes, quotes and the lines of boxes drawn with
    ASCII ("─" -> "-", "│" -> "|", corners "+"), anything else '?'."""
    import unicodedata

    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _ASCII:
            out.append(_ASCII[ch])
        elif "\u2500" <= ch <= "\u257f":  # box drawing
            name = unicodedata.name(ch, "")
            out.append("-" if "HORIZONTAL" in name and "VERTICAL" not in name
                       else "|" if "VERTICAL" in name and "HORIZONTAL" not in name and "AND" not in name else "+")
        else:
            plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if c.isascii())
            out.append(plain or "?")
    return "".join(out)


def _transliterate_error(e: UnicodeError):
    if not isinstance(e, UnicodeEncodeError):
        raise e
    return transliterate(e.object[e.start:e.end]), e.end


TRANSLITERATE = "tabletop-transliterate"  # an error handler of the codecs: what an output cannot show, in ASCII


def transliterate_unshowable(stream) -> None:
    """From now on, what ``stream`` cannot show is written transliterated to ASCII (never '?' boxes, never a
    crash): for error lines and help, whose one line must reach the table in any encoding."""
    import codecs

    try:
        codecs.lookup_error(TRANSLITERATE)
    except LookupError:
        codecs.register_error(TRANSLITERATE, _transliterate_error)
    try:
        if stream is not None and encoding_problem(stream):
            stream.reconfigure(errors=TRANSLITERATE)
    except (AttributeError, ValueError, OSError):
        pass


_current = Env()


def current() -> Env:
    return _current


def set_current(env: Env) -> None:
    global _current
    _current = env


class CliError(Exception):
    """A clear message for the table and an exit code; nothing has been changed."""

    def __init__(self, text: str, code: Exit = Exit.USAGE, data: dict[str, Any] | None = None):
        super().__init__(text)
        self.text = text
        self.code = code
        self.data = data or {}


#: An answers or owner data file larger than this is refused unread (it would be a mistake: /dev/zero, a log...).
MAX_INPUT_BYTES = 1024 * 1024
#: Tables and lists nested deeper than this in an answers or owner data file are refused.
MAX_DEPTH = 32


def read_input_file(path: Path) -> bytes:
    """The bytes of a small regular file given by the table, refused by size or kind before it is read.

    Raises OSError (unreadable) or ValueError (too big, or not a regular file: a device or a pipe would be read
    for ever).
    """
    from state.reader import Refused, read_regular

    try:  # the guarded reader: never waits, never reads more than the bound
        return read_regular(path, MAX_INPUT_BYTES)
    except Refused:
        raise ValueError("too big") from None


class InputProblem(ValueError):
    """What is wrong with a file the table gave (answers, owner data): a message (``core.input.*``) to render in the
    table's language."""

    def __init__(self, id: str, **params: Any):
        from automata.core.steps import Msg

        super().__init__(id)
        self.msg = Msg(id, params)


def problem_text(env: "Env", e: BaseException) -> str:
    """An error's detail in the table's language: a message when it carries one, the system's words for a known
    error of the file system, else its own text."""
    import errno

    if isinstance(e, InputProblem):
        return env.t.render(e.msg)
    if isinstance(e, OSError):
        key = f"core.os.{errno.errorcode.get(e.errno or 0, '')}"
        if env.t.template(key, "en"):
            return env.t(key)
        return e.strerror or str(e)
    return str(e)


def depth_problem(data: Any, limit: int = MAX_DEPTH) -> InputProblem | None:
    """'nested more than N deep' (a problem) when ``data`` nests tables or lists deeper than ``limit`` (checked without
    recursion, so that no file can exhaust the stack); else None."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        if depth > limit:
            return InputProblem("core.input.too_deep", max=limit)
        stack.extend((c, depth + 1) for c in children)
    return None


def parse_mapping(raw: bytes, json_: bool) -> dict[str, Any]:
    """A TOML (or JSON) mapping from bytes; ValueError saying what is wrong (never RecursionError)."""
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")  # a byte-order mark (Notepad's UTF-8) is no text
        if json_:
            import json

            data = json.loads(text)
        else:
            import tomllib

            data = tomllib.loads(text)
    except RecursionError:
        raise InputProblem("core.input.too_deep", max=MAX_DEPTH) from None
    except UnicodeDecodeError as e:
        raise InputProblem("core.input.not_utf8", byte=e.start) from None
    except ValueError as e:  # tomllib.TOMLDecodeError, json.JSONDecodeError: said with their line and column
        import re

        m = re.search(r"line (\d+),? column (\d+)", str(e))
        if m:
            raise InputProblem("core.input.syntax", format="JSON" if json_ else "TOML", line=int(m.group(1)),
                               column=int(m.group(2))) from None
        raise InputProblem("core.input.syntax_end", format="JSON" if json_ else "TOML") from None
    if not isinstance(data, dict):
        raise InputProblem("core.input.not_mapping")
    problem = depth_problem(data)
    if problem:
        raise problem
    return data


def load_answers_file(path: Path) -> dict[str, Any]:
    env = current()
    try:
        raw = read_input_file(path)
    except OSError as e:
        raise CliError(env.t("core.error.answers_unreadable", path=str(path), problem=problem_text(env, e)))
    except ValueError:
        raise CliError(env.t("core.error.answers_too_big", path=str(path), max=MAX_INPUT_BYTES))
    try:
        data = parse_mapping(raw, path.suffix.lower() == ".json")
        flat = _flatten(data)
    except ValueError as e:
        raise CliError(env.t("core.error.answers_invalid", path=str(path), problem=problem_text(env, e)))
    return flat


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """TOML files may nest ids as tables (``[chaos.summon] khorne = ...``); the depth is bounded by parse_mapping."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        full = f"{prefix}{key}"
        if not str(key).strip():  # '"" = "yes"': an answer to no question
            raise InputProblem("core.input.empty_id", question=full)
        inner = _flatten(value, full + ".") if isinstance(value, dict) else {full: value}
        for id_, answer in inner.items():
            if id_ in out:  # '"a.b" = 1' and '[a] b = 2': two keys of the file, one question
                raise InputProblem("core.input.answer_twice", question=id_)
            out[id_] = answer
    return out
