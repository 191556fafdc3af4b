"""The legend of ``tabletop data check``: what the codes inside its notes mean, printed once.

Data check is for owners, so its notes may keep the short codes of their sources ("[S×2] (C1, C2)", "G13 (PD)",
"[I], F4"); each code that appears is explained once, in the table's language, with the meanings of the
rules files (``../shared/rules/*.md``: the confidence tags [V] [S] [I] and the marks U, the source keys C1–C3
of Chaos in the Old World and F1–F4 of Radlands, the gaps G1–G17 and program decisions PD of Time of Crisis,
the disagreements A1… of Chaos in the Old World).
"""

from __future__ import annotations

import re

from .i18n import Translator

# (legend id, how the code shows in a note); in the order the legend lists them
CODES = (
    ("V", re.compile(r"\[V")),
    ("S", re.compile(r"\[S")),
    ("I", re.compile(r"\[I\]")),
    ("C", re.compile(r"\bC[123]\b")),
    ("F", re.compile(r"\bF[1-4]\b")),
    ("G", re.compile(r"\bG\d+\b")),
    ("PD", re.compile(r"\bPD\b")),
    ("A", re.compile(r"\bA\d+\b")),
)


def codes(notes: list[str], confidences: list[str] = ()) -> list[str]:
    """The legend ids of the codes that appear in ``notes`` (and "U" when a value is marked U)."""
    text = "\n".join(notes)
    found = [cid for cid, rx in CODES if rx.search(text)]
    if "U" in confidences:
        found.append("U")
    return found


def legend(t: Translator, notes: list[str], confidences: list[str] = ()) -> list[str]:
    """The legend lines for the codes of ``notes`` in the table's language; empty when there is none."""
    found = codes(notes, confidences)
    return [t("data.legend.head")] + [t(f"data.legend.{cid}") for cid in found] if found else []
