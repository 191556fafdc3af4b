"""Time of Crisis status as the table sees its components (issue 14): each bot's AI mat drawn as the printed mat is
laid out, and the end-of-game summary.

A mat (seed 000, Preparação step 4 and Fluxo do Jogo; rules file §2.12, §3.1–3.3): the mode boxes (the portrait box
and boxes 1–4) with the mode marker on one of them, portrait or "+2" side up; the three coloured influence areas top
(preferred) to bottom, each a track of circles with a cost, and under each circle an upper box (Primary) and a lower
box (Secondary) with the number left of it and, when printed, a smaller circled event number; the pawn on its circle;
the Available Cylinders box; the Influence Point Track with its "0" box; the Ludi Saeculares marker. Values no source
gives are marked ``*`` and the legend says PROVISIONAL in words.

Pure drawing: everything comes from the status data (``cli/toc/main.py: status_data``, the same as ``--json``) and
from :func:`inputs` (the mats of the game's data, their provisional keys, the bots' Legacy history and, once the game
is over, every seat's final Legacy and the winners: ``automata/toc/final.py``). Colour only
repeats what a word or a symbol already says, so the picture reads the same without colour (``NO_COLOR``, a pipe).
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from ..terminal.render import status_title

AREA_STYLE = {"military": "red", "senate": "blue", "populace": "yellow"}  # the cylinders' colours (rules file §2.12)
PAWN, CYLINDER, PROV = "●", "▮", "*"
WON = "★"  # a winner in the end-of-game summary (the line above it names the winners in words)
MIN_SIDE_BY_SIDE = 46  # the narrowest panel that holds a six-circle track and the Influence Point Track
MIN_COMPACT = 40  # the narrowest panel of a bot's pieces only (the status): three side by side at 120 columns


# --- what the picture needs beyond the status data ---------------------------------------------------------------


def inputs(state: dict) -> dict[str, Any]:
    """The game data the picture reads besides ``status_data``: each bot's mat and its provisional keys, the track's
    printed size, and the Legacy of every bot at each round's end (absent in older saves)."""
    from automata.toc.game import data_of

    from automata.toc.mat_edit import provisional_keys

    data = data_of(state)
    mats, marked = {}, {}
    for colour, bot in state.get("bots", {}).items():
        mat = data.mat(bot["mat"])
        mats[colour] = mat
        marked[colour] = set(provisional_keys(mat))
    track_max = int((data.rules.get("influence_point_track") or {}).get("max", 12))
    colours = {area: _safe_colour(data, area) for area in ("military", "senate", "populace")}
    from automata.toc.final import outcome

    return {"mats": mats, "marked": marked, "track_max": track_max, "history": list(state.get("legacy_history") or []),
            "humans": int(state["options"].get("humans", 0)), "area_colours": colours, "final": outcome(state)}


def _safe_colour(data, area: str) -> str:
    try:
        return data.colour_of(area) or AREA_STYLE[area]
    except Exception:  # noqa: BLE001  an owner's colour table without this area: the default cylinder colour
        return AREA_STYLE[area]


def _style(colour: str) -> str:
    return colour if colour in ("red", "blue", "yellow", "green") else ""


def _circled(n: int) -> str:
    """The small circled event number printed left of a box (②), as on the mat."""
    return chr(0x2460 + n - 1) if 1 <= n <= 20 else f"({n})"


def _paint(text: str, style: str) -> str:
    return f"[{style}]{escape(text)}[/{style}]" if style else escape(text)


# --- one bot's mat -------------------------------------------------------------------------------------------------


def _bot_heading(t, colour: str, bot: dict, emperor: bool) -> list:
    """A bot's first two lines, the same on its short status and its whole mat: colour and mat, then its Legacy,
    Emperor and starting province."""
    from rich.text import Text

    style = _style(colour)
    title = t("toc.picture.bot_title", colour=f"@toc.colour.{colour}", mat=f"@toc.mat.{bot['mat']}")
    facts = [t("toc.picture.legacy", legacy=bot["legacy"])]
    if emperor:
        facts.append(t("toc.picture.emperor_typed", type=f"@toc.emperor.type.{bot['emperor_type']}") if bot["emperor_type"]
                     else t("toc.picture.emperor"))
    facts.append(t("toc.picture.start", province=f"@toc.province.{bot['start']}"))
    return [Text.from_markup(f"[bold {style}]{escape(title)}[/bold {style}]" if style else f"[bold]{escape(title)}[/bold]"),
            Text.from_markup("[bold]" + escape(facts[0]) + "[/bold]" + escape(" · " + " · ".join(facts[1:])))]


