"""Asking the table: questionary at a terminal (imported only when a prompt is shown)."""

from __future__ import annotations

from automata.core.dice import DiceSpec, parse_table_faces
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO, Ask, InvalidAnswer, Roll

from .i18n import Translator


def fit(question: str) -> str:
    """The question wrapped at word boundaries for the terminal (cli/promptwrap.py)."""
    from .promptwrap import question as wrapped

    return wrapped(question)[0]


class TerminalPrompter:
    """An answer source that asks a person. Ctrl-C raises KeyboardInterrupt."""

    def __init__(self, t: Translator):
        self.t = t

    def _validator(self, check):
        def validate(text: str):
            try:
                check(text)
            except InvalidAnswer as bad:
                return self.t.render(bad.msg)
            return True

        return validate

    def answer(self, ask: Ask):
        import questionary

        question = self.t.render(ask.msg)
        if ask.hint is not None:
            question += f" ({self.t.render(ask.hint)})"
        if ask.kind == YES_NO:
            from .yesno import yes_no

            value = yes_no(question, self.t, default=True).unsafe_ask()
        elif ask.kind == ONE_OF:
            value = self._select(ask, question)
        elif ask.kind == SEVERAL_OF:
            choices = [questionary.Choice(self.t.render(c.label), value=c.value, disabled=self._reason(c)) for c in ask.choices]
            value = questionary.checkbox(fit(question), choices=choices, validate=self._validator(ask.normalise),
                                         instruction=self.t("core.prompt.checkbox"), erase_when_done=True).unsafe_ask()
            # questionary's own answer line is English ("done (2 selections)"): say it in the table's language
            labels = {c.value: self.t.render(c.label) for c in ask.choices}
            picked = ", ".join(labels[v] for v in value) if value else self.t("core.prompt.none_picked")
            from rich.console import Console
            from rich.markup import escape

            Console().print(f"[bold]?[/bold] {escape(question)} [cyan]{escape(picked)}[/cyan]")
        elif ask.kind == NUMBER:
            if ask.min is not None and ask.max is not None:
                question += f" [{ask.min}–{ask.max}]"
            value = questionary.text(fit(question), validate=self._validator(ask.normalise)).unsafe_ask()
        elif ask.kind == TEXT:
            value = questionary.text(fit(question), validate=self._validator(ask.normalise)).unsafe_ask()
        else:  # pragma: no cover - kinds are closed
            raise ValueError(ask.kind)
        return value, "table"

    def _reason(self, choice) -> str | None:
        """The rendered reason an item cannot be picked now (questionary shows it greyed beside the item)."""
        return None if choice.unavailable is None else self.t("core.prompt.unavailable", reason=self.t.render(choice.unavailable))

    def _select(self, ask: Ask, question: str):
        """A menu; a pick the question's check refuses (a card too dear, a camp already taken) is said and the menu
        shown again, so that 'play' never stops on it.

        A numbered menu whose numbers never move (cli/menu.py): an unavailable item keeps its place, marked with
        the reason, and is refused if picked; a number that names no item is refused. Lists of ten items or more
        (Old World cards, Radlands cards) are also filtered by typing."""
        from .menu import Item, numbered_menu

        items = [Item(self.t.render(c.label), c.value, None if c.unavailable is None else self.t.render(c.unavailable))
                 for c in ask.choices if not c.hidden]
        instruction = self.t("core.prompt.select" if len(items) <= 9 else "core.prompt.filter_numbers")
        while True:
            value = numbered_menu(question, items, self.t, instruction).unsafe_ask()
            try:
                ask.normalise(value)
            except InvalidAnswer as bad:
                from rich.console import Console

                Console(stderr=True).print(f"[red]{self.t.render(bad.msg)}[/red]")
                continue
            return value

    def table_dice(self, roll: Roll, spec: DiceSpec):
        import questionary

        what = self.t.render(roll.msg) if roll.msg is not None else roll.id
        key = "core.dice.enter_explode" if spec.explode else "core.dice.enter"
        question = self.t(key, what=what, count=spec.count, sides=spec.sides)
        value = questionary.text(
            fit(question), validate=self._validator(lambda text: parse_table_faces(spec, text))
        ).unsafe_ask()
        return value, "table"

