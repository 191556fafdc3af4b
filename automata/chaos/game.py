"""Chaos in the Old World: options, the starting state and the sequence of steps.

The sequence of play (seed 003): setup steps 1..8, then every round the Old
World phase, Draw, Summoning (one step per Power turn), Battle (one step per
region with a battle), Corruption (domination, then corruption), and the End
phase's six steps. Each procedure sets ``state["next"]``.
"""

from __future__ import annotations

from ..core.games import OptionError, step_msg
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.steps import Msg
from .board import empty_region
from .cardorder import ASKS_VERSION
from .data import UnknownName, data_of, find_power, load  # data_of(state): re-exported for the registry

GAME_ID = "chaos"


def check_options(raw: dict) -> dict:
    """``powers``: 3 or 4 different Powers; seats follow Power order whatever order they are given in."""
    from ..core.steps import msg

    data = load(raw.get("overrides") or None)
    text = raw.get("powers") or ",".join(data.power_ids)
    names = [x.strip() for x in str(text).split(",") if x.strip()]
    chosen: list[str] = []
    for name in names:
        try:
            p = find_power(data, name)
        except UnknownName as e:
            raise OptionError(msg("chaos.error.unknown_power", name=name, valid=", ".join(data.power_ids), close=", ".join(e.close))) from None
        if p in chosen:
            raise OptionError(msg("chaos.error.repeated_power", name=p))
        chosen.append(p)
    if not 3 <= len(chosen) <= 4:
        raise OptionError(msg("chaos.error.power_count", n=len(chosen), valid=", ".join(data.power_ids)))
    options = {"powers": [p for p in data.power_ids if p in chosen]}
    summoning = str(raw.get("summoning") or "line").strip().lower()
    if summoning not in ("line", "turns"):
        raise OptionError(msg("chaos.error.summoning", value=summoning))
    options["summoning"] = summoning
    # the questions of this version (cardorder.asks_order): a save made before (none: version 1) replays its journal
    # with the questions it was played with
    options["asks"] = ASKS_VERSION
    if raw.get("overrides"):
        options["overrides"] = raw["overrides"]
    return options


def new_state(options: dict, seed: int) -> dict:
    overrides = options.get("overrides", {})
    data = load(overrides or None)
    powers = list(options["powers"])
    return {
        "seed": seed,
        "overrides": overrides,
        "powers": powers,
        "summoning": options.get("summoning", "line"),
        "asks": int(options.get("asks", 1)),
        "round": 0,
        "next": {"proc": "setup", "n": 1},
        "over": False,
        "result": {},
        "p": {
            p: {"vp": 0, "dial": 0, "pp": 0, "hand": 0, "deck": data.power(p)["deck_size"], "discard": 0, "discard_cards": [],
                "upgrades": [], "peasants": 0, "dac": 0, "placed_round": {}}
            for p in powers
        },
        "regions": {r: empty_region() for r in data.region_ids},
        "old_world": {"deck": 0, "track": ["", ""]},
        "ruination_next": 1,
    }


def next_step(state: dict) -> dict | None:
    if state.get("over"):
        return None
    step = dict(state["next"])
    if step["proc"] == "battle_start":
        from . import battle

        step = battle.next_battle(state, data_of(state), None)
    if step["proc"] != "setup":
        step["round"] = state["round"] + (1 if step["proc"] == "old_world" else 0)
    return step


def procedure(state: dict, step: dict):
    """The step played, with what is in effect at its moment said after its heading (automata/core/ineffect.py)."""
    from ..core.ineffect import raised

    return raised(GAME_ID, state, step, _procedure(state, step))


def _procedure(state: dict, step: dict):
    from . import battle, corruption, endphase, setup, turn

    data = data_of(state)
    proc = step["proc"]
    if proc == "battle_start":
        step = battle.next_battle(state, data, None)
        proc = step["proc"]
    if proc == "setup":
        return setup.setup_step(state, data, step["n"])
    if proc == "summon":
        return turn.summon_turn(state, data, step["power"])
    if proc == "summon_line":
        from .summonline import summon_line

        return summon_line(state, data, step["power"])
    if proc == "battle":
        return battle.battle(state, data, step["region"])
    phases = {  # the steps played from the state and the data alone
        "old_world": turn.old_world_phase,
        "draw": turn.draw_phase,
        "domination": corruption.domination_step,
        "corruption": corruption.corruption_step,
        "end_cards": endphase.end_cards,
        "end_heroes": endphase.end_heroes,
        "end_old_world": endphase.end_old_world,
        "end_ruination": endphase.end_ruination,
        "end_dials": endphase.end_dials,
        "end_check": endphase.end_check,
    }
    if proc in phases:
        return phases[proc](state, data)
    raise ValueError(f"unknown Chaos in the Old World step {proc!r}")


def step_label(step: dict) -> Msg:
    return step_msg(GAME_ID, step, {"power": "@chaos.power.", "region": "@chaos.region."})


def fix_fields():
    """What the table may correct with `tabletop fix` (automata/chaos/fix.py), imported only when used."""
    from .fix import FIX_FIELDS

    return FIX_FIELDS
