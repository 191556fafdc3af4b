"""Which of a region's two Chaos cards was played first, when the Summoning was recorded one line per Power.

Seed 003 l.67: two card spaces a region; when two cards there act at the same moment, the left one (the one
played first) resolves first. One action at a time, the program knows the order. A line per Power lists only
that Power's actions, and the Powers played in a continuous circle: two cards of one region recorded by lines
(two Powers', or two of one line) may have been played in either order, so the program asks the table, once,
and only when the order changes what resolves first (both cards act at the same moment). Saves made before
this question (``state["asks"]`` below ``ASKS_VERSION``) replay with the lines' order, as they were played.
"""

from __future__ import annotations

from ..core.steps import ONE_OF, Ask, Choice, Say, msg
from .board import card_record
from .common import power_term, region_term
from .data import ChaosData

#: the questions of this version: 2 asks which card was played first (older saves: 1, the lines' order)
ASKS_VERSION = 2

#: the moments a Chaos card acts at after it is played (chaos_cards.toml flags): two cards of a region that act at
#: the same moment resolve left first
MOMENTS = {
    "battle": ("battle_effect", "early_dice", "kill_draw", "own_defense", "enemy_defense"),
    "domination": ("domination_effect", "domination"),
    "corruption": ("corruption_effect", "no_corruption", "consume_per_token"),
    "end": ("may_stay",),
}


def asks_order(state: dict) -> bool:
    """Whether this game asks which card was played first (a save made before: no, it replays as played)."""
    return int(state.get("asks", 1)) >= ASKS_VERSION


def moments(data: ChaosData, entry: dict) -> set[str]:
    card = card_record(data, entry)
    return {m for m, keys in MOMENTS.items() if any(card.get(k) for k in keys)}


def order_matters(data: ChaosData, a: dict, b: dict) -> bool:
    """Two cards whose order changes what resolves first: they act at one same moment, and are not two copies of
    one card of one Power (their order changes nothing)."""
    if (a["power"], a["card"]) == (b["power"], b["card"]):
        return False
    return bool(moments(data, a) & moments(data, b))


def _value(a: dict, b: dict, e: dict) -> str:
    """A choice's value: the Power when the two cards are two Powers', else the card."""
    return e["power"] if a["power"] != b["power"] else e["card"]


def _term(e: dict) -> str:
    return f"@chaos.card.{e['power']}.{e['card']}"


def ask_first(state: dict, data: ChaosData, region_id: str, new: dict):
    """After a line put ``new`` into a region where a line put another card this round: which was played first.
    The first goes into the left space (resolves first), the other into the right; the table is told where."""
    if not asks_order(state):
        return
    r = state["round"]
    new["lined"] = r
    region = state["regions"][region_id]
    others = [e for e in region["cards"] if e is not new and e.get("lined") == r]
    if len(others) != 1 or not order_matters(data, others[0], new):
        return
    old = others[0]
    pair = (old, new)
    choices = tuple(Choice(_value(old, new, e), msg("chaos.line.first_choice", card=_term(e), power=power_term(e["power"])))
                    for e in pair)
    pick = yield Ask(f"chaos.summon.r{r}.{region_id}.first",
                     msg("chaos.line.first", region=region_term(region_id), a=_term(old), b=_term(new)), ONE_OF, choices)
    first = next(e for e in pair if _value(old, new, e) == pick)
    second = new if first is old else old
    left, right = sorted((old["space"], new["space"]))
    first["space"], second["space"] = left, right
    region["cards"].sort(key=lambda e: e.get("space", 0))
    yield Say(msg("chaos.line.first_done", region=region_term(region_id), first=_term(first), second=_term(second),
                  left=left, right=right), "info")
