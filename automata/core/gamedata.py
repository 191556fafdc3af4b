"""What the games' data modules share: errors, reading the shipped files, the load cycle, look-ups by name.

A game's ``data`` module keeps its own table of files, its override addressing rules (see
``overrides.py``) and its validation (see ``datacheck.py``); this module holds the parts that are
the same for every game:

- ``DataError`` and ``UnknownName`` (re-exported by each game's data module);
- ``read_file`` / ``assemble``: the shipped TOML files read into one namespace from a
  (file, key in the file or None for the whole file, namespace key) table;
- ``cached_default``: a game's cached pair, the shipped namespace read once and the validated data
  without overrides made once;
- ``load_data``: shipped data validated once and cached, owner overrides deep-merged over a copy;
- ``data_by_overrides``: a cached ``data_of(state)`` for a game's ``load``;
- ``fold_name`` / ``find_name`` / ``unknown_name``: look-up by name with close matches;
- ``flagged_items``: every value still marked "provisional" or "U".

Pure code: it reads only the shipped data files, through ``datafiles.read_toml``. ``difflib``,
``copy``, ``json``, ``tomllib`` and ``unicodedata`` are imported when first needed, so that importing a game stays
cheap.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any, Callable, Iterable

from .datafiles import checked_before, read_toml
from .msg import Msg

CONFIDENCES = ("seed", "V", "S", "I", "U", "provisional", "owner")
FLAGGED = ("provisional", "U")
NOTE_KEYS = ("note", "check", "source")


class DataError(ValueError):
    """The shipped data or an owner override is not valid; the message names the key.

    ``str()`` is the English detail (logs, tests); ``msg`` is the same detail as a message for the table
    (``core.data.*``, cli/locales/*/core_data.toml). A detail written only in English (``msg`` not given) is
    carried as ``core.data.text``, shown as it is in every language."""

    def __init__(self, text: str, message: Msg | None = None):
        super().__init__(text)
        self.msg = message if message is not None else Msg("core.data.text", {"text": text})


def problems(messages: list[Msg]) -> Msg:
    """Several problems as one message, separated by '; ' in every language (a chain of ``core.data.problems``)."""
    out = messages[-1]
    for m in reversed(messages[:-1]):
        out = Msg("core.data.problems", {"first": m.to_data(), "rest": out.to_data()})
    return out


_DATA_NAMES = {"Anachrony scoring": "@core.data.name.anachrony_scoring", "Anachrony solo": "@core.data.name.anachrony_solo"}


def context_msg(context: str) -> Msg:
    """The message of a validation context ("invalid Radlands data", "with the owner overrides, the Radlands data
    is invalid"); a context of another shape is carried as English text."""
    found = re.fullmatch(r"invalid (.+) data", context)
    if found:
        return Msg("core.data.context.shipped", {"data": _DATA_NAMES.get(found[1], found[1])})
    found = re.fullmatch(r"with the owner overrides(?: \((.+)\))?, the (.+) data is invalid", context)
    if found:
        data = _DATA_NAMES.get(found[2], found[2])
        if found[1]:
            return Msg("core.data.context.owner_file", {"file": found[1], "data": data})
        return Msg("core.data.context.owner", {"data": data})
    return Msg("core.data.text", {"text": context})


def invalid(context: str, errors: list[str], messages: list[Msg]) -> DataError:
    """The DataError of a failed validation: ``context: problem; problem...``."""
    return DataError(f"{context}: " + "; ".join(errors),
                     Msg("core.data.invalid", {"context": context_msg(context).to_data(), "problems": problems(messages).to_data()}))


class UnknownName(LookupError):
    """A name (region, Power, mat, colour, card...) that matches nothing; carries the valid ids and close matches."""

    def __init__(self, kind: str, text: str, valid: list[str], close: list[str]):
        self.kind = kind
        self.text = text
        self.valid = list(valid)
        self.close = list(close)
        msg = f"unknown {kind} '{text}'; valid: {', '.join(self.valid)}"
        if self.close:
            msg += f"; closest: {', '.join(self.close)}"
        super().__init__(msg)


# ------------------------------------------------------------------------------------- keys


def join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def is_meta(key: str) -> bool:
    """A record's confidence, check or note keys (not game data)."""
    return key == "confidence" or key.endswith("_confidence") or key.endswith("_check") or key in NOTE_KEYS


def data_keys(node: dict) -> list[str]:
    return [k for k in node if not is_meta(k)]


_KINDS = {bool: ("true/false", "bool"), int: ("a whole number", "int"), float: ("a number", "float"), str: ("text", "str"),
          list: ("a list", "list"), dict: ("a table", "table")}


def type_name(v: Any) -> str:
    return _KINDS.get(type(v), (type(v).__name__,))[0]


def kind_term(v: Any) -> str:
    """``type_name`` as a term of the catalogs (``@core.data.kind.*``); an unusual type keeps its Python name."""
    kind = _KINDS.get(type(v))
    return f"@core.data.kind.{kind[1]}" if kind else type(v).__name__


def toml_text(v: Any, limit: int = 120) -> str:
    """A value as the owner wrote it in TOML (``true``, ``"five"``, ``[1, 2]``, ``{a = 1}``, a date as written), for
    the messages about an owner's file; shortened past ``limit`` characters."""
    if isinstance(v, bool):
        out = "true" if v else "false"
    elif isinstance(v, str):
        out = '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    elif isinstance(v, (int, float)):
        out = str(v)
    elif isinstance(v, list):
        out = "[" + ", ".join(toml_text(x, limit) for x in v) + "]"
    elif isinstance(v, dict):
        out = "{" + ", ".join(f"{k} = {toml_text(x, limit)}" for k, x in v.items()) + "}"
    elif hasattr(v, "isoformat"):
        out = v.isoformat()
    else:
        out = str(v)
    return out if len(out) <= limit else out[: limit - 1] + "…"


# ---------------------------------------------------------------------------------- reading


def read_file(folder: Path, name: str) -> dict:
    path = folder / name
    try:
        return read_toml(path)
    except FileNotFoundError:
        raise DataError(f"data file missing: {path}", Msg("core.data.file_missing", {"path": str(path)})) from None
    except ValueError as e:  # tomllib.TOMLDecodeError (the parser is imported only when a file is parsed)
        import tomllib

        if not isinstance(e, tomllib.TOMLDecodeError):
            raise
        raise DataError(f"data file {path} is not valid TOML: {e}",
                        Msg("core.data.file_not_toml", {"path": str(path), "error": str(e)})) from None


def assemble(files: Iterable[tuple[str, str | None, str]], file_keys: dict[str, set[str]],
             read: Callable[[str], dict]) -> dict:
    """The namespace of the shipped files: for each (file, key or None for the whole file, namespace key)."""
    docs: dict[str, dict] = {}
    ns: dict[str, Any] = {}
    for name, key, target in files:
        doc = docs.get(name)
        if doc is None:
            doc = docs[name] = read(name)
            expected = file_keys.get(name)
            if expected is not None and set(doc) != expected:
                raise DataError(f"{name}: top-level keys must be {sorted(expected)}, found {sorted(doc)}",
                                Msg("core.data.file_keys", {"file": name, "valid": str(sorted(expected)), "found": str(sorted(doc))}))
        if key is None:
            ns[target] = doc
        elif key not in doc:
            raise DataError(f"{name}: missing [{key}]", Msg("core.data.file_table_missing", {"file": name, "key": key}))
        else:
            ns[target] = doc[key]
    return ns


def cached_default(folder: Path, files: str | Iterable[tuple[str, str | None, str]],
                   file_keys: dict[str, set[str]] | None = None,
                   checked_by: tuple[str, ...] = ()) -> Callable[[Callable[[dict, bool], Any]], Any]:
    """Decorator of a game's ``make(ns, check)`` (validate a namespace when ``check``, return the game's data
    object): the result is ``default()``, the data without overrides made once from the shipped files read afresh,
    and ``default.shipped()``, that namespace read once (never mutated: copy before use); ``default.make`` is ``make``.
    ``files`` is one file read whole, or the (file, key or None, namespace key) table of ``assemble`` with its
    ``file_keys``. Both are ``functools.lru_cache`` functions (``cache_clear()``).

    ``check`` is False only when the parsed-file cache (``datafiles.checked_before``) remembers that these very files
    were validated, by the code as it is now (``code_files`` of the module of ``make`` and of ``checked_by``, the
    modules of tables the check reads): a command does not check the same shipped data on every start."""
    names = [files] if isinstance(files, str) else list(dict.fromkeys(name for name, _, _ in files))

    def decorate(make: Callable[[dict, bool], Any]) -> Any:
        @functools.lru_cache(maxsize=1)
        def shipped() -> dict:
            return read()

        @functools.lru_cache(maxsize=1)
        def default() -> Any:
            known, remember = checked_before(folder, names, code_files((make.__module__, *checked_by)))
            if shipped.cache_info().currsize:  # already read: a copy of it
                made = make(fresh(shipped()), not known)
            else:
                made = make(read(), not known)  # read afresh (through the parsed-file cache: cheaper than a deep copy)
            remember()  # the check passed (a failed one raised)
            return made

        def read() -> dict:
            if isinstance(files, str):
                return read_file(folder, files)
            return assemble(files, file_keys or {}, lambda name: read_file(folder, name))

        default.shipped = shipped
        default.make = make
        return default

    return decorate


@functools.lru_cache(maxsize=None)
def code_files(modules: tuple[str, ...]) -> tuple[str, ...]:
    """The files of ``modules`` and of every module of ``automata`` they use, directly or through another (a module,
    class or function they hold): the code that checks a game's data, whose change makes the data checked again. A
    module that gives only tables (a schema) is named in ``modules`` itself."""
    import sys
    from types import ModuleType

    seen: set[str] = set()
    todo = list(modules)
    out = []
    while todo:
        name = todo.pop()
        module = sys.modules.get(name)
        if name in seen or module is None:
            continue
        seen.add(name)
        if getattr(module, "__file__", None):
            out.append(module.__file__)
        for value in list(vars(module).values()):
            used = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
            if isinstance(used, str) and used.startswith("automata.") and used not in seen:
                todo.append(used)
    return tuple(sorted(out))


def fresh(ns: dict) -> dict:
    """A deep copy of a namespace, to change or hand out."""
    import copy

    return copy.deepcopy(ns)


def load_data(overrides: Any, default: Callable[[], Any], shipped: Callable[[], dict],
              merge: Callable[[dict, dict], None], finish: Callable[[dict], Any]) -> Any:
    """``default()`` without overrides; else ``finish`` of a copy of ``shipped()`` with ``merge`` of the overrides.

    ``default`` validates the shipped data first, so a shipped error is not blamed on the owner.
    """
    if not overrides:
        return default()
    if not isinstance(overrides, dict):
        raise DataError(f"overrides must be a table (dict), not {type(overrides).__name__}",
                        Msg("core.data.overrides_not_table", {"found": type(overrides).__name__}))
    default()
    ns = fresh(shipped())
    merge(ns, overrides)
    return finish(ns)


def data_by_overrides(load: Callable[[dict | None], Any]) -> Callable[[dict], Any]:
    """``data_of(state)``: ``load`` of the state's overrides, the data of the last eight kept."""
    import functools
    import json

    @functools.lru_cache(maxsize=8)
    def data_for(overrides_json: str) -> Any:
        return load(json.loads(overrides_json) or None)

    def data_of(state: dict) -> Any:
        return data_for(json.dumps(state.get("overrides", {}), sort_keys=True))

    return data_of


# ------------------------------------------------------------------------------ name look-up

PUNCTUATION = r"[’'`\".,]"


def fold_name(text: Any, drop: str = PUNCTUATION, *, ampersand: bool = False) -> str:
    """Lower case, no accents, dashes and underscores as spaces, no ``drop`` characters, single spaces."""
    return _folded(str(text), drop, ampersand)


@functools.lru_cache(maxsize=16384)
def _folded(text: str, drop: str, ampersand: bool) -> str:
    """fold_name's work, remembered: name look-ups fold every known name on each answer (a pure function)."""
    import unicodedata

    text = unicodedata.normalize("NFKD", text.strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    if ampersand:
        text = text.replace("&", " and ")
    text = re.sub(r"[-_]+", " ", text)
    text = re.sub(drop, "", text)
    return re.sub(r"\s+", " ", text).strip()


def name_index(forms: dict[str, list[str]], fold: Callable[[Any], str],
               strip: Callable[[str], str] | None = None) -> dict[str, str]:
    """{folded name: id} for every id and its ``forms`` (also with ``strip`` applied): what ``find_name`` looks in;
    a caller that looks up many names in the same records builds it once."""
    index: dict[str, str] = {}
    for rid, names in forms.items():
        for form in [rid, *names]:
            n = fold(form)
            index.setdefault(n, rid)
            if strip is not None:
                index.setdefault(strip(n), rid)
    return index


def find_name(kind: str, text: Any, forms: dict[str, list[str]], valid: list[str], fold: Callable[[Any], str],
              strip: Callable[[str], str] | None = None, suggest: bool = True,
              index: dict[str, str] | None = None) -> str:
    """The id whose id or one of its ``forms`` folds to ``text`` (also with ``strip`` applied); else UnknownName,
    with the closest names unless ``suggest`` is False (a parser only asking "is this a name?", on every word).
    ``index``: ``name_index(forms, fold, strip)`` when the caller keeps it."""
    if index is None:
        index = name_index(forms, fold, strip)
    n = fold(text)
    wanted = n if strip is None else strip(n)
    for candidate in (n, wanted):
        if candidate in index:
            return index[candidate]
    if not suggest:
        raise UnknownName(kind, text, valid, [])
    from .closest import close_matches

    close: list[str] = []
    for match in close_matches(wanted, list(index), n=5):
        if index[match] not in close:
            close.append(index[match])
    raise UnknownName(kind, text, valid, close[:3])


def unknown_name(kind: str, text: Any, valid: list[str]) -> UnknownName:
    from .closest import close_matches

    return UnknownName(kind, str(text), valid, close_matches(str(text), valid))


# ------------------------------------------------------------------------------ provisional


def short(value: Any, limit: int = 80) -> str:
    if isinstance(value, bool):
        s = "true" if value else "false"
    elif isinstance(value, list):
        s = "[" + ", ".join(short(x, limit) for x in value) + "]"
    elif isinstance(value, str):
        s = value if value else '""'
    else:
        s = str(value)
    return s if len(s) <= limit else s[: limit - 1] + "…"


#: (key, value, confidence, note) of one flagged item
Item = tuple[str, str, str, str]


def flagged_items(ns: dict, keys: Iterable[str], record_value: Callable[[dict], str],
                  records_in: Callable[[list, str], Iterable[tuple[Any, dict]]],
                  positions: Callable[[dict, str, list, str], Iterable[Item]] | None = None) -> list[dict]:
    """Every record or value of ``ns[key]`` still marked "provisional" or "U" (owner values are never listed).

    Items: {"key": dotted path, "value": short text, "confidence": ..., "note": check/note text}.
    ``records_in(list, path)`` gives the (label, record) pairs of a list of records (none for other
    lists); ``positions(record, path, confidences, note)`` the items of a record with one confidence
    per position.
    """
    items: list[dict] = []

    def emit(key: str, value: str, conf: str, note: str) -> None:
        items.append({"key": key, "value": value, "confidence": conf, "note": note})

    def visit(node: dict, path: str) -> None:
        conf = node.get("confidence")
        general = node.get("check") or node.get("note") or ""
        if isinstance(conf, str) and conf in FLAGGED:
            emit(path, record_value(node), conf, general)
        elif isinstance(conf, list) and positions is not None:
            for item in positions(node, path, conf, general):
                emit(*item)
        for k, v in node.items():
            if k.endswith("_confidence") and v in FLAGGED:
                base = k[: -len("_confidence")]
                if base in node:
                    emit(join(path, base), short(node[base]), v, node.get(f"{base}_check") or general)
        for k, v in node.items():
            kp = join(path, k)
            if isinstance(v, dict):
                visit(v, kp)
            elif isinstance(v, list):
                for label, rec in records_in(v, kp):
                    visit(rec, join(kp, label))

    for key in keys:
        node = ns[key]
        if isinstance(node, list):
            for label, rec in records_in(node, key):
                visit(rec, join(key, label))
        else:
            visit(node, key)
    return items
