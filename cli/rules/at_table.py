"""``?`` at a question of ``play``: the rule behind the question, then the same question again.

``RuleHelp`` wraps the terminal prompter: it offers ``?`` (typed, or a menu entry for a menu question; the yes/no
prompt takes the ``?`` key), shows the topic of the question (or of the step in progress) and asks again. Nothing
is recorded for a look-up: the runner sees only the real answer.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable

from automata.core.steps import SEVERAL_OF, Ask, Choice, msg

HELP = "?"


@dataclass(frozen=True)
class HelpAsk(Ask):
    """The same question, which also takes ``?``."""

    def normalise(self, raw: Any) -> Any:
        if raw == HELP or (isinstance(raw, (list, tuple)) and HELP in raw):
            return HELP
        return super().normalise(raw)


def with_help(ask: Ask) -> HelpAsk:
    values = {f.name: getattr(ask, f.name) for f in fields(Ask)}
    if ask.kind == SEVERAL_OF:  # a numbered menu (ONE_OF) takes the '?' key instead: its numbers never move
        values["choices"] = tuple(ask.choices) + (Choice(HELP, msg("rules.ask_entry")),)
        if ask.kind == SEVERAL_OF and ask.max is None:
            values["max"] = len(ask.choices)
    return HelpAsk(**values)


class RuleHelp:
    """An answer source around the terminal prompter (see the module's doc)."""

    def __init__(self, prompter, env, game: str, step: Callable[[], dict | None]):
        self.prompter = prompter
        self.env = env
        self.game = game
        self.step = step

    def start_step(self) -> None:
        hook = getattr(self.prompter, "start_step", None)
        if hook is not None:
            hook()

    def answer(self, ask: Ask):
        helped = with_help(ask)
        while True:
            value, source = self.prompter.answer(helped)
            if value == HELP or (isinstance(value, list) and HELP in value):
                self.show(ask)
                continue
            return value, source

    def table_dice(self, roll, spec):
        return self.prompter.table_dice(roll, spec)

    def show(self, ask: Ask) -> None:
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
                from .. import saves

                data = load_data(self.game, saves.read_overrides(self.env, self.game))
            except Exception:  # the topic's text does not need the owner's values
                data = load_data(self.game, None)
            print_topic(console, t, topic, data)
        console.print(f"[dim]{t('rules.ask_again')}[/dim]")
