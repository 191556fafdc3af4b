"""The game's clocks: game time, each seat's time and the breaks, from the time stamps of a save (issue 24).

The stamps (ISO 8601, UTC, whole seconds: ``2026-12-04T21:40:05Z``) are written by ``state/session.py``, never by
``automata/``:

- each journal entry: ``started`` (when its step was reached) and ``ended`` (when it was complete);
- the step in progress (``pending`` in ``save.toml``): ``started``;
- each answer or roll, in its record: ``at`` (when it was given) and, for a seat's own question, ``seat`` (the
  seat id of ``automata/core/seats.py`` ``question_seat``).

The arithmetic: the stamps in order make intervals. An interval longer than the break threshold
(``BREAK_AFTER_SECONDS``, 10 minutes; a save's ``settings.break_after_minutes`` overrides it) is a break: it is
counted as one and is not play, so a game left overnight and resumed the next day does not count the night. Every
other interval is play; the interval that ends with a seat's answer is that seat's time (its question was waiting
for it), and the rest (a bot's turn, the table's questions, the program) is game time only. A correction
journalled in the middle of a step (`!` at a question) comes before that step in the journal but after its first
answers in time: their intervals lie within the correction's, counted as play once, and each seat keeps its share.

Undo drops the undone entries with their stamps; replay never changes the journal, so it keeps them. The sums
over the journal are kept in ``save.toml`` (``[clock]``, a cache like the state snapshot) so that ``status`` never
reads the journal; a stale tally is computed again from the journal, and a missing one (a save last written before
the clocks, whose journal has no stamps) counts nothing until the next step completes and sums the journal.

The clock source is ``now()``; ``TABLETOP_NOW`` fixes it for tests and demonstrations: ``2026-01-01T10:00:00Z``
(every stamp that time) or ``2026-01-01T10:00:00Z+30`` (each stamp 30 seconds after the one before).
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable

#: a gap between two stamps longer than this is a break, not play (seconds)
BREAK_AFTER_SECONDS = 600
#: the environment variable that fixes the clock (see the module's text)
NOW_ENV = "TABLETOP_NOW"
_ticks = {"base": "", "n": 0}


def now(advance: bool = True) -> str:
    """The time of a stamp: UTC now in ISO seconds, or what ``TABLETOP_NOW`` says (``advance=False``: the stepped
    clock's current moment without moving it, for a time that is not a stamp, such as a save's creation)."""
    fixed = os.environ.get(NOW_ENV, "").strip()
    if fixed:
        base, _, step = fixed.rpartition("+") if _stepped(fixed) else (fixed, "", "")
        start = parse(base)
        if start is not None:
            if _ticks["base"] != fixed:
                _ticks.update(base=fixed, n=0)
            n = _ticks["n"]
            _ticks["n"] += 1 if advance else 0
            return iso(start + timedelta(seconds=n * int(step or 0)))
    return iso(datetime.now(timezone.utc))


def restart() -> None:
    """``TABLETOP_NOW=…+N`` counts from its first moment again (a test that plays in the same process as another)."""
    _ticks.update(base="", n=0)


def _stepped(text: str) -> bool:
    head, sep, tail = text.rpartition("+")
    return bool(sep) and tail.isdigit() and "T" in head and ":" not in tail


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse(text: Any) -> datetime | None:
    """A stamp as a moment (UTC); None for anything that is not one (it is left out of the sums)."""
    if not isinstance(text, str) or not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment


def break_after(settings: dict | None) -> int:
    """The break threshold of a save, in seconds."""
    minutes = (settings or {}).get("break_after_minutes")
    if isinstance(minutes, int) and not isinstance(minutes, bool) and minutes > 0:
        return minutes * 60
    return BREAK_AFTER_SECONDS


# -- the sums ---------------------------------------------------------------------------------------------------


def empty(threshold: int = BREAK_AFTER_SECONDS) -> dict:
    """The tally of no entries. ``through``: how many journal entries it sums; ``last``: its last stamp."""
    return {"through": 0, "started": "", "ended": "", "last": "", "play_seconds": 0, "breaks": 0, "seats": {},
            "break_after_seconds": threshold}


def stamps(item: dict) -> list[tuple[str, str]]:
    """(stamp, seat id or "") of a journal entry or the step in progress, in the order they were made."""
    out = [(item["started"], "")] if isinstance(item.get("started"), str) else []
    for record in item.get("records") or []:
        if isinstance(record, dict) and isinstance(record.get("at"), str):
            seat = record.get("seat")
            out.append((record["at"], seat if isinstance(seat, str) else ""))
    if isinstance(item.get("ended"), str):
        out.append((item["ended"], ""))
    return out


def add_stamps(tally: dict, items: Iterable[tuple[str, str]], counted: list[int] | None = None) -> dict:
    """``tally`` with the stamps ``items`` (one journal entry's, or the step in progress's) added after its last one
    (changed in place and returned); ``counted`` gets, for each item, the seconds it added to its seat's time (0: no
    seat, a break, the first stamp, no stamp)."""
    threshold = tally["break_after_seconds"]
    last = parse(tally["last"])
    before = None  # the items' previous stamp
    for at, seat in items:
        moment = parse(at)
        mine = 0
        if moment is None:
            pass
        elif last is None:
            tally["started"] = tally["started"] or iso(moment)
        elif moment >= last:
            gap = int((moment - last).total_seconds())
            if gap > threshold:
                tally["breaks"] += 1
            elif gap > 0:
                tally["play_seconds"] += gap
                if seat:
                    tally["seats"][seat] = tally["seats"].get(seat, 0) + gap
                    mine = gap
        elif seat and before is not None and before < moment:
            # an answer given before a correction journalled in the middle of its step ('!' at a question): its
            # interval lies within the correction's, already counted as play; the seat's share of it is counted here
            gap = int((moment - before).total_seconds())
            if gap <= threshold:
                tally["seats"][seat] = tally["seats"].get(seat, 0) + gap
                mine = gap
        if counted is not None:
            counted.append(mine)
        if moment is None:
            continue
        before = moment
        if last is None or moment >= last:  # a clock set back is not a negative time
            last = moment
            tally["last"] = iso(moment)
    return tally


def answer_waits(entries: Iterable[dict], threshold: int = BREAK_AFTER_SECONDS) -> list[list[int]]:
    """For each journal entry, the seconds each of its records (answers and rolls, in order) added to its seat's
    time, as ``clocks`` counts them: what `log --json` says of each answer, so the log's waits sum to each seat's
    clock. A record without a stamp added nothing."""
    tally, out = empty(threshold), []
    for entry in entries:
        counted: list[int] = []
        add_stamps(tally, stamps(entry), counted)
        stamped = iter(counted[1:] if isinstance(entry.get("started"), str) else counted)
        out.append([next(stamped) if isinstance(r, dict) and isinstance(r.get("at"), str) else 0
                    for r in entry.get("records") or []])
    return out


def add_entry(tally: dict, entry: dict) -> dict:
    """``tally`` with one more journal entry (changed in place and returned)."""
    add_stamps(tally, stamps(entry))
    if parse(entry.get("ended")) is not None:
        tally["ended"] = iso(parse(entry["ended"]))
    tally["through"] += 1
    return tally


def tally_of(entries: Iterable[dict], threshold: int = BREAK_AFTER_SECONDS) -> dict:
    tally = empty(threshold)
    for entry in entries:
        add_entry(tally, entry)
    return tally


def sound_tally(tally: Any, length: int, threshold: int) -> bool:
    """``tally`` (a save's ``[clock]``) sums exactly the ``length`` entries of its journal with ``threshold``."""
    if not isinstance(tally, dict) or tally.get("through") != length or tally.get("break_after_seconds") != threshold:
        return False
    numbers = [tally.get("play_seconds"), tally.get("breaks"), *(tally.get("seats") or {}).values()]
    return (all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in numbers)
            and isinstance(tally.get("seats"), dict) and all(isinstance(tally.get(k), str) for k in ("started", "ended", "last")))


