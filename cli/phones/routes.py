"""What each address of the phones' server answers (``tabletop serve``): ``Handler``, one request of one phone.

Every address carries a random token made at start: the board's (GET and HEAD only), and one per seat
(``cli/phones/seatserve.py``), whose page may also POST the answer to that seat's question waiting now (Origin and
JSON checked, size and rate bounded); that answer goes through ``Session.play`` under the save's lock, as a typed
answer. ``/<token>/`` is the page, ``state.json`` the board now, ``events`` the live updates (server-sent events:
the page keeps one ``EventSource`` open and the server pushes the new board when the save changes), ``page.css``
and ``page.js`` the page's files, ``answer`` a seat's answer. The save is read exactly as ``tabletop status`` reads
it: no lock taken, nothing written. Names of saves, paths and the home folder never appear in a page or an error.
The page is static files in ``cli/phones/web/``, filled and served by ``cli/phones/webboard.py``.
"""

from __future__ import annotations

import hmac
import io
import json
import socket
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..commands.env import CliError
from .seatserve import MAX_BODY
from .webboard import ASSETS, DEFAULT_WIDTH, LANGS, WIDTHS, Board, asset, page, public

#: the page's own files only: no inline script or style, no other origin, no frames
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SOCKET_TIMEOUT = 10.0  # seconds a phone may stall reading an answer before its connection is dropped
KEEPALIVE = 15.0  # seconds between comment lines on an idle live connection
GONE_CHECK = 0.5  # seconds between looks at whether a live phone has closed its side


class Handler(BaseHTTPRequestHandler):
    # self.server: the table's Server (cli/phones/server.py, which imports this module)
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
