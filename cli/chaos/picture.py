"""``tabletop chaos status`` as a picture of the components on the table (issue 14).

Pure drawing: ``draw_status(env, data, facts)`` draws the status data (cli/chaos/status.py, the same data as
``--json``) plus a few facts of the game data (``board_facts``: the dials' printed numbers and rewards, the
Ruination cards' header VP, the VP record of the state) that the JSON does not carry.

- one strip per Power: its Threat dial (every printed position, the marker on its position, what the next
  positions give, how far Victory is), VP as a bar toward 50, power points, cards and upgrades;
- one box per region, in board order: corruption as a bar toward 12 made of each Power's letter (Warpstone
  ◆), then tokens, figures and Chaos cards; a ruined region says so in words;
- the Old World deck and track, the Ruination cards left and the next one;
- once the game is over, ``draw_summary``: the winner and the rule that decided it, each Power's final VP by
  kind, and a chart of VP round by round (cli/terminal/chart.py).

Layouts by the console's width: 120 columns and more (Powers two by two, regions three by three as on the
map), 80 (Powers stacked, regions two by two) and narrower (everything stacked; 60 is a phone). Colour only
repeats what a word or a letter already says.
"""

from __future__ import annotations

from typing import Any

from ..terminal.render import status_title

#: each Power's colour on the table (its letter or name is always written too)
COLOURS = {"khorne": "red", "nurgle": "green", "tzeentch": "bright_blue", "slaanesh": "magenta"}
WARPSTONE = "◆"
EMPTY = "○"
FLAGGED = {"provisional": "chaos.picture.provisional", "U": "chaos.picture.unconfirmed"}


def board_facts(state: dict) -> dict[str, Any]:
    """What the picture needs beyond the status data: the dials as printed, Ruination header VP, VP record."""
    from automata.chaos.game import data_of

    data = data_of(state)
    powers = {}
    for p in state["powers"]:
        dial = data.power(p)["dial"]
        conf = dial.get("confidence")
        powers[p] = {
            "threats": list(dial["threats"]),
            "rewards": list(dial["rewards"]),
            "confidence": list(conf) if isinstance(conf, list) else [conf] * len(dial["threats"]),
            "vp_by": dict(state["p"][p].get("vp_by") or {}),
        }
    return {
        "powers": powers,
        "vp_threshold": data.rules["rules"]["victory"]["vp_threshold"],
        "to_ruin": data.setup["corruption_to_ruin"],
        "ruiner_vp": list(data.ruination["ruiner_vp"]),
        "vp_recorded": "vp_history" in state,
        "vp_history": [dict(r) for r in state.get("vp_history", [])],
    }


# ------------------------------------------------------------------------------------------- helpers


def _layout(width: int) -> str:
    return "wide" if width >= 120 else "mid" if width >= 80 else "narrow"


def _power_name(t, p: str) -> str:
    return t("chaos.power." + p)


def _letter(t, p: str) -> str:
    return _power_name(t, p)[:1].upper()


def _style(p: str) -> str:
    return COLOURS.get(p, "bold")


def _grid(label_width: int | None = None):
    """Two columns: a label and its content; the content wraps at word boundaries under itself."""
    from rich.table import Table

    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, min_width=label_width, style="dim")
    grid.add_column(overflow="fold")
    return grid


def _joined(parts: list, sep: str = " · "):
    """A rich Text of the parts (str or Text) separated by ``sep``."""
    from rich.text import Text

    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append(part) if isinstance(part, Text) else out.append(str(part))
    return out


def _bar(filled: int, total: int, cells: int, style: str):
    """A bar of ``cells`` cells, ``filled / total`` of it full (█), the rest empty (░)."""
    from rich.text import Text

    n = 0 if total <= 0 else max(0, min(cells, round(filled * cells / total)))
    if filled > 0 and n == 0:
        n = 1
    bar = Text()
    bar.append("█" * n, style=style)
    bar.append("░" * (cells - n), style="dim")
    return bar


def _reward(t, reward: str) -> str:
    kind, _, n = reward.partition(":")
    return t("chaos.reward." + kind, n=n or 0)


# --------------------------------------------------------------------------------------------- Powers


def _dial_strip(v: dict, f: dict, style: str):
    """Every printed Threat number, the one under the marker in brackets, then ★ for Victory."""
    from rich.text import Text

    strip = Text()
    pos = v["dial"]
    for i, threat in enumerate(f["threats"]):
        if i:
            strip.append(" ")
        if i == pos:
            strip.append(f"[{threat}]", style=f"bold reverse {style}")
        else:
            strip.append(str(threat), style="dim" if i < pos else "")
    strip.append(" ")
    strip.append("[★]" if pos >= v["dial_to_win"] else "★", style=f"bold {style}" if pos >= v["dial_to_win"] else "")
    return strip


