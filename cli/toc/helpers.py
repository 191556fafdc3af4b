"""``tabletop toc emperor-legacy|mat``: Time of Crisis helpers that need no save.

- ``emperor-legacy senate|populace|military``: the Legacy change of an Emperor in the Gain Legacy
  phase (seed 000, Ações e Como Jogar, Tipos de Imperador; automata/toc/emperor.py). The Military
  Emperor's cap on the Pretender subtraction is PROVISIONAL: the seed's text stops there (G13);
  setting ``rules.settings.pretender_cap`` in ``overrides/toc.toml``, or ``--cap``.
- ``mat NAME``: an AI mat as the table sees it; values no public source gives are marked "*".
- ``mat NAME --edit``: a guided transcription of the owner's printed mat (automata/toc/mat_edit.py),
  answered like ``tabletop play`` (``--answer`` / ``--answers`` first, then the answers kept from an
  interrupted run, then the terminal: cli/toc/transcribe.py); the values go to
  ``$TABLETOP_HOME/overrides/toc.toml``, written whole and atomically at the end.

Heavy imports happen inside the commands so that ``tabletop --help`` stays fast.
"""

from __future__ import annotations

from typing import Optional

import typer

from ..commands.env import CliError, Exit, current
from .overrides import owner_overrides, toc_data

COMMANDS = ("emperor-legacy", "mat")
TYPES = ("senate", "populace", "military")
CAP_SETTING = "pretender_cap"


def register(app: typer.Typer) -> None:
    """Add the helper commands to the ``tabletop toc`` sub-app (a second call changes nothing)."""
    present = {c.name for c in app.registered_commands}
    for name, func in (("emperor-legacy", emperor_legacy_command), ("mat", mat_command)):
        if name not in present:
            app.command(name)(func)


# --- shared pieces -------------------------------------------------------------------------


def _usage(env, error: str, data: dict | None = None, **params) -> CliError:
    """Bad input (exit 2): the text in the table's language; JSON gets ``error`` (a code), ``message`` and details."""
    text = env.t(f"toc.helpers.error.{error}", **params)
    return CliError(text, Exit.USAGE, {"error": error, "message": text, **(data or {})})


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# --- emperor-legacy ---------------------------------------------------------------------------


def _emperor_type(env, text: str) -> str:
    import unicodedata

    from automata.core.closest import close_matches

    norm = unicodedata.normalize("NFKD", text.strip().lower())
    norm = "".join(ch for ch in norm if not unicodedata.combining(ch)).replace("-", " ").replace("_", " ")
    words = [w for w in norm.split() if w not in ("emperor", "imperador", "do", "the")]
    key = " ".join(words)
    aliases = {"senate": "senate", "senado": "senate", "populace": "populace", "povo": "populace",
               "popular": "populace", "military": "military", "militar": "military"}
    if key in aliases:
        return aliases[key]
    close = list(dict.fromkeys(aliases[c] for c in close_matches(key, list(aliases))))
    raise _usage(
        env,
        "unknown_type",
        {"value": text, "valid": list(TYPES), "close": close},
        name=text,
        valid=", ".join(TYPES),
        close=", ".join(close),
    )


