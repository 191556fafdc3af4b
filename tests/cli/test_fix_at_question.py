"""Issue 23 part 2: '!' at a question of 'play' (a terminal) corrects a tracked value through the same parser, check
and ``Session.correct`` as 'tabletop fix', then asks the same question again; nothing else is recorded.

The terminal is stood in for by a scripted prompter (tests/cli/test_terminal.py drives a real one); the answers after
the correction come from the Radlands policy of the playthrough tests, on a mid-game save (tests/state/midgame.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli.main
from state.save import read

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "state"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "automata" / "radlands"))

import midgame  # noqa: E402

runner = CliRunner()


class Scripted:
    """A stand-in for the terminal prompter: the first ``lines`` are typed first (a '!' correction, a '?'), then
    the policy answers. Every question shown is kept in ``shown``."""

    def __init__(self, lines, policy=None):
        self.lines = list(lines)
        self.policy = policy
        self.shown: list[str] = []

    def __call__(self, t):  # built like TerminalPrompter(env.t)
        return self

    def answer(self, ask):
        self.shown.append(ask.id)
        if self.lines:
            value = self.lines.pop(0)
            if value == "STOP":
                raise KeyboardInterrupt
            return ask.normalise(value), "table"  # the asked question's own check ('!' and '?' pass)
        return self.policy.answer(ask)

    def table_dice(self, roll, spec):
        return self.policy.table_dice(roll, spec)


@pytest.fixture
def midgame_radlands(_tabletop_home, monkeypatch):
    folder = midgame.build(_tabletop_home / "games" / "mid", "radlands")
    (_tabletop_home / "current").write_text("mid\n", encoding="utf-8")
    monkeypatch.delenv("TABLETOP_NO_PROMPT")
    monkeypatch.setattr("cli.commands.env.Env.interactive", lambda self: True)
    return folder


def install(monkeypatch, prompter, typed=()):
    monkeypatch.setattr("cli.terminal.prompter.TerminalPrompter", prompter)
    lines = list(typed)
    monkeypatch.setattr("cli.corrections.fixat.FixAtQuestion._ask_text", lambda self, question: lines.pop(0))


def policy_for(folder):
    from radlands_policy import Policy

    policy = Policy(5)
    policy.state = read(folder).state
    return policy


def replayed_state(folder):
    from state.session import Session

    session = Session.open(folder)
    return session.replay(session.save.journal())


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_correction_at_a_question_is_journalled_before_the_step_and_the_same_question_is_asked_again(
        midgame_radlands, monkeypatch, lang):
    folder = midgame_radlands
    before = read(folder)
    deck = before.state["deck"]["count"]
    assert deck >= 1 and before.pending and before.pending["records"]
    words = "-1 deck" if lang == "en" else "-1 baralho"
    prompter = Scripted(["!" + words, "STOP"])
    install(monkeypatch, prompter)
    result = runner.invoke(cli.main.app, ["--lang", lang, "play"])
    assert result.exit_code == 130, result.output
    assert len(prompter.shown) == 2 and prompter.shown[0] == prompter.shown[1]  # the same question again
    after = read(folder)
    assert after.journal_length == before.journal_length + 1  # only the correction was recorded
    assert after.journal()[-1]["step"] == {"proc": "table_fix", "changes": [
        {"field": "deck", "keys": [], "op": "add", "value": -1}]}
    assert after.pending == before.pending  # the step in progress keeps its answers, and nothing was added
    assert after.state["deck"]["count"] == deck - 1
    assert replayed_state(folder) == after.state
    from cli.words.i18n import Translator

    assert Translator(lang)("core.fix.done", what="§", before=deck, after=deck - 1).split("§")[0] in result.output


def test_the_game_replays_identically_after_and_undo_takes_back_the_step_then_the_correction(
        midgame_radlands, monkeypatch):
    folder = midgame_radlands
    before = read(folder)
    n = before.journal_length
    prompter = Scripted(["!"], policy_for(folder))  # '!' alone: the hint, then the correction typed
    install(monkeypatch, prompter, ["-1 deck"])
    result = runner.invoke(cli.main.app, ["play", "--steps", "3"])
    assert result.exit_code == 0, result.output
    assert "Type the correction" in result.output and "What the table can correct now" not in result.output
    after = read(folder)
    journal = after.journal()
    assert journal[n]["step"]["proc"] == "table_fix"  # the correction, then the step that was in progress
    assert journal[n + 1]["step"] == before.pending["step"]
    assert journal[n + 1]["records"][:len(before.pending["records"])] == before.pending["records"]
    assert after.journal_length == n + 4
    assert replayed_state(folder) == after.state  # the game replays identically
    monkeypatch.setenv("TABLETOP_NO_PROMPT", "1")
    assert runner.invoke(cli.main.app, ["undo", "2"]).exit_code == 0
    assert read(folder).journal()[-1]["step"] == before.pending["step"]
    assert runner.invoke(cli.main.app, ["undo", "1"]).exit_code == 0  # the step that was in progress
    assert read(folder).journal()[-1]["step"]["proc"] == "table_fix"
    assert runner.invoke(cli.main.app, ["undo", "1"]).exit_code == 0  # then the correction
    assert read(folder).journal_length == n and read(folder).state == before.state


def test_a_refused_correction_changes_nothing_and_asks_again(midgame_radlands, monkeypatch):
    folder = midgame_radlands
    before = read(folder)
    prompter = Scripted(["!deck 9999", "!nothing here", "STOP"])
    install(monkeypatch, prompter)
    result = runner.invoke(cli.main.app, ["play"])
    assert result.exit_code == 130
    assert len(set(prompter.shown)) == 1 and len(prompter.shown) == 3
    assert "Nothing was changed" in result.output and "Refused" in result.output
    after = read(folder)
    assert after.journal_length == before.journal_length and after.state == before.state
    assert after.pending == before.pending


def test_off_terminal_a_bang_answer_is_no_correction(midgame_radlands, monkeypatch):
    """Off-terminal nothing changes: '!…' in --answer is an answer like any other (refused if it does not fit)."""
    monkeypatch.setenv("TABLETOP_NO_PROMPT", "1")
    monkeypatch.setattr("cli.commands.env.Env.interactive", lambda self: False)
    folder = midgame_radlands
    before = read(folder)
    result = runner.invoke(cli.main.app, ["play", "--answer", f"{before.pending['records'][0]['id']}=!-1 deck"])
    assert "table_fix" not in str(read(folder).journal()) and "Traceback" not in result.output


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_rule_help_mentions_bang_once(midgame_radlands, monkeypatch, lang):
    from cli.words.i18n import Translator

    prompter = Scripted(["?", "STOP"])
    install(monkeypatch, prompter)
    result = runner.invoke(cli.main.app, ["--lang", lang, "play"])
    assert result.exit_code == 130
    hint = Translator(lang)("core.fix.ask_hint", add="§").split("§")[0]
    assert " ".join(result.output.split()).count(" ".join(hint.split())) == 1


def test_bang_alone_shows_a_hint_in_the_game_s_words_and_words_without_a_value_list_what_they_name(
        midgame_radlands, monkeypatch):
    """Issue 38 item 5.2: '!' alone never prints the whole list (hundreds of lines in Chaos) before the prompt: the hint
    gives this game's own words; 'hand' alone lists the hands; '?' lists everything; then the correction."""
    folder = midgame_radlands
    before = read(folder)
    prompter = Scripted(["!", "STOP"])
    install(monkeypatch, prompter, ["hand", "?", "-1 deck"])
    result = runner.invoke(cli.main.app, ["play"])
    assert result.exit_code == 130, result.output
    hint, _, rest = result.output.partition("Type the correction")
    assert "What the table can correct now" not in hint  # nothing listed before the hint
    said, filtered, whole = rest.split("What the table can correct now")  # 'hand', then '?'
    assert "('water 2')" in said and "('+1 hand a')" in said  # this game's own words and values
    assert "Player A's cards in hand" in filtered and "Player B's cards in hand" in filtered
    assert "'hand': say which player" in said  # why the words alone are no correction, then what they name
    assert "camp" not in filtered and "camp a 1" in whole and "cards in the discard pile" in whole
    assert read(folder).state["deck"]["count"] == before.state["deck"]["count"] - 1


