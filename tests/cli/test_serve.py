"""'tabletop serve' over HTTP (issue 15): token, read-only, live updates, limits, damaged saves, no leaks."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gate_clock import hold_gate_clock, still_open
from serve_saves import make_save, play

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

NAME = "secret-save-name"


@pytest.fixture
def served(tmp_path):
    """A mid-game Time of Crisis save served on a free port of 127.0.0.1, with its file watcher."""
    from cli.phones import startup as serve
    from cli.commands.env import Env

    session = make_save("toc", NAME)
    env = Env(lang="en", game=NAME)
    server, board, token = serve.make_server(env, 0, lan=False)
    observer = serve._watch(board)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server, board, token, session
    server.close_all()
    server.shutdown()
    observer.stop()
    server.server_close()


@pytest.fixture
def served_later(tmp_path):
    """As ``served`` (on a save a few steps in), but the server accepts only once the test calls ``start()``."""
    from cli.phones import startup as serve
    from cli.commands.env import Env

    session = make_save("toc", NAME, steps=3)
    env = Env(lang="en", game=NAME)
    server, board, token = serve.make_server(env, 0, lan=False)
    server.session = session
    observer = serve._watch(board)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    yield server, board, token, thread.start
    server.close_all()
    if thread.is_alive():
        server.shutdown()
        thread.join(5)
    observer.stop()
    observer.join(5)
    server.server_close()


def session_of(served_later):
    return served_later[0].session


def get(server, path, method="GET", body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
    conn.request(method, path, body=body, headers=headers or {})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, data.decode("utf-8", "replace"), resp


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_the_token_is_required(served):
    server, _, token, _ = served
    for path in ("/", "/state.json", "/events", "/x/", "/x/state.json", f"/{token[:-1]}/", f"/{token}x/state.json"):
        status, body, _ = get(server, path)
        assert status == 403, path
        assert "Bot" not in body and "Round" not in body  # no game data without the token
    status, body, _ = get(server, f"/{token}/")
    assert status == 200 and "<pre class=\"board\">" in body
    status, _, resp = get(server, f"/{token}")
    assert status == 301 and resp.getheader("Location") == f"/{token}/"


def test_a_new_token_at_every_start(tmp_path):
    from cli.phones import startup as serve
    from cli.commands.env import Env

    make_save("toc", NAME, steps=2)
    tokens = set()
    for _ in range(3):
        server, _, token, = serve.make_server(Env(lang="en", game=NAME), 0, lan=False)
        server.server_close()
        tokens.add(token)
        assert len(token) >= 20
    assert len(tokens) == 3


def test_every_method_but_get_and_head_is_refused_and_nothing_changes(served):
    server, board, token, session = served
    before = files_of(session.save.folder)
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "PROPFIND"):
        for path in (f"/{token}/", f"/{token}/state.json", f"/{token}/events", "/"):
            status, _, resp = get(server, path, method=method, body=b"x=1" if method in ("POST", "PUT") else None)
            assert status == 405, (method, path)
            assert resp.getheader("Allow") == "GET, HEAD"
    status, body, _ = get(server, f"/{token}/state.json", method="HEAD")
    assert status == 200 and body == ""
    status, _, _ = get(server, f"/{token}/state.json", body=b"x" * 10, headers={"Content-Length": "10"})
    assert status == 413
    assert files_of(session.save.folder) == before


def test_the_page_and_json_reflect_the_save_in_either_language(served):
    import json

    from cli.words.i18n import Translator

    server, _, token, session = served
    status, body, _ = get(server, f"/{token}/state.json")
    snap = json.loads(body)
    assert status == 200 and snap["title"] == "Time of Crisis" and snap["notice"] == ""
    # the board is the status picture: the bots and the round the save is at
    assert "red" in snap["board"] and f"{session.save.state['round']}" in snap["board"]
    last = session.save.journal()[-1]
    assert snap["log"][0]["n"] == last["n"]
    assert snap["log"][0]["label"] == Translator("en").render(__import__("automata.core.steps", fromlist=["Msg"]).Msg.from_data(last["label"]))
    pt = json.loads(get(server, f"/{token}/state.json?lang=pt-BR")[1])
    assert pt["lang"] == "pt-BR" and "rodada" in pt["board"] and "round" in snap["board"]
    status, page, _ = get(server, f"/{token}/?lang=pt-BR")
    assert '<html lang="pt-BR">' in page and "English" in page


def read_event(stream, deadline: float) -> dict:
    import json

    data = []
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            raise AssertionError("the live connection closed")
        line = line.decode().rstrip("\n")
        if line.startswith("data: "):
            data.append(line[6:])
        elif line == "" and data:
            return json.loads("\n".join(data))
    raise AssertionError("no update in time")


def wait_for_step(stream, n: int, deadline: float) -> bool:
    """Updates arrive as the save's files are replaced (save, then journal): wait for the one showing step ``n``."""
    while time.monotonic() < deadline:
        update = read_event(stream, deadline)
        if update["log"] and update["log"][0]["n"] == n:
            return True
    return False


