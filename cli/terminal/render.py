"""Showing the transcript: what the procedure says, asks, and rolls."""

from __future__ import annotations

import contextlib

from typing import Any


from automata.core.runner import BadAnswer, Event
from automata.core.steps import Ask, Roll

from ..commands.env import CliError, Env, Exit
from ..words.i18n import Translator

STYLES = {
    "head": "bold cyan",
    "do": "bold",
    "score": "green",
    "warn": "yellow",
    "info": "",
    "rule": "dim",
    "why": "italic dim",
}
PREFIX = {"do": "→ ", "score": "★ ", "warn": "! ", "rule": "  · ", "why": "  ⚖ "}


def status_title(t: Translator, game_id: str, name: str, where: str) -> str:
    """The first line of every game's ``tabletop status``, one shape for all: the game, the save, where the game
    is (``where``: the game's own words, a round, a turn, an Era)."""
    from automata.core.games import find_game

    return t("core.status.title", game=find_game(game_id).name, name=name, where=where)


def event_text(t: Translator, event: Event) -> str:
    if event.kind == "say":
        return PREFIX.get(event.style, "") + t.render(event.msg)
    if event.kind == "ask":
        shown = ", ".join(t.render(m) for m in event.labels) if event.labels else answer_text(t, event.value)
        line = f"? {t.render(event.msg)} {shown}"
        return t("core.ask.phone_line", line=line) if event.source == "phone" else line  # given on a seat's phone
    if event.kind == "roll":
        what = t.render(event.msg) if event.msg is not None else event.id
        faces = " ".join(t.render(m) for m in event.labels) if event.labels else " ".join(str(f) for f in event.value)
        return t("core.roll.line", what=what, faces=faces, source=t(f"core.source.{event.source}"))
    return ""


def answer_text(t: Translator, value: Any) -> str:
    if isinstance(value, bool):
        return t("core.yes") if value else t("core.no")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "—"
    return str(value)


def show_event(console, t: Translator, event: Event, interactive: bool, explain: bool = False) -> None:
    """Print one transcript line. Replayed lines (a resumed step) are shown again as context.

    Lines that explain a decision (style "why") are shown only with --explain; the journal keeps them.
    """
    if event.kind == "say" and event.style == "why" and not explain:
        return
    if event.kind == "ask" and event.source == "table" and interactive and not event.replayed:
        return  # the prompt itself already shows question and answer
    line = event_text(t, event)
    style = STYLES.get(event.style, "") if event.kind == "say" else "dim"
    if event.kind == "say" and event.style == "head":
        console.print()
    print_hanging(console, line, style)


@contextlib.contextmanager
def wrapped_like_boxes(console):
    """Inside it, piped text wraps at word boundaries to the width the status's boxes are drawn at (a status is a
    picture: its legend and notes fit beside its boxes); elsewhere piped text is never wrapped (cli/commands/env.py)."""
    kept = console.soft_wrap
    console.soft_wrap = False
    try:
        yield console
    finally:
        console.soft_wrap = kept


def print_hanging(console, line: str, style: str = "") -> None:
    """One line of text; where the console wraps it (a terminal), the wrapped part lines up after the line's own
    lead ("→ ", "  · ", "? "), so lists stay aligned. Piped text is printed as it is (never wrapped)."""
    import re

    from rich.text import Text

    # a numbered line ("10. Recruit General: …", a bot's priority list) hangs after its number too
    lead = re.match(r"^(\s*(?:[→★!?⚖·🎲]\s+|·\s+|\d{1,2}\.\s+)?)", line).group(1) if line else ""
    from rich.cells import cell_len

    width = cell_len(lead)  # the columns the lead takes: the die 🎲 takes two (its width as len() cropped it to "…")
    if getattr(console, "soft_wrap", True) or not lead or width >= console.width // 2:
        console.print(Text(line, style=style or ""))
        return
    from rich.table import Table

    grid = Table.grid(padding=0)
    grid.add_column(no_wrap=True, width=width)
    grid.add_column()
    grid.add_row(Text(lead, style=style or ""), Text(line[len(lead):], style=style or ""))
    console.print(grid)


