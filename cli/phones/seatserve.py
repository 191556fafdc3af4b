"""Seats on phones (``tabletop serve``, issue 25): each seat's link, the question waiting, and a phone's answer.

A phone's answer is a typed answer given elsewhere: it goes through ``Session.play`` under the save's lock
(``state/lock.py``), answered by a source that gives exactly that one answer to exactly that question id, so the
runner validates it with the question's own ``normalise`` (the check the terminal's prompter runs, whose refusal
text the phone shows), records it as ``"phone"`` (a typed answer given on the seat's phone: ``log`` says so; it counts
in the seat's clock as a typed one), and journals the step as ever: ``tabletop undo`` takes it back the same way. Only the question waiting now, and only when it is the seat's own
(``automata/core/seats.py`` ``question_seat``), can be answered; the board's link reads only. The page sends the
question's place (``question_key``) back with its answer: a second copy of an answer is refused as already
answered (``AlreadyAnswered``), so nothing is played twice. A step the answer reaches starts when the page could
first show its question (the server's start at the latest), so the seat's wait counts in its clock.

The server plays at most the step the answer belongs to (``max_steps=1``): the next steps, with their
instructions for the table, are played by ``tabletop play`` at the computer, which shows them.

A terminal ``play`` and the phones share the game through the *phones file* ``.phones.json`` in the game's folder
(written by the server, atomically: the server's pid and the seats whose phone has the page open). When ``play``
reaches a seat's question and that seat's phone is there, it hands the question over: it lets go of the lock and
waits until the save shows the answer (or Enter takes the question back to the terminal); see ``cli/phones/phonewait.py``.
"""

from __future__ import annotations

import copy
import json
import os
import secrets
import threading
import time
from pathlib import Path
from typing import Any

from automata.core.runner import NO_ANSWER

PHONES_FILE = ".phones.json"
ANSWER_WAIT = 1.5  # seconds a phone's answer waits for the game's lock (a terminal writing a step) before "busy"
ANSWERS_PER_MINUTE = 30  # per seat: more are refused (429) until the minute is over
MAX_BODY = 4096  # bytes of an answer's request body


class NotThisQuestion(Exception):
    """The answer names a question that is not the one waiting (answered meanwhile, or another)."""


class AlreadyAnswered(NotThisQuestion):
    """The answer names a question asked earlier than the one waiting: it was answered already (this answer sent
    twice, a retry after a lost reply, or answered at the computer meanwhile). Nothing is played again."""


class NotThisSeat(Exception):
    """The question waiting is not this seat's."""


# -- who sits where -------------------------------------------------------------------------------------------


def seat_label(t, game_id: str, seat: dict) -> str:
    """What the table calls a seat: its name, else the game's word for its id (a Power, a side, a player)."""
    if seat.get("name"):
        return str(seat["name"])
    sid = str(seat["id"])
    for key in (f"{game_id}.power.{sid}", f"{game_id}.side.{sid}"):
        if t.has(key, t.lang):
            return t(key)
    digits = "".join(ch for ch in sid if ch.isdigit())
    if digits and sid.rstrip("0123456789") in ("p", "human"):
        return t("core.serve.player", n=int(digits))
    return sid


def phone_seats(game_id: str, state: dict) -> list[dict]:
    """The seats that get a phone link: the people at the table (a bot's questions are the table's)."""
    from automata.core.seats import seats

    return [s for s in seats(game_id, state) if s.get("kind") == "human"]


def make_tokens(seat_ids: list[str]) -> dict[str, str]:
    """A random token per seat (token → seat id), made at every start like the board's."""
    return {secrets.token_urlsafe(18): sid for sid in seat_ids}


# -- the question waiting ---------------------------------------------------------------------------------------


def waiting(session) -> tuple[dict, Any] | None:
    """(step, Ask) of the question the game waits for now, found without writing anything; None when the next step
    needs no answer (the computer plays it) or the game is over. A roll typed at the table is no seat's question."""
    from automata.core.runner import DiceContext, NoAnswers, Record, run
    from automata.core.steps import Ask

    save = session.save
    if save.pending is not None:
        step = save.pending["step"]
        records = [Record.from_data(r) for r in save.pending.get("records", [])]
    else:
        step = session.game.next_step(save.state)
        records = []
        if step is None:
            return None
    result = run(session.game.procedure(copy.deepcopy(save.state), step), NoAnswers(), records,
                 DiceContext(save.seed, save.journal_length + 1, session.dice_mode()))
    if result.done or not isinstance(result.pending, Ask):
        return None
    return step, result.pending


