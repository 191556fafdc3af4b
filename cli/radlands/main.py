"""``tabletop new radlands`` and ``tabletop radlands …``: Radlands with Cult of Chrome.

``tabletop radlands status --json`` keys (documented in docs/radlands.md): ``ok``, ``name``, ``game`` ("radlands"),
``over``, ``result`` ("a" | "b": the winner, "draw", or ""), ``first_player``, ``turn`` ({player, number, water,
extra}), ``deck`` ({count, discard, reshuffles}), ``players`` (a/b → {name, camps: [{id, name, state, ready,
moves, behind}] (a Juggernaut's moves 0-2 and the people behind it),
columns: [[{card, name, damaged, ready}, …rear to front] × 3], queue: [space 1, 2, 3: event id, "raiders" or ""],
raiders ("area" | "queue"), silo ("area" | "hand"), hand}), ``next``.
"""

from __future__ import annotations

from typing import Any, Optional

import typer

from ..commands.env import CliError, Exit, current

app = typer.Typer(no_args_is_help=True, help="Radlands: event queues, raids and status.")


def new_command(
    first_game: bool = typer.Option(False, "--first-game", help="Deal the recommended first-game camps."),
    players: Optional[str] = typer.Option(None, "--players", help="The two players' names, comma-separated."),
    name: Optional[str] = typer.Option(None, "--name", help="Name of the save (default: radlands-N)."),
    track: str = typer.Option("full", "--track", help="full: every card played is named (default); queues: only the event queues, the Raiders, the water and the Water Silo, one question a turn."),
    another: bool = typer.Option(False, "--another", help="Start a new game even if one of this kind is unfinished (default: that one is made current again)."),
    random_setup: bool = typer.Option(False, "--random", help="Draw the setup left open by the other options from the collection (shown first; keep or redraw)."),
) -> None:
    """Radlands with Cult of Chrome: the program keeps both event queues, the Raiders, the water and the camps."""
    from ..setup.newgame import new_game
    from .newquestions import radlands_players

    new_game("radlands", name, another,
             lambda env: {"first_game": first_game, "players": radlands_players(env, players), "track": track}, random_setup)


def _session(env):
    from ..commands import saves

    return saves.open_game_session(env, "radlands", "radlands.error.not_radlands")


def side_of(env, state: dict, who: str) -> str:
    """A player named by side (a, b) or by name."""
    key = who.strip().lower()
    for s in ("a", "b"):
        if key == s or key == _name(env, state["players"][s]["name"]).lower():
            return s
    valid = ", ".join(["a", "b"] + [_name(env, state["players"][s]["name"]) for s in ("a", "b")])
    raise CliError(env.t("radlands.error.player", value=who, valid=valid), Exit.USAGE)


def _name(env, name: str) -> str:
    return env.t(name[1:]) if name.startswith("@") else name


def _json_name(name: str) -> str:
    """A player's name for JSON: the name given with --players, else the side's letter ("A", "B")."""
    return name.replace("@radlands.side.", "").upper() if name.startswith("@") else name


def status_data(session) -> dict[str, Any]:
    from automata.radlands import board
    from automata.radlands.game import data_of, next_step

    state = session.save.state
    data = data_of(state)
    if state["options"].get("track") == "queues":
        return queues_status_data(session)
    players = {}
    for s in board.SIDES:
        p = state["players"][s]
        players[s] = {
            "name": _json_name(p["name"]),
            "camps": [{"id": c["id"], "name": data.card(c["id"])["name"], "state": c["state"], "ready": board.camp_ready(c),
                       "moves": int(c.get("moves", 0)), "behind": int(c.get("behind", 0))} for c in p["camps"]],
            "columns": [[{"card": x["card"], "name": data.card(x["card"])["name"] if x["card"] != board.PUNK else "punk",
                          "damaged": x["damaged"], "ready": board.person_ready(x)} for x in col] for col in p["columns"]],
            "queue": list(p["queue"]), "raiders": p["raiders"], "silo": p["silo"], "hand": p["hand"],
        }
    t = board.turn_now(state)  # whose turn it is now, a turn handed over by 'tabletop fix' included
    nxt = next_step(state)
    if nxt and "name" in nxt:  # the same name as in "players", never a raw message key
        nxt["name"] = _json_name(nxt["name"])
    return {
        "ok": True, "name": session.save.name, "game": "radlands", "track": "full", "over": state["over"],
        "result": state["result"], "first_player": state["first_player"],
        "turn": {"player": t["player"], "number": t["number"], "water": t["water"], "extra": t["extra"]},
        "deck": {k: state["deck"][k] for k in ("count", "discard", "reshuffles")},
        "players": players, "next": nxt,
    }


