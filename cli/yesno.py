"""A yes/no prompt in the table's language: questionary's confirm knows only English keys and words ('y', "Yes").

The keys of both languages work in both (y/s for yes, n for no); Enter takes the default; the answer is echoed
in the table's language. Built on prompt_toolkit, which questionary already uses.
"""

from __future__ import annotations


def yes_no(message: str, t, default: bool = True):
    """A ``questionary.Question`` whose ``unsafe_ask()`` returns True or False."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.formatted_text import to_formatted_text
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys
    from questionary import Question

    state = {"answer": None, "done": False}
    hint = t("core.prompt.yes_no_default_yes" if default else "core.prompt.yes_no_default_no")

    def tokens():
        out = [("class:qmark", "?"), ("class:question", f" {message} ")]
        if not state["done"]:
            out.append(("class:instruction", f"{hint} "))
        if state["answer"] is not None:
            out.append(("class:answer", t("core.yes") if state["answer"] else t("core.no")))
        return to_formatted_text(out)

    keys = KeyBindings()

    def finish(event, answer: bool) -> None:
        state["answer"], state["done"] = answer, True
        event.app.exit(result=answer)

    @keys.add(Keys.ControlC, eager=True)
    @keys.add(Keys.ControlQ, eager=True)
    def _interrupt(event):
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    for key in ("y", "Y", "s", "S"):
        keys.add(key)(lambda event: finish(event, True))
    for key in ("n", "N"):
        keys.add(key)(lambda event: finish(event, False))
    keys.add(Keys.ControlM, eager=True)(lambda event: finish(event, default))
    keys.add("?")(lambda event: event.app.exit(result="?"))  # the rule behind the question (cli/rules/at_table.py)

    @keys.add(Keys.Any)
    def _ignore(event):
        """Other keys do nothing."""

    return Question(PromptSession(tokens, key_bindings=keys).app)
