"""Where a card's data comes from, in a player's words (``tabletop rules GAME CARD``).

The games' data files keep each card's raw provenance for owners ("seed Q4 …; FI-TXT component sheet [V]
(rules file §2.14.3)", "printed card (C: camps1.jpg) via rules/radlands.md §2.12", "name S: C1 oldworld.xml"):
source keys, section numbers and file names a player cannot look up. This module derives, from that text and
the record's confidence tag, what a player reads instead: which kinds of source the card rests on (the table's
own summary, the printed card, the game's public sources), how sure the data is as a word, and whether a
value is PROVISIONAL and where to replace it. The raw text stays in ``--json`` and in ``tabletop data check``.

The tags are those of the rules files (``../shared/rules/*.md``): [V] verified in a primary source (for
Radlands ``verified``: printed on the card), [V2]/[S×n] n sources agree, [S] secondary, [I] inferred,
[U] unconfirmed; ``seed`` is the table's own summary; ``owner`` a value the owner wrote.
"""

from __future__ import annotations

import re

from .i18n import Translator

ORIGINS = ("summary", "printed", "public")
_AGREE = re.compile(r"S×(\d+)|\bV2\b")


def origins(source: str) -> list[str]:
    """The kinds of source a raw provenance names, in the order of ``ORIGINS`` (at least one): each part
    (between ";") that names the seed is the table's summary, one that names a printed card or a component
    sheet is the printed card, any other part is the game's public sources."""
    found = set()
    for part in (p.strip().lower() for p in source.split(";")):
        if not part:
            continue
        kinds = {k for k, hit in (("summary", re.search(r"\bseeds?\b", part)),
                                  ("printed", "printed card" in part or "component sheet" in part)) if hit}
        found |= kinds or {"public"}
    return [o for o in ORIGINS if o in found] or ["public"]


def confidence_key(confidence: str, source: str = "") -> str:
    """The confidence tag of a record as one of: verified, agreed, secondary, inferred, unconfirmed, summary,
    provisional, owner (``agreed`` when the source says several sources agree)."""
    c = str(confidence or "").strip()
    if c in ("V", "verified"):
        return "verified"
    if c in ("provisional", "owner"):
        return c
    if c == "seed":
        return "summary"
    if c == "I":
        return "inferred"
    if c == "U" or not c:
        return "unconfirmed"
    if c in ("S", "V2") and (c == "V2" or _AGREE.search(source)):
        return "agreed"
    return "secondary"


def source_line(t: Translator, game: str, record: dict, provisional: bool = False) -> str:
    """The card's "Source: …" line in the table's language, from its raw ``source`` and ``confidence``."""
    source = str(record.get("source", ""))
    conf = str(record.get("confidence", record.get("status", "")))
    names = [t(f"rules.origin.{o}") for o in origins(source)]
    line = t("rules.card_source", source="; ".join(names),
             confidence=t(f"rules.sure.{confidence_key(conf, source)}"))
    if provisional or conf == "provisional":
        line += " " + t("rules.card_provisional", game=game)
    return line
