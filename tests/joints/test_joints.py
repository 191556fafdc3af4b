"""The joints battery (issue 36, ../shared/DESIGN.md "The joints"): every game of the registry played through every
capability together, from one table of drivers (tests/joints/drivers.py). A fifth game gets every check here by
adding its row there.

What is checked, in random legal games of every game:
- a correction is read back by the reader of corrections at once (`fix --list`) and reversed by its opposite;
- `setup-list` and `new` follow the collection alike, whatever item is taken out of it;
- a finished game exported for BG Stats carries the start player, winners and scores the save recorded;
- a correction after the end: the save holds the end the rules decide again, every reader follows, undo takes it back;
- a seat's answer counts in its clock the same, typed, given by `--answer` or on its phone; a phone answer is
  played once, and `log` (text and json) shows it as a phone's answer.
"""

from __future__ import annotations

import copy
import random

import pytest
from drivers import DRIVERS, Table, first_tables

from automata.core import fix, fixstep
from automata.core.games import GAMES, load_game
from automata.core.runner import DiceContext, NoAnswers, run
from conftest import random_games


def test_every_registered_game_has_a_driver_row():
    """A game the registry knows and no battery plays would get none of the joints' checks."""
    assert {g.id for g in GAMES} == set(DRIVERS)
    for game_id, tables in DRIVERS.items():
        assert tables and all(t.game == game_id for t in tables)


def _game(table: Table):
    return fixstep.WithCorrections(load_game(table.game))


def _random_game(table: Table, seed: int, on_step=None, max_steps: int = 5000) -> dict:
    """Play ``table`` to its end with its scripted table; ``on_step(state, n)`` after every step; the final state."""
    game = _game(table)
    state = game.new_state(game.check_options(dict(table.options)), seed)
    policy = table.player(seed)
    for n in range(1, max_steps + 1):
        step = game.next_step(state)
        if step is None:
            return state
        policy.state = state
        result = run(game.procedure(state, step), policy, dice=DiceContext(seed, n, "app"))
        assert result.done, f"{table.label}: step {step} stopped at {result.pending_id}"
        if on_step is not None:
            on_step(state, n)
    raise AssertionError(f"{table.label}: the game did not end")


def _corrected(game, state: dict, text: str) -> tuple[dict, list[dict]] | None:
    """``state`` after the correction ``text`` played as `tabletop fix` plays it (a journal step), and the lines it
    wrote (``{"field", "keys", "before", "after"}``); None when refused."""
    try:
        changes = fix.check(text, game.fix_fields, state)
    except fix.FixError:
        return None
    after = copy.deepcopy(state)
    try:
        result = run(game.procedure(after, fixstep.step(changes)), NoAnswers(), dice=DiceContext(0, 1, "app"))
    except fix.FixError:  # the end of the game cannot follow it (automata/core/ending.py): refused
        return None
    assert result.done
    return after, result.result or []


def _word(game, state: dict, row: dict, key):
    """How the table types the value ``key`` of ``row``: a choice's shown word, a count as it is; None if none."""
    if "choices" not in row:
        return key
    the_field = next(f for f in game.fix_fields if f.id == row["field"])
    options = the_field.choices(state, tuple(row["keys"])) if the_field.choices else []
    return next((fix.shown(o) for o in options if o.key == key), None)


def _other_value(row: dict, rng: random.Random):
    """A valid value of ``row`` (a row of ``fix.listing``) other than the one held, as typed; or None."""
    if "choices" in row:
        return rng.choice(row["choices"]) if len(row["choices"]) > 1 else None
    for value in rng.sample([row["value"] + 1, row["value"] - 1], 2):
        if value >= row["min"] and value <= row.get("max", value):
            return value
    return None


def _values(rows: list[dict]) -> dict:
    return {(r["field"], tuple(r["keys"])): r["value"] for r in rows}


