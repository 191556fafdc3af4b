"""``tabletop toc priority [--edit]`` and ``tabletop toc guidelines [--edit]``: the AI instruction sheet.

- ``priority``: the AI Action Priority List the bots use (seed 000, AI Take Actions Phase step 2), each
  entry marked as yours (transcribed) or PROVISIONAL; ``--edit`` transcribes your printed list entry by
  entry (automata/toc/priority_edit.py).
- ``guidelines``: the AI Event Guidelines (step 3) for the 18 piles; ``--edit`` transcribes them.

Answers come from ``--answer`` / ``--answers``, then the answers kept from an interrupted run, then the
terminal (cli/toc_transcribe.py); the values are validated by the data loader and written to
``$TABLETOP_HOME/overrides/toc.toml`` whole and atomically. Every new game uses them.
"""

from __future__ import annotations

import typer

from .env import current

EDIT_HELP = "Transcribe it from your AI instruction sheet; saved for every new game."
RESTART_HELP = "With --edit: forget the answers kept from an interrupted transcription."


def register(app: typer.Typer) -> None:
    present = {c.name for c in app.registered_commands}
    for name, func in (("priority", priority_command), ("guidelines", guidelines_command)):
        if name not in present:
            app.command(name)(func)


def _load(env):
    from .toc_helpers import _data, _overrides

    overrides = _overrides(env)
    return overrides, _data(env, overrides)


def _saved(env, what: str, command: str, existing: dict, done, values: dict, payload: dict) -> None:
    from automata.toc.mat_edit import merge

    from .toc_transcribe import save_and_finish

    path = save_and_finish(env, what, command, merge(existing, values))
    if env.json:
        env.emit_json({"ok": True, "saved": str(path), "answers": done.answers, "resumed": done.resumed, **payload})
        return
    env.out.print("[bold green]" + env.t(f"toc.priority.saved.{what}", n=done.answers, path=str(path)) + "[/bold green]")
    env.out.print(env.t("toc.priority.every_game"))


# --- the Action Priority List ----------------------------------------------------------------------


def priority_command(
    edit: bool = typer.Option(False, "--edit", help=EDIT_HELP),
    restart: bool = typer.Option(False, "--restart", help=RESTART_HELP),
) -> None:
    """The AI Action Priority List the bots follow, top to bottom; yours once transcribed."""
    from automata.toc.mat_edit import is_provisional

    env = current()
    overrides, data = _load(env)
    if edit:
        from automata.toc.priority_edit import edit_priority

        from .toc_transcribe import transcribe

        command = "tabletop toc priority --edit"
        done = transcribe(env, "priority", edit_priority(data), command, restart,
                          intro=lambda: env.out.print(env.t("toc.priority.intro")))
        _saved(env, "priority", command, overrides, done, done.result, {"entries": done.result["priority"]})
        return
    entries = [dict(e) for e in data.priority]
    if env.json:
        env.emit_json({"ok": True, "entries": entries, "provisional": [e["id"] for e in entries if is_provisional(e)]})
        return
    from rich.markup import escape
    from rich.table import Table

    from automata.toc.turn import action_term

    t = env.t
    table = Table(title=escape(t("toc.priority.title")), title_justify="left")
    for col in ("order", "action", "influence", "cost", "criteria", "target", "repeat", "whose"):
        table.add_column(t(f"toc.priority.col.{col}"), no_wrap=col in ("order", "cost", "repeat", "whose"))
    for e in entries:
        term = action_term(e)
        cost = e.get("cost", "ask")
        cost = t(f"toc.priority.cost_{cost}") if cost in ("ask", "board") else str(cost)
        whose = t("toc.priority.provisional") if is_provisional(e) else t("toc.priority.yours")
        table.add_row(str(e["order"]), escape(t(term[1:]) if term.startswith("@") else term), t(f"toc.area.{e['influence']}"),
                      cost, escape(e.get("criteria") or "—"), escape(e.get("target") or "—"),
                      t("core.yes") if e.get("repeat") else t("core.no"), whose)
    env.out.print(table)
    if any(is_provisional(e) for e in entries):
        env.out.print("[yellow]" + escape(t("toc.priority.legend", command="tabletop toc priority --edit")) + "[/yellow]")


# --- the Event Guidelines ------------------------------------------------------------------------------


def guidelines_command(
    edit: bool = typer.Option(False, "--edit", help=EDIT_HELP),
    restart: bool = typer.Option(False, "--restart", help=RESTART_HELP),
) -> None:
    """The AI Event Guidelines for the 18 piles; yours once transcribed."""
    from automata.toc.mat_edit import is_provisional
    from automata.toc.priority_edit import guideline_slots, pile_term

    env = current()
    overrides, data = _load(env)
    if edit:
        from automata.toc.priority_edit import edit_guidelines

        from .toc_transcribe import transcribe

        command = "tabletop toc guidelines --edit"
        done = transcribe(env, "guidelines", edit_guidelines(data), command, restart,
                          intro=lambda: env.out.print(env.t("toc.priority.guidelines_intro")))
        texts = {g["slot"]: g["text"] for g in done.result["events"]["card_guidelines"]}
        _saved(env, "guidelines", command, overrides, done, done.result, {"guidelines": texts})
        return
    provisional = is_provisional(data.guidelines)
    texts = {f"{c['id']}:{w}": (data.card_guidelines.get(f"{c['id']}:{w}") or {}).get("text", "") for c, w in guideline_slots(data)}
    if env.json:
        env.emit_json({"ok": True, "guidelines": texts, "provisional": provisional})
        return
    from rich.markup import escape
    from rich.table import Table

    t = env.t
    table = Table(title=escape(t("toc.priority.guidelines_title")), title_justify="left")
    table.add_column(t("toc.priority.col.pile"))
    table.add_column(t("toc.priority.col.guideline"))
    for cat, which in guideline_slots(data):
        card = pile_term(cat, which)
        if isinstance(card, str):
            label = f"{card} ({t('toc.category.' + cat['id'])}, {t('toc.set.' + which)})"
        else:
            label = t.render(_msg(card))
        table.add_row(escape(label), escape(texts[f"{cat['id']}:{which}"] or "—"))
    env.out.print(table)
    if provisional:
        env.out.print("[yellow]" + escape(t("toc.priority.guidelines_legend", command="tabletop toc guidelines --edit")) + "[/yellow]")


def _msg(data: dict):
    from automata.core.steps import Msg

    return Msg.from_data(data)
