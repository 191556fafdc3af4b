"""The Radlands table drawn as it lies (issue 14): the two tableaux facing each other, the opponent mirrored.

Player B sits at the top and player A at the bottom, each with their front row toward the middle of the table:
B's camps, rear people, front people, then the middle, then A's front people, rear people, camps. Each event queue
is three boxes beside its player's camps (space 1 resolves next), the Raiders in the space where they stand.
Every colour repeats a word or a symbol (a player's colour their name; ● undamaged, ◐ damaged, ✖ destroyed; ready
and not ready in words), so the picture reads the same without colour (``NO_COLOR``, piped output).

Layouts by the console's width: 100 columns and more (row names at the left, the queue beside the camps), 80
(the queue beside the camps) and under 80, down to 60 (a phone: the queue as a row of three boxes behind the
camps). Cells wrap at word boundaries; nothing is truncated.

Pure drawing from ``status_data`` (the same data as ``--json``) and the saved state; ``print_summary`` draws the
end of the game: the winner and the rule that decided it, the final table by category, and a chart of the camps
turn by turn (``automata/radlands/history.py``).
"""

from __future__ import annotations

from typing import Any

from ..terminal.render import status_title

COLOURS = {"a": "cyan", "b": "magenta"}
CAMP_MARK = {"undamaged": ("●", "green"), "damaged": ("◐", "yellow"), "destroyed": ("✖", "red")}
WIDE, MEDIUM = 100, 80


def _name(env, name: str) -> str:
    return env.t(name[1:]) if name.startswith("@") else name


