"""Time of Crisis with The Age of Iron and Rust: options, the starting state, the sequence of steps.

Setup (seed 000, "Preparação") is a checklist of steps; then every round each
bot plays Crisis, Take Actions (influence, priority list, events), Gain
Legacy, Buy/Trash and End of Turn, then each human plays. Each procedure sets
``state["next"]``.
"""

from __future__ import annotations

from ..core.games import OptionError, step_msg
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.steps import Msg
from .data import TocData, UnknownName, data_of, find_colour, find_mat, load  # data_of(state): re-exported for the registry

GAME_ID = "toc"
CARD_OPTIONS = ("fixed", "variable", "selective")


def check_options(raw: dict) -> dict:
    """1 to 3 humans; humans + bots make 2 to 4 factions; at most 3 bots (three AI mats), each a different colour.
    Without --bots the game is the seed's complete 4-faction game: 4 - humans bots (G16)."""
    from ..core.steps import msg

    data = load(raw.get("overrides") or None)
    colours = list(data.setup["colours"])
    bots: list[str] = []
    for name in [x.strip() for x in str(raw.get("bots") or "").split(",") if x.strip()]:
        try:
            c = find_colour(data, name)
        except UnknownName as e:
            # issue 30: the colours in the table's language (the names in either language are accepted)
            raise OptionError(msg("toc.error.unknown_colour", name=name, valid=[f"@toc.colour.{x}" for x in colours],
                                  close=[f"@toc.colour.{x}" if x in colours else x for x in e.close])) from None
        if c in bots:
            raise OptionError(msg("toc.error.repeated_colour", name=f"@toc.colour.{c}"))
        bots.append(c)
    humans_raw = raw.get("humans")
    try:
        humans = int(humans_raw) if humans_raw is not None else (4 - len(bots) if bots else 1)
    except (TypeError, ValueError):
        raise OptionError(msg("toc.error.humans", value=str(humans_raw))) from None
    if not 1 <= humans <= 3:  # seed, Fluxo do Jogo: one to three humans with the Non-Player Factions
        raise OptionError(msg("toc.error.humans_range", humans=humans))
    if not bots:
        # seed: a complete 4-faction game; G16: bots = 4 - humans, in the data's colour order
        bots = ([c for c in ("red", "blue", "yellow", "green") if c in colours] or colours)[: 4 - humans]
    if len(bots) > len(data.mat_ids):
        raise OptionError(msg("toc.error.too_many_bots", n=len(bots), max=len(data.mat_ids)))
    if not 2 <= humans + len(bots) <= 4:
        raise OptionError(msg("toc.error.factions", humans=humans, bots=len(bots), most=4 - humans))
    cards = str(raw.get("cards") or "fixed").strip().lower()
    if cards not in CARD_OPTIONS:
        raise OptionError(msg("toc.error.cards", value=cards, valid=", ".join(CARD_OPTIONS)))
    mats = _assign_mats(data, bots, raw.get("mats"))
    options = {"humans": humans, "bots": bots, "cards": cards, "emperor_rules": bool(raw.get("emperor_rules")), "mats": mats}
    if raw.get("overrides"):
        options["overrides"] = raw["overrides"]
    return options


def _assign_mats(data: TocData, bots: list[str], given) -> dict:
    """A different mat per bot: the ones given (in bot order), else each colour's recommended mat, else the first free one."""
    from ..core.steps import msg

    mats: dict[str, str] = {}
    if given:
        names = [x.strip() for x in str(given).split(",") if x.strip()]
        if len(names) != len(bots):
            raise OptionError(msg("toc.error.mat_count", n=len(names), bots=len(bots)))
        for colour, name in zip(bots, names):
            try:
                m = find_mat(data, name)
            except UnknownName as e:
                raise OptionError(msg("toc.error.unknown_mat", name=name, valid=", ".join(data.mat_ids), close=", ".join(e.close))) from None
            if m in mats.values():
                raise OptionError(msg("toc.error.repeated_mat", name=m))
            mats[colour] = m
        return mats
    for colour in bots:
        m = data.mat_for_colour(colour)
        if m and m not in mats.values():
            mats[colour] = m
    for colour in bots:
        if colour not in mats:
            mats[colour] = next(m for m in data.mat_ids if m not in mats.values())
    return {c: mats[c] for c in bots}


def new_state(options: dict, seed: int) -> dict:
    return {
        "seed": seed,
        "overrides": options.get("overrides", {}),
        "options": {k: v for k, v in options.items() if k != "overrides"},
        "bot_mats": dict(options["mats"]),
        "bot_order": [],
        "bots": {},
        "selective": {},
        "emperor": "none",
        "round": 0,
        "next": {"proc": "setup", "name": "damnatio"},
        "over": False,
    }


def next_step(state: dict) -> dict | None:
    if state.get("over"):
        return None
    step = dict(state["next"])
    if step["proc"] != "setup":
        step["round"] = max(state["round"], 1)
    return step


def procedure(state: dict, step: dict):
    """The step played, with what is in effect at its moment said after its heading (automata/core/ineffect.py)."""
    from ..core.ineffect import raised

    return raised(GAME_ID, state, step, _procedure(state, step))


def _procedure(state: dict, step: dict):
    from . import setup, turn

    data = data_of(state)
    proc = step["proc"]
    if proc == "setup":
        return setup.setup_step(state, data, step["name"])
    if proc in turn.BOT_STEPS:
        return turn.BOT_STEPS[proc](state, data, step["bot"])
    if proc == "human":
        return turn.HUMAN_STEP(state, data, step["i"])
    if proc == "round_end":
        return turn.round_end(state, data)
    raise ValueError(f"unknown Time of Crisis step {proc!r}")


def step_label(step: dict) -> Msg:
    return step_msg(GAME_ID, step, {"bot": "@toc.colour.", "name": "@toc.setup.name."})


def fix_fields():
    """What the table may correct with `tabletop fix` (automata/toc/fix.py), imported only when used."""
    from .fix import FIX_FIELDS

    return FIX_FIELDS
