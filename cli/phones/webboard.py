"""The phones' page of ``tabletop serve``: the board rendered for the web, and the page filled from its files.

The page itself is static files in ``cli/phones/web/`` (``page.html``, ``page.css``, ``page.js``), shipped as package
data. The server fills the HTML's ``{{name}}`` places with escaped text, so the page reads whole without scripts.

The board is the status picture drawn by Rich, at the width the page asks for (60, 80 or 120 columns: the layouts
the pictures have), turned into HTML with classes, not colours: Rich's colours map to the palette of the page's
stylesheet (``f-red`` …), which has a dark and a light theme that both keep every text colour at 4.5:1 or more.
A glyph outside ASCII and the box-drawing and block ranges is wrapped to keep exactly one cell (a fallback font's
wider glyph would otherwise push the borders out of line).
"""

from __future__ import annotations

import html
import io
import json
import re
import threading
from typing import Any

from ..commands.env import CliError, Env

LANGS = ("en", "pt-BR")
WIDTHS = (60, 80, 120)  # the layouts of the status pictures: a phone, a tablet upright, a laptop or a tablet turned
DEFAULT_WIDTH = 60  # before the page has measured the screen
LOG_ENTRIES = 6  # the last steps of the log shown under the board
ASSETS = {"page.css": "text/css; charset=utf-8", "page.js": "text/javascript; charset=utf-8"}
#: Rich's sixteen standard colours, by number: any other colour (256 colours, true colour) maps to the nearest
COLOUR_NAMES = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright_black", "bright_red",
                "bright_green", "bright_yellow", "bright_blue", "bright_magenta", "bright_cyan", "bright_white")


def asset(name: str) -> bytes:
    """A file of the page (``cli/phones/web/``), as installed with the package."""
    from importlib.resources import files

    return (files("cli.phones") / "web" / name).read_bytes()


def colour_class(color) -> str:
    """The palette class of a Rich colour: ``f-<standard name>``, or "" for the default colour."""
    from rich.color import ColorSystem

    if color is None or color.is_default:
        return ""
    number = color.downgrade(ColorSystem.STANDARD).number
    return f"f-{COLOUR_NAMES[number]}" if number is not None and 0 <= number < 16 else ""


def style_classes(style) -> list[str]:
    if style is None:
        return []
    out = []
    for attr, cls in (("bold", "b"), ("italic", "i"), ("underline", "u"), ("dim", "d")):
        if getattr(style, attr):
            out.append(cls)
    fg = colour_class(style.color)
    bg = colour_class(style.bgcolor)
    if style.reverse:
        out.append("r")
        if fg:
            out.append(fg)
    elif bg:  # a coloured background: shown as that colour reversed (the page's background as the text)
        out += ["r", bg]
    elif fg:
        out.append(fg)
    return out


def _glyphs(text: str) -> str:
    """Escaped text; a glyph a monospace font may lack keeps its cells (one, or two for a wide one)."""
    from rich.cells import cell_len

    out = []
    for ch in text:
        code = ord(ch)
        if code < 0x2000 or 0x2500 <= code <= 0x259F:
            out.append(html.escape(ch))
        else:
            cls = "g g2" if cell_len(ch) == 2 else "g"
            out.append(f'<span class="{cls}">{html.escape(ch)}</span>')
    return "".join(out)


def board_html(ansi: str) -> str:
    """The picture Rich drew (its ANSI text) as HTML: spans with the palette's classes."""
    from rich.console import Console
    from rich.text import Text

    text = Text.from_ansi(ansi, end="")
    console = Console(width=1000, file=io.StringIO(), force_terminal=True, color_system="truecolor")
    out = []
    for segment in text.render(console, end=""):
        piece = _glyphs(segment.text)
        classes = style_classes(segment.style)
        visible = segment.text.strip(" ") or "r" in classes or "u" in classes  # spaces show only a background
        out.append(f'<span class="{" ".join(classes)}">{piece}</span>' if classes and visible else piece)
    return "".join(out)


