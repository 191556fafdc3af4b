"""``tabletop serve``: the board on every phone at the table, live, and each seat's own questions on its phone.

Design (see README, "At the table with phones"):

- The standard library's ``HTTPServer`` with a gate in front (``Server``, issue 31): one thread reads every
  request (its head, and a small answer's body) with ``selectors`` and a time limit, and only a complete request
  gets a handler thread, so a slow, stalled or vanished phone holds no thread. Live updates are server-sent
  events: the page keeps one ``EventSource`` open and the server pushes the new board when the save changes.
- Changes are seen by ``watchdog`` (inotify on Linux, the platform's watcher elsewhere) on the game's folder: the
  save's own atomic writes wake the server; nothing polls the disk.
- The save is read exactly as ``tabletop status`` reads it: no lock taken, nothing written (not even the data
  cache). A write in progress (a temporary file beside the save) is shown as such; a save that cannot be read is
  shown as damaged, with no path.
- Every address carries a random token made at start: the board's (GET and HEAD only), and one per seat
  (``cli/phones/seatserve.py``), whose page may also POST the answer to that seat's question waiting now (Origin and
  JSON checked, size and rate bounded); that answer goes through ``Session.play`` under the save's lock, as a
  typed answer. Names of saves, paths and the home folder never appear in a page or an error. Connections,
  handlers and live streams are bounded per address and in total (the limits below).
- The page is static files in ``cli/phones/web/``, filled and served by ``cli/phones/webboard.py``.

This module is imported only by ``tabletop serve`` (start-up of the other commands does not move).
"""

from __future__ import annotations

import hmac
import re
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

from ..commands.env import CliError, Env, Exit
from .seatserve import MAX_BODY
from .webboard import ASSETS, DEFAULT_WIDTH, LANGS, WIDTHS, Board, asset, page, public

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
#: the page's own files only: no inline script or style, no other origin, no frames
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
ACCEPT_BATCH = 16  # connections accepted before the gate reads again (kept under CONNECTIONS_PER_ADDRESS)
SOCKET_TIMEOUT = 10.0  # seconds a phone may stall reading an answer before its connection is dropped
KEEPALIVE = 15.0  # seconds between comment lines on an idle live connection
GONE_CHECK = 0.5  # seconds between looks at whether a live phone has closed its side


class Connection:
    """One accepted connection: its address, when it came, and the request head read so far."""

    __slots__ = ("sock", "addr", "host", "head", "deadline")

    def __init__(self, sock: socket.socket, addr, deadline: float):
        self.sock = sock
        self.addr = addr
        self.host = addr[0] if isinstance(addr, tuple) else str(addr)
        self.head = bytearray()
        self.deadline = deadline


_HEAD_END = re.compile(rb"\r?\n\r?\n")
_LENGTH = re.compile(rb"^content-length:[ \t]*(\d{1,9})[ \t]*\r?$", re.I | re.M)


