"""Corrections: the table puts a tracked value right in the middle of a game, without rewinding (issue 23).

One language for every game. A correction is a list of items separated by ";" (or ","):

    water a 3            set a value (also "water a = 3", "water a to 3", "água a para 3")
    +2 water a           add to a count
    -1 legacy red        take from a count
    camp a 2 damaged     set a value that is one of a few words

Names are compared without case, accents, punctuation, and with "-" and "_" as spaces ("the_empire", "The Empire").
Chaos's board changes after a card (automata/chaos/edits.py) are this language over a few of its fields.

Each game declares what it tracks as a table of ``Field``s (its ``FIX_FIELDS``, beside ``game.py``): the words that
name it in both languages, the parameters that say which one (a player, a camp, a region), where the value is in
the state, and the rule's limits. This module parses the words against that table, checks the limits and applies
the changes to a copy of the state. A correction is a journal step of its own (``{"proc": FIX_PROC, "changes":
[...]}``): ``with_corrections`` lets every game play it, so replay and undo repeat it in its place.

Pure: no I/O, no prompts.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .closest import close_matches
from .gamedata import fold_name
from .fixbox import Supply, counts, overdrawn
from .statecopy import copied
from .steps import Msg, Say, msg

COUNT = "count"
CHOICE = "choice"

#: words that separate a name from the value it is set to
_TO = {"=", "to", "para", "->", ":"}
_DELTA = re.compile(r"^([+-])(\d*)$")
_GLUED = re.compile(r"^([+-]\d*)([^\d\s+-].*)$")
_NUMBER = re.compile(r"^-?\d+$")
MAX_ITEMS = 40  # one correction line holds at most this many items
MAX_TEXT = 2000  # and at most this many characters: a longer line is refused before any matching
COUNT_MAX = 1_000_000  # no count at a table is near it (the command line's own bound): a count with no upper limit
                       # of its rule stops here, so a typo never writes a number no table has (nor one past 64 bits)


def fold(text: str) -> str:
    """A word compared without case or accents."""
    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


@functools.lru_cache(maxsize=16384)
def _key(text: str) -> str:
    """A name as it is looked up: folded, "-" and "_" as spaces, no punctuation ("The Horned One's Due")."""
    return fold_name(text)


@dataclass(frozen=True)
class Option:
    """One value a parameter (or a choice field) can take: ``key`` as the state keeps it, ``label`` as the table
    reads it (a message id or plain text, see ``Msg``), ``words`` that name it (both languages)."""

    key: Any
    label: Any  # a Msg, or plain text (a player's name)
    words: tuple[str, ...]
    #: the word shown in a language other than English (``{"pt-BR": "danificado"}``); else the first word
    shown: dict[str, str] | None = None


@dataclass(frozen=True)
class Param:
    """Which one: a player, a camp, a region. ``options(state)`` lists the ones that exist now."""

    id: str
    options: Callable[[dict], list[Option]]


@dataclass(frozen=True)
class Field:
    """A value the program tracks and the table may put right.

    ``get(state, keys)`` and ``put(state, keys, value)`` read and write it (``keys``: one per parameter, in order);
    ``at`` declares them where the value is only read and written at one place of the state.
    A count has ``limits(state, keys) -> (lowest, highest or None)`` and ``rule``, the message that says why (the
    reason given when a value is refused). A choice has ``choices(state, keys) -> [Option]``.
    """

    id: str
    #: the words that name it (both languages), or the game's words file (``fixwords.Words``), which then gives them
    #: and the word shown in Portuguese by the field's id
    words: Any
    label: str  # message id; its parameters are the parameters' labels by their ids
    kind: str
    get: Callable[[dict, tuple], Any] | None = None
    put: Callable[[dict, tuple, Any], None] | None = None
    params: tuple[Param, ...] = ()
    limits: Callable[[dict, tuple], tuple[int, int | None]] | None = None
    rule: str = ""
    choices: Callable[[dict, tuple], list[Option]] | None = None
    exists: Callable[[dict, tuple], bool] = field(default=lambda state, keys: True)
    #: more parameters for the label (a person's card name), from the state
    extra: Callable[[dict, tuple], dict] | None = None
    #: the word shown in a language other than English (``{"pt-BR": "agua"}``); else the first word
    shown: dict[str, str] | None = None
    #: the box's limits across seats this value draws on (automata/core/fixbox.py): copies of a card, the one marker
    #: of a kind, a token supply, a rule's bound over the seats. ``()`` declares that none bounds it; ``None`` is a
    #: table that has not said (tests/core/test_fix_limits_declared.py refuses it)
    box: "tuple[Supply, ...] | None" = None
    #: whether the game's options keep this value at all (Radlands queues only keeps no hand): a value the mode does
    #: not track is neither offered nor journalled
    tracked: Callable[[dict], bool] = field(default=lambda state: True)
    #: where the value is in the state, when reading and writing it there is all the field does: keys in order, a
    #: parameter's key written as its id in braces (``("players", "{player}", "hand")``); ``get`` and ``put`` are built
    #: from it
    at: tuple = ()
    #: more names of the field from the state, each naming also the key of its first parameter (a Chaos follower's own
    #: name, ``Bloodletter``: a warrior of Khorne): ``named(state) -> {word: key}``. The parameter may then be left
    #: out; typed, it must be that key (``core.fix.not_theirs``)
    named: Callable[[dict], dict[str, Any]] | None = None

    def __post_init__(self):
        if hasattr(self.words, "typed"):  # the game's words file (automata/core/fixwords.py)
            table = self.words
            object.__setattr__(self, "words", table.typed(self.id))
            if self.shown is None:
                object.__setattr__(self, "shown", table.shown(self.id))
        if self.at:
            get, put = path(self.at, tuple(p.id for p in self.params))
            object.__setattr__(self, "get", self.get or get)
            object.__setattr__(self, "put", self.put or put)
        if self.get is None or self.put is None:
            raise TypeError(f"correction field {self.id!r}: give get and put, or the place it is at")


def path(at: tuple, params: tuple[str, ...]) -> tuple[Callable[[dict, tuple], Any], Callable[[dict, tuple, Any], None]]:
    """``get`` and ``put`` of a value at a place in the state: ``at`` its keys in order, ``"{id}"`` the key of the
    parameter ``id`` (one of ``params``)."""
    steps = []
    for step in at:
        if isinstance(step, str) and step.startswith("{") and step.endswith("}"):
            if step[1:-1] not in params:
                raise TypeError(f"{step} names no parameter of {params}")
            steps.append((True, params.index(step[1:-1])))
        else:
            steps.append((False, step))

    def key(step: tuple, keys: tuple) -> Any:
        return keys[step[1]] if step[0] else step[1]

    def holder(state: dict, keys: tuple) -> Any:
        node = state
        for step in steps[:-1]:
            node = node[key(step, keys)]
        return node

    def get(state: dict, keys: tuple) -> Any:
        return holder(state, keys)[key(steps[-1], keys)]

    def put(state: dict, keys: tuple, value: Any) -> None:
        holder(state, keys)[key(steps[-1], keys)] = value

    return get, put


def shown(item: "Field | Option", lang: str = "en") -> str:
    """The word the table's language types for a field or an option (every word of ``words`` is accepted)."""
    return (item.shown or {}).get(lang) or item.words[0]


