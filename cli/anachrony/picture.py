"""``tabletop anachrony status`` as a picture of the components (issue 14): the Timeline (each Era's tile with its
Superproject and the Warp tiles on it, the Impact between Eras 4 and 5), the Quantum Loop offer and the Agenda
table, each player's panel, and in a solo game the opponent's board laid out as the printed board is (the
Chronobot's paths or the Chronossus's grid of spots, with the command tokens on their spots, the Energy Pool,
the Time Travel track, Paradox and Anomalies). After the game: the end-of-game summary (winner and the rule that
decided it, every score by category, VP Era by Era).

Pure drawing: it reads the status data (``cli/anachrony/game.py`` ``status_data``) plus ``extras`` (the board's
layout and the end-of-game records, read from the save by ``extras_of``); ``--json`` does not come here.
Layouts: 120 columns and more (the Timeline across, players and boards side by side), 80, and 60 (a phone):
everything stacks, tables turn into lists. Colour repeats a word or a symbol, never carries meaning alone.
"""

from __future__ import annotations

from typing import Any

from ..terminal.render import status_title

P = "anachrony.pic"
#: each player's colour (the name is always written beside it); the solo opponent's is red
STYLES = {"p1": "cyan", "p2": "magenta", "p3": "yellow", "p4": "green", "bot": "red"}
WIDE = 120


def extras_of(state: dict) -> dict[str, Any]:
    """What the picture needs beyond the status data: the opponent's board layout, your Exosuits (solo), the
    Era-by-Era VP records and the final tally by category (absent from older saves)."""
    out: dict[str, Any] = {"history": [dict(h) for h in state.get("history", [])],
                           "final": dict(state.get("final", {}))}
    if "agenda" in state:  # the Agenda table's rows are in no public source (rules file §4.1 items 9-10)
        from automata.anachrony.game import data_of

        grid = data_of(state).rules["intrigues"]["grid"]
        out["agenda_provisional"] = grid.get("confidence") in ("provisional", "U")
    if "solo" in state:
        from automata.anachrony.solo.data import solo_data_of

        s = state["solo"]
        sd = solo_data_of(state)
        out["you_exosuits"] = s.get("you_exosuits")
        if s["bot"] == "chronossus":
            c = sd["chronossus"]
            out["board"] = {"kind": "grid", "spots": dict(c["spots"]), "routes": {k: list(v) for k, v in c["routes"].items()},
                            "route_step": dict(s.get("route_step", {}))}
        else:
            if s["edition"] == "first":
                d = sd["chronobot_first"]
                paths = {k[5:]: list(v) for k, v in d.items() if k.startswith("loop_") and isinstance(v, list)}
            else:
                d = sd["chronobot"]
                paths = {"short": list(d["short"]), "long": list(d["long"])}
            out["board"] = {"kind": "paths", "paths": paths, "stacks": {k: list(v) for k, v in s["spots"].items()}}
    return out


# -- small pieces ---------------------------------------------------------------------------------------------


def _esc(text: Any) -> str:
    from rich.markup import escape

    return escape(str(text))


def _styled(text: str, who: str) -> str:
    style = STYLES.get(who, "")
    return f"[bold {style}]{_esc(text)}[/bold {style}]" if style else f"[bold]{_esc(text)}[/bold]"


def _longest_word(*texts: str) -> int:
    from rich.cells import cell_len

    words = [w for text in texts for line in str(text).splitlines() for w in line.split()]
    return max((cell_len(w) for w in words), default=1)


def _fits(console, table, width: int) -> bool:
    """True when ``table`` can be drawn in ``width`` columns with every column at least its longest word wide."""
    need = sum((c.min_width or 1) + 4 for c in table.columns)  # 2 of padding, 2 of slack: rich shares width unevenly
    if table.box is not None:
        need += len(table.columns) + 1
    return need <= width


def _table(*headers: str, box: bool = True, **kw):
    from rich import box as boxes
    from rich.table import Table

    t = Table(box=boxes.SQUARE if box else None, show_header=any(headers), expand=False, **kw)
    for h in headers:
        t.add_column(_esc(h), overflow="fold")
    return t


def _set_min_widths(table, rows: list[list[str]], headers: list[str]) -> None:
    """Each column at least as wide as its longest word (rich then wraps at words and never cuts one)."""
    for i, col in enumerate(table.columns):
        col.min_width = max([_longest_word(headers[i])] + [_longest_word(r[i]) for r in rows if i < len(r)])


