"""A terminal 'play' hands a seat's question to that seat's phone (issue 25; the server is ``cli/phones/startup.py``).

When ``tabletop serve`` runs for this game and the seat whose question comes next has its page open (the server's
phones file, ``cli/phones/seatserve.py``), ``play`` at a terminal does not ask it at the keyboard: the source
``PhoneSeats`` stops the step there (``HandedToPhone``), ``play`` lets go of the save's lock, says whose phone has
the question, and waits:

- the phone answers: the server writes the answer under the lock (a typed answer whose source is ``"phone"``); the save changes, ``play``
  says what was answered (the steps completed meanwhile, from the journal), takes the lock again, reads the save
  and goes on;
- Enter at the terminal (or the phone's page closing, or the server stopping): the question is asked here instead,
  as always;
- a phone that opens its page while its seat's question is already asked here: the prompter notices it (it looks at
  the phones file while it waits, ``PhoneSeats.watch``), lets go of the question and hands it over as above; a
  phone that was already open when the question came back here (Enter) does not take it again;
- Ctrl-C stops 'play' as at any question; the step keeps its answers.

Off-terminal (answers given with ``--answer``, ``--json``) nothing changes: a question without an answer stops
'play' and says how to answer it, wherever that answer then comes from.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from automata.core.runner import NO_ANSWER

POLL = 0.25  # seconds between looks at the save while a phone has the question


class HandedToPhone(Exception):
    """The question ``ask`` is on seat ``seat_id``'s phone: 'play' waits for it outside the lock."""

    def __init__(self, ask, seat_id: str, journal_length: int, records: int):
        super().__init__(ask.id)
        self.ask = ask
        self.seat_id = seat_id
        self.journal_length = journal_length
        self.records = records


class PhoneSeats:
    """An answer source for 'play' at a terminal: a seat's question goes to its phone when the phone is there."""

    def __init__(self, session, here: set[str]):
        self.session = session
        self.here = here  # question ids the table chose to answer at the terminal

    def answer(self, ask):
        from .seatserve import phones_online

        if ask.id in self.here:
            return NO_ANSWER
        handed = self._handed(ask, phones_online(self.session.save.folder))
        if handed is None:
            return NO_ANSWER
        raise handed

    def _seat(self, ask) -> str | None:
        from automata.core.seats import question_seat

        save = self.session.save
        if save.pending is None:
            return None
        try:
            return question_seat(save.game, save.state, save.pending["step"], ask.id)
        except Exception:  # a game without seats: the terminal asks
            return None

    def _handed(self, ask, online: set[str]) -> HandedToPhone | None:
        if not online:
            return None
        seat_id = self._seat(ask)
        if seat_id is None or seat_id not in online:
            return None
        save = self.session.save
        self.session.keep_waiting()  # the question waits for its seat from the moment it was reached (its clock)
        return HandedToPhone(ask, seat_id, save.journal_length, len(save.pending.get("records", [])))

    def watch(self, ask):
        """For the prompter while it asks ``ask`` here: a check, run every ``POLL`` seconds, that returns the
        ``HandedToPhone`` to raise when the seat's page opens meanwhile (None otherwise, and for a question that is
        no seat's). Only an opening counts: a page already open when the question came back here (Enter, or the
        page was closed and reopened) stays quiet until it opens again."""
        from .seatserve import phones_online

        seat_id = self._seat(ask)
        if seat_id is None:
            return None
        folder = self.session.save.folder
        seen = {"open": seat_id in phones_online(folder)}

        def check() -> HandedToPhone | None:
            online = phones_online(folder)
            opened = seat_id in online and not seen["open"]
            seen["open"] = seat_id in online
            if not opened:
                return None
            self.here.discard(ask.id)
            return self._handed(ask, online)

        return check

    def table_dice(self, roll, spec):
        return NO_ANSWER


def _save_moved(folder, handed: HandedToPhone) -> bool | None:
    """True when the save shows the question answered (a record more, or the step complete); None when it cannot be
    read just now (being replaced)."""
    from state.save import SaveError, read

    try:
        save = read(folder)
    except (SaveError, OSError):
        return None
    records = len((save.pending or {}).get("records", [])) if save.pending is not None else 0
    return save.journal_length != handed.journal_length or records > handed.records


def _enter_pressed() -> bool:
    """Enter at the terminal (without blocking); never on a platform whose standard input cannot be polled."""
    try:
        import select

        if not sys.stdin.isatty():
            return False
        ready, _, _ = select.select([sys.stdin], [], [], 0)
        if ready:
            sys.stdin.readline()
            return True
    except (OSError, ValueError, ImportError):
        pass
    return False


def wait_for_phone(env, folder, game_id: str, handed: HandedToPhone, poll: float = POLL) -> bool:
    """Wait outside the lock until the phone answers (True) or the question comes back here (False)."""
    from rich.markup import escape

    from automata.core.seats import seats

    from .seatserve import phones_online, seat_label

    try:
        from state.save import read

        state = read(folder).state
        seat = next((s for s in seats(game_id, state) if s["id"] == handed.seat_id), {"id": handed.seat_id})
    except Exception:
        seat = {"id": handed.seat_id}
    label = seat_label(env.t, game_id, seat)
    env.out.print(escape(env.t("core.serve.phone_waiting", seat=label, question=env.t.render(handed.ask.msg))))
    while True:
        moved = _save_moved(folder, handed)
        if moved:
            return True
        if handed.seat_id not in phones_online(folder):
            env.out.print(escape(env.t("core.serve.phone_gone", seat=label)))
            return False
        if _enter_pressed():
            return False
        time.sleep(poll)


def show_answered(env, folder, handed: HandedToPhone, game_id: str) -> None:
    """What the phone's answer did: the steps it completed (their lines, as 'tabletop log' tells them), or the answer
    itself when its step goes on."""
    from rich.markup import escape

    from state.save import read

    from ..inplay.logview import entry_label, entry_lines
    from ..terminal.render import answer_text

    save = read(folder)
    if save.journal_length > handed.journal_length:
        for entry in save.journal()[handed.journal_length:]:
            env.out.print(f"[bold]{escape(entry_label(env.t, entry))}[/bold]")
            for _, text in entry_lines(env.t, entry):
                env.out.print(escape(text))
        return
    records = (save.pending or {}).get("records", [])
    value: Any = next((r.get("value") for r in records[handed.records:] if r.get("id") == handed.ask.id), None)
    labels = {c.value: env.t.render(c.label) for c in handed.ask.choices}
    chosen = value if isinstance(value, list) else [value]
    shown = ", ".join(labels[v] for v in chosen if v in labels) if labels else answer_text(env.t, value)
    line = f"? {env.t.render(handed.ask.msg)} {shown or answer_text(env.t, value)}"
    env.out.print(escape(env.t("core.ask.phone_line", line=line)))