def check_corrections_read_back_and_reversed(game, state: dict, rng: random.Random, label: str, tries: int = 12):
    """Issue 36 item 2: what `fix` writes, its reader (`fix --list`) reads at once; a correction to another value
    and then back to the first gives that value back (its opposite is accepted: never "already")."""
    rows = fix.listing(state, game.fix_fields)
    before = _values(rows)
    for row in rng.sample(rows, min(tries, len(rows))):
        value = _other_value(row, rng)
        if value is None:
            continue
        text = f"{row['words']} {value}"
        done = _corrected(game, state, text)
        if done is None:  # refused by a rule's limit: nothing to read back
            continue
        after, lines = done
        key = (row["field"], tuple(row["keys"]))
        mine = [line for line in lines if (line["field"], tuple(line["keys"])) == key]
        if not mine or mine[-1]["after"] == row["value"]:
            continue  # the same value typed another way: nothing was changed
        read = _values(fix.listing(after, game.fix_fields))
        if set(read) != set(before):
            continue  # the correction changed which values exist (a person taken out): no single opposite
        assert read[key] == mine[-1]["after"], (
            f"{label}: '{text}' wrote {mine[-1]['after']!r} but fix --list still reads {read[key]!r}")
        back = _word(game, after, row, row["value"])
        if back is None:
            continue
        undone = _corrected(game, after, f"{row['words']} {back}")
        assert undone is not None, f"{label}: '{text}' cannot be taken back by '{row['words']} {back}'"
        # its own value comes back (a hand made smaller and then larger discards and then draws: the piles it
        # moved follow the rules of each way, not a rewind)
        assert _values(fix.listing(undone[0], game.fix_fields)).get(key) == row["value"], (
            f"{label}: '{text}' then '{row['words']} {back}' did not give back {row['value']!r}")


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
@pytest.mark.parametrize("seed", range(random_games(2, quick_least=1)))
def test_corrections_are_read_back_and_reversed_during_random_games(table, seed):
    game = _game(table)
    rng = random.Random(seed)
    checked = []

    def on_step(state, n):
        if rng.random() < 0.04:
            check_corrections_read_back_and_reversed(game, state, rng, f"{table.label} seed {seed} step {n}")
            checked.append(n)

    final = _random_game(table, seed, on_step)
    check_corrections_read_back_and_reversed(game, final, rng, f"{table.label} seed {seed} at the end")
    assert checked, "no step was checked"


