"""Without a terminal, a single answer reused step after step stops one 'play' soon (docs/reference.md, Answers
files: "A single answer (not a list) answers its question in every step that asks it"), instead of running to the
2,000-step cap; a list in an answers file, which brings a new answer each time, is not stopped by it."""

import json

import pytest

import cli.commands.shared as shared
from cli_checks import tt


def in_progress():
    """The step in progress of the current save (None between steps)."""
    from state import paths
    from state.session import Session

    return Session.open(paths.game_dir(status()["name"])).save.pending


def status():
    r = tt("status", "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def queues_game():
    """docs/radlands.md, Queues only: one question ('played') a turn, after the flip."""
    assert tt("new", "radlands", "--track", "queues", "--players", "Ana,Bruno", "--seed", "7").exit_code == 0
    r = tt("play", "--answer", "flip=1", "--dice", "table", "--steps", "1")
    assert r.exit_code == 0, r.output


def test_one_played_answer_reused_every_turn_stops_after_ten_turns(monkeypatch):
    """The brief's case: `--answer played=raid` in Radlands queues only is valid every turn; it used to drive the
    game to the 2,000-step cap (here 60, so the old behaviour fails fast). It stops once the answer served ten
    turns, between steps (no step in progress), exit 0, and says which answer and how to go on."""
    monkeypatch.setattr(shared, "UNATTENDED_STEPS", 60)
    queues_game()
    r = tt("play", "--answer", "played=raid")
    assert r.exit_code == 0, r.output
    assert "the answer given for played has answered its question in 10 steps" in r.output, r.output
    assert "Stopped after 60 steps" not in r.output
    s = status()
    assert s["turn"]["number"] == 1 + shared.UNATTENDED_REUSES and s["next"]["proc"] == "q_start", s
    assert in_progress() is None
    r = tt("--lang", "pt-BR", "play", "--answer", "played=raid", "--steps", "1")  # --steps: the player's own limit
    assert r.exit_code == 0 and "Parei depois" not in r.output, r.output


def test_a_list_in_an_answers_file_is_new_information_each_time(tmp_path):
    """docs/playing.md: "a question asked again takes a list in an answers file": twelve answers, more than the
    reuse limit, all play; then the game asks for the thirteenth (exit 2, the question named)."""
    queues_game()
    answers = tmp_path / "answers.toml"
    answers.write_text('played = [' + ", ".join(['"raid"', '""'] * 6) + ']\n', encoding="utf-8")
    r = tt("play", "--answers", str(answers))
    assert r.exit_code == 2 and "'played'" in r.output and "has answered its question" not in r.output, r.output
    assert status()["turn"]["number"] == 13


@pytest.mark.parametrize("game, new_args, play_args", [
    ("toc", [], ["--answer", "toc.setup.1=yes"]),
    ("chaos", [], ["--answer", "chaos.setup.1=yes"]),
    ("anachrony", [], ["--answer", "anachrony.setup.board=yes"]),
    ("radlands", ["--track", "queues"], ["--answer", "flip=1", "--dice", "table"]),
])
def test_every_game_stops_between_steps_once_an_answer_served_the_limit(monkeypatch, game, new_args, play_args):
    """The limit is the shared 'play' loop's, for every game: with a limit of one step, the first step answered by a
    single answer completes and the run stops there, with the notice and no step left in progress."""
    monkeypatch.setattr(shared, "UNATTENDED_REUSES", 1)
    assert tt("new", game, "--seed", "3", *new_args).exit_code == 0
    r = tt("--json", "play", *play_args)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["ok"] and out["steps_done"] >= 1 and not out["finished"], out
    assert "has answered its question in 1 steps" in r.stderr, r.stderr
    assert in_progress() is None, "stopped between steps"
