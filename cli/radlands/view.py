"""Drawing a Radlands table in the terminal: each side's three columns (front person, rear person, camp), its event
queue, water, hand and the deck."""

from __future__ import annotations


def _name(env, name: str) -> str:
    return env.t(name[1:]) if name.startswith("@") else name


def print_board(env, state: dict, data: dict) -> None:
    from rich.table import Table

    t = env.t
    env.out.print(f"[bold]{t('radlands.status.title', name=data['name'], turn=data['turn']['number'])}[/bold]")
    if data.get("track") == "queues":
        print_queues_only(env, state, data)
        return
    for s in ("a", "b"):
        p = data["players"][s]
        pname = _name(env, state["players"][s]["name"])
        mark = " ◀" if data["turn"]["player"] == s and not data["over"] else ""
        env.out.print(f"\n[bold]{pname}[/bold]{mark}  " + t("radlands.status.side", hand=p["hand"], silo=t("radlands.silo." + p["silo"]),
                                                              raiders=t("radlands.raiders." + p["raiders"])))
        table = Table(show_edge=False, pad_edge=False, show_header=True)
        for i, camp in enumerate(p["camps"]):
            raw = state["players"][s]["camps"][i]
            moved = f", {t('radlands.status.moved', n=raw['moves'])}" if raw.get("moves") else ""
            table.add_column(f"{i + 1}. {camp['name']} ({t('radlands.camp_state.' + camp['state'])}{moved})")
        for row in (1, 0):  # the front person on top, the rear one next to the camp
            cells = []
            for col in p["columns"]:
                x = col[row] if len(col) > row else None
                if x is None:
                    cells.append("·")
                else:
                    label = t("radlands.punk") if x["card"] == "punk" else x["name"]
                    flags = []
                    if x["damaged"]:
                        flags.append(t("radlands.person_state.damaged"))
                    if not x["ready"]:
                        flags.append(t("radlands.status.not_ready"))
                    cells.append(label + (f" ({', '.join(flags)})" if flags else ""))
            table.add_row(*cells)
        env.out.print(table)
        print_queue(env, state, s)
    turn = data["turn"]
    if turn["player"] and not data["over"]:
        env.out.print("\n" + t("radlands.status.water", player=_name(env, state["players"][turn["player"]]["name"]), n=turn["water"] + turn["extra"]))
    env.out.print(t("radlands.status.deck", count=data["deck"]["count"], discard=data["deck"]["discard"], reshuffles=data["deck"]["reshuffles"]))
    if data["over"]:
        if data["result"] == "draw":
            env.out.print(t("radlands.over.draw"))
        else:
            env.out.print(t("radlands.status.winner", player=_name(env, state["players"][data["result"]]["name"])))
    else:
        print_next(env, data)


def print_next(env, data: dict) -> None:
    if data["next"] and not data["over"]:
        from automata.radlands.game import step_label

        env.out.print(env.t("radlands.status.next", step=env.t.render(step_label(data["next"]))))


def print_queues_only(env, state: dict, data: dict) -> None:
    """Queues only: each side's Raiders, Water Silo and queue, the turn's water, the end or the next step."""
    t = env.t
    env.out.print(t("radlands.status.queues_only"))
    for s in ("a", "b"):
        p = data["players"][s]
        pname = _name(env, state["players"][s]["name"])
        mark = " ◀" if data["turn"]["player"] == s and not data["over"] else ""
        env.out.print(f"\n[bold]{pname}[/bold]{mark}  " + t("radlands.status.q_side", silo=t("radlands.silo." + p["silo"]),
                                                              raiders=t("radlands.raiders." + p["raiders"])))
        print_queue(env, state, s)
    turn = data["turn"]
    if turn["player"] and not data["over"]:
        env.out.print("\n" + t("radlands.status.q_water", player=_name(env, state["players"][turn["player"]]["name"]), n=turn["water"]))
    if data["over"]:
        if data["result"] == "draw":
            env.out.print(t("radlands.q.end_draw"))
        else:
            env.out.print(t("radlands.status.winner", player=_name(env, state["players"][data["result"]]["name"])))
    print_next(env, data)


def print_queue(env, state: dict, side: str) -> None:
    from automata.radlands.game import data_of

    data = data_of(state)
    t = env.t
    q = state["players"][side]["queue"]
    cells = []
    for i, card in enumerate(q):
        name = "—" if not card else ("Raiders" if card == "raiders" else data.card(card)["name"])
        cells.append(f"{i + 1}: {name}")
    env.out.print(t("radlands.status.queue", player=_name(env, state["players"][side]["name"]), spaces=" | ".join(cells)))