# -- the component list and `new` against the collection ---------------------------------------------------------
@pytest.mark.parametrize("table", [t for tables in DRIVERS.values() for t in tables], ids=lambda t: t.label)
def test_setup_list_and_new_follow_the_collection_for_every_item_taken_out(table, tmp_path):
    """Issue 36 item 5: with any one item of the game taken out of the collection, `setup-list` and `new` agree:
    both refuse (naming the same items) or `setup-list` lists the setup `new` starts (the same options), and no
    listed component belongs to an item the collection does not own."""
    import json

    from automata.core import collection
    from cli_checks import tt

    home = tmp_path / "tabletop-home"
    items = collection.content(table.game)
    for gone in items:
        home.mkdir(parents=True, exist_ok=True)
        lines = [f"[{table.game}]", *(f"{i} = {'false' if i == gone else 'true'}" for i in items)]
        (home / "collection.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        listed = tt("--json", "setup-list", table.game, *_listing_flags(table.flags))
        made = tt("--json", "new", table.game, "--name", f"g-{gone}", "--seed", "3", *table.flags)
        label = f"{table.label} without {gone}"
        if listed.exit_code != 0 or made.exit_code != 0:
            assert (listed.exit_code, made.exit_code) == (2, 2), f"{label}: {listed.output} / {made.output}"
            refused = json.loads(listed.stdout), json.loads(made.stdout)
            assert refused[0]["items"] == refused[1]["items"] and gone in refused[0]["items"], label
            continue
        shown, started = json.loads(listed.stdout)["options"], json.loads(made.stdout)["options"]
        assert gone not in collection.played(table.game, shown), f"{label}: setup-list uses {gone}"
        assert shown == {k: v for k, v in started.items() if k in shown}, (
            f"{label}: setup-list lists {shown} but new started {started}")


def _listing_flags(flags: tuple[str, ...]) -> list[str]:
    """`new`'s flags less those `setup-list` leaves out (who makes Anachrony's draws changes no component)."""
    out, skip = [], False
    for flag in flags:
        if skip:
            skip = False
        elif flag == "--draws":
            skip = True
        else:
            out.append(flag)
    return out


# -- a finished game as a real save: the export against what the save recorded --------------------------------------
def _finished_save(table: Table, seed: int, name: str):
    """``table`` played to its end with its scripted table through ``Session.play`` (as `tabletop play` plays it)
    into the save ``name`` of ``$TABLETOP_HOME``, made current; the session."""
    from state import paths
    from state import session as session_module
    from state.save import write
    from state.session import Session

    game = load_game(table.game)
    session = Session.create(name, table.game, game.check_options(dict(table.options)), seed,
                             {"dice": "app", "lang": "en"}, "2026-01-01T10:00:00+00:00")
    policy = table.player(seed)
    session_module.write = lambda save, journal=True: None  # one write at the end: the same files, faster
    try:
        for _ in range(5000):
            policy.state = session.save.state
            result = session.play(policy, max_steps=1)
            if result.finished or session.game.next_step(session.save.state) is None:
                break
        else:
            raise AssertionError(f"{table.label}: the game did not end")
    finally:
        session_module.write = write
    write(session.save)
    paths.current_file().write_text(name, encoding="utf-8")
    return Session.open(session.save.folder)


def check_export_says_what_the_save_recorded(table: Table, session, tmp_path, label: str):
    """Issue 36 item 6: the BG Stats play file carries the start player the game recorded, the winners and scores
    of the game's result, one player per seat, and the same play id every time it is written."""
    import json

    from automata.core import contract, seats
    from cli_checks import tt

    state = session.save.state
    result = contract.capability(table.game, "result").result(state)
    table_seats = seats.seats(table.game, state)
    start = seats.start_seat(table.game, state)
    files = []
    for n in (1, 2):
        target = tmp_path / f"{label}-{n}.bgsplay"
        r = tt("export", "--bgstats", str(target))
        assert r.exit_code == 0, f"{label}: {r.output}"
        files.append(json.loads(target.read_text(encoding="utf-8")))
    assert files[0]["plays"][0]["uuid"] == files[1]["plays"][0]["uuid"], f"{label}: a second export is another play"
    [play] = files[0]["plays"]
    scores = play["playerScores"]
    assert len(scores) == len(table_seats), label
    by_seat = dict(zip((s["id"] for s in table_seats), scores))
    assert {sid for sid, s in by_seat.items() if s["winner"]} == set(result["winners"]), label
    assert [sid for sid, s in by_seat.items() if s["startPlayer"]] == ([start] if start else []), (
        f"{label}: the start player exported is not the one the game recorded ({start})")
    for sid, s in by_seat.items():
        if result["scores"].get(sid) is not None and not files[0]["games"][0]["noPoints"]:
            assert s["score"] == str(result["scores"][sid]), f"{label}: {sid}'s score"
    document = json.loads(tt("--json", "export").stdout)
    assert document["finished"] is True, label




# -- a correction after the end: the result decided again, and every reader follows ---------------------------------
def _end_moving_corrections(game, state: dict, rng: random.Random, most: int = 3) -> list[str]:
    """Corrections of ``state`` (a finished game) that change its result, and a few that do not: what a table types
    after the end, found from the game's own listing (each played as `fix` plays it, the end decided again)."""
    was = contract_result(game.GAME_ID, state)
    moving, still = [], []
    rows = fix.listing(state, game.fix_fields)
    for row in rng.sample(rows, len(rows)):
        value = _other_value(row, rng)
        if value is None:
            continue
        text = f"{row['words']} {value}"
        done = _corrected(game, state, text)
        if done is None:
            continue
        (moving if contract_result(game.GAME_ID, done[0]) != was else still).append(text)
        if len(moving) >= most and len(still) >= 2:
            break
    return moving[:most] + still[:2]


def check_a_correction_after_the_end_is_followed(table: Table, session, label: str, rng: random.Random):
    """Issue 36 item 1: after a correction at the end, the save holds the end the rules decide from the corrected
    values (deciding again changes nothing), whether play goes on agrees with it, and the summary every reader
    shares (history, stats, export) says the same; a correction the end cannot follow is refused with the way back
    (`undo N`) and changes nothing. Each accepted one is then taken back with `undo 1`."""
    import json

    from automata.core import ending
    from cli_checks import tt
    from state.session import Session
    from state.summary import summarize

    folder = session.save.folder
    texts = _end_moving_corrections(session.game, session.save.state, rng)
    assert texts, f"{label}: nothing to correct at the end"
    was = contract_result(table.game, session.save.state)
    moved = 0
    for text in texts:
        before = (folder / "save.toml").read_bytes()
        r = tt("--json", "fix", text)
        if r.exit_code != 0:
            assert r.exit_code == 2, f"{label}: '{text}': {r.output}"
            assert (folder / "save.toml").read_bytes() == before, f"{label}: a refused '{text}' changed the save"
            if "end_refused" in r.stdout or "undo" in r.output:
                assert "undo" in r.output, f"{label}: '{text}' refused without the way back: {r.output}"
            continue
        if not json.loads(r.stdout)["changes"]:
            continue  # the value already held, typed another way: nothing journalled
        state = Session.open(folder).save.state
        result = ending.result_now(table.game, state)
        stored = contract_result(table.game, state)
        assert stored == result, f"{label}: after '{text}' the save keeps {stored} but the rules decide {result}"
        assert result["finished"] == (session.game.next_step(state) is None), (
            f"{label}: after '{text}' the result says finished={result['finished']} but play "
            f"{'goes on' if session.game.next_step(state) is not None else 'is over'}")
        summary = summarize(folder)
        assert (summary["finished"], sorted(s["id"] for s in summary["seats"] if s["winner"])) == (
            result["finished"], sorted(result["winners"])), f"{label}: history and export read another end"
        shown = json.loads(tt("--json", "status").stdout)
        if "over" in shown:
            assert shown["over"] == result["finished"], f"{label}: status says over={shown['over']} after '{text}'"
        moved += result != was
        assert tt("undo", "1").exit_code == 0, label
        assert contract_result(table.game, Session.open(folder).save.state) == was, f"{label}: undo after '{text}'"
    return moved


def contract_result(game_id: str, state: dict) -> dict:
    from automata.core import contract

    return dict(contract.capability(game_id, "result").result(state))


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_a_finished_game_exported_and_corrected_at_the_end(table, tmp_path):
    session = _finished_save(table, 7, f"{table.label}-done")
    check_export_says_what_the_save_recorded(table, session, tmp_path, table.label)
    moved = check_a_correction_after_the_end_is_followed(table, session, table.label, random.Random(7))
    assert moved, f"{table.label}: no correction at the end changed the result: the check checked nothing"


# -- every way of answering: the seat's clock, and a phone's answer played once ---------------------------------------
T_ASKED, T_ANSWERED, WAIT = "2026-01-01T10:00:00Z", "2026-01-01T10:01:30Z", 90


def _save_at_a_seats_question(table: Table, seed: int, name: str, monkeypatch, max_steps: int = 600):
    """``table`` played with its scripted table into the save ``name`` until a seat (a person at the table, not the
    table as a whole nor a bot) has a question waiting, the last step ending at T_ASKED; (session, ask, seat) or
    None when no seat is asked in ``max_steps`` steps."""
    from cli.phones.seatserve import waiting, whose
    from state import session as session_module
    from state.save import write
    from state.session import Session

    game = load_game(table.game)
    monkeypatch.setenv("TABLETOP_NOW", T_ASKED)
    session = Session.create(name, table.game, game.check_options(dict(table.options)), seed,
                             {"dice": "app", "lang": "en"}, "2026-01-01T09:00:00+00:00")
    policy = table.player(seed)
    monkeypatch.setattr(session_module, "write", lambda save, journal=True: None)
    for _ in range(max_steps):
        now = waiting(session)
        seat = whose(session, now)
        if seat is not None:
            monkeypatch.setattr(session_module, "write", write)
            write(session.save)
            return Session.open(session.save.folder), now[1], seat
        policy.state = session.save.state
        if session.play(_UntilASeat(session, policy), max_steps=1).finished or (
                session.save.pending is None and session.game.next_step(session.save.state) is None):
            return None
    return None


class _UntilASeat:
    """The scripted table's answers up to a seat's own question, which it leaves waiting (in the middle of a step,
    as Anachrony's Warp asks the table who revealed, then that player which card)."""

    def __init__(self, session, policy):
        self.session, self.policy = session, policy

    def answer(self, ask):
        from automata.core.runner import NO_ANSWER
        from automata.core.seats import question_seat

        save = self.session.save
        if question_seat(save.game, save.state, save.pending["step"], ask.id):
            return NO_ANSWER
        return self.policy.answer(ask)

    def table_dice(self, roll, spec):
        return self.policy.table_dice(roll, spec)


def _typed_candidates(policy, ask) -> list[str]:
    """What a person could type at ``ask``: the scripted table's own answer first, then its choices, yes, no, its
    least number, nothing."""
    out = []
    try:
        got = policy.answer(ask)
        if isinstance(got, tuple) and isinstance(got[0], (str, int)) and not isinstance(got[0], bool):
            out.append(str(got[0]))
    except Exception:  # noqa: BLE001 - a scripted table that cannot answer out of its game: the other candidates
        pass
    out += [str(c.value) for c in ask.choices if not c.hidden and c.unavailable is None]
    out += ["yes", "no"] + ([str(ask.min)] if ask.min is not None else []) + [""]
    return list(dict.fromkeys(out))


@pytest.mark.parametrize("table", first_tables(), ids=lambda t: t.label)
def test_every_way_of_answering_counts_in_the_seats_clock_and_a_phone_answer_is_played_once(table, monkeypatch):
    """Issue 36 items 4 and 7: a seat's question reached at T_ASKED and answered WAIT seconds later adds WAIT to
    that seat's clock, whether typed at the keyboard, given by `--answer` after `play` stopped at it, or given on the
    seat's phone (`serve` started when it was reached); the same phone answer sent again is refused as already
    answered and plays nothing."""
    from automata.core.runner import NO_ANSWER, BadAnswer
    from cli.inplay.answers import LabelledAnswers
    from cli.words.i18n import Translator
    from cli.phones.seatserve import AlreadyAnswered, apply_answer, question_key
    from cli_checks import tt
    from state.clock import clocks
    from state.save import read

    ways = ("keyboard", "answers", "phone")
    found = {}
    for way in ways:
        made = _save_at_a_seats_question(table, 11, f"{table.label}-{way}", monkeypatch)
        assert made is not None, f"{table.label}: no seat of its own was asked: the check would check nothing"
        found[way] = made
    session, ask, seat = found["phone"]
    folders = {w: found[w][0].save.folder for w in ways}
    before = {w: clocks(read(folders[w]))["seats"].get(seat, 0) for w in ways}
    # on the phone: the page shows the question from the server's start (T_ASKED); the answer comes at T_ANSWERED
    monkeypatch.setenv("TABLETOP_NOW", T_ANSWERED)
    key, given = question_key(session), None
    for raw in _typed_candidates(table.player(11), ask):
        try:
            apply_answer(folders["phone"], seat, ask.id, raw, Translator("en"), key, since=T_ASKED)
        except BadAnswer:
            continue
        given = raw
        break
    assert given is not None, f"{table.label}: no answer to {ask.id} was taken from the phone"
    length = read(folders["phone"]).journal_length, read(folders["phone"]).pending
    with pytest.raises(AlreadyAnswered):
        apply_answer(folders["phone"], seat, ask.id, given, Translator("en"), key, since=T_ASKED)
    assert (read(folders["phone"]).journal_length, read(folders["phone"]).pending) == length, (
        f"{table.label}: a repeated phone answer was played")
    # by --answer: 'play' stops at the question at T_ASKED (no terminal), the answer is given at T_ANSWERED
    monkeypatch.setenv("TABLETOP_NOW", T_ASKED)
    assert tt("--game", folders["answers"].name, "play").exit_code == 2
    monkeypatch.setenv("TABLETOP_NOW", T_ANSWERED)
    r = tt("--game", folders["answers"].name, "--answer", f"{ask.id}={given}", "play", "--steps", "1")
    assert r.exit_code in (0, 2), r.output

    # at the keyboard: 'play' reaches the question at T_ASKED and the person types after WAIT seconds
    class Keyboard:
        def answer(self, asked):
            if asked.id != ask.id:
                return NO_ANSWER
            monkeypatch.setenv("TABLETOP_NOW", T_ANSWERED)
            return given, "table"

        def table_dice(self, roll, spec):
            return NO_ANSWER

    monkeypatch.setenv("TABLETOP_NOW", T_ASKED)
    found["keyboard"][0].play(LabelledAnswers(Keyboard(), Translator("en")), None, None, max_steps=1)
    after = {w: clocks(read(folders[w]))["seats"].get(seat, 0) for w in ways}
    assert {w: after[w] - before[w] for w in ways} == dict.fromkeys(ways, WAIT), (
        f"{table.label}: {ask.id} answered after {WAIT} s gives {seat} {after} (was {before})")
    check_a_phone_answer_is_shown_as_one(table, folders["phone"], ask, session.save.journal_length)


def check_a_phone_answer_is_shown_as_one(table: Table, folder, ask, entry_before: int) -> None:
    """Brief phonelog item 1: the phone's answer is recorded with source "phone" (a typed answer given on the seat's
    phone), and `log --json` and `log` say so once its step is journalled (the scripted table finishes the step)."""
    from cli.words.i18n import Translator
    from cli_checks import tt
    from state.save import read
    from state.session import Session

    session = Session.open(folder)
    policy = table.player(11)
    while session.save.journal_length == entry_before:  # the step may ask more (Anachrony's Warp): finish it
        policy.state = session.save.state
        session.play(policy, max_steps=1)
    entry = read(folder).journal()[entry_before]
    assert [r["source"] for r in entry["records"] if r["id"] == ask.id][:1] == ["phone"], (table.label, entry["records"])
    log = tt("--game", folder.name, "--json", "log")
    assert log.exit_code == 0, log.output
    import json

    row = next(e for e in json.loads(log.output)["entries"] if e["n"] == entry_before + 1)
    assert [r["source"] for r in row["records"] if r["id"] == ask.id][:1] == ["phone"], (table.label, row)
    t = Translator("en")
    said = [line for line in row["told"] if line.startswith(f"? {t.render(ask.msg)} ")]
    assert said and said[0].endswith(" (answered on the phone)"), (table.label, row["told"])
    text = tt("--game", folder.name, "log")
    assert text.exit_code == 0 and " ".join(said[0].split()) in " ".join(text.output.split()), (table.label, text.output)
    raw = tt("--game", folder.name, "log", "--raw")
    assert f"{ask.id} = " in raw.output and "(phone)" in raw.output, (table.label, raw.output)
