"""``tabletop serve``: the board on every phone at the table, live and read-only.

Design (see README, "The board on your phone"):

- The standard library's ``HTTPServer`` with a gate in front (``Server``, issue 31): one thread reads every
  request head with ``selectors`` and a time limit, and only a complete request gets a handler thread, so a
  slow, stalled or vanished phone holds no thread. Live updates are server-sent events: the page keeps one
  ``EventSource`` open and the server pushes the new board when the save changes.
- Changes are seen by ``watchdog`` (inotify on Linux, the platform's watcher elsewhere) on the game's folder: the
  save's own atomic writes wake the server; nothing polls the disk.
- The save is read exactly as ``tabletop status`` reads it: no lock taken, nothing written (not even the data
  cache). A write in progress (a temporary file beside the save) is shown as such; a save that cannot be read is
  shown as damaged, with no path.
- Only GET and HEAD; every address carries a random token made at start; names of saves, paths and the home folder
  never appear in a page or an error. Connections, handlers and live streams are bounded per address and in
  total (the limits below).

This module is imported only by ``tabletop serve`` (start-up of the other commands does not move).
"""

from __future__ import annotations

import hmac
import html
import io
import json
import secrets
import selectors
import socket
import threading
import time
from collections import Counter, deque
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .env import CliError, Env, Exit

# Limits (issue 31): slow, stalled or numerous clients cannot starve the table. Phones at one table have one
# address each on the Wi-Fi, but on loopback (and behind one NAT) every client shares one address, so the cap
# per address is high (a table's worth of phones, page and live stream each, fits easily) and what keeps one
# address from starving the others is elsewhere: a stalled request holds no thread and is dropped after
# REQUEST_TIMEOUT, over a cap the oldest connection still sending its request is closed first (the newest is
# most likely a real phone, which sends its request at once), and handler threads go to the addresses in turn.
BACKLOG = 128  # connections the system queues before they are accepted (a table of phones arriving at once)
REQUEST_TIMEOUT = 5.0  # seconds a connection has to send its whole request head (no body is ever read)
MAX_HEAD = 16 * 1024  # bytes of a request head (a phone's GET is well under 2 KiB); more gets 431
CONNECTIONS_PER_ADDRESS = 128  # open connections from one address; over it, its oldest still-reading one closes
CONNECTIONS_LIMIT = 512  # open connections in all (lowered to the open-files limit); same rule
HANDLER_LIMIT = 128  # requests being answered at once (threads); more wait their turn at the gate
HANDLERS_PER_ADDRESS = 24  # of which from one address: the other addresses keep the rest
LIVE_LIMIT = 64  # open live (server-sent events) streams at once; one more gets 503
LIVE_PER_ADDRESS = 8  # of which from one address; one more ends that address's oldest stream
ACCEPT_BATCH = 16  # connections accepted before the gate reads again (kept under CONNECTIONS_PER_ADDRESS)
SOCKET_TIMEOUT = 10.0  # seconds a phone may stall reading an answer before its connection is dropped
KEEPALIVE = 15.0  # seconds between comment lines on an idle live connection
GONE_CHECK = 0.5  # seconds between looks at whether a live phone has closed its side
LOG_ENTRIES = 6  # the last steps of the log shown under the board
WIDTH = 60  # columns the board is drawn at (the phone layout of the status pictures)
LANGS = ("en", "pt-BR")