def test_a_correction_before_the_setup_says_there_is_nothing_to_correct_yet(tmp_path, monkeypatch):
    """Seed 000 (Preparação): nothing of Time of Crisis is on the table until the setup has placed the bots; 'fix'
    said "This game has no corrections yet" and "'red' is not a valid player. Valid: ." (an empty list), before the
    first step and during the setup alike."""
    import json

    from cli_checks import new_game, tt

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    new_game("toc")
    for played in (0, 2):
        for n in range(1, played + 1):
            assert tt("play", "--steps", "1", "--answer", f"toc.setup.{n}=yes").exit_code == 0
        listed = tt("fix", "--list")
        assert listed.exit_code == 0 and "Nothing to correct yet: the values the table may correct come with the setup" \
            in listed.output and "no corrections" not in listed.output
        refused = tt("--lang", "pt-BR", "fix", "legacy red 3")
        assert refused.exit_code == 2 and "Ainda não há nada para corrigir" in refused.output
        assert "Valid: ." not in refused.output and "Válidos: ." not in refused.output
        doc = json.loads(tt("--json", "fix", "legacy red 3").stdout)
        assert doc["ok"] is False and doc["id"] == "core.fix.nothing_yet" and "come with the setup" in doc["message"]


def test_a_json_refusal_carries_the_reason_and_the_valid_range(tmp_path, monkeypatch):
    """Seed 003 / rules file §2.6: VP are never below 0, and Threat is one of the dial's printed numbers."""
    import json

    from cli_checks import new_game, tt

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    new_game("chaos")
    doc = json.loads(tt("--json", "fix", "-1 vp khorne").stdout)
    assert doc["ok"] is False and doc["id"] == "core.fix.out_of_range"
    assert doc["what"] == "Khorne's VP" and doc["value"] == -1 and doc["min"] == 0 and "max" not in doc
    assert doc["valid"] == "≥ 0" and "never below 0" in doc["rule"] and doc["message"].startswith("Refused:")
    pt = json.loads(tt("--json", "--lang", "pt-BR", "fix", "roda khorne 99").stdout)
    assert pt["min"] == 0 and pt["max"] == 9 and pt["what"].startswith("a posição da Roda do Caos de Khorne")
    assert "não pode ser 99" in pt["message"]
