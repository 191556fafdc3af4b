"""The component list: what to take out of the box for one setup and player count (issue 26, part 3).

Each game computes its list in ``automata/<game>/components.py`` as ``components(options, data=None)`` from its
checked options and its data (the same numbers its setup steps use); this module holds the shape of an item,
the lines that show a list (``tabletop setup-list`` and the first thing the setup walkthrough says) and the
dispatch to the game's module, imported only when used.

An item: ``{"key": stable id, "section": Msg data (the group it is listed under), "what": Msg data, "count":
int | None, "provisional": ""}``. ``count`` None: no source gives the number (listed without one, marked so);
``provisional``: the override key of the provisional value the count comes from (``tabletop data check``).
"""

from __future__ import annotations

from typing import Any

from .steps import Msg, Say, msg

FLAGGED = ("provisional", "U")


def item(key: str, section: Msg, what: Msg, count: int | None, provisional: str = "") -> dict[str, Any]:
    return {"key": key, "section": section.to_data(), "what": what.to_data(),
            "count": None if count is None else int(count), "provisional": provisional}


def flagged(record: dict, field: str = "") -> bool:
    """Whether a data record (or one of its fields, by ``<field>_confidence``) is still provisional."""
    conf = record.get(f"{field}_confidence", record.get("confidence")) if field else record.get("confidence")
    return conf in FLAGGED


def lines(game_id: str, items: list[dict]) -> list[tuple[Msg, str]]:
    """The list as messages and styles: the title, then each section's heading and its items, in order."""
    out: list[tuple[Msg, str]] = [(msg("core.components.title", game=f"@core.components.game.{game_id}"), "head")]
    section: Any = None
    for it in items:
        if it["section"] != section:
            section = it["section"]
            out.append((msg("core.components.section", name=section), "info"))
        out.append((item_line(it), "do"))
    if any(it["count"] is None for it in items):
        out.append((msg("core.components.no_count_note"), "info"))
    if any(it["provisional"] for it in items):
        out.append((msg("core.components.provisional_note"), "info"))
    return out


def item_line(it: dict) -> Msg:
    what = it["what"]
    if it["count"] is None:
        line = msg("core.components.item_no_count", what=what)
    else:
        line = msg("core.components.item", n=it["count"], what=what)
    if it["provisional"]:
        return msg("core.components.provisional", line=line.to_data(), key=it["provisional"])
    return line


def says(game_id: str, items: list[dict]):
    """The list as the setup walkthrough shows it before setup step 1 (``Say`` only, never a question)."""
    for m, style in lines(game_id, items):
        yield Say(m, style)


def components(game_id: str, options: dict, data: Any = None) -> list[dict]:
    """The game's list for checked ``options``: its ``components`` capability (automata/core/contract.py),
    imported only when used."""
    from .contract import capability

    return capability(game_id, "components").components(options, data)