class Board:
    """The game's board as pages, rendered once per change of the save and language."""

    def __init__(self, name: str, folder: Path, lang: str):
        self.name = name
        self.folder = folder
        self.lang = lang
        self.version = 0
        self.changed = threading.Condition()
        self._cache: dict[tuple[int, str], dict[str, Any]] = {}
        self._render_lock = threading.Lock()

    # -- changes ----------------------------------------------------------
    def touch(self) -> None:
        """The save changed (a play step, an undo): wake every live connection."""
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def wait(self, seen: int, stop: threading.Event, timeout: float) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.version != seen or stop.is_set(), timeout=timeout)
            return self.version

    # -- reading ----------------------------------------------------------
    def snapshot(self, lang: str) -> dict[str, Any]:
        version = self.version
        key = (version, lang)
        with self._render_lock:
            if key not in self._cache:
                if len(self._cache) > 8:
                    self._cache.clear()
                self._cache[key] = self._render(lang) | {"v": version, "lang": lang}
            return self._cache[key]

    def _render(self, lang: str) -> dict[str, Any]:
        import time

        from state.save import SaveError

        from .i18n import Translator

        t = Translator(lang)
        for attempt in range(3):
            try:
                return self._render_save(lang, t)
            except SaveError:
                if self._being_written():
                    return {"notice": "writing", "notice_text": t("core.serve.writing"), "title": "", "board": "", "log": []}
                time.sleep(0.1 * (attempt + 1))  # a save replaced between two reads: look again
            except (CliError, OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
                break
        return {"notice": "damaged", "notice_text": t("core.serve.damaged"), "title": "", "board": "", "log": []}

    def _being_written(self) -> bool:
        try:
            return any(p.suffix == ".tmp" for p in self.folder.iterdir())
        except OSError:
            return False

    def _render_save(self, lang: str, t) -> dict[str, Any]:
        from rich.console import Console

        from automata.core.games import find_game
        from state.session import Session

        from .env import game_cli
        from .logview import entry_label, entry_lines

        session = Session.open(self.folder)  # as 'status' reads it: no lock, no write
        session.save.name = t("core.serve.this_game")  # the save's name is not the phones' business
        env = Env(lang=lang)
        console = Console(record=True, width=WIDTH, file=io.StringIO(), force_terminal=True, color_system="truecolor",
                          highlight=False, soft_wrap=False)
        env._console = console
        env._err = console
        game_cli(session.save.game).show_status(env, session)
        from .clock import show_clock

        show_clock(env, session.save)  # the game time and each seat's, as 'status' ends (issue 24)
        board = console.export_html(inline_styles=True, code_format="{code}")
        log = []
        for entry in session.save.journal()[-LOG_ENTRIES:][::-1]:
            lines = [text for _, text in entry_lines(t, entry)]
            log.append({"n": entry.get("n"), "label": entry_label(t, entry), "lines": lines})
        title = find_game(session.save.game).name
        board = board.replace(self.name, session.save.name)  # in case a picture names the save some other way
        for entry in log:
            entry["lines"] = [line.replace(self.name, session.save.name) for line in entry["lines"]]
        return {"notice": "", "notice_text": "", "title": title, "board": board, "log": log}


def page(board: Board, token: str, lang: str) -> str:
    """The whole page, drawn on the server (it works without scripts); the script keeps it live."""
    from .i18n import Translator

    t = Translator(lang)
    snap = board.snapshot(lang)
    other = "pt-BR" if lang == "en" else "en"
    return _PAGE.format(
        lang=html.escape(lang),
        title=html.escape(snap["title"] or "tabletop"),
        heading=html.escape(t("core.serve.heading")),
        switch=html.escape(t("core.serve.switch")),
        other=html.escape(other),
        log_heading=html.escape(t("core.serve.log")),
        live=html.escape(t("core.serve.live")),
        offline=html.escape(t("core.serve.offline")),
        body=_body_html(snap),
        snapshot=json.dumps(snap["v"]),
    )


def _body_html(snap: dict[str, Any]) -> str:
    parts = []
    if snap["notice"]:
        parts.append(f'<p class="notice {html.escape(snap["notice"])}">{html.escape(snap["notice_text"])}</p>')
    if snap["board"]:
        parts.append(f'<pre class="board">{snap["board"]}</pre>')
    if snap["log"]:
        items = []
        for entry in snap["log"]:
            lines = "".join(f"<li>{html.escape(line)}</li>" for line in entry["lines"])
            items.append(f'<section class="step"><h3>{html.escape(str(entry["n"]))} · {html.escape(entry["label"])}'
                         f"</h3><ul>{lines}</ul></section>")
        parts.append('<div class="log">' + "".join(items) + "</div>")
    return "".join(parts)


_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<style>
body {{ margin: 0; padding: 0.5rem; background: #111; color: #eee; font-family: system-ui, sans-serif; }}
header {{ display: flex; justify-content: space-between; align-items: baseline; gap: 0.5rem; }}
h1 {{ font-size: 1.1rem; margin: 0.2rem 0; }}
a {{ color: #8cf; }}
#live {{ font-size: 0.8rem; color: #8c8; }}
#live.off {{ color: #c88; }}
pre.board {{ font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: calc(100vw / 37);
  line-height: 1.25; white-space: pre; overflow-x: auto; margin: 0.5rem 0; }}
.notice {{ padding: 0.6rem; background: #442; border-radius: 0.3rem; }}
.notice.damaged {{ background: #522; }}
.log h2 {{ font-size: 1rem; }}
.step h3 {{ font-size: 0.9rem; margin: 0.6rem 0 0.2rem; }}
.step ul {{ margin: 0; padding-left: 1rem; font-size: 0.85rem; }}
</style></head>
<body data-version={snapshot}>
<header><h1>{title} · {heading}</h1><span><span id="live">{live}</span> · <a href="?lang={other}">{switch}</a></span></header>
<main id="board">{body}</main>
<template id="log-heading">{log_heading}</template>
<script>
(function () {{
  var lang = document.documentElement.lang;
  var live = document.getElementById("live");
  function esc(s) {{ var d = document.createElement("div"); d.textContent = s; return d.innerHTML; }}
  function draw(s) {{
    var out = "";
    if (s.notice) out += '<p class="notice ' + esc(s.notice) + '">' + esc(s.notice_text) + "</p>";
    if (s.board) out += '<pre class="board">' + s.board + "</pre>";
    if (s.log && s.log.length) {{
      out += '<div class="log">';
      s.log.forEach(function (e) {{
        out += '<section class="step"><h3>' + esc(String(e.n)) + " · " + esc(e.label) + "</h3><ul>";
        e.lines.forEach(function (l) {{ out += "<li>" + esc(l) + "</li>"; }});
        out += "</ul></section>";
      }});
      out += "</div>";
    }}
    document.getElementById("board").innerHTML = out;
    document.body.setAttribute("data-version", s.v);
  }}
  if (!window.EventSource) return;
  var source = new EventSource("events?lang=" + encodeURIComponent(lang));
  source.onmessage = function (m) {{ live.className = ""; draw(JSON.parse(m.data)); }};
  source.onerror = function () {{ live.className = "off"; live.textContent = "{offline}"; }};
  source.onopen = function () {{ live.className = ""; live.textContent = "{live}"; }};
}})();
</script></body></html>
"""


class Connection:
    """One accepted connection: its address, when it came, and the request head read so far."""

    __slots__ = ("sock", "addr", "host", "head", "deadline")

    def __init__(self, sock: socket.socket, addr, deadline: float):
        self.sock = sock
        self.addr = addr
        self.host = addr[0] if isinstance(addr, tuple) else str(addr)
        self.head = bytearray()
        self.deadline = deadline


def _head_complete(head: bytes) -> bool:
    return b"\r\n\r\n" in head or b"\n\n" in head


class Server(HTTPServer):
    """The board's HTTP server, hardened against slow, stalled and numerous clients (issue 31).

    One thread (``serve_forever``) is the *gate*: it accepts connections and reads every request head itself,
    without blocking, with ``selectors``. A connection costs a thread only once its whole request head has
    arrived; a phone that trickles its request one byte at a time, or stalls half-way, holds nothing but its own
    socket, and only for ``REQUEST_TIMEOUT`` seconds. Complete requests wait in a queue per address and are
    handed to handler threads in turn, address after address, so one address sending many cannot starve another.
    Every connection answers one request and is closed (``Connection: close``): no keep-alive connection ever
    waits in a handler for a next request. A request body is never read (any is refused with 413).

    Limits (see the constants at the top): connections per address and in total, handlers per address and in
    total, live streams per address and in total, and ``BACKLOG`` connections waiting in the kernel.
    """

    allow_reuse_address = True
    request_queue_size = BACKLOG

    def __init__(self, address, board: Board, token: str):
        self.board = board
        self.token = token
        self.stop = threading.Event()
        self.open_sockets: set = set()
        self.sockets_lock = threading.Lock()
        # limits, per server so that a test can look at them
        self.connection_limit = _connection_limit()
        self.connections_per_address = CONNECTIONS_PER_ADDRESS
        self.handler_limit = HANDLER_LIMIT
        self.handlers_per_address = HANDLERS_PER_ADDRESS
        self.live_limit = LIVE_LIMIT
        self.live_per_address = LIVE_PER_ADDRESS
        # the gate's state: touched only by the gate thread
        self._reading: dict[socket.socket, Connection] = {}  # in the order they came: oldest first
        self._ready: dict[str, deque[Connection]] = {}  # complete requests waiting for a handler, per address
        self._turns: deque[str] = deque()  # addresses with a waiting request, in turn
        self._connections: Counter[str] = Counter()  # open connections per address (reading, waiting, answered)
        self._handling: Counter[str] = Counter()  # requests being answered per address
        self._done: deque[str] = deque()  # addresses whose request was answered (from handler threads)
        self._threads: set[threading.Thread] = set()
        self._threads_lock = threading.Lock()
        # live streams: touched by handler threads
        self._live: dict[str, list[threading.Event]] = {}
        self._live_count = 0
        self._live_lock = threading.Lock()
        self._selector: selectors.BaseSelector | None = None
        self._running = False
        self._quit = threading.Event()
        self._stopped = threading.Event()
        self._stopped.set()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        try:
            super().__init__(address, Handler)
        except BaseException:
            self._wake_r.close()
            self._wake_w.close()
            raise

    # -- the gate ---------------------------------------------------------
    def serve_forever(self, poll_interval: float = 0.5) -> None:
        self._stopped.clear()
        self._running = True
        self.socket.setblocking(False)
        try:
            with selectors.DefaultSelector() as selector:
                self._selector = selector
                selector.register(self.socket, selectors.EVENT_READ, "accept")
                selector.register(self._wake_r, selectors.EVENT_READ, "wake")
                while not self._quit.is_set():
                    timeout = poll_interval
                    if self._reading:
                        first = next(iter(self._reading.values()))  # the oldest has the nearest deadline
                        timeout = max(0.0, min(timeout, first.deadline - time.monotonic()))
                    for key, _ in selector.select(timeout):
                        conn = self._reading.get(key.fileobj) if key.data == "read" else None
                        try:
                            if key.data == "accept":
                                self._accept()
                            elif key.data == "wake":
                                self._drain_wake()
                            elif conn is not None:
                                self._read(conn)
                        except Exception:  # one odd connection must not stop the gate for everyone
                            if conn is not None and conn.sock in self._reading:
                                self._drop(conn)
                    self._finish_done()
                    self._expire()
                    self._dispatch()
        finally:
            self._selector = None  # closed with the block above
            for conn in list(self._reading.values()):
                self._drop(conn)
            for queue in self._ready.values():
                for conn in queue:
                    self._close(conn.sock)
                    self._forget(conn.host)
            self._ready.clear()
            self._turns.clear()
            self._finish_done()
            self._running = False
            self._quit.clear()  # as the standard server does: a shutdown() before the loop began still stops it
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop the gate (from another thread) and wait until it has stopped."""
        self._quit.set()
        self._wake()
        if self._running:
            self._stopped.wait()

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"\0")
        except OSError:
            pass  # already awake (its buffer is full) or closed

    def _drain_wake(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except OSError:
            pass

    def _accept(self) -> None:
        # a few at a time, then back to reading: a connection accepted now gets its first read before
        # CONNECTIONS_PER_ADDRESS newer ones from its address could push it out
        for _ in range(ACCEPT_BATCH):
            try:
                sock, addr = self.socket.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of file descriptors: make room by the oldest connection still reading
                if self._reading:
                    self._drop(next(iter(self._reading.values())))
                else:
                    time.sleep(0.05)
                return
            sock.setblocking(False)
            conn = Connection(sock, addr, time.monotonic() + REQUEST_TIMEOUT)
            if not self._admit(conn):
                self._close(sock)
                continue
            self._connections[conn.host] += 1
            self._reading[sock] = conn
            self._selector.register(sock, selectors.EVENT_READ, "read")
            self._read(conn)  # its request is often there already

    def _admit(self, conn: Connection) -> bool:
        """Room for one more connection: over a cap, the oldest connection still sending its request is closed.

        On one address that is the same address's oldest (a stalled or trickling client has had its chance;
        the newest is most likely a phone that sends its request at once); in total, the oldest of all. A
        connection whose request is complete is never pushed out: a new one is refused instead."""
        while self._connections[conn.host] >= self.connections_per_address:
            oldest = next((c for c in self._reading.values() if c.host == conn.host), None)
            if oldest is None:
                return False
            self._drop(oldest)
        while sum(self._connections.values()) >= self.connection_limit:
            if not self._reading:
                return False
            self._drop(next(iter(self._reading.values())))
        return True

    def _read(self, conn: Connection) -> None:
        try:
            data = conn.sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client went away before finishing its request
            self._drop(conn)
            return
        conn.head += data
        if len(conn.head) > MAX_HEAD:
            self._drop(conn, b"431 Request Header Fields Too Large")
        elif _head_complete(conn.head):
            self._selector.unregister(conn.sock)
            del self._reading[conn.sock]
            if conn.host not in self._ready:
                self._ready[conn.host] = deque()
                self._turns.append(conn.host)
            self._ready[conn.host].append(conn)

    def _expire(self) -> None:
        now = time.monotonic()
        while self._reading:
            oldest = next(iter(self._reading.values()))
            if oldest.deadline > now:
                return
            self._drop(oldest, b"408 Request Timeout")

    def _drop(self, conn: Connection, status: bytes = b"") -> None:
        """Close a connection that has not finished its request (with a short answer when there is one)."""
        if self._reading.pop(conn.sock, None) is not None and self._selector is not None:
            try:
                self._selector.unregister(conn.sock)
            except (KeyError, ValueError):
                pass
        if status:
            try:
                conn.sock.send(b"HTTP/1.1 " + status + b"\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
            except OSError:
                pass
        self._close(conn.sock)
        self._forget(conn.host)

    def _forget(self, host: str) -> None:
        self._connections[host] -= 1
        if self._connections[host] <= 0:
            del self._connections[host]

    @staticmethod
    def _close(sock: socket.socket) -> None:
        try:
            sock.close()
        except OSError:
            pass

    def _dispatch(self) -> None:
        """Hand waiting requests to handler threads, one address after another."""
        stalled = 0
        while self._turns and stalled < len(self._turns) and sum(self._handling.values()) < self.handler_limit:
            host = self._turns.popleft()
            if self._handling[host] >= self.handlers_per_address:
                self._turns.append(host)
                stalled += 1
                continue
            stalled = 0
            conn = self._ready[host].popleft()
            if self._ready[host]:
                self._turns.append(host)
            else:
                del self._ready[host]
            self._handling[host] += 1
            thread = threading.Thread(target=self._answer, args=(conn,), daemon=True)
            with self._threads_lock:
                self._threads.add(thread)
            thread.start()

    def _finish_done(self) -> None:
        while self._done:
            host = self._done.popleft()
            self._handling[host] -= 1
            if self._handling[host] <= 0:
                del self._handling[host]
            self._forget(host)

    def _answer(self, conn: Connection) -> None:
        """A handler thread: answer the one request of this connection, then close it."""
        sock = conn.sock
        with self.sockets_lock:
            self.open_sockets.add(sock)
        try:
            sock.setblocking(True)
            Handler(sock, conn.addr, self, bytes(conn.head))
        except Exception:
            pass  # a phone that went away is not an error worth a traceback
        finally:
            with self.sockets_lock:
                self.open_sockets.discard(sock)
            self.shutdown_request(sock)
            self._done.append(conn.host)
            self._wake()
            with self._threads_lock:
                self._threads.discard(threading.current_thread())

    # -- live streams -----------------------------------------------------
    def live_enter(self, host: str) -> threading.Event | None:
        """A place for one more live stream, or None (503) when every place is taken.

        Over the cap of one address, that address's oldest stream is ended (its ``Event`` set) and the new one
        takes its place: a phone that reloads keeps following, and one address cannot hold every place."""
        ended = threading.Event()
        with self._live_lock:
            streams = self._live.setdefault(host, [])
            if len(streams) >= self.live_per_address:
                streams.pop(0).set()
                self._live_count -= 1
            elif self._live_count >= self.live_limit:
                if not streams:
                    del self._live[host]
                return None
            streams.append(ended)
            self._live_count += 1
        return ended

    def live_leave(self, host: str, ended: threading.Event) -> None:
        with self._live_lock:
            streams = self._live.get(host, [])
            if ended in streams:
                streams.remove(ended)
                self._live_count -= 1
            if not streams:
                self._live.pop(host, None)

    # -- stopping ---------------------------------------------------------
    def handle_error(self, request, client_address):  # a phone that went away is not an error worth a traceback
        pass

    def close_all(self) -> None:
        """Stop: wake every live connection and close the sockets."""
        self.stop.set()
        with self.board.changed:
            self.board.changed.notify_all()
        with self.sockets_lock:
            sockets = list(self.open_sockets)
        for s in sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def server_close(self) -> None:
        """Close the listening socket and wait (briefly) for the handler threads that are still ending."""
        super().server_close()
        with self._threads_lock:
            threads = list(self._threads)
        deadline = time.monotonic() + 3
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        for s in (self._wake_r, self._wake_w):
            self._close(s)


def _connection_limit() -> int:
    """CONNECTIONS_LIMIT, lowered to stay clear of this process's limit on open files."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return CONNECTIONS_LIMIT
    if soft == resource.RLIM_INFINITY:
        return CONNECTIONS_LIMIT
    return max(16, min(CONNECTIONS_LIMIT, soft - 64))


class Handler(BaseHTTPRequestHandler):
    server: Server
    server_version = "tabletop"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    timeout = SOCKET_TIMEOUT
    error_content_type = "text/plain; charset=utf-8"
    error_message_format = "%(code)d %(message)s\n"

    def __init__(self, request, client_address, server, head: bytes):
        self._head = head  # the request head, read by the gate (the handler never waits on the client to send)
        super().__init__(request, client_address, server)

    def setup(self) -> None:
        super().setup()
        socket_reader = self.rfile
        self.rfile = io.BytesIO(self._head)
        socket_reader.close()  # else the socket stays open behind the reader after it is closed

    def log_message(self, format, *args):  # no access log: the address holds the token
        pass

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        self.close_connection = True  # one request per connection: none waits in a handler for the next
        if self.command not in ("GET", "HEAD"):
            self.close_connection = True
            self._plain(405, "405 read-only: only GET and HEAD\n", {"Allow": "GET, HEAD"})
            return False
        length = self.headers.get("Content-Length")
        if length not in (None, "0") or self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            self._plain(413, "413 no request body is taken\n")
            return False
        return True

    def _plain(self, code: int, text: str, headers: dict | None = None) -> None:
        body = text.encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send(self, code: int, body: bytes, ctype: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; "
                         "style-src 'unsafe-inline'; connect-src 'self'")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        segments = parts.path.split("/")
        # /<token>/, /<token>/state.json, /<token>/events
        if len(segments) < 2 or not hmac.compare_digest(segments[1].encode(), self.server.token.encode()):
            self._plain(403, "403 forbidden: open the address that 'tabletop serve' printed\n")
            return
        if len(segments) == 2:  # /<token>: the page is at /<token>/
            self._plain(301, "", {"Location": f"/{self.server.token}/"})
            return
        rest = "/".join(segments[2:])
        query = parse_qs(parts.query)
        lang = query.get("lang", [self.server.board.lang])[0]
        if lang not in LANGS:
            lang = self.server.board.lang
        board = self.server.board
        if rest == "":
            self._send(200, page(board, self.server.token, lang).encode(), "text/html; charset=utf-8")
        elif rest == "state.json":
            self._send(200, json.dumps(board.snapshot(lang), ensure_ascii=False).encode(), "application/json")
        elif rest == "events":
            self._events(board, lang)
        else:
            self._plain(404, "404 not found\n")

    def _gone(self) -> bool:
        """The phone closed its side (its socket reads as ended): free its place at once."""
        import select

        try:
            if hasattr(select, "poll"):  # no limit on descriptor numbers (select() fails above 1023)
                poller = select.poll()
                poller.register(self.connection, select.POLLIN)
                readable = bool(poller.poll(0))
            else:
                readable = bool(select.select([self.connection], [], [], 0)[0])
            return readable and self.connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    def _events(self, board: Board, lang: str) -> None:
        if self.command == "HEAD":
            self._plain(200, "")
            return
        host = self.client_address[0] if isinstance(self.client_address, tuple) else str(self.client_address)
        ended = self.server.live_enter(host)
        if ended is None:
            self._plain(503, "503 too many live connections\n", {"Retry-After": "10"})
            return
        try:
            self.close_connection = True
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Connection", "close")
            self.end_headers()
            seen = -1
            idle = 0.0
            while not self.server.stop.is_set() and not ended.is_set():
                version = board.version if seen == -1 else board.wait(seen, self.server.stop, GONE_CHECK)
                if self.server.stop.is_set() or ended.is_set() or self._gone():
                    break
                if version != seen:
                    data = json.dumps(board.snapshot(lang), ensure_ascii=False)
                    self.wfile.write(f"id: {version}\ndata: {data}\n\n".encode())
                    seen, idle = version, 0.0
                else:
                    idle += GONE_CHECK
                    if idle < KEEPALIVE:
                        continue
                    self.wfile.write(b": still here\n\n")
                    idle = 0.0
                self.wfile.flush()
        except (OSError, ValueError):
            pass  # the phone went away or stalled past the timeout
        finally:
            self.server.live_leave(host, ended)


def _watch(board: Board):
    """Wake the board when a file of the save changes (inotify through watchdog)."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    names = {"save.toml", "journal.toml"}
    # only what changes a file: watchdog also reports opening and reading, and the server's own reading of the
    # save (every render) must not count as a change, or each render would wake every live stream for another
    writes = {"created", "modified", "moved", "deleted", "closed"}

    class OnChange(FileSystemEventHandler):
        def on_any_event(self, event) -> None:
            if event.event_type not in writes:
                return
            paths = [getattr(event, "src_path", ""), getattr(event, "dest_path", "")]
            if any(Path(str(p)).name in names for p in paths if p):
                board.touch()

    observer = Observer()
    observer.schedule(OnChange(), str(board.folder), recursive=False)
    observer.daemon = True
    observer.start()
    return observer


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, as the system names them (no packet is sent)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if not addr.startswith("127.") and addr not in found:
                found.append(addr)
    except OSError:
        pass
    return found


def make_server(env: Env, port: int, lan: bool) -> tuple[Server, Board, str]:
    from state import paths

    from . import saves

    name = saves.resolve_name(env)
    folder = paths.game_dir(name)
    session = saves.open_session(env, name)  # a save that cannot be read is said now, before anything is served
    lang = env.lang  # --lang, else TABLETOP_LANG, else the language the game was started in (cli/lang.py)
    board = Board(name, folder, lang if lang in LANGS else "en")
    token = secrets.token_urlsafe(18)
    host = "0.0.0.0" if lan else "127.0.0.1"
    try:
        server = Server((host, port), board, token)
    except OSError as e:
        raise CliError(env.t("core.serve.cannot_listen", port=port, problem=e.strerror or str(e)), Exit.FAILURE) from None
    return server, board, token


def run(env: Env, port: int, lan: bool) -> None:
    import sys

    server, board, token = make_server(env, port, lan)
    observer = _watch(board)
    real_port = server.server_address[1]
    hosts = (lan_addresses() or ["0.0.0.0"]) if lan else ["127.0.0.1"]
    urls = [f"http://{h}:{real_port}/{token}/" for h in hosts]
    env.err.print(env.t("core.serve.listening", url=urls[0]))
    for url in urls[1:]:
        env.err.print(env.t("core.serve.also", url=url))
    if lan:
        if not lan_addresses():
            env.err.print(env.t("core.serve.no_lan_address", port=real_port, token=token))
        import segno

        qr = io.StringIO()
        segno.make(urls[0], error="m").terminal(out=qr, compact=True)
        sys.stderr.write(qr.getvalue())
        sys.stderr.flush()
    else:
        env.err.print(env.t("core.serve.local_only"))
    env.err.print(env.t("core.serve.stop"))
    try:
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        server.close_all()
        observer.stop()
        server.server_close()
    raise SystemExit(int(Exit.INTERRUPTED))
