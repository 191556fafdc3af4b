"""A terminal 'play' and the phones (issue 25, cli/phones/phonewait.py): a seat's question goes to that seat's open page,
'play' waits outside the lock and moves on when the phone answered; Enter takes the question back to the keyboard.

The installed ``tabletop`` on a pseudo-terminal; the server runs in this process with the seat's page open."""

from __future__ import annotations

import os
import re
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

from serve_saves import make_save
from test_serve_seats import answer, question_waiting

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

pexpect = pytest.importorskip("pexpect")

NAME = "handoff-save"


def next_power(seat_id: str) -> str:
    """Another Power's Summoning line: the one that comes next in this save (its phone is not open)."""
    return rf"\b(?!(?i:{seat_id}))[A-Z]\w+ \(\d+ power"
TABLETOP = str(Path(sys.executable).with_name("tabletop"))


@pytest.fixture(params=["open first"])
def table(_tabletop_home, request):
    from cli.phones import startup as serve
    from cli.commands.env import Env
    from cli.phones.seatserve import phones_online

    session = make_save("chaos", NAME, steps=30)
    server, board, token = serve.make_server(Env(lang="en", game=NAME), 0, lan=False)
    observer = serve._watch(board)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    seat_token, seat_id, q = question_waiting(server)
    phones = []

    def open_page() -> None:
        phone = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=5)
        phone.sendall(f"GET /{seat_token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())  # the seat's page is open
        phones.append(phone)
        deadline = time.monotonic() + 5
        while seat_id not in phones_online(session.save.folder) and time.monotonic() < deadline:
            time.sleep(0.05)

    if request.param == "open first":
        open_page()
    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_NO_PROMPT", "NO_COLOR")}
    env.update(TABLETOP_HOME=str(_tabletop_home), TABLETOP_LANG="en", TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(TABLETOP, ["--game", NAME, "play"], env=env, encoding="utf-8", dimensions=(40, 120), timeout=20)
    yield server, session, seat_token, seat_id, q, child, open_page
    child.terminate(force=True)
    for phone in phones:
        phone.close()
    server.close_all()
    server.shutdown()
    observer.stop()
    server.server_close()


def test_play_hands_the_seats_question_to_its_phone_and_moves_on_when_it_answers(table):
    from state.lock import SaveLock

    server, session, seat_token, seat_id, q, child, _ = table
    child.expect("question is on their phone")
    child.expect("press Enter")
    with SaveLock(session.save.folder, wait=2):  # 'play' waits outside the lock: the phone can write
        pass
    status, data = answer(server, seat_token, q, "")
    assert status == 200
    child.expect(r"\? " + re.escape(q["prompt"]))  # what the phone answered
    # 'play' goes on: the next Power's Summoning is asked here (its phone is not open)
    child.expect(next_power(seat_id))
    assert "Traceback" not in child.before


def test_enter_takes_the_question_back_to_the_terminal(table):
    server, session, seat_token, seat_id, q, child, _ = table
    child.expect("press Enter")
    child.send("\r")
    child.expect(re.escape(q["prompt"][-30:]))
    child.sendline("")  # nothing summoned, typed here
    child.expect(next_power(seat_id))  # the next Power's turn
    from state.save import read

    save = read(session.save.folder)
    recorded = [r for e in save.journal() for r in e["records"]] + (save.pending or {}).get("records", [])
    assert any(r["id"] == q["id"] and r["source"] == "table" for r in recorded)


@pytest.mark.parametrize("table", ["opens later"], indirect=True)
def test_a_page_opened_while_the_terminal_asks_takes_the_question(table):
    """The gap a table meets: 'play' already asks the seat's question at the keyboard (holding the lock) when the
    seat's phone opens its page. The prompter lets go of the question and hands it over; the phone's answer is
    recorded as a phone's ('phone', named in log), in the step the terminal was playing, and 'play' goes on."""
    server, session, seat_token, seat_id, q, child, open_page = table
    child.expect(re.escape(q["prompt"][-30:]))  # asked here: no phone yet
    open_page()
    child.expect("question is on their phone")
    child.expect("press Enter")
    status, data = answer(server, seat_token, q, "")
    assert status == 200, data
    child.expect(r"\? " + re.escape(q["prompt"]))
    child.expect(next_power(seat_id))
    assert "Traceback" not in child.before
    from state.save import read

    save = read(session.save.folder)
    recorded = [r for e in save.journal() for r in e["records"]] + (save.pending or {}).get("records", [])
    assert [r["source"] for r in recorded if r["id"] == q["id"]] == ["phone"]


@pytest.mark.parametrize("table", ["opens later"], indirect=True)
def test_a_page_already_open_when_the_question_came_back_here_stays_quiet(table):
    """Enter took the question back to the keyboard: the phone that is still open does not grab it again."""
    server, session, seat_token, seat_id, q, child, open_page = table
    child.expect(re.escape(q["prompt"][-30:]))
    open_page()
    child.expect("press Enter")
    child.send("\r")
    child.expect(re.escape(q["prompt"][-30:]))
    time.sleep(1)  # several of the prompter's looks at the phones file
    assert "question is on their phone" not in child.before
    child.sendline("")
    child.expect(next_power(seat_id))
