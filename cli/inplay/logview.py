"""The journal in plain words: what the table was told, asked and rolled at each step.

Each journal entry keeps the step's transcript (``told``: the lines said, the questions with their answers, the
dice), so the log reads as the game went ("Bot red: Mode 2 …", "? What did the crisis roll give? An event card").
Entries written before the transcript was kept show their answers as ids and values. Shared by ``tabletop log``
and ``tabletop serve``.
"""

from __future__ import annotations

from typing import Any

from automata.core.runner import Event
from automata.core.msg import Msg

from ..words.i18n import Translator
from ..terminal.render import PREFIX, answer_text, event_text


def entry_lines(t: Translator, entry: dict[str, Any], explain: bool = False) -> list[tuple[str, str]]:
    """The lines of one journal entry as (style, text): the step's transcript, then (with ``explain``) its rules."""
    lines: list[tuple[str, str]] = []
    told = entry.get("told")
    if isinstance(told, list) and told:
        for data in told:
            if not isinstance(data, dict):
                continue
            event = Event.from_data(data)
            if event.kind == "say" and event.style == "head":
                continue  # the step's label already heads the block
            style = event.style if event.kind == "say" else event.kind
            lines.append((style, event_text(t, event)))
    else:  # an entry from before the transcript was kept: its answers as ids and values
        for r in entry.get("records", []):
            if isinstance(r, dict):
                lines.append(("ask", f"{r.get('id', '?')} = {answer_text(t, r.get('value'))}"))
    if explain:
        for w in entry.get("why", []):
            if isinstance(w, dict):
                lines.append(("why", PREFIX["why"] + t.render(Msg.from_data(w))))
    return lines


def entry_label(t: Translator, entry: dict[str, Any]) -> str:
    label = entry.get("label")
    return t.render(Msg.from_data(label)) if isinstance(label, dict) and "id" in label else "?"