def queues_status_data(session) -> dict[str, Any]:
    """Queues only: the queues, the Raiders and the Water Silo of each side, and the turn's water (the rest is the
    table's, so it is not in the data)."""
    from automata.radlands import board
    from automata.radlands.game import next_step

    state = session.save.state
    nxt = next_step(state)
    if nxt and "name" in nxt:
        nxt["name"] = _json_name(nxt["name"])
    players = {s: {"name": _json_name(p["name"]), "queue": list(p["queue"]), "raiders": p["raiders"], "silo": p["silo"]}
               for s, p in state["players"].items()}
    t = board.turn_now(state)
    return {
        "ok": True, "name": session.save.name, "game": "radlands", "track": "queues", "over": state["over"],
        "result": state["result"], "first_player": state["first_player"],
        "turn": {"player": t["player"], "number": t["number"], "water": t["water"]}, "players": players, "next": nxt,
    }


def _refuse_queues_only(env, state: dict) -> None:
    if state["options"].get("track") == "queues":
        raise CliError(env.t("radlands.error.queues_only"), Exit.USAGE)


@app.command("status")
def status_command() -> None:
    """The table as it lies: both tableaux facing each other (camps, damage, people, ready or not), the event queues
    beside the camps, water, hands and the deck; at the end, the winner, the rule and the camps turn by turn."""
    from ..terminal.pager import paged

    env = current()
    session = _session(env)
    paged(env, lambda: show_status(env, session), picture=True)  # a long board through the pager at a terminal


def show_status(env, session) -> None:
    data = status_data(session)
    if env.json:
        env.emit_json(data)
        return
    from .picture import print_board

    print_board(env, session.save.state, data)


def show_summary(env, session) -> None:
    """The end of the game (the last step of ``play``): the winner and the rule, the final table, the camps turn
    by turn."""
    from .picture import print_summary

    print_summary(env, session.save.state, status_data(session))


@app.command("queue")
def queue_command(player: Optional[str] = typer.Argument(None, help="a, b or a player's name (default: both).")) -> None:
    """The event queues as the table sees them: spaces 1, 2 and 3 (space 1 resolves next)."""
    env = current()
    session = _session(env)
    state = session.save.state
    sides = [side_of(env, state, player)] if player else ["a", "b"]
    data = status_data(session)
    if env.json:
        env.emit_json({"ok": True, "queues": {s: data["players"][s]["queue"] for s in sides},
                       "raiders": {s: data["players"][s]["raiders"] for s in sides}})
        return
    from .picture import print_queue

    for s in sides:
        print_queue(env, state, s)


