"""``tabletop serve``: the board on every phone at the table, live, and each seat's own questions on its phone.

Design (see docs/phones.md, "At the table with phones"): the server (``cli/phones/server.py``) stands on a gate
(``cli/phones/gate.py``: one thread reads every request with a time limit, so a slow, stalled or vanished phone
holds no thread) and answers with its routes (``cli/phones/routes.py``). This module starts it: the save opened
and its seats' tokens made, the address (this machine only, or ``--lan``), the links and their QR codes printed,
the file watcher, and the stop. Changes are seen by ``watchdog`` (inotify on Linux, the platform's watcher
elsewhere) on the game's folder: the save's own atomic writes wake the server; nothing polls the disk.

This module is imported only by ``tabletop serve`` (start-up of the other commands does not move).
"""

from __future__ import annotations

import io
import secrets
import socket
from pathlib import Path

from ..commands.env import CliError, Env, Exit
from .server import Server, _restore_signals, _stop_on_signals
from .webboard import LANGS, Board


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