def _next_positions(t, v: dict, f: dict, count: int):
    """What the next ``count`` positions of the dial give, Victory included; flagged values say so."""
    parts = []
    for pos in range(v["dial"] + 1, min(v["dial"] + count, v["dial_to_win"]) + 1):
        if pos >= v["dial_to_win"]:
            parts.append("★ " + t("chaos.reward.victory"))
            break
        text = f"{f['threats'][pos]}: {_reward(t, f['rewards'][pos])}"
        conf = f["confidence"][pos] if pos < len(f["confidence"]) else ""
        if conf in FLAGGED:
            text += " " + t(FLAGGED[conf])
        parts.append(text)
    return _joined(parts) if parts else None


def power_strip(t, p: str, v: dict, f: dict, width: int, threshold: int):
    """One Power's strip: name and Threat, dial, next rewards, VP bar, power and cards, upgrades."""
    from rich.panel import Panel
    from rich.text import Text

    style = _style(p)
    grid = _grid()
    grid.add_row(t("chaos.picture.dial"), _dial_strip(v, f, style))
    left = v["dial_to_win"] - v["dial"]
    win = t("chaos.picture.victory_reached") if left <= 0 else t("chaos.picture.to_victory", n=left)
    grid.add_row("", Text(win))
    upcoming = _next_positions(t, v, f, 3 if width >= 56 else 2)
    if upcoming is not None:
        grid.add_row(t("chaos.picture.next"), upcoming)
    cells = max(10, min(25, width - 30))
    vp = _bar(v["vp"], threshold, cells, style)
    vp.append(f" {v['vp']}/{threshold}")
    grid.add_row(t("chaos.picture.vp"), vp)
    grid.add_row(t("chaos.picture.power_points"), Text(str(v["pp"])))
    grid.add_row(t("chaos.picture.cards"), _joined([
        t("chaos.picture.hand", n=v["hand"]), *_piles(t, v)]))
    grid.add_row(t("chaos.picture.counters"), _joined([
        t("chaos.picture.dac", n=v["dac"]), t("chaos.picture.peasants", n=v["peasants"])]))
    if v["upgrades"]:
        grid.add_row(t("chaos.picture.upgrades"), _joined([t(f"chaos.upgrade.{p}.{u}") for u in v["upgrades"]]))
    title = Text.assemble((f" {_letter(t, p)} ", f"bold reverse {style}"), " ", (_power_name(t, p), f"bold {style}"),
                          "  ", t("chaos.picture.threat", n=v["threat"]), " ")
    return Panel(grid, title=title, title_align="left", border_style=style, width=width, padding=(0, 1))


# -------------------------------------------------------------------------------------------- regions


def _corruption_bar(t, r: dict, to_ruin: int):
    """A bar toward ``to_ruin``: one cell per corruption token, the owner's letter in its colour; Warpstone ◆."""
    from rich.text import Text

    bar = Text()
    n = 0
    for p, count in r["corruption"].items():
        bar.append(_letter(t, p) * count, style=f"bold {_style(p)}")
        n += count
    warp = r["tokens"].get("warpstone", 0)
    bar.append(WARPSTONE * warp, style="yellow")
    n += warp
    if n < to_ruin:
        bar.append(EMPTY * (to_ruin - n), style="dim")
    bar.append(f" {r['corruption_total']}/{to_ruin}")
    return bar


def region_box(t, rid: str, r: dict, width: int | None, to_ruin: int, order: list[str] | None = None):
    """One region: resistance and conquest, ruin, corruption bar toward ``to_ruin``, tokens, figures, cards;
    Powers in ``order`` (Power order)."""
    from rich.panel import Panel
    from rich.text import Text

    if order:
        rank = {p: i for i, p in enumerate(order)}
        by_power = lambda d: dict(sorted(d.items(), key=lambda kv: rank.get(kv[0], len(rank))))  # noqa: E731
        r = dict(r, corruption=by_power(r["corruption"]), figures=by_power(r["figures"]))

    from rich.console import Group

    head = [_joined([t("chaos.picture.resistance", n=r["resistance"]), t("chaos.picture.conquest", n=r["conquest"])])]
    if r["ruined"]:
        key = "chaos.picture.ruined_now" if r["ruin_face_up"] else "chaos.picture.ruined"
        head.append(Text(t(key, card=r["ruin_card"]), style="bold"))
    grid = _grid()
    if not (r["ruined"] and not r["corruption_total"]):
        grid.add_row(t("chaos.picture.corruption"), _corruption_bar(t, r, to_ruin))
    who = [Text.assemble((_power_name(t, p), _style(p)), f" {n}") for p, n in r["corruption"].items()]
    if r["tokens"].get("warpstone"):
        who.append(Text(f"{t('chaos.token.warpstone')} {WARPSTONE}{r['tokens']['warpstone']}"))
    if who:
        grid.add_row("", _joined(who))
    tokens = [f"{t('chaos.token.' + k)} ×{n}" for k, n in r["tokens"].items() if k != "warpstone"]
    if tokens:
        grid.add_row(t("chaos.picture.tokens"), _joined(tokens))
    for p, figs in r["figures"].items():
        label = Text.assemble((_power_name(t, p), f"bold {_style(p)}"), ": ")
        label.append_text(_joined([f"{t('chaos.figure.' + k)} ×{n}" for k, n in figs.items()], ", "))
        grid.add_row(t("chaos.picture.figures") if p == next(iter(r["figures"])) else "", label)
    for i, c in enumerate(r["cards"]):
        card = Text.assemble((_power_name(t, c["power"]), f"bold {_style(c['power'])}"), ": ",
                             t(f"chaos.card.{c['power']}.{c['card']}"), " ", t("chaos.picture.cost", n=c["cost"]))
        grid.add_row(t("chaos.picture.chaos_cards") if i == 0 else "", card)
    title = Text(t("chaos.region." + rid), style="bold" if not r["ruined"] else "bold dim")
    return Panel(Group(*head, grid), title=title, title_align="left", width=width, padding=(0, 1),
                 border_style="dim" if r["ruined"] else "")