def _plain(markup: str) -> str:
    from rich.text import Text

    return Text.from_markup(markup).plain


def _wrapping(markup: str):
    """Text that wraps at words in its box even when the console does not wrap (piped output is soft-wrapped)."""
    from rich.text import Text

    text = Text.from_markup(markup, overflow="fold")
    text.no_wrap = False
    return text


# -- the picture ----------------------------------------------------------------------------------------------


def draw(env, data: dict, extras: dict) -> None:
    """Print the status picture for ``data`` (status_data) at the width of ``env.out``."""
    out = env.out
    width = out.width
    t = env.t
    names = {p: row["name"] for p, row in data["player"].items()}
    bot_name = t(f"anachrony.solo.bot.{data['opponent']['bot']}") if "opponent" in data else ""
    if bot_name:
        names["bot"] = bot_name
    _header(env, data, names)
    _timeline(env, data, extras, names, width)
    _offers(env, data, width, extras)
    _players(env, data, extras, names, width)
    if "opponent" in data:
        draw_opponent(env, data["opponent"], extras.get("board"), width)
    if data["next"]:
        from automata.anachrony.game import step_label

        out.print(_esc(t("anachrony.status.next", step=t.render(step_label(data["next"])))))
    elif data["over"]:
        draw_summary(env, data, extras, names, width)


def _header(env, data: dict, names: dict) -> None:
    t = env.t
    phase = t("anachrony.phase." + data["phase"]) if data["phase"] else "—"
    title = status_title(t, "anachrony", data["name"],
                         t("anachrony.status.where", era=data["era"], last=data["last_era"], phase=phase))
    env.out.print(f"[bold]{_esc(title)}[/bold]")
    mods = ", ".join(t("anachrony.module." + m) for m in data["modules"]) or t("anachrony.status.base_game")
    env.out.print(_esc(t("anachrony.status.modules", modules=mods)))
    seats = list(data["turn_order"])
    if "opponent" in data:  # solo: the opponent takes its turns between yours, First Player by its own rules
        seats = ["bot"] + seats if data["opponent"]["first"] == "bot" else seats + ["bot"]
    order = " → ".join(_styled(names[p], p) for p in seats)
    env.out.print(_esc(t(f"{P}.order", players="\x00")).replace("\x00", order))


def _era_cells(env, data: dict, extras: dict, names: dict) -> list[tuple[str, str, list[str]]]:
    """(title, superproject, lines of markup) per Era tile, the Impact tile after Era 4."""
    t = env.t
    last = data["last_era"]
    sps = data["superprojects"]
    cells = []
    tiles: dict[int, list[str]] = {e: [] for e in range(1, last + 1)}
    for p, row in data["player"].items():
        for tile, s in row.get("hypersync", {}).items():
            if s["state"] == "pending" and s.get("era") in tiles:
                tiles[s["era"]].append(_styled(names[p], p) + ": " + _esc(t(f"{P}.hypersync_tile", tile=t("anachrony.tile." + tile))))
        q = row.get("quantum", {})
        if q.get("warp") == "timeline" and q.get("era") in tiles:
            tiles[q["era"]].append(_styled(names[p], p) + ": " + _esc(t(f"{P}.quantum_tile", card=t("anachrony.ql." + q["card"]))))
    o = data.get("opponent")
    if o:
        for era, n in o["warps"].items():
            if n and int(era) in tiles:
                tiles[int(era)].append(_styled(names["bot"], "bot") + ": " + _esc(t(f"{P}.warp_tiles", n=n)))
        for era in o.get("hypersync", []):
            if era in tiles:
                tiles[era].append(_styled(names["bot"], "bot") + ": " + _esc(t(f"{P}.solo_hypersync")))
    for era in range(1, last + 1):
        now = era == data["era"] and not data["over"] and data["phase"] != "setup"
        title = t(f"{P}.era", era=era)
        if era < data["era"] or data["over"]:
            title += " ✓"
        sp = t("anachrony.sp." + sps[era - 1]) if era - 1 < len(sps) else t(f"{P}.sp_unknown")
        # the present Era: a marker line first, in words (the Timeline tile the table is on)
        cells.append((title, sp, tiles[era], now))
        if era == 4 and last > 4:
            impact = t(f"{P}.impact_done") if data["impact"] else t(f"{P}.impact_to_come")
            cells.append((t(f"{P}.impact"), "", [_esc(impact)], False))
    return cells


