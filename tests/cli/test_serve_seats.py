"""Seats on phones (issue 25): a link per seat; a seat's page answers its own question, and that answer is exactly
a typed one (same id, same validation and refusal text, same journal entry, same lock, undone the same way); only
the question waiting, only by its seat's token, from its own page, bounded in size and rate."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest

from gate_clock import hold_gate_clock, still_open
from lock_clock import LockClock
from serve_saves import make_save

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

NAME = "seats-save"
STEPS = 30  # Chaos at round 2's Summoning: a Power's own question waits (tests/cli/serve_saves.py's table)


@pytest.fixture
def served():
    from cli.phones import startup as serve
    from cli.commands.env import Env

    session = make_save("chaos", NAME, steps=STEPS)
    server, board, token = serve.make_server(Env(lang="en", game=NAME), 0, lan=False)
    observer = serve._watch(board)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server, token, session
    server.close_all()
    server.shutdown()
    observer.stop()
    server.server_close()


def request(server, method, path, body=None, headers=None):
    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, body=body, headers=headers or {})
    resp = conn.getresponse()
    data = resp.read().decode("utf-8", "replace")
    conn.close()
    return resp.status, data


def answer(server, token, q, value, origin=True, ctype="application/json", lang="en"):
    """POST ``value`` as the page does: for the question ``q`` (its ``id`` and ``key``, as the page received them)."""
    port = server.server_address[1]
    headers = {"Content-Type": ctype}
    if origin:
        headers["Origin"] = origin if isinstance(origin, str) else f"http://127.0.0.1:{port}"
    body = json.dumps({"id": q["id"], "key": q["key"], "answer": value}).encode()
    status, data = request(server, "POST", f"/{token}/answer?lang={lang}", body, headers)
    return status, (json.loads(data) if data.startswith("{") else data)


def state_of(server, token, lang="en"):
    return json.loads(request(server, "GET", f"/{token}/state.json?lang={lang}")[1])


def question_waiting(server):
    """(seat token, seat id, question) of the seat whose question waits."""
    for token, seat in server.seats.items():
        q = state_of(server, token)["seat"]["question"]
        if q:
            return token, seat["id"], q
    raise AssertionError("no seat's question waits")


def saved(session):
    from state.save import read

    save = read(session.save.folder)
    return save.journal_length, save.pending, save.state


def test_a_link_per_person_at_the_table_and_none_for_a_bot():
    """Seats come from automata/core/seats.py; a bot's questions are the table's, so a bot seat has no link."""
    from automata.core.seats import seats
    from cli.phones import startup as serve
    from cli.commands.env import Env

    for game_id, humans in (("chaos", 4), ("toc", 1)):
        session = make_save(game_id, f"links-{game_id}", steps=2)
        server, _, token = serve.make_server(Env(lang="en", game=f"links-{game_id}"), 0, lan=False)
        try:
            ids = [s["id"] for s in server.seats.values()]
            every = seats(game_id, session.save.state)
            assert ids == [s["id"] for s in every if s["kind"] == "human"] and len(ids) == humans
            tokens = set(server.seats)
            assert len(tokens) == humans and token not in tokens and all(len(t) >= 20 for t in tokens)
        finally:
            server.server_close()


def test_only_the_seat_whose_question_waits_sees_it_and_the_board_says_whose_turn(served):
    from automata.core.seats import question_seat

    server, token, session = served
    seat_token, seat_id, q = question_waiting(server)
    save = session.save
    assert question_seat("chaos", save.state, save.pending["step"] if save.pending else
                         session.game.next_step(save.state), q["id"]) == seat_id
    others = [t for t, s in server.seats.items() if s["id"] != seat_id]
    assert others and all(state_of(server, t)["seat"]["question"] is None for t in others)
    from cli.words.i18n import Translator

    board = state_of(server, token)
    assert "seat" not in board  # the board's page reads only: no seat's part, no question to answer
    assert board["turn"] == Translator("en")("core.serve.turn_seat", seat=f"{seat_id.capitalize()}",
                                              step=Translator("en").render(session.game.step_label(
                                                  session.save.pending["step"] if session.save.pending
                                                  else session.game.next_step(session.save.state))))
    assert state_of(server, seat_token, "pt-BR")["seat"]["clock"].startswith("Seu tempo")
    # whose turn, then the step, apart: the step's own colon does not follow another ("Your turn: Round 2: ...")
    for lang in ("en", "pt-BR"):
        t = Translator(lang)
        step = t.render(session.game.step_label(session.save.pending["step"] if session.save.pending
                                                else session.game.next_step(session.save.state)))
        for line in (state_of(server, token, lang)["turn"], state_of(server, seat_token, lang)["seat"]["turn"]):
            head, sep, tail = line.partition(" — ")
            assert sep and tail == step and ":" not in head, line
    page = request(server, "GET", f"/{seat_token}/")[1]
    assert 'data-role="seat"' in page and q["prompt"].split(" ")[0] in page


def test_a_refused_answer_says_what_the_terminal_says_and_writes_nothing(served):
    from automata.core.steps import InvalidAnswer

    from cli.words.i18n import Translator
    from cli.phones.seatserve import waiting

    server, _, session = served
    seat_token, _, q = question_waiting(server)
    folder = session.save.folder
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix == ".toml"}
    ask = waiting(session)[1]
    for lang in ("en", "pt-BR"):
        with pytest.raises(InvalidAnswer) as refused:  # the check the terminal's prompter runs on a typed answer
            ask.normalise("nonsense-xyz")
        status, data = answer(server, seat_token, q, "nonsense-xyz", lang=lang)
        assert status == 422 and data["error"] == Translator(lang).render(refused.value.msg)
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix == ".toml"} == before


def strip_stamps(value):
    """Journal data without the time stamps (state/clock.py), which differ between two runs."""
    if isinstance(value, dict):
        return {k: strip_stamps(v) for k, v in value.items() if k not in ("at", "started", "ended")}
    if isinstance(value, list):
        return [strip_stamps(v) for v in value]
    return value


def test_a_phone_answer_is_exactly_a_typed_answer_and_undo_takes_it_back(served):
    """The same question answered on a twin save given the phone's source ('phone', which log names): the same
    records, the same journal entry; then 'tabletop undo' takes the phone's answer back as it would a typed one."""
    from typer.testing import CliRunner

    from automata.core.runner import ScriptedAnswers
    from cli.main import app

    server, _, session = served
    twin = make_save("chaos", "twin-save", steps=STEPS)
    seat_token, _, q = question_waiting(server)
    length, pending, state = saved(session)
    status, data = answer(server, seat_token, q, "")
    assert status == 200 and data["ok"] and data["state"]["seat"]["question"] is None
    twin.play(ScriptedAnswers({q["id"]: ""}, source="phone"), None, None, max_steps=1)
    phone, typed = saved(session), saved(twin)
    assert strip_stamps(phone[1]) == strip_stamps(typed[1]) and phone[0] == typed[0]
    from state.save import read

    phone_journal, typed_journal = read(session.save.folder).journal(), read(twin.save.folder).journal()
    assert strip_stamps(phone_journal) == strip_stamps(typed_journal)
    recorded = (phone[1] or {}).get("records", []) + [r for e in phone_journal[length:] for r in e["records"]]
    assert any(r["id"] == q["id"] and r["value"] == "" and r["source"] == "phone" for r in recorded)
    # answered once: the same question again is no longer waiting
    assert answer(server, seat_token, q, "")[0] == 409
    result = CliRunner().invoke(app, ["--game", NAME, "undo"])
    assert result.exit_code == 0, result.output
    after = saved(session)
    assert after[0] == length and strip_stamps(after[2]) == strip_stamps(state)