def emperor_legacy_command(
    kind: str = typer.Argument(..., metavar="TYPE", help="The Emperor type: senate, populace or military."),
    support: Optional[int] = typer.Option(None, "--support", metavar="N", help="Senate: Italia's support level; Populace: the support level of the province holding the Emperor token."),
    pretenders: Optional[int] = typer.Option(None, "--pretenders", metavar="N", help="The number of Pretender provinces."),
    legacy: Optional[int] = typer.Option(None, "--legacy", metavar="N", help="The Emperor's Legacy before this Gain Legacy phase (military: needed by the cap 'legacy_total')."),
    battle_legacy: Optional[int] = typer.Option(None, "--battle-legacy", metavar="N", help="Military: Legacy from the battles won this turn by the Emperor's army, before doubling."),
    triumph: Optional[int] = typer.Option(None, "--triumph", metavar="N", help="Military: the bonus for playing a Triumph event (not doubled)."),
    cap: Optional[str] = typer.Option(None, "--cap", metavar="CAP", help="Military: legacy_total or legacy_gained_this_turn (default: the setting pretender_cap)."),
) -> None:
    """The Legacy an Emperor gains in the Gain Legacy phase, with the formula used (optional Emperor rules)."""
    from automata.toc import emperor

    env = current()
    etype = _emperor_type(env, kind)
    given = {"--support": support, "--pretenders": pretenders, "--legacy": legacy,
             "--battle-legacy": battle_legacy, "--triumph": triumph}
    for option, value in given.items():
        if value is not None and value < 0:
            raise _usage(env, "negative", {"option": option, "value": value}, option=option, value=value)
    not_for = ("--battle-legacy", "--triumph", "--cap") if etype != "military" else ("--support",)
    for option in not_for:
        value = cap if option == "--cap" else given[option]
        if value is not None:
            raise _usage(env, "not_for_type", {"option": option, "type": etype}, option=option, type=f"@toc.emperor.type.{etype}")
    if pretenders is None:
        raise _usage(env, "missing", {"option": "--pretenders", "type": etype}, option="--pretenders", type=f"@toc.emperor.type.{etype}")
    out: dict = {"ok": True, "type": etype, "pretenders": pretenders}
    lines: list[tuple[str, str]] = []  # (style, text)
    if etype in ("senate", "populace"):
        if support is None:
            raise _usage(env, "missing", {"option": "--support", "type": etype}, option="--support", type=f"@toc.emperor.type.{etype}")
        if etype == "senate":
            change = emperor.senate_legacy(support, pretenders)
            formula = f"max(0, {support} - {pretenders})"
        else:
            change = emperor.populace_legacy(support, pretenders)
            formula = f"max(0, 2 × {support} - {pretenders})"
        out.update(support=support, formula=formula, legacy_change=change)
        lines.append(("", env.t(f"toc.helpers.legacy.{etype}", support=support, pretenders=pretenders, formula=formula, change=change)))
    else:
        data = toc_data(env)
        settings = data.settings
        setting_value = settings.get(CAP_SETTING, emperor.DEFAULT_PRETENDER_CAP)
        chosen = cap if cap is not None else setting_value
        if chosen not in emperor.PRETENDER_CAPS:
            raise _usage(env, "bad_cap", {"value": chosen, "valid": list(emperor.PRETENDER_CAPS)},
                         value=chosen, valid=", ".join(emperor.PRETENDER_CAPS))
        if chosen == "legacy_total" and legacy is None:
            raise _usage(env, "legacy_needed", {"option": "--legacy", "cap": chosen}, cap=chosen)
        r = emperor.military_legacy_change(legacy or 0, battle_legacy or 0, pretenders, triumph or 0, chosen)
        formula = f"2 × {battle_legacy or 0} + {r['triumph']} - min({pretenders}, {r['cap_limit']})"
        source = "option" if cap is not None else "setting"
        cap_confidence = "owner" if cap is not None else settings.get(f"{CAP_SETTING}_confidence", settings.get("confidence"))
        out.update(
            battle_legacy=battle_legacy or 0,
            triumph=r["triumph"],
            gain=r["gain"],
            subtracted=r["subtracted"],
            legacy_change=r["legacy_change"],
            formula=formula,
            cap=chosen,
            cap_limit=r["cap_limit"],
            cap_source=source,
            setting=f"rules.settings.{CAP_SETTING}",
            provisional=True,
            cap_confidence=cap_confidence,
        )
        t = env.t
        lines.append(("", t("toc.helpers.legacy.military_battles", battle=battle_legacy or 0, doubled=r["battle_gain"])))
        lines.append(("", t("toc.helpers.legacy.military_triumph", triumph=r["triumph"])))
        lines.append(("", t("toc.helpers.legacy.military_gain", gain=r["gain"])))
        lines.append(("", t(f"toc.helpers.legacy.military_cap.{chosen}", pretenders=pretenders, limit=r["cap_limit"], subtracted=r["subtracted"])))
        lines.append(("yellow", t("toc.helpers.legacy.provisional_cap", cap=chosen, setting=f"rules.settings.{CAP_SETTING}",
                                  source=f"@toc.helpers.legacy.cap_source.{source}")))
        lines.append(("", t("toc.helpers.legacy.military_formula", formula=formula, change=_signed(r["legacy_change"]))))
    change = out["legacy_change"]
    if legacy is not None:
        out["legacy_before"] = legacy
        out["legacy_after"] = legacy + change
    if env.json:
        env.emit_json(out)
        return
    from rich.markup import escape

    for style, text in lines:
        env.out.print(f"[{style}]{escape(text)}[/{style}]" if style else escape(text))
    env.out.print("[bold]" + escape(env.t("toc.helpers.legacy.change", change=_signed(change))) + "[/bold]")
    if legacy is not None:
        env.out.print(env.t("toc.helpers.legacy.total", before=legacy, after=legacy + change))
    env.out.print("[dim]" + escape(env.t("toc.helpers.legacy.note")) + "[/dim]")


# --- mat ----------------------------------------------------------------------------------------


