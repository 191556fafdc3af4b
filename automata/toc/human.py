"""A human player's turn: the program asks only what changes its bots (the crisis specials, who is Emperor now)."""

from __future__ import annotations

from ..core.steps import ONE_OF, Ask, Choice, Say, msg
from .crisis import ask_crisis, crisis_specials
from .emperor import EMPEROR_TYPES, emperor_type_for_area, emperor_type_now
from .emperor_steps import holder_term, italia_limited


def human_turn(state: dict, data, i: int):
    """A human player's turn: the program asks only what changes its bots (crisis specials, the Emperor)."""
    if not state["bot_order"] and i == 1:
        yield Say(msg("toc.round.title", round=state["round"]), "head")
    yield Say(msg("toc.turn.human", n=i), "head")
    held = state.get("human_emperor") or {}
    emperor_at_start = state["emperor"] == "human" and held.get("player") == i  # Limitações: this turn's, from here on
    if emperor_at_start and state["options"]["emperor_rules"]:
        yield Say(msg("toc.emperor.human_limitation", player=msg("toc.human", n=i).to_data()), "rule")
        kind = held.get("type", "")
        if kind:  # Tipos de Imperador, Gain Legacy: the type's rule, for the player's own Gain Legacy phase
            yield Say(msg(f"toc.emperor.{kind}.legacy"), "rule")
            yield Say(msg("toc.emperor.human_legacy_hint", command=f"tabletop toc emperor-legacy {kind}"), "rule")
    scope = data.settings.get("crisis_special_cases_scope", "any_roll")
    if scope == "any_roll" and state["bot_order"]:
        result, event = yield from ask_crisis(state, data, f"toc.human{i}", msg("toc.the_human", n=i).to_data())
        yield from crisis_specials(state, data, result, event, None, f"toc.human{i}")
    # Tornar-se Imperador: only a Place Governor in Italia during one's own turn makes an Emperor, so after a human's
    # turn the Emperor is the same one, nobody (the Emperor left office), or this human: no other bot is offered.
    # Audit item 20: the question is whether that changed, and Enter keeps the Emperor the program tracks.
    old = state["emperor"]
    player = msg("toc.the_human", n=i).to_data()
    holder = holder_term(state)
    # a Military Emperor killed in this human's own battle is said here, where it happened (issue 30)
    left = "toc.emperor.left_office_military" if state["options"]["emperor_rules"] and emperor_type_now(state) == "military" \
        else "toc.emperor.left_office"
    # seed line 103 (Senate Emperor, Removal): only another faction's successful Place Governor in Italia removes a
    # Senate Emperor, so "left office" stays in its place, refused with the reason (the menu's numbers never move)
    stays = msg("toc.emperor.senate_stays", who=holder) \
        if old != "none" and state["options"]["emperor_rules"] and emperor_type_now(state) == "senate" else None
    # seed line 112 (Populace Emperor, Removal): only another faction's successful Place Governor, in Italia or in the
    # Emperor token's province, removes a Populace Emperor: never in that Emperor's own turn
    if old == "human" and held.get("player") == i and state["options"]["emperor_rules"] and emperor_type_now(state) == "populace":
        stays = msg("toc.emperor.populace_stays", who=holder)
    choices = [Choice("none", msg("toc.emperor.still_nobody") if old == "none" else msg(left, who=holder), unavailable=stays)]
    choices += [Choice(c, msg("toc.emperor.still", who=holder)) for c in state["bot_order"] if c == old]
    # Limitações (seed line 90): this player was Emperor earlier in this turn (a Military Emperor killed by an invasion
    # in the Crisis Phase): "took Italia" stays in its place, refused with the reason, as the bots' Italia question
    barred = msg("toc.emperor.limitation_took", player=player) if italia_limited(state, emperor_at_start) else None
    took = Choice("human", msg("toc.emperor.took_italia", player=player), unavailable=barred)
    if old == "human" and held.get("player", i) == i:
        choices += [Choice("human", msg("toc.emperor.still", who=holder))]
    elif old == "human":
        # issue 30: another human reigns: "still that human" and "this player took Italia" are two answers of the one
        # question, so a turn in which nothing changed is one question, not two
        choices += [Choice("human", msg("toc.emperor.still", who=holder)), Choice(TOOK, took.label, TOOK_ALIASES, unavailable=took.unavailable)]
    else:
        choices += [took]
    who = yield Ask(f"toc.human{i}.emperor", msg("toc.emperor.changed", player=msg("toc.human", n=i).to_data()), ONE_OF, tuple(choices), default=old)
    # Only a Place Governor in Italia during one's own turn makes an Emperor (seed, Tornar-se Imperador): a change to
    # "a human" after player i's turn is player i.
    new_human = who == TOOK or (who == "human" and old != "human")
    if who == TOOK:
        who = "human"
    if (new_human or who == "none") and old != "none" and state["options"]["emperor_rules"]:
        # Tornar-se Imperador: one Emperor, one Emperor token on the board: the previous Emperor's token comes off
        # (issue 30: told when a human takes the throne from a bot, as when a bot takes it)
        yield Say(msg("toc.emperor.previous_token_off" if new_human else "toc.emperor.token_off", who=holder), "do")
    if who != old:
        if old in state["bots"]:
            state["bots"][old]["emperor_type"] = ""
        state["emperor"] = who
        if who in state["bots"]:
            mat = data.mat(state["bots"][who]["mat"])
            state["bots"][who]["emperor_type"] = emperor_type_for_area(mat["preferred"]) if state["options"]["emperor_rules"] else ""
    if who != "human":
        state.pop("human_emperor", None)
    if new_human:
        yield from human_emperor(state, i)
    n = state["options"]["humans"]
    state["next"] = {"proc": "human", "i": i + 1} if i < n else {"proc": "round_end"}


#: the answer "this human player took Italia from the human Emperor" (issue 30), and its Portuguese words
TOOK = "took"


TOOK_ALIASES = ("tomou", "new", "novo")


#: answers that name an Emperor type, in English and Portuguese
TYPE_ALIASES = {"senate": ("sen", "senado"), "populace": ("pop", "povo", "popular"), "military": ("mil", "militar")}


def human_emperor(state: dict, i: int):
    """Human player i became Emperor (seed, Tornar-se Imperador): with the Emperor rules the player chooses where the
    Emperor token goes, and so the type (Tipos de Imperador); the program shows that type's rules, as for a bot."""
    player = msg("toc.human", n=i).to_data()
    if not state["options"]["emperor_rules"]:
        state["human_emperor"] = {"player": i, "type": ""}
        yield Say(msg("toc.emperor.human_becomes", player=player), "score")
        return
    kind = yield Ask(f"toc.human{i}.emperor_type", msg("toc.emperor.human_which", player=player), ONE_OF,
                     tuple(Choice(k, msg("toc.emperor.choice." + k), TYPE_ALIASES[k]) for k in EMPEROR_TYPES))
    state["human_emperor"] = {"player": i, "type": kind}
    yield Say(msg("toc.emperor.human_becomes_type", player=player, type=f"@toc.emperor.type.{kind}"), "score")
    yield Say(msg("toc.emperor.human_place." + kind), "do")
    yield Say(msg("toc.emperor.one_token"), "rule")
    for part in ("legacy", "advantages", "disadvantages", "removal"):
        yield Say(msg(f"toc.emperor.{kind}.{part}"), "rule")