def open_live(server, token):
    sock = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=5)
    sock.sendall(f"GET /{token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    stream = sock.makefile("rb")
    status = stream.readline()
    while stream.readline() not in (b"\r\n", b""):
        pass
    return sock, stream, status


def test_a_play_step_reaches_an_open_live_connection(served):
    """A step played and an undo, each in another process, reach the open live connection (the waits below only
    guard against a hang: how soon is bench/'s to measure, not a test's)."""
    server, board, token, session = served
    sock, stream, status = open_live(server, token)
    assert b"200" in status
    first = read_event(stream, time.monotonic() + 5)
    n_before = first["log"][0]["n"]
    # a 'play' step in another process, exactly as the table would run it
    env = dict(os.environ, TABLETOP_NO_PROMPT="1")
    import toc_policy  # noqa: F401  (the policy answers the next step's questions)

    policy = toc_policy.Policy(5)
    play(session, policy, 1)
    assert wait_for_step(stream, n_before + 1, time.monotonic() + 30)
    # an undo in another process is seen too
    exe = Path(sys.executable).with_name("tabletop")
    subprocess.run([str(exe), "--game", NAME, "undo"], env=env, check=True, capture_output=True, timeout=30)
    assert wait_for_step(stream, n_before, time.monotonic() + 30)
    sock.close()


def open_live_from(server, token, source: str = "127.0.0.1"):
    """A live connection from a loopback source address (Linux routes all of 127.0.0.0/8 to loopback)."""
    try:
        sock = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=5, source_address=(source, 0))
    except OSError as e:
        pytest.skip(f"cannot connect from {source}: {e}")
    sock.sendall(f"GET /{token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    stream = sock.makefile("rb")
    status = stream.readline()
    while stream.readline() not in (b"\r\n", b""):
        pass
    return sock, stream, status


def closed_by_server(sock, stream=None, within: float = 30.0) -> bool:
    """The server ends this connection (end of stream or reset); ``within`` seconds only guard against a hang."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            data = stream.readline() if stream is not None else sock.recv(4096)
        except TimeoutError:
            return False
        except OSError:
            return True
        if not data:
            return True
    return False


def close_all(opened) -> None:
    for s, f, _ in opened:
        f.close()
        s.close()


def test_live_streams_are_bounded_per_address_with_the_oldest_ended(served_later):
    """Issue 31: one address cannot hold every live place; its newest stream replaces its oldest."""
    from cli.phones import server as phone_server

    server, _, token, start = served_later
    start()
    opened = [open_live(server, token) for _ in range(phone_server.LIVE_PER_ADDRESS)]
    try:
        assert all(b"200" in status for _, _, status in opened)
        for _, stream, _ in opened:
            read_event(stream, time.monotonic() + 5)
        newest = open_live(server, token)
        opened.append(newest)
        assert b"200" in newest[2]  # the phone that reloads keeps following...
        assert closed_by_server(opened[0][0], opened[0][1])  # ...and the address's oldest stream is ended
        read_event(newest[1], time.monotonic() + 5)
        for sock, stream, _ in opened[1:-1]:  # the others go on
            sock.settimeout(0.2)
            try:
                got = stream.readline()
            except TimeoutError:
                got = None
            assert got is None, got
    finally:
        close_all(opened)


def test_live_streams_are_bounded_in_total_and_one_more_is_told(served_later):
    """Issue 15/31: at LIVE_LIMIT open streams one more gets 503, the page still answers, a closed one frees its place."""
    from cli.phones import server as phone_server

    server, _, token, start = served_later
    start()
    per, limit = phone_server.LIVE_PER_ADDRESS, phone_server.LIVE_LIMIT
    sources = [f"127.0.0.{1 + i // per}" for i in range(limit)]  # full places on as many loopback addresses
    opened = []
    try:
        for source in sources:
            opened.append(open_live_from(server, token, source))
        assert all(b"200" in status for _, _, status in opened)
        extra = f"127.0.0.{2 + limit // per}"
        sock, stream, status = open_live_from(server, token, extra)
        sock.close()
        assert b"503" in status  # the next one is told, not left hanging
        status, body, _ = get(server, f"/{token}/state.json")  # the page still answers
        assert status == 200
        opened[0][1].close()  # a phone goes away (its stream and socket closed)
        opened[0][0].close()
        deadline = time.monotonic() + 30  # only against a hang: it stops at the first 200
        while time.monotonic() < deadline:  # a closed phone frees its place
            sock, stream, status = open_live_from(server, token, extra)
            sock.close()
            if b"200" in status:
                break
            time.sleep(0.1)
        assert b"200" in status
    finally:
        close_all(opened)  # the first again too: closing twice is harmless


def test_reading_the_save_is_not_a_change(served_later):
    """The server's own reads of the save (one per render) must not wake the live streams: else every render
    would cause another, and each phone would get the board again and again while nothing happens."""
    server, board, token, start = served_later
    start()
    sock, stream, status = open_live(server, token)
    try:
        assert b"200" in status
        first = read_event(stream, time.monotonic() + 5)
        for lang in ("en", "pt-BR"):
            get(server, f"/{token}/state.json?lang={lang}")  # renders: reads the save's files
        time.sleep(1.0)
        assert board.version == first["v"]
        sock.settimeout(0.5)
        with pytest.raises(TimeoutError):
            stream.readline()  # no new board pushed
    finally:
        stream.close()
        sock.close()


def test_a_slow_phone_does_not_block_the_others(served, monkeypatch):
    """Issue 31: the page is answered while a connection that never finishes its request is still open (the gate's
    clock held still, so it cannot have been dropped first: a gate that waited for it would never answer)."""
    hold_gate_clock(monkeypatch)
    server, _, token, _ = served
    silent = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=5)
    silent.sendall(b"GET /")  # never finishes its request
    status, _, _ = get(server, f"/{token}/state.json")
    assert status == 200 and still_open(silent)
    silent.close()


def test_a_damaged_save_is_shown_as_such_without_a_path(served, tmp_path):
    import json

    server, board, token, session = served
    save = session.save.folder / "save.toml"
    save.write_text(save.read_text(encoding="utf-8")[:200], encoding="utf-8")
    board.touch()
    status, body, _ = get(server, f"/{token}/state.json")
    snap = json.loads(body)
    assert status == 200 and snap["notice"] == "damaged" and snap["board"] == ""
    assert "tabletop status" in snap["notice_text"]
    status, page, _ = get(server, f"/{token}/")
    assert status == 200 and "damaged" in page


def test_a_write_in_progress_is_said(served):
    import json

    server, board, token, session = served
    folder = session.save.folder
    (folder / "save.toml.tmp").write_text("half", encoding="utf-8")
    (folder / "save.toml").write_text("[state\n", encoding="utf-8")
    board.touch()
    snap = json.loads(get(server, f"/{token}/state.json")[1])
    assert snap["notice"] == "writing"


def test_no_path_or_save_name_ever_appears(served):
    server, _, token, session = served
    home = str(session.save.folder.parent.parent)
    paths = [f"/{token}/", f"/{token}/state.json", f"/{token}/nothing", "/", "/nothing", f"/{token}/?lang=pt-BR"]
    bodies = [get(server, p)[1] for p in paths] + [get(server, f"/{token}/", method="POST")[1]]
    sock, stream, _ = open_live(server, token)
    bodies.append(str(read_event(stream, time.monotonic() + 5)))
    sock.close()
    for body in bodies:
        assert NAME not in body and home not in body and "tabletop-home" not in body


def test_serve_never_takes_the_lock_and_never_writes(served):
    server, board, token, session = served
    folder = session.save.folder
    before = files_of(folder)
    for _ in range(3):
        get(server, f"/{token}/")
        get(server, f"/{token}/state.json?lang=pt-BR")
    assert files_of(folder) == before
    from state.lock import SaveLock

    with SaveLock(folder, wait=0.1):  # the game's lock is free while the board is served
        pass


def test_ctrl_c_stops_it_at_once_with_exit_130(tmp_path):
    make_save("toc", NAME, steps=3)
    exe = Path(sys.executable).with_name("tabletop")
    proc = subprocess.Popen([str(exe), "--game", NAME, "serve", "--port", "0"], stderr=subprocess.PIPE,
                            stdout=subprocess.PIPE, env=dict(os.environ))
    line = proc.stderr.readline().decode()
    url = line.split(" at ")[-1].strip()
    assert url.startswith("http://127.0.0.1:")
    host_port, token = url[len("http://"):].rstrip("/").split("/")
    port = int(host_port.split(":")[1])
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(f"GET /{token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert b"200" in sock.recv(200)
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=30) == 130  # the wait only guards against a hang
    rest = proc.stderr.read().decode()
    proc.stderr.close()
    proc.stdout.close()
    assert "Traceback" not in rest
    sock.settimeout(2)
    try:
        while sock.recv(4096):  # the live connection is closed by the server
            pass
    except OSError:
        pass
    sock.close()


def test_serve_with_no_save_is_a_clear_error():
    from typer.testing import CliRunner

    from cli.main import app

    from cli.words.i18n import Translator

    result = CliRunner().invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 2  # nothing to serve: the same message as 'status'
    assert Translator("en")("core.error.no_games") in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("args", [["--port", "-1"], ["--port", "70000"], ["--port", "abc"], ["--lan", "x"]])
def test_bad_serve_options_are_refused_without_a_traceback(args):
    from typer.testing import CliRunner

    from cli.main import app

    make_save("toc", NAME, steps=1)
    result = CliRunner().invoke(app, ["serve", *args])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_a_port_in_use_is_a_clear_error():
    from typer.testing import CliRunner

    from cli.main import app

    make_save("toc", NAME, steps=1)
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        result = CliRunner().invoke(app, ["serve", "--port", str(port)])
    finally:
        taken.close()
    assert result.exit_code == 1
    assert f"Cannot listen on port {port}" in result.output and "--port" in result.output


# -- issue 31: slow, stalled and numerous clients cannot starve the table -------------------------------------------
# Loopback only (127.0.0.1), bounded loops, every socket closed; every client of the battery shares the real
# client's address, so this also checks that the caps per address leave room for the real phone.


def open_fds() -> int | None:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return None


def page_request(token: str) -> bytes:
    return f"GET /{token}/ HTTP/1.1\r\nHost: table\r\nUser-Agent: phone\r\n\r\n".encode()


def read_answers(socks: list, deadline: float) -> list[bytes]:
    """Read every socket to its end (the server closes each after one answer), all at once, until ``deadline``."""
    import selectors

    answers = {s: bytearray() for s in socks}
    with selectors.DefaultSelector() as sel:
        for s in socks:
            s.setblocking(False)
            sel.register(s, selectors.EVENT_READ)
        while sel.get_map() and time.monotonic() < deadline:
            for key, _ in sel.select(max(0.0, deadline - time.monotonic())):
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    answers[key.fileobj] += data
                else:
                    sel.unregister(key.fileobj)
    return [bytes(answers[s]) for s in socks]


def test_the_listen_backlog_fits_a_table_of_phones(served_later):
    """Issue 31: 100 phones connecting at the same moment are all queued by the system (the default backlog of
    5 dropped the rest, which retried for up to ~31 s) and all get the page once the server takes them."""
    from cli.phones import gate

    server, board, token, start = served_later
    assert server.request_queue_size == gate.BACKLOG >= 128
    port = server.server_address[1]
    socks = []
    try:
        for _ in range(100):  # the server is not accepting yet: only the system's queue holds them
            s = socket.socket()
            socks.append(s)
            s.settimeout(1.0)
            s.connect(("127.0.0.1", port))  # with a short queue, a connection would hang here
            s.sendall(page_request(token))
        started = time.monotonic()
        start()
        answers = read_answers(socks, started + 10)
        assert sum(a.startswith(b"HTTP/1.1 200") and b"</html>" in a for a in answers) == 100
    finally:
        for s in socks:
            s.close()


def connect(port: int) -> socket.socket:
    """A connection to the server within 3 s (a short listen queue drops it, and the system retries for ~31 s)."""
    try:
        return socket.create_connection(("127.0.0.1", port), timeout=3)
    except TimeoutError:
        raise AssertionError("the server's system queue did not take the connection within 3 s") from None


def trickle(socks: list, request: bytes, stop, rounds: int = 300, pause: float = 0.05) -> None:
    """Send ``request`` to every socket one byte at a time until each is dropped, ``stop`` is set or ``rounds`` pass
    (bounded: ~15 s at most)."""
    sent = {s: 0 for s in socks}
    for _ in range(rounds):
        if stop.is_set() or not sent:
            return
        for s in list(sent):
            try:
                s.send(request[sent[s]:sent[s] + 1])
                sent[s] += 1
            except OSError:
                sent.pop(s)  # dropped by the server
        time.sleep(pause)


def test_a_trickling_or_stalled_request_is_dropped_after_the_time_limit(served_later, monkeypatch):
    """Issue 31: a request must arrive whole within REQUEST_TIMEOUT, however it trickles; meanwhile it holds no
    handler, so the page answers at once."""
    import threading

    from cli.phones import gate

    clock = hold_gate_clock(monkeypatch)  # their time passes when the test says (tests/cli/gate_clock.py)

    server, _, token, start = served_later
    start()
    port = server.server_address[1]
    stop = threading.Event()
    slow = [connect(port) for _ in range(20)]
    stalled = connect(port)
    stalled.sendall(b"GET /")
    thread = threading.Thread(target=trickle, args=(slow, page_request(token)[:-2] + b"X-Pad: " + b"a" * 10_000, stop),
                              daemon=True)
    thread.start()
    try:
        status, _, _ = get(server, f"/{token}/state.json")  # accepted after them all: they hold their deadlines
        assert status == 200
        assert all(still_open(s) for s in slow + [stalled])  # not before their time, trickling or not
        clock.advance(gate.REQUEST_TIMEOUT + 0.1)
        for s in slow + [stalled]:
            assert closed_by_server(s, within=30)  # once it is up (the wait only guards against a hang)
    finally:
        stop.set()
        thread.join(5)
        for s in slow + [stalled]:
            s.close()


def test_an_oversized_request_head_is_refused(served_later):
    from cli.phones import gate

    server, _, token, start = served_later
    start()
    sock = connect(server.server_address[1])
    try:
        head = page_request(token)[:-2] + b"X-Pad: " + b"a" * (gate.MAX_HEAD + 10) + b"\r\n\r\n"
        try:
            sock.sendall(head)
        except OSError:
            pass  # closed while sending: refused all the same
        sock.settimeout(5)
        try:
            answer = sock.recv(200)
        except ConnectionResetError:
            answer = b""
        assert answer == b"" or answer.startswith(b"HTTP/1.1 431")
        assert closed_by_server(sock)
    finally:
        sock.close()


def test_slow_stalled_and_numerous_clients_do_not_starve_the_table(served_later, monkeypatch):
    """Issue 31: 100 clients sending their request a byte at a time, 100 stalled after half a request line and 100
    connecting at once; meanwhile a real phone gets the page and its live update, the 100 get their page, every
    slow or stalled one is dropped once the request time limit is up (the gate's clock is moved past it:
    tests/cli/gate_clock.py; the waits only guard against a hang), and nothing is left open."""
    import threading

    import toc_policy
    from cli.phones import gate

    clock = hold_gate_clock(monkeypatch)

    server, _, token, start = served_later
    start()
    port = server.server_address[1]
    assert get(server, "/")[0] == 403  # the gate is up (its selector open) before anything is counted
    fds_before = open_fds()
    threads_before = threading.active_count()
    slow, stalled, numerous, real = [], [], [], []
    trickling = threading.Event()
    trickler = threading.Thread(target=trickle, args=(slow, page_request(token)[:-2] + b"X-Pad: " + b"a" * 10_000,
                                                      trickling), daemon=True)
    try:
        for _ in range(100):  # stalled after half a request line
            s = connect(port)
            stalled.append(s)
            s.sendall(f"GET /{token[:6]}".encode())
        for _ in range(100):  # sending their request one byte at a time, and going on (from a thread)
            slow.append(connect(port))
        trickler.start()
        for _ in range(100):  # 100 connections at once, each then asking for the page
            numerous.append(connect(port))
        for s in numerous:
            s.sendall(page_request(token))
        # the real phone: the page, then its live stream, then a play step reaches it
        started = time.monotonic()
        status, page, _ = get(server, f"/{token}/")
        assert status == 200 and '<pre class="board">' in page
        sock, stream, status = open_live(server, token)
        real.append((sock, stream))
        assert b"200" in status
        first = read_event(stream, started + 30)
        play(session_of(served_later), toc_policy.Policy(5), 1)
        assert wait_for_step(stream, first["log"][0]["n"] + 1, started + 30)
        # the 100 got their page too
        answers = read_answers(numerous, started + 30)
        assert sum(a.startswith(b"HTTP/1.1 200") and b"</html>" in a for a in answers) == 100
        # every slow or stalled connection is closed by the server, trickling or not, once its time is up
        clock.advance(gate.REQUEST_TIMEOUT + 0.1)
        for s in slow + stalled:
            assert closed_by_server(s, within=30), "still open"
    finally:
        trickling.set()
        if trickler.is_alive():
            trickler.join(5)
        for s in slow + stalled + numerous:
            s.close()
        for sock, stream in real:
            stream.close()
            sock.close()
    # nothing left behind: no connection, handler thread or socket stays open on either side
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and (server._threads or server.open_sockets or server._connections
                                           or threading.active_count() > threads_before):
        time.sleep(0.05)
    assert not server._threads and not server.open_sockets and not server._connections
    assert threading.active_count() <= threads_before
    if fds_before is not None:
        assert open_fds() <= fds_before


def test_waiting_requests_go_to_the_handlers_address_after_address(tmp_path):
    """Issue 31: complete requests wait at the gate and are answered in turn, one address after another, never more
    than the cap per address at once: an address that sends many first does not starve one that sends a few."""
    from collections import deque

    from cli.phones import gate as phone_gate
    from cli.phones import startup as serve
    from cli.commands.env import Env

    make_save("toc", NAME, steps=1)
    server, _, _ = serve.make_server(Env(lang="en", game=NAME), 0, lan=False)
    answered = []
    gate = threading.Event()

    def answer(conn):  # stands for a handler thread: holds its place until the gate opens
        answered.append(conn.host)
        gate.wait(5)
        conn.sock.close()
        server._done.append(conn.host)

    server._answer = answer
    server.handler_limit, server.handlers_per_address = 4, 3
    try:
        for host, count in (("10.0.0.1", 50), ("10.0.0.2", 2)):
            for _ in range(count):
                conn = phone_gate.Connection(socket.socket(), (host, 1), time.monotonic() + 5)
                server._connections[host] += 1
                server._ready.setdefault(host, deque()).append(conn)
            server._turns.append(host)
        server._dispatch()
        assert answered == ["10.0.0.1", "10.0.0.2", "10.0.0.1", "10.0.0.2"]  # in turn, up to the total
        gate.set()
        time.sleep(0.2)
        answered.clear()
        gate.clear()
        server._finish_done()
        server.handler_limit = 10
        server._dispatch()
        assert answered == ["10.0.0.1"] * 3  # the one address left: no more than its cap at once
    finally:
        gate.set()
        with server._threads_lock:
            threads = list(server._threads)
        for thread in threads:
            thread.join(5)
        for queue in server._ready.values():
            for conn in queue:
                conn.sock.close()
        server.server_close()


def test_the_readme_states_the_limits_the_server_has():
    """Issue 31: the phones page's line on the limits (docs/phones.md, once in the README) says the numbers the
    server uses."""
    from cli.phones import gate
    from cli.phones import server as phone_server

    readme = (Path(__file__).resolve().parents[2] / "docs" / "phones.md").read_text(encoding="utf-8")
    section = readme[readme.index("Slow, stalled or numerous clients"):]
    section = " ".join(section[:section.index("\n\n")].split())
    expected = [f"within {gate.REQUEST_TIMEOUT:g} s", f"{gate.BACKLOG} connections can queue",
                f"at most {gate.CONNECTIONS_PER_ADDRESS} open connections", f"{gate.HANDLERS_PER_ADDRESS} requests",
                f"{phone_server.LIVE_PER_ADDRESS} live pages (a {phone_server.LIVE_PER_ADDRESS + 1}th", f"{gate.CONNECTIONS_LIMIT} connections",
                f"{gate.HANDLER_LIMIT} requests answered", f"{phone_server.LIVE_LIMIT} live pages"]
    for words in expected:
        assert words in section, words
