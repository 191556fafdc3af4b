"""``tabletop toc priority [--edit]`` and ``tabletop toc guidelines [--edit]``: the AI instruction sheet.

- ``priority``: the AI Action Priority List the bots use (seed 000, AI Take Actions Phase step 2), each
  entry marked as yours (transcribed) or PROVISIONAL; ``--edit`` transcribes your printed list entry by
  entry (automata/toc/priority_edit.py).
- ``guidelines``: the AI Event Guidelines (step 3) for the 18 piles; ``--edit`` transcribes them.

Answers come from ``--answer`` / ``--answers``, then the answers kept from an interrupted run, then the
terminal (cli/toc/transcribe.py); the values are validated by the data loader and written to
``$TABLETOP_HOME/overrides/toc.toml`` whole and atomically. Every new game uses them.
"""

from __future__ import annotations

import typer

from ..commands.env import current
from .overrides import owner_overrides, toc_data

EDIT_HELP = "Transcribe it from your AI instruction sheet; saved for every new game."
RESTART_HELP = "With --edit: forget the answers kept from an interrupted transcription."


def register(app: typer.Typer) -> None:
    present = {c.name for c in app.registered_commands}
    for name, func in (("priority", priority_command), ("guidelines", guidelines_command)):
        if name not in present:
            app.command(name)(func)


def _load(env):
    overrides = owner_overrides(env)
    return overrides, toc_data(env, overrides)


def _sheet(what: str, edit: bool, restart: bool, show, intro: str, payload) -> None:
    """The flow both sheets share: show the sheet (``show(env, data)``), or with ``--edit`` transcribe it with the
    procedure ``edit_<what>`` of automata/toc/priority_edit.py (after the message ``intro``), merge the answers into
    the owner file and say so (``payload(result)``: what ``--json`` adds)."""
    env = current()
    overrides, data = _load(env)
    if not edit:
        show(env, data)
        return
    from automata.toc import priority_edit

    from .transcribe import save_and_finish, transcribe

    command = f"tabletop toc {what} --edit"
    done = transcribe(env, what, getattr(priority_edit, f"edit_{what}")(data), command, restart,
                      intro=lambda: env.out.print(env.t(intro)))
    path = save_and_finish(env, what, command, done.result)
    if env.json:
        env.emit_json({"ok": True, "saved": str(path), "answers": done.answers, "resumed": done.resumed,
                       **payload(done.result)})
        return
    env.out.print("[bold green]" + env.t(f"toc.priority.saved.{what}", n=done.answers, path=str(path)) + "[/bold green]")
    env.out.print(env.t("toc.priority.every_game"))


def _print_table(env, title: str, columns, rows, legend: str | None, command: str) -> None:
    """A sheet as a table (``columns``: (message id, no_wrap)), then, while some of it is PROVISIONAL, the
    ``legend`` message naming the ``command`` that transcribes it."""
    from rich.markup import escape
    from rich.table import Table

    from rich.measure import Measurement

    t = env.t
    table = Table(title=escape(t(title)), title_justify="left")
    for column, no_wrap in columns:
        table.add_column(t(column), no_wrap=no_wrap)
    for row in rows:
        table.add_row(*(escape(cell) for cell in row))
    if Measurement.get(env.out, env.out.options.update(max_width=10_000), table).minimum <= env.out.width:
        env.out.print(table)
    else:  # too narrow for the columns (60 columns cut every word of the priority list to "H…"): one record a row
        _print_records(env, t(title), [t(column) for column, _ in columns], rows)
    if legend:
        env.out.print("[yellow]" + escape(t(legend, command=command)) + "[/yellow]")


