"""Close matches for a name that matches nothing: only names that are really close, else none.

A suggestion must help: "khorn" → khorne, "tzeench" → tzeentch, "rde" → red, "empire" → the_empire, "rad" →
radlands. A word that merely shares a few letters with a name ("nada" and "radlands", which difflib's usual
cutoffs of 0.5 and 0.6 suggested) gets no suggestion, and the message then says nothing about close matches
(cli/words/i18n.py drops the clause of an empty ``{close}``).

Compared without case, accents, spaces, dashes, dots or underscores. A name is close when
- it is at most one slip away per three letters (at least one): a slip is a wrong, missing, extra or swapped
  letter (the optimal string alignment distance), or
- the typed text (three letters or more) begins the name or begins it at one of its words ("emp",
  "border princes" → the_border_princes).
"""

from __future__ import annotations

from typing import Iterable

LETTERS_PER_SLIP = 3
PREFIX = 3  # the shortest typed start of a name that counts as close
#: No name of the program is longer than this: a longer text is close to none (and is not compared: the
#: comparison costs its length times each name's, and a 100,000-letter answer must be refused at once)
LONGEST = 200


def close_matches(text: str, names: Iterable[str], n: int = 3) -> list[str]:
    """The names (as given, closest first, without repeats) that are really close to ``text``."""
    if len(str(text)) > LONGEST:
        return []
    typed = fold(text)
    if not typed:
        return []
    scored: list[tuple[int, int, str]] = []
    for i, name in enumerate(dict.fromkeys(str(name) for name in names)):
        key = fold(name)
        slips = distance(typed, key)
        if slips <= max(1, max(len(typed), len(key)) // LETTERS_PER_SLIP):
            scored.append((slips, i, name))
        elif len(typed) >= PREFIX and _starts_a_word(typed, key):
            scored.append((len(key) - len(typed), i, name))
    return [name for _, _, name in sorted(scored)[:n]]


def _starts_a_word(typed: str, key: str) -> bool:
    return any(key[i:].startswith(typed) for i in range(len(key)) if i == 0 or key[i - 1] == " ")


def distance(a: str, b: str) -> int:
    """Slips between ``a`` and ``b``: letters replaced, missing, extra or swapped with the next one."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], previous2[j - 2] + 1)
        previous2, previous = previous, row
    return previous[-1]


def fold(text: str) -> str:
    """Lower case, no accents; dashes, underscores and dots become spaces."""
    import unicodedata

    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    for sep in "-_.":
        text = text.replace(sep, " ")
    return " ".join(text.split())
