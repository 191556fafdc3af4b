"""The journal written after each step: the same bytes as the whole journal serialised at once, with only the new
entry serialised (issue 40: the whole journal serialised again after every step made a long game quadratic).
state/save.py ``journal_text``; the save's digest of the journal (``journal_sha256``) is of these bytes."""

import pytest
import tomli_w

from automata.core.runner import ScriptedAnswers
from state.save import JOURNAL_FILE, dumps, read, sha256
from state.session import Session
from test_state_session import toy  # the tiny test game (tests/fixtures/toy_game.py)


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch):
    toy.register(monkeypatch)


def _whole(save) -> str:
    """The journal as the program wrote it before: the whole journal serialised in one go."""
    return dumps({"schema_version": save.schema_version, "entries": save.journal()[: save.journal_length]})


def _play(session: Session, steps: int) -> None:
    session.play(ScriptedAnswers({"toy.add": [1] * steps, "toy.bonus": ["yes"] * steps}), max_steps=steps)


def test_each_step_writes_the_whole_journal_bytes_serialising_only_its_own_entry(monkeypatch):
    session = Session.create("long", "toy", {"steps": 12}, 3, {"dice": "app"}, "2024-01-01")
    serialised = []
    real = tomli_w.dumps
    monkeypatch.setattr(tomli_w, "dumps", lambda data, **kw: serialised.append(real(data, **kw)) or serialised[-1])
    for n in range(1, 13):
        serialised.clear()
        _play(session, 1)
        # the step's one new entry is the only one serialised (the whole journal has n)
        assert sum(text.count("[[entries]]") for text in serialised) == 1, n
        raw = (session.save.folder / JOURNAL_FILE).read_bytes()
        assert raw.decode("utf-8") == _whole(session.save)
        assert session.save.journal_sha256 == sha256(raw)
    assert read(session.save.folder).journal_length == 12  # read back: digests and shape sound


def test_an_entry_put_in_the_place_of_a_written_one_is_serialised():
    """A journal entry is never changed in place once written (state/save.py ``journal_text``): a new entry object
    at a place (undo, then another answer) is written with its own text, not the text of the entry it replaced."""
    session = Session.create("replaced", "toy", {"steps": 6}, 3, {"dice": "app"}, "2024-01-01")
    _play(session, 3)
    session.undo(1)
    session.play(ScriptedAnswers({"toy.add": [2], "toy.bonus": ["no"]}), max_steps=1)
    text = (session.save.folder / JOURNAL_FILE).read_text(encoding="utf-8")
    assert text == _whole(session.save)
    assert [r["value"] for r in session.save.journal()[2]["records"] if r["id"] == "toy.add"] == [2]


def test_undo_then_play_writes_the_journal_as_a_whole_serialisation_would():
    session = Session.create("undone", "toy", {"steps": 8}, 3, {"dice": "app"}, "2024-01-01")
    _play(session, 5)
    session.undo(2)
    assert (session.save.folder / JOURNAL_FILE).read_text(encoding="utf-8") == _whole(session.save)
    _play(session, 2)
    assert session.save.journal_length == 5
    assert (session.save.folder / JOURNAL_FILE).read_text(encoding="utf-8") == _whole(session.save)


def test_an_empty_journal_is_written_as_before():
    session = Session.create("empty", "toy", {"steps": 3}, 3, {"dice": "app"}, "2024-01-01")
    assert (session.save.folder / JOURNAL_FILE).read_text(encoding="utf-8") == _whole(session.save)
