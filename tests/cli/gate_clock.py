"""The phone gate's clock held still (no timed assertions in tests): ``cli/phones/gate.py`` reads
``time.monotonic`` for each connection's deadline (``REQUEST_TIMEOUT`` after it is accepted); with this clock a
deadline passes when the test moves the clock, not when the machine is slow, so "not before its time" and "once
its time is up" are asserted without measuring time. Waits in the tests stay bounded only against a hang."""

from __future__ import annotations

import socket
import time


class GateClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:  # the gate's pause when out of file descriptors: a real one
        time.sleep(seconds)

    def advance(self, seconds: float) -> None:
        self.now += seconds


def hold_gate_clock(monkeypatch) -> GateClock:
    """The gate's clock, held still from now on (undone with ``monkeypatch``)."""
    from cli.phones import gate

    clock = GateClock()
    monkeypatch.setattr(gate, "time", clock)
    return clock


def still_open(sock: socket.socket) -> bool:
    """The server has neither answered nor closed this connection (looked at now, without waiting)."""
    timeout = sock.gettimeout()
    sock.setblocking(False)
    try:
        sock.recv(1, socket.MSG_PEEK)  # an answer, or the end of the stream
        return False
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.settimeout(timeout)