def bot_mat(t, colour: str, bot: dict, mat: dict, marked: set[str], *, emperor: bool = False, track_max: int = 12,
            inner: int = 56, detail: bool = False, area_colours: dict | None = None):
    """One bot's AI mat as a rich Panel whose content is at most ``inner`` columns wide."""
    from rich.console import Group
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.text import Text

    from automata.toc.mat_edit import value_term

    area_colours = area_colours or {}
    parts: list = _bot_heading(t, colour, bot, emperor)

    # the mode boxes, left to right as a row: the portrait box, then 1-4; the marker on one of them, with its side
    side = t(f"toc.picture.side.{bot['marker']}")
    boxes = []
    for k in range(0, 5):
        name = t("toc.picture.portrait_box") if k == 0 else str(k)
        if k == (bot["mode"] or 0):
            boxes.append("[reverse]" + escape(t("toc.picture.marker_on", box=name, side=side)) + "[/reverse]")
        else:
            boxes.append(escape(name))
    parts.append(Text.from_markup(escape(t("toc.picture.modes")) + "  " + "  ".join(boxes)))
    modes = mat.get("mode", {})
    shown = sorted(modes) if detail else [str(bot["mode"])] if str(bot["mode"]) in modes else []
    for k in shown:
        box = modes[k]
        cells = {role: _term(t, value_term(box[role]))
                 + (PROV if f"mode.{k}.{role}" in marked else "") for role in ("primary", "secondary")}
        here = "◆ " if k == str(bot["mode"]) else ""
        line = Text(here + t("toc.picture.mode_box", box=k, primary=cells["primary"], secondary=cells["secondary"]))
        parts.append(Padding(line, (0, 0, 0, 2 if here else 4)))  # a long box wraps under its own text

    # the three influence areas, top (preferred) to bottom
    for row, area in enumerate(mat["area_order"]):
        a_style = _style(area_colours.get(area, AREA_STYLE[area]))
        label = t("toc.picture.area_top" if row == 0 else "toc.picture.area", area=f"@toc.area.{area}")
        if row > 0 and "area_order" in marked:
            label += PROV
        parts.append(Text.from_markup(_paint(label, f"bold {a_style}".strip())))
        parts.extend(_track_tables(t, area, bot, mat, marked, inner, a_style))

    # the Available Cylinders box, beside the areas
    free = [a for a in mat["area_order"] if bot["cylinder"].get(a) == "available"]
    names = ", ".join(_paint(CYLINDER + " " + t(f"toc.area.{a}"), _style(area_colours.get(a, AREA_STYLE[a]))) for a in free)
    parts.append(Text.from_markup(escape(t("toc.picture.available")) + " " + (names or escape(t("toc.picture.empty")))))
    parts.extend(_influence_track(t, bot, mat, track_max, inner, area_colours))
    parts.append(Text(t("toc.picture.ludi_on" if bot["ludi"] else "toc.picture.ludi_off")))
    return Panel(Group(*parts), expand=True, padding=(0, 1))