class FixError(ValueError):
    """A correction that cannot be applied; ``msg`` says what was wrong and what is valid."""

    def __init__(self, message: Msg):
        super().__init__(message.id)
        self.msg = message


# -- reading the words ---------------------------------------------------------------------------------------------
def parse(text: str, fields: Iterable[Field], state: dict, lang: str | None = "en") -> list[dict]:
    """The changes a correction line asks for, as journal data: ``{"field", "keys", "op": "set"|"add", "value"}``.
    Raises ``FixError`` naming the item and what is valid (the words in ``lang``; None: in the table's language,
    whichever it is, through ``core.fix.word``)."""
    return _read(text, tuple(fields), state, lang, checked=False)[0]


def read(text: str, fields: Iterable[Field], state: dict, lang: str | None = "en",
         limited: bool = True) -> tuple[list[dict], list[dict]]:
    """``check``, and what each change makes of its value on a copy of ``state`` (``apply``'s lines: ``before`` and
    ``after``): what Chaos's board changes turn into their operations. ``limited=False``: see ``apply``."""
    return _read(text, tuple(fields), state, lang, checked=True, limited=limited)


def _read(text: str, fields: tuple[Field, ...], state: dict, lang: str | None,
          checked: bool, limited: bool = True) -> tuple[list[dict], list[dict]]:
    if len(text) > MAX_TEXT:
        raise FixError(msg("core.fix.too_long", n=MAX_TEXT))
    items = [item.strip() for item in re.split(r"[;,\n]", text) if item.strip()]
    if not items:
        raise FixError(msg("core.fix.empty"))
    if len(items) > MAX_ITEMS:
        raise FixError(msg("core.fix.too_many", n=MAX_ITEMS))
    changes: list[dict] = []
    lines: list[dict] = []
    applied = checked or len(items) > 1
    trial = copied(state) if applied else state  # each item is read against the board as the items before it left it
    for item in items:
        change = _parse_item(item, fields, trial, lang)
        changes.append(change)
        if applied:
            lines += apply(trial, [change], fields, lang, box=limited, limited=limited)
    return changes, lines


