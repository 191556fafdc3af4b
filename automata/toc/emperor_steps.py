"""The Emperor in play (seed, Tornar-se Imperador and Tipos de Imperador): a bot taking Italia, a Military Emperor
killed, who holds the throne now. The arithmetic of the Emperor types is in ``emperor``."""

from __future__ import annotations

from ..core.steps import ONE_OF, YES_NO, Ask, Choice, Say, msg
from .common import area_term, bot_name, provisional, the_bot
from .emperor import EMPEROR_TYPES, can_attempt_italia, emperor_type_for_area, emperor_type_now


def military_emperor_killed(state: dict, colour: str | None, ask_prefix: str, invasion: bool = False):
    """Seed, Limitações: a Military Emperor can be killed in battle (the death test itself is cut off, G13: the table
    resolves it). Issue 30: asked where a battle the Emperor's army could be in happened: any Initiate Battle of a bot
    (its own or another's) and a barbarian result of a crisis roll (an invasion), whoever is the Military Emperor,
    a bot or a human; a human's own battles are answered at that human's "did the Emperor change" question.
    ``colour`` is the bot whose turn it is (None in a human's turn). Killed: the Emperor leaves office at once, so
    Ludi Saeculares, the Gain Legacy formula and the Limitation follow the board; a bot killed in its own turn has
    been Emperor this turn, so the Limitation keeps it from Italia for the rest of it."""
    if not state["options"]["emperor_rules"] or emperor_type_now(state) != "military":
        return
    holder = state["emperor"]
    own = holder == colour
    bots = state["bots"]
    if own and not invasion:
        question = msg("toc.emperor.killed_question", bot=bot_name(colour, bots))
    else:
        where = "invasion" if invasion else "battle"
        question = msg(f"toc.emperor.killed_{where}_question", who=holder_term(state),
                       bot=bot_name(colour, bots) if colour else "")
    killed = yield Ask(f"{ask_prefix}{'.invasion' if invasion else ''}.emperor_killed", question, YES_NO, default=False)
    yield provisional("rules.emperor.military_rest")
    if not killed:
        return
    who = holder_term(state)
    _remove_emperor(state)
    if own:
        yield Say(msg("toc.emperor.killed", bot=bot_name(colour, bots)), "score")
    else:
        yield Say(msg("toc.emperor.token_off", who=who), "score")


def commands_an_army(performed: list) -> bool:
    """The program knows the bot commands an army when it did Create Army this turn (rules file §2.7: an available
    General enters a province and forms an army) and no Initiate Battle since, a battle that army could lose."""
    if "create_army" not in performed:
        return False
    last = len(performed) - 1 - performed[::-1].index("create_army")
    return "initiate_battle" not in performed[last + 1:]


def italia_limited(state: dict, was_emperor_this_turn: bool) -> bool:
    """Seed 000 l.90 (Limitações, with the Emperor rules): a faction that has been Emperor at any point of its current
    turn, a bot or a human, may not attempt Place Governor in Italia in it (a Military Emperor killed in battle or by
    an invasion in its own Crisis Phase)."""
    return bool(state["options"]["emperor_rules"]) and not can_attempt_italia(was_emperor_this_turn)