def bot_pieces(t, colour: str, bot: dict, mat: dict, marked: set[str], *, emperor: bool = False,
               area_colours: dict | None = None):
    """One bot in a few lines (issue 27 part 5): only what differs from the printed mat (the mode marker, each
    area's pawn and cylinder, the Ludi marker); ``tabletop toc mat COLOUR`` draws the whole mat with them."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from automata.toc.mat_edit import value_term

    area_colours = area_colours or {}
    parts: list = _bot_heading(t, colour, bot, emperor)
    side = t(f"toc.picture.side.{bot['marker']}")
    box = mat.get("mode", {}).get(str(bot["mode"]))
    if box:
        cells = {role: _term(t, value_term(box[role])) + (PROV if f"mode.{bot['mode']}.{role}" in marked else "")
                 for role in ("primary", "secondary")}
        mode = t("toc.picture.compact.mode", box=bot["mode"], side=side, primary=cells["primary"], secondary=cells["secondary"])
    else:
        mode = t("toc.picture.compact.mode_portrait", side=side)
    hanging = Table.grid()  # a long mode box wraps under its own text, not under the marker
    hanging.add_column(no_wrap=True)
    hanging.add_column()
    hanging.add_row("◆ ", Text(mode))
    parts.append(hanging)
    for row, area in enumerate(mat["area_order"]):
        a_style = _style(area_colours.get(area, AREA_STYLE[area]))
        where = bot["cylinder"].get(area, "available")
        place = t(f"toc.picture.compact.cylinder.{where}", n=bot["points"].get(area, 0))
        line = t("toc.picture.compact.area", area=f"@toc.area.{area}", pawn=f"{PAWN}{bot['pawn'].get(area, 0)}",
                 cylinder=f"{CYLINDER} {place}")
        parts.append(Text.from_markup(_paint(line, a_style)))
    if bot["ludi"]:
        parts.append(Text(t("toc.picture.ludi_on")))
    return Panel(Group(*parts), expand=True, padding=(0, 1))


def _term(t, value) -> str:
    if isinstance(value, str) and value.startswith("@"):
        return t(value[1:])
    return str(value)


def _cell_len(text: str) -> int:
    from rich.cells import cell_len

    return cell_len(text)


def _track_tables(t, area: str, bot: dict, mat: dict, marked: set[str], inner: int, a_style: str) -> list:
    """One area's track: a column per circle (the pawn's marked ●), rows cost / upper box / lower box; split in
    several tables when the circles do not fit the width."""
    from rich.text import Text

    circles = mat["track"][area]
    pawn = bot["pawn"].get(area, 0)
    where = bot["cylinder"].get(area)
    labels = [t("toc.picture.row." + r) for r in ("circle", "cost", "upper", "lower")]
    label_w = max(_cell_len(x) for x in labels)
    columns = []
    for n, c in enumerate(circles):
        base = f"track.{area}.{n}"
        star = lambda key: PROV if key in marked else ""  # noqa: E731
        head = f"{PAWN}{n}" if n == pawn else str(n)
        cost = f"{c['cost']}{star(base + '.cost')}"
        cells = [head, cost]
        for box, place in (("primary", "upper"), ("secondary", "lower")):
            event = c.get(f"{box}_event")
            text = (_circled(int(event)) if event else "") + str(c[box]) + (star(f"{base}.{box}") or star(f"{base}.{box}_event"))
            if n == pawn and where == place:
                text += CYLINDER
            cells.append(text)
        columns.append(cells)
    col_w = [max([_cell_len(x) for x in cells] + [_cell_len(f"{PAWN}{n}")]) for n, cells in enumerate(columns)]
    room = max(1, inner - label_w - 2)
    chunks, current, used = [], [], 0
    for i, w in enumerate(col_w):
        if current and used + w + 1 > room:
            chunks.append(current)
            current, used = [], 0
        current.append(i)
        used += w + 1
    if current:
        chunks.append(current)
    lines = []
    for chunk in chunks:  # plain lines (no nested rich tables: the picture is drawn for every phone of 'serve')
        for r, label in enumerate(labels):
            row = " " + (f"[dim]{escape(label)}[/dim]" if r == 0 else escape(label)) + " " * (label_w - _cell_len(label))
            for i in chunk:
                text = columns[i][r]
                style = f"bold reverse {a_style}".strip() if i == pawn else ""
                row += " " + " " * (col_w[i] - _cell_len(text)) + _mark(text, style)
            line = Text.from_markup(row)
            line.no_wrap = True
            lines.append(line)
    return lines


def _mark(text: str, style: str) -> str:
    """A cell's text with its provisional star dimmed yellow and the cylinder in bold."""
    body = escape(text).replace(PROV, f"[yellow]{PROV}[/yellow]").replace(CYLINDER, f"[bold]{CYLINDER}[/bold]")
    return f"[{style}]{body}[/{style}]" if style else body


