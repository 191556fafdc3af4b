"""Asking the table: questionary at a terminal (imported only when a prompt is shown)."""

from __future__ import annotations

from automata.core.dice import DiceSpec, parse_table_faces
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO, Ask, InvalidAnswer, Roll

from .i18n import Translator


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
            choices = [questionary.Choice(self.t.render(c.label), value=c.value) for c in ask.choices]
            value = questionary.checkbox(question, choices=choices, validate=self._validator(ask.normalise),
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
            value = questionary.text(question, validate=self._validator(ask.normalise)).unsafe_ask()
        elif ask.kind == TEXT:
            value = questionary.text(question, validate=self._validator(ask.normalise)).unsafe_ask()
        else:  # pragma: no cover - kinds are closed
            raise ValueError(ask.kind)
        return value, "table"

    def _select(self, ask: Ask, question: str):
        """A menu; a pick the question's check refuses (a card too dear, a camp already taken) is said and the menu
        shown again, so that 'play' never stops on it."""
        import questionary

        choices = [questionary.Choice(self.t.render(c.label), value=c.value) for c in ask.choices]
        while True:
            if len(choices) <= 9:
                value = questionary.select(question, choices=choices, use_shortcuts=True,
                                           instruction=self.t("core.prompt.select")).unsafe_ask()
            else:  # long lists (Old World cards, Radlands cards): type to filter
                value = questionary.select(question, choices=choices, use_search_filter=True, use_jk_keys=False,
                                           instruction=self.t("core.prompt.filter")).unsafe_ask()
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
            question, validate=self._validator(lambda text: parse_table_faces(spec, text))
        ).unsafe_ask()
        return value, "table"