def _parse_item(item: str, fields: tuple[Field, ...], state: dict, lang: str | None) -> dict:
    words = item.replace("=", " = ").split()
    if len(words) > 1 and words[0] in ("+", "-") and words[1].isdigit():  # "+ 2 hero": the sign apart from its amount
        words = [words[0] + words[1], *words[2:]]
    glued = _GLUED.match(words[0])
    if glued:  # "+cultist", "-2vp": the sign (and amount) written against the name
        words = [glued.group(1), glued.group(2), *words[1:]]
    op, amount = "set", None
    m = _DELTA.match(words[0])
    if m:
        op = "add"
        amount = int(m.group(2) or 1) * (1 if m.group(1) == "+" else -1)
        words = words[1:]
    the_field, used, implied = _field_of(words, fields, item, lang, state)
    if not the_field.tracked(state):
        raise FixError(msg("core.fix.not_tracked", item=item, word=_shown_one(the_field, lang),
                           valid=_shown_all([f for f in fields if f.tracked(state)], lang)))
    named, words = words[:used], words[used:]
    keys = []
    for n, param in enumerate(the_field.params):
        options = param.options(state)
        if n == 0 and implied is not None:  # a name that says whose it is ("bloodletter"): the owner may be left out
            hit, used = _longest(words, _names(options))
            if hit is not None and hit.key != implied:
                labels = {o.key: o.label for o in options}
                raise FixError(msg("core.fix.not_theirs", item=item, word=" ".join(named),
                                   owner=_param(labels.get(implied, implied)), other=_param(hit.label)))
            keys.append(implied)
            words = words[used:]
            continue
        key, used = _option_of(words, options, item, param.id, lang)
        keys.append(key)
        words = words[used:]
    keys_t = tuple(keys)
    if not the_field.exists(state, keys_t):
        raise FixError(msg("core.fix.not_there", item=item))
    if words and fold(words[0]) in _TO:
        words = words[1:]
    if op == "add":
        if the_field.kind != COUNT:
            raise FixError(msg("core.fix.not_a_count", item=item))
        if words:
            raise FixError(msg("core.fix.extra_words", item=item, words=" ".join(words)))
        return {"field": the_field.id, "keys": list(keys_t), "op": "add", "value": amount}
    if not words:
        raise FixError(msg("core.fix.no_value", item=item, example=_example(the_field, state, keys_t, lang)))
    if the_field.kind == COUNT:
        if len(words) != 1 or not _NUMBER.match(words[0]):
            raise FixError(msg("core.fix.not_a_number", item=item, word=" ".join(words)))
        return {"field": the_field.id, "keys": list(keys_t), "op": "set", "value": int(words[0])}
    options = the_field.choices(state, keys_t) if the_field.choices else []
    value, used = _option_of(words, options, item, "value", lang)
    if words[used:]:
        raise FixError(msg("core.fix.extra_words", item=item, words=" ".join(words[used:])))
    return {"field": the_field.id, "keys": list(keys_t), "op": "set", "value": value}


