"""Solo dice: the advice for typing a game die's face on a plain die (rules file §3.2.2 AI die, §3.1 Paradox die,
§3.2.7 shape die) is for a table that rolls (`--dice table`): the roll prompt gives it; a roll line of app dice,
where the program rolls, carries none of it."""

from __future__ import annotations

import re

import pytest

from automata.anachrony.solo.common import roll_ai, roll_paradox, roll_shape
from automata.anachrony.solo.data import load
from automata.core.runner import Event
from cli.words.i18n import Translator

_TYPING = re.compile(r"\b(d6|type|digite)\b", re.IGNORECASE)


def _rolls():
    sd = load()
    bot = {"bot": "chronobot", "edition": "current"}
    return [next(roll_ai(sd, bot)), next(roll_paradox(sd, "paradox")), next(roll_paradox(sd, "warp")),
            next(roll_shape(sd))]


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_app_dice_lines_carry_no_typing_advice_and_the_table_prompt_does(lang, monkeypatch):
    from cli.terminal.prompter import TerminalPrompter
    from cli.terminal.render import event_text, pending_help
    from automata.core.dice import parse_spec

    t = Translator(lang)
    asked = []

    class Typed:
        def __init__(self, question):
            asked.append(question)

        def unsafe_ask(self):
            return "1"

    monkeypatch.setattr("questionary.text", lambda question, **kw: Typed(question))
    for roll in _rolls():
        for face in range(1, int(roll.dice.split("d")[1]) + 1):
            label = (roll.shown[face - 1],) if roll.shown else ()
            line = event_text(t, Event("roll", roll.msg, id=roll.id, value=[face], source="app", labels=label))
            assert not _TYPING.search(line), line
            others = [t.render(m) for m in roll.shown if t.render(m) != t.render(label[0])]
            assert not any(re.search(rf"\b{re.escape(o)}\b", line) for o in others if not o.isdigit()), line
        TerminalPrompter(t).table_dice(roll, parse_spec(roll.dice))
        for text in (asked[-1], pending_help(t, roll)["question"]):  # at the terminal, and to a script stopped there
            said = " ".join(str(text).split())
            assert _TYPING.search(said) or all(t.render(m) in said for m in roll.shown), said
