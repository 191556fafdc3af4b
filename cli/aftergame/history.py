"""``tabletop history``: every saved game, newest first (issue 24).

For each game: its date, the game, its modules and options, the seats (bots marked, with their level), the result
(who won and the rule that ended the game), the scores and the time played. A damaged save is one line that says
what is wrong and how to put its backup back. Read-only: ``state/summary.py`` reads each save without the lock and
writes nothing.
"""

from __future__ import annotations

from typing import Any

from ..commands.env import CliError, Env, Exit
from .played import (date_text, duration_text, find_game_id, game_name, kept, print_lines, result_text,
                     seat_text, summaries, when, wrapped)

#: options the seats already show, that only the program reads, that a random setup drew (the camps dealt, the
#: Paths and Leaders, the board side: no option of 'tabletop new' gives them) or that the collection decided (the
#: Radlands card sets in play) or that are the save's own version of its questions (menu, asks)
HIDDEN_OPTIONS = ("overrides", "modules", "names", "mats", "menu", "players", "powers", "bots", "humans", "opponent",
                  "dealt", "paths", "board_side", "sets", "asks")


def run(env: Env, finished: bool) -> None:
    rows = summaries(env)
    wanted = env.game
    if wanted:  # --game: a game (toc, chaos…) or one save by its name
        if any(r["name"] == wanted for r in rows):
            rows = [r for r in rows if r["name"] == wanted]
        else:
            try:
                game_id = find_game_id(env, wanted)
            except CliError:
                raise unknown(env, wanted, rows) from None
            rows = [r for r in rows if r.get("game") == game_id]
    if finished:
        rows = [r for r in rows if r.get("finished")]
    if env.json:
        env.emit_json({"ok": True, "games": [json_row(env, r) for r in rows]})
        return
    if not rows:
        env.out.print(env.t("history.none_finished" if finished else "history.none"))
        return
    print_lines(env, lines(env.t, rows, env.out.width))


def json_row(env: Env, row: dict) -> dict[str, Any]:
    """The summary as it is, with the texts the table reads (``result_text``, ``damaged_text``) in its language."""
    out = dict(row)
    if row.get("damaged"):
        out["damaged_text"] = damaged_text(env.t, row)
    else:
        out["result_text"] = result_text(env.t, row)
    return out


def damaged_text(t, row: dict) -> str:
    from automata.core.steps import Msg

    problem = t.render(Msg(row["damaged"], row.get("damaged_params") or {}))
    from pathlib import Path

    file = Path(str(row.get("file", ""))).name  # the save's own file: save.toml, journal.toml
    where = f"{file}:{row['line']}" if row.get("line") else file
    return t("history.damaged", name=row["name"], where=where, problem=problem)


def lines(t, rows: list[dict], width: int) -> list[str]:
    out: list[str] = []
    for row in rows:
        if out:
            out.append("")
        if row.get("damaged"):
            game = game_name(row["game"]) if row.get("game") else "?"
            out += wrapped(f"{row['name']}  {game}  {damaged_text(t, row)}", width, hang=4)
            continue
        out += wrapped(f"{date_text(when(row))}  {game_name(row['game'])}  {row['name']}", width, hang=4)
        out += wrapped(t("history.line.result", result=result_text(t, row)), width, indent=2, hang=4)
        out += wrapped(seats_line(t, row), width, indent=2, hang=4)
        setup = setup_text(t, row)
        if setup:
            out += wrapped(t("history.line.setup", setup=setup), width, indent=2, hang=4)
        if row.get("finished") or row.get("steps"):  # a game not started yet has no time to show
            out += wrapped(t("history.line.time", time=time_text(t, row)), width, indent=2, hang=4)
    return out


def seats_line(t, row: dict) -> str:
    """The seats with their scores: final scores for a finished game, the scores so far for one in progress, and
    no scores for one not started (every score is still 0)."""
    if row.get("finished"):
        return t("history.line.seats", seats=" · ".join(kept(seat_score(t, s)) for s in row["seats"]))
    if not row.get("steps"):
        return t("history.line.seats", seats=" · ".join(kept(seat_text(t, s)) for s in row["seats"]))
    if all(s.get("score") is None for s in row["seats"]):  # a game that keeps no score (Radlands): no "Scores" line
        return t("history.line.seats", seats=" · ".join(kept(seat_text(t, s)) for s in row["seats"]))
    # a seat the program keeps no score for (a human's Legacy in Time of Crisis) shows "—", not a bare name that
    # read as a score ("human player 1 · red (bot) 0")
    return t("history.line.so_far", seats=" · ".join(kept(seat_score(t, s, "—")) for s in row["seats"]))


def seat_score(t, seat: dict, unknown: str | None = None) -> str:
    text = seat_text(t, seat)
    score = seat.get("score") if seat.get("score") is not None else unknown
    if score is not None:
        text = t("history.seat_score", seat=text, score=score)
    return t("history.seat_won", seat=text) if seat.get("winner") else text


def setup_text(t, row: dict) -> str:
    """The modules, then the options the seats do not already show, written as the options of 'tabletop new'
    (``--emperor-rules``, ``--summoning line``): the same in every language."""
    modules = ",".join(str(m).replace("_", "-") for m in row.get("modules") or [])  # as --modules takes them
    parts = [f"--modules {modules}"] if modules else []
    for key, value in row.get("options", {}).items():
        if key in HIDDEN_OPTIONS or value in (None, "", [], {}, False):
            continue
        flag = "--" + option_flags(row.get("game")).get(key, str(key)).replace("_", "-")
        parts.append(flag if value is True else f"{flag} {option_value(value)}")
    return " · ".join(parts)


def option_flags(game_id) -> dict:
    """The game's options saved under another name than their 'tabletop new' option (cli/gamecli.py)."""
    from automata.core.games import UnknownGame

    from ..gamecli import optional

    try:
        return optional(str(game_id), "OPTION_FLAGS")
    except UnknownGame:  # a save of a game this version does not know: its options as saved
        return {}


def option_value(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    if isinstance(value, dict):
        return ",".join(k if v is True else f"{k}={option_value(v)}" for k, v in value.items())
    return str(value)


def time_text(t, row: dict) -> str:
    seconds = int(row.get("play_seconds") or 0)
    if seconds or row.get("seat_seconds"):
        played = duration_text(t, seconds)
    else:  # a save from before the clocks has none; a clocked game may not have reached its first minute
        played = duration_text(t, 0) if row.get("timed", True) else t("history.untimed")
    parts = [played]
    waited = row.get("seat_seconds") or {}
    answering = [kept(f"{seat_text(t, s, with_bot=False)} {duration_text(t, waited[s['id']])}")
                 for s in row.get("seats", []) if waited.get(s["id"])]
    if answering:  # the time each seat's own questions waited for it (state/clock.py)
        parts.append(t("history.answering", seats=", ".join(answering)))
    if row.get("breaks"):
        parts.append(t("history.breaks", n=row["breaks"]))
    if row.get("finished"):  # a game in progress already says its steps in its result
        parts.append(t("history.steps", n=row.get("steps", 0)))
    return " · ".join(parts)


def unknown(env: Env, name: str, rows: list[dict]) -> CliError:
    """--game that names neither a game nor a save: the valid games and saves, and the closest."""
    from automata.core.closest import close_matches
    from automata.core.games import GAMES

    games = [g.id for g in GAMES]
    names = [r["name"] for r in rows]
    close = close_matches(name, games + names)
    return CliError(env.t("history.unknown", name=name, games=", ".join(games), saves=", ".join(names) or "—",
                          close=", ".join(close)), Exit.USAGE, {"error": "unknown_game"})
