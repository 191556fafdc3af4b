"""``tabletop export``: a game for BG Stats (the ``.bgsplay`` file, the one-play link and its QR code) or as the
program's versioned JSON document.

It reads the save through ``state/summary.py`` (read-only: no lock, nothing written) and writes only the file it is
given, never inside the saves' folder. The formats are built by ``cli/aftergame/exporters/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..commands.env import CliError, Exit, current

export_app = typer.Typer()


@export_app.command()
def export(
    bgstats: Optional[Path] = typer.Option(None, "--bgstats", metavar="FILE",
                                           help="Write the finished game as a BG Stats play file (.bgsplay) and print its one-play link."),
    qr: bool = typer.Option(False, "--qr", help="With --bgstats: also draw the one-play link as a QR code for a phone."),
    me: Optional[str] = typer.Option(None, "--me", metavar="SEAT",
                                     help="With --bgstats: the seat you played (its name, label or id), for BG Stats' 'me'."),
) -> None:
    """Export a game (default: the current one; --game NAME another): for BG Stats with --bgstats FILE, or as JSON with --json."""
    env = current()
    if qr and bgstats is None:
        raise CliError(env.t("core.export.err.qr_alone"))
    if me is not None and bgstats is None:
        raise CliError(env.t("core.export.err.me_alone"))
    if bgstats is None and not env.json:
        raise CliError(env.t("core.export.err.what"))
    if bgstats is not None:
        bgstats = export_target(env, bgstats)  # the path said wrong before the save is read
    summary = read_summary(env)
    if bgstats is None:
        from .exporters import gamejson
        from .exporters.labels import labels

        env.emit_json(gamejson.document(summary, step_text(env), labels(env.t, summary).seats))
        return
    if not summary.get("finished"):
        raise CliError(env.t("core.export.err.unfinished", name=summary["name"]), Exit.FAILURE,
                       {"error": "unfinished", "game": summary["name"]})
    write_bgstats(env, summary, bgstats, qr, me)


def read_summary(env) -> dict:
    """The save ``--game`` names (default: the current one), read-only, with its journal and final state; a damaged
    save is an error that says what is wrong."""
    from state import paths
    from state.summary import summarize

    from ..commands import saves

    name = saves.resolve_name(env)
    summary = summarize(paths.game_dir(name), with_journal=True)
    if summary.get("damaged"):
        problem = env.t(summary["damaged"], **summary.get("damaged_params", {})).rstrip(". ")
        where = summary.get("file") or str(paths.game_dir(name) / "save.toml")
        where = f"{where}:{summary['line']}" if summary.get("line") else where
        raise CliError(env.t("core.export.err.damaged", name=name, where=where, problem=problem), Exit.FAILURE,
                       {"error": "damaged_save", "game": name, "file": summary.get("file"), "line": summary.get("line"),
                        "problem_id": summary["damaged"]})
    return summary


def step_text(env):
    """What each step told the table, in its language (the "text" of the JSON document's steps)."""
    from ..inplay.logview import entry_lines

    return lambda entry: [text for _, text in entry_lines(env.t, entry)]


def export_target(env, target: Path) -> Path:
    """The file an export writes: ``target``, or the regular file a link names (the link stays a link). A folder, a
    device or a pipe is refused, never replaced: the export is written whole beside its file and moved over it."""
    import errno
    import os
    import stat

    try:
        mode = os.stat(target).st_mode  # through links
    except FileNotFoundError:
        return target
    except OSError as e:  # a link loop, a path through a file…
        raise write_error(env, target, e) from None
    if stat.S_ISDIR(mode):
        raise write_error(env, target, OSError(errno.EISDIR, os.strerror(errno.EISDIR)))
    if not stat.S_ISREG(mode):
        raise write_error(env, target, problem="@core.export.err.not_a_file")
    return Path(os.path.realpath(target)) if os.path.islink(target) else target


def write_error(env, target: Path, e: OSError | None = None, problem: str = "") -> CliError:
    from state.save import os_problem

    return CliError(env.t("core.export.err.write", path=str(target), problem=problem or os_problem(e)), Exit.FAILURE,
                    {"error": "write_failed", "file": str(target)})


def my_seat(env, summary: dict, names, given: str | None, owner: dict | None) -> str:
    """The seat id the app's owner played: ``--me`` (a seat's id, name or label, any case; one that names no seat is
    refused, exit 2), else the owner's ``me`` in ``overrides/bgstats.toml`` when it names a seat of this game (a
    game they did not play: nobody), else "" (nobody: BG Stats is not told who its owner is)."""
    def find(text: str) -> str:
        key = text.strip().casefold()
        for seat in summary["seats"]:
            if seat.get("kind") != "bot" and key in {seat["id"].casefold(), (seat.get("name") or "").strip().casefold(),
                                                     names.seats.get(seat["id"], "").casefold()}:
                return seat["id"]
        return ""

    if given is not None:
        found = find(given)
        if not found:
            valid = ", ".join(f"{names.seats.get(s['id'], s['id'])} ({s['id']})" for s in summary["seats"] if s.get("kind") != "bot")
            raise CliError(env.t("core.export.err.me", name=given, valid=valid), Exit.USAGE,
                           {"error": "unknown_seat", "seat": given})
        return found
    setting = (owner or {}).get("me")
    return find(setting) if isinstance(setting, str) and setting.strip() else ""


def write_bgstats(env, summary: dict, target: Path, qr: bool, me: str | None = None) -> None:
    from ..commands import saves
    from .exporters import bgstats
    from .exporters.labels import labels

    refuse_inside_saves(env, target)
    names = labels(env.t, summary)
    owner = saves.read_overrides(env, "bgstats") or None
    content = bgstats.bgsplay(summary, names, owner, my_seat(env, summary, names, me, owner))
    url = bgstats.link(bgstats.link_play(summary, names, owner))
    try:
        from state.atomic import write_atomic

        write_atomic(target, content, backup=False)
    except OSError as e:
        raise write_error(env, target, e) from None
    if env.json:
        env.emit_json({"ok": True, "game": summary["name"], "file": str(target), "play_id": bgstats.play_id(summary),
                       "link": url})
    else:
        from rich.markup import escape

        env.out.print(escape(env.t("core.export.written", path=str(target))))  # wrapped at words
        env.out.print(escape(env.t("core.export.link")))
        env.out.print(escape(url), soft_wrap=True, highlight=False)
    if qr:
        draw_qr(env, url)


def draw_qr(env, url: str) -> None:
    """The link as a QR code in the terminal (segno, as 'tabletop serve --lan' draws its address), on the output the
    table reads (stderr when stdout carries JSON); a terminal too narrow for it gets, instead of a folded code no phone
    can read, how wide it must be."""
    import io
    import shutil
    import sys

    import segno

    drawn = io.StringIO()
    segno.make(url, error="l").terminal(out=drawn, compact=True)
    text = drawn.getvalue()
    stream = sys.stderr if env.json else sys.stdout
    width = max(len(line) for line in text.splitlines())
    columns = shutil.get_terminal_size().columns
    if stream.isatty() and columns < width:  # the terminal would fold it into a picture no phone can read
        env.err.print(env.t("core.export.qr_too_wide", columns=width, have=columns))
        return
    stream.flush()
    stream.write(text)
    stream.flush()


def refuse_inside_saves(env, target: Path) -> None:
    """An export never lands among the saves: a path inside ``$TABLETOP_HOME/games`` would overwrite a save."""
    from state import paths

    try:
        games = paths.games_dir().resolve()
        where = target.expanduser().resolve()
    except (OSError, RuntimeError):  # a link loop (RuntimeError before Python 3.13): said when it is written
        return
    if where == games or games in where.parents:
        raise CliError(env.t("core.export.err.inside_saves", path=str(target), folder=str(games)))
