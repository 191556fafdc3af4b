"""Issue 23 part 7: answers (--answer, --answers) whose ids no question of that 'play' asked are named at the end, on
one line of stderr in the table's language; the exit code is the run's. An id counts as asked if any question of
the run asked it (answered or not, once or many times; a list answers one id several times)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import cli.main
from automata.core.runner import NO_ANSWER, ScriptedAnswers
from automata.core.steps import ONE_OF, Ask, Choice, msg
from cli.words.i18n import Translator

SETUP = [a for n in range(1, 9) for a in ("--answer", f"chaos.setup.{n}=yes")]


def ask(id_):
    return Ask(id_, msg("core.yes"), ONE_OF, (Choice("a", msg("core.yes")), Choice("b", msg("core.no"))))


def test_scripted_answers_know_which_ids_were_asked():
    s = ScriptedAnswers({"x": "a", "y": ["a", "b"], "z": "a", "w": "b"})
    assert s.answer(ask("x")) == ("a", "answers")
    s.start_step()
    assert s.answer(ask("x")) == ("a", "answers")
    assert s.answer(ask("y")) == ("a", "answers")
    assert s.answer(ask("other")) is NO_ANSWER
    s.answer(ask("x"))  # asked again in the same step: no answer, still asked
    assert s.unused() == ["z", "w"]  # in the order given


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_play_names_the_stale_ids_on_one_line_and_keeps_its_exit_code(_tabletop_home, lang):
    runner = CliRunner()
    assert runner.invoke(cli.main.app, ["new", "chaos", "--name", "g", "--seed", "7"]).exit_code == 0
    done = runner.invoke(cli.main.app, ["--lang", lang, "play", "--steps", "3", *SETUP, "--answer", "chaos.setup.9=yes",
                                        "--answer", "chaos.sumon.khorne=pass"])
    assert done.exit_code == 0
    t = Translator(lang)
    expected = t("core.play.unused_answers", n=7, ids="chaos.setup.4, chaos.setup.5, chaos.setup.6, chaos.setup.7, "
                 "chaos.setup.8, chaos.setup.9, chaos.sumon.khorne")
    assert done.stderr.strip().splitlines() == [expected]
    assert "chaos.setup.1" not in done.stderr.split(":")[-1]
    # a run that stops at a question keeps its exit code (2), and still names the stale id
    stopped = runner.invoke(cli.main.app, ["--lang", lang, "play", *SETUP, "--answer", "chaos.sumon.khorne=pass"])
    assert stopped.exit_code == 2
    assert stopped.stderr.strip().splitlines()[-1] == t("core.play.unused_answers", n=4,
                                                        ids="chaos.setup.1, chaos.setup.2, chaos.setup.3, chaos.sumon.khorne")
    # every id asked: no line
    clean = runner.invoke(cli.main.app, ["--lang", lang, "play", "--answer", "chaos.oldworld.card=meteor_showers"])
    assert clean.exit_code == 2  # stopped at the card's own question, which says how to answer it
    assert "chaos.oldworld.card" not in clean.stderr and t("core.play.unused_answers", n=1, ids="§").split("§")[0] \
        not in clean.stderr
