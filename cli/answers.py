"""Scripted answers (``--answer ID=VALUE``, ``--answers FILE``) that may name a choice by its label in the
table's language ("Império" for ``the_empire``, "terra dos trolls" for ``troll_country``).

The automata know the choices' ids; the labels are rendered only here. A label is compared without case,
accents, spaces or dashes, whole or up to its first " (" (a label's detail in parentheses may be left out), with
or without a leading article ("Império" for "O Império").
An answer that already names an id, or a label shared by two choices, is passed on unchanged: the automata
then accept it or say what is valid.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from automata.core.runner import NO_ANSWER, ScriptedAnswers
from automata.core.steps import SEVERAL_OF, Ask

from .i18n import Translator


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