def _mat_id(env, data, text: str) -> str:
    from automata.toc.data import UnknownName, find_mat

    try:
        return find_mat(data, text)
    except UnknownName as e:
        names = [env.t(f"toc.mat.{m}") for m in data.mat_ids]
        close = [c for c in e.close if c in data.mat_ids]
        raise _usage(
            env,
            "unknown_mat",
            {"value": text, "valid": list(data.mat_ids), "close": close},
            name=text,
            valid=", ".join(f"{n} ({m})" for n, m in zip(names, data.mat_ids)),
            close=", ".join(env.t(f"toc.mat.{c}") for c in close),
        ) from None




def _plain(mat: dict) -> dict:
    """The mat as plain data for JSON (a copy: the loader's dicts are shared)."""
    import copy

    return copy.deepcopy(mat)


def mat_command(
    name: str = typer.Argument(..., metavar="NAME", help="The AI mat: maximinus, gordian or pupienus (ids and names, any case), or a bot's colour in the current game: red, blue, yellow, green."),
    edit: bool = typer.Option(False, "--edit", help="Transcribe your printed mat, circle by circle; saved for every new game."),
    restart: bool = typer.Option(False, "--restart", help="With --edit: forget the answers kept from an interrupted transcription."),
) -> None:
    """Show an AI mat as printed: the three influence areas top to bottom, each track's circles, and the mode boxes; a bot's colour shows that bot's mat in the current game, with its pieces."""
    env = current()
    overrides = owner_overrides(env)
    data = toc_data(env, overrides)
    bot = None if edit else _current_bot(env, data, name)
    if bot is not None:  # a bot colour of the current game: that bot's mat with its pieces (issue 12)
        _show_bot(env, *bot)
        return
    mid = _mat_id(env, data, name)
    mat = data.mat(mid)
    if edit:
        _edit(env, mid, mat, restart)
        return
    from automata.toc.mat_edit import provisional_keys  # here, not at the top: 'tabletop --help' lists this module

    marked = set(provisional_keys(mat))
    if env.json:
        env.emit_json({"ok": True, "mat": _plain(mat), "provisional": sorted(marked)})
        return
    _draw(env, data, mid, mat, marked)


def _current_bot(env, data, name: str):
    """(colour, the game's data, the bot's state, the session) when ``name`` is a colour of a bot of the current Time of Crisis game
    that is set up; else None (and ``name`` is read as a mat)."""
    from automata.toc.data import UnknownName, find_colour

    try:
        colour = find_colour(data, name)
    except UnknownName:
        return None
    from ..commands import saves

    mats = ", ".join(f"{env.t(f'toc.mat.{m}')} ({m})" for m in data.mat_ids)
    try:
        session = saves.open_game_session(env, "toc", "toc.error.not_toc")
    except CliError:  # a colour, but no Time of Crisis game to find its bot in: said, not read as a mat's name
        raise _usage(env, "mat_colour_no_game", {"value": name, "valid": list(data.mat_ids)}, name=name, mats=mats) from None
    state = session.save.state
    if colour not in state.get("bots", {}):
        bots = ", ".join(env.t(f"toc.colour.{c}") for c in state.get("bots", {})) or env.t("toc.helpers.error.no_bots")
        raise _usage(env, "mat_colour_no_bot", {"value": name, "bots": list(state.get("bots", {})),
                                                 "valid": list(data.mat_ids)},
                     colour=f"@toc.colour.{colour}", game=session.save.name, bots=bots, mats=mats)
    from automata.toc.game import data_of

    return colour, data_of(state), state["bots"][colour], session


def _show_bot(env, colour: str, data, bot: dict, session) -> None:
    """The bot's mat drawn as printed, with its pieces: pawns, cylinders, mode marker, Ludi marker (cli/toc/picture.py)."""
    mid = bot["mat"]
    mat = data.mat(mid)
    from automata.toc.mat_edit import provisional_keys  # here, not at the top: 'tabletop --help' lists this module

    marked = set(provisional_keys(mat))
    if env.json:
        env.emit_json({"ok": True, "colour": colour, "mat": _plain(mat), "provisional": sorted(marked),
                       "bot": {k: bot[k] for k in ("mode", "marker", "ludi", "legacy", "pawn", "cylinder", "points")}})
        return
    from . import picture
    from .main import status_data

    picture.show_bot(env, colour, status_data(session), picture.inputs(session.save.state))


