"""The owner's collection file (``$TABLETOP_HOME/collection.toml``): read and checked, never half-trusted.

The file holds one table per game, one ``item = true|false`` a line::

    [anachrony]
    base = true
    future_imperfect = true
    intrigues = false   # lent to a friend

No file means everything is owned. A file that is not TOML, names an unknown game or item, or gives an item
something else than true or false is refused with a ``CollectionError``: a message id naming the file and line
(``cli/setup/collection.py`` renders it; the file is the owner's, so nothing rewrites it). Writing (``collection add``
and ``remove``) keeps the owner's comments: ``cli/setup/collection.py`` edits it in place with ``cli/setup/owner_toml.py``.
"""

from __future__ import annotations

import re
import tomllib

from automata.core.steps import Msg

from .paths import collection_file

MAX_BYTES = 64 * 1024


class CollectionError(Exception):
    def __init__(self, id: str, **params):
        super().__init__(id)
        self.msg = Msg(id, {"path": str(collection_file()), **params})


def read_text() -> str | None:
    """The file's text, or None when there is none."""
    path = collection_file()
    if not path.exists():
        return None
    from .reader import Refused, read_regular

    try:
        return read_regular(path, MAX_BYTES).decode("utf-8").removeprefix("\ufeff")  # a byte-order mark is no text
    except Refused:
        raise CollectionError("core.collection.error.not_file", max=MAX_BYTES) from None
    except UnicodeDecodeError as e:
        raise CollectionError("core.collection.error.not_utf8", byte=e.start) from None
    except OSError as e:
        raise CollectionError("core.collection.error.unreadable", problem=e.strerror or str(e)) from None


def read() -> dict | None:
    """The collection ({game id: {item: bool}}), or None without a file; CollectionError when it is damaged."""
    text = read_text()
    return None if text is None else parse(text)


def parse(text: str) -> dict:
    from automata.core.closest import close_matches
    from automata.core.collection import content
    from automata.core.games import GAMES

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise CollectionError("core.collection.error.syntax", line=int(m.group(1)) if m else 0) from None
    except RecursionError:  # the reader recursing into "[[[[…": never a traceback
        raise CollectionError("core.collection.error.too_deep") from None
    games = [g.id for g in GAMES]
    out: dict[str, dict[str, bool]] = {}
    for game, table in data.items():
        line = line_of(text, game, None)
        if game not in games:
            raise CollectionError("core.collection.error.game", line=line, name=game, valid=", ".join(games),
                                  close=", ".join(close_matches(game, games)))
        if not isinstance(table, dict):
            raise CollectionError("core.collection.error.table", line=line, game=game)
        items = content(game)
        out[game] = {}
        for item, value in table.items():
            line = line_of(text, game, item)
            if item not in items:
                raise CollectionError("core.collection.error.item", line=line, game=game, name=item,
                                      valid=", ".join(items), close=", ".join(close_matches(item, items)))
            if not isinstance(value, bool):
                raise CollectionError("core.collection.error.value", line=line, game=game, item=item)
            out[game][item] = value
    return out


def line_of(text: str, game: str, item: str | None) -> int:
    """The line (from 1) where ``[game]`` (``item`` None) or ``item`` inside it is written; 0 when not found."""
    section = ""
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        header = re.fullmatch(r"\[\s*\"?([^\]\"]+?)\"?\s*\]", line)
        if header:
            section = header.group(1).strip()
            if item is None and section == game:
                return n
            continue
        key = re.match(r"\"?([A-Za-z0-9_.-]+)\"?\s*=", line)
        if not key:
            continue
        name = key.group(1)
        if item is None and not section and (name == game or name.startswith(game + ".")):
            return n
        if item is not None and ((section == game and name == item) or (not section and name == f"{game}.{item}")):
            return n
    return 0