def test_only_its_own_page_the_question_waiting_and_its_own_seat_can_answer(served):
    server, token, session = served
    seat_token, seat_id, q = question_waiting(server)
    other = next(t for t, s in server.seats.items() if s["id"] != seat_id)
    folder = session.save.folder
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix == ".toml"}
    port = server.server_address[1]
    assert answer(server, seat_token, q, "", origin=False)[0] == 403  # no Origin: not from a page
    assert answer(server, seat_token, q, "", origin="http://evil.example")[0] == 403
    assert answer(server, seat_token, q, "", origin=f"http://127.0.0.1:{port + 1}")[0] == 403
    assert answer(server, seat_token, q, "", ctype="text/plain")[0] == 415  # a form post from elsewhere
    assert answer(server, other, q, "")[0] == 403  # another seat's token
    assert answer(server, seat_token, dict(q, id="chaos.summon.r9.khorne"), "")[0] == 409  # not the question waiting
    status, _ = request(server, "POST", f"/{token}/answer", b"{}", {"Content-Type": "application/json",
                                                                     "Origin": f"http://127.0.0.1:{port}"})
    assert status == 405  # the board's token reads only
    assert request(server, "POST", "/not-a-token/answer", b"{}", {"Content-Type": "application/json"})[0] == 405
    for bad in (b"not json", b'{"id": 3, "answer": ""}', b'{"answer": ""}', b'{"id": "x", "answer": {"a": 1}}',
                b'{"id": "x", "answer": ""}', b'{"id": "x", "key": 3, "answer": ""}'):
        status, _ = request(server, "POST", f"/{seat_token}/answer", bad, {"Content-Type": "application/json",
                                                                          "Origin": f"http://127.0.0.1:{port}"})
        assert status == 400, bad
    big = json.dumps({"id": q["id"], "answer": "x" * 5000}).encode()
    status, _ = request(server, "POST", f"/{seat_token}/answer", big, {"Content-Type": "application/json",
                                                                      "Origin": f"http://127.0.0.1:{port}"})
    assert status == 413
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix == ".toml"} == before