def journal_tally(save, missing_is_empty: bool = False) -> dict:
    """The save's tally of its journal: its ``[clock]`` when sound, else summed again from the journal.
    ``missing_is_empty``: a save without ``[clock]`` was last completed by a version without the clocks, so its
    journal holds no stamps: nothing to sum, and the journal is not read (``status`` stays fast on a long game)."""
    threshold = break_after(getattr(save, "settings", None))
    length = getattr(save, "journal_length", 0)
    kept = getattr(save, "clock", None)
    if sound_tally(kept, length, threshold):
        return kept
    if kept is None and missing_is_empty:
        return empty(threshold)
    from .errors import SaveError

    try:
        return tally_of(save.journal() if length else [], threshold)
    except SaveError:  # a damaged journal: the commands that need it say so; its clocks are unknown
        return empty(threshold)


def clocks(save) -> dict:
    """The clocks of a save already read: ``{"started", "ended", "play_seconds", "seats": {seat id: seconds},
    "breaks", "break_after_seconds"}``. ``started``: the first stamp ("" for a save without stamps); ``ended``: the
    end of the last completed step; the step in progress counts up to its last answer."""
    import copy

    tally = copy.deepcopy(journal_tally(save, missing_is_empty=True))
    pending = getattr(save, "pending", None)
    if isinstance(pending, dict):
        add_stamps(tally, stamps({k: v for k, v in pending.items() if k != "ended"}))
    return {"started": tally["started"], "ended": tally["ended"], "play_seconds": tally["play_seconds"],
            "seats": dict(tally["seats"]), "breaks": tally["breaks"], "break_after_seconds": tally["break_after_seconds"]}
