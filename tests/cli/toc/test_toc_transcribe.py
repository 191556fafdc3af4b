"""Owner transcriptions that survive an interruption, and printed tracks of another length.

Rules reference §3.0 point 2 (a one-time guided transcription of each mat, owner values replace the
provisional ones), §3.1 (the number of circles per track is MISSING: the provisional mats have 6);
seed 000, Preparação step 4 (the pawn starts on the "0" circle) and AI Buy/Trash (the pawn moves one
circle to the right). The draft and resume design: cli/toc/transcribe.py.
"""

from __future__ import annotations

import json
import tomllib

import pytest

from automata.toc.data import load
from cli.toc.transcribe import draft_path
from test_toc_helpers import MAT, answers_file, full_answers, overrides_path, run, run_json


def draft(what=f"mat-{MAT}"):
    return draft_path(what)


def first(answers: dict, n: int) -> dict:
    return dict(list(answers.items())[:n])


def rest(answers: dict, n: int) -> dict:
    return dict(list(answers.items())[n:])


def test_a_stopped_transcription_keeps_its_answers_and_resumes(tmp_path, _tabletop_home):
    """A run that stops half-way keeps every answer given; the next run uses them and asks only the rest."""
    answers = full_answers(**{"military.1.cost": 7})
    result = run("--answers", answers_file(tmp_path, first(answers, 5)), "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 2
    assert not overrides_path(_tabletop_home).exists()
    kept = tomllib.loads(draft().read_text(encoding="utf-8"))["answers"]
    assert kept == first(answers, 5)
    # no answers at all: the run goes on after the five kept ones
    result = run("--json", "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["id"] == list(answers)[5]
    assert out["kept"] == 5
    # the rest: the kept answers fill the beginning (military.1.cost = 7 was given only in the first run)
    data = run_json("--answers", answers_file(tmp_path, rest(answers, 5)), "toc", "mat", "maximinus", "--edit")
    assert data["resumed"] == 5
    saved = tomllib.loads(overrides_path(_tabletop_home).read_text(encoding="utf-8"))
    assert saved["mats"][MAT]["track"]["military"][1]["cost"] == 7
    assert not draft().exists()  # saved: the draft is gone


def test_restart_forgets_the_kept_answers(tmp_path):
    answers = full_answers()
    run("--answers", answers_file(tmp_path, first(answers, 3)), "toc", "mat", "maximinus", "--edit")
    assert draft().exists()
    result = run("--json", "toc", "mat", "maximinus", "--edit", "--restart")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["id"] == list(answers)[0]


def test_a_kept_answer_that_no_longer_fits_is_asked_again(tmp_path):
    """A draft is only a convenience: an answer its question refuses is dropped and asked again."""
    path = draft()
    path.parent.mkdir(parents=True)
    path.write_text(f'[answers]\n"toc.mat.{MAT}.military.circles" = 99\n', encoding="utf-8")
    result = run("--json", "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["id"] == f"toc.mat.{MAT}.military.circles"


def test_ctrl_c_keeps_the_answers_given_and_writes_no_owner_file(tmp_path, monkeypatch, _tabletop_home):
    """Ctrl-C at a terminal prompt: exit 130, the answers so far kept in the draft, overrides/toc.toml untouched."""
    from cli.terminal import prompter
    from cli.commands.env import Env

    def interrupted(self, ask):
        raise KeyboardInterrupt

    monkeypatch.setattr(Env, "interactive", lambda self: True)
    monkeypatch.setattr(prompter.TerminalPrompter, "answer", interrupted)
    answers = full_answers()
    result = run("--answers", answers_file(tmp_path, first(answers, 4)), "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 130
    assert tomllib.loads(draft().read_text(encoding="utf-8"))["answers"] == first(answers, 4)
    assert not overrides_path(_tabletop_home).exists()


def test_an_interrupted_final_write_leaves_the_old_owner_file_whole(tmp_path, monkeypatch, _tabletop_home):
    """The owner file is replaced atomically: interrupted at the last moment, the previous file is intact
    and the draft is still there, so the same command finishes the job."""
    import state.atomic

    path = overrides_path(_tabletop_home)
    path.parent.mkdir(parents=True)
    before = '[rules.settings]\npretender_cap = "legacy_gained_this_turn"\n'
    path.write_text(before, encoding="utf-8")
    real = state.atomic.os.replace

    def interrupted(src, dst):
        if str(dst) == str(path):
            raise KeyboardInterrupt
        return real(src, dst)

    monkeypatch.setattr(state.atomic.os, "replace", interrupted)
    answers = answers_file(tmp_path, full_answers())
    result = run("--answers", answers, "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 130
    assert path.read_text(encoding="utf-8") == before
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert draft().exists()
    monkeypatch.setattr(state.atomic.os, "replace", real)
    assert run("toc", "mat", "maximinus", "--edit").exit_code == 0  # all answers kept: nothing to ask
    assert tomllib.loads(path.read_text(encoding="utf-8"))["rules"]["settings"]["pretender_cap"] == "legacy_gained_this_turn"


@pytest.mark.parametrize("count", [4, 8])
def test_a_printed_track_with_fewer_or_more_circles(tmp_path, count):
    """Rules reference §3.1: the number of circles per track is not public (6 provisional); the owner's count
    replaces the whole track, and later games use it (the last circle is where a pawn stops advancing)."""
    answers = full_answers()
    answers[f"toc.mat.{MAT}.senate.circles"] = count
    for n in range(6, count):
        for f, v in (("cost", 5), ("primary", 9), ("secondary", 5), ("primary_event", 4), ("secondary_event", 0)):
            answers[f"toc.mat.{MAT}.senate.{n}.{f}"] = v
    data = run_json("--answers", answers_file(tmp_path, answers), "toc", "mat", "maximinus", "--edit")
    assert len(data["values"]["track"]["senate"]) == count
    shown = run_json("toc", "mat", "maximinus")["mat"]["track"]["senate"]
    assert len(shown) == count
    assert all(c["confidence"] == "owner" for c in shown)
    if count == 8:
        assert shown[7] == {**shown[7], "cost": 5, "primary": 9, "primary_event": 4}
        assert "secondary_event" not in shown[7]  # 0: no circled number
    saved = tomllib.loads(overrides_path(tmp_path / "tabletop-home").read_text(encoding="utf-8"))
    assert len(load(saved).mat(MAT)["track"]["senate"]) == count


def test_circle_count_outside_the_range_is_refused(tmp_path):
    result = run("--answer", f"toc.mat.{MAT}.military.circles=1", "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 2
    assert f"toc.mat.{MAT}.military.circles" in result.output


# --- the AI Action Priority List and the AI Event Guidelines ----------------------------------------------


def priority_answers(n: int = 2) -> dict:
    out = {"toc.priority.count": n}
    for i in range(1, n + 1):
        out.update({f"toc.priority.{i}.action": "place_governor" if i == 1 else "other", f"toc.priority.{i}.name": "Sack a City",
                    f"toc.priority.{i}.influence": "senate" if i == 1 else "military", f"toc.priority.{i}.cost": "ask" if i == 1 else 3,
                    f"toc.priority.{i}.criteria": "governs fewer than 3 provinces", f"toc.priority.{i}.target": "",
                    f"toc.priority.{i}.repeat": "no"})
    return out


def test_priority_edit_saves_the_owners_list_for_new_games(tmp_path, _tabletop_home):
    """Rules reference §3.4: the owner's list, entry by entry, replaces the provisional one; `toc priority` marks it
    as the owner's, `data check` no longer lists it, and a new game's bots use it."""
    before = run_json("toc", "priority")
    assert len(before["provisional"]) == len(before["entries"])
    data = run_json("--answers", answers_file(tmp_path, priority_answers()), "toc", "priority", "--edit")
    assert [e["id"] for e in data["entries"]] == ["place_governor", "other_2"]
    saved = tomllib.loads(overrides_path(_tabletop_home).read_text(encoding="utf-8"))
    assert saved["priority"][1] == {"order": 2, "id": "other_2", "action": "other", "name": "Sack a City", "influence": "military",
                                    "cost": 3, "criteria": "governs fewer than 3 provinces", "repeat": False}
    after = run_json("toc", "priority")
    assert after["provisional"] == [] and [e["confidence"] for e in after["entries"]] == ["owner", "owner"]
    listed = run_json("data", "check", "toc")
    assert not [i for g in listed["games"] for i in g["items"] if i["key"].startswith("priority")]
    shown = run("toc", "priority")
    assert "Sack a City" in shown.output and "yours" in shown.output and "PROVISIONAL" not in shown.output
    assert run("new", "toc", "--bots", "red,blue,yellow", "--name", "g1").exit_code == 0
    from automata.toc.game import data_of
    from state import paths, save

    state = save.read(paths.game_dir("g1")).state
    assert [e["id"] for e in data_of(state).priority] == ["place_governor", "other_2"]


def test_priority_edit_resumes_and_refuses_bad_costs(tmp_path, _tabletop_home):
    answers = priority_answers()
    result = run("--answers", answers_file(tmp_path, first(answers, 4)), "toc", "priority", "--edit")
    assert result.exit_code == 2
    assert draft_path("priority").exists()
    bad = {**rest(answers, 4), "toc.priority.1.cost": "lots"}
    result = run("--answers", answers_file(tmp_path, bad), "toc", "priority", "--edit")
    assert result.exit_code == 2 and "toc.priority.1.cost" in result.output
    assert run("--answers", answers_file(tmp_path, rest(answers, 4)), "toc", "priority", "--edit").exit_code == 0
    assert not draft_path("priority").exists()


def test_guidelines_edit_and_view(tmp_path, _tabletop_home):
    """Rules reference §3.5: one guideline per pile (category and set), in the owner's words; empty = none printed."""
    data = load()
    answers = {f"toc.guideline.{c['id']}.{w}": "" for c in data.categories for w in ("base", "expansion")}
    answers["toc.guideline.senate_4.base"] = "Play it during its first Place Governor."
    out = run_json("--answers", answers_file(tmp_path, answers), "toc", "guidelines", "--edit")
    assert out["guidelines"] == {"senate_4:base": "Play it during its first Place Governor."}
    view = run_json("toc", "guidelines")
    assert view["provisional"] is False
    assert view["guidelines"]["senate_4:base"].startswith("Play it")
    assert view["guidelines"]["senate_4:expansion"] == ""
    pt = run("--lang", "pt-BR", "toc", "guidelines")
    assert pt.exit_code == 0 and "toc.priority" not in pt.output and "Play it during" in pt.output