def _longest(words: list[str], names: dict[str, Any]) -> tuple[Any, int]:
    """The entry of ``names`` (looked-up words, ``_key`` → value) that the most leading words name, and how many it
    used."""
    for n in range(len(words), 0, -1):  # a name of any number of words ("prince of pleasures and pain")
        hit = names.get(_key(" ".join(words[:n])))
        if hit is not None:
            return hit, n
    return None, 0


def _names(options: list[Option]) -> dict[str, Option]:
    names: dict[str, Option] = {}
    for option in options:
        for w in option.words:
            names.setdefault(_key(w), option)
    return names


def _shown_one(item: "Field | Option", lang: str | None) -> Any:
    """The word shown for a field or an option: in ``lang``, or (``lang`` None: the rules do not know the table's
    language, a board change asked at a question) a message that shows it in the table's language."""
    if lang is not None:
        return shown(item, lang)
    return {"id": "core.fix.word", "params": {"word": {"en": shown(item, "en"), "pt": shown(item, "pt-BR")}}}


def _shown_all(items, lang: str | None) -> Any:
    """The words shown for ``items``: one text in ``lang``, or a list of messages (``_shown_one``)."""
    if lang is not None:
        return ", ".join(shown(i, lang) for i in items)
    return [_shown_one(i, None) for i in items]


def _close(typed: str, items, lang: str | None, words: Callable[[Any], Iterable[str]] = lambda i: i.words) -> str:
    """The closest words to ``typed``: among those shown in ``lang``, or (``lang`` None) every word of either
    language (``words(item)``), the closest one of each item."""
    if lang is not None:
        return ", ".join(close_matches(typed, [shown(i, lang) for i in items]))
    owner = {}
    for i, item in enumerate(items):
        for w in words(item):
            owner.setdefault(w, i)
    out: dict[int, str] = {}
    for w in close_matches(typed, owner, n=len(owner)):
        out.setdefault(owner[w], w)
    return ", ".join(list(out.values())[:3])


def _field_of(words: list[str], fields: tuple[Field, ...], item: str, lang: str | None,
              state: dict) -> tuple[Field, int, Any]:
    """The field the leading words name, how many they are, and the key of its first parameter they also name (a
    ``Field.named`` word) or None."""
    names: dict[str, tuple[Field, Any]] = {_key(w): (f, None) for f in fields for w in f.words}
    for f in fields:
        for w, key in (f.named(state) if f.named and f.tracked(state) else {}).items():
            names.setdefault(_key(w), (f, key))
    hit, used = _longest(words, names)
    if hit is None:
        typed = words[0] if words else ""
        seen = [f for f in fields if f.tracked(state)]  # the closest among the table's words, in its language
        close = _close(typed, seen, lang)
        if lang is None:  # and the names that say whose (one for each owner)
            named = [(f, key) for f in seen if f.named for key in dict.fromkeys(f.named(state).values())]
            more = _close(typed, named, None, lambda fk: [w for w, k in fk[0].named(state).items() if k == fk[1]])
            close = ", ".join(filter(None, (close, more)))
        raise FixError(msg("core.fix.unknown_what", item=item, word=typed, close=close, valid=_shown_all(seen, lang)))
    return hit[0], used, hit[1]