def _esc(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _plural(env, key: str, n: int, **params: Any) -> str:
    return env.t(f"{key}_one", n=n, **params) if n == 1 else env.t(key, n=n, **params)


def _player(env, state: dict, side: str) -> str:
    return f"[bold {COLOURS[side]}]{_esc(_name(env, state['players'][side]['name']))}[/bold {COLOURS[side]}]"


# -- cells ----------------------------------------------------------------------------------------------


def camp_cell(env, camp: dict) -> str:
    t = env.t
    mark, style = CAMP_MARK.get(camp["state"], ("?", ""))
    lines = [f"[bold]{_esc(camp['name'])}[/bold]", f"[{style}]{mark} {_esc(t('radlands.camp_state.' + camp['state']))}[/{style}]"]
    if camp["state"] != "destroyed":
        lines.append(f"[green]{_esc(t('radlands.picture.camp_ready'))}[/green]" if camp["ready"]
                     else f"[dim]{_esc(t('radlands.picture.camp_not_ready'))}[/dim]")
    if camp.get("moves"):
        lines.append(_esc(_plural(env, "radlands.picture.moved", camp["moves"])))
        if camp.get("behind"):
            lines.append(_esc(_plural(env, "radlands.picture.behind", camp["behind"])))
    return "\n".join(lines)


def person_cell(env, person: dict | None) -> str:
    t = env.t
    if person is None:
        return "[dim]·[/dim]"
    name = t("radlands.picture.punk") if person["card"] == "punk" else person["name"]
    lines = [f"[bold]{_esc(name)}[/bold]"]
    if person["damaged"]:
        lines.append(f"[yellow]◐ {_esc(t('radlands.person_state.damaged'))}[/yellow]")
    lines.append(f"[green]{_esc(t('radlands.picture.person_ready'))}[/green]" if person["ready"]
                 else f"[dim]{_esc(t('radlands.picture.person_not_ready'))}[/dim]")
    return "\n".join(lines)


def column_places(camp: dict, people: list[dict], limit: int = 2) -> list[tuple[str, Any]]:
    """The places of one column from the back (the camp's row) to the front: ("camp", camp) or ("person", person or
    None). A Juggernaut that moved forward stands ``moves`` places in front of the camp row, its ``behind`` people
    behind it (rules §2.11)."""
    moves, behind = int(camp.get("moves", 0)), int(camp.get("behind", 0))
    back, front = people[:behind], people[behind:]
    places: list[tuple[str, Any]] = []
    for k in range(limit + 1):
        if k == moves:
            places.append(("camp", camp))
        elif k < moves:
            places.append(("person", back[k] if k < len(back) else None))
        else:
            i = k - moves - 1
            places.append(("person", front[i] if i < len(front) else None))
    return places


def queue_entry(env, state: dict, card: str) -> str:
    from automata.radlands.game import data_of

    if not card:
        return "[dim]—[/dim]"
    if card == "raiders":
        return "[bold red]Raiders ⚔[/bold red]"
    return f"[bold]{_esc(data_of(state).card(card)['name'])}[/bold]"


# -- one side -----------------------------------------------------------------------------------------------


def side_header(env, state: dict, data: dict, side: str, queues_only: bool = False) -> str:
    t = env.t
    p = data["players"][side]
    turn = data["turn"]
    playing = turn["player"] == side and not data["over"]
    head = _player(env, state, side) + (f" [bold]{_esc(t('radlands.picture.playing'))}[/bold]" if playing else "")
    parts = []
    if not queues_only:
        parts.append(_plural(env, "radlands.picture.hand", p["hand"]))
    if playing:
        if queues_only:
            parts.append(_plural(env, "radlands.picture.q_water", turn["water"]))
        else:
            parts.append(_plural(env, "radlands.picture.water", turn["water"] + turn.get("extra", 0)))
    parts.append(t("radlands.silo." + p["silo"]))
    if p["raiders"] != "queue":
        parts.append(t("radlands.raiders." + p["raiders"]))
    return head + " · " + " · ".join(_esc(x) for x in parts)


def queue_stack(env, state: dict, queue: list[str], side: str, width: int):
    """The three event spaces as boxes one under the other (beside the camps)."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.ROUNDED, show_header=True, show_lines=True, pad_edge=True, border_style=COLOURS[side])
    table.add_column(_esc(env.t("radlands.picture.queue")), width=width, overflow="fold")
    for i, card in enumerate(queue):
        table.add_row(f"{i + 1}  {queue_entry(env, state, card)}")
    return table


def queue_row(env, state: dict, queue: list[str], side: str, width: int):
    """The three event spaces as a row of boxes (behind the camps, on narrow screens)."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.ROUNDED, show_header=False, pad_edge=True, border_style=COLOURS[side])
    for _ in queue:
        table.add_column(width=width, overflow="fold")
    table.add_row(*[f"{i + 1}  {queue_entry(env, state, card)}" for i, card in enumerate(queue)])
    return table


def tableau(env, data: dict, side: str, top: bool, cell: int, labels: bool, limit: int = 2):
    """One player's three columns: rows from the back (camps) to the front, turned over for the top player."""
    from rich import box
    from rich.table import Table

    p = data["players"][side]
    table = Table(box=box.SQUARE, show_header=False, show_lines=True, pad_edge=True, border_style=COLOURS[side])
    if labels:
        table.add_column(width=max(len(env.t(f"radlands.picture.row.{r}")) for r in ("front", "rear", "camps")),
                         style="dim", overflow="fold")
    for _ in range(3):
        table.add_column(width=cell, overflow="fold")
    columns = [column_places(camp, people, limit) for camp, people in zip(p["camps"], p["columns"])]
    rows = list(range(limit + 1))  # place 0 (camps) to the front
    names = ["camps", "rear"] + ["front"] * (limit - 1)
    if not top:
        rows.reverse()
    for k in rows:
        cells = [camp_cell(env, thing) if kind == "camp" else person_cell(env, thing)
                 for kind, thing in (col[k] for col in columns)]
        if labels:
            cells.insert(0, _esc(env.t("radlands.picture.row." + names[k])))
        table.add_row(*cells)
    return table


def print_side(env, state: dict, data: dict, side: str, top: bool) -> None:
    from rich.table import Table

    width = env.out.width
    p = data["players"][side]
    limit = int(state["rules"].get("column_limit", 2))
    header = side_header(env, state, data, side)
    if top:
        env.out.print(header)
    if not p["camps"]:  # setup: no camps dealt yet
        env.out.print(queue_row(env, state, p["queue"], side, 14))
    elif width >= MEDIUM:
        wide = width >= WIDE
        board = tableau(env, data, side, top, 20 if wide else 17, labels=wide, limit=limit)
        grid = Table.grid(padding=(0, 1))
        grid.add_column()
        grid.add_column(vertical="top" if top else "bottom")
        grid.add_row(board, queue_stack(env, state, p["queue"], side, 16 if wide else 14))
        env.out.print(grid)
    else:
        cell = max(10, (width - 10) // 3)
        if top:
            env.out.print(queue_row(env, state, p["queue"], side, cell))
        env.out.print(tableau(env, data, side, top, cell, labels=False, limit=limit))
        if not top:
            env.out.print(queue_row(env, state, p["queue"], side, cell))
    if not top:
        env.out.print(header)


def middle(env, data: dict, state: dict) -> None:
    t = env.t
    width = min(env.out.width, 118)
    deck = data["deck"]
    n = deck["reshuffles"]
    limit = int(state["rules"].get("deck_reshuffles", 1))
    shuffled = t("radlands.picture.reshuffled_none") if n == 0 else _plural(env, "radlands.picture.reshuffled", n)
    line = t("radlands.picture.deck", count=deck["count"], discard=deck["discard"]) + ", " + shuffled
    if n >= limit and not data["over"]:
        line += f" ({t('radlands.picture.last_deck')})"
    env.out.print("[dim]" + "─" * width + "[/dim]")
    env.out.print(_esc(line))
    env.out.print("[dim]" + "─" * width + "[/dim]")


# -- the whole table ---------------------------------------------------------------------------------------


def print_board(env, state: dict, data: dict) -> None:
    """``tabletop status`` of a Radlands game: the table as it lies, then the next step (or the summary)."""
    t = env.t
    title = status_title(t, "radlands", data["name"], t("radlands.status.where", turn=data["turn"]["number"]))
    env.out.print(f"[bold]{_esc(title)}[/bold]")
    if data.get("track") == "queues":
        print_queues_only(env, state, data)
        return
    print_side(env, state, data, "b", top=True)
    middle(env, data, state)
    print_side(env, state, data, "a", top=False)
    if data["over"]:
        env.out.print()
        print_summary(env, state, data)
    else:
        print_next(env, data)


def print_next(env, data: dict) -> None:
    if data["next"] and not data["over"]:
        from automata.radlands.game import step_label

        env.out.print(_esc(env.t("radlands.status.next", step=env.t.render(step_label(data["next"])))))


def print_queues_only(env, state: dict, data: dict) -> None:
    """Queues only: what the program keeps, facing each other: each side's queue, Raiders and Water Silo, the
    turn's water."""
    width = env.out.width
    cell = 20 if width >= WIDE else max(10, (width - 10) // 3)
    env.out.print(f"[dim]{_esc(env.t('radlands.picture.table_keeps'))}[/dim]")
    env.out.print(side_header(env, state, data, "b", queues_only=True))
    env.out.print(queue_row(env, state, data["players"]["b"]["queue"], "b", cell))
    env.out.print("[dim]" + "─" * min(width, 118) + "[/dim]")
    env.out.print(queue_row(env, state, data["players"]["a"]["queue"], "a", cell))
    env.out.print(side_header(env, state, data, "a", queues_only=True))
    if data["over"]:
        env.out.print()
        print_summary(env, state, data)
    else:
        print_next(env, data)


def print_queue(env, state: dict, side: str) -> None:
    """``tabletop radlands queue``: one player's three event spaces as boxes."""
    width = env.out.width
    cell = 20 if width >= WIDE else max(10, (width - 10) // 3)
    env.out.print(_esc(env.t("radlands.picture.queue_of", player=_name(env, state["players"][side]["name"]))))
    env.out.print(queue_row(env, state, state["players"][side]["queue"], side, cell))


# -- the end of the game ----------------------------------------------------------------------------------


def end_rule(env, state: dict, data: dict) -> str:
    """The winner (or the draw) and the rule that decided it."""
    from automata.radlands import board

    t = env.t
    result = data["result"]
    queues_only = data.get("track") == "queues"
    if result == "draw":
        return t("radlands.picture.draw_table" if queues_only else "radlands.picture.draw_deck")
    winner = _name(env, state["players"][result]["name"])
    loser_side = board.other(result)
    loser = _name(env, state["players"][loser_side]["name"])
    if not queues_only and board.all_camps_destroyed(state["players"][loser_side]):
        return t("radlands.picture.win_camps", winner=winner, loser=loser)
    return t("radlands.picture.win_table", winner=winner)


def provisional_end(env, state: dict, data: dict) -> list[str]:
    """A draw by the deck rests on PROVISIONAL rulings (rules §4.1 items 3-4) unless the owner's file set them."""
    from automata.radlands.game import data_of

    if data["result"] != "draw" or data.get("track") == "queues":
        return []
    rules = data_of(state)
    lines = []
    if rules.rule_is_provisional("deck_exhaustion_trigger"):
        lines.append(env.t("radlands.picture.provisional_run_out"))
    if data["deck"]["reshuffles"] < int(state["rules"].get("deck_reshuffles", 1)) and rules.rule_is_provisional("empty_discard_at_first_runout"):
        lines.append(env.t("radlands.provisional.empty_discard"))
    return lines


def score_rows(env, state: dict, data: dict) -> list[tuple[str, dict[str, str]]]:
    """The final table by category, one value per player."""
    t = env.t
    if data.get("track") == "queues":
        return [(t("radlands.picture.score.turns"), {s: str(state["players"][s]["turns"]) for s in ("a", "b")})]
    rows = []
    ps = {s: data["players"][s] for s in ("a", "b")}
    rows.append((t("radlands.picture.score.camps_left"), {s: str(sum(c["state"] != "destroyed" for c in p["camps"])) for s, p in ps.items()}))
    rows.append((t("radlands.picture.score.camps_damaged"), {s: str(sum(c["state"] == "damaged" for c in p["camps"])) for s, p in ps.items()}))
    people = {s: [x for col in p["columns"] for x in col] for s, p in ps.items()}
    rows.append((t("radlands.picture.score.people"), {s: str(len(xs)) for s, xs in people.items()}))
    rows.append(("  " + t("radlands.picture.score.punks"), {s: str(sum(x["card"] == "punk" for x in xs)) for s, xs in people.items()}))
    rows.append((t("radlands.picture.score.hand"), {s: str(p["hand"]) for s, p in ps.items()}))
    rows.append((t("radlands.picture.score.turns"), {s: str(state["players"][s]["turns"]) for s in ("a", "b")}))
    return rows


def chart_rows(env, state: dict) -> list[str]:
    """Camps left and damage taken, turn by turn, as rows of blocks (cli/terminal/chart.py); [] without a history."""
    from automata.radlands.history import camps_by_turn, camps_left, damage_taken

    from ..terminal.chart import series_rows

    history = camps_by_turn(state)
    if not history:
        return []
    width = min(env.out.width, 118)
    names = {s: _name(env, state["players"][s]["name"]) for s in ("a", "b")}
    styles = {names[s]: COLOURS[s] for s in ("a", "b")}
    out = [f"[bold]{_esc(env.t('radlands.picture.chart.camps', first=history[0]['turn'], last=history[-1]['turn']))}[/bold]"]
    out += series_rows({names[s]: [camps_left(r[s]) for r in history] for s in ("a", "b")}, width, styles)
    out.append(f"[bold]{_esc(env.t('radlands.picture.chart.damage'))}[/bold]")
    out += series_rows({names[s]: [damage_taken(r[s]) for r in history] for s in ("a", "b")}, width, styles)
    return out


def print_summary(env, state: dict, data: dict) -> None:
    """The end of the game: who won and by which rule, the final table by category, the camps turn by turn."""
    from rich import box
    from rich.table import Table

    t = env.t
    env.out.print(f"[bold]{_esc(t('radlands.picture.over'))}[/bold]")
    env.out.print(_esc(end_rule(env, state, data)))
    for line in provisional_end(env, state, data):
        env.out.print(f"[yellow]{_esc(line)}[/yellow]")
    table = Table(box=box.SIMPLE_HEAD, title=_esc(t("radlands.picture.score")), title_justify="left", pad_edge=False)
    table.add_column("", overflow="fold")
    for s in ("a", "b"):
        table.add_column(_player(env, state, s), justify="right", overflow="fold")
    for label, values in score_rows(env, state, data):
        table.add_row(_esc(label), values["a"], values["b"])
    env.out.print(table)
    if data.get("track") == "queues":
        env.out.print(f"[dim]{_esc(t('radlands.picture.chart.queues'))}[/dim]")
        return
    rows = chart_rows(env, state)
    if not rows:
        env.out.print(f"[dim]{_esc(t('radlands.picture.chart.none'))}[/dim]")
    for row in rows:
        env.out.print(row)
