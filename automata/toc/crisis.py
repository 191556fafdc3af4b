"""A bot turn's first step, the Crisis (seed, AI Crisis Phase), and the crisis specials a human's roll triggers too:
Pax Deorum, Palmyra Allies, Ludi Saeculares, a Military Emperor killed by an invasion."""

from __future__ import annotations

from ..core.steps import NUMBER, ONE_OF, Ask, Choice, Roll, Say, msg
from .bot import palmyra_order
from .common import bot_name, is_emperor, provisional, the_bot
from .emperor_steps import military_emperor_killed
from .mat_edit import is_provisional


def crisis_specials(state: dict, data, result: str, event: str, drawn_by_bot: str | None, ask_prefix: str):
    """Seed, AI Crisis Phase: Pax Deorum, Palmyra Allies (drawn by a bot), Ludi Saeculares (a bot is Emperor)."""
    if result == "pax_deorum":
        for c in state["bot_order"]:
            state["bots"][c]["marker"] = "plus2"
        yield Say(msg("toc.specials.pax"), "do")
    elif result == "event" and event == "palmyra_allies" and drawn_by_bot:
        yield from palmyra(state, data, drawn_by_bot, ask_prefix)
    elif result == "barbarians":
        yield from military_emperor_killed(state, drawn_by_bot, ask_prefix, invasion=True)
    elif result == "event" and event == "ludi_saeculares" and state["emperor"] in state["bots"]:
        e = state["bots"][state["emperor"]]
        e["legacy"] += 4
        e["ludi"] = True
        e["ludi_applied"] = False
        # G3 (rules file §1.8): drawn in the Emperor bot's own Crisis Phase, the -4 applies in this turn's Take Actions
        own = drawn_by_bot == state["emperor"]
        yield Say(msg("toc.specials.ludi_own" if own else "toc.specials.ludi", bot=bot_name(state["emperor"], state["bots"]),
                      legacy=e["legacy"]), "score")
        if own and is_provisional(data.settings, "ludi_own_turn"):
            yield provisional("settings.ludi_own_turn")


def known_provinces(state: dict, data, colour: str) -> list[str]:
    """The provinces a bot can govern, as far as the program knows: its starting province and Italia while it is
    Emperor; every province once it has done a Place Governor the program cannot place (issue 11, Palmyra Allies)."""
    bot = state["bots"][colour]
    every = [p["id"] for p in data.provinces]
    if bot.get("governs_unknown"):
        return every
    known = {bot["start"]} | ({"italia"} if is_emperor(state, colour) else set())
    return [p for p in every if p in known]


def palmyra(state: dict, data, colour: str, ask_prefix: str):
    choices = tuple(Choice(p, msg("toc.province." + p)) for p in known_provinces(state, data, colour))
    governed = yield Ask(f"{ask_prefix}.palmyra.provinces", msg("toc.palmyra.which", bot=bot_name(colour, state["bots"])), "multi", choices, min=0)
    if not governed:
        yield Say(msg("toc.palmyra.homeland"), "do")
    else:
        counts = {governed[0]: 0}
        for p in governed if len(governed) > 1 else ():  # the counts only order two or more provinces
            counts[p] = yield Ask(f"{ask_prefix}.palmyra.{p}", msg("toc.palmyra.count", province=f"@toc.province.{p}"), NUMBER, min=0, max=50)
        order = palmyra_order(counts)
        yield Say(msg("toc.palmyra.order", provinces=[f"@toc.province.{p}" for p in order]), "do")
        yield Say(msg("toc.why.palmyra"), "why")
    yield Say(msg("toc.palmyra.leaders_first"), "rule")


#: the crisis results the program tells apart: the two event cards the seed names are results of their own
CRISIS_RESULTS = ("pax_deorum", "palmyra_allies", "ludi_saeculares", "event", "barbarians", "other")


SPECIAL_EVENTS = ("palmyra_allies", "ludi_saeculares")


def ask_crisis(state: dict, data, prefix: str, who):
    """The crisis roll: the program rolls only when the owner has given the table's dice; the result is read off the table."""
    dice = str(data.rules.get("crisis", {}).get("dice", "ask"))
    if dice != "ask":
        yield Roll(f"{prefix}.crisis", dice, msg("toc.crisis.roll", who=who))
    else:
        yield Say(msg("toc.crisis.roll_table", who=who), "do")
    # One question (issue 11): the two special event cards are named among the results, so no second question.
    result = yield Ask(f"{prefix}.crisis", msg("toc.crisis.which", who=who), ONE_OF,
                       tuple(Choice(r, msg("toc.crisis." + r)) for r in CRISIS_RESULTS), default="other")
    event = ""
    if result in SPECIAL_EVENTS:
        result, event = "event", result
    elif result == "event":
        event = "other"
    return result, event


def bot_crisis(state: dict, data, colour: str):
    bots = state["bots"]
    bot = bots[colour]
    state["round"] = max(state["round"], 1)
    if colour == state["bot_order"][0]:
        yield Say(msg("toc.round.title", round=state["round"]), "head")
    bot["emperor_this_turn"] = is_emperor(state, colour)
    yield Say(msg("toc.turn.bot", bot=bot_name(colour, bots)), "head")
    yield Say(msg("toc.phase.crisis"), "head")
    result, event = yield from ask_crisis(state, data, f"toc.{colour}", the_bot(colour, bots))
    yield from crisis_specials(state, data, result, event, colour, f"toc.{colour}")
    state["next"] = {"proc": "bot_influence", "bot": colour}
