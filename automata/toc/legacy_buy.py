"""A bot turn's last three steps (seed): Gain Legacy, Buy/Trash Cards (political points advance the track) and End
of Turn."""

from __future__ import annotations

from ..core.steps import NUMBER, Ask, Say, msg
from .bot import AREAS, advance, advancement_order, zero_box
from .common import area_term, bot_name, is_emperor, next_after_bot, provisional
from .emperor import military_legacy_change, populace_legacy, senate_legacy
from .events import slot_could_be
from .mat_edit import is_provisional


def bot_legacy(state: dict, data, colour: str):
    """The bot's Gain Legacy phase: the base game's amount from the table, plus the Emperor type's formula."""
    bots = state["bots"]
    bot = bots[colour]
    name = bot_name(colour, bots)
    yield Say(msg("toc.phase.legacy"), "head")
    kind = bot["emperor_type"] if is_emperor(state, colour) and state["options"]["emperor_rules"] else ""
    # Legacy from battles is gained when they are won (seed, Military Emperor: "cada batalha vencida"), so the question
    # covers the whole turn; an Emperor's own Legacy is its type's formula (G14), asked next.
    question = {"": msg("toc.legacy.base", bot=name), "military": msg("toc.legacy.base_military", bot=name)}.get(
        kind, msg("toc.legacy.base_emperor", bot=name, type=f"@toc.emperor.type.{kind}"))
    base = yield Ask(f"toc.{colour}.legacy", question, NUMBER, min=0, max=60)
    bot["legacy"] += base
    if kind:
        pretenders = yield Ask(f"toc.{colour}.pretenders", msg("toc.legacy.pretenders"), NUMBER, min=0, max=12, default=0)
        if kind == "senate":
            support = yield Ask(f"toc.{colour}.support", msg("toc.legacy.support_italia"), NUMBER, min=0, max=10)
            gain = senate_legacy(support, pretenders)
        elif kind == "populace":
            support = yield Ask(f"toc.{colour}.support", msg("toc.legacy.support_emperor"), NUMBER, min=0, max=10)
            gain = populace_legacy(support, pretenders)
        else:
            battle = yield Ask(f"toc.{colour}.battle_legacy", msg("toc.legacy.battle"), NUMBER, min=0, max=60, default=0)
            triumph = 0
            if any(bot[r].get("card") and slot_could_be(data, bot[r]["card"], "triumph") for r in ("primary", "secondary")):
                # seed, Military Emperor: a Triumph bonus is not doubled, so it has its own question; asked only in a
                # turn whose event may be Triumph (issue 30)
                triumph = yield Ask(f"toc.{colour}.triumph", msg("toc.legacy.triumph", bot=name), NUMBER, min=0, max=20, default=0)
            change = military_legacy_change(bot["legacy"], battle, pretenders, triumph_bonus=triumph,
                                            cap=data.settings.get("pretender_cap", "legacy_total"))
            gain = change["legacy_change"]
            yield provisional("settings.pretender_cap")
        bot["legacy"] = max(0, bot["legacy"] + gain)
        yield Say(msg("toc.legacy.emperor", bot=name, type=f"@toc.emperor.type.{kind}", gain=gain), "score")
    yield Say(msg("toc.legacy.total", bot=name, legacy=bot["legacy"]), "score")
    state["next"] = {"proc": "bot_buy", "bot": colour}


def bot_buy(state: dict, data, colour: str):
    """Seed, AI Buy/Trash Cards Phase."""
    bots = state["bots"]
    bot = bots[colour]
    mat = data.mat(bot["mat"])
    name = bot_name(colour, bots)
    yield Say(msg("toc.phase.buy"), "head")
    for area in AREAS:
        if bot["cylinder"][area] == "track":
            bot["cylinder"][area] = "zero"
        bot["points"][area] = 0
    yield Say(msg("toc.buy.lost"), "do")
    was_plus2 = bot["marker"] == "plus2"
    if was_plus2:
        bot["marker"] = "portrait"
        yield Say(msg("toc.buy.portrait", bot=name), "do")
    removal = data.settings.get("ludi_marker_removal", "after_use")
    if bot["ludi"] and (was_plus2 or (removal == "after_use" and bot["ludi_applied"])):
        bot["ludi"] = False
        bot["ludi_applied"] = False
        yield Say(msg("toc.buy.ludi_removed"), "do")
        if not was_plus2 and is_provisional(data.settings, "ludi_marker_removal"):
            # G2: the seed removes it only as the mode marker returns from "+2"; on the portrait side it is the setting's
            yield provisional("settings.ludi_marker_removal")
    political = yield Ask(f"toc.{colour}.political", msg("toc.buy.political", bot=name), NUMBER, min=0, max=60)
    order = advancement_order(bot, mat["area_order"])
    yield Say(msg("toc.why.advance_order", order=[area_term(a) for a in order], points=political), "why")
    checked: list[tuple[str, int]] = []
    moves = advance(bot, mat["track"], mat["area_order"], political, checked)
    shaky = [f"mats.{bot['mat']}.area_order"] if checked and is_provisional(mat, "area_order") else []
    shaky += [f"mats.{bot['mat']}.track.{a}.{n}" for a, n in checked if is_provisional(mat["track"][a][n], "cost")]
    if shaky:  # rules file §3.0.1: the circles' costs (and the area order) that decided are provisional
        yield provisional(", ".join(shaky))
    for area, circle, cost in moves:
        yield Say(msg("toc.buy.advance", area=area_term(area), circle=circle, cost=cost), "do")
    if not moves:
        bot["marker"] = "plus2"
        yield Say(msg("toc.buy.plus2", bot=name), "do")
        yield Say(msg("toc.why.plus2"), "why")
    state["next"] = {"proc": "bot_end", "bot": colour}


def bot_end(state: dict, data, colour: str):
    """Seed, AI End of Turn: three cylinders in the "0" box means the Available Pile is spent: all back to Available."""
    bot = state["bots"][colour]
    if zero_box(bot) == 3:
        for area in AREAS:
            bot["cylinder"][area] = "available"
        yield Say(msg("toc.end.reset", bot=bot_name(colour, state["bots"])), "do")
    bot["primary"] = {"area": "", "points": 0, "event": 0}
    bot["secondary"] = {"area": "", "points": 0, "event": 0}
    bot["emperor_this_turn"] = False
    state["next"] = next_after_bot(state, colour)