def _influence_track(t, bot: dict, mat: dict, track_max: int, inner: int, area_colours: dict) -> list:
    """The Influence Point Track: its "0" box then 1…max, each cylinder (its area's letter) under the number it is on."""
    from rich.text import Text

    on: dict[int, list[str]] = {}
    for area in mat["area_order"]:
        place = bot["cylinder"].get(area)
        if place == "zero":
            on.setdefault(0, []).append(area)
        elif place == "track":
            on.setdefault(max(0, bot["points"].get(area, 0)), []).append(area)
    top = max([track_max] + list(on))
    slot = max(3, max((len(v) for v in on.values()), default=0) + 1)
    parts = [Text(t("toc.picture.track"))]
    if (top + 1) * slot + 1 > inner:  # too narrow for the drawn track: say where each cylinder stands
        said = [t("toc.picture.track_at", area=f"@toc.area.{a}", n=n) for n in sorted(on) for a in on[n]]
        parts.append(Text("  " + ("; ".join(said) if said else t("toc.picture.track_empty"))))
        return parts
    numbers = "".join(str(n).rjust(slot - 1) + " " for n in range(top + 1))
    marks = []
    for n in range(top + 1):
        letters = "".join(_paint(t(f"toc.picture.letter.{a}"), f"bold {_style(area_colours.get(a, AREA_STYLE[a]))}".strip())
                          for a in on.get(n, []))
        pad = slot - 1 - len(on.get(n, []))
        marks.append(" " * pad + letters + " ")
    parts.append(Text(" " + numbers.rstrip(), style="dim"))
    if on:
        parts.append(Text.from_markup(" " + "".join(marks).rstrip()))
    else:
        parts.append(Text(" " + t("toc.picture.track_empty"), style="dim"))
    return parts


# --- the whole status --------------------------------------------------------------------------------------------


