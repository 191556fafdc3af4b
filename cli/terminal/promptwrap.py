"""Questions that fit the terminal: a question, its instruction, menu items and the answer line are wrapped at word
boundaries with a hanging indent, instead of the terminal cutting them mid-word ("Pax D / eorum" at 60 columns).

Only used at a terminal (the prompts); piped output is never wrapped (cli/terminal/render.py)."""

from __future__ import annotations

import shutil
import textwrap


def width() -> int:
    """The terminal's width less one column, so that a line that fills it never makes the terminal wrap it."""
    return max(20, shutil.get_terminal_size((80, 24)).columns - 1)


def lines(text: str, lead: int, cols: int | None = None) -> list[str]:
    """``text`` wrapped to the width after ``lead`` columns already used on the first line; later lines are
    indented by ``lead`` spaces (so "? " questions and "1) " items stay aligned)."""
    cols = cols or width()
    room = max(10, cols - lead)
    out: list[str] = []
    for part in text.split("\n"):
        out.extend(textwrap.wrap(part, room, break_long_words=True, break_on_hyphens=False) or [""])
    return [out[0]] + [" " * lead + line for line in out[1:]]


def question(message: str, tail: str = "", lead: int = 2, cols: int | None = None) -> tuple[str, str]:
    """The question wrapped after its "? " lead, and ``tail`` (an instruction or the answer) with what goes before
    it: a space when it fits on the question's last line, else a new line under the question (wrapped too).
    Returned apart so that each keeps its own style."""
    cols = cols or width()
    out = lines(message, lead, cols)
    text = "\n".join(out)
    if not tail:
        return text, ""
    last = out[-1] if len(out) > 1 else " " * lead + out[-1]
    if len(last) + 1 + len(tail) <= cols:
        return text, " " + tail
    return text, "\n" + "\n".join(" " * lead + line for line in textwrap.wrap(tail, max(10, cols - lead)))