@app.command("event")
def event_command(
    player: str = typer.Argument(..., help="a, b or a player's name."),
    card: str = typer.Argument(..., help="The event's name, e.g. Banish."),
    pay: Optional[bool] = typer.Option(None, "--pay/--no-pay", help="Pay its cost from the player's water (default: only during their Actions phase)."),
) -> None:
    """Place an event by name in PLAYER's queue with the queue rules (a bomb-0 event resolves at once)."""
    from automata.core.gamedata import UnknownName
    from automata.radlands import board
    from automata.radlands.effects import Ctx
    from automata.radlands.game import data_of
    from automata.radlands.queue import event_bomb

    from ..commands.shared import run_steps

    env = current()
    session = _session(env)
    state = session.save.state
    side = side_of(env, state, player)
    _refuse_queues_only(env, state)
    data = data_of(state)
    try:
        cid = data.find_card(card, kinds=("event",))
    except UnknownName as e:
        valid = ", ".join(sorted(c["name"] for c in data.events.values()))
        close = [data.events[c]["name"] if c in data.events else c for c in e.close]
        raise CliError(env.t("radlands.error.unknown_event", value=card, valid=valid, close=", ".join(close)), Exit.USAGE) from None
    _check_started(env, state)
    _check_free(env, session)
    ev = data.card(cid)
    ctx = Ctx(state, data, side)
    who = _name(env, state["players"][side]["name"])

    in_actions = state["turn"]["player"] == side and (state.get("next") or {}).get("proc") == "action"
    if pay is None:
        pay = in_actions

    def fitting(water: int | None = None) -> str:
        """The events that PLAYER's queue takes now (and that ``water`` pays for): the valid choices of a refusal."""
        names = sorted(e["name"] for e_id, e in data.events.items()
                       if board.event_space(state["players"][side]["queue"], event_bomb(ctx, e_id, played=bool(pay))) >= 0
                       and (water is None or int(e["cost"]) <= water))
        return ", ".join(names) or "—"

    if board.event_space(state["players"][side]["queue"], event_bomb(ctx, cid, played=bool(pay))) < 0:
        raise CliError(env.t("radlands.error.queue_full", card=ev["name"], bomb=ev["bomb"], player=who, valid=fitting()),
                       Exit.USAGE)
    if pay and not in_actions:
        raise CliError(env.t("radlands.error.pay_outside", player=who), Exit.USAGE)
    left = board.water_left(state)
    if pay and int(ev["cost"]) > left:
        raise CliError(env.t("radlands.error.water", card=ev["name"], cost=ev["cost"], water=left, player=who,
                             valid=fitting(left)), Exit.USAGE)
    step = {"proc": "cmd_event", "p": side, "name": state["players"][side]["name"], "card": cid, "card_name": ev["name"], "pay": bool(pay)}
    run_steps(env, apply_step=step, game_id="radlands", not_this_game="radlands.error.not_radlands")


@app.command("raid")
def raid_command(player: str = typer.Argument(..., help="a, b or a player's name.")) -> None:
    """Apply a raid icon for PLAYER: Raiders enter space 2, or advance one space, or resolve from space 1."""
    from ..commands.shared import run_steps

    env = current()
    session = _session(env)
    state = session.save.state
    side = side_of(env, state, player)
    _refuse_queues_only(env, state)
    _check_started(env, state)
    _check_free(env, session)
    step = {"proc": "cmd_raid", "p": side, "name": state["players"][side]["name"]}
    run_steps(env, apply_step=step, game_id="radlands", not_this_game="radlands.error.not_radlands")


def _check_started(env, state: dict) -> None:
    if state["over"]:
        raise CliError(env.t("radlands.error.over"), Exit.USAGE)
    if not state["first_player"]:
        raise CliError(env.t("radlands.error.in_setup"), Exit.USAGE)


def _check_free(env, session) -> None:
    """A helper plays a step of its own: while another step waits for its answers it is refused (exit 2), naming the
    two ways on: finish that step with 'play' or take it back with 'undo' (issue 30 item 12)."""
    busy = session.busy()
    if busy is not None:
        step = env.t.render(session.game.step_label(busy.step))
        raise CliError(env.t("radlands.error.step_waits", step=step, n=busy.answers), Exit.USAGE)


SECRET_CAMPS = ("camps_a", "camps_b")


def after_step(env, session, step: dict) -> None:
    """Wave-2 item 16 (seed, Preparação de cada jogador 2: both choose their camps face down, then reveal them
    together): at a terminal only, once a player's three camps are chosen the shared screen is cleared (its
    scrollback too) and one line says that player has chosen; when both have, the line names every camp, for the
    reveal. Off-terminal 'play' never calls this: nothing changes there."""
    if step.get("proc") != "setup" or step.get("part") not in SECRET_CAMPS:
        return
    from automata.radlands import game

    state = session.save.state
    data = game._load()
    env.out.clear()
    env.out.file.write("\x1b[3J")  # the scrollback too: the other player must not scroll up to the picks
    env.out.file.flush()

    def name(side: str) -> str:
        return _player(env, state, side)

    side = step["part"][-1]
    env.out.print(env.t("radlands.setup.chosen", player=name(side), n=len(state["players"][side]["camps"])), markup=False, highlight=False)
    if step["part"] == "camps_b":
        for s in ("a", "b"):
            camps = ", ".join(data.card(c["id"])["name"] for c in state["players"][s]["camps"])
            env.out.print(env.t("radlands.setup.chosen_all", player=name(s), camps=camps), markup=False, highlight=False)


def _player(env, state: dict, side: str) -> str:
    n = state["players"][side]["name"]
    return env.t(n[1:]) if n.startswith("@") else n
