"""Every answer counts in its seat's clock, however it is given (issue 36 item 4; issue 24's clocks,
state/clock.py): the same wait typed at the keyboard, given later with ``--answer``, or given on the seat's phone
(``tabletop serve`` alone, or a question 'play' handed to the phone) adds the same time to that seat.

The phone's answer used to add nothing: the server plays the step the answer belongs to, and when nobody had
reached that step yet (the phone shows the question waiting without writing anything) the step was reached at the
moment of the answer, so the whole wait was game time only. The step now starts when the page could first show
the question (``Session.play``'s ``waiting_since``), and a question handed to a phone by 'play' is written as
waiting from the moment it was reached (``Session.keep_waiting``)."""

from __future__ import annotations

import pytest

from cli_checks import tt
from serve_saves import make_save, serving
from test_serve_seats import answer, question_waiting

STEPS = 30  # Chaos at round 2's Summoning: Nurgle's own question waits (tests/cli/serve_saves.py's table)
T0, T_SERVER, T_ANSWER = "2026-01-01T10:00:00Z", "2026-01-01T10:01:00Z", "2026-01-01T10:01:30Z"
WAIT = 90  # seconds between the question reached at T0 and its answer at T_ANSWER


def seat_clocks(name: str) -> dict:
    from state import paths
    from state.clock import clocks
    from state.save import read

    return clocks(read(paths.game_dir(name)))


@pytest.fixture
def waiting_save(monkeypatch):
    """A save whose Power's Summoning question waits from T0 (its last step ended then): (name, ask id, seat id)."""
    from cli.phones.seatserve import waiting, whose

    def make(name: str):
        monkeypatch.setenv("TABLETOP_NOW", T0)
        session = make_save("chaos", name, steps=STEPS)
        now = waiting(session)
        return session, now[1].id, whose(session, now)

    return make


def test_the_same_wait_typed_answered_later_or_on_a_phone_is_the_same_seat_time(waiting_save, monkeypatch):
    """Issue 24: the interval that ends with a seat's answer is that seat's time, whoever carries the answer."""
    from automata.core.runner import NO_ANSWER

    # at the keyboard: 'play' reaches the step at T0, the player types after WAIT seconds
    typed, ask_id, seat = waiting_save("typed")

    class Keyboard:
        def answer(self, ask):
            if ask.id != ask_id:
                return NO_ANSWER
            monkeypatch.setenv("TABLETOP_NOW", T_ANSWER)  # the time the player took at the prompt
            return "", "table"

        def table_dice(self, roll, spec):
            return NO_ANSWER

    typed.play(Keyboard(), None, None, max_steps=1)
    # off the terminal: 'play' stops at the question at T0, '--answer' gives it at T_ANSWER
    waiting_save("later")
    assert tt("--game", "later", "play").exit_code == 2
    monkeypatch.setenv("TABLETOP_NOW", T_ANSWER)
    assert tt("--game", "later", "--answer", f"{ask_id}=", "play", "--steps", "1").exit_code in (0, 2)
    # on the phone: 'serve' runs (nobody plays at the computer), the seat's page answers at T_ANSWER
    waiting_save("phone")
    with serving("phone") as server:
        seat_token, seat_id, q = question_waiting(server)
        assert (seat_id, q["id"]) == (seat, ask_id)
        monkeypatch.setenv("TABLETOP_NOW", T_ANSWER)
        assert answer(server, seat_token, q, "")[0] == 200
    for name in ("typed", "later", "phone"):
        times = seat_clocks(name)
        assert times["seats"].get(seat) == WAIT, (name, times)
        assert times["play_seconds"] == WAIT and times["breaks"] == 0, (name, times)


def test_a_question_play_hands_to_a_phone_waits_from_when_it_was_reached(waiting_save, monkeypatch):
    """'play' reaches the step at T0 and hands the seat's question to its open page (cli/phones/phonewait.py); the server
    was started later (T_SERVER): the seat's time still runs from T0, as at the keyboard."""
    from state import paths

    from cli.phones.phonewait import HandedToPhone, PhoneSeats
    from cli.phones.seatserve import write_phones
    from state.session import Session

    _, _, seat = waiting_save("handed")
    folder = paths.game_dir("handed")
    write_phones(folder, [seat])  # the seat's page is open (as the server says in its phones file)
    at_the_computer = Session.open(folder)
    with pytest.raises(HandedToPhone):
        at_the_computer.play(PhoneSeats(at_the_computer, set()), None, None)
    monkeypatch.setenv("TABLETOP_NOW", T_SERVER)
    with serving("handed") as server:
        seat_token, _, q = question_waiting(server)
        monkeypatch.setenv("TABLETOP_NOW", T_ANSWER)
        assert answer(server, seat_token, q, "")[0] == 200
    assert seat_clocks("handed")["seats"].get(seat) == WAIT


def test_a_phone_answer_never_counts_from_before_the_server_could_show_it(waiting_save, monkeypatch):
    """The game left waiting, 'serve' started afterwards: the seat's wait starts when its page could show the
    question (the server's start), not at the end of the step before."""
    waiting_save("late")
    monkeypatch.setenv("TABLETOP_NOW", T_SERVER)
    with serving("late") as server:
        seat_token, seat, q = question_waiting(server)
        monkeypatch.setenv("TABLETOP_NOW", T_ANSWER)
        assert answer(server, seat_token, q, "")[0] == 200
    times = seat_clocks("late")
    assert times["seats"].get(seat) == 30 and times["play_seconds"] == WAIT
