"""The clocks (issue 24 part 1, state/clock.py): game time, each seat's time and the breaks, summed from the time
stamps state/session.py writes in the save and the journal."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from state import clock, paths
from state.save import read, write
from state.session import Session
from test_state_session import answers_for, new, toy  # the tiny test game (tests/fixtures/toy_game.py)

import radlands_policy


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch):
    toy.register(monkeypatch)


def at(hhmmss: str, day: int = 1) -> str:
    return f"2026-03-{day:02d}T{hhmmss}Z"


def entry(started, ended, *answers):
    """A journal entry: reached at ``started``, done at ``ended``, each answer (time, seat) in between."""
    return {"started": started, "ended": ended,
            "records": [{"id": f"q{i}", "value": 1, "at": t, **({"seat": s} if s else {})} for i, (t, s) in enumerate(answers)]}


class Ticker:
    """The clock of a test: ``now()`` is the moment set last."""

    def __init__(self, monkeypatch, start: str):
        self.moment = start
        monkeypatch.setattr(clock, "now", lambda: self.moment)


# -- the arithmetic -------------------------------------------------------------------------------------------


def test_the_time_before_an_answer_is_its_seats_and_the_rest_is_game_time_only():
    tally = clock.tally_of([
        entry(at("10:00:00"), at("10:03:10"), (at("10:02:00"), "ana"), (at("10:03:00"), "bia")),  # 120 s ana, 60 s bia
        entry(at("10:03:20"), at("10:03:25")),  # a bot's turn: 10 s since the last step, 5 s of its own
        entry(at("10:03:25"), at("10:05:25"), (at("10:04:25"), ""), (at("10:05:25"), "ana")),  # the table's question, then ana
    ])
    assert tally["play_seconds"] == 325 and tally["breaks"] == 0
    assert tally["seats"] == {"ana": 180, "bia": 60}
    assert tally["started"] == at("10:00:00") and tally["ended"] == at("10:05:25") and tally["through"] == 3


def test_a_gap_longer_than_the_threshold_is_a_break_not_play():
    """Issue 24: a gap between steps longer than the threshold (10 minutes) counts as a break."""
    limit = clock.BREAK_AFTER_SECONDS
    assert limit == 600
    just = clock.tally_of([entry(at("10:00:00"), at("10:10:00"), (at("10:10:00"), "ana"))])
    assert just["play_seconds"] == limit and just["seats"] == {"ana": limit} and just["breaks"] == 0
    over = clock.tally_of([entry(at("10:00:00"), at("10:10:02"), (at("10:10:01"), "ana"))])
    assert over["play_seconds"] == 1 and over["seats"] == {} and over["breaks"] == 1
    # a seat thinking for longer than the threshold is on a break too: the waiting counts for nobody
    long = clock.tally_of([entry(at("10:00:00"), at("10:30:05"), (at("10:30:00"), "ana"))])
    assert long["play_seconds"] == 5 and long["seats"] == {} and long["breaks"] == 1


def test_a_game_resumed_the_next_day_does_not_count_the_night():
    tally = clock.tally_of([
        entry(at("21:00:00"), at("21:40:00"), (at("21:09:00"), "ana"), (at("21:18:00"), "bia"), (at("21:27:00"), "ana"),
              (at("21:36:00"), "bia")),
        entry(at("09:15:00", day=2), at("09:20:00", day=2), (at("09:20:00", day=2), "ana")),
    ])
    assert tally["play_seconds"] == 40 * 60 + 5 * 60
    assert tally["seats"] == {"ana": 18 * 60 + 5 * 60, "bia": 18 * 60}
    assert tally["breaks"] == 1
    assert tally["started"] == at("21:00:00") and tally["ended"] == at("09:20:00", day=2)


def test_the_threshold_of_a_save_and_a_clock_set_back():
    assert clock.break_after({}) == 600 and clock.break_after({"break_after_minutes": 30}) == 1800
    assert clock.break_after({"break_after_minutes": 0}) == 600 and clock.break_after({"break_after_minutes": "x"}) == 600
    entries = [entry(at("10:00:00"), at("10:20:00"), (at("10:20:00"), "ana"))]
    assert clock.tally_of(entries, 1800)["seats"] == {"ana": 1200}
    back = clock.tally_of([entry(at("10:00:00"), at("10:00:30"), (at("09:00:00"), "ana"), (at("10:00:20"), "bia"))])
    assert back["play_seconds"] == 30 and back["seats"] == {"bia": 20}  # an hour back is no negative time
    assert clock.tally_of([{"started": "not a time", "records": [{"id": "q", "value": 1, "at": 5}]}])["started"] == ""


def test_clocks_of_a_save_add_the_step_in_progress_to_the_journals_sum():
    journal = [entry(at("10:00:00"), at("10:01:00"), (at("10:01:00"), "ana"))]
    pending = {"step": {"proc": "x"}, "started": at("10:01:30"), "records": [{"id": "q", "value": 1, "at": at("10:02:30"), "seat": "bia"}]}
    save = SimpleNamespace(settings={}, journal_length=1, clock=clock.tally_of(journal), pending=pending,
                           journal=lambda: pytest.fail("a sound tally is enough: the journal is not read"))
    c = clock.clocks(save)
    assert c == {"started": at("10:00:00"), "ended": at("10:01:00"), "play_seconds": 150, "seats": {"ana": 60, "bia": 60},
                 "breaks": 0, "break_after_seconds": 600}
    stale = SimpleNamespace(settings={}, journal_length=1, clock=dict(clock.tally_of([]), through=0), pending=None,
                            journal=lambda: journal)
    assert clock.clocks(stale)["play_seconds"] == 60  # a tally of fewer entries: summed from the journal again
    older = SimpleNamespace(settings={}, journal_length=1, clock=None, pending=pending,
                            journal=lambda: pytest.fail("a save without [clock] has no stamps in its journal"))
    assert clock.clocks(older)["play_seconds"] == 60 and clock.clocks(older)["seats"] == {"bia": 60}


def test_now_is_utc_in_seconds_and_tabletop_now_fixes_it(monkeypatch):
    monkeypatch.delenv(clock.NOW_ENV, raising=False)
    stamp = clock.now()
    assert clock.parse(stamp) is not None and stamp.endswith("Z") and len(stamp) == 20
    monkeypatch.setenv(clock.NOW_ENV, "2026-05-01T08:00:00Z")
    assert clock.now() == clock.now() == "2026-05-01T08:00:00Z"
    monkeypatch.setenv(clock.NOW_ENV, "2026-05-01T08:00:00Z+45")
    clock.restart()
    assert [clock.now() for _ in range(3)] == ["2026-05-01T08:00:00Z", "2026-05-01T08:00:45Z", "2026-05-01T08:01:30Z"]


# -- the stamps the session writes ----------------------------------------------------------------------------


def test_a_waiting_question_is_stamped_when_reached_and_when_answered(monkeypatch):
    ticker = Ticker(monkeypatch, at("10:00:00"))
    s = new("w", steps=3)
    r = s.play(answers_for([]))
    assert r.pending is not None and r.pending.id == "toy.add"
    on_disk = read(paths.game_dir("w"))
    assert on_disk.pending["started"] == at("10:00:00") and on_disk.pending["records"] == []  # written while it waits
    ticker.moment = at("10:04:00")
    s = Session.open(paths.game_dir("w"))
    s.play(answers_for([2], [True]), max_steps=1)
    first = Session.open(paths.game_dir("w")).save.journal()[0]
    assert first["started"] == at("10:00:00") and first["ended"] == at("10:04:00")
    assert [r["at"] for r in first["records"]] == [at("10:04:00")] * len(first["records"])
    assert all("seat" not in r for r in first["records"])  # the test game has no seats
    assert clock.clocks(read(paths.game_dir("w")))["play_seconds"] == 240


def test_the_tally_in_the_save_is_the_journals_sum_and_undo_drops_the_undone_stamps(monkeypatch):
    ticker = Ticker(monkeypatch, at("10:00:00"))
    s = new("u", steps=6)
    for minute in range(1, 5):
        ticker.moment = at(f"10:0{minute}:00")
        s.play(answers_for([1], [True]), max_steps=1)
    ticker.moment = at("11:00:00")  # an hour later: a break
    s.play(answers_for([1], [True]), max_steps=1)
    back = read(paths.game_dir("u"))
    journal = Session.open(paths.game_dir("u")).save.journal()
    assert back.clock == clock.tally_of(journal) and back.clock["through"] == 5
    assert clock.clocks(back)["play_seconds"] == 3 * 60 and clock.clocks(back)["breaks"] == 1
    kept = [dict(e) for e in journal[:3]]
    s = Session.open(paths.game_dir("u"))
    s.undo(2)
    after = read(paths.game_dir("u"))
    assert after.clock == clock.tally_of(kept) and clock.clocks(after)["play_seconds"] == 2 * 60 and clock.clocks(after)["breaks"] == 0
    assert Session.open(paths.game_dir("u")).save.journal() == kept  # the replay keeps the journal's own stamps


def test_a_save_without_stamps_still_reads_and_its_clocks_are_empty():
    s = new("old", steps=3)
    s.play(answers_for([1, 2], [True]), max_steps=2)
    save = s.save
    for e in save.journal():
        for key in ("started", "ended"):
            e.pop(key)
        for r in e["records"]:
            r.pop("at", None)
    save.clock = None
    write(save)
    back = read(paths.game_dir("old"))
    assert back.clock is None and back.journal_length == 2
    assert clock.clocks(back) == {"started": "", "ended": "", "play_seconds": 0, "seats": {}, "breaks": 0,
                                  "break_after_seconds": 600}
    s = Session.open(paths.game_dir("old"))
    s.play(answers_for([3], [True]), max_steps=1)  # the game goes on, stamped from now on
    assert read(paths.game_dir("old")).clock["through"] == 3


def test_a_real_games_answers_are_their_sides_time(monkeypatch):
    """Radlands: every question of a side's turn is that side's (automata/radlands/seats.py); each stamp 7 s after
    the one before, so every answer adds time to the seat whose question it was."""
    monkeypatch.setenv(clock.NOW_ENV, "2026-03-01T20:00:00Z+7")
    clock.restart()
    s = Session.create("rad", "radlands", {"first_game": True, "names": [], "track": "full", "menu": 3}, 5, {"dice": "app"})
    policy = radlands_policy.Policy(5)
    s.play(policy, max_steps=60)
    back = read(paths.game_dir("rad"))
    journal = Session.open(paths.game_dir("rad")).save.journal()
    assert back.clock == clock.tally_of(journal)
    seats = {r["seat"] for e in journal for r in e["records"] if "seat" in r}
    assert seats == {"a", "b"}
    for e in journal:
        for r in e["records"]:
            assert r.get("seat") == (e["step"].get("p") or (r["id"].split(".")[1] if r["id"].startswith("camps.") else None))
    c = clock.clocks(back)
    assert set(c["seats"]) == {"a", "b"} and sum(c["seats"].values()) < c["play_seconds"] and c["breaks"] == 0
    answered = sum(1 for e in journal for r in e["records"] if "seat" in r)
    assert sum(c["seats"].values()) == 7 * answered
