"""The owner's file is the owner's (issue 16): `toc mat --edit`, `toc priority --edit` and `toc guidelines --edit`
write their values into `overrides/toc.toml` in place. Every line the owner wrote (comments, order, spacing,
quotes) is still there, byte for byte, in its order; only the edited values change; the file keeps its mode.
Rules reference §3.0 point 2: the owner's values replace the provisional ones (cli/setup/owner_toml.py)."""

from __future__ import annotations

import os
import stat
import tomllib

import pytest

from automata.toc.data import load
from test_toc_helpers import MAT, answers_file, full_answers, overrides_path, run, run_json
from test_toc_transcribe import priority_answers

# Written by hand: comments everywhere, tables out of the program's order, odd spacing, a literal string.
OWNER = """\
# Our Time of Crisis box, typed by Ana (keep this note!)

[rules.settings]
option2_event_choice = 'face_up'     # we always name the face-up card's set

# --- Maximinus Thrax, as printed on our mat ---------------------------
[mats.maximinus_thrax.mode.4]
secondary = "none"        # checked twice
primary   = "available"

[mats.maximinus_thrax.track]
military = [
  # circle 0 is the start
  {cost = 0, primary = 3, secondary = 2, primary_event = 0, secondary_event = 0},
  {cost = 2, primary = 4, secondary = 2, primary_event = 2, secondary_event = 0},   # circle 1
  {cost = 3, primary = 5, secondary = 3, primary_event = 2, secondary_event = 2},
  {cost = 4, primary = 6, secondary = 3, primary_event = 3, secondary_event = 2},
  {cost = 4, primary = 7, secondary = 4, primary_event = 3, secondary_event = 3},
  {cost = 4, primary = 8, secondary = 4, primary_event = 4, secondary_event = 3},
]

# the end of Ana's notes
"""


def write_owner(home, text: str = OWNER, mode: int = 0o640):
    path = overrides_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)
    assert load(tomllib.loads(text))  # the hand-written file is a valid override to begin with
    return path


def assert_kept(before: str, after: str) -> None:
    """Every line of ``before`` is in ``after``, byte for byte and in the same order (new lines may come between)."""
    lines = iter(after.splitlines())
    for line in before.splitlines():
        assert any(line == other for other in lines), f"the owner's line {line!r} was lost or moved"


def test_mat_edit_changes_only_the_edited_value(tmp_path, _tabletop_home):
    path = write_owner(_tabletop_home)
    run_json("--answers", answers_file(tmp_path, full_answers(**{"military.1.cost": 7})), "toc", "mat", "maximinus", "--edit")
    after = path.read_text(encoding="utf-8")
    # the one edited value changed in its place, its line otherwise as the owner wrote it
    edited = OWNER.replace("{cost = 2, primary = 4, secondary = 2, primary_event = 2, secondary_event = 0},   # circle 1",
                           "{cost = 7, primary = 4, secondary = 2, primary_event = 2, secondary_event = 0},   # circle 1")
    assert edited != OWNER
    assert_kept(edited, after)
    saved = tomllib.loads(after)
    assert saved["rules"]["settings"]["option2_event_choice"] == "face_up"
    assert saved["mats"][MAT]["track"]["military"][1]["cost"] == 7
    assert load(saved).mat(MAT)["track"]["military"][1]["cost"] == 7
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert path.with_name("toc.toml.bak").read_text(encoding="utf-8") == OWNER


def test_mat_edit_with_nothing_changed_leaves_the_owners_text_whole(tmp_path, _tabletop_home):
    """Values equal to the ones written are not rewritten: 'face_up' keeps its quotes, `primary   =` its spaces."""
    path = write_owner(_tabletop_home, mode=0o644)
    run_json("--answers", answers_file(tmp_path, full_answers()), "toc", "mat", "maximinus", "--edit")
    after = path.read_text(encoding="utf-8")
    assert_kept(OWNER, after)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644


def test_priority_edit_keeps_the_owners_file(tmp_path, _tabletop_home):
    path = write_owner(_tabletop_home, mode=0o664)
    run_json("--answers", answers_file(tmp_path, priority_answers()), "toc", "priority", "--edit")
    first = path.read_text(encoding="utf-8")
    assert_kept(OWNER, first)
    assert [e["id"] for e in tomllib.loads(first)["priority"]] == ["place_governor", "other_2"]
    # edited again with one cost changed: the list the first edit wrote changes in that value only
    run_json("--answers", answers_file(tmp_path, {**priority_answers(), "toc.priority.2.cost": 5}), "toc", "priority", "--edit")
    second = path.read_text(encoding="utf-8")
    assert first.count("cost = 3\ncriteria") == 1
    assert second == first.replace("cost = 3\ncriteria", "cost = 5\ncriteria")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o664


