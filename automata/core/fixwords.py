"""The words a table types in a correction (`tabletop fix`, automata/core/fix.py), kept as data beside each game's
other data: ``automata/<game>/data/fix_words.toml``, English and Brazilian Portuguese side by side. And the options
every game builds alike from them: yes or no, numbered places.

The file is the rules' own data (read like data.py reads the game's data files, through ``datafiles``), not a
message catalog: the parser matches these words, so they belong to the rules; how a value is named on screen stays
in ``cli/locales`` (its label). Each entry is ``name = { en = [...], pt-BR = [...] }``: every word of both lists is
accepted in either language, the first English word is the one shown in English and the first Portuguese one (with
its accents; typed words are compared without them) the one shown in Portuguese. ``shown = ""`` keeps the English
word in Portuguese too (a card's name); ``same = "kinds.vp"`` starts an entry with another's words (and its
Portuguese word, unless it has its own ``shown``). ``[fields]`` names the fields by their ids, ``[options.<group>]`` a group's
options, ``[words]`` lone words a game builds options with (``era 2``, ``row 1``).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Iterable

from .datafiles import read_toml
from .fix import Option

FILE = "fix_words.toml"


class MissingWords(LookupError):
    """A field or option the game's words file does not name (a defect of the shipped data)."""


class Words:
    """One game's words file."""

    def __init__(self, table: dict, where: str = FILE):
        self.table = table
        self.where = where

    @classmethod
    def beside(cls, module_file: str) -> "Words":
        """The words file of the game whose module is ``module_file`` (its ``data/fix_words.toml``)."""
        return _load(str(Path(module_file).resolve().parent / "data" / FILE))

    def _entry(self, section: tuple[str, ...], name: str) -> dict:
        node: Any = self.table
        for part in section:
            node = node.get(part, {})
        entry = node.get(name)
        if not isinstance(entry, dict):
            raise MissingWords(f"{self.where}: no words for {'.'.join((*section, name))}")
        return entry

    def typed(self, name: str, section: tuple[str, ...] = ("fields",)) -> tuple[str, ...]:
        """Every word that names ``name``: those of the entry it is the ``same`` as, then its English ones, then its
        Portuguese ones."""
        entry = self._entry(section, name)
        same = self._same(entry)
        base = self.typed(same[1], same[0]) if same else ()
        return tuple(dict.fromkeys([*base, *entry.get("en", ()), *entry.get("pt-BR", ())]))

    def shown(self, name: str, section: tuple[str, ...] = ("fields",)) -> dict[str, str] | None:
        """The word a Portuguese table is shown (``fix.shown``), or None to show the English one: the entry's
        ``shown``, else that of the entry it is the ``same`` as, else its first Portuguese word."""
        entry = self._entry(section, name)
        same = self._same(entry)
        if "shown" not in entry and same:
            return self.shown(same[1], same[0])
        pt = entry.get("shown", (entry.get("pt-BR") or [""])[0])
        return {"pt-BR": pt} if pt else None

    @staticmethod
    def _same(entry: dict) -> tuple[tuple[str, ...], str] | None:
        """``same = "kinds.vp"``: the entry whose words come first (the section and the name)."""
        if not entry.get("same"):
            return None
        *section, name = str(entry["same"]).split(".")
        return tuple(section), name

    def option(self, group: str, name: str, label: Any, key: Any = None) -> Option:
        """The option ``name`` of ``group`` (its key ``name`` unless ``key`` is given), shown as ``label``."""
        section = ("options", group)
        return Option(name if key is None else key, label, self.typed(name, section), self.shown(name, section))

    def options(self, group: str, label: str, names: Iterable[str] | None = None) -> list[Option]:
        """Options of ``group`` (all of them, in the file's order, or ``names``), each labelled ``label`` with its
        name for ``{}`` (``"@radlands.camp_state.{}"``)."""
        names = list(self.table.get("options", {}).get(group, {})) if names is None else list(names)
        return [self.option(group, n, label.format(n)) for n in names]

    def word(self, name: str) -> tuple[str, ...]:
        """A lone word in both languages (``[words]``)."""
        return self.typed(name, ("words",))


@functools.lru_cache(maxsize=8)
def _load(path: str) -> Words:
    return Words(read_toml(Path(path)), Path(path).parent.parent.name + "/data/" + FILE)


def yes_no(words: Words, group: str = "yes_no", labels: tuple[str, str] = ("@core.yes", "@core.no")) -> list[Option]:
    """Yes (``True``) and no (``False``), with the words ``group`` of the game's file gives them (its ``yes`` and
    ``no``)."""
    return [words.option(group, "yes", labels[0], key=True), words.option(group, "no", labels[1], key=False)]


def numbered(keys: Iterable[int], first: int = 0, before: Iterable[str] = ()) -> list[Option]:
    """Places counted by the table: each key shown as its number (``key + first``), typed as it or after one of the
    words ``before`` (``era 2``, ``linha 1``)."""
    before = tuple(before)
    return [Option(k, str(k + first), (str(k + first), *(f"{w} {k + first}" for w in before))) for k in keys]
