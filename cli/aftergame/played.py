"""What ``tabletop history`` and ``tabletop stats`` share: every saved game's summary (``state/summary.py``, read-only:
no lock, no data cache, nothing written), how a seat, a result and a duration read, and lines wrapped to the width.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..commands.env import CliError, Env, Exit


def summaries(env: Env) -> list[dict[str, Any]]:
    """Every saved game's summary, newest first (a damaged save too, as its line, after the dated ones)."""
    from state import paths
    from state.summary import summarize

    from ..commands import saves

    rows = [summarize(paths.game_dir(name)) for name in saves.list_names()]
    rows.sort(key=lambda r: r["name"])
    rows.sort(key=when, reverse=True)
    return rows


def when(row: dict) -> str:
    """The moment a game began, for the order of the list: its first time stamp, else its creation, as one form of
    UTC time ("" when the save does not say)."""
    from state.clock import iso, parse

    moment = parse(row.get("started") or row.get("created") or "")
    return iso(moment) if moment is not None else ""


def find_game_id(env: Env, name: str) -> str:
    """The game id ``name`` names (an id or an alias); else the error that lists the valid games."""
    from automata.core.games import GAMES, UnknownGame, find_game

    try:
        return find_game(name).id
    except UnknownGame as e:
        raise CliError(env.t("core.error.unknown_game", name=name, valid=", ".join(g.id for g in GAMES),
                             close=", ".join(e.close)), Exit.USAGE) from None


def game_name(game_id: str) -> str:
    from automata.core.games import GAMES

    return next((g.name for g in GAMES if g.id == game_id), game_id)


def seat_text(t, seat: dict, with_bot: bool = True) -> str:
    """A seat as the table reads it: its name, and for a bot "(bot, level)"."""
    terms = seat.get("terms") or {}
    name = str(t.param(terms.get("seat") or seat.get("name") or seat.get("id", "")))
    if with_bot and seat.get("kind") == "bot":
        level = str(t.param(terms.get("level") or ""))
        return t("history.seat_bot_level", seat=name, level=level) if level else t("history.seat_bot", seat=name)
    return name


def bot_kind(t, seat: dict) -> tuple[str, str]:
    """(key, label) of a seat's kind for the statistics: ``human``, or the bot and its level (``chronobot:first-edition``)."""
    if seat.get("kind") != "bot":
        return "human", t("history.humans")
    terms = seat.get("terms") or {}
    bot = str(t.param(terms.get("bot") or seat.get("bot", "")))
    level = str(t.param(terms.get("level") or ""))
    key = seat.get("bot", "") + (":" + seat.get("level", "") if seat.get("level") else "")
    return key, (t("history.bot_level", bot=bot, level=level) if level else bot)


def result_text(t, row: dict) -> str:
    """Who won and the rule that ended the game; a game in progress says so."""
    result = row.get("result") or {}
    if not row.get("finished"):
        steps = int(row.get("steps") or 0)
        return t("history.in_progress", n=steps) if steps else t("history.not_started")
    rule = t(result["ended_by"], **result.get("ended_params", {})) if result.get("ended_by") else ""
    winners = [seat_text(t, s, with_bot=False) for s in row.get("seats", []) if s.get("winner")]
    if winners:
        who = t("history.won", players=", ".join(winners), n=len(winners))
    elif result.get("winner_kind") == "human":
        who = t("history.won_human")
    elif result.get("undecided"):
        who = t("history.undecided")
    else:
        who = t("history.nobody_won")
    return t("history.result_rule", who=who, rule=rule) if rule else who


def duration_text(t, seconds: int) -> str:
    from ..inplay.clock import whole_minutes

    minutes = whole_minutes(seconds)
    if minutes == 0:  # "0 min" reads as a clock that did not run
        return t("history.under_minute")
    if minutes < 60:
        return t("history.minutes", m=minutes)
    return t("history.hours", h=minutes // 60, m=f"{minutes % 60:02d}")


def date_text(stamp: str) -> str:
    """A stamp as ``2026-12-04 20:10`` (UTC); what cannot be read is shown as it is."""
    from datetime import datetime, timezone

    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp or "")
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M")


def wrapped(text: str, width: int, indent: int = 0, hang: int = 2) -> list[str]:
    """``text`` wrapped at words to ``width`` columns, ``indent`` spaces before it and ``hang`` more on the lines
    that continue it; a word longer than a line is broken (nothing is cut)."""
    import textwrap

    first = " " * indent
    rest = " " * (indent + hang)
    lines = textwrap.wrap(text, width=max(20, width), initial_indent=first, subsequent_indent=rest,
                          break_long_words=True, break_on_hyphens=False) or [first.rstrip()]
    return [line.replace(KEEP, " ") for line in lines]


KEEP = "\u00a0"  # a space that ``wrapped`` never breaks at (printed as a plain space)


def kept(text: str) -> str:
    """``text`` as one piece for ``wrapped``: a list item ("Player 2 34, winner") is never split across lines
    (unless it is wider than a whole line)."""
    return text.replace(" ", KEEP)


def print_lines(env: Env, lines: Iterable[str]) -> None:
    """Plain lines (already fitted to the width) printed as they are: no markup read in them, no wrapping."""
    from rich.text import Text

    for line in lines:
        env.out.print(Text(line), soft_wrap=True)