def _timeline(env, data: dict, extras: dict, names: dict, width: int) -> None:
    t = env.t
    out = env.out
    out.print(f"[bold]{_esc(t(f'{P}.timeline'))}[/bold]")
    cells = _era_cells(env, data, extras, names)
    now = f"[reverse]▶ {_esc(t(f'{P}.now'))}[/reverse]"

    def body(sp: str, lines: list[str], here: bool) -> str:
        return "\n".join(([now] if here else []) + ([f"[italic]{_esc(sp)}[/italic]"] if sp else []) + lines)

    plain = [[_plain(c[0]), _plain(body(*c[1:]))] for c in cells]
    if width >= WIDE:
        across = _table(*[c[0] for c in cells])
        across.add_row(*[body(*c[1:]) for c in cells])
        _set_min_widths(across, [[p[1] for p in plain]], [c[0] for c in cells])
        if _fits(out, across, width):
            out.print(across)
            _timeline_notes(env, data)
            return
    heads = [t(f"{P}.col.tile"), t(f"{P}.col.on_tile")]
    down = _table(*heads, box=width >= 80)
    for c in cells:
        down.add_row(_esc(c[0]), body(*c[1:]))
    _set_min_widths(down, plain, heads)
    out.print(down)
    _timeline_notes(env, data)


def _timeline_notes(env, data: dict) -> None:
    t = env.t
    if not data["superprojects"] and data["phase"] != "setup" and data["random"] == "table":
        env.out.print("[dim]" + _esc(t(f"{P}.sp_table")) + "[/dim]")
    if data["endgame_conditions"]:
        env.out.print(_esc(t("anachrony.status.endgame", list=", ".join(t("anachrony.endgame." + c) for c in data["endgame_conditions"]))))


def _offers(env, data: dict, width: int, extras: dict | None = None) -> None:
    t = env.t
    out = env.out
    if "quantum_loops" in data:
        ql = data["quantum_loops"]
        offer = " · ".join(f"[{t('anachrony.ql.' + c)}]" for c in ql["offer"]) or "—"
        out.print(_esc(t("anachrony.status.offer", cards=offer, n=ql["deck"])))
    if "agenda" in data:
        heads = [t("anachrony.status.col." + c) for c in ("row", "objective", "value", "locked")]
        grid = _table(*heads, box=width >= 80, title=_esc(t("anachrony.status.agenda")))
        rows = []
        for r in data["agenda"]:
            values = f"{r['value']} ({', '.join(str(v) for v in r['values'])})" if r["values"] else str(r["value"])
            rows.append([str(r["row"]), str(r["objective"]), values, t(f"{P}.locked") if r["locked"] else "—"])
            grid.add_row(*[_esc(x) for x in rows[-1]])
        _set_min_widths(grid, rows, heads)
        out.print(grid)
        if (extras or {}).get("agenda_provisional"):
            out.print("[yellow]" + _esc(t("anachrony.provisional", key="rules.intrigues.grid")) + "[/yellow]")


def _player_lines(env, p: str, row: dict, extras: dict) -> list[str]:
    from automata.anachrony.eras import payback_term
    from automata.core.steps import Msg

    t = env.t
    lines = []
    vp = t("anachrony.status.vp", vp=row["vp"])
    if row.get("missions_failed_vp"):
        vp = t("anachrony.status.vp_missions", vp=row["vp"], tokens=row["vp_tokens"], missions=row["missions_failed_vp"])
    lines.append(_esc(vp))
    if p == "p1" and extras.get("you_exosuits") is not None:
        lines.append(_esc(t(f"{P}.your_exosuits", n=extras["you_exosuits"])))
    if "hypersync" in row:
        parts = []
        for tile, s in row["hypersync"].items():
            name = t("anachrony.tile." + tile)
            parts.append(t(f"{P}.hs_out", tile=name, era=s["era"]) if s["state"] == "pending" else t(f"{P}.hs_home", tile=name))
        lines.append(_esc(t("anachrony.status.hypersync", tiles=" · ".join(parts))))
    if "quantum" in row:
        q = row["quantum"]
        if q["warp"] == "timeline":
            pb = payback_term(q.get("payback"))
            pb = t.render(Msg.from_data(pb)) if isinstance(pb, dict) else pb
            text = t("anachrony.status.warp_out", era=q["era"], card=t("anachrony.ql." + q["card"]), payback=pb)
        else:
            text = t("anachrony.status.warp_supply")
        lines.append(_esc(t("anachrony.status.quantum", warp=text)))
    if "intrigues" in row:
        i = row["intrigues"]
        m = i["mission"]
        mission = "—" if not m else t("anachrony.status.mission." + ("revealed" if m.get("revealed") else "secret"),
                                      kind=t("anachrony.mission.kind." + m["kind"]))
        lines.append(_esc(t("anachrony.status.mission", mission=mission, deck=i["mission_deck"], emergency=i["emergency_left"])))
        lines.append(_esc(t("anachrony.status.reserve", objectives=i["objectives"], values=i["values"],
                            used=i["benefit_uses"], limit=i["benefit_limit"])))
    return lines


