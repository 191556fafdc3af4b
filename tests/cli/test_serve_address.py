"""'tabletop serve --lan' prints addresses a phone can open (issue 25): the route's address first, never 0.0.0.0 or
127.x in a link or a QR code, and a clear line when there is none.

The machine is simulated: the host name resolves to loopback as on Debian and Ubuntu (127.0.1.1), and the UDP
socket that asks for the route answers with the address given (or fails, as with no network at all)."""

from __future__ import annotations

import socket

import pytest

from serve_saves import make_save

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

NAME = "address-save"
REAL_SOCKET = socket.socket


class RouteSocket:
    """A UDP socket whose ``connect`` picks ``local`` as the route's address (or fails when ``local`` is None)."""

    connected: list = []

    def __init__(self, local):
        self.local = local

    def connect(self, address):
        RouteSocket.connected.append(address)
        if self.local is None:
            raise OSError(101, "Network is unreachable")

    def getsockname(self):
        return (self.local, 40000)

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def simulate(monkeypatch, route: str | None, hostname_addresses: list[str]):
    def make_socket(family=socket.AF_INET, type=socket.SOCK_STREAM, *args, **kwargs):
        if type == socket.SOCK_DGRAM:
            return RouteSocket(route)
        return REAL_SOCKET(family, type, *args, **kwargs)  # the server's own sockets stay real

    def getaddrinfo(host, port, family=0, *args, **kwargs):
        assert host == "debian-laptop"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, 0)) for a in hostname_addresses]

    RouteSocket.connected = []
    monkeypatch.setattr(socket, "socket", make_socket)
    monkeypatch.setattr(socket, "gethostname", lambda: "debian-laptop")
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


def test_the_route_gives_the_address_when_the_host_name_is_loopback(monkeypatch):
    from cli.phones import startup as serve

    simulate(monkeypatch, "192.168.1.20", ["127.0.1.1"])
    assert serve.lan_addresses() == ["192.168.1.20"]
    assert RouteSocket.connected, "the route was asked (a UDP connect sends no packet)"


def test_every_non_loopback_address_is_listed_the_routes_first(monkeypatch):
    from cli.phones import startup as serve

    simulate(monkeypatch, "10.0.0.7", ["127.0.1.1", "192.168.1.20", "10.0.0.7", "0.0.0.0", "127.0.0.1"])
    assert serve.lan_addresses() == ["10.0.0.7", "192.168.1.20"]


@pytest.mark.parametrize("route", [None, "0.0.0.0", "127.0.0.1"])
def test_no_address_at_all_is_said_plainly(monkeypatch, route):
    from cli.phones import startup as serve

    simulate(monkeypatch, route, ["127.0.1.1"])
    assert serve.lan_addresses() == []


def run_serve(monkeypatch, capsys, lang="en"):
    """'tabletop serve --lan' up to the point it would wait for phones; its stderr and the texts put in QR codes."""
    import segno

    from cli.phones import startup as serve
    from cli.commands.env import Env

    make_save("toc", NAME, steps=2)
    encoded: list[str] = []
    real_make = segno.make

    def make(content, *args, **kwargs):
        encoded.append(content)
        return real_make(content, *args, **kwargs)

    def stop_at_once(self, *args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(segno, "make", make)
    monkeypatch.setattr(serve.Server, "serve_forever", stop_at_once)
    with pytest.raises(SystemExit):
        serve.run(Env(lang=lang, game=NAME), 0, True)
    return capsys.readouterr().err, encoded


def test_the_printed_links_and_the_qr_code_carry_the_lan_address(monkeypatch, capsys):
    simulate(monkeypatch, "192.168.1.20", ["127.0.1.1", "10.0.0.7"])
    err, encoded = run_serve(monkeypatch, capsys)
    assert "http://192.168.1.20:" in err and "http://10.0.0.7:" in err
    assert encoded and all(text.startswith("http://192.168.1.20:") for text in encoded)
    for bad in ("0.0.0.0", "127.0.1.1", "127.0.0.1"):
        assert bad not in err and not any(bad in text for text in encoded)


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_with_no_address_no_link_and_no_qr_but_how_to_find_it(monkeypatch, capsys, lang):
    from cli.words.i18n import Translator

    simulate(monkeypatch, None, ["127.0.1.1"])
    err, encoded = run_serve(monkeypatch, capsys, lang)
    assert encoded == []
    assert "0.0.0.0" not in err and "127." not in err
    words = " ".join(err.split())
    assert "ip -4 addr" in words and "ipconfig" in words
    first = Translator(lang)("core.serve.no_lan_address", port=1, token="x").split("(")[0].strip()
    assert first in words