def maybe_emperor(state: dict, data, colour: str, performed: list | None = None):
    """A successful Place Governor in Italia makes the bot Emperor (seed, Tornar-se Imperador)."""
    bots = state["bots"]
    previous = state["emperor"]
    if previous == colour:  # already Emperor, so already Italia's governor: this Place Governor was elsewhere
        return
    # Limitações: a bot that has been Emperor this turn (and is no longer) may not attempt Italia: no question.
    limited = italia_limited(state, bots[colour]["emperor_this_turn"])
    won = False if limited else (yield Ask(f"toc.{colour}.italia", msg("toc.emperor.won_italia", bot=bot_name(colour, bots)), YES_NO,
                                                 default=False))
    if not won:
        if previous != colour and state["options"]["emperor_rules"] and emperor_type_now(state) == "populace":
            # Populace Emperor, Removal: also a successful Place Governor in the province holding the Emperor token.
            there = yield Ask(f"toc.{colour}.populace_province", msg("toc.emperor.won_populace_province", bot=bot_name(colour, bots)), YES_NO,
                                default=False)
            if there:
                _remove_emperor(state)
                yield Say(msg("toc.emperor.removed_populace"), "score")
                yield Say(msg("toc.why.populace_removed"), "why")
        return
    old_holder = holder_term(state)
    _remove_emperor(state)
    state["emperor"] = colour
    bot = bots[colour]
    bot["emperor_this_turn"] = True
    if old_holder is not None and state["options"]["emperor_rules"]:
        # Tornar-se Imperador: there is only one Emperor: the previous Emperor's token leaves the board
        yield Say(msg("toc.emperor.previous_token_off", who=old_holder), "do")
    if not state["options"]["emperor_rules"]:
        yield Say(msg("toc.emperor.becomes", bot=bot_name(colour, bots)), "score")
        return
    mat = data.mat(bot["mat"])
    if data.settings.get("harder_challenge", False):
        kind = yield Ask(f"toc.{colour}.emperor_type", msg("toc.emperor.which_type"), ONE_OF,
                         tuple(Choice(k, msg("toc.emperor.type." + k)) for k in ("senate", "populace", "military")))
    else:
        kind = emperor_type_for_area(mat["preferred"])
        yield Say(msg("toc.why.emperor_type", area=area_term(mat["preferred"])), "why")
    # G18: with the harder challenge the table chose the type, so the type is not said to be the preferred area's
    becomes = "toc.emperor.becomes_type_chosen" if data.settings.get("harder_challenge", False) else "toc.emperor.becomes_type"
    if kind != "senate" and not data.settings.get("harder_challenge", False):
        # Tornar-se Imperador: a Populace Emperor's token needs the bot's Governor outside Italia, a Military Emperor's
        # its General with an army; without one that type cannot be taken (G11: fallback, provisional).
        if kind == "military" and commands_an_army(performed or []):
            possible = True  # issue 11: its army of this turn's Create Army carries the token: no question
            yield Say(msg("toc.why.emperor_army_known", bot=bot_name(colour, bots)), "why")
        else:
            possible = yield Ask(f"toc.{colour}.emperor_{kind}_possible", msg(f"toc.emperor.possible.{kind}", bot=bot_name(colour, bots)), YES_NO)
        if not possible:
            yield Say(msg("toc.emperor.fallback", bot=bot_name(colour, bots), type=f"@toc.emperor.type.{kind}"), "rule")
            fallback = (data.settings.get("emperor_bot_placement") or {}).get("fallback", "senate")
            if fallback == "ask":
                kind = yield Ask(f"toc.{colour}.emperor_type", msg("toc.emperor.which_fallback", bot=bot_name(colour, bots)), ONE_OF,
                                 tuple(Choice(k, msg("toc.emperor.type." + k)) for k in EMPEROR_TYPES if k != kind))
            else:
                kind = fallback
            becomes = "toc.emperor.becomes_type_fallback"
            yield provisional("settings.emperor_bot_placement.fallback")
    bot["emperor_type"] = kind
    yield Say(msg(becomes, bot=bot_name(colour, bots), type=f"@toc.emperor.type.{kind}"), "score")
    yield Say(msg("toc.emperor.place." + kind), "do")
    for part in ("legacy", "advantages", "disadvantages", "removal"):
        yield Say(msg(f"toc.emperor.{kind}.{part}"), "rule")
    if kind != "senate":
        yield provisional("settings.emperor_bot_placement")


def holder_term(state: dict):
    """The current Emperor as a message parameter inside a sentence, with its article as a bot's ("o bot Vermelho",
    "o jogador humano 1", "um jogador humano"), None when nobody reigns."""
    who = state["emperor"]
    if who in state["bots"]:
        return the_bot(who, state["bots"])
    if who == "human":
        n = (state.get("human_emperor") or {}).get("player")
        return msg("toc.the_human", n=n).to_data() if n else "@toc.emperor.a_human"
    return None


def _remove_emperor(state: dict) -> None:
    """The Emperor leaves office: the bot's type is cleared, a human Emperor's record dropped."""
    previous = state["emperor"]
    if previous in state["bots"]:
        state["bots"][previous]["emperor_type"] = ""
    state.pop("human_emperor", None)
    state["emperor"] = "none"