def _players(env, data: dict, extras: dict, names: dict, width: int) -> None:
    from rich import box
    from rich.columns import Columns
    from rich.panel import Panel

    t = env.t
    out = env.out
    first = data["opponent"]["first"] if "opponent" in data else data["first_player"]
    panels = []
    for p, row in data["player"].items():
        title = _styled(names[p], p) + (f" ({_esc(t(f'{P}.first'))})" if p == first and not data["over"] else "")
        body = "\n".join(_player_lines(env, p, row, extras))
        panels.append((title, body))
    side = len(panels) > 1 and width >= WIDE
    pw = (width - 1) // 2 if side else width
    # the bodies wrap at words inside their panel even when the console itself does not wrap (piped output)
    rendered = [Panel(_wrapping(body), title=title, title_align="left", box=box.ROUNDED, width=pw, border_style=STYLES.get(p, ""))
                for (title, body), p in zip(panels, data["player"])]
    if side:
        out.print(Columns(rendered, width=pw - 1, padding=(0, 1)))
    else:
        for r in rendered:
            out.print(r)
    out.print("[dim]" + _esc(t(f"{P}.boards_note")) + "[/dim]")


# -- the solo opponent's board -------------------------------------------------------------------------------


def _action(t, action: str) -> str:
    if action.startswith("tile:"):
        return t("anachrony.solo.tile_id." + action[5:])
    return t("anachrony.solo.action." + action)


def _token(tok: str) -> str:
    return f"[bold red]#{tok}[/bold red]"


def draw_opponent(env, o: dict, board: dict | None, width: int | None = None) -> None:
    """The opponent's board: its paths or grid with the tokens, then its tracks and assets."""
    t = env.t
    out = env.out
    width = width or out.width
    S = "anachrony.solo"
    name = t(f"{S}.bot.{o['bot']}")
    out.print(_styled(name, "bot") + " — " + _esc(t(f"{S}.status.vp", vp=o["vp"], failed=o["failed"])))
    if board and board["kind"] == "paths":
        _paths(env, o, board, width)
    elif board and board["kind"] == "grid":
        _grid(env, o, board, width)
    out.print("[dim]" + _esc(t(f"{P}.token_legend")) + "[/dim]")
    _bot_tracks(env, o, width)


def _paths(env, o: dict, board: dict, width: int) -> None:
    t = env.t
    out = env.out
    for path, actions in board["paths"].items():
        label = t(f"{P}.path.{path}") if t.has(f"{P}.path.{path}", t.lang) or t.has(f"{P}.path.{path}", "en") else path
        out.print(f"[bold]{_esc(label)}[/bold] ↻")
        spots = [f"{path}.{i}" for i in range(1, len(actions) + 1)]
        cells = [(str(i), _action(t, a), " ".join(_token(k) for k in board["stacks"].get(spot, [])))
                 for i, (spot, a) in enumerate(zip(spots, actions), 1)]
        _spots_table(env, cells, width)


def _spots_table(env, cells: list[tuple[str, str, str]], width: int) -> None:
    """Spots across (number over action over tokens) when they fit, else one line per spot."""
    t = env.t
    out = env.out
    across = _table(*[c[0] for c in cells])
    across.add_row(*[_esc(c[1]) + ("\n" + c[2] if c[2] else "") for c in cells])
    _set_min_widths(across, [[c[1] + " " + _plain(c[2]) for c in cells]], [c[0] for c in cells])
    if width >= 80 and _fits(out, across, width):
        out.print(across)
        return
    heads = [t(f"{P}.col.spot"), t(f"{P}.col.action"), t(f"{P}.col.tokens")]
    down = _table(*heads, box=width >= 80)
    for c in cells:
        down.add_row(_esc(c[0]), _esc(c[1]), c[2] or "·")
    _set_min_widths(down, [[c[0], c[1], _plain(c[2])] for c in cells], heads)
    out.print(down)


