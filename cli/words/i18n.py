"""Messages in the table's language: ids plus parameters rendered at display time.

Locale files are ``cli/locales/<lang>/<domain>*.toml`` with flat keys (the
full message id); the domain is the id's first part (``chaos.region.kislev``
is looked up in ``chaos.toml``, ``chaos_terms.toml`` and so on). A message missing in the chosen language falls back to English;
one missing in English too shows its id and parameters, never a blank.

A parameter whose value is a term (``"@chaos.region.the_empire"``) also offers the derived forms
``{region_in}``, ``{region_of}`` and ``{region_to}``: the term's own message ``<id>.in`` / ``.of`` /
``.to`` in the table's language ("no Império", "da Bretônia", "para os Principados Fronteiriços"),
else ``core.form.in`` / ``.of`` / ``.to`` applied to the rendered name ("em Kislev"). Portuguese
needs them for the contractions of "em", "de" and "para" with the article of a name. The form
``{name_many}`` is the term's plural (its own ``<id>.many`` message, else the name as it is).

Plural forms: a message may be a TOML table instead of a string,
``"id" = { count = "n", zero = "nenhuma carta", one = "{n} carta", other = "{n} cartas" }``: ``count``
names the parameter that chooses the form (a number, a number written as text such as ``"+2"``, or a list,
counted by its length). ``zero`` is used for 0 when the table has one, ``one`` for 1 and -1, ``other`` for
everything else (0 too when there is no ``zero``: "0 cartas", "0 cards"). A form may itself be a table on
another parameter ("{objectives} Objetivos, {values} Valor"). Plain strings render as before.

Agreement with a name: when the count parameter holds a message (a term ``"@id"`` or a message's data), the form
follows the name's grammatical number, given as data in ``cli/locales/grammar.toml`` (per language, the
message id's number and gender: ``"ms"``, ``"fs"``, ``"mp"``, ``"fp"``; a name not listed is masculine
singular): ``one`` for a singular name, ``other`` for a plural one, and ``one_f`` / ``other_f`` first when the
name is feminine and the table has them ("os PV de Nurgle não podem ser -1", "a Ameaça de Nurgle não pode
ser 0").

A derived form of a parameter that is no term (a message's data, or plain text such as a player's name) is its
message's own ``<id>.<form>`` when the catalog has one ("do Jogador 2"), else ``core.form.<form>`` ("de Ana").
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from automata.core.datafiles import read_toml
from automata.core.msg import Msg

LOCALES = Path(__file__).parents[1] / "locales"  # cli/locales/: the words of every room and game
FORMS = ("in", "of", "to")  # derived forms of a term parameter: {name_in}, {name_of}, {name_to}
DERIVED = FORMS + ("many",)  # and its plural, {name_many}
PLURAL_KEYS = frozenset({"count", "zero", "one", "other", "one_f", "other_f"})
GRAMMAR = LOCALES / "grammar.toml"  # the number and gender of names, per language (the module's doc)


class _Params(dict):
    """The rendered parameters of one message; a derived form (``region_in``) of a term parameter is
    rendered only when the template asks for it."""

    def __init__(self, translator: "Translator", raw: dict[str, Any], rendered: dict[str, Any]):
        super().__init__(rendered)
        self._translator = translator
        self._raw = raw

    def __missing__(self, key: str) -> str:
        base, _, form = key.rpartition("_")
        if form not in DERIVED or base not in self._raw:
            raise KeyError(key)
        value = self._raw[base]
        if isinstance(value, str) and value.startswith("@"):
            text = self._translator.form(value[1:], form, self[base])
        elif isinstance(value, dict) and "id" in value:
            text = self._translator.form_of_message(Msg.from_data(value), form, self[base])
        elif form == "many":
            text = str(self[base])
        else:
            text = self._translator.render(Msg(f"core.form.{form}", {"name": self[base]}))
        self[key] = text
        return text


class Translator:
    def __init__(self, lang: str = "en"):
        self.lang = lang
        self._tables: dict[tuple[str, str], dict[str, Any]] = {}

    def _table(self, lang: str, domain: str) -> dict[str, Any]:
        key = (lang, domain)
        if key not in self._tables:
            table: dict[str, str] = {}
            folder = LOCALES / lang
            for path in sorted(folder.glob(f"{domain}*.toml")) if folder.is_dir() else []:
                if path.stem == domain or path.stem.startswith(domain + "_"):
                    table.update(read_toml(path))  # through the parsed-file cache when the CLI installed it
            self._tables[key] = table
        return self._tables[key]

    def template(self, id: str, lang: str | None = None) -> str | dict | None:
        """The message as written in the catalog: a string, or a plural table (see the module's doc)."""
        domain = id.split(".", 1)[0]
        return self._table(lang or self.lang, domain).get(id)

    def has(self, id: str, lang: str) -> bool:
        return self.template(id, lang) is not None

    def __call__(self, message_id: str, /, **params: Any) -> str:
        return self.render(Msg(message_id, params))

    def render(self, message: Msg | str) -> str:
        if isinstance(message, str):
            message = Msg(message)
        template = self.template(message.id) or self.template(message.id, "en")
        if isinstance(template, dict):
            template = plural_form(template, self._agreeing(template, message.params))
        params = {k: self.param(v) for k, v in message.params.items()}
        if template and params.get("close", None) in ("", "—"):
            template = without_close(template)  # nothing close: the message says nothing about it
        if template is None:
            if not params:
                return message.id
            return f"{message.id} " + " ".join(f"{k}={v}" for k, v in params.items())
        try:
            return template.format_map(_Params(self, message.params, params))
        except (KeyError, IndexError, ValueError):
            return template + " " + " ".join(f"{k}={v}" for k, v in params.items())

    def grammar(self, id: str) -> "Grammar":
        """The grammatical number and gender of the name message ``id`` in the table's language (the module's doc)."""
        code = _grammar_table().get(self.lang, {}).get(id) or "ms"
        return Grammar(number=code[1], gender=code[0])

    def _agreeing(self, table: dict, params: dict[str, Any]) -> dict[str, Any]:
        """``params`` with each count parameter that holds a name replaced by the name's ``Grammar``."""
        out = dict(params)
        for name in _counts(table):
            value = params.get(name)
            id = value[1:] if isinstance(value, str) and value.startswith("@") else (
                value.get("id") if isinstance(value, dict) else None)
            if id:
                out[name] = self.grammar(id)
        return out

    def form_of_message(self, message: Msg, form: str, name: str) -> str:
        """A message parameter with a preposition: its own ``<id>.<form>`` message with the same parameters, else
        ``core.form.<form>`` applied to ``name`` (its rendering)."""
        own = f"{message.id}.{form}"
        if self.template(own) is not None:
            return self.render(Msg(own, message.params))
        if form == "many":
            return name
        return self.render(Msg(f"core.form.{form}", {"name": name}))

    def form(self, id: str, form: str, name: str | None = None) -> str:
        """The term ``id`` with a preposition (``form`` in FORMS): its own ``<id>.<form>`` message in the
        table's language, else ``core.form.<form>`` applied to the term's rendered name."""
        own = f"{id}.{form}"
        if self.template(own) is not None:
            return self.render(Msg(own))
        return self.render(Msg(f"core.form.{form}", {"name": self.render(Msg(id)) if name is None else name}))

    def param(self, value: Any) -> Any:
        """A message parameter as the table reads it: a term (``@id``) or a message (its data) rendered in the
        table's language, a list joined; anything else as it is."""
        if isinstance(value, str) and value.startswith("@"):
            return self.render(Msg(value[1:]))
        if isinstance(value, dict) and "id" in value:
            return self.render(Msg.from_data(value))
        if isinstance(value, (list, tuple)):
            return ", ".join(str(self.param(v)) for v in value)
        return value


@dataclass(frozen=True)
class Grammar:
    """A name's grammatical number (``"s"``, ``"p"``) and gender (``"m"``, ``"f"``): a count parameter that holds a
    name counts as 1 or 2 by its number."""

    number: str
    gender: str


def _counts(table: Any) -> set[str]:
    """The count parameters of a plural table and of the tables inside it."""
    if not isinstance(table, dict):
        return set()
    return {table.get("count", "")} | {n for v in table.values() for n in _counts(v)}


@functools.lru_cache(maxsize=1)
def _grammar_table() -> dict[str, dict[str, str]]:
    return read_toml(GRAMMAR) if GRAMMAR.exists() else {}


def plural_count(value: Any) -> float | None:
    """The number a count parameter stands for: a number, a number as text ("+2", "-1"), a list's length, or a name's
    grammatical number (1 singular, 2 plural)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, Grammar):
        return 1 if value.number == "s" else 2
    if isinstance(value, (int, float)):
        return abs(value)
    if isinstance(value, (list, tuple)):
        return len(value)
    if isinstance(value, str):
        try:
            return abs(float(value.strip().lstrip("+")))
        except ValueError:
            return None
    return None


def plural_form(table: dict, params: dict[str, Any]) -> str:
    """The form of a plural table (the module's doc) for these parameters."""
    while isinstance(table, dict):
        value = params.get(table.get("count", ""))
        n = plural_count(value)
        feminine = isinstance(value, Grammar) and value.gender == "f"
        if n == 0 and "zero" in table:
            table = table["zero"]
        elif n == 1 and "one" in table:
            table = table["one_f"] if feminine and "one_f" in table else table["one"]
        elif feminine and "other_f" in table:
            table = table["other_f"]
        else:
            table = table.get("other", next((v for k, v in table.items() if k != "count"), ""))
    return table


def without_close(template: str) -> str:
    """``template`` without the part that names the close matches (``{close}``) when there are none: a
    parenthesis ("(closest question: {close})"), a clause after ';' ("; closest: {close}") or a sentence
    ("Closest: {close}." / "Did you mean: {close}?"). Every catalog template is checked by
    tests/cli/test_close_matches.py."""
    import re

    for pattern in (r"\s*\([^()]*\{close\}[^()]*\)", r"\s*[;,][^.;:?!()]*:\s*\{close\}", r"\s*[^.;:?!()]*:\s*\{close\}[.?!]?"):
        text, n = re.subn(pattern, "", template, count=1)
        if n:
            return text
    return template