def _draw(env, data, mid: str, mat: dict, marked: set[str], pawns: dict | None = None) -> None:
    from rich.markup import escape
    from rich.table import Table

    t = env.t
    out = env.out

    def star(key: str) -> str:
        return "*" if key in marked else ""

    out.print("[bold]" + escape(t("toc.helpers.mat.title", mat=f"@toc.mat.{mid}", area=f"@toc.area.{mat['preferred']}",
                                   colour=f"@toc.colour.{mat['colour']}")) + "[/bold]")
    order = list(mat["area_order"])
    for row, area in enumerate(order):
        circles = mat["track"][area]
        position = t(f"toc.helpers.mat.row.{('top', 'middle', 'bottom')[row] if row < 3 else 'bottom'}")
        title = t("toc.helpers.mat.area", n=row + 1, area=f"@toc.area.{area}", position=position)
        if row > 0 and "area_order" in marked:
            title += "*"
        try:
            style = data.colour_of(area)
        except Exception:  # a colour rich does not know: no colour, same text
            style = ""
        grid = Table(title=f"[bold {style}]{escape(title)}[/bold {style}]" if style else escape(title), title_justify="left")
        grid.add_column(t("toc.helpers.mat.col_label"), justify="left")
        for n in range(len(circles)):
            here = pawns is not None and pawns.get(area) == n
            grid.add_column(f"[reverse]{n} ●[/reverse]" if here else str(n), justify="right")
        cost_row, primary_row, secondary_row = [], [], []
        for n, c in enumerate(circles):
            base = f"track.{area}.{n}"
            cost_row.append(f"{c['cost']}{star(base + '.cost')}")
            for row_cells, box in ((primary_row, "primary"), (secondary_row, "secondary")):
                event = c.get(f"{box}_event")
                text = f"{c[box]}{star(f'{base}.{box}')}"
                if event:
                    text = f"({event}){star(f'{base}.{box}_event')} {text}"
                row_cells.append(text)
        grid.add_row(t("toc.helpers.mat.cost"), *cost_row)
        grid.add_row(t("toc.helpers.mat.primary"), *primary_row)
        grid.add_row(t("toc.helpers.mat.secondary"), *secondary_row)
        out.print(_narrowed(out, grid, [[t("toc.helpers.mat.col_label"), t("toc.helpers.mat.cost"), t("toc.helpers.mat.primary"),
                                          t("toc.helpers.mat.secondary")]] + [list(c) for c in zip(cost_row, primary_row, secondary_row)]))
    modes = Table(title=escape(t("toc.helpers.mat.modes")), title_justify="left")
    modes.add_column(t("toc.helpers.mat.col_mode"), justify="right")
    modes.add_column(t("toc.helpers.mat.primary"))
    modes.add_column(t("toc.helpers.mat.secondary"))
    from automata.toc.mat_edit import value_term

    for k in sorted(mat["mode"]):
        box = mat["mode"][k]
        cells = [_term_text(t, value_term(box[role])) + star(f"mode.{k}.{role}") for role in ("primary", "secondary")]
        modes.add_row(k, *cells)
    out.print(modes)
    out.print("[dim]" + escape(t("toc.helpers.mat.events")) + "[/dim]")
    if pawns is not None:
        out.print(escape(t("toc.helpers.mat.pawn_legend")))
    if marked:
        out.print("[yellow]" + escape(t("toc.helpers.mat.legend", command=f"tabletop toc mat {mid} --edit", n=len(marked))) + "[/yellow]")
    else:
        out.print(escape(t("toc.helpers.mat.all_owner")))


def _narrowed(out, grid, cells: list[list[str]]):
    """``grid`` as it is where it fits the terminal; else each column as narrow as its longest word, so that the
    words stay whole (at 60 columns a mat's row labels read "Prima… (caixa super…"). ``cells``: each column's texts."""
    from rich.measure import Measurement

    if Measurement.get(out, out.options.update(max_width=10_000), grid).maximum <= out.width:
        return grid
    for column, texts in zip(grid.columns, cells):
        longest = max(len(word) for text in texts for word in str(text).split())
        column.min_width = longest
        column.max_width = max(longest, len(str(column.header)) if "[" not in str(column.header) else 3)
    return grid


def _term_text(t, value) -> str:
    if isinstance(value, str) and value.startswith("@"):
        return t(value[1:])
    return str(value)


# --- mat --edit --------------------------------------------------------------------------------


def _edit(env, mid: str, mat: dict, restart: bool = False) -> None:
    import copy

    from automata.toc.mat_edit import edit_mat

    from .transcribe import save_and_finish, transcribe

    command = f"tabletop toc mat {mid} --edit"
    done = transcribe(env, f"mat-{mid}", edit_mat(copy.deepcopy(mat)), command, restart,
                      intro=lambda: env.out.print(env.t("toc.helpers.edit.intro", mat=f"@toc.mat.{mid}")))
    values = done.result
    path = save_and_finish(env, f"mat-{mid}", command, values)
    if env.json:
        env.emit_json({"ok": True, "mat": mid, "saved": str(path), "answers": done.answers, "resumed": done.resumed,
                       "values": values["mats"][mid]})
        return
    env.out.print("[bold green]" + env.t("toc.helpers.edit.saved", mat=f"@toc.mat.{mid}", n=done.answers, path=str(path)) + "[/bold green]")
    env.out.print(env.t("toc.helpers.edit.every_game"))
