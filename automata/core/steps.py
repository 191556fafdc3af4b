"""The three things a procedure can yield: Say, Ask and Roll.

A procedure is a generator. It yields ``Say`` for an instruction or fact for
the table, ``Ask`` for a question about the physical board and ``Roll`` for
dice; the runner sends back the answer (``None`` for ``Say``). Messages are
ids plus parameters (``Msg``), never finished sentences: the command line
renders them in the table's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generator

from .msg import Msg, msg  # noqa: F401  (a message: its own small module, which saves and data read alone)

# Kinds of question.
YES_NO = "yesno"
NUMBER = "number"
ONE_OF = "choice"
SEVERAL_OF = "multi"
TEXT = "text"
KINDS = (YES_NO, NUMBER, ONE_OF, SEVERAL_OF, TEXT)


@dataclass(frozen=True)
class Choice:
    """One item of a menu. ``unavailable`` (a reason ``Msg``) keeps an item the table cannot pick now in its
    place, so that a menu's numbers never move: the prompt shows it marked with the reason, and picking it
    (at the prompt, by ``--answer`` or from an answers file) is refused with that reason."""

    value: str
    label: Msg
    aliases: tuple[str, ...] = ()
    unavailable: Msg | None = None
    hidden: bool = False  # accepted when named (an older answer kept valid), never shown in a menu or valid list

    @property
    def available(self) -> bool:
        return self.unavailable is None


@dataclass(frozen=True)
class Say:
    msg: Msg
    style: str = "info"  # info | do (something to do at the table) | score | warn | head


class InvalidAnswer(ValueError):
    """An answer that does not fit the question; ``msg`` says what is valid."""

    def __init__(self, message: Msg):
        super().__init__(message.id)
        self.msg = message


@dataclass(frozen=True)
class Ask:
    """A question with a stable id.

    ``check`` (optional) takes the normalised answer and returns the value to
    store, or raises ``InvalidAnswer``; it lets a procedure validate answers
    that depend on the board (for example a token edit in free text).
    """

    id: str
    msg: Msg
    kind: str
    choices: tuple[Choice, ...] = ()
    min: int | None = None
    max: int | None = None
    check: Callable[[Any], Any] | None = None
    hint: Msg | None = None
    # what Enter means at a terminal: the answer when nothing happened ("no event", "nobody", "no"), never one
    # that records something the table did not do; None: the first item (menus), yes (yes/no), empty (text).
    # Off-terminal a default never answers for the table.
    default: Any = None

    def normalise(self, raw: Any) -> Any:
        value = normalise_answer(self, raw)
        if self.check is not None:
            value = self.check(value)
        return value


@dataclass(frozen=True)
class Roll:
    """Dice. ``dice`` is a spec such as ``"3d6"`` or ``"3d6!"`` (sixes explode)."""

    id: str
    dice: str
    msg: Msg | None = None
    # what each face 1..S of the rolled die shows on the game's own die (a Msg each), when that differs from
    # the number (a d6 standing in for a special die): the transcript says these; empty: the numbers
    shown: tuple = ()
    # how to type the faces, told only to a table that rolls (table dice), never on a line of app dice
    hint: Msg | None = None


Procedure = Generator[Any, Any, Any]


_TRUE = {"y", "yes", "true", "1", "s", "sim", "on"}
_FALSE = {"n", "no", "false", "0", "nao", "não", "off"}


def relay(gen: Generator, through: Callable[[Any], Generator]) -> Generator:
    """Run the procedure ``gen`` inside another one: each item it yields goes through ``through(item)``, a
    generator that yields what the outer procedure yields instead (the item itself, a Say before it, or nothing)
    and returns the answer to send back to ``gen``. Returns what ``gen`` returns."""
    answer = None
    while True:
        try:
            item = gen.send(answer)
        except StopIteration as stop:
            return stop.value
        answer = yield from through(item)


def normalise_answer(ask: Ask, raw: Any) -> Any:
    """Turn a raw answer (from a file, a flag or a prompt) into the stored value."""
    kind = ask.kind
    if raw is None or isinstance(raw, (list, tuple)) and any(x is None for x in raw):
        # a JSON null is no answer, for every kind of question (it never reads as the word "None", a choice's name)
        raise InvalidAnswer(msg("core.invalid.null"))
    if kind == YES_NO:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise InvalidAnswer(msg("core.invalid.yesno", value=str(raw)))
    if kind == NUMBER:
        if isinstance(raw, bool):
            raise InvalidAnswer(msg("core.invalid.number", value=str(raw)))
        try:
            value = int(str(raw).strip())
        except ValueError:
            raise InvalidAnswer(msg("core.invalid.number", value=str(raw))) from None
        lo = ask.min if ask.min is not None else None
        hi = ask.max if ask.max is not None else None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            if hi is None:  # an open-ended number: "0 or more", never "0 to " (issue 30 item 18)
                raise InvalidAnswer(msg("core.invalid.at_least", value=value, min=lo))
            if lo is None:
                raise InvalidAnswer(msg("core.invalid.at_most", value=value, max=hi))
            raise InvalidAnswer(msg("core.invalid.range", value=value, min=lo, max=hi))
        return value
    if kind == ONE_OF:
        return _pick(ask, str(raw).strip())
    if kind == SEVERAL_OF:
        if isinstance(raw, (list, tuple)):
            items = [str(x).strip() for x in raw]
        else:
            text = str(raw).strip()
            items = [x.strip() for x in text.split(",")] if text else []
        out: list[str] = []
        for item in items:
            if not item:
                continue
            value = _pick(ask, item)
            if value in out:
                raise InvalidAnswer(msg("core.invalid.repeated", value=value))
            out.append(value)
        lo = ask.min if ask.min is not None else 0
        hi = ask.max if ask.max is not None else len(available_values(ask))
        if not lo <= len(out) <= hi:
            if lo == hi:
                raise InvalidAnswer(msg("core.invalid.count_exact", count=len(out), n=lo))
            raise InvalidAnswer(msg("core.invalid.count", count=len(out), min=lo, max=hi))
        return out
    if kind == TEXT:
        return str(raw)
    raise ValueError(f"unknown question kind {kind!r}")


def available_values(ask: Ask) -> list[str]:
    """The values of the choices the table may pick now."""
    return [c.value for c in ask.choices if c.unavailable is None and not c.hidden]


def _pick(ask: Ask, text: str) -> str:
    value = _match(ask, text)
    choice = next(c for c in ask.choices if c.value == value)
    if choice.unavailable is not None:
        raise InvalidAnswer(
            msg("core.invalid.unavailable", value=value, reason=choice.unavailable.to_data(),
                valid=", ".join(available_values(ask)) or "—")
        )
    return value


def _match(ask: Ask, text: str) -> str:
    values = [c.value for c in ask.choices]
    if text in values:
        return text
    lowered = {v.lower(): v for v in values}
    if text.lower() in lowered:
        return lowered[text.lower()]
    norm = _fold(text)
    for c in ask.choices:
        if _fold(c.value) == norm or any(_fold(a) == norm for a in c.aliases):
            return c.value
    from .closest import close_matches

    free = available_values(ask)
    names = {c.value: c.value for c in ask.choices if c.available and not c.hidden}
    names.update({a: c.value for c in ask.choices if c.available and not c.hidden for a in c.aliases if a not in names})
    close = list(dict.fromkeys(names[n] for n in close_matches(text, list(names), n=6)))[:3]  # a name in either language
    raise InvalidAnswer(msg("core.invalid.choice", value=text, valid=", ".join(free), close=", ".join(close)))


def _fold(text: str) -> str:
    """Case, accents, spaces and dashes do not matter when matching a name."""
    import unicodedata

    text = unicodedata.normalize("NFKD", text.strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.replace(" ", "_").replace("-", "_")
