"""Radlands with Cult of Chrome: options, the starting state, the sequence of steps.

Setup (seed 004, "Preparação") is a checklist of steps; then each turn is an Events step, a Replenish step and
one step per action until the player ends the turn. Out of turn, ``cmd_event`` and ``cmd_raid`` steps (the
``tabletop radlands event|raid`` commands) change a queue without moving the game on. Each procedure sets
``state["next"]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.gamedata import data_by_overrides
from ..core.games import OptionError, step_msg
from . import board

if TYPE_CHECKING:
    from ..core.steps import Msg

GAME_ID = "radlands"
RULE_KEYS = ("camps_dealt", "camps_kept", "water_per_turn", "start_player_first_turn_water", "draw_action_cost",
             "take_silo_cost", "column_limit", "deck_reshuffles", "raiders_entry_space", "queue_spaces")


def _load(overrides=None):
    from .data import load

    return load(overrides)


data_of = data_by_overrides(_load)


MENU_VERSION = 3


def check_options(raw: dict) -> dict:
    """``first_game`` (the recommended camps), the two players' names (optional, different) and ``track``: "full"
    (every card played, the default) or "queues" (only the event queues, the Raiders, the water and the Water
    Silo; automata/radlands/queues_only.py)."""
    from ..core.steps import msg

    names = [x.strip() for x in str(raw.get("players") or "").split(",") if x.strip()]
    if names and len(names) != 2:
        raise OptionError(msg("radlands.error.players", n=len(names)))
    if names and names[0].lower() == names[1].lower():
        raise OptionError(msg("radlands.error.same_name", name=names[0]))
    track = str(raw.get("track") or "full").strip().lower()
    if track not in ("full", "queues"):
        raise OptionError(msg("radlands.error.track", value=track))
    data = _load(raw.get("overrides") or None)  # a broken owner file is reported now, not mid-game
    options = {"first_game": bool(raw.get("first_game")), "names": names, "track": track}
    if isinstance(raw.get("sets"), (list, tuple)):  # the owned sets (randomsetup.owned_options); none: every set
        options["sets"] = sets_in_play(data, raw["sets"])
    if raw.get("dealt") and not options["first_game"]:  # a random setup's deal (randomsetup.py)
        options["dealt"] = _check_dealt(data, raw["dealt"])
    # the turn menu of this version: 2 = one menu of concrete actions, placement in one answer (issue 11); 3 = no
    # question the program answers itself (issue 30 item 13: effects.answers_itself); a save of an older version
    # (none: version 1) replays its journal with the questions it was played with (automata/radlands/turn.py)
    options["menu"] = MENU_VERSION
    if raw.get("overrides"):
        options["overrides"] = raw["overrides"]
    return options


def sets_in_play(data, owned) -> list[str]:
    """The owned sets whose cards go into the decks: those the data marks in play (an owned Cult of Chrome whose
    cards are not entered yet stays in play: its cards are shuffled in at the table, and the list says its count
    is provisional)."""
    return [s for s in data.in_play() if s in owned]


def _check_dealt(data, dealt) -> dict:
    """The camps dealt to each side (seed 004, Preparação de cada jogador 1): ``camps_dealt`` known camps each,
    no camp dealt twice."""
    from ..core.steps import msg

    n = int(data.rules["camps_dealt"])
    out: dict[str, list[str]] = {}
    seen: set[str] = set()
    for side in ("a", "b"):
        camps = dealt.get(side) if isinstance(dealt, dict) else None
        if not isinstance(camps, list) or len(camps) != n or not all(c in data.camps for c in camps) or seen & set(camps) \
                or len(set(camps)) != n:
            raise OptionError(msg("radlands.error.dealt", n=n))
        seen |= set(camps)
        out[side] = list(camps)
    return out


def new_state(options: dict, seed: int) -> dict:
    data = _load(options.get("overrides") or None)
    names = options.get("names") or ["@radlands.side.a", "@radlands.side.b"]
    rules = {k: data.rules[k] for k in RULE_KEYS if k in data.rules}
    rules["provisional"] = dict(data.rules.get("provisional", {}))
    return {
        "seed": seed,
        "overrides": options.get("overrides", {}),
        "options": {k: v for k, v in options.items() if k != "overrides"},
        "rules": rules,
        "players": {s: board.new_side(n) for s, n in zip(board.SIDES, names)},
        "deck": {"count": data.deck_size(), "discard": 0, "reshuffles": 0, "known": []},
        "turn": {"player": "", "number": 0, "water": 0, "extra": 0, "people_entered": 0, "event_resolved": False,
                 "own_raiders_resolved": False, "events_played": 0, "first_ability_card": "", "high_ground": False},
        "first_player": "",
        "uid": 0,
        "next": {"proc": "setup", "part": "table"},
        "over": False,
        "result": "",
    }


def next_step(state: dict) -> dict | None:
    if state.get("over"):
        return None
    return dict(state["next"])


def procedure(state: dict, step: dict):
    """The step played, with what is in effect at its moment said after its heading (automata/core/ineffect.py)."""
    from ..core.ineffect import raised

    return raised(GAME_ID, state, step, _procedure(state, step))


def _procedure(state: dict, step: dict):
    from . import commands, queues_only, setup, turn

    data = data_of(state)
    proc = step["proc"]
    if proc == "setup":
        return setup.setup_step(state, data, step["part"])
    if proc == "events":
        return turn.events_step(state, data, step["p"])
    if proc == "replenish":
        return turn.replenish_step(state, data, step["p"])
    if proc == "action":
        return turn.action(state, data, step["p"], step["k"])
    if proc == "q_start":
        return queues_only.start_step(state, data, step["p"])
    if proc == "q_played":
        return queues_only.played_step(state, data, step["p"])
    if proc == "cmd_event":
        return commands.event_command(state, data, step["p"], step["card"], bool(step.get("pay")))
    if proc == "cmd_raid":
        return commands.raid_command(state, data, step["p"])
    raise ValueError(f"unknown Radlands step {proc!r}")


def step_label(step: dict) -> Msg:
    name = step.get("name")
    if step.get("proc") == "setup" and isinstance(name, str) and name and not name.startswith("@"):
        # a player's camps, titled with the name the table gave (a save without it keeps "Player A's camps")
        from ..core.steps import Msg, msg

        return Msg("radlands.step.setup", {"part": msg("radlands.setup.part.camps_of", name=name).to_data()})
    if step.get("proc") == "setup":
        step = {k: v for k, v in step.items() if k != "name"}
    return step_msg(GAME_ID, step, {"part": "@radlands.setup.part."})


def fix_fields():
    """What the table may correct with `tabletop fix` (automata/radlands/fix.py), imported only when used."""
    from .fix import FIX_FIELDS

    return FIX_FIELDS
