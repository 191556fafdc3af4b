"""The owner's TOML files edited in place: their comments, order, layout and mode stay theirs.

The program's own files (saves, journals, drafts) are written whole with tomli-w: nobody edits them by
hand. An owner file (``overrides/<game>.toml``) is the owner's: a command that changes some of its values
(``tabletop toc mat NAME --edit``) changes those values and nothing else. tomlkit is the style-preserving
TOML library that can do that; it is imported here only, and only by the commands that write such a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def write_owner_file(path: Path, text: str, backup: bool = True) -> None:
    """Write the owner's file ``path`` whole (atomically); a link (to a dotfiles folder, say) stays a link: the file
    it names is the one written."""
    import os

    from state.atomic import write_atomic

    write_atomic(Path(os.path.realpath(path)) if os.path.islink(path) else path, text, backup=backup)


def updated_text(old_text: str, new: dict) -> str:
    """``old_text`` (a TOML document, maybe empty) with the values of ``new`` written into it in place.

    ``new`` is the whole wanted content (the old values merged with the edited ones): a value equal to the
    old one is left as it is written (comments, quotes, layout), a changed one is replaced in its place, a
    new key goes at the end of its table; keys that ``new`` no longer has are removed."""
    import tomlkit

    old_text = old_text.removeprefix("\ufeff")  # a byte-order mark (Notepad's UTF-8): written back without it
    doc = tomlkit.parse(old_text) if old_text.strip() else tomlkit.document()
    _update(doc, new)
    text = tomlkit.dumps(doc)
    if text.endswith("\n\n") and not old_text.endswith("\n\n"):
        text = text.rstrip("\n") + "\n"  # the blank line after a new last table is not needed at the end
    return text


def _update(table: Any, new: dict) -> None:
    import tomlkit

    for key in [k for k in table if k not in new]:
        del table[key]
    for key, value in new.items():
        if key not in table:
            table[key] = _item(value)
            if isinstance(value, dict):
                _last_table(table[key]).add(tomlkit.nl())  # a blank line before a table the owner wrote after it
            continue
        old = table[key]
        if isinstance(value, dict) and isinstance(old, dict):
            _update(old, value)
        elif _same(old, value):
            continue
        elif isinstance(value, list) and isinstance(old, list):
            _update_list(old, value)
        else:
            table[key] = _item(value)


def _update_list(old: Any, new: list) -> None:
    """An array (or an array of [[tables]]) keeps its layout: the changed elements change in place, extra
    ones go from its end, new ones are appended."""
    for i, element in enumerate(new[: len(old)]):
        if _same(old[i], element):
            continue
        if isinstance(element, dict) and isinstance(old[i], dict):
            _update(old[i], element)
        else:
            old[i] = _item(element)
    while len(old) > len(new):
        del old[len(old) - 1]
    for element in new[len(old):]:
        if isinstance(element, dict) and not _is_inline(old):
            import tomlkit

            if len(old) and not old[-1].as_string().endswith("\n\n"):
                old[-1].add(tomlkit.nl())
            table = _item(element)  # a [[table]] like its neighbours
        elif isinstance(element, dict):
            import tomlkit

            table = tomlkit.inline_table()
            table.update(element)
        else:
            table = _item(element)
        old.append(table)


def _is_inline(array: Any) -> bool:
    import tomlkit.items

    return not isinstance(array, tomlkit.items.AoT)


def _last_table(table: Any) -> Any:
    """The table written last of a new table and its sub-tables."""
    subtables = [v for v in table.values() if _is_table(v)]
    return _last_table(subtables[-1]) if subtables else table


def _is_table(value: Any) -> bool:
    import tomlkit.items

    return isinstance(value, tomlkit.items.Table)


def _same(old: Any, new: Any) -> bool:
    """Equal values of the same TOML type (``1`` is not ``true``, ``1`` is not ``1.0``)."""
    old = old.unwrap() if hasattr(old, "unwrap") else old
    return _plain(old) == _plain(new)


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return (type(value).__name__, value)


def _item(value: Any) -> Any:
    """A new value as tomlkit writes it: a table of tables stays a [table], short tables in arrays inline."""
    import tomlkit

    if isinstance(value, dict):
        table = tomlkit.table()
        for k, v in value.items():
            table[k] = _item(v)
        return table
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value) and len(_inline(value)) > 100:
        aot = tomlkit.aot()  # long entries (a priority list): one [[table]] each, as a person would write them
        for v in value:
            aot.append(_item(v))
        return aot
    if isinstance(value, list):
        array = tomlkit.array()
        for v in value:
            if isinstance(v, dict):
                inline = tomlkit.inline_table()
                inline.update(v)
                array.append(inline)
            else:
                array.append(v)
        if len(value) > 3 or any(isinstance(v, dict) for v in value):
            array.multiline(True)
        return array
    return tomlkit.item(value)


def _inline(value: list) -> str:
    import tomlkit

    return max((tomlkit.dumps({"x": v}) for v in value), key=len)