def _grid(env, o: dict, board: dict, width: int) -> None:
    """The Chronossus: its spots as printed, a row per letter and a column per number; each token walks its route."""
    t = env.t
    out = env.out
    spots = board["spots"]
    at: dict[str, list[str]] = {}
    for tok, v in o["tokens"].items():
        at.setdefault(v["spot"], []).append(tok)
    rows = sorted({s[0] for s in spots})
    cols = sorted({int(s[1:]) for s in spots})

    def action_of(spot: str) -> str:
        for v in o["tokens"].values():
            if v["spot"] == spot:
                return v["action"]
        a = spots[spot]
        if spot in o.get("covers", {}):
            return "tile:" + o["covers"][spot]
        if a.startswith("slot_"):
            return "tile:" + o["tiles"][a]
        return a

    across = _table("", *[str(c) for c in cols])
    plain_rows = []
    for r in rows:
        cells, plain = [], []
        for c in cols:
            spot = f"{r}{c}"
            if spot not in spots:
                cells.append("")
                plain.append("")
                continue
            toks = " ".join(_token(k) for k in sorted(at.get(spot, []), key=int))
            text = _action(t, action_of(spot))
            cells.append(_esc(text) + ("\n" + toks if toks else ""))
            plain.append(text + " " + _plain(toks))
        across.add_row(r, *cells)
        plain_rows.append([r] + plain)
    _set_min_widths(across, plain_rows, [""] + [str(c) for c in cols])
    if width >= 80 and _fits(out, across, width):
        out.print(across)
    else:
        cells = [(s, _action(t, action_of(s)), " ".join(_token(k) for k in sorted(at.get(s, []), key=int)))
                 for s in sorted(spots, key=lambda x: (x[0], int(x[1:])))]
        _spots_table(env, cells, 0)
    routes = []
    for tok, route in board["routes"].items():
        here = o["tokens"].get(tok, {}).get("spot")
        if here is None:
            continue
        nxt = route[(route.index(here) + 1) % len(route)] if here in route else "?"
        routes.append(_esc(t(f"{P}.route", token=tok, here=here, next=nxt, action=_action(t, action_of(nxt)))))
    for line in routes:
        out.print(line)


def _bot_tracks(env, o: dict, width: int) -> None:
    from automata.anachrony.solo.state import TIME_TRAVEL_TOP, WARP_TILES

    t = env.t
    out = env.out
    S = "anachrony.solo"
    track = " ".join(f"[reverse]{i}[/reverse]" if i == o["time_travel"] else str(i) for i in range(TIME_TRAVEL_TOP + 1))
    out.print(_esc(t(f"{P}.time_travel")) + " " + track + " " + _esc(t(f"{P}.marker_on", n=o["time_travel"])))
    out.print(_esc(t(f"{P}.paradox", paradox=o["paradox"], anomalies=o["anomalies"])))
    out.print(_esc(t(f"{P}.warps_left", left=o["warps_left"], total=WARP_TILES)))
    out.print(_esc(t(f"{S}.status.exosuits", n=o["exosuits"], placed=o["placed"], actions=o["actions"],
                     passed=t("core.yes") if o["passed"] else t("core.no"))))
    if o["bot"] == "chronossus":
        pool = o["energy_pool"]
        out.print(_esc(t(f"{P}.pool", energized=pool["energized"], exhausted=pool["exhausted"])) + " "
                  + "[bold yellow]" + "●" * pool["energized"] + "[/bold yellow]" + "○" * pool["exhausted"])
        tiles = " · ".join(f"{['I', 'II', 'III'][i]}: {t('anachrony.solo.tile_id.' + tid)}" for i, tid in enumerate(o["tiles"].values()))
        out.print(_esc(t(f"{P}.slots", tiles=tiles)))

    def counts(prefix: str, d: dict) -> str:
        return ", ".join(f"{t(prefix + k)} {v}" for k, v in d.items() if v) or "—"

    lines = [t(f"{S}.status.assets", buildings=counts(f"{S}.building.", o["buildings"]), superprojects=o["superprojects"],
               workers=counts("anachrony.worker.", o["workers"]), resources=counts(f"{S}.resource.", o["resources"]),
               breakthroughs=counts(f"{S}.shape.", o["breakthroughs"]))]
    if "water" in o:
        lines.append(t(f"{S}.status.water", water=o["water"]))
    if o["bot"] == "chronossus":
        if "ql_removed" in o:
            lines.append(t(f"{S}.status.ql_removed", n=o["ql_removed"]))
        lines.append(t(f"{S}.status.objectives", cards=", ".join(t(f"{S}.objective.{c}") for c in o["objectives"]) or "—"))
    for line in lines:
        out.print(_esc(line))


