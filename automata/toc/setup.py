"""Setup (seed 000, "Preparação"): the expansion's steps in order, then the base game's own setup."""

from __future__ import annotations

import random

from ..core.components import says
from ..core.steps import ONE_OF, YES_NO, Ask, Choice, Say, msg
from . import components
from .bot import new_bot

# The setup checklist, in the seed's order. Steps that do not apply are skipped.
STEPS = (
    "damnatio",  # 1. replace the Damnatio Memoriae cards
    "cards",  # 2. the card option
    "emperor_tokens",  # 3. Emperor tokens (optional rules)
    "bot_mats",  # 4. AI bots: a different mat per bot
    "bot_tokens",  # 4. token sets and leaders
    "bot_order",  # 4. random turn order among bots
    "bot_markers",  # 4. markers on each mat
    "bot_provinces",  # 4. starting provinces in bot turn order
    "base",  # 5. everything else as in the base game (humans)
)


def colour_term(colour: str) -> str:
    return "@toc.colour." + colour


def applies(state: dict, name: str) -> bool:
    bots = state["bot_order"] or state["options"]["bots"]
    if name == "emperor_tokens":
        return bool(state["options"]["emperor_rules"])
    if name.startswith("bot_"):
        return bool(bots)
    return True


def next_setup(state: dict, after: str | None) -> dict:
    names = list(STEPS)
    start = 0 if after is None else names.index(after) + 1
    for name in names[start:]:
        if applies(state, name):
            return {"proc": "setup", "name": name}
    return {"proc": "bot_crisis", "bot": state["bot_order"][0]} if state["bot_order"] else {"proc": "human", "i": 1}


def setup_step(state: dict, data, name: str):
    opts = state["options"]
    n = list(STEPS).index(name) + 1
    if name == STEPS[0]:  # issue 26: the component list comes first, before setup step 1
        yield from says("toc", components.components(opts, data))
    yield Say(msg("toc.setup.title", step=f"@toc.setup.name.{name}"), "head")
    if name == "damnatio":
        yield Say(msg("toc.setup.damnatio"), "do")
    elif name == "cards":
        yield from _cards(state, data)
    elif name == "emperor_tokens":
        yield Say(msg("toc.setup.emperor_tokens", n=data.setup["emperor_tokens_per_faction"]), "do")
    elif name == "bot_mats":
        for colour in opts["bots"]:
            mat = state["bot_mats"][colour]
            yield Say(msg("toc.setup.bot_mat", colour=colour_term(colour), mat=f"@toc.mat.{mat}"), "do")
    elif name == "bot_tokens":
        key = "toc.setup.bot_tokens_emperor" if opts["emperor_rules"] else "toc.setup.bot_tokens"
        for colour in opts["bots"]:
            yield Say(msg(key, colour=colour_term(colour)), "do")
    elif name == "bot_order":
        order = list(opts["bots"])
        random.Random(f"{state['seed']}/toc/setup/bot_order").shuffle(order)
        state["bot_order"] = order
        if len(order) > 1:
            yield Say(msg("toc.setup.bot_order", order=[colour_term(c) for c in order]), "do")
        yield Say(msg("toc.setup.bots_first"), "rule")
    elif name == "bot_markers":
        for colour in state["bot_order"]:
            yield Say(msg("toc.setup.bot_markers", colour=colour_term(colour), mat=f"@toc.mat.{state['bot_mats'][colour]}"), "do")
    elif name == "bot_provinces":
        provinces = data.setup["start_provinces"]
        for i, colour in enumerate(state["bot_order"]):
            province = provinces[i]
            state["bots"][colour] = new_bot(state["bot_mats"][colour], province)
            yield Say(msg("toc.setup.bot_province", colour=colour_term(colour), province=f"@toc.province.{province}"), "do")
    elif name == "base":
        yield Say(msg("toc.setup.base", humans=opts["humans"]), "do")
    while not (yield Ask(f"toc.setup.{n}", msg("toc.setup.done", step=f"@toc.setup.name.{name}"), YES_NO)):
        yield Say(msg("toc.setup.again"), "warn")
    state["next"] = next_setup(state, name)


def _cards(state: dict, data):
    option = state["options"]["cards"]
    if option == "fixed":
        yield Say(msg("toc.setup.cards_fixed", piles=components.piles(data, option)[0]), "do")
        # audit item 24: a pile pair is listed only when a card of it is named; the rest is said once, in a short form
        named = [cat for cat in data.categories if cat.get("base") or cat.get("expansion")]
        for cat in named:
            yield Say(msg("toc.setup.pile_pair", category=f"@toc.category.{cat['id']}", base=_short_name(cat, "base"),
                          expansion=_short_name(cat, "expansion")), "rule")
        if len(named) < len(data.categories):
            yield Say(msg("toc.setup.pile_pairs_rest" if named else "toc.setup.pile_pairs_all"), "rule")
    elif option == "variable":
        yield Say(msg("toc.setup.cards_variable", piles=components.piles(data, option)[0]), "do")
        yield Say(msg("toc.setup.cards_variable_buy"), "rule")
    else:  # selective: for each slot the base or the expansion pile, remembered for the bots' events
        how = yield Ask("toc.setup.selective", msg("toc.setup.selective_how"), ONE_OF,
                        (Choice("random", msg("toc.setup.selective_random")), Choice("choose", msg("toc.setup.selective_choose"))))
        rng = random.Random(f"{state['seed']}/toc/setup/selective")
        for cat in data.categories:
            if how == "random":
                pick = rng.choice(["base", "expansion"])
            else:
                pick = yield Ask(f"toc.setup.selective.{cat['id']}", msg("toc.setup.selective_which", category=f"@toc.category.{cat['id']}"), ONE_OF,
                                 (Choice("base", msg("toc.set.base")), Choice("expansion", msg("toc.set.expansion"))))
            state["selective"][cat["id"]] = pick
            yield Say(msg("toc.setup.selective_pile", category=f"@toc.category.{cat['id']}", set=f"@toc.set.{pick}", card=_name(cat, pick)), "do")
        yield Say(msg("toc.setup.selective_rest", piles=components.piles(data, option)[0]), "do")


def _short_name(cat: dict, which: str):
    """A card's name, or "the base game card" / "the expansion card" beside its category."""
    return cat.get(which) or f"@toc.card.unnamed_short.{which}"


def _name(cat: dict, which: str):
    name = cat.get(which) or ""
    if name:
        return name
    return msg("toc.card.unnamed", category=f"@toc.category.{cat['id']}", set=f"@toc.set.{which}").to_data()
