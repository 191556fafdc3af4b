"""Scripted answers (``--answer ID=VALUE``, ``--answers FILE``) that may name a choice by its label in the
table's language ("Império" for ``the_empire``, "terra dos trolls" for ``troll_country``).

The automata know the choices' ids; the labels are rendered only here. A label is compared without case,
accents, spaces or dashes, whole or up to its first " (" (a label's detail in parentheses may be left out), with
or without a leading article ("Império" for "O Império").
An answer that already names an id, or a label shared by two choices, is passed on unchanged: the automata
then accept it or say what is valid. An answer no question can take (a control character, a text over
``MAX_ANSWER_CHARS``) is refused before anything is played (``answers_problem``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from automata.core.runner import NO_ANSWER, ScriptedAnswers
from automata.core.steps import SEVERAL_OF, Ask

from ..words.i18n import Translator


ARTICLES = {"o", "a", "os", "as", "the"}  # "Império" names "O Império", "Empire" names "The Empire"


def fold(text: str) -> str:
    """Case, accents, spaces, dashes, underscores and apostrophes do not matter."""
    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch) and ch not in "'’")
    return " ".join(text.replace("_", " ").replace("-", " ").split())


def label_names(t: Translator, ask: Ask) -> dict[str, str]:
    """Folded label (whole, and up to its first " (") → choice value; a name two choices share is left out."""
    names: dict[str, set[str]] = {}
    for c in ask.choices:
        label = t.render(c.label)
        short = fold(label.split(" (", 1)[0])
        for name in {fold(label), short, short.split(" ", 1)[-1] if short.split(" ", 1)[0] in ARTICLES else short}:
            if name:
                names.setdefault(name, set()).add(c.value)
    return {name: next(iter(values)) for name, values in names.items() if len(values) == 1}


def label_to_value(t: Translator, ask: Ask, raw: Any) -> Any:
    """``raw`` with every choice named by its label replaced by the choice's value."""
    if not ask.choices:
        return raw
    ids = {fold(c.value) for c in ask.choices} | {fold(a) for c in ask.choices for a in c.aliases}
    names: dict[str, str] | None = None

    def one(item: Any) -> Any:
        nonlocal names
        key = fold(item)
        if key in ids:
            return item
        if names is None:
            names = label_names(t, ask)
        return names.get(key, item)

    if ask.kind == SEVERAL_OF:
        if isinstance(raw, (list, tuple)):
            return [one(x) for x in raw]
        text = str(raw)
        whole = one(text) if text.strip() else text
        if whole is not text:
            return [whole]  # a label with a comma in it
        items = [x for x in text.split(",")]
        mapped = [one(x) for x in items]
        return raw if all(m is x for m, x in zip(mapped, items)) else [str(m).strip() for m in mapped]
    if isinstance(raw, str):
        return one(raw)
    return raw


# -- answers no question can take (checked before anything is played: cli/main.py) ---------------------------------


def _texts(value: Any):
    """Every text of an answer: itself, or a list's items (nested lists too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) == "Cc" for ch in text)


def visible(text: str) -> str:
    """``text`` with its control characters written as escapes (``\\x01``, ``\\n``), so that a message shows them."""
    return "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) == "Cc" else ch
                   for ch in text)


#: No question takes a text longer than this (a name, a list of regions): a longer answer or id is a mistake, and
#: echoing it whole would bury the refusal.
MAX_ANSWER_CHARS = 1000


def _clipped(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def answers_problem(answers: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The first answer no question can take, as (message id, parameters): an id or a text holding a control
    character (a tab, a line break, an escape: shown with escapes, as raw it would make the message unreadable), or
    longer than ``MAX_ANSWER_CHARS``; else None."""
    for key, value in answers.items():
        texts = list(_texts(value))
        long = next((text for text in [key, *texts] if len(text) > MAX_ANSWER_CHARS), None)
        if long is not None:
            return "core.error.answer_too_long", {"id": visible(_clipped(key)), "n": len(long),
                                                  "start": visible(_clipped(texts[0] if texts else str(value))),
                                                  "max": MAX_ANSWER_CHARS}
        bad = next((text for text in texts if _has_control(text)), None)
        if bad is not None or _has_control(key):
            shown = bad if bad is not None else (texts[0] if texts else str(value))
            return "core.error.answer_control", {"id": visible(key), "value": visible(shown)}
    return None


class LabelledAnswers:
    """An answer source whose choice answers may be labels in the table's language (see the module's doc)."""

    def __init__(self, inner: Any, t: Translator):
        self.inner = inner
        self.t = t

    def start_step(self) -> None:
        hook = getattr(self.inner, "start_step", None)
        if hook is not None:
            hook()

    def answer(self, ask: Ask):
        got = self.inner.answer(ask)
        if got is NO_ANSWER or not ask.choices:
            return got
        raw, source = got
        return label_to_value(self.t, ask, raw), source

    def table_dice(self, roll, spec):
        return self.inner.table_dice(roll, spec)


def scripted_answers(env) -> LabelledAnswers:
    """The answers given by ``--answer`` and ``--answers``, taking labels in the table's language."""
    return LabelledAnswers(ScriptedAnswers(env.answers), env.t)
