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
        lines.extend(("why", PREFIX["why"] + text) for text in why_lines(t, entry))
    return lines


def why_lines(t: Translator, entry: dict[str, Any]) -> list[str]:
    """The rules behind an entry's decisions (``log --explain``), each followed by the rule topic that explains it
    when one does (cli/rules ``for_why``: the topic's ``why`` patterns), as the table looks it up."""
    out = []
    for w in entry.get("why", []):
        if not isinstance(w, dict):
            continue
        text = t.render(Msg.from_data(w))
        found = why_topic(t, w.get("id"))
        out.append(f"{text} {found}" if found else text)
    return out


def why_topic(t: Translator, msg_id: Any) -> str:
    """``(see: tabletop rules GAME "TOPIC")`` for a decision message, or "" when no topic explains it."""
    if not isinstance(msg_id, str):
        return ""
    topic = _topic_of(msg_id)
    if topic is None:
        return ""
    from ..rules import title

    return t("core.log.why_topic", game=topic.game, topic=title(t, topic))


_TOPICS: dict[str, Any] = {}


def _topic_of(msg_id: str):
    """The topic of a decision message, looked up once per message in a process (a long log repeats them)."""
    if msg_id not in _TOPICS:
        from ..rules import GAME_IDS, for_why

        game = msg_id.split(".", 1)[0]
        _TOPICS[msg_id] = for_why(game, msg_id) if game in GAME_IDS else None
    return _TOPICS[msg_id]


def entry_label(t: Translator, entry: dict[str, Any]) -> str:
    label = entry.get("label")
    return t.render(Msg.from_data(label)) if isinstance(label, dict) and "id" in label else "?"