def _print_records(env, title: str, heads: list[str], rows) -> None:
    """The table's rows as records: the first two cells as the head ("  1. Hold Games"), then every other cell as
    "Column: value", wrapped under the head's text."""
    from rich.markup import escape

    from ..terminal.render import print_item

    env.out.print(escape(title), style="bold", markup=False)
    for row in rows:
        lead = f"{row[0]:>3}. " if row[0].isdigit() else "  "
        first = row[1] if row[0].isdigit() else f"{row[0]} {row[1]}"
        print_item(env.out, lead, escape(first))
        said = [f"{head} {cell}" if head.endswith("?") else f"{head}: {cell}" for head, cell in zip(heads[2:], row[2:])]
        print_item(env.out, " " * len(lead), escape(" · ".join(said)))


# --- the Action Priority List ----------------------------------------------------------------------


def priority_command(
    edit: bool = typer.Option(False, "--edit", help=EDIT_HELP),
    restart: bool = typer.Option(False, "--restart", help=RESTART_HELP),
) -> None:
    """The AI Action Priority List the bots follow, top to bottom; yours once transcribed."""
    _sheet("priority", edit, restart, _show_priority, "toc.priority.intro", lambda result: {"entries": result["priority"]})


def _show_priority(env, data) -> None:
    from automata.toc.mat_edit import is_provisional

    entries = [dict(e) for e in data.priority]
    if env.json:
        env.emit_json({"ok": True, "entries": entries, "provisional": [e["id"] for e in entries if is_provisional(e)]})
        return
    from automata.toc.priority import action_term

    t = env.t
    rows = []
    for e in entries:
        term = action_term(e)
        cost = e.get("cost", "ask")
        cost = t(f"toc.priority.cost_{cost}") if cost in ("ask", "board") else str(cost)
        whose = t("toc.priority.provisional") if is_provisional(e) else t("toc.priority.yours")
        rows.append((str(e["order"]), t(term[1:]) if term.startswith("@") else term, t(f"toc.area.{e['influence']}"),
                     cost, e.get("criteria") or "—", e.get("target") or "—",
                     t("core.yes") if e.get("repeat") else t("core.no"), whose))
    columns = [(f"toc.priority.col.{col}", col in ("order", "cost", "repeat", "whose"))
               for col in ("order", "action", "influence", "cost", "criteria", "target", "repeat", "whose")]
    legend = "toc.priority.legend" if any(is_provisional(e) for e in entries) else None
    _print_table(env, "toc.priority.title", columns, rows, legend, "tabletop toc priority --edit")


# --- the Event Guidelines ------------------------------------------------------------------------------


def guidelines_command(
    edit: bool = typer.Option(False, "--edit", help=EDIT_HELP),
    restart: bool = typer.Option(False, "--restart", help=RESTART_HELP),
) -> None:
    """The AI Event Guidelines for the 18 piles; yours once transcribed."""
    _sheet("guidelines", edit, restart, _show_guidelines, "toc.priority.guidelines_intro",
           lambda result: {"guidelines": {g["slot"]: g["text"] for g in result["events"]["card_guidelines"]}})


def _show_guidelines(env, data) -> None:
    from automata.toc.mat_edit import is_provisional
    from automata.toc.priority_edit import guideline_slots, pile_term

    provisional = is_provisional(data.guidelines)
    texts = {f"{c['id']}:{w}": (data.card_guidelines.get(f"{c['id']}:{w}") or {}).get("text", "") for c, w in guideline_slots(data)}
    if env.json:
        env.emit_json({"ok": True, "guidelines": texts, "provisional": provisional})
        return
    t = env.t
    rows = []
    for cat, which in guideline_slots(data):
        card = pile_term(cat, which)
        if isinstance(card, str):
            label = f"{card} ({t('toc.category.' + cat['id'])}, {t('toc.set.' + which)})"
        else:
            label = t.render(_msg(card))
        rows.append((label, texts[f"{cat['id']}:{which}"] or "—"))
    columns = [("toc.priority.col.pile", False), ("toc.priority.col.guideline", False)]
    legend = "toc.priority.guidelines_legend" if provisional else None
    _print_table(env, "toc.priority.guidelines_title", columns, rows, legend, "tabletop toc guidelines --edit")


def _msg(data: dict):
    from automata.core.steps import Msg

    return Msg.from_data(data)
