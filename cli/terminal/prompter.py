"""Asking the table: questionary at a terminal (imported only when a prompt is shown)."""

from __future__ import annotations

from automata.core.dice import DiceSpec, parse_table_faces
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO, Ask, InvalidAnswer, Roll

from ..words.i18n import Translator
from automata.core.msg import msg


def number_check(ask: Ask):
    """The check of a number typed at the terminal: a refusal that is not a number also says which numbers are
    valid ("'' is not a whole number." left the player guessing; Enter alone gets its own line)."""

    def check(raw):
        try:
            return ask.normalise(raw)
        except InvalidAnswer as bad:
            if bad.msg.id != "core.invalid.number":
                raise
            text = str(raw).strip()
            if ask.min is not None and ask.max is not None:
                valid = msg("core.prompt.number_range", min=ask.min, max=ask.max)
            elif ask.min is not None:
                valid = msg("core.prompt.number_at_least", min=ask.min)
            elif ask.max is not None:
                valid = msg("core.prompt.number_at_most", max=ask.max)
            else:
                valid = msg("core.prompt.number_any")
            raise InvalidAnswer(msg("core.prompt.number_empty" if not text else "core.prompt.number_bad",
                                    value=text, valid=valid.to_data())) from None

    return check


def checkbox_check(ask: Ask):
    """A checkbox's check: Enter with nothing marked, where something must be, also says how to mark an item
    (a new player read only "0 chosen; choose exactly 3")."""

    def check(value):
        try:
            return ask.normalise(value)
        except InvalidAnswer as bad:
            if value:
                raise
            raise InvalidAnswer(msg("core.prompt.checkbox_empty", why=bad.msg.to_data())) from None

    return check


def typed_text(question: str, default: str = "", **prompt):
    """A typed answer whose default is shown greyed in the empty field: typing replaces it and Enter alone takes it
    (an editable default made "3" typed after the shown "4" read as 43)."""
    import questionary

    if not default:
        return questionary.text(question, **prompt)
    from prompt_toolkit.formatted_text import FormattedText

    return questionary.text(question, placeholder=FormattedText([("class:instruction", default)]), **prompt)


def fit(question: str) -> str:
    """The question wrapped at word boundaries for the terminal (cli/terminal/promptwrap.py)."""
    from .promptwrap import question as wrapped

    return wrapped(question)[0]


def fit_hint(hint: str) -> str:
    """A checkbox's key hint, on its own wrapped lines under the question (it cut words at 60 columns)."""
    from .promptwrap import lines

    return "\n  " + "\n".join(lines(hint, 2))


CHECKBOX_LEAD = 5  # a checkbox item's text starts after the pointer (" » ") and its mark ("○ ", or "- " when greyed)


def checkbox_choice(label: str, value, reason: str | None, checked: bool, cols: int | None = None):
    """A checkbox item wrapped at word boundaries under its own text, its reason too when it cannot be picked now
    (questionary prints an item on one line, and the terminal cut "(agora não: sem regras solo: os op" at 60
    columns)."""
    import questionary

    from .promptwrap import lines

    if reason is None:
        return questionary.Choice("\n".join(lines(label, CHECKBOX_LEAD, cols)), value=value, checked=checked)
    # greyed: the label and its reason as one wrapped text (questionary adds nothing to a title given as tokens
    # when ``disabled`` is True, and the item still cannot be picked)
    text = "\n".join(lines(f"{label} ({reason})", CHECKBOX_LEAD, cols))
    return questionary.Choice([("class:disabled", text)], value=value, disabled=True, checked=checked)


def checkbox_echo(question: str, picked: str, cols: int | None = None) -> str:
    """The answered checkbox's line, wrapped like the menus' answer lines (its second line began at column 0)."""
    from rich.markup import escape

    from .promptwrap import question as wrapped

    text, tail = wrapped(question, picked, cols=cols)
    return f"[bold]?[/bold] {escape(text)}{escape(tail[:len(tail) - len(tail.lstrip())])}[cyan]{escape(tail.lstrip())}[/cyan]"


