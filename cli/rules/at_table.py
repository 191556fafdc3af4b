"""``?`` at a question of ``play``: the rule behind the question, then the same question again.

``RuleHelp`` wraps the terminal prompter: it offers ``?`` (typed, or a menu entry for a menu question; the yes/no
prompt takes the ``?`` key), shows the topic of the question (or of the step in progress) and asks again. Nothing
is recorded for a look-up: the runner sees only the real answer.

With ``fix`` (``play`` at a terminal, issue 23) it also offers ``!``: ``!`` followed by a correction (typed at a
text question), or ``!`` alone (the ``!`` key of a menu or a yes/no prompt, a checkbox entry) to list what can be
corrected and type one. ``fix`` applies it (cli/corrections/fixat.py) and the same question is asked again.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable

from automata.core.steps import SEVERAL_OF, Ask, Choice, msg

HELP = "?"
FIX = "!"


def fix_request(raw: Any) -> str | None:
    """The correction typed after ``!`` ("" for ``!`` alone), or None when ``raw`` asks for none."""
    if isinstance(raw, (list, tuple)):
        return "" if FIX in raw else None
    if isinstance(raw, str) and raw.strip().startswith(FIX):
        return raw.strip()[1:].strip()
    return None


@dataclass(frozen=True)
class HelpAsk(Ask):
    """The same question, which also takes ``?``."""

    fixable = False  # a class attribute, not a field: the prompter offers '!' (and says so) when True

    def normalise(self, raw: Any) -> Any:
        if raw == HELP or (isinstance(raw, (list, tuple)) and HELP in raw):
            return HELP
        return super().normalise(raw)


@dataclass(frozen=True)
class FixHelpAsk(HelpAsk):
    """The same question, which also takes ``?`` and ``!`` (a correction)."""

    fixable = True

    def normalise(self, raw: Any) -> Any:
        if fix_request(raw) is not None:
            return raw
        return super().normalise(raw)


def with_help(ask: Ask, fixable: bool = False) -> HelpAsk:
    values = {f.name: getattr(ask, f.name) for f in fields(Ask)}
    if ask.kind == SEVERAL_OF:  # a numbered menu (ONE_OF) takes the '?' key instead: its numbers never move
        extra = (Choice(HELP, msg("rules.ask_entry")),) + ((Choice(FIX, msg("core.fix.ask_entry")),) if fixable else ())
        values["choices"] = tuple(ask.choices) + extra
        if ask.kind == SEVERAL_OF and ask.max is None:
            values["max"] = len(ask.choices)
    return (FixHelpAsk if fixable else HelpAsk)(**values)


class RuleHelp:
    """An answer source around the terminal prompter (see the module's doc)."""

    def __init__(self, prompter, env, game: str, step: Callable[[], dict | None],
                 fix: Callable[[str], None] | None = None):
        self.prompter = prompter
        self.env = env
        self.game = game
        self.step = step
        self.fix = fix  # '!': apply a correction (it raises to restart the step, or returns to ask again)

    def start_step(self) -> None:
        hook = getattr(self.prompter, "start_step", None)
        if hook is not None:
            hook()

    def answer(self, ask: Ask):
        helped = with_help(ask, self.fix is not None)
        while True:
            value, source = self.prompter.answer(helped)
            if value == HELP or (isinstance(value, list) and HELP in value):
                self.show(ask)
                continue
            if self.fix is not None:
                wanted = fix_request(value)
                if wanted is not None:
                    self.fix(wanted)
                    continue
            return value, source

    def table_dice(self, roll, spec):
        return self.prompter.table_dice(roll, spec)

    def show(self, ask: Ask) -> None:
        from rich.markup import escape

        from . import for_ask, load_data
        from .command import print_topic

        t = self.env.t
        console = self.env.out
        topic = for_ask(self.game, ask.id, self.step())
        console.print()
        if topic is None:
            console.print(f"[dim]{t('rules.ask_none', game=self.game)}[/dim]")
        else:
            try:
                from ..commands import saves

                data = load_data(self.game, saves.read_overrides(self.env, self.game))
            except Exception:  # the topic's text does not need the owner's values
                data = load_data(self.game, None)
            print_topic(console, t, topic, data)
        if self.fix is not None:  # '!' is said once here and in a menu's keys line
            words = self.fix.examples() if hasattr(self.fix, "examples") else {}
            if words.get("add"):
                console.print(f"[dim]{escape(t('core.fix.ask_hint', add=words['add']))}[/dim]")
        console.print(f"[dim]{t('rules.ask_again')}[/dim]")