def panels_width(width: int, count: int, narrowest: int = MIN_SIDE_BY_SIDE) -> tuple[int, int]:
    """(panels per row, each panel's width): side by side when the width allows, stacked below it."""
    per_row = max(1, min(count, width // narrowest))
    return per_row, min(width // per_row, 80)


def bots_picture(t, data: dict, extra: dict, width: int, only: str | None = None, detail: bool = False,
                 compact: bool = False):
    """The bots' mats (``compact``: only their pieces), side by side when the width allows, stacked below it."""
    from rich.table import Table

    colours = [only] if only else list(data["bots"])
    if not colours:
        return []
    per_row, panel_w = panels_width(width, len(colours), MIN_COMPACT if compact else MIN_SIDE_BY_SIDE)
    if compact:
        panels = [bot_pieces(t, c, data["bots"][c], extra["mats"][c], extra["marked"][c], emperor=data["emperor"] == c,
                             area_colours=extra["area_colours"]) for c in colours]
    else:
        panels = [bot_mat(t, c, data["bots"][c], extra["mats"][c], extra["marked"][c], emperor=data["emperor"] == c,
                          track_max=extra["track_max"], inner=panel_w - 4, detail=detail, area_colours=extra["area_colours"])
                  for c in colours]
    rows = []
    for i in range(0, len(panels), per_row):
        grid = Table.grid(padding=(0, 0))
        group = panels[i:i + per_row]
        for _ in group:
            grid.add_column(width=panel_w, no_wrap=False)
        grid.add_row(*group)
        rows.append(grid)
    return rows


def legend(t, data: dict, extra: dict, only: str | None = None, compact: bool = False) -> list[str]:
    """The symbols, and the PROVISIONAL values in words with the command that replaces them; ``compact``: the
    command that draws each bot's whole mat."""
    if compact:
        lines = [escape(t("toc.picture.compact.legend", pawn=PAWN, cylinder=CYLINDER)),
                 escape(_whole_mat(t, list(data["bots"])))]
        mats = sorted({data["bots"][c]["mat"] for c in data["bots"] if extra["marked"].get(c)})
        if mats:
            lines.append("[yellow]" + escape(t("toc.picture.provisional", star=PROV, mats=", ".join(mats),
                                                command=t("toc.picture.mat_edit"))) + "[/yellow]")
        return lines
    letters = " · ".join(t("toc.picture.letter_legend", letter=t(f"toc.picture.letter.{a}"), area=f"@toc.area.{a}")
                         for a in ("military", "senate", "populace"))
    lines = [escape(t("toc.picture.legend", pawn=PAWN, cylinder=CYLINDER, event=_circled(2))),
             escape(t("toc.picture.track_legend", letters=letters))]
    mats = sorted({data["bots"][c]["mat"] for c in ([only] if only else data["bots"]) if extra["marked"].get(c)})
    if mats:
        lines.append("[yellow]" + escape(t("toc.picture.provisional", star=PROV, mats=", ".join(mats),
                                            command=t("toc.picture.mat_edit"))) + "[/yellow]")
    return lines


def _whole_mat(t, colours: list[str]) -> str:
    """The command that draws a bot's whole mat, with the first bot's colour in the table's language."""
    names = [t(f"toc.colour.{c}") for c in colours]
    command = f"tabletop toc mat {names[0]}"
    if len(names) == 1:
        return t("toc.picture.compact.whole_mat_one", command=command)
    return t("toc.picture.compact.whole_mat", command=command, others=", ".join(names[1:]))


def show(env, data: dict, extra: dict) -> None:
    """The status as text: the title and the Emperor, the bots' mats, the humans, then the cards and the next step
    (or, on a finished game, the end-of-game summary)."""
    from automata.toc.game import step_label

    t, out = env.t, env.out
    width = max(40, out.width)
    emperor = data["emperor"]
    if emperor in data["bots"]:
        who = t("toc.colour." + emperor)
    elif emperor == "human" and data["emperor_player"]:
        who = t("toc.human", n=data["emperor_player"])
    else:
        who = t("toc.emperor.nobody" if emperor == "none" else "toc.emperor.a_human")
    if data["emperor_type"]:
        who = t("toc.status.emperor_typed", who=who, type=f"@toc.emperor.type.{data['emperor_type']}")
    title = status_title(t, "toc", data["name"],
                         t("toc.status.where_no_emperor", round=data["round"]) if emperor == "none"
                         else t("toc.status.where", round=data["round"], emperor=who))
    out.print("[bold]" + escape(title) + "[/bold]")
    if data["over"]:
        for line in summary(t, data, extra, width):
            out.print(line)
    if not data["bots"]:
        out.print(escape(t("toc.picture.no_bots_yet")))
    for row in bots_picture(t, data, extra, width, compact=True):  # the whole mats: 'tabletop toc mat COLOUR'
        out.print(row)
    if data["bots"]:
        for line in legend(t, data, extra, compact=True):
            out.print(line)
    out.print(escape(t("toc.picture.humans", n=extra["humans"])))
    out.print(escape(t("toc.status.cards", option="@toc.cards_option." + data["cards"])))
    if data["selective"]:
        piles = ", ".join(f"{t('toc.category.' + c)}: {t('toc.set.' + w)}" for c, w in data["selective"].items())
        out.print(escape(t("toc.status.selective", piles=piles)))
    if data["next"]:
        out.print(escape(t("toc.status.next", step=t.render(step_label(data["next"])))))


def show_bot(env, colour: str, data: dict, extra: dict) -> None:
    """``tabletop toc mat COLOUR``: that bot's mat with its pieces and every mode box's contents."""
    for row in bots_picture(env.t, data, extra, max(40, env.out.width), only=colour, detail=True):
        env.out.print(row)
    for line in legend(env.t, data, extra, only=colour):
        env.out.print(line)


# --- the end of the game -----------------------------------------------------------------------------------------


def _seat_name(t, seat: str) -> str:
    return t("toc.human", n=int(seat[len("human"):])) if seat.startswith("human") else \
        t("toc.picture.summary.bot", colour=f"@toc.colour.{seat}")


def _decided_lines(t, decided: dict) -> list:
    """The winners, the rule (the most Legacy) and how a tie was settled."""
    names = ", ".join(_seat_name(t, s) for s in decided["winners"])
    key = "toc.picture.summary.winner" if len(decided["winners"]) == 1 else "toc.picture.summary.shared"
    lines = ["[bold]" + escape(t(key, who=names, legacy=decided["best"])) + "[/bold]",
             escape(t("toc.picture.summary.rule_final"))]
    if decided["decided"] == "shared":
        lines.append("[yellow]" + escape(t("toc.picture.summary.tie_provisional", key="rules.legacy.tie_break")) + "[/yellow]")
    elif decided["decided"] == "table":
        lines.append(escape(t("toc.picture.summary.tie_table")))
    return lines


def _undecided_lines(t, bots: dict) -> list:
    """A save that ended before the humans' Legacy was asked: the leader among the bots and what would beat it."""
    if not bots:
        return []
    best = max(b["legacy"] for b in bots.values())
    leaders = [c for c, b in bots.items() if b["legacy"] == best]
    if len(leaders) == 1:
        c = leaders[0]
        first = t("toc.picture.summary.best_bot", colour=f"@toc.colour.{c}", mat=f"@toc.mat.{bots[c]['mat']}", legacy=best)
    else:
        first = t("toc.picture.summary.best_tied", bots=", ".join(t(f"toc.colour.{c}") for c in leaders), legacy=best)
    return ["[bold]" + escape(first) + "[/bold]", escape(t("toc.picture.summary.rule", legacy=best))]


def _final_table(t, data: dict, decided: dict | None, order: list):
    """Every player's final Legacy, most first: a bot with its AI mat, the Emperor, the winners marked ★; a human's
    Legacy as the table gave it at the end (``?`` in a save that ended before it was asked)."""
    from rich.table import Table

    bots = data["bots"]
    table = Table(box=None, padding=(0, 2, 0, 0), pad_edge=False, show_edge=False)
    table.add_column(t("toc.picture.summary.col.player"))
    table.add_column(t("toc.picture.summary.col.legacy"), justify="right")
    table.add_column(t("toc.picture.summary.col.notes"))
    for seat in order:
        notes = []
        name = _seat_name(t, seat) + (f" {WON}" if decided and seat in decided["winners"] else "")
        if seat in bots:
            b = bots[seat]
            notes.append(t(f"toc.mat.{b['mat']}"))
            if data["emperor"] == seat:
                notes.append(t("toc.picture.emperor_typed", type=f"@toc.emperor.type.{b['emperor_type']}")
                             if b["emperor_type"] else t("toc.picture.emperor"))
            table.add_row(_paint(name, _style(seat)), str(b["legacy"]), escape(", ".join(notes)))
            continue
        n = int(seat[len("human"):])
        if not decided:
            notes.append(t("toc.picture.summary.not_tracked"))
        if data["emperor"] == "human" and data["emperor_player"] == n:
            notes.append(t(f"toc.emperor.type.{data['emperor_type']}") if data["emperor_type"] else t("toc.picture.emperor"))
        legacy = str(decided["scores"].get(seat, "?")) if decided else "?"
        table.add_row(escape(name), legacy, escape(", ".join(notes)))
    return table


def summary(t, data: dict, extra: dict, width: int) -> list:
    """The end-of-game summary: the winners and the rule that decided (a save that ended before the program asked
    the humans' Legacy: who leads among the bots and the rule that decides), every player's final Legacy, and the
    bots' Legacy round by round."""
    from ..terminal.chart import series_rows

    lines: list = ["", "[bold]" + escape(t("toc.picture.summary.title", round=data["round"])) + "[/bold]"]
    bots = data["bots"]
    decided = extra.get("final")
    if decided:
        lines.extend(_decided_lines(t, decided))
        order = sorted(decided["scores"], key=lambda s: -decided["scores"][s])
    else:
        lines.extend(_undecided_lines(t, bots))
        order = sorted(bots, key=lambda c: -bots[c]["legacy"]) + [f"human{n}" for n in range(1, extra["humans"] + 1)]
    lines.append(_final_table(t, data, decided, order))
    order = [c for c in order if c in bots]
    history = [h for h in extra["history"] if isinstance(h, dict)]
    if history and bots:
        rounds = [h["round"] for h in history]
        series, styles = {}, {}
        for c in order:
            label = t(f"toc.colour.{c}")
            series[label] = [int(h["legacy"].get(c, 0)) for h in history]
            if _style(c):
                styles[label] = _style(c)
        lines.append("")
        lines.append(escape(t("toc.picture.summary.chart", first=rounds[0], last=rounds[-1])))
        lines.extend(series_rows(series, width, styles))
        label_w = min(max(len(x) for x in series), max(6, width // 4))
        value_w = max(len(str(v[-1])) for v in series.values())
        if len(rounds) > max(4, width - label_w - value_w - 4):  # cli/terminal/chart.py shows the last rounds that fit
            lines.append("[dim]" + escape(t("toc.picture.summary.chart_cut")) + "[/dim]")
    elif bots:
        lines.append("[dim]" + escape(t("toc.picture.summary.no_chart")) + "[/dim]")
    lines.append("")
    return lines