def _option_of(words: list[str], options: list[Option], item: str, what: str, lang: str | None) -> tuple[Any, int]:
    hit, used = _longest(words, _names(options))
    if hit is None:
        typed = words[0] if words else ""
        seen = [shown(o, lang or "en") for o in options]
        valid = _shown_all(options, lang)
        if not typed:
            raise FixError(msg("core.fix.missing", item=item, what=f"@core.fix.param.{what}", valid=valid))
        if len(words) > 1 and any(fold(s).split()[:1] == [fold(typed)] and len(s.split()) > 1 for s in seen):
            typed = f"{words[0]} {words[1]}"  # "human 9": the name of two words the table meant, not its first word
        raise FixError(msg("core.fix.unknown_option", item=item, word=typed, what=f"@core.fix.param.{what}",
                           close=_close(typed, options, lang), valid=valid))
    return hit.key, used


def _example(the_field: Field, state: dict, keys: tuple, lang: str | None) -> Any:
    if the_field.kind == COUNT:
        return str(the_field.get(state, keys))
    options = the_field.choices(state, keys) if the_field.choices else []
    return _shown_one(options[0], lang) if options else ""


def check(text: str, fields: Iterable[Field], state: dict, lang: str | None = "en") -> list[dict]:
    """``parse``, then every change checked against the rule's limits on a copy of ``state``: what ``tabletop fix``
    and ``!`` at a question read before anything is written. Raises ``FixError``."""
    return read(text, fields, state, lang)[0]


# -- applying ------------------------------------------------------------------------------------------------------
def apply(state: dict, changes: list[dict], fields: Iterable[Field], lang: str | None = "en", box: bool = True,
          limited: bool = True) -> list[dict]:
    """Apply ``changes`` to ``state`` (in place) after checking each against the rule's limits; return one line per
    change: ``{"field", "keys", "before", "after"}``. Raises ``FixError`` (and then ``state`` may be half-changed:
    callers apply to a copy). ``box=False`` (a journalled correction replayed) leaves out the box's limits across
    seats: a correction journalled before they were checked still replays. ``limited=False`` leaves out every
    rule's limit but the count's floor of 0 (a board-change answer journalled before the limits held for it)."""
    by_id = {f.id: f for f in fields}
    lines = []
    for change in changes:
        the_field = by_id.get(change.get("field"))
        if the_field is None:
            raise FixError(msg("core.fix.unknown_field", field=str(change.get("field"))))
        keys = tuple(change.get("keys", ()))
        before = the_field.get(state, keys)
        supplies = (the_field.box or ()) if box else ()
        held = counts(state, supplies)
        if change.get("op") == "add":
            after = int(before) + int(change["value"])
        else:
            after = change["value"]
        if the_field.kind == COUNT:
            low, high = the_field.limits(state, keys) if the_field.limits and limited else (0, None)
            if high is None and after > COUNT_MAX:
                high = COUNT_MAX
            if after < low or (high is not None and after > high):
                valid = f"{low}–{high}" if high is not None else f"≥ {low}"
                raise FixError(msg("core.fix.out_of_range", what=label_of(the_field, state, keys).to_data(), value=after,
                                   valid=valid, rule=f"@{the_field.rule}" if the_field.rule else "", min=low, max=high))
        else:
            options = the_field.choices(state, keys) if the_field.choices else []
            if after not in [o.key for o in options]:
                raise FixError(msg("core.fix.not_one_of", what=label_of(the_field, state, keys).to_data(), value=str(after),
                                   valid=_shown_all(options, lang), choices=[_shown_one(o, lang) for o in options]))
        the_field.put(state, keys, after)
        over = overdrawn(state, supplies, held)
        if over is not None:  # the box's limits across seats (fixbox.py): the state is a copy, thrown away
            raise FixError(msg("core.fix.refused", what=label_of(the_field, state, keys).to_data(),
                               value=value_label(the_field, state, keys, after), why=over.to_data()))
        lines.append({"field": the_field.id, "keys": list(keys), "before": before, "after": after})
    return lines


