"""``tabletop serve``: the board on every phone at the table, live and read-only.

Design (see README, "The board on your phone"):

- The standard library's ``ThreadingHTTPServer``: one thread per connection, so a slow or vanished phone blocks
  only its own thread (socket timeouts end it). Live updates are server-sent events: the page keeps one
  ``EventSource`` open and the server pushes the new board when the save changes.
- Changes are seen by ``watchdog`` (inotify on Linux, the platform's watcher elsewhere) on the game's folder: the
  save's own atomic writes wake the server; nothing polls the disk.
- The save is read exactly as ``tabletop status`` reads it: no lock taken, nothing written (not even the data
  cache). A write in progress (a temporary file beside the save) is shown as such; a save that cannot be read is
  shown as damaged, with no path.
- Only GET and HEAD; every address carries a random token made at start; names of saves, paths and the home folder
  never appear in a page or an error. At most ``LIVE_LIMIT`` live connections and ``HANDLER_LIMIT`` handlers.

This module is imported only by ``tabletop serve`` (start-up of the other commands does not move).
"""

from __future__ import annotations

import hmac
import html
import io
import json
import secrets
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .env import CliError, Env, Exit

LIVE_LIMIT = 32  # open live (server-sent events) connections at once; one more gets 503
HANDLER_LIMIT = 96  # connections being served at once; more are closed at once
SOCKET_TIMEOUT = 10.0  # seconds a phone may stall reading or writing before its connection is dropped
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


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, board: Board, token: str):
        self.board = board
        self.token = token
        self.stop = threading.Event()
        self.live = threading.BoundedSemaphore(LIVE_LIMIT)
        self.handlers = threading.BoundedSemaphore(HANDLER_LIMIT)
        self.open_sockets: set = set()
        self.sockets_lock = threading.Lock()
        super().__init__(address, Handler)

    def process_request(self, request, client_address):
        if not self.handlers.acquire(blocking=False):
            self.shutdown_request(request)  # too many at once: this one is dropped, the others go on
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self.handlers.release()
            raise

    def process_request_thread(self, request, client_address):
        with self.sockets_lock:
            self.open_sockets.add(request)
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self.sockets_lock:
                self.open_sockets.discard(request)
            self.handlers.release()

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


class Handler(BaseHTTPRequestHandler):
    server: Server
    server_version = "tabletop"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    timeout = SOCKET_TIMEOUT
    error_content_type = "text/plain; charset=utf-8"
    error_message_format = "%(code)d %(message)s\n"

    def log_message(self, format, *args):  # no access log: the address holds the token
        pass

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        if self.command not in ("GET", "HEAD"):
            self.close_connection = True
            self._plain(405, "405 read-only: only GET and HEAD\n", {"Allow": "GET, HEAD"})
            return False
        length = self.headers.get("Content-Length")
        if length not in (None, "0"):
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
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    def _events(self, board: Board, lang: str) -> None:
        if self.command == "HEAD":
            self._plain(200, "")
            return
        if not self.server.live.acquire(blocking=False):
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
            while not self.server.stop.is_set():
                version = board.version if seen == -1 else board.wait(seen, self.server.stop, GONE_CHECK)
                if self.server.stop.is_set() or self._gone():
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
            self.server.live.release()


def _watch(board: Board):
    """Wake the board when a file of the save changes (inotify through watchdog)."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    names = {"save.toml", "journal.toml"}

    class OnChange(FileSystemEventHandler):
        def on_any_event(self, event) -> None:
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
