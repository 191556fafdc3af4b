"""The phones' HTTP server (``tabletop serve``): the gate answering with the routes, and the signals that stop it.

``Server`` is the gate (``cli/phones/gate.py``: no thread for a slow phone) answering with the routes
(``cli/phones/routes.py``), with what the routes share: the board, its token and the seats' tokens, the live streams
(bounded per address and in total), which seats have their page open (the phones file) and the stop that wakes
every live connection.
"""

from __future__ import annotations

import hmac
import socket
import threading
from collections import Counter

from .gate import Gate
from .routes import Handler
from .webboard import Board

LIVE_LIMIT = 64  # open live (server-sent events) streams at once; one more gets 503
LIVE_PER_ADDRESS = 8  # of which from one address; one more ends that address's oldest stream


class Server(Gate):
    """The board's HTTP server, hardened against slow, stalled and numerous clients (issue 31: ``Gate``), with its
    live streams bounded per address and in total."""

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
        self.live_limit = LIVE_LIMIT
        self.live_per_address = LIVE_PER_ADDRESS
        # live streams: touched by handler threads
        self._live: dict[str, list[threading.Event]] = {}
        self._live_count = 0
        self._live_lock = threading.Lock()
        super().__init__(address, Handler)

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
