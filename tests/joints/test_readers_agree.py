"""The joints, second round: where two readers of one save meet they say the same, for every game of the registry
(tests/joints/drivers.py; a fifth game gets these checks by its row there). A few short scripted games a game.

- a reminder can be set at every step while a moment of the game is still to come (never "the game is over" in
  the middle of a round), and one set within a moment is said the next time its word comes, at no other step;
- the table's reminders read alike by `remind --list`, `status --json`, `status` and the seat's phone, after
  `undo` and `--remove` too;
- the start player is one seat in `status --json`, `history --json`, `export --json` and every seat's phone page;
- each seat's clock (`status --json`, `history --json`, `export --json`) is the sum of that seat's waits that
  `log --json` lists answer by answer (who answered, when, after how long).
"""

from __future__ import annotations

import json

import pytest
from drivers import Table, first_tables

from automata.core import fixstep, ineffect
from automata.core.games import load_game
from automata.core.runner import DiceContext, run


# -- a reminder while the game goes on ---------------------------------------------------------------------------
@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_a_reminder_can_be_set_while_a_moment_is_still_to_come(table):
    """`tabletop remind` refuses with "the game is over" only when no step of the game enters a moment any more
    (issue 39: the table sets a reminder whenever it thinks of it). One set at a step within a moment already
    entered (Chaos's End phase after its first step, rules file §1.3) is said the next time its word comes and at no
    step in between."""
    game = fixstep.WithCorrections(load_game(table.game))
    module = ineffect.module_of(table.game)
    state = game.new_state(game.check_options(dict(table.options)), 5)
    policy = table.player(5)
    refused, entering, set_within = [], [], None
    for n in range(1, 5000):
        step = game.next_step(state)
        if step is None:
            break
        moment = module.moment(state, step)
        if moment is not None and moment.enters:
            entering.append(n)
        for word in module.MOMENTS:
            try:
                ineffect.check_add(table.game, game, state, {"text": f"at {word}", "at": word})
            except ineffect.RemindError as e:
                refused.append((n, step.get("proc"), word, e.msg.id))
        if set_within is None and moment is not None and not moment.enters:  # within a moment: set one at each word
            set_within = n, moment
            for word in module.MOMENTS:
                add = ineffect.check_add(table.game, game, state, {"text": f"at {word}", "at": word})
                assert run(game.procedure(state, ineffect.remind_step(add=add)), dice=DiceContext(5, 0, "app")).done
        policy.state = state
        result = run(game.procedure(state, step), policy, dice=DiceContext(5, n, "app"))
        assert result.done, f"{table.label}: step {step} stopped at {result.pending_id}"
        said = [e.msg.params["text"] for e in result.transcript if e.kind == "say" and e.msg.id == "core.remind.raised"]
        if set_within is not None:  # each is said at its own word's next entering, nowhere else
            assert said == ([f"at {moment.word}"] if moment is not None and moment.enters else []), (
                f"{table.label}: step {n} ({step.get('proc')}) said {said}; set at step {set_within[0]}")
    else:
        raise AssertionError(f"{table.label}: the game did not end")
    assert entering, table.label
    early = [r for r in refused if r[0] < entering[-1]]
    assert not early, f"{table.label}: refused while a moment is still to come (last at step {entering[-1]}): {early[:3]}"


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_a_one_time_reminder_for_a_word_already_past_is_said_at_that_word(table):
    """`remind TEXT --at WORD --once` set after WORD came this round (or turn) is said the next time WORD comes,
    at no moment before it (issue 39: the table named the moment), not at the first moment of the next round. The
    game's second word after setup comes every round (turn, Era) of every game, so it comes again."""
    game = fixstep.WithCorrections(load_game(table.game))
    module = ineffect.module_of(table.game)
    word = module.MOMENTS[2]
    state = game.new_state(game.check_options(dict(table.options)), 5)
    policy = table.player(5)
    set_at = None
    for n in range(1, 5000):
        step = game.next_step(state)
        if step is None:
            break
        moment = module.moment(state, step)
        if set_at is None and moment is not None and moment.enters and list(module.MOMENTS).index(moment.word) > 2:
            set_at = n, moment
            add = ineffect.check_add(table.game, game, state, {"text": "once", "at": word, "once": True})
            assert run(game.procedure(state, ineffect.remind_step(add=add)), dice=DiceContext(5, 0, "app")).done
        policy.state = state
        result = run(game.procedure(state, step), policy, dice=DiceContext(5, n, "app"))
        assert result.done, f"{table.label}: step {step} stopped at {result.pending_id}"
        said = [e for e in result.transcript if e.kind == "say" and e.msg.id.startswith("core.remind.raised")]
        if said:
            assert moment is not None and moment.word == word, (
                f"{table.label}: '--once --at {word}' set at step {set_at[0]} ({set_at[1].word}) was said at step "
                f"{n}, at {moment.word if moment else step}")
            return
    assert set_at is not None, f"{table.label}: no moment after its word came"


