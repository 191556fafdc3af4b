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

from serve_saves import make_save, play

NAME = "secret-save-name"


@pytest.fixture
def served(tmp_path):
    """A mid-game Time of Crisis save served on a free port of 127.0.0.1, with its file watcher."""
    from cli import serve
    from cli.env import Env

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
    from cli import serve
    from cli.env import Env

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

    from cli.i18n import Translator

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


def test_a_play_step_reaches_an_open_live_connection_within_a_second(served):
    server, board, token, session = served
    sock, stream, status = open_live(server, token)
    assert b"200" in status
    first = read_event(stream, time.monotonic() + 5)
    n_before = first["log"][0]["n"]
    # a 'play' step in another process, exactly as the table would run it
    env = dict(os.environ, TABLETOP_NO_PROMPT="1")
    import toc_policy  # noqa: F401  (the policy answers the next step's questions)

    started = time.monotonic()
    policy = toc_policy.Policy(5)
    play(session, policy, 1)
    assert wait_for_step(stream, n_before + 1, started + 1.0)
    # an undo in another process is seen too
    exe = Path(sys.executable).with_name("tabletop")
    started = time.monotonic()
    subprocess.run([str(exe), "--game", NAME, "undo"], env=env, check=True, capture_output=True, timeout=30)
    assert wait_for_step(stream, n_before, time.monotonic() + 1.0)
    sock.close()


def test_32_live_connections_and_one_more(served):
    server, _, token, _ = served
    opened = [open_live(server, token) for _ in range(32)]
    assert all(b"200" in status for _, _, status in opened)
    sock, stream, status = open_live(server, token)
    assert b"503" in status  # the 33rd is told, not left hanging
    sock.close()
    status, body, _ = get(server, f"/{token}/state.json")  # the page still answers
    assert status == 200
    opened[0][1].close()  # the phone goes away (its stream and socket closed)
    opened[0][0].close()
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:  # a closed phone frees its place
        sock, stream, status = open_live(server, token)
        sock.close()
        if b"200" in status:
            break
        time.sleep(0.1)
    assert b"200" in status
    for s, f, _ in opened[1:]:
        f.close()
        s.close()


def test_a_slow_phone_does_not_block_the_others(served):
    server, _, token, _ = served
    silent = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=5)
    silent.sendall(b"GET /")  # never finishes its request
    started = time.monotonic()
    status, _, _ = get(server, f"/{token}/state.json")
    assert status == 200 and time.monotonic() - started < 2
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
    started = time.monotonic()
    assert proc.wait(timeout=5) == 130
    assert time.monotonic() - started < 2
    rest = proc.stderr.read().decode()
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

    from cli.i18n import Translator

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