# -- the end of the game -------------------------------------------------------------------------------------


def draw_summary(env, data: dict, extras: dict, names: dict, width: int | None = None) -> None:
    """Winner and the rule that decided it, every score by category, VP Era by Era (when the save has them)."""
    from cli.terminal.chart import series_rows

    t = env.t
    out = env.out
    width = width or out.width
    final = extras.get("final") or {}
    out.print(f"[bold]{_esc(t(f'{P}.summary'))}[/bold]")
    if not final:
        out.print(_esc(t("anachrony.status.over")))
        return
    winners = final.get("winners", [])
    who = " & ".join(_styled(names.get(p, p), p) for p in winners)
    out.print(_esc(t(f"{P}.winner" if len(winners) == 1 else f"{P}.winners", players="\x00")).replace("\x00", who))
    ranking = final.get("ranking")
    if ranking:
        first = ranking[0]
        how = t(f"anachrony.score.decided.{first['decided_by']}")
        if first.get("provisional"):
            how += " " + t("anachrony.score.tiebreak_provisional")
        out.print(_esc(t(f"{P}.decided", how=how)))
        if final.get("tiebreak") not in (None, "solo"):
            out.print("[dim]" + _esc(t(f"{P}.tiebreak_rule")) + "[/dim]")
        elif final.get("tiebreak") == "solo":
            out.print("[dim]" + _esc(t(f"{P}.solo_rule")) + "[/dim]")
    ids = list(final["totals"])
    cats = final.get("categories") or {}
    heads = [t(f"{P}.col.category")] + [names.get(p, p) for p in ids]
    table = _table(*heads, box=width >= 80)
    for col in table.columns[1:]:
        col.justify = "right"
    order: list[str] = []
    for p in ids:
        for c in cats.get(p, {}):
            if c not in order:
                order.append(c)
    rows = []
    for c in order:
        label = t(f"anachrony.score.cat.{c}")
        rows.append([label] + [str(cats.get(p, {}).get(c, "")) if c in cats.get(p, {}) else "·" for p in ids])
    rows.append([t(f"{P}.total")] + [str(final["totals"][p]) for p in ids])
    for i, r in enumerate(rows[:-1]):
        table.add_row(*[_esc(x) for x in r], end_section=i == len(rows) - 2)
    table.add_row(*[f"[bold]{_esc(x)}[/bold]" for x in rows[-1]], end_section=True)
    _set_min_widths(table, rows, heads)
    out.print(table)
    if not cats:
        out.print("[dim]" + _esc(t(f"{P}.no_categories")) + "[/dim]")
    history = extras.get("history") or []
    if not history:
        out.print("[dim]" + _esc(t(f"{P}.no_history")) + "[/dim]")
        return
    out.print(f"[bold]{_esc(t(f'{P}.chart'))}[/bold]")
    series: dict[str, list[int]] = {}
    styles: dict[str, str] = {}
    for p in data["player"]:
        series[names[p]] = [h["vp"].get(p, 0) for h in history]
        styles[names[p]] = STYLES.get(p, "")
    if "bot" in names and any("bot" in h for h in history):
        series[names["bot"]] = [h.get("bot", 0) for h in history]
        styles[names["bot"]] = STYLES["bot"]
    if not any(v for values in series.values() for v in values):
        out.print("[dim]" + _esc(t(f"{P}.chart_empty")) + "[/dim]")
        return
    eras = " ".join(str(h["era"]) for h in history)
    out.print("[dim]" + _esc(t(f"{P}.chart_eras", eras=eras)) + "[/dim]")
    for row in series_rows(series, width, styles):
        out.print(row)
    note = t(f"{P}.chart_note") + (" " + t(f"{P}.chart_note_bot") if "bot" in names else "")
    out.print("[dim]" + _esc(note) + "[/dim]")
