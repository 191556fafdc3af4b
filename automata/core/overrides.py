"""The walk of an owner's overrides over a game's data namespace (deep merge), shared by the games.

``Overrides.merge`` merges tables key by key: an unknown key is a DataError naming its path, the
valid keys and the closest ones; text notes may be added to a record; a list of values is replaced
whole, or element by element with a table of positions (``{"2" = ...}``); a value keeps its type.
Every record a change touches gets ``confidence = "owner"``. A game's subclass adds how its lists
of records are addressed and its exceptions (the hooks below).
"""

from __future__ import annotations

from typing import Any

from .gamedata import NOTE_KEYS, DataError, data_keys, is_meta, join, kind_term, toml_text, type_name
from .msg import Msg


def is_record(node: Any) -> bool:
    return isinstance(node, dict) and "confidence" in node


def unknown(path: str, valid: list, what: str = "key") -> DataError:
    """An unknown key (or record id) in the overrides, with the valid ones and the closest."""
    from .closest import close_matches

    leaf = path.rsplit(".", 1)[-1]
    close = close_matches(leaf, [str(v) for v in valid])
    listed = ", ".join(str(v) for v in valid)
    msg = f"overrides: unknown {what} '{path}'; valid keys: {listed}"
    if close:
        msg += f"; closest: {', '.join(close)}"
    params = {"path": path, "valid": listed, "close": ", ".join(close)}
    if what == "key":
        return DataError(msg, Msg("core.data.unknown_key", params))
    if what == "player card":
        return DataError(msg, Msg("core.data.unknown_player_card", params))
    return DataError(msg, Msg("core.data.unknown_record", {"field": what, **params}))


def check_type(old: Any, new: Any, path: str) -> None:
    """``new`` must have the type of ``old`` (a list: the type of its elements, when they share one)."""
    if type(old) is not type(new):
        raise DataError(f"overrides: {path} must be {type_name(old)}, got {toml_text(new)}",
                        Msg("core.data.override_type", {"path": path, "kind": kind_term(old), "value": toml_text(new)}))
    if isinstance(old, list) and old:
        kinds = {type(x) for x in old}
        if len(kinds) == 1:
            want = kinds.pop()
            for i, x in enumerate(new):
                if type(x) is not want:
                    raise DataError(f"overrides: {path}[{i}] must be {type_name(old[0])}, got {toml_text(x)}",
                                    Msg("core.data.override_type", {"path": f"{path}[{i}]", "kind": kind_term(old[0]), "value": toml_text(x)}))


def mark(rec: dict | None, key: str | None, index: int | None = None) -> None:
    """Mark ``rec`` (the innermost record around the change) and the key's own confidence as the owner's.

    A record with one confidence per position (a list) gets the position ``index`` marked, or all
    of them when the whole list ``rec[key]`` changed.
    """
    if rec is None:
        return
    conf = rec.get("confidence")
    if isinstance(conf, list):
        if key is not None and isinstance(rec.get(key), list):
            if index is None:
                rec["confidence"] = ["owner"] * len(rec[key])
            elif index < len(conf):
                conf[index] = "owner"
    else:
        rec["confidence"] = "owner"
    if key is not None and f"{key}_confidence" in rec:
        rec[f"{key}_confidence"] = "owner"


class Overrides:
    """The shared walk; the methods below ``merge`` are the hooks a game may replace."""

    #: text keys an override may add to a record (besides ``<key>_check``)
    addable_text: tuple[str, ...] = NOTE_KEYS

    def merge(self, base: dict, over: Any, path: str, record: dict | None) -> None:
        if not isinstance(over, dict):
            if not path:
                raise DataError(f"overrides: the file must be a table, got {toml_text(over)}",
                                Msg("core.data.override_file_not_table", {"value": toml_text(over)}))
            raise DataError(f"overrides: {path} must be a table, got {toml_text(over)}",
                            Msg("core.data.override_not_table", {"path": path, "value": toml_text(over)}))
        rec = base if is_record(base) else record
        for raw_key, value in over.items():
            key = str(raw_key)
            kpath = join(path, key)
            if key == "confidence" or key.endswith("_confidence"):
                continue  # owner values are "owner" by definition
            if self.special(base, key, value, kpath, rec):
                continue
            if key not in base:
                if rec is base and (key in self.addable_text or key.endswith("_check")) and isinstance(value, str):
                    base[key] = value
                else:
                    self.add_key(base, key, value, kpath, rec)
                continue
            current = base[key]
            if isinstance(current, dict):
                self.merge(current, value, kpath, rec)
            elif isinstance(current, list) and self.is_record_list(current, kpath):
                base[key] = self.merge_records(current, value, kpath)
            elif isinstance(current, list):
                if isinstance(value, dict):
                    self.mark_positions(rec, key, self.set_positions(current, value, kpath, key))
                elif isinstance(value, list):
                    self.check_type(current, value, kpath, key)
                    base[key] = value
                    mark(rec, key)
                else:
                    raise DataError(f"overrides: {kpath} must be a list, got {toml_text(value)}",
                                    Msg("core.data.override_type", {"path": kpath, "kind": "@core.data.kind.list", "value": toml_text(value)}))
            else:
                self.check_type(current, value, kpath, key)
                base[key] = value
                if not is_meta(key):
                    mark(rec, key)

    def set_positions(self, current: list, value: dict, path: str, key: str) -> list[int]:
        """Element by element from a table of positions; the positions set."""
        done: list[int] = []
        for raw_i, item in value.items():
            try:
                i = int(raw_i)
            except (TypeError, ValueError):
                raise DataError(f"overrides: {path} takes a list or a table of positions 0..{len(current) - 1}, got key {toml_text(raw_i)}",
                                Msg("core.data.positions_key", {"path": path, "last": len(current) - 1, "value": toml_text(raw_i)})) from None
            if not 0 <= i < len(current):
                raise DataError(f"overrides: {path}[{i}] is out of range; valid positions: 0..{len(current) - 1}",
                                Msg("core.data.position_out_of_range", {"path": f"{path}[{i}]", "last": len(current) - 1}))
            self.check_type(current[i], item, f"{path}[{i}]", key)
            current[i] = item
            done.append(i)
        return done

    def merge_by_id(self, by_id: dict, over: dict, path: str, field: str) -> None:
        """Records addressed by their ``field`` (e.g. ``id``): each merged with its table."""
        for rid, sub in over.items():
            if rid not in by_id:
                raise unknown(join(path, rid), list(by_id), field)
            self.merge(by_id[rid], sub, join(path, rid), None)

    # hooks ------------------------------------------------------------------------------------

    def special(self, base: dict, key: str, value: Any, path: str, rec: dict | None) -> bool:
        """Handle a key of the game's own kind; True when done."""
        return False

    def add_key(self, base: dict, key: str, value: Any, path: str, rec: dict | None) -> None:
        """A key the table does not have: an error unless the game opens the table."""
        raise unknown(path, data_keys(base))

    def is_record_list(self, items: list, path: str) -> bool:
        return False

    def merge_records(self, items: list, over: Any, path: str) -> list:
        """The list of records with ``over`` merged (the same list changed, or a new one)."""
        raise NotImplementedError

    def check_type(self, old: Any, new: Any, path: str, key: str) -> None:
        check_type(old, new, path)

    def mark_positions(self, rec: dict | None, key: str, positions: list[int]) -> None:
        for i in positions:
            mark(rec, key, i)