def label_of(the_field: Field, state: dict, keys: tuple) -> Msg:
    """How the table reads one field of one player/camp/region: the field's message with its parameters' labels."""
    params = {}
    for param, key in zip(the_field.params, keys):
        for option in param.options(state):
            if option.key == key:
                params[param.id] = _param(option.label)
                break
        else:
            params[param.id] = str(key)
    if the_field.extra is not None:
        params.update({k: _param(v) for k, v in the_field.extra(state, keys).items()})
    return Msg(the_field.label, params)


def value_label(the_field: Field, state: dict, keys: tuple, value: Any) -> Any:
    """A value as the table reads it (a choice's label; a count as it is)."""
    if the_field.kind == CHOICE and the_field.choices:
        for option in the_field.choices(state, keys):
            if option.key == value:
                return _param(option.label)
    return value


def _param(value: Any) -> Any:
    """A message parameter as journal data (a ``Msg`` as its data, rendered in the table's language)."""
    return value.to_data() if isinstance(value, Msg) else value


def listing(state: dict, fields: Iterable[Field], lang: str = "en") -> list[dict]:
    """Every value the table may correct now: the field, its keys, the current value, the words to use, and the
    valid values. For ``tabletop fix --list``."""
    rows = []
    for the_field in fields:
        if not the_field.tracked(state):
            continue
        for keys, words in _combinations(state, the_field.params, lang):
            if not the_field.exists(state, keys):
                continue
            value = the_field.get(state, keys)
            row = {"field": the_field.id, "keys": list(keys), "label": label_of(the_field, state, keys),
                   "value": value, "words": " ".join([shown(the_field, lang), *words])}
            if the_field.kind == COUNT:
                low, high = the_field.limits(state, keys) if the_field.limits else (0, None)
                row["min"] = low
                if high is not None:
                    row["max"] = high
            else:
                row["choices"] = [shown(o, lang) for o in (the_field.choices(state, keys) if the_field.choices else [])]
                row["value_label"] = value_label(the_field, state, keys, value)
            rows.append(row)
    return rows


def _combinations(state: dict, params: tuple[Param, ...], lang: str):
    if not params:
        yield (), []
        return
    for option in params[0].options(state):
        for keys, words in _combinations(state, params[1:], lang):
            yield (option.key, *keys), [shown(option, lang), *words]


# -- playing the journal step (automata/core/fixstep.py names it) ------------------------------------------------------------------------------------------------
def procedure(fields: Iterable[Field], state: dict, step_: dict,
              end: Callable[[dict, dict], list[Msg]] | None = None):
    """Play a correction step: apply its changes and tell the table each one ("Khorne's VP: 7 → 9"). A change
    that no longer fits (a replay over a different state) stops with the reason, like a replayed answer that does
    not fit. ``end(state, before)`` then decides the end of the game again from the corrected values
    (``automata/core/ending.py`` ``after_fix``: what it returns is told; a correction the end cannot follow is a
    ``FixError``, ``core.fix.end_refused``, and nothing is written)."""
    fields = tuple(fields)
    by_id = {f.id: f for f in fields}
    before = copied(state) if end is not None else state
    lines = apply(state, list(step_.get("changes", [])), fields, box=False)
    told: list[Msg] = []
    if end is not None:
        from .ending import EndRefused

        try:
            told = end(state, before)
        except EndRefused as refused:
            raise FixError(msg("core.fix.end_refused", reason=refused.msg.to_data())) from None
    for line in lines:
        the_field = by_id[line["field"]]
        keys = tuple(line["keys"])
        yield Say(msg("core.fix.done", what=label_of(the_field, state, keys).to_data(),
                      before=value_label(the_field, state, keys, line["before"]),
                      after=value_label(the_field, state, keys, line["after"])), "do")
    for line in told:
        yield Say(line, "score")
    return lines