def test_answers_are_bounded_in_rate_per_seat(served):
    server, _, _ = served
    seat_token, seat_id, q = question_waiting(server)
    server.answer_rate.limit = 3
    codes = [answer(server, seat_token, q, "nonsense-xyz")[0] for _ in range(4)]
    assert codes == [422, 422, 422, 429]


def test_a_phone_waits_for_the_lock_briefly_and_is_told_the_game_is_busy(served, monkeypatch):
    """The answer waits ANSWER_WAIT for the game's lock (a terminal writing a step), no longer, then says busy."""
    import state.lock as lock_module
    from cli.phones.seatserve import ANSWER_WAIT
    from state.lock import SaveLock

    server, _, session = served
    seat_token, _, q = question_waiting(server)
    clock = LockClock()
    with SaveLock(session.save.folder):
        with monkeypatch.context() as patched:
            patched.setattr(lock_module, "time", clock)
            status, data = answer(server, seat_token, q, "")
        from cli.words.i18n import Translator

        assert status == 503 and data["error"] == Translator("en")("core.serve.answer_busy")
        assert ANSWER_WAIT <= sum(clock.slept) < ANSWER_WAIT + 0.1, clock.slept  # it tried through its wait, briefly
    assert answer(server, seat_token, q, "")[0] == 200  # the lock free again: the answer goes in


def test_a_phone_sending_its_answer_slowly_holds_up_nobody(served, monkeypatch):
    """The gate reads an answer's body as it reads a head: a phone that stalls half-way holds no handler thread
    and no lock, and is dropped after the time limit."""
    from cli.phones import gate

    clock = hold_gate_clock(monkeypatch)  # the stalled answer's time passes when the test says

    server, token, session = served
    seat_token, _, q = question_waiting(server)
    port = server.server_address[1]
    slow = socket.create_connection(("127.0.0.1", port), timeout=10)
    slow.sendall((f"POST /{seat_token}/answer HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
                  "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"id\":").encode())
    assert request(server, "GET", f"/{token}/state.json")[0] == 200
    assert answer(server, seat_token, q, "nonsense-xyz")[0] == 422  # another answer is handled meanwhile...
    assert still_open(slow)  # ...while the stalled one is still there (held clock: not dropped first)
    from state.lock import SaveLock

    with SaveLock(session.save.folder, wait=0.1):  # the stalled answer holds no lock
        pass
    clock.advance(gate.REQUEST_TIMEOUT + 0.1)
    slow.settimeout(30)  # only against a hang
    assert b"408" in slow.recv(200)
    slow.close()


def test_an_open_seat_page_is_said_in_the_phones_file(served):
    from cli.phones.seatserve import phones_online

    server, _, session = served
    seat_token, seat_id, _ = question_waiting(server)
    folder = session.save.folder
    assert phones_online(folder) == set()
    port = server.server_address[1]
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(f"GET /{seat_token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert b"200" in sock.recv(100)
    deadline = time.monotonic() + 5
    while seat_id not in phones_online(folder) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert phones_online(folder) == {seat_id}
    sock.close()
    deadline = time.monotonic() + 5
    while phones_online(folder) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert phones_online(folder) == set()


def test_the_tables_question_is_shown_on_the_board_and_on_no_seat():
    """A question that is no seat's (Anachrony's action report, a bot's) stays at the computer: the board says so
    with the question, every seat's page says so in one short line (the step; the question's words often repeat
    it and are not the seat's to answer); no seat can answer it."""
    from cli.phones import startup as serve
    from cli.commands.env import Env
    from cli.words.i18n import Translator
    from cli.phones.seatserve import question_key, waiting, whose

    session = make_save("anachrony", "table-question", steps=40)
    now = waiting(session)
    assert now is not None and whose(session, now) is None
    server, board, token = serve.make_server(Env(lang="pt-BR", game="table-question"), 0, lan=False)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        for lang in ("en", "pt-BR"):
            t = Translator(lang)
            expected = t("core.serve.turn_table", step=t.render(session.game.step_label(now[0])),
                         question=t.render(now[1].msg))
            assert state_of(server, token, lang)["turn"] == expected
            step = t.render(session.game.step_label(now[0]))
            for seat_token in server.seats:
                part = state_of(server, seat_token, lang)["seat"]
                # a seat is told the computer has it and which step; the question's words stay on the board
                assert part["question"] is None and part["turn"] == t("core.serve.turn_table_seat", step=step)
                assert t.render(now[1].msg) not in part["turn"] and step in part["turn"]
                assert answer(server, seat_token, {"id": now[1].id, "key": question_key(session)}, "x", lang=lang)[0] == 403  # not this seat's
    finally:
        server.close_all()
        server.shutdown()
        server.server_close()