class TerminalPrompter:
    """An answer source that asks a person. Ctrl-C raises KeyboardInterrupt.

    ``watch(ask)``, when given, returns None or a check that the prompt runs every ``WATCH_EVERY`` seconds while it
    waits for the person: when the check returns an exception, the prompt closes and raises it (a seat's phone
    that opened meanwhile takes the question, cli/phones/phonewait.py)."""

    WATCH_EVERY = 0.25

    def __init__(self, t: Translator, watch=None):
        self.t = t
        self.watch = watch
        self._check = None

    def _run(self, question):
        """``question.unsafe_ask()``, closed early by the watch's check."""
        check = self._check
        if check is None:
            return question.unsafe_ask()
        import asyncio

        app = question.application

        async def watching() -> None:
            while True:
                await asyncio.sleep(self.WATCH_EVERY)
                leave = check()
                if leave is not None:
                    app.exit(exception=leave)
                    return

        return app.run(pre_run=lambda: app.create_background_task(watching()))

    def answer(self, ask: Ask):
        self._check = self.watch(ask) if self.watch is not None else None
        try:
            return self._answer(ask)
        finally:
            self._check = None

    def _answer(self, ask: Ask):

        question = self.t.render(ask.msg)
        if ask.hint is not None:
            question += f" ({self.t.render(ask.hint)})"
        if ask.kind == YES_NO:
            from .yesno import yes_no

            value = self._run(yes_no(question, self.t, default=ask.default if isinstance(ask.default, bool) else True,
                                     fix=getattr(ask, "fixable", False)))
        elif ask.kind == ONE_OF:
            value = self._select(ask, question)
        elif ask.kind == SEVERAL_OF and ask.min == ask.max == 1:  # exactly one to choose: a menu, not a checkbox
            value = [self._select(ask, question)]  # stored as the question's list, so saves and replays stay the same
        elif ask.kind == SEVERAL_OF:
            value = self._checkbox(ask, question)
        elif ask.kind in (NUMBER, TEXT):
            if ask.kind == NUMBER and ask.min is not None and ask.max is not None:
                question += f" [{ask.min}–{ask.max}]"
            default = "" if ask.default is None else str(ask.default)
            value = self._until_valid(lambda: self._run(typed_text(fit(question), default)) or default,
                                     number_check(ask) if ask.kind == NUMBER else ask.normalise)
        else:  # pragma: no cover - kinds are closed
            raise ValueError(ask.kind)
        return value, "table"

    def _refused(self, bad: InvalidAnswer) -> None:
        """Why an answer was refused, in full under the question (wrapped at word boundaries), instead of
        prompt_toolkit's bottom bar that a terminal cuts at its width."""
        from rich.console import Console

        from .render import print_hanging

        print_hanging(Console(stderr=True), f"! {self.t.render(bad.msg)}", "red")  # wrapped under its text

    def _until_valid(self, ask_once, check):
        while True:
            value = ask_once()
            try:
                check(value)
            except InvalidAnswer as bad:
                self._refused(bad)
                continue
            return value

    def _checkbox(self, ask: Ask, question: str):
        import questionary
        from rich.console import Console

        marked = set(ask.default) if isinstance(ask.default, (list, tuple, set, frozenset)) else set()  # Ask.default: pre-marked
        choices = [checkbox_choice(self.t.render(c.label), c.value, self._reason(c), c.value in marked)
                   for c in ask.choices]
        value = self._until_valid(
            lambda: self._run(questionary.checkbox(fit(question), choices=choices,
                                                   instruction=fit_hint(self.t("core.prompt.checkbox")), erase_when_done=True)),
            checkbox_check(ask))
        # questionary's own answer line is English ("done (2 selections)"): say it in the table's language
        labels = {c.value: self.t.render(c.label) for c in ask.choices}
        picked = ", ".join(labels[v] for v in value) if value else self.t("core.prompt.none_picked")
        Console().print(checkbox_echo(question, picked))
        return value

    def _reason(self, choice) -> str | None:
        """The rendered reason an item cannot be picked now (questionary shows it greyed beside the item)."""
        return None if choice.unavailable is None else self.t("core.prompt.unavailable", reason=self.t.render(choice.unavailable))

    def _select(self, ask: Ask, question: str):
        """A menu; a pick the question's check refuses (a card too dear, a camp already taken) is said and the menu
        shown again, so that 'play' never stops on it.

        A numbered menu whose numbers never move (cli/terminal/menu.py): an unavailable item keeps its place, marked with
        the reason, and is refused if picked; a number that names no item is refused. Lists of ten items or more
        (Old World cards, Radlands cards) are also filtered by typing."""
        from .menu import Item, numbered_menu

        items = [Item(self.t.render(c.label), c.value, None if c.unavailable is None else self.t.render(c.unavailable))
                 for c in ask.choices if not c.hidden]
        fixable = getattr(ask, "fixable", False)  # '!' opens a correction ('play' at a terminal, issue 23)
        instruction = self.t(("core.prompt.select" if len(items) <= 9 else "core.prompt.filter_numbers")
                             + ("_fix" if fixable else ""))
        # the pointer starts on the question's default; without one nothing is chosen and Enter alone is refused
        start = next((i for i, it in enumerate(items) if ask.default is not None and it.value == ask.default), None)
        return self._until_valid(lambda: self._run(numbered_menu(question, items, self.t, instruction, start, fixable)),
                                 ask.normalise)

    def table_dice(self, roll: Roll, spec: DiceSpec):
        import questionary

        what = self.t.render(roll.msg) if roll.msg is not None else roll.id
        if roll.hint is not None:  # how to type the faces: for the table that rolls only
            what = f"{what} ({self.t.render(roll.hint)})"
        key = "core.dice.enter_explode" if spec.explode else "core.dice.enter"
        question = self.t(key, what=what, count=spec.count, sides=spec.sides)
        value = self._until_valid(lambda: questionary.text(fit(question)).unsafe_ask(),
                                  lambda text: parse_table_faces(spec, text))
        return value, "table"

