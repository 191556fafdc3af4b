"""The gate in front of the phones' HTTP server (``tabletop serve``, issue 31): a slow, stalled or vanished phone
holds no thread.

``Gate`` is the standard library's ``HTTPServer`` with one thread (``serve_forever``) that accepts connections and
reads every request (its head, and a small answer's body) itself, with ``selectors`` and a time limit; only a
complete request gets a handler thread (the server's routes, ``cli/phones/routes.py``). Connections and handlers
are bounded per address and in total (the limits below). ``cli/phones/server.py`` builds the table's server on it.
"""

from __future__ import annotations

import re
import selectors
import socket
import threading
import time
from collections import Counter, deque
from http.server import HTTPServer

from .seatserve import MAX_BODY

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
ACCEPT_BATCH = 16  # connections accepted before the gate reads again (kept under CONNECTIONS_PER_ADDRESS)


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


class Gate(HTTPServer):
    """An HTTP server hardened against slow, stalled and numerous clients (issue 31).

    One thread (``serve_forever``) is the *gate*: it accepts connections and reads every request head itself,
    without blocking, with ``selectors``. A connection costs a thread only once its whole request head has
    arrived; a phone that trickles its request one byte at a time, or stalls half-way, holds nothing but its own
    socket, and only for ``REQUEST_TIMEOUT`` seconds. Complete requests wait in a queue per address and are
    handed to handler threads (``handler_class``) in turn, address after address, so one address sending many
    cannot starve another. Every connection answers one request and is closed (``Connection: close``): no
    keep-alive connection ever waits in a handler for a next request. A request body is never read (any is
    refused with 413).

    Limits (see the constants at the top): connections per address and in total, handlers per address and in
    total, and ``BACKLOG`` connections waiting in the kernel.
    """

    allow_reuse_address = True
    request_queue_size = BACKLOG

    def __init__(self, address, handler_class):
        self.open_sockets: set = set()
        self.sockets_lock = threading.Lock()
        # limits, per server so that a test can look at them
        self.connection_limit = _connection_limit()
        self.connections_per_address = CONNECTIONS_PER_ADDRESS
        self.handler_limit = HANDLER_LIMIT
        self.handlers_per_address = HANDLERS_PER_ADDRESS
        # the gate's state: touched only by the gate thread
        self._reading: dict[socket.socket, Connection] = {}  # in the order they came: oldest first
        self._ready: dict[str, deque[Connection]] = {}  # complete requests waiting for a handler, per address
        self._turns: deque[str] = deque()  # addresses with a waiting request, in turn
        self._connections: Counter[str] = Counter()  # open connections per address (reading, waiting, answered)
        self._handling: Counter[str] = Counter()  # requests being answered per address
        self._done: deque[str] = deque()  # addresses whose request was answered (from handler threads)
        self._threads: set[threading.Thread] = set()
        self._threads_lock = threading.Lock()
        self._selector: selectors.BaseSelector | None = None
        self._running = False
        self._quit = threading.Event()
        self._stopped = threading.Event()
        self._stopped.set()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        try:
            super().__init__(address, handler_class)
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
            self.RequestHandlerClass(sock, conn.addr, self, bytes(conn.head))
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

    # -- stopping ---------------------------------------------------------
    def handle_error(self, request, client_address):  # a phone that went away is not an error worth a traceback
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
