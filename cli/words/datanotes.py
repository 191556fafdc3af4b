"""The notes of ``tabletop data check`` (and of ``tabletop rules`` on a card) in the table's language.

The games' data files keep one English note per value (``check``, ``note``, ``source``, ``<key>_check``, the
Radlands ``rules.basis``); the code adds a few of its own. Their Portuguese lives in the catalog pair
``cli/locales/{en,pt-BR}/data_notes.toml``, one id per note or per family of notes:

- ``data.note.<game>.<name>``: the English text is the note as the data (or the code) writes it, with
  ``{param}`` for the parts that vary ("read circle {circle} of the {area} area on your {mat} mat: …");
  the pt-BR text under the same id is the Portuguese, with the same parameters. A note is recognised by
  its English template; the parameters it captures are put into the Portuguese.
- a parameter named ``note`` (or ``…_note``) is itself a note, translated the same way ("Threat {threat}:
  {note}" followed by the dial's note);
- any other parameter is shown as it is, unless ``data.word.<value>`` names its Portuguese ("red" →
  "vermelha");
- ``data.value.<name>`` does the same for the few values the program writes itself ("(none)"), and
  ``data.confidence.<mark>`` the confidence column.

Everything stays English in ``en``. A note that no template recognises is shown in English; the test
``tests/cli/test_data_check_notes.py`` fails on any such note, so changing a note in a data file means
changing its template here too.
"""

from __future__ import annotations

import re
from typing import Any

from .i18n import Translator

NOTE_PREFIX = "data.note."
VALUE_PREFIX = "data.value."
_FIELD = re.compile(r"\{([a-z_]+)\}")


def _pattern(template: str) -> re.Pattern[str]:
    """An English template as a regular expression: each ``{name}`` captures some text (a name used twice
    must capture the same text)."""
    out, seen, pos = [], set(), 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[pos:m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        pos = m.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out), re.DOTALL)


def _matcher(t: Translator, prefix: str) -> tuple[dict[str, str], list[tuple[str, re.Pattern[str]]]]:
    """The English templates of the ids under ``prefix``: {text: id} for those without parameters, and
    (id, pattern) for the others, in catalog order."""
    english = {k: v for k, v in t._table("en", "data").items() if k.startswith(prefix) and isinstance(v, str)}
    return ({v: k for k, v in english.items() if not _FIELD.search(v)},
            [(k, _pattern(v)) for k, v in english.items() if _FIELD.search(v)])


class Notes:
    """Data-check notes, values and confidence marks in the language of ``t``."""

    def __init__(self, t: Translator):
        self.t = t
        self._matchers = {prefix: _matcher(t, prefix) for prefix in (NOTE_PREFIX, VALUE_PREFIX)}

    @property
    def english(self) -> bool:
        return self.t.lang == "en"

    def find(self, note: str, prefix: str = NOTE_PREFIX) -> tuple[str, dict[str, str]] | None:
        """The catalog id that recognises ``note`` and the parameters it captures, or None."""
        exact, patterns = self._matchers[prefix]
        if note in exact:
            return exact[note], {}
        for mid, rx in patterns:
            m = rx.fullmatch(note)
            if m:
                return mid, m.groupdict()
        return None

    def translated(self, note: str, prefix: str = NOTE_PREFIX) -> str | None:
        """``note`` in the table's language; None when no template recognises it (never for English)."""
        if self.english or not note:
            return note
        found = self.find(note, prefix)
        if found is None:
            return None
        mid, params = found
        if self.t.template(mid) is None or self.t.lang != "en" and self.t.template(mid) == self.t.template(mid, "en"):
            return None
        shown: dict[str, Any] = {}
        for name, value in params.items():
            if name == "note" or name.endswith("_note"):
                inner = self.translated(value)
                if inner is None:
                    return None
                shown[name] = inner
            else:
                shown[name] = self.word(value)
        return self.t(mid, **shown)

    def note(self, note: str) -> str:
        """``note`` in the table's language, else as written."""
        text = self.translated(note)
        return note if text is None else text

    def word(self, value: str) -> str:
        mid = f"data.word.{value}"
        return self.t(mid) if self.t.template(mid) is not None else value

    def value(self, value: Any) -> str:
        """A value as the data check shows it: data values as they are, the program's own words ("(none)",
        "0 deck cards, 0 camps, …") in the table's language."""
        text = self.translated(value, VALUE_PREFIX) if isinstance(value, str) else None
        return str(value) if text is None else text

    def confidence(self, mark: str) -> str:
        mid = f"data.confidence.{mark}"
        return self.t(mid) if self.t.template(mid) is not None else mark