def question_key(session) -> str:
    """The place of the question waiting now in the game: ``"<step number>.<answer index>"`` (the journal entry its
    step becomes, and how many answers and rolls that step has before it). A phone's page sends it back with its
    answer, so a second copy of that answer (or an answer to a question no longer waiting, even one with the same
    id, such as a Radlands turn's next action) is refused instead of answering the next question."""
    save = session.save
    records = len((save.pending or {}).get("records", [])) if save.pending is not None else 0
    return f"{save.journal_length + 1}.{records}"


def _place(key: str) -> tuple[int, int] | None:
    step, _, index = key.partition(".")
    return (int(step), int(index)) if step.isdigit() and index.isdigit() else None


def whose(session, waiting_now) -> str | None:
    from automata.core.seats import question_seat

    if waiting_now is None:
        return None
    step, ask = waiting_now
    return question_seat(session.save.game, session.save.state, step, ask.id)


def question_data(t, ask, key: str = "") -> dict[str, Any]:
    """The question as the phone shows it: the same words and choices the terminal shows, and its ``key`` (its place
    in the game, ``question_key``), which the page sends back with the answer."""
    prompt = t.render(ask.msg)
    choices = []
    if ask.kind == "yesno":
        choices = [{"value": "yes", "label": t("core.yes"), "unavailable": ""},
                   {"value": "no", "label": t("core.no"), "unavailable": ""}]
    for c in ask.choices:
        if c.hidden:
            continue
        choices.append({"value": c.value, "label": t.render(c.label),
                        "unavailable": "" if c.unavailable is None else t.render(c.unavailable)})
    return {"id": ask.id, "key": key, "kind": ask.kind, "prompt": prompt, "hint": t.render(ask.hint) if ask.hint is not None else "",
            "choices": choices, "min": ask.min, "max": ask.max}


# -- what each page shows -----------------------------------------------------------------------------------------


def turn_text(t, game_id: str, session, waiting_now, seats_by_id: dict[str, dict]) -> str:
    """Whose turn it is, for the shared board and every seat: the seat a question waits for, or the table."""
    if waiting_now is None:
        return ""
    step, ask = waiting_now
    sid = whose(session, waiting_now)
    label = t.render(session.game.step_label(step))
    if sid is not None and sid in seats_by_id:
        return t("core.serve.turn_seat", seat=seat_label(t, game_id, seats_by_id[sid]), step=label)
    return t("core.serve.turn_table", step=label, question=t.render(ask.msg))


def seat_part(t, game_id: str, session, waiting_now, seat: dict, turn: str = "") -> dict[str, Any]:
    """A seat's own part of its page: its name, its clock, and its question when the one waiting is its own; with
    the seat that took the first turn (``start_seat``, "" before the game decided it), as ``status --json`` says."""
    part: dict[str, Any] = {"id": seat["id"], "name": seat_label(t, game_id, seat), "clock": "", "question": None,
                            "waiting": "", "turn": turn, "reminders": [], "start_seat": ""}
    from automata.core.seats import start_seat
    from state.replay import RULES_CRASH

    try:
        part["start_seat"] = start_seat(game_id, session.save.state) or ""
    except RULES_CRASH:
        pass  # a state the rules cannot read: the page still shows the seat, with no start player
    from ..inplay import ineffectview

    try:  # what is in effect for this seat, and the table's reminders that concern it (issue 39)
        part["reminders"] = ineffectview.lines(t, game_id, session.save.state, seat["id"])
    except (KeyError, TypeError, ValueError, AttributeError):
        pass
    try:
        from state.clock import clocks

        from ..inplay.clock import duration  # the same words as the clock line of 'status'

        times = clocks(session.save)
        part["clock"] = t("core.serve.clock", mine=duration(t, times["seats"].get(seat["id"], 0)),
                          game=duration(t, times["play_seconds"]))
    except (KeyError, TypeError, ValueError):
        pass
    if waiting_now is not None and whose(session, waiting_now) == seat["id"]:
        part["question"] = question_data(t, waiting_now[1], question_key(session))
        part["turn"] = t("core.serve.your_turn", step=t.render(session.game.step_label(waiting_now[0])))
    else:
        part["waiting"] = t("core.serve.not_yours")
        part["turn"] = turn
        if waiting_now is not None and whose(session, waiting_now) is None:
            # the table's question: a seat is told where it is; its words are the board's (they repeat the step)
            part["turn"] = t("core.serve.turn_table_seat", step=t.render(session.game.step_label(waiting_now[0])))
    return part