def _request_complete(data: bytes) -> bool:
    """The request head has arrived, and its body too when it announces a small one (a phone's answer): the gate
    reads both, so that a handler never waits on a slow phone. A larger body is refused unread by the handler."""
    end = _HEAD_END.search(data)
    if end is None:
        return False
    length = _LENGTH.search(data[:end.start()])
    if length is None or int(length.group(1)) > MAX_BODY:
        return True
    return len(data) - end.end() >= int(length.group(1))


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

    def __init__(self, address, board: Board, token: str, seats: dict[str, dict] | None = None):
        from .seatserve import AnswerRate

        self.board = board
        self.token = token
        self.seats = dict(seats or {})  # seat token -> the seat (automata/core/seats.py): its page answers its questions
        self.answer_rate = AnswerRate()
        from state.clock import now

        # from now on a seat's question waiting shows on its page: its wait counts in its clock (seatserve.apply_answer)
        self.started = now(advance=False)
        self._online: Counter[str] = Counter()  # seat id -> its live pages open now
        self._online_lock = threading.Lock()
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
        end = _HEAD_END.search(conn.head)
        if (end.start() if end else len(conn.head)) > MAX_HEAD or len(conn.head) > MAX_HEAD + MAX_BODY:
            self._drop(conn, b"431 Request Header Fields Too Large")
        elif _request_complete(conn.head):
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

    # -- seats ------------------------------------------------------------
    def seat_of(self, token: str) -> dict | None:
        """The seat whose token this is (compared in constant time), else None."""
        found = None
        for known, seat in self.seats.items():
            if hmac.compare_digest(token.encode(), known.encode()):
                found = seat
        return found

    def seat_online(self, seat_id: str, change: int) -> None:
        """A seat's live page opened (+1) or closed (-1): the phones file says which seats have a phone now."""
        from .seatserve import write_phones

        with self._online_lock:
            before = {k for k, v in self._online.items() if v > 0}
            self._online[seat_id] += change
            after = {k for k, v in self._online.items() if v > 0}
            if before != after:
                write_phones(self.board.folder, sorted(after))

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
        length = self.headers.get("Content-Length")
        if self.command == "POST" and self._answer_path():  # a seat's answer: a small body, read by the gate
            if self.headers.get("Transfer-Encoding") or length is None or not length.isdigit():
                self._plain(411, "411 an answer needs a Content-Length\n")
                return False
            if int(length) > MAX_BODY:
                self._plain(413, f"413 an answer is at most {MAX_BODY} bytes\n")
                return False
            return True
        if self.command not in ("GET", "HEAD"):
            self._plain(405, "405 read-only: only GET and HEAD\n", {"Allow": "GET, HEAD"})
            return False
        if length not in (None, "0") or self.headers.get("Transfer-Encoding"):
            self._plain(413, "413 no request body is taken\n")
            return False
        return True

    def _answer_path(self) -> bool:
        segments = urlsplit(self.path).path.split("/")
        return len(segments) == 3 and segments[2] == "answer" and self.server.seat_of(segments[1]) is not None

    def _where(self) -> tuple[str, dict | None, str] | None:
        """(token, seat or None for the board, what follows the token) of a known token's address, else None (403)."""
        segments = urlsplit(self.path).path.split("/")
        if len(segments) < 2:
            return None
        token = segments[1]
        if hmac.compare_digest(token.encode(), self.server.token.encode()):
            seat = None
        else:
            seat = self.server.seat_of(token)
            if seat is None:
                return None
        return token, seat, "/".join(segments[2:]) if len(segments) > 2 else None

    def _plain(self, code: int, text: str, headers: dict | None = None) -> None:
        self._short(code, text.encode(), "text/plain; charset=utf-8", headers)

    def _short(self, code: int, body: bytes, ctype: str, headers: dict | None = None) -> None:
        """A short answer that is not a page: a refusal in plain text, or an answer's JSON reply."""
        self.send_response(code)
        self.send_header("Content-Type", ctype)
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
        self.send_header("Content-Security-Policy", CSP)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        where = self._where()
        # /<token>/, /<token>/state.json, /<token>/events, /<token>/page.css|js: the board's token or a seat's
        if where is None:
            self._plain(403, "403 forbidden: open the address that 'tabletop serve' printed\n")
            return
        token, seat, rest = where
        if rest is None:  # /<token>: the page is at /<token>/
            self._plain(301, "", {"Location": f"/{token}/"})
            return
        lang, width = self._lang(parts.query), _width(parse_qs(parts.query))
        board = self.server.board
        if rest == "":
            self._send(200, page(board, token, lang, width, seat).encode(), "text/html; charset=utf-8")
        elif rest == "state.json":
            self._send(200, self._state(lang, width, seat), "application/json")
        elif rest == "events":
            self._events(board, lang, width, seat)
        elif rest in ASSETS:
            self._send(200, asset(rest), ASSETS[rest])
        else:
            self._plain(404, "404 not found\n")

    def _lang(self, query: str) -> str:
        lang = parse_qs(query).get("lang", [self.server.board.lang])[0]
        return lang if lang in LANGS else self.server.board.lang

    def _state(self, lang: str, width: int, seat: dict | None) -> bytes:
        board = self.server.board
        snap = board.snapshot(lang, width)
        return json.dumps(public(snap, seat, board.translator(lang)), ensure_ascii=False).encode()

    def do_POST(self) -> None:
        """A seat's answer to its question: ``{"id": question id, "key": its place (``question_key``), "answer": ...}``
        from its own page only. A second copy of an answer (its question no longer waiting) is refused: 409."""
        from automata.core.runner import BadAnswer
        from state.lock import LockNotAFile, SaveBusy
        from state.save import SaveError

        from ..words.i18n import Translator
        from .seatserve import AlreadyAnswered, NotThisQuestion, NotThisSeat, apply_answer

        parts = urlsplit(self.path)
        token, seat, _ = self._where()  # parse_request let only a seat's answer address through
        lang = self._lang(parts.query)
        t = Translator(lang)
        origin = urlsplit(self.headers.get("Origin") or "")
        if origin.scheme not in ("http", "https") or origin.netloc != (self.headers.get("Host") or "-"):
            self._plain(403, "403 an answer comes only from the seat's own page\n")
            return
        if (self.headers.get("Content-Type") or "").split(";")[0].strip().lower() != "application/json":
            self._plain(415, "415 an answer is JSON\n")
            return
        if not self.server.answer_rate.allow(seat["id"]):
            self._reply(429, {"error": t("core.serve.answer_too_many")}, {"Retry-After": "60"})
            return
        try:
            data = json.loads(self.rfile.read(int(self.headers["Content-Length"])).decode("utf-8"))
            ask_id, key, raw = data["id"], data["key"], data["answer"]
            if not isinstance(ask_id, str) or not isinstance(key, str) or not _answer_shape(raw):
                raise ValueError
        except (ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):  # deep JSON: no dropped phone
            self._reply(400, {"error": t("core.serve.answer_malformed")})
            return
        try:
            apply_answer(self.server.board.folder, seat["id"], ask_id, raw, t, key, self.server.started)
        except AlreadyAnswered:  # a double tap, a retry after a lost reply: played once; the page shows what waits
            self._reply(409, {"error": t("core.serve.answer_already"), "answered": True, **self._now(lang, parts.query, seat)})
            return
        except NotThisQuestion:
            self._reply(409, {"error": t("core.serve.answer_stale"), **self._now(lang, parts.query, seat)})
            return
        except NotThisSeat:
            self._reply(403, {"error": t("core.serve.answer_not_yours")})
            return
        except BadAnswer as bad:  # the question's own refusal, as the terminal says it; nothing was written
            self._reply(422, {"error": t.render(bad.problem)})
            return
        except SaveBusy:
            self._reply(503, {"error": t("core.serve.answer_busy")}, {"Retry-After": "2"})
            return
        except (SaveError, LockNotAFile, OSError, CliError):
            self._reply(500, {"error": t("core.serve.damaged")})
            return
        self.server.board.touch()
        width = _width(parse_qs(parts.query))
        self._reply(200, {"ok": True, "state": json.loads(self._state(lang, width, seat))})

    def _now(self, lang: str, query: str, seat: dict) -> dict:
        """The page's state now, sent with a refusal so that the page draws what waits instead."""
        try:
            return {"state": json.loads(self._state(lang, _width(parse_qs(query)), seat))}
        except (OSError, ValueError, KeyError, TypeError):
            return {}

    def _reply(self, code: int, data: dict, headers: dict | None = None) -> None:
        self._short(code, json.dumps(data, ensure_ascii=False).encode(), "application/json", headers)

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

    def _events(self, board: Board, lang: str, width: int, seat: dict | None = None) -> None:
        if self.command == "HEAD":
            self._plain(200, "")
            return
        host = self.client_address[0] if isinstance(self.client_address, tuple) else str(self.client_address)
        ended = self.server.live_enter(host)
        if ended is None:
            self._plain(503, "503 too many live connections\n", {"Retry-After": "10"})
            return
        if seat is not None:
            self.server.seat_online(seat["id"], +1)
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
                    data = self._state(lang, width, seat).decode()
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
            if seat is not None:
                self.server.seat_online(seat["id"], -1)


