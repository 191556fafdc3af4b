"""``tabletop anachrony score``: the end-game tally of Anachrony (+ Future Imperfect), with no save.

The table reports its numbers (flags, ``--answer ID=VALUE``, an ``--answers`` file, else the terminal
asks); automata/anachrony/scoring.py turns them into score lines, totals and the ranking with the
tiebreaks of rules §2.12. Every line names the rule behind it (``--explain`` adds how sure its value is; ``--json`` keeps the
rules-file section for developers). Owner values: ``[scoring]`` of ``$TABLETOP_HOME/overrides/anachrony.toml``.

Heavy imports happen inside the command so that ``tabletop --help`` stays fast.
"""

from __future__ import annotations

from typing import List, Optional

import typer

from ..commands.env import CliError, Exit, current

Q = "anachrony.score"


def register(app: typer.Typer) -> None:
    """Add ``score`` to the ``tabletop anachrony`` sub-app (a second call changes nothing)."""
    if "score" not in {c.name for c in app.registered_commands}:
        app.command("score")(score_command)


def _usage(env, error: str, data: dict | None = None, **params) -> CliError:
    text = env.t(f"{Q}.error.{error}", **params)
    return CliError(text, Exit.USAGE, {"error": error, "message": text, **(data or {})})


def _data(env):
    from automata.anachrony.score_data import DataError, load
    from state import paths

    from ..commands.saves import read_overrides

    try:
        return load(read_overrides(env, "anachrony") or None)
    except DataError as e:
        raise CliError(env.t("core.error.override", path=str(paths.overrides_file("anachrony")), problem=e.msg.to_data()), Exit.FAILURE) from None


def _items(raw: Optional[List[str]]) -> list[str]:
    return [part.strip() for value in raw or [] for part in value.split(",") if part.strip()]


def _modules(env, data, raw: Optional[List[str]]) -> tuple[str, ...]:
    from automata.anachrony.scoring import MODULES, find_module
    from automata.core.gamedata import UnknownName

    out: list[str] = []
    for item in _items(raw):
        if item.lower() in ("none", "nenhum"):
            continue
        try:
            m = find_module(data, item)
        except UnknownName as e:
            raise _usage(env, "unknown_module", {"value": item, "valid": list(MODULES), "close": e.close},
                         value=item, valid=", ".join(MODULES), close=", ".join(e.close)) from None
        if m not in out:
            out.append(m)
    return tuple(m for m in MODULES if m in out)


def _choice(env, option: str, value: Optional[str], valid: tuple[str, ...]) -> Optional[str]:
    if value is None:
        return None
    for v in valid:
        if value.strip().lower() == v.lower():
            return v
    from automata.core.closest import close_matches

    close = close_matches(value, valid, n=2)
    raise _usage(env, "bad_option", {"option": option, "value": value, "valid": list(valid)},
                 option=option, value=value, valid=", ".join(valid), close=", ".join(close))


def score_command(
    players: Optional[int] = typer.Option(None, "--players", metavar="N", help="Players at the table, 1 to 4 (1: a solo game against the Chronobot or the Chronossus)."),
    names: Optional[str] = typer.Option(None, "--names", metavar="A,B,…", help="The players' names, in seat order (optional)."),
    modules: Optional[List[str]] = typer.Option(None, "--modules", metavar="M,…", help="Future Imperfect modules in play: neutronide, hypersync, quantum-loops, intrigues (or none)."),
    side: Optional[str] = typer.Option(None, "--side", metavar="A|B", help="The Player board side everyone plays (A symmetric, B asymmetric)."),
    opponent: Optional[str] = typer.Option(None, "--opponent", metavar="BOT", help="Solo: chronobot or chronossus."),
) -> None:
    """Total the end-game VP of every player by category, with the tiebreaks; each line names its rule."""
    from automata.anachrony import scoring

    env = current()
    data = _data(env)
    name_list = _items([names] if names else None)
    if players is not None and not 1 <= players <= 4:  # 0 too: it is not 'not given'
        raise _usage(env, "players", {"value": players}, value=players)
    if players is None:
        players = len(name_list) if name_list else 0
    elif name_list and len(name_list) != players:
        raise _usage(env, "names_count", {"players": players, "names": name_list}, players=players, count=len(name_list))
    if players and not 1 <= players <= 4:  # the count of --names
        raise _usage(env, "players", {"value": players}, value=players)
    table = scoring.Table(players, _modules(env, data, modules), _choice(env, "--side", side, scoring.SIDES),
                          _choice(env, "--opponent", opponent, scoring.OPPONENTS))
    if players:
        try:
            scoring.check_table(table)
        except scoring.TableError as e:
            raise _table_error(env, e) from None
    result, reports, agenda, table, answers = _run(env, table, data, name_list)
    shown = {s.id: _plain_name(env, scoring.display_name(s.id, name_list, table)) for s in result["scores"]}
    if env.json:
        env.emit_json(_json(env, data, table, result, agenda, shown, answers))
        return
    _print(env, data, table, result, agenda, shown)