def test_guidelines_edit_keeps_the_owners_file(tmp_path, _tabletop_home):
    path = write_owner(_tabletop_home, mode=0o600)
    data = load()
    answers = {f"toc.guideline.{c['id']}.{w}": "" for c in data.categories for w in ("base", "expansion")}
    answers["toc.guideline.senate_4.base"] = "Play it during its first Place Governor."
    out = run_json("--answers", answers_file(tmp_path, answers), "toc", "guidelines", "--edit")
    assert out["guidelines"] == {"senate_4:base": "Play it during its first Place Governor."}
    after = path.read_text(encoding="utf-8")
    assert_kept(OWNER, after)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_a_new_owner_file_gets_the_usual_mode(tmp_path, _tabletop_home):
    """No file yet: it is created readable as any file the owner makes (0666 less the umask), not 0600."""
    umask = os.umask(0o022)
    try:
        run_json("--answers", answers_file(tmp_path, priority_answers()), "toc", "priority", "--edit")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(overrides_path(_tabletop_home)).st_mode) == 0o644


# --- cli/setup/owner_toml.py on the shapes a person writes ----------------------------------------------------

SHAPES = {
    "dotted keys": '[mats.maximinus_thrax]\nmode.4.primary = "available"   # dotted\narea_order = ["military", "senate", "populace"]\n',
    "a table after its sub-table": "[mats.x.track]\na = 1\n[rules.settings]\nb = 2\n[mats.x]   # after\nc = 3\n",
    "[[tables]]": '# list\n[[priority]]\norder = 1   # first\ncost = "ask"\n\n[[priority]]\norder = 2\ncost = 3\n',
    "inline tables": 'events = { guidelines = { mode = "ask" } }  # inline\nb = [{x = 1}, {x = 2}]\n',
    "arrays": "a = [1, 2,  3]  # spaced\n",
}


def _changed(data: dict) -> list[dict]:
    """A few edits of ``data``: a value changed, a key added, a list grown and shrunk, a new table."""
    import copy

    out = []
    for edit in ("value", "grow", "shrink", "table"):
        new = copy.deepcopy(data)

        def walk(node):
            for key, value in node.items():
                if isinstance(value, dict):
                    return walk(value)
                if isinstance(value, list):
                    if edit == "grow":
                        value.append(value[-1] if not isinstance(value[-1], dict) else {**value[-1]})
                    elif edit == "shrink":
                        del value[1:]
                    elif edit == "value" and isinstance(value[-1], dict):
                        value[-1][next(iter(value[-1]))] = 99
                    return True
                if edit == "value":
                    node[key] = 99 if not isinstance(value, int) or value != 99 else 98
                    return True
            node["added"] = 7
            return True

        walk(new)
        if edit == "table":
            new["zz"] = {"q": [1, 2], "r": {"s": "t"}}
        out.append(new)
    return out


@pytest.mark.parametrize("name", list(SHAPES))
def test_owner_toml_writes_the_wanted_values_and_keeps_the_comments(name):
    from cli.setup.owner_toml import updated_text

    old = SHAPES[name]
    data = tomllib.loads(old)
    assert updated_text(old, data) == old  # nothing changed: not one byte
    comments = [line[line.index("#"):] for line in old.splitlines() if "#" in line]
    for new in _changed(data):
        text = updated_text(old, new)
        assert tomllib.loads(text) == new, text
        for comment in comments:
            assert comment in text, text


def test_what_the_owner_changes_during_a_transcription_stays(tmp_path, monkeypatch, _tabletop_home):
    """The values are merged into the file as it is when they are saved, not as it was when the command started."""
    import cli.toc.transcribe as transcribe

    path = write_owner(_tabletop_home)
    original = transcribe.transcribe

    def owner_edits_meanwhile(*args, **kwargs):
        done = original(*args, **kwargs)
        path.write_text(OWNER + '\n[rules.settings.extra_note]  # added while the table was answering\n', encoding="utf-8")
        return done

    monkeypatch.setattr(transcribe, "transcribe", owner_edits_meanwhile)
    # the test writes a table that the loader refuses (an unknown key): the save must validate the file as it is now
    result = run("--answers", answers_file(tmp_path, priority_answers()), "toc", "priority", "--edit")
    assert result.exit_code == 1 and "extra_note" in result.output
    assert "[rules.settings.extra_note]" in path.read_text(encoding="utf-8")  # refused: nothing written over it
    write_owner(_tabletop_home)

    def owner_adds_a_comment(*args, **kwargs):
        done = original(*args, **kwargs)
        path.write_text("# a note written during the transcription\n" + OWNER, encoding="utf-8")
        return done

    monkeypatch.setattr(transcribe, "transcribe", owner_adds_a_comment)
    run_json("--answers", answers_file(tmp_path, priority_answers()), "toc", "priority", "--edit")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# a note written during the transcription\n")
    assert_kept(OWNER, text)
    assert [e["id"] for e in tomllib.loads(text)["priority"]] == ["place_governor", "other_2"]