def print_item(console, lead: str, markup: str, lead_style: str = "") -> None:
    """A list item (``lead`` such as " 14. ", then rich markup) whose wrapped part lines up after the lead at a
    terminal (the rules index wrapped "(hypersync.recover)" to column 0 at 60 columns); piped, one line as it is."""
    from rich.text import Text

    if getattr(console, "soft_wrap", True):
        console.print(Text(lead, style=lead_style) + Text.from_markup(markup))
        return
    from rich.table import Table

    grid = Table.grid(padding=0)
    grid.add_column(no_wrap=True, width=len(lead))
    grid.add_column()
    grid.add_row(Text(lead, style=lead_style), Text.from_markup(markup))
    console.print(grid)


def event_json(t: Translator, event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": event.kind, "text": event_text(t, event)}
    if event.msg is not None:
        data["msg"] = event.msg.to_data()
    if event.kind != "say":
        data.update(id=event.id, value=event.value, source=event.source)
    return data


def pending_help(t: Translator, pending: Ask | Roll) -> dict[str, Any]:
    """What to tell a script that stopped at an unanswered question."""
    if isinstance(pending, Roll):
        question = t.render(pending.msg) if pending.msg is not None else pending.id
        from automata.core.dice import parse_spec

        if pending.hint is not None:  # how to type the faces (table dice)
            question = f"{question} ({t.render(pending.hint)})"
        valid = t("core.pending.dice_valid", dice=pending.dice, sides=parse_spec(pending.dice).sides)
    else:
        question = t.render(pending.msg)
        if pending.choices:
            valid = ", ".join(_choice_text(t, c) for c in pending.choices if not c.hidden)
        elif pending.kind == "yesno":
            valid = f"{t('core.yes')}, {t('core.no')}"
        elif pending.kind == "number":
            if pending.min is not None and pending.max is not None:
                valid = f"{pending.min}..{pending.max}"
            elif pending.min is not None:
                valid = t("core.pending.number_from", min=pending.min)
            elif pending.max is not None:
                valid = t("core.pending.number_to", max=pending.max)
            else:
                valid = t("core.pending.number_any")
        elif pending.hint is not None:  # a free answer whose question says what it takes (issue 30)
            valid = t.render(pending.hint)
        else:
            valid = t("core.pending.text_valid")
        if pending.hint is not None and (pending.choices or pending.kind != "text"):
            question = f"{question} ({t.render(pending.hint)})"  # as the terminal asks it ("-1 when that stack is empty")
    return {
        "id": pending.id,
        "question": question,
        "valid": valid,
        "how": t("core.pending.how", id=pending.id),
    }


def _choice_text(t: Translator, choice) -> str:
    """A choice as the list of valid answers shows it: its id, and its name in the table's language beside it
    when the name is another word ("the_empire «O Império»"), in a language other than English; the name is accepted as an answer too (cli/inplay/answers.py)."""
    from ..inplay.answers import fold

    value = choice.value
    if t.lang != "en":  # the ids are English words: an English table reads them as they are
        label = t.render(choice.label)
        if fold(label) != fold(value):
            value = t("core.pending.named", value=value, label=label)
    if choice.unavailable is None:
        return value
    return t("core.pending.unavailable", value=value, reason=choice.unavailable.to_data())


def bad_answer_error(env: Env, bad: BadAnswer) -> CliError:
    """An answer the question does not take: exit 2, naming the question, the answer and what is wrong."""
    problem = env.t.render(bad.problem)
    # a game's refusal may end by saying nothing was applied (at a terminal it is asked again); the line below says
    # it once for every game
    problem = problem.removesuffix(env.t("core.error.nothing_applied")).rstrip()
    return CliError(
        env.t("core.error.bad_answer", id=bad.ask_id, value=answer_text(env.t, bad.value), problem=problem),
        Exit.USAGE,
        {"error": "bad_answer", "id": bad.ask_id},
    )