def _table_error(env, e) -> CliError:
    text = env.t.render(e.msg)
    return CliError(text, Exit.USAGE, {"error": e.msg.id.rsplit(".", 1)[-1], "message": text})


def _plain_name(env, value) -> str:
    return env.t(value[1:]) if isinstance(value, str) and value.startswith("@") else str(value)


def _run(env, table, data, names):
    """Ask what the answers do not give; stop with exit 2 (naming the question) without a terminal."""
    from automata.anachrony import scoring
    from automata.core.runner import BadAnswer, ChainedSource, run
    from automata.core.steps import NUMBER, Ask, msg

    from ..inplay.answers import scripted_answers
    from ..terminal.render import bad_answer_error, pending_help, show_event

    interactive = env.interactive() and not env.json
    source = scripted_answers(env)
    if interactive:
        from ..terminal.prompter import TerminalPrompter

        source = ChainedSource(source, TerminalPrompter(env.t))

    def steps():
        t = table
        if not t.players:
            n = yield Ask(f"{Q}.players", msg(f"{Q}.ask.players"), NUMBER, min=1, max=4)
            t = scoring.Table(n, t.modules, t.side, t.opponent)
            if not t.solo:
                scoring.check_table(t)
        return (yield from scoring.procedure(t, data, names))

    def on_event(event) -> None:
        if interactive and event.kind == "say":
            show_event(env.out, env.t, event, interactive)

    try:
        got = run(steps(), source, on_event=on_event)
    except BadAnswer as bad:
        raise bad_answer_error(env, bad) from None
    except scoring.TableError as e:
        raise _table_error(env, e) from None
    except scoring.ReportError as e:
        text = env.t.render(e.msg)
        raise CliError(text, Exit.USAGE, {"error": "bad_report", "id": f"{Q}.{e.who}.{e.key}", "message": text}) from None
    given = {r.id: r.value for r in got.records}
    asked = [e.id for e in got.transcript if e.kind == "ask"] + ([got.pending.id] if got.pending is not None else [])
    _warn_unused(env, given, asked)
    if got.pending is not None:
        help_ = pending_help(env.t, got.pending)
        text = env.t("core.pending.stopped", id=help_["id"], question=help_["question"], valid=help_["valid"])
        how = env.t(f"{Q}.how", id=help_["id"])
        raise CliError(f"{text}\n{how}", Exit.USAGE, {"error": "unanswered", "id": help_["id"], "pending": {**help_, "how": how},
                                                     "answered": given})
    result, reports, agenda, table = got.result
    return result, reports, agenda, table, given


def _known(key: str) -> bool:
    """An id this command can ask (for some player count or module), so not a typing error."""
    import re

    from automata.anachrony.scoring import BOT_KEYS, PLAYER_KEYS

    keys = "|".join(re.escape(k) for k in (*PLAYER_KEYS, *BOT_KEYS, "energy_core_option"))
    return re.fullmatch(rf"{re.escape(Q)}\.((p[1-4]|bot)\.({keys})(\.[a-z_]+)?|agenda\.(rows|row[0-9]+\.(value|meet))"
                        rf"|players|side|opponent)", key) is not None


def _warn_unused(env, given: dict, asked: list[str]) -> None:
    """Answers for this command's questions that no question could take: most likely a typing error."""
    from automata.core.closest import close_matches

    unused = [k for k in env.answers if k.startswith(Q + ".") and k not in given and not _known(k)]
    for key in unused:
        close = close_matches(key, asked, n=1)
        env.err.print("[yellow]" + env.t(f"{Q}.unused", id=key, close=", ".join(close)) + "[/yellow]")


# --- output -------------------------------------------------------------------------------------------------