class Board:
    """The game's board as pages, rendered once per change of the save, language and width."""

    def __init__(self, name: str, folder, lang: str):
        self.name = name
        self.game = ""  # the game's id (set by the server, which has read the save)
        self.folder = folder
        self.lang = lang
        self.version = 0
        self.changed = threading.Condition()
        self._cache: dict[tuple[int, str, int], dict[str, Any]] = {}
        self._render_lock = threading.Lock()
        self._translators: dict[str, Any] = {}

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

    def translator(self, lang: str):
        """One translator per language for the server's life: its catalogs are read once, not at every render
        (called while rendering, under the render lock)."""
        from ..words.i18n import Translator

        if lang not in self._translators:
            self._translators[lang] = Translator(lang)
        return self._translators[lang]

    # -- reading ----------------------------------------------------------
    def snapshot(self, lang: str, width: int = DEFAULT_WIDTH) -> dict[str, Any]:
        version = self.version
        width = width if width in WIDTHS else DEFAULT_WIDTH
        key = (version, lang, width)
        with self._render_lock:
            if key not in self._cache:
                if len(self._cache) > 12:
                    self._cache.clear()
                self._cache[key] = self._render(lang, width) | {"v": version, "lang": lang, "width": width}
            return self._cache[key]

    def _render(self, lang: str, width: int) -> dict[str, Any]:
        import time

        from state.save import SaveError


        t = self.translator(lang)
        empty = {"title": "", "board": "", "log": [], "turn": "", "session": None, "waiting": None, "seats": {}}
        for attempt in range(3):
            try:
                return self._render_save(lang, t, width)
            except SaveError:
                if self._being_written():
                    return empty | {"notice": "writing", "notice_text": t("core.serve.writing")}
                time.sleep(0.1 * (attempt + 1))  # a save replaced between two reads: look again
            except (CliError, OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
                break
        return empty | {"notice": "damaged", "notice_text": t("core.serve.damaged")}

    def _being_written(self) -> bool:
        try:
            return any(p.suffix == ".tmp" for p in self.folder.iterdir())
        except OSError:
            return False

    def _render_save(self, lang: str, t, width: int) -> dict[str, Any]:
        from rich.console import Console

        from automata.core.games import find_game
        from state.session import Session

        from ..gamecli import game_cli
        from ..inplay.logview import entry_label, entry_lines

        session = Session.open(self.folder)  # as 'status' reads it: no lock, no write
        session.save.name = t("core.serve.this_game")  # the save's name is not the phones' business
        env = Env(lang=lang)
        env._t = t
        console = Console(record=True, width=width, file=io.StringIO(), force_terminal=True, color_system="truecolor",
                          highlight=False, soft_wrap=False)
        env._console = console
        env._err = console
        game_cli(session.save.game).show_status(env, session)
        from ..inplay import ineffectview
        from ..inplay.clock import show_clock

        ineffectview.show(env, session)  # what is in effect and the table's reminders, as 'status' shows them
        show_clock(env, session.save)  # the game time and each seat's, as 'status' ends
        board = board_html(console.export_text(styles=True))
        log = []
        for entry in session.save.journal()[-LOG_ENTRIES:][::-1]:
            lines = [text for _, text in entry_lines(t, entry)]
            log.append({"n": entry.get("n"), "label": entry_label(t, entry), "lines": lines})
        title = find_game(session.save.game).name
        from .seatserve import phone_seats, turn_text, waiting

        try:
            now = waiting(session)
        except Exception:  # a step the rules cannot replay: the board is still shown, with no question
            now = None
        seats = {s["id"]: s for s in phone_seats(session.save.game, session.save.state)}
        turn = turn_text(t, session.save.game, session, now, seats)
        return {"notice": "", "notice_text": "", "title": title, "board": board, "log": log, "turn": turn,
                "session": session, "waiting": now, "seats": seats}


PRIVATE = ("session", "waiting", "seats")  # what a snapshot keeps for the server: never sent to a phone


def public(snap: dict[str, Any], seat: dict | None = None, t=None) -> dict[str, Any]:
    """What a phone receives of a snapshot; with ``seat``, that seat's own part (its clock, its question)."""
    out = {k: v for k, v in snap.items() if k not in PRIVATE}
    if seat is not None and snap.get("session") is not None:
        from .seatserve import seat_part

        out["seat"] = seat_part(t, snap["session"].save.game, snap["session"], snap["waiting"], seat, snap["turn"])
    return out


def seat_html(part: dict[str, Any] | None) -> str:
    """A seat's part drawn on the server (its script then draws the question's buttons)."""
    if not part:
        return ""
    out = [f"<h2>{html.escape(part['name'])}</h2>"]
    if part["turn"]:
        out.append(f'<p class="turn">{html.escape(part["turn"])}</p>')
    if part["clock"]:
        out.append(f'<p class="clock">{html.escape(part["clock"])}</p>')
    if part.get("reminders"):  # what is in effect for this seat, and its reminders (issue 39)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in part["reminders"])
        out.append(f'<ul class="reminders">{items}</ul>')
    if part["question"]:
        out.append(f'<p class="prompt">{html.escape(part["question"]["prompt"])}</p>')
    elif part["waiting"]:
        out.append(f"<p>{html.escape(part['waiting'])}</p>")
    return "".join(out)


def page_texts(t) -> dict[str, str]:
    """The words the page's script shows, in the page's language."""
    keys = ("live", "offline", "log", "theme_dark", "theme_light", "awake_unsupported", "awake_refused", "awake_lost",
            "send", "failed", "sent", "filter", "choices_folded")
    return {k: t(f"core.serve.{k}") for k in keys}


def body_html(snap: dict[str, Any], t, turn: bool = True) -> str:
    parts = []
    if turn and snap.get("turn"):
        parts.append(f'<p class="turn">{html.escape(snap["turn"])}</p>')
    if snap["notice"]:
        parts.append(f'<p class="notice {html.escape(snap["notice"])}">{html.escape(snap["notice_text"])}</p>')
    if snap["board"]:
        parts.append(f'<pre class="board">{snap["board"]}</pre>')
    if snap["log"]:
        items = [f"<h2>{html.escape(t('core.serve.log'))}</h2>"]
        for entry in snap["log"]:
            lines = "".join(f"<li>{html.escape(line)}</li>" for line in entry["lines"])
            items.append(f'<section class="step"><h3>{html.escape(str(entry["n"]))} · {html.escape(entry["label"])}'
                         f"</h3><ul>{lines}</ul></section>")
        parts.append('<div class="log">' + "".join(items) + "</div>")
    return "".join(parts)


def page(board: Board, token: str, lang: str, width: int = DEFAULT_WIDTH, seat: dict | None = None) -> str:
    """The whole page, drawn on the server (it reads without scripts); its script keeps it live."""
    from ..words.i18n import Translator

    t = Translator(lang)
    snap = board.snapshot(lang, width)
    role = "board" if seat is None else "seat"
    shown = public(snap, seat, t)
    seat_block = seat_html(shown.get("seat"))
    other = "pt-BR" if lang == "en" else "en"
    texts = json.dumps(page_texts(t), ensure_ascii=False).replace("<", "\\u003c")
    values = {
        "lang": html.escape(lang),
        "title": html.escape(snap["title"] or "tabletop"),
        "heading": html.escape(t("core.serve.heading") if role == "board" else t("core.serve.seat_heading")),
        "switch": html.escape(t("core.serve.switch")),
        "other": html.escape(other),
        "live": html.escape(t("core.serve.live")),
        "theme": html.escape(t("core.serve.theme_dark")),
        "version": html.escape(json.dumps(snap["v"])),
        "width": str(snap["width"]),
        "role": html.escape(role),
        "seat": seat_block,
        "seat_hidden": "" if seat_block else "hidden",
        "body": body_html(snap, t, turn=seat is None),
        "texts": texts,
    }
    template = asset("page.html").decode("utf-8")
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], template)