# -- saves in the middle of a game, played through Session as `tabletop play` plays them ---------------------------
def _midgame(table: Table, monkeypatch, steps: int = 14, name: str = "g"):
    """``table`` played ``steps`` steps with its scripted table into the current save ``name``, the clock moving 45
    seconds a stamp (state/clock.py); the session."""
    from state import clock, paths
    from state import session as session_module
    from state.save import write
    from state.session import Session

    monkeypatch.setenv("TABLETOP_NOW", "2026-01-01T10:00:00Z+45")
    clock.restart()
    game = load_game(table.game)
    session = Session.create(name, table.game, game.check_options(dict(table.options)), 5,
                             {"dice": "app", "lang": "en"}, "2026-01-01T10:00:00+00:00")
    policy = table.player(5)
    monkeypatch.setattr(session_module, "write", lambda save, journal=True: None)  # the files once, at the end
    for _ in range(steps):
        policy.state = session.save.state
        if session.play(policy, max_steps=1).finished:
            break
    monkeypatch.setattr(session_module, "write", write)
    write(session.save)
    paths.current_file().write_text(name, encoding="utf-8")
    return session


def _json(*args: str) -> dict:
    from cli_checks import tt

    r = tt("--json", *args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _seat_words(table: Table, state: dict) -> tuple[str, str]:
    """A seat's id and how the table types it (its id: `remind --seat` takes ids and names)."""
    from automata.core.seats import seats

    seat = seats(table.game, state)[0]
    return seat["id"], seat["id"]


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_the_reminders_read_alike_by_remind_status_and_the_phones(table, monkeypatch):
    """Issue 39: `status --json` `reminders` is what `remind --list --json` lists, item for item; each line of
    `remind --list` stands in `status` and, for its seat or the whole table, on the seat's phone; `undo 1` and
    `--remove` take it off every one of them."""
    from cli.words.i18n import Translator
    from cli.phones.seatserve import seat_part
    from cli_checks import tt
    from state.paths import game_dir
    from state.session import Session

    session = _midgame(table, monkeypatch)
    module = ineffect.module_of(table.game)
    seat, typed = _seat_words(table, session.save.state)
    words = [w for w in module.MOMENTS if w != "setup"]
    assert tt("remind", "count the supply", "--at", words[0]).exit_code == 0
    r = tt("remind", "pay the toll", "--at", words[-1], "--seat", typed, "--once")
    assert r.exit_code == 0, r.output

    def agree(count: int) -> None:
        listed = _json("remind", "--list")["reminders"]
        assert len(listed) == count, f"{table.label}: {listed}"
        assert _json("status")["reminders"] == listed, f"{table.label}: status --json and remind --list differ"
        text = [line.strip() for line in tt("remind", "--list").output.splitlines()[1:1 + count]]
        shown = " ".join(tt("status").output.split())
        assert all(line in shown for line in text), f"{table.label}: {text} not all in status"
        state = Session.open(game_dir("g")).save.state
        from automata.core.seats import seats

        me = next(s for s in seats(table.game, state) if s["id"] == seat)
        phone = seat_part(Translator("en"), table.game, Session.open(game_dir("g")), None, me)["reminders"]
        assert [line for line in text if line in phone] == text, f"{table.label}: the phone shows {phone}"

    agree(2)
    assert tt("undo", "1").exit_code == 0
    agree(1)
    assert tt("remind", "--remove", "1").exit_code == 0
    agree(0)


# -- each seat's clock, answer by answer in the log ----------------------------------------------------------------
@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_each_seats_clock_is_the_sum_of_its_waits_in_the_log(table, monkeypatch):
    """Issue 24: the time an answer waited counts to the seat whose question it was; `log --json` says of each
    answer who gave it (`seat`), when (`at`) and the seconds counted to that seat (`wait`), and their sums are each
    seat's clock in `status --json`, `history --json` and `export --json`, with a correction and a reminder
    journalled between the steps."""
    from cli_checks import tt
    from state.paths import game_dir
    from state.session import Session

    _midgame(table, monkeypatch, steps=10)
    assert tt("remind", "count the supply", "--at", ineffect.module_of(table.game).MOMENTS[-1]).exit_code == 0
    row = next(r for r in _json("fix", "--list")["fields"] if isinstance(r["value"], int))
    assert tt("fix", f"{row['words']} {row['value'] + 1}").exit_code == 0
    session, policy = Session.open(game_dir("g")), table.player(5)  # play goes on after them, to a seat's answer
    for _ in range(120):
        policy.state = session.save.state
        if session.play(policy, max_steps=1).finished or any(
                r.get("seat") for r in session.save.journal()[-1].get("records", [])):
            break
    log = _json("log")
    waits: dict[str, int] = {}
    answered = 0
    for entry in log["entries"]:
        for record in entry["records"]:
            assert "at" in record and "wait" in record, f"{table.label}: step {entry['n']} {record}"
            if record.get("seat"):
                answered += 1
                waits[record["seat"]] = waits.get(record["seat"], 0) + record["wait"]
    assert answered, f"{table.label}: no seat answered a question of its own: the check checked nothing"
    seats = {k: v for k, v in _json("status")["clock"]["seats"].items() if v}
    assert {k: v for k, v in waits.items() if v} == seats, f"{table.label}: log {waits} but status {seats}"
    [row] = _json("history")["games"]
    assert {k: v for k, v in row["seat_seconds"].items() if v} == seats, f"{table.label}: history"
    assert {k: v for k, v in _json("export")["clocks"]["seat_seconds"].items() if v} == seats, f"{table.label}: export"


def _at(seconds: int) -> str:
    from datetime import datetime, timedelta

    return (datetime(2026, 1, 1, 10) + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_a_correction_in_the_middle_of_a_step_keeps_the_seats_wait(table, monkeypatch):
    """Issue 24 with `!` at a question (a correction journalled while a step is in progress): the wait a seat's
    answer already counted in that step stays in its clock when the correction is journalled and when the step is
    complete; no seat's clock goes down, and the log's waits still sum to it."""
    from automata.core.runner import NO_ANSWER
    from cli_checks import tt
    from state import clock, paths
    from state import session as session_module
    from state.save import read, write
    from state.session import Session

    now = [0]

    def tick(seconds: int) -> None:
        now[0] += seconds
        monkeypatch.setenv("TABLETOP_NOW", _at(now[0]))

    game = load_game(table.game)
    tick(0)
    clock.restart()
    session = Session.create("g", table.game, game.check_options(dict(table.options)), 5,
                             {"dice": "app", "lang": "en"}, _at(0))
    policy = table.player(5)

    class UntilASeatAnswered:
        """The scripted table's answers, a seat's own taking 90 seconds; none after it (the step stays open)."""

        def answer(self, ask):
            if any(r.get("seat") for r in session.save.pending["records"]):
                return NO_ANSWER
            tick(90)
            return policy.answer(ask)

        def table_dice(self, roll, spec):
            return policy.table_dice(roll, spec)

    monkeypatch.setattr(session_module, "write", lambda save, journal=True: None)  # the files once, below
    for _ in range(400):
        tick(5)
        policy.state = session.save.state
        session.play(UntilASeatAnswered(), max_steps=1)
        pending = session.save.pending
        if pending and pending["records"] and any(r.get("seat") for r in pending["records"]):
            break
    else:
        pytest.skip(f"{table.label}: no step asks a seat and then more")  # never so for the drivers' tables
    monkeypatch.setattr(session_module, "write", write)
    write(session.save)
    paths.current_file().write_text("g", encoding="utf-8")
    folder = session.save.folder
    before = clock.clocks(read(folder))["seats"]
    assert any(before.values()), table.label
    tick(30)
    row = next(r for r in _json("fix", "--list")["fields"] if isinstance(r["value"], int))
    assert tt("fix", f"{row['words']} {row['value'] + 1}").exit_code == 0
    fixed = _json("status")["clock"]["seats"]
    assert all(fixed.get(s, 0) >= v for s, v in before.items()), (
        f"{table.label}: a correction took time from the seats: {before} -> {fixed}")
    assert _log_waits() == {k: v for k, v in fixed.items() if v}, f"{table.label}: the log in the step in progress"
    tick(30)
    session = Session.open(folder)
    policy.state = session.save.state
    session.play(policy, max_steps=1)
    done = _json("status")["clock"]["seats"]
    assert all(done.get(s, 0) >= v for s, v in before.items()), f"{table.label}: {before} -> {done} after the step"
    assert _log_waits() == {k: v for k, v in done.items() if v}, table.label


def _log_waits() -> dict[str, int]:
    """Each seat's waits as `log --json` lists them, the step in progress's answers (`in_progress`) included."""
    log = _json("log")
    waits: dict[str, int] = {}
    for entry in log["entries"] + ([log["in_progress"]] if log.get("in_progress") else []):
        for record in entry["records"]:
            if record.get("seat"):
                waits[record["seat"]] = waits.get(record["seat"], 0) + record["wait"]
    return {k: v for k, v in waits.items() if v}


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_a_damaged_save_is_the_same_game_in_games_and_history(table, monkeypatch):
    """Issue 37: a damaged save is listed by `games` and `history` alike: the game its file still names (the
    damaged-save message and `tabletop restore NAME` in both), never "?" in one and the game in the other."""
    from state.paths import game_dir

    _midgame(table, monkeypatch, steps=3)
    save = game_dir("g") / "save.toml"
    text = save.read_bytes()
    save.write_bytes(text[: len(text) // 2])  # cut short, as a full disk leaves it
    [listed] = _json("games")["games"]
    [told] = _json("history")["games"]
    assert told["damaged"] and "error" in listed, table.label
    assert listed["game"] == told["game"] == table.game, f"{table.label}: games says {listed['game']!r}"


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_the_start_player_is_the_same_in_status_history_and_export(table, monkeypatch):
    """Issue 24: who started, as the game recorded it (automata/core/seats.py start_seat: the Radlands flip, the
    Anachrony first player, the Time of Crisis bots' order, the Chaos Power order), is one seat in `status --json`,
    `history --json`, `export --json` and every seat's phone page (brief phonelog item 2)."""
    from cli.phones.seatserve import phone_seats, seat_part, waiting
    from cli.words.i18n import Translator

    session = _midgame(table, monkeypatch, steps=30)
    [row] = _json("history")["games"]
    shown = _json("status").get("start_seat")
    assert row["start_seat"], f"{table.label}: no start player after 30 steps: the check would check nothing"
    assert shown == row["start_seat"] == _json("export")["start_seat"], (
        f"{table.label}: status says {shown!r}, history {row['start_seat']!r}")
    now = waiting(session)
    pages = {s["id"]: seat_part(Translator("en"), table.game, session, now, s)["start_seat"]
             for s in phone_seats(table.game, session.save.state)}
    assert pages and set(pages.values()) == {shown}, f"{table.label}: status says {shown!r}, the phones {pages}"