def _line_json(env, line) -> dict:
    return {"category": line.category, "label": env.t(f"{Q}.cat.{line.category}"), "vp": line.vp,
            "why": env.t.render(line.why), "rule": line.rule, "confidence": line.confidence,
            "provisional": line.provisional, "inputs": dict(line.inputs)}


def _tiebreak_info(data, table, result, reports_values) -> dict:
    key = result["tiebreak"]
    if key == "solo":
        return {"rule": "solo", "order": [], "tie_is_loss": data.value("solo", "tie_is_loss"),
                "provisional": data.provisional("solo"), "source": data.rule("solo")}
    return {"rule": key, "order": list(data.value(key, "order")), "values": reports_values,
            "provisional": data.provisional(key), "source": data.rule(key)}


def _tie_values(result, answers) -> dict:
    out: dict = {}
    for s in result["scores"]:
        for k in ("water", "resources"):
            v = answers.get(f"{Q}.{s.id}.{k}")
            if v is not None:
                out.setdefault(s.id, {})[k] = v
    return out


def _json(env, data, table, result, agenda, shown, answers) -> dict:
    from automata.anachrony.scoring import notes

    return {
        "ok": True,
        "players": table.players,
        "modules": list(table.modules),
        "side": table.side,
        "opponent": table.opponent,
        "scores": [{"id": s.id, "name": shown[s.id], "profile": s.profile, "total": s.total,
                    "lines": [_line_json(env, line) for line in s.lines]} for s in result["scores"]],
        "ranking": [{**p, "names": [shown[i] for i in p["players"]]} for p in result["ranking"]],
        "winners": list(result["winners"]),
        "tiebreak": _tiebreak_info(data, table, result, _tie_values(result, answers)),
        "agenda": [{"row": i + 1, "value": r["value"], "meet": list(r["meet"])} for i, r in enumerate(agenda)],
        "notes": [env.t.render(n) for n in notes(table)],
        "answers": answers,
    }


def _print(env, data, table, result, agenda, shown) -> None:
    from rich.markup import escape
    from rich.table import Table as Grid

    from automata.anachrony.scoring import notes

    t, out = env.t, env.out
    mods = ", ".join(t(f"{Q}.module.{m}") for m in table.modules) or t(f"{Q}.module.none")
    out.print("[bold]" + escape(t(f"{Q}.title", modules=mods, side=table.side or "A")) + "[/bold]")
    for s in result["scores"]:
        grid = Grid(title=escape(t(f"{Q}.player_total", player=shown[s.id], total=s.total)), title_justify="left")
        grid.add_column(t(f"{Q}.col.category"))
        grid.add_column(t(f"{Q}.col.vp"), justify="right")
        grid.add_column(t(f"{Q}.col.why"))
        if env.explain:
            grid.add_column(t(f"{Q}.col.rule"))
        for line in s.lines:
            why = t.render(line.why) + (" " + t(f"{Q}.provisional") if line.provisional else "")
            cells = [t(f"{Q}.cat.{line.category}"), f"{line.vp:+d}" if line.vp else "0", escape(why)]
            if env.explain:
                cells.append(escape(t(f"{Q}.rule", confidence=line.confidence)))  # line.rule: the rules file's section, in --json only
            grid.add_row(*cells, style="yellow" if line.provisional else None)
        grid.add_row("[bold]" + escape(t(f"{Q}.col.total")) + "[/bold]", f"[bold]{s.total}[/bold]", "")
        out.print(grid)
    out.print("[bold]" + escape(t(f"{Q}.ranking")) + "[/bold]")
    for place in result["ranking"]:
        names = ", ".join(shown[i] for i in place["players"])
        how = t(f"{Q}.decided.{place['decided_by']}")
        text = t(f"{Q}.place", place=place["place"], players=names, total=place["total"], how=how)
        if place.get("provisional"):
            text += " " + t(f"{Q}.tiebreak_provisional")
        out.print(escape(text))
    if result["tiebreak"] != "solo" and any(p["decided_by"] != "total" for p in result["ranking"]):
        out.print("[dim]" + escape(t(f"{Q}.tiebreak_rule")) + "[/dim]")
    if result["tiebreak"] == "solo":
        out.print("[dim]" + escape(t(f"{Q}.solo_rule")) + "[/dim]")
    out.print("[bold]" + escape(t(f"{Q}.winners", players=[shown[i] for i in result["winners"]])) + "[/bold]")
    for note in notes(table):
        out.print("[dim]" + escape("· " + t.render(note)) + "[/dim]")