def _answer_shape(raw: Any) -> bool:
    """An answer a question can take: a short text, a number, yes/no, or a short list of texts (several of)."""
    if isinstance(raw, bool) or isinstance(raw, int):
        return True
    if isinstance(raw, str):
        return len(raw) <= 500
    return isinstance(raw, list) and len(raw) <= 100 and all(isinstance(x, str) and len(x) <= 200 for x in raw)


def _width(query: dict) -> int:
    """The board's width the page asked for (``?width=``): one of the pictures' layouts, else the phone's."""
    try:
        width = int(query.get("width", [DEFAULT_WIDTH])[0])
    except ValueError:
        return DEFAULT_WIDTH
    return width if width in WIDTHS else DEFAULT_WIDTH


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


#: a public address the route to the network is asked for (TEST-NET-3, RFC 5737): connecting a UDP socket only
#: chooses the route and the local address that would be used; no packet is sent
ROUTE_PROBES = ("203.0.113.1", "8.8.8.8")


def _usable(addr: str) -> bool:
    """An address a phone could open: IPv4, not loopback (127.x), not unspecified (0.0.0.0), not multicast."""
    import ipaddress

    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_unspecified or ip.is_multicast)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses a phone on the network can open, the route's own first (no packet is sent).

    First the address the system would use to reach the network: a UDP socket ``connect`` only picks the route, and
    ``getsockname`` reads the local address chosen. This works where the host name resolves to loopback (Debian and
    Ubuntu map it to 127.0.1.1). Then every other non-loopback address the host name resolves to."""
    found: list[str] = []
    for probe in ROUTE_PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                addr = s.getsockname()[0]
        except OSError:
            continue
        if _usable(addr) and addr not in found:
            found.append(addr)
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if _usable(addr) and addr not in found:
                found.append(addr)
    except OSError:
        pass
    return found


def make_server(env: Env, port: int, lan: bool) -> tuple[Server, Board, str]:
    from state import paths

    from ..commands import saves

    name = saves.resolve_name(env)
    folder = paths.game_dir(name)
    session = saves.open_session(env, name)  # a save that cannot be read is said now, before anything is served
    lang = env.lang  # --lang, else TABLETOP_LANG, else the language the game was started in (cli/words/lang.py)
    board = Board(name, folder, lang if lang in LANGS else "en")
    board.game = session.save.game
    token = secrets.token_urlsafe(18)
    host = "0.0.0.0" if lan else "127.0.0.1"
    from .seatserve import make_tokens, phone_seats

    try:
        seats = phone_seats(session.save.game, session.save.state)
    except Exception:  # a game whose seats cannot be told: the board alone, read-only
        seats = []
    by_id = {s["id"]: s for s in seats}
    seat_tokens = {tok: by_id[sid] for tok, sid in make_tokens([s["id"] for s in seats]).items()}
    try:
        server = Server((host, port), board, token, seat_tokens)
    except OSError as e:
        raise CliError(env.t("core.serve.cannot_listen", port=port, problem=e.strerror or str(e)), Exit.FAILURE) from None
    return server, board, token


def run(env: Env, port: int, lan: bool) -> None:
    previous = _stop_on_signals()  # before the links are printed: a signal sent once they are seen stops it
    try:
        _run(env, port, lan)
    finally:
        _restore_signals(previous)


def _run(env: Env, port: int, lan: bool) -> None:
    server, board, token = make_server(env, port, lan)
    observer = _watch(board)
    real_port = server.server_address[1]
    hosts = lan_addresses() if lan else ["127.0.0.1"]
    links(env, server, hosts, real_port, token, qr=lan)
    if not lan:
        env.err.print(env.t("core.serve.local_only"))
    env.err.print(env.t("core.serve.stop"))
    try:
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        from .seatserve import remove_phones

        server.close_all()
        observer.stop()
        server.server_close()
        remove_phones(board.folder)
    raise SystemExit(int(Exit.INTERRUPTED))


def _stop_on_signals() -> dict:
    """SIGINT (Ctrl-C) and SIGTERM stop the server however it was started: a background job (``tabletop serve &``)
    of a shell that is not interactive starts with SIGINT ignored, so both are handled explicitly here. Returns the
    handlers they had."""
    import signal

    def stop(signum, frame):
        raise KeyboardInterrupt

    previous = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            previous[sig] = signal.signal(sig, stop)
        except (ValueError, OSError):  # not the main thread (a test's server): the caller stops it
            pass
    return previous


def _restore_signals(previous: dict) -> None:
    import signal

    for sig, handler in previous.items():
        try:
            signal.signal(sig, handler)
        except (ValueError, OSError, TypeError):
            pass


def links(env: Env, server: Server, hosts: list[str], port: int, token: str, qr: bool) -> None:
    """The shared board's link (every address), then each seat's own link, each with a QR code on the network.

    Never a link to 0.0.0.0 or 127.x for the phones: with no address found, a line says how to find it."""
    import sys

    from ..words.i18n import Translator
    from .seatserve import seat_label

    def show_qr(url: str) -> None:
        import segno

        out = io.StringIO()
        segno.make(url, error="m").terminal(out=out, compact=True)
        sys.stderr.write(out.getvalue())
        sys.stderr.flush()

    if not hosts:
        env.err.print(env.t("core.serve.no_lan_address", port=port, token=token))
        return
    urls = [f"http://{h}:{port}/{token}/" for h in hosts]
    env.err.print(env.t("core.serve.listening", url=urls[0]))
    for url in urls[1:]:
        env.err.print(env.t("core.serve.also", url=url))
    if qr:
        show_qr(urls[0])
    if not server.seats:
        return
    env.err.print(env.t("core.serve.seat_links"))
    t = Translator(env.lang if env.lang in LANGS else "en")
    for seat_token, seat in server.seats.items():
        url = f"http://{hosts[0]}:{port}/{seat_token}/"
        env.err.print(env.t("core.serve.seat_link", seat=seat_label(t, server.board.game, seat), url=url), soft_wrap=True)
        if qr:
            show_qr(url)