# ------------------------------------------------------------------------------------- the Old World


def old_world_box(t, data: dict, facts: dict, width: int):
    from rich.panel import Panel
    from rich.text import Text

    ow = data["old_world"]
    grid = _grid()
    deck = Text("▮" * ow["deck"] + " " if ow["deck"] else "", style="bold")
    deck.append(t("chaos.picture.cards_left", n=ow["deck"]))
    grid.add_row(t("chaos.picture.ow_deck"), deck)
    for i, key in enumerate(("space1", "space2"), 1):
        card = ow[key]
        grid.add_row(t("chaos.picture.space", n=i), t("chaos.oldworld." + card) if card else "—")
    cards = len(facts["ruiner_vp"])
    nxt = data["ruination_next"]
    stack = Text()
    for n in range(1, cards + 1):
        if n > 1:
            stack.append(" ")
        stack.append(f"[{n}]" if n == nxt else str(n), style="bold reverse" if n == nxt else ("dim strike" if n < nxt else ""))
    grid.add_row(t("chaos.picture.ruination"), stack)
    if nxt <= cards:
        grid.add_row("", t("chaos.picture.ruination_next", card=nxt, vp=facts["ruiner_vp"][nxt - 1]))
    else:
        grid.add_row("", t("chaos.picture.ruination_none"))
    return Panel(grid, title=Text(t("chaos.picture.old_world"), style="bold"), title_align="left", width=width, padding=(0, 1))


# ------------------------------------------------------------------------------------------- drawing


def _rows(items: list, per_row: int, width: int):
    """The renderables ``per_row`` to a row, each ``width`` wide, as one grid."""
    from rich.table import Table

    grid = Table.grid(padding=(0, 1 if per_row > 1 else 0))
    for _ in range(per_row):
        grid.add_column(width=width)
    for i in range(0, len(items), per_row):
        row = items[i:i + per_row]
        grid.add_row(*row, *([""] * (per_row - len(row))))
    return grid


def _title(t, data: dict) -> str:
    """The round the table is playing now: the round of the next step (after a round's End phase, the next round's
    Old World phase, as the "Next:" footer says), the last round once the game is over, no round during setup."""
    nxt = data["next"] if not data["over"] else None
    if nxt and nxt.get("proc") == "setup":
        return status_title(t, "chaos", data["name"], t("chaos.status.where_setup"))
    return status_title(t, "chaos", data["name"],
                        t("chaos.status.where", round=(nxt or {}).get("round", data["round"])))


def draw_status(env, data: dict, facts: dict) -> None:
    """The whole picture: the summary first on a finished game, then Powers, regions and the Old World."""
    from rich.text import Text

    t, out = env.t, env.out
    width = max(40, out.width)
    layout = _layout(width)
    out.print(Text(_title(t, data), style="bold"))
    if data["over"]:
        draw_summary(env, data, facts)
    powers = data["powers"]
    per_row = 2 if layout == "wide" else 1
    box = (width - (per_row - 1)) // per_row
    strips = [power_strip(t, p, v, facts["powers"][p], box, facts["vp_threshold"]) for p, v in powers.items()]
    out.print(_rows(strips, per_row, box))
    legend = [Text.assemble((_letter(t, p), f"bold {_style(p)}"), " ", _power_name(t, p)) for p in powers]
    legend += [Text(f"{WARPSTONE} {t('chaos.token.warpstone')}"), Text(f"{EMPTY} {t('chaos.picture.empty')}")]
    out.print(Text(t("chaos.picture.legend"), style="dim") + Text(" ") + _joined(legend))
    per_row = {"wide": 3, "mid": 2, "narrow": 1}[layout]
    box = (width - (per_row - 1)) // per_row
    regions = [region_box(t, rid, r, box, facts["to_ruin"], list(powers)) for rid, r in data["regions"].items()]
    out.print(_rows(regions, per_row, box))
    out.print(old_world_box(t, data, facts, min(width, 80)))
    if not data["over"] and data["next"]:
        from automata.chaos.game import step_label

        out.print(Text(t("chaos.status.next", step=t.render(step_label(data["next"]))), style="bold"))