# -- a phone's answer ---------------------------------------------------------------------------------------------


class OneAnswer:
    """An answer source that gives ``raw`` to the question ``ask_id`` once, if it is ``seat_id``'s question."""

    def __init__(self, session, ask_id: str, raw: Any, seat_id: str):
        self.session = session
        self.ask_id = ask_id
        self.raw = raw
        self.seat_id = seat_id
        self.given = False

    def answer(self, ask):
        from automata.core.seats import question_seat

        if self.given or ask.id != self.ask_id:
            return NO_ANSWER
        save = self.session.save
        if question_seat(save.game, save.state, save.pending["step"], ask.id) != self.seat_id:
            raise NotThisSeat(ask.id)
        self.given = True
        return self.raw, "phone"  # typed, on the seat's phone: 'log' and 'log --json' say so

    def table_dice(self, roll, spec):
        return NO_ANSWER


def apply_answer(folder: Path, seat_id: str, ask_id: str, raw: Any, t, key: str, since: str = "") -> None:
    """Give a phone's answer to the game, as typed at the terminal: ``ask_id`` and ``key`` (``question_key``) name
    the question it answers. ``since``: when the page could first show the question (the server's start; see
    ``Session.play``'s ``waiting_since``), so the seat's wait counts in its clock. Raises ``AlreadyAnswered`` (a
    question before the one waiting), ``NotThisQuestion``, ``NotThisSeat``, ``BadAnswer`` (the question's own
    refusal; nothing written), ``SaveBusy`` (the lock stayed taken)."""
    from state.lock import SaveLock
    from state.session import Session

    from ..inplay.answers import LabelledAnswers

    with SaveLock(folder, wait=ANSWER_WAIT):
        session = Session.open(folder)
        now = waiting(session)
        place, current = _place(key), _place(question_key(session))
        if place is not None and current is not None and place < current:
            raise AlreadyAnswered(ask_id)
        if now is None or now[1].id != ask_id or place != current:
            raise NotThisQuestion(ask_id)
        if whose(session, now) != seat_id:
            raise NotThisSeat(ask_id)
        source = OneAnswer(session, ask_id, raw, seat_id)
        session.play(LabelledAnswers(source, t), None, None, max_steps=1, waiting_since=since)
        if not source.given:
            raise NotThisQuestion(ask_id)


class AnswerRate:
    """At most ``ANSWERS_PER_MINUTE`` answers per seat in any minute."""

    def __init__(self, limit: int = ANSWERS_PER_MINUTE):
        self.limit = limit
        self._lock = threading.Lock()
        self._times: dict[str, list[float]] = {}

    def allow(self, seat_id: str) -> bool:
        now = time.monotonic()
        with self._lock:
            times = [x for x in self._times.get(seat_id, []) if now - x < 60]
            if len(times) >= self.limit:
                self._times[seat_id] = times
                return False
            times.append(now)
            self._times[seat_id] = times
            return True


# -- the phones file: which seats have a phone now -------------------------------------------------------------------


def write_phones(folder: Path, seats_online: list[str]) -> None:
    """Say which seats have their page open (read by a terminal 'play'); atomic, never a '.tmp' of the save's."""
    path = folder / PHONES_FILE
    part = folder / ".phones.json.part"
    try:
        part.write_text(json.dumps({"pid": os.getpid(), "seats": sorted(seats_online)}), encoding="utf-8")
        os.replace(part, path)
    except OSError:
        pass


def remove_phones(folder: Path) -> None:
    try:
        data = json.loads((folder / PHONES_FILE).read_text(encoding="utf-8"))
        if data.get("pid") == os.getpid():
            (folder / PHONES_FILE).unlink()
    except (OSError, ValueError, AttributeError):
        pass


def phones_online(folder: Path) -> set[str]:
    """The seats whose phone has its page open, as a running server says; empty when no server runs."""
    try:
        data = json.loads((folder / PHONES_FILE).read_text(encoding="utf-8"))
        pid = int(data["pid"])
        seats_online = {str(s) for s in data["seats"]}
    except (OSError, ValueError, KeyError, TypeError):
        return set()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return set()  # the server is gone (killed without cleaning up)
    except OSError:
        pass  # it exists but is not ours to signal
    return seats_online
