"""The shape of a game's saved state, checked when a save is read (pure: no I/O).

A game describes the keys its code reads in ``automata/<game>/shape.py`` (``STATE``, and optionally
``check(state) -> str | None`` for what a shape cannot say, such as "every bot named in ``bot_order``
has its table in ``bots``"). A shape is made of:

- a Python type (``int``, ``str``, ``bool``, ``float``, ``dict``, ``list``): a value of that type (``int`` never
  accepts a bool; ``float`` accepts an int);
- ``{key: shape}``: a table holding at least those keys (``Opt(shape)`` for a key that may be absent); other
  keys are allowed, so a newer program's extra keys never make a save damaged;
- ``[shape]``: a list whose every element has that shape;
- ``Each(shape, keys=...)``: a table whose every value has that shape (``keys``: names it must hold);
- ``Either(a, b, ...)``: any of those shapes;
- ``ANY``: anything.

``problem(value, shape)`` returns the first mismatch as ``(path, what is wrong)``, or None; what is wrong is a
message (``Msg``, ids ``core.shape.*``) that the CLI renders in the table's language.
"""

from __future__ import annotations

from typing import Any

from .msg import Msg, msg

ANY = object()


class Opt:
    """An optional key's shape. (Plain classes, not dataclasses: every command that reads a save imports them.)"""

    __slots__ = ("shape",)

    def __init__(self, shape: Any):
        self.shape = shape

    def __repr__(self) -> str:
        return f"Opt(shape={self.shape!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is Opt and other.shape == self.shape

    def __hash__(self) -> int:
        return hash((self.shape,))


class Each:
    """Every value of a table (or list) has ``shape``; ``keys`` must be present (e.g. the region ids)."""

    __slots__ = ("shape", "keys", "nonempty")

    def __init__(self, shape: Any, keys: tuple = (), nonempty: bool = False):
        self.shape = shape
        self.keys = keys
        self.nonempty = nonempty

    def __repr__(self) -> str:
        return f"Each(shape={self.shape!r}, keys={self.keys!r}, nonempty={self.nonempty!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is Each and (other.shape, other.keys, other.nonempty) == (self.shape, self.keys, self.nonempty)

    def __hash__(self) -> int:
        return hash((self.shape, self.keys, self.nonempty))


class Either:
    def __init__(self, *shapes: Any):
        self.shapes = shapes


#: The terms (``core.shape.kind.*``) naming a kind of value: "an integer", "um número inteiro".
_NAMES = {int: "integer", str: "string", bool: "bool", float: "number", dict: "table", list: "list"}


def kind(value: Any) -> str:
    """The term of the kind of ``value`` ("@core.shape.kind.string"), a message parameter."""
    import datetime

    if isinstance(value, bool):
        return "@core.shape.kind.bool"
    if isinstance(value, (datetime.date, datetime.time)):
        return "@core.shape.kind.date"
    return "@core.shape.kind." + {int: "integer", str: "string", float: "number", dict: "table", list: "list"}.get(type(value), "other")


def describe(shape: Any) -> Any:
    """What ``shape`` expects, as a message parameter: a term, or a message joining the terms of an ``Either``."""
    if isinstance(shape, Opt):
        return describe(shape.shape)
    if isinstance(shape, type):
        return "@core.shape.kind." + _NAMES.get(shape, "other")
    if isinstance(shape, (dict, Each)):
        return "@core.shape.kind.table"
    if isinstance(shape, list):
        return "@core.shape.kind.list"
    if isinstance(shape, Either) and shape.shapes:
        out = describe(shape.shapes[-1])
        for s in reversed(shape.shapes[:-1]):
            out = msg("core.shape.either", first=describe(s), second=out).to_data()
        return out
    return "@core.shape.kind.other"


def wrong(expected: Any, value: Any) -> Msg:
    """'must be <expected>, found <kind of value>' (``expected``: a type or a shape)."""
    return msg("core.shape.wrong", expected=describe(expected), found=kind(value))


MISSING = Msg("core.shape.missing")


def _fits_type(value: Any, typ: type) -> bool:
    if typ is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if typ is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, typ)


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def problem(value: Any, shape: Any, path: str = "") -> tuple[str, Msg] | None:
    """The first place where ``value`` does not have ``shape``: (dotted path, what is wrong), or None."""
    if shape is ANY:
        return None
    if isinstance(shape, Opt):
        shape = shape.shape
    if isinstance(shape, type):
        if _fits_type(value, shape):
            return None
        return path, wrong(shape, value)
    if isinstance(shape, Either):
        for s in shape.shapes:
            if problem(value, s, path) is None:
                return None
        return path, wrong(shape, value)
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            return path, wrong(dict, value)
        for key, sub in shape.items():
            if key not in value:
                if isinstance(sub, Opt):
                    continue
                return _join(path, key), MISSING
            found = problem(value[key], sub, _join(path, key))
            if found:
                return found
        return None
    if isinstance(shape, Each):
        if not isinstance(value, dict):
            return path, wrong(dict, value)
        if shape.nonempty and not value:
            return path, Msg("core.shape.empty")
        for key in shape.keys:
            if key not in value:
                return _join(path, key), MISSING
        for key, item in value.items():
            found = problem(item, shape.shape, _join(path, key))
            if found:
                return found
        return None
    if isinstance(shape, list):
        if not isinstance(value, list):
            return path, wrong(list, value)
        if shape:
            for i, item in enumerate(value):
                found = problem(item, shape[0], _join(path, i))
                if found:
                    return found
        return None
    raise TypeError(f"not a shape: {shape!r}")


def check_state(game_module_name: str, state: Any) -> tuple[str, Msg] | None:
    """The game's shape check of ``state`` (``automata.<game>.shape``); None when it fits or the game has none."""
    import importlib

    package = game_module_name.rsplit(".", 1)[0]
    try:
        spec = importlib.import_module(package + ".shape")
    except ModuleNotFoundError as e:
        if e.name != package + ".shape":
            raise
        return None if isinstance(state, dict) else ("state", wrong(dict, state))
    found = problem(state, spec.STATE, "state")
    if found is None and hasattr(spec, "check"):
        extra = spec.check(state)
        if extra:
            found = extra if isinstance(extra, tuple) else ("state", extra)
    return found


def undescribed(value: Any, shape: Any, path: str = "") -> list[str]:
    """The keys of ``value`` that ``shape`` does not describe (a table's key absent from its ``{key: shape}``), at
    any depth: the test that keeps a game's shape from falling behind the state its rules write (issue 31). The
    plain types ``dict`` and ``list`` and ``ANY`` describe everything below them."""
    if shape is ANY or isinstance(shape, type):
        return []
    if isinstance(shape, Opt):
        return undescribed(value, shape.shape, path)
    if isinstance(shape, Either):
        fits = [s for s in shape.shapes if problem(value, s, path) is None]
        return min((undescribed(value, s, path) for s in fits), key=len) if fits else []
    if isinstance(shape, dict) and isinstance(value, dict):
        out = [_join(path, k) for k in value if k not in shape]
        for k, sub in shape.items():
            if k in value:
                out += undescribed(value[k], sub, _join(path, k))
        return out
    if isinstance(shape, Each) and isinstance(value, dict):
        return [p for k, v in value.items() for p in undescribed(v, shape.shape, _join(path, k))]
    if isinstance(shape, list) and isinstance(value, list) and shape:
        return [p for i, v in enumerate(value) for p in undescribed(v, shape[0], _join(path, i))]
    return []