# ----------------------------------------------------------------------------------- end of the game


def draw_summary(env, data: dict, facts: dict) -> None:
    """The winner and the rule that decided it, each Power's final VP by kind, and VP round by round."""
    from rich.rule import Rule
    from rich.text import Text

    from automata.chaos.board import VP_KINDS

    from ..terminal.chart import series_rows

    t, out = env.t, env.out
    width = max(40, out.width)
    out.print(Rule(Text(t("chaos.picture.game_over"), style="bold")))
    res = data["result"]
    if res.get("winners"):
        names = Text()
        for i, p in enumerate(res["winners"]):
            if i:
                names.append(", ")
            names.append(_power_name(t, p), style=f"bold {_style(p)}")
        out.print(Text(t("chaos.picture.winner" if len(res["winners"]) == 1 else "chaos.picture.winners"), style="bold") + Text(" ") + names
                  + Text(" ★"))
        out.print(Text(t("chaos.picture.decided_by", rule=t("chaos.win." + res["rule"]))))
    else:
        out.print(Text(t("chaos.end.old_world_wins"), style="bold"))
    out.print(Text(t("chaos.picture.final_vp"), style="bold"))
    order = sorted(data["powers"], key=lambda p: -data["powers"][p]["vp"])
    if facts["vp_recorded"]:
        kinds = list(VP_KINDS) + ["other"]
        by = {}
        for p in order:
            rec = dict(facts["powers"][p]["vp_by"])
            rec["other"] = data["powers"][p]["vp"] - sum(rec.get(k, 0) for k in VP_KINDS)
            by[p] = rec
        shown = [k for k in kinds if k != "other" or any(by[p]["other"] for p in order)]
        if width >= 80:
            from rich.table import Table

            table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 2))
            table.add_column(t("chaos.picture.col.power"))
            for k in shown:
                table.add_column(t("chaos.picture.kind." + k), justify="right")
            table.add_column(t("chaos.picture.col.total"), justify="right", style="bold")
            for p in order:
                name = _power_name(t, p) + (" ★" if p in res.get("winners", []) else "")
                table.add_row(Text(name, style=f"bold {_style(p)}"), *[str(by[p].get(k, 0)) for k in shown],
                              str(data["powers"][p]["vp"]))
            out.print(table)
        else:  # narrow: one row per Power, the kinds it scored in wrapping beside its total
            grid = _grid()
            for p in order:
                parts = [f"{t('chaos.picture.kind.' + k)} {by[p][k]}" for k in shown if by[p].get(k)]
                star = " ★" if p in res.get("winners", []) else ""
                head = Text.assemble((_power_name(t, p) + star, f"bold {_style(p)}"), f" {data['powers'][p]['vp']}")
                grid.add_row(head, _joined(parts) if parts else "—")
            out.print(grid)
        if "other" in shown:
            out.print(Text(t("chaos.picture.kind_other_note"), style="dim"))
    else:
        for p in order:
            out.print(Text.assemble((_power_name(t, p), f"bold {_style(p)}"), f" {data['powers'][p]['vp']}"))
        out.print(Text(t("chaos.picture.no_record"), style="dim"))
    history = facts["vp_history"]
    if history:
        out.print(Text(t("chaos.picture.chart", first=1, last=len(history)), style="bold"))
        series = {_power_name(t, p): [row.get(p, 0) for row in history] for p in data["powers"]}
        styles = {_power_name(t, p): _style(p) for p in data["powers"]}
        for row in series_rows(series, width, styles):
            out.print(row)
    out.print(Rule())


def _piles(t, v) -> list:
    """The deck and the discard pile; a range while Tzeentch's discards before drawing are not yet counted."""
    k = v.get("deck_unsure", 0)
    if not k:
        return [t("chaos.picture.deck", n=v["deck"]), t("chaos.picture.discard", n=v["discard"])]
    return [t("chaos.picture.deck_range", low=max(0, v["deck"] - k), high=v["deck"]),
            t("chaos.picture.discard_range", low=v["discard"], high=v["discard"] + min(k, v["deck"]))]
