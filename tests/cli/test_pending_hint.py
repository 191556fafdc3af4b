"""A question stopped off-terminal says what its hint says (cli/terminal/render.py pending_help), as the terminal does.

Playtest: an Anachrony solo game without a terminal stopped at "VP printed on the top building of the primary
Factory stack? — valid: -1..30": the question's hint "-1 when that stack is empty", shown at the terminal, was left
out, so a script (or a person reading the line to write an --answer) could not know what -1 means."""

from __future__ import annotations

import pytest

from automata.core.msg import msg
from automata.core.steps import NUMBER, ONE_OF, TEXT, Ask, Choice
from cli.words.i18n import Translator
from cli.terminal.render import pending_help


@pytest.mark.parametrize("lang, hint", [("en", "-1 when that stack is empty"),
                                        ("pt-BR", "-1 se essa pilha estiver vazia")])
def test_a_number_question_keeps_its_hint(lang, hint):
    t = Translator(lang)
    ask = Ask("anachrony.solo.stack.factory.primary", msg("anachrony.solo.ask.stack", stack="@anachrony.solo.stack.primary",
                                                        building="@anachrony.solo.building.factory"), NUMBER,
              min=-1, max=30, hint=msg("anachrony.solo.hint.stack"))
    assert t("anachrony.solo.hint.stack") == hint
    shown = pending_help(t, ask)
    assert shown["question"].endswith(f"({hint})") and shown["valid"] == "-1..30"


def test_a_menu_keeps_its_hint_and_a_free_text_says_it_once():
    t = Translator("en")
    ask = Ask("x", msg("core.yes"), ONE_OF, (Choice("a", msg("core.yes")),), hint=msg("anachrony.solo.hint.stack"))
    assert pending_help(t, ask)["question"] == "yes (-1 when that stack is empty)"
    free = Ask("y", msg("core.yes"), TEXT, hint=msg("anachrony.solo.hint.stack"))
    shown = pending_help(t, free)  # the hint is what the answer takes: said once, as the valid answers
    assert shown["question"] == "yes" and shown["valid"] == "-1 when that stack is empty"
