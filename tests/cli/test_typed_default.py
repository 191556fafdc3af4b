"""A typed answer with a default (`tabletop new chaos`: "How many Powers play? [3–4] 4") shows the default greyed in
an empty field: typing replaces it and Enter alone takes it. The default was editable text, so "3" typed after
it read as 43 and was refused."""

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cli.terminal.prompter import typed_text


def typed(keys: str, default: str) -> str:
    with create_pipe_input() as inp:
        inp.send_text(keys)
        return typed_text("How many Powers play? [3–4]", default, input=inp, output=DummyOutput()).unsafe_ask()


def test_typing_replaces_the_default_and_enter_alone_leaves_the_field_empty():
    assert typed("3\r", "4") == "3"
    assert typed("\r", "4") == ""  # the prompter takes the default for an empty field
    assert typed("Ana, Bia\r", "") == "Ana, Bia"


def test_the_prompter_takes_the_default_for_enter_alone_and_the_typed_number_otherwise(monkeypatch):
    from types import SimpleNamespace

    from automata.core.msg import msg
    from automata.core.steps import NUMBER, Ask
    from cli.terminal import prompter
    from cli.words.i18n import Translator

    keys = iter(["\r", "3\r"])
    monkeypatch.setattr(prompter, "typed_text", lambda question, default="": SimpleNamespace(
        unsafe_ask=lambda: typed(next(keys), default)))
    ask = Ask("new.chaos.count", msg("x"), NUMBER, min=3, max=4, default=4)
    asker = prompter.TerminalPrompter(Translator("en"))
    assert asker.answer(ask) == ("4", "table")
    assert asker.answer(ask) == ("3", "table")
