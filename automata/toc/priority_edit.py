"""Transcribing an owner's AI Action Priority List and AI Event Guidelines (rules reference §3.0 point 3, §3.4, §3.5).

Seed 000, Fluxo do Jogo, AI Take Actions Phase: step 2 (Spend Available Influence: the AI Action
Priority List on the AI instruction sheet, from the top, each action when the bot meets its criteria
and has the points) and step 3 (Using Events: the AI Event Guidelines). No public source prints
either, so the owner types them once from the bi-fold; these procedures yield ``Ask`` only and
return the values in the shape of the data overrides (automata/toc/data.py, priority.toml,
events.toml). No I/O here.

``edit_priority(data)`` asks, with stable ids:

- ``toc.priority.count``: how many entries the printed list has (1..``ENTRIES_MAX``);
- for each entry ``n`` from the top (1-based): ``toc.priority.<n>.action`` (one of the program's
  actions, or ``other``), ``toc.priority.<n>.name`` (only for ``other``: the printed name),
  ``.influence`` (the type whose points pay), ``.cost`` (a whole number; ``ask`` when the table
  reads it once a game; ``board`` when it depends on the board and is read each time), ``.criteria`` and ``.target`` (the printed texts in the owner's words; may be
  empty), ``.repeat`` (yes when the printed entry may be done more than once).

It returns ``{"priority": [entries]}``, a list that replaces the shipped list whole.

``edit_guidelines(data)`` asks ``toc.guideline.<category>.<base|expansion>`` for each of the 18 piles
(the guideline in the owner's words; empty when the sheet gives none) and returns
``{"events": {"guidelines": {"mode": "ask"}, "card_guidelines": [{"slot", "text"}, ...]}}``.
"""

from __future__ import annotations

from typing import Any

from ..core.steps import NUMBER, ONE_OF, TEXT, YES_NO, Ask, Choice, InvalidAnswer, msg
from .data import AREAS, GUIDELINE_SETS, OTHER_ACTION, PRIORITY_ACTIONS
from .mat_edit import area_choice, is_provisional

ENTRIES_MAX = 30
COST_MAX = 30
ASK_WORDS = ("ask", "?", "perguntar", "pergunte", "perguntado")
BOARD_WORDS = ("board", "tabuleiro", "varia", "varies")


def check_cost(value: Any) -> int | str:
    """A printed cost: a whole number 0..COST_MAX, "ask" (printed but not transcribed: the table says it once a game)
    or "board" (it depends on the board: the table says it each time the entry is done)."""
    text = str(value).strip().lower()
    if text in ASK_WORDS:
        return "ask"
    if text in BOARD_WORDS:
        return "board"
    try:
        n = int(text)
    except ValueError:
        raise InvalidAnswer(msg("toc.priority.bad_cost", value=str(value), max=COST_MAX)) from None
    if not 0 <= n <= COST_MAX:
        raise InvalidAnswer(msg("toc.priority.bad_cost", value=str(value), max=COST_MAX))
    return n


def check_name(value: Any) -> str:
    text = str(value).strip()
    if not text:
        raise InvalidAnswer(msg("toc.priority.name_needed"))
    return text


def _text(value: Any) -> str:
    return str(value).strip()


def _now(value: Any, provisional: bool):
    return msg("toc.helpers.edit.now_provisional" if provisional else "toc.helpers.edit.now", value=value)


def _action_label(entry: dict) -> Any:
    if entry.get("name"):
        return entry["name"]
    return f"@toc.apl.{entry.get('action', entry['id'])}"


def action_choices() -> tuple[Choice, ...]:
    return tuple(Choice(a, msg(f"toc.apl.{a}")) for a in PRIORITY_ACTIONS) + (Choice(OTHER_ACTION, msg("toc.priority.other")),)


def edit_priority(data):
    """Ask the owner's AI Action Priority List, entry by entry from the top; return the owner overrides."""
    shipped = list(data.priority)
    usual = {}  # the influence type each action has in the data now, as a hint
    for e in shipped:
        usual.setdefault(e.get("action", e["id"]), e)
    count = yield Ask("toc.priority.count", msg("toc.priority.ask.count"), NUMBER, min=1, max=ENTRIES_MAX,
                      hint=_now(len(shipped), any(is_provisional(e) for e in shipped)))
    entries: list[dict[str, Any]] = []
    ids: set[str] = set()
    for n in range(1, int(count) + 1):
        now = shipped[n - 1] if n <= len(shipped) else None
        action = yield Ask(f"toc.priority.{n}.action", msg("toc.priority.ask.action", n=n), ONE_OF, action_choices(),
                           hint=None if now is None else _now(_action_label(now), is_provisional(now)))
        printed = ""
        if action == OTHER_ACTION:
            printed = yield Ask(f"toc.priority.{n}.name", msg("toc.priority.ask.name", n=n), TEXT, check=check_name)
        base = f"{OTHER_ACTION}_{n}" if action == OTHER_ACTION else action
        eid, k = base, 2
        while eid in ids:
            eid, k = f"{base}_{k}", k + 1
        ids.add(eid)
        entry: dict[str, Any] = {"order": n, "id": eid, "action": action}
        if printed:
            entry["name"] = printed
        known = usual.get(action)
        entry["influence"] = yield Ask(f"toc.priority.{n}.influence", msg("toc.priority.ask.influence", n=n), ONE_OF,
                                       tuple(area_choice(a) for a in AREAS),
                                       hint=None if known is None else _now(f"@toc.area.{known['influence']}", is_provisional(known, "influence")))
        entry["cost"] = yield Ask(f"toc.priority.{n}.cost", msg("toc.priority.ask.cost", n=n), TEXT, check=check_cost,
                                  hint=msg("toc.priority.cost_hint"))
        entry["criteria"] = yield Ask(f"toc.priority.{n}.criteria", msg("toc.priority.ask.criteria", n=n), TEXT, check=_text)
        target = yield Ask(f"toc.priority.{n}.target", msg("toc.priority.ask.target", n=n), TEXT, check=_text)
        if target:
            entry["target"] = target
        entry["repeat"] = yield Ask(f"toc.priority.{n}.repeat", msg("toc.priority.ask.repeat", n=n), YES_NO)
        entries.append(entry)
    return {"priority": entries}


def guideline_slots(data) -> list[tuple[dict, str]]:
    """The 18 piles an event can come from: (category, "base" | "expansion"), in the data's category order."""
    return [(cat, which) for cat in data.categories for which in GUIDELINE_SETS]


def pile_term(cat: dict, which: str) -> Any:
    """The card of a pile as a message parameter: its name when known, else "the base Senate 4 card"."""
    return cat.get(which) or msg("toc.card.unnamed", category=f"@toc.category.{cat['id']}", set=f"@toc.set.{which}").to_data()


def edit_guidelines(data):
    """Ask the owner's AI Event Guideline for each of the 18 piles; return the owner overrides."""
    out = []
    for cat, which in guideline_slots(data):
        slot = f"{cat['id']}:{which}"
        now = data.card_guidelines.get(slot)
        text = yield Ask(f"toc.guideline.{cat['id']}.{which}", msg("toc.priority.ask.guideline", card=pile_term(cat, which),
                         category=f"@toc.category.{cat['id']}", set=f"@toc.set.{which}"), TEXT, check=_text,
                         hint=_now(now["text"], False) if now and now.get("text") else None)
        if text:
            out.append({"slot": slot, "text": text})
    return {"events": {"guidelines": {"mode": "ask"}, "card_guidelines": out}}
