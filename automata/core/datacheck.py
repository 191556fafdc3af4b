"""Checks for validating a game's data: each failure is kept, with the dotted path of what failed."""

from __future__ import annotations

from typing import Any

from .gamedata import CONFIDENCES, DataError, invalid, join, kind_term, toml_text, type_name
from .msg import Msg


class Check:
    #: how a number below ``min`` is reported (``{min}``, ``{value}``)
    below_min = "must be at least {min}, got {value}"
    #: the same as a message id (``{key}``, ``{min}``, ``{value}``)
    below_min_id = "core.data.below_min"

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.messages: list[Msg] = []

    def fail(self, msg: str, message: Msg | None = None) -> None:
        """One failure: its English text, and the same as a message for the table (else the text as it is)."""
        self.errors.append(msg)
        self.messages.append(message if message is not None else Msg("core.data.text", {"text": msg}))

    def error(self, context: str) -> DataError:
        """The failures so far as one DataError, ``context: failure; failure...``."""
        return invalid(context, self.errors, self.messages)

    def typed(self, node: Any, key: str, kind: type | tuple, path: str, *, min: int | None = None) -> Any:
        """``node[key]`` when it is of ``kind`` (and at least ``min``), else None (and a failure)."""
        if not isinstance(node, dict) or key not in node:
            self.fail(f"{join(path, key)} is missing", Msg("core.data.missing", {"key": join(path, key)}))
            return None
        v = node[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = isinstance(v, kinds) and not (isinstance(v, bool) and bool not in kinds)
        if not ok:
            self.fail(f"{join(path, key)} must be {'/'.join(type_name(k()) for k in kinds)}, got {toml_text(v)}",
                      Msg("core.data.must_be", {"key": join(path, key), "kind": _kinds(kinds), "value": toml_text(v)}))
            return None
        if min is not None and isinstance(v, int) and v < min:
            self.fail(f"{join(path, key)} {self.below_min.format(min=min, value=v)}",
                      Msg(self.below_min_id, {"key": join(path, key), "min": min, "value": v}))
        return v

    def str_list(self, node: Any, key: str, path: str) -> list[str] | None:
        v = self.typed(node, key, list, path)
        if v is not None and not all(isinstance(x, str) for x in v):
            self.fail(f"{join(path, key)} must be a list of text, got {toml_text(v)}",
                      Msg("core.data.text_list", {"key": join(path, key), "value": toml_text(v)}))
            return None
        return v

    def record(self, node: Any, path: str, *, list_conf: bool = False) -> bool:
        """A table with a confidence (and a source, unless it keeps one confidence per position)."""
        if not isinstance(node, dict):
            self.fail(f"{path} must be a table", Msg("core.data.table", {"key": path}))
            return False
        if "confidence" not in node:
            self.fail(f"{path}.confidence is missing", Msg("core.data.missing", {"key": f"{path}.confidence"}))
        if not list_conf:
            self.typed(node, "source", str, path)
        return True

    def confidences(self, node: Any, path: str, *, per_position: bool = False, text_keys: tuple[str, ...] = ()) -> None:
        """Every confidence below ``node`` is a known one, every ``<key>_check`` (and ``text_keys``) text.

        With ``per_position``, a record's ``confidence`` may be a list, one per position.
        """
        if isinstance(node, dict):
            for k, v in node.items():
                if not isinstance(v, (dict, list)) and k != "confidence" and not k.endswith(("_confidence", "_check")) \
                        and k not in text_keys:
                    continue  # a plain value: nothing to check (its path is only joined when needed)
                p = join(path, k)
                if k == "confidence" or k.endswith("_confidence"):
                    values = v if per_position and isinstance(v, list) else [v]
                    for x in values:
                        if x not in CONFIDENCES:
                            self.fail(f"{p} has {toml_text(x)}; valid: {', '.join(CONFIDENCES)}",
                                      Msg("core.data.bad_value", {"key": p, "value": toml_text(x), "valid": ", ".join(CONFIDENCES)}))
                    if per_position and isinstance(v, list) and k != "confidence":
                        self.fail(f"{p} must be text", Msg("core.data.must_be_text", {"key": p}))
                elif (k.endswith("_check") or k in text_keys) and not isinstance(v, str):
                    self.fail(f"{p} must be text", Msg("core.data.must_be_text", {"key": p}))
                else:
                    self.confidences(v, p, per_position=per_position, text_keys=text_keys)
        elif isinstance(node, list):
            for i, x in enumerate(node):
                self.confidences(x, f"{path}[{i}]", per_position=per_position, text_keys=text_keys)


def _kinds(kinds: tuple) -> str | dict:
    """The kinds a value may be, as a term or a chain of ``core.data.kind.either`` ("a whole number/text")."""
    terms = [kind_term(k()) for k in kinds]
    out: str | dict = terms[-1]
    for t in reversed(terms[:-1]):
        out = {"id": "core.data.kind.either", "params": {"first": t, "second": out}}
    return out
