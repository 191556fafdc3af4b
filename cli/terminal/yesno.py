"""A yes/no prompt in the table's language: questionary's confirm knows only English keys and words ('y', "Yes").

One keystroke convention for every prompt: a key chooses, Enter confirms. 'y' or 's' (sim) shows yes, 'n' shows
no, Backspace clears, Enter confirms the answer shown (the default when none is); the keys of both languages work
in both. So "n" then Enter answers this question only, and never also confirms the next prompt. Another key is
refused visibly. The answer is echoed in the table's language. Built on prompt_toolkit, which questionary uses.
"""

from __future__ import annotations


def yes_no(message: str, t, default: bool = True, fix: bool = False):
    """A ``questionary.Question`` whose ``unsafe_ask()`` returns True or False."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.formatted_text import to_formatted_text
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys
    from questionary import Question

    state = {"answer": None, "done": False, "error": None}
    hint = t("core.prompt.yes_no_default_yes" if default else "core.prompt.yes_no_default_no")

    def tokens():
        from .promptwrap import question

        if state["done"]:
            text, tail = question(message, t("core.yes") if state["answer"] else t("core.no"))
            return to_formatted_text([("class:qmark", "?"), ("class:question", f" {text}"), ("class:answer", tail)])
        text, tail = question(message, hint)
        out = [("class:qmark", "?"), ("class:question", f" {text}"), ("class:instruction", f"{tail} ")]
        if state["answer"] is not None:
            out.append(("class:answer", t("core.yes") if state["answer"] else t("core.no")))
        if state["error"] and not state["done"]:
            out.append(("fg:ansired bold", f"  ! {state['error']}"))
        return to_formatted_text(out)

    keys = KeyBindings()

    def choose(answer: bool | None) -> None:
        state["answer"], state["error"] = answer, None

    def confirm(event) -> None:
        answer = default if state["answer"] is None else state["answer"]
        state["answer"], state["done"], state["error"] = answer, True, None
        event.app.exit(result=answer)

    @keys.add(Keys.ControlC, eager=True)
    @keys.add(Keys.ControlQ, eager=True)
    def _interrupt(event):
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    for key in ("y", "Y", "s", "S"):
        keys.add(key)(lambda event: choose(True))
    for key in ("n", "N"):
        keys.add(key)(lambda event: choose(False))
    keys.add(Keys.Backspace)(lambda event: choose(None))
    keys.add(Keys.ControlM, eager=True)(confirm)
    keys.add(Keys.ControlJ, eager=True)(confirm)  # Enter typed ahead, before the terminal is raw, is a newline
    keys.add("?")(lambda event: event.app.exit(result="?"))  # the rule behind the question (cli/rules/at_table.py)
    if fix:
        keys.add("!")(lambda event: event.app.exit(result="!"))  # a correction ('play' at a terminal, issue 23)

    @keys.add(Keys.Any)
    def _other(event):
        """Another printable key is refused visibly (nothing is chosen); the rest do nothing."""
        char = event.key_sequence[0].key
        if isinstance(char, str) and len(char) == 1 and char.isprintable():
            state["error"] = t("core.prompt.yes_no_key", key=char)

    return Question(PromptSession(tokens, key_bindings=keys).app)
