"""What is in effect (issue 39): the lasting effects each game declares, the table's own reminders, and raising
each at its moment in the game's own sequence.

A game that has the capability ``effects_in_play`` (automata/core/contract.py) declares, beside ``game.py``:

- ``MOMENTS``: the words of its sequence, in the order they come within a round (ids; the words the table types
  and reads are the messages ``<game>.moment.<id>`` in both languages);
- ``moment(state, step)``: the ``Moment`` a step enters (its word, its round, its place), a later step of the
  same moment (``enters=False``: where the game stands, for a reminder set then, with nothing raised again), or
  None when no moment of the game is left;
- ``in_effect(state)``: the ``Effect`` records in effect now, derived from what the state already tracks, so
  that an effect ends by itself when what holds it leaves the state;
- optionally ``to_come(state, moment)``: the words still to come in ``moment``'s round from where it stands (its own
  word when it ``enters``), for a game whose round holds several turns of the sequence (Time of Crisis); without
  it, the words after ``moment``'s place in ``MOMENTS`` (``to_come`` below).

``raised`` wraps a game's procedure (each ``game.py`` calls it): when a step enters a moment, the effects that
matter there and the table's reminders due then are said once, as ``Say`` lines, after the step's heading: never a
question. The table's reminders are journal steps (``{"proc": "table_remind", ...}``, played by
``automata/core/fixstep.py`` ``WithCorrections``), kept in the state under ``reminders`` (absent until one is
set), so undo, the log and the phones follow them. Pure: no I/O, no clock, no randomness.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .msg import Msg, msg

REMIND_PROC = "table_remind"
KEY = "reminders"  # the state's table of the table's own reminders


@dataclass(frozen=True)
class Moment:
    """Where the game is: a word of the game's ``MOMENTS``, the round, the place it happens (a battle's region;
    "" for the whole table) and the seat whose turn it is ("" when it is nobody's alone)."""

    word: str
    round: int
    place: str = ""
    seat: str = ""  # the seat whose turn it is, when the moment is one seat's
    first: bool = True  # the first time the word comes this round (a round's first battle, first turn)
    turn: int = 0  # the turn within the round, in order (0 when the round is one sequence for the whole table)
    enters: bool = True  # False: a later step within the moment already entered (nothing is raised again there)


@dataclass(frozen=True)
class Effect:
    """One lasting effect the program knows.

    ``source``: where it came from (a card, an event, a marker, an upgrade); ``where``: where it applies (None:
    the whole table); ``until``: when it ends; ``moments``: the words of ``MOMENTS`` where it matters; ``place``:
    raised only at a moment in that place ("" anywhere); ``note``: what the table does, or that the program
    computes it (and why a number moved); ``rule``: the rule it comes from; ``seat``: the seat it concerns
    ("" the table); ``lasts``: the most rounds it stays (checked by the battery over random games)."""

    key: str
    source: Msg
    until: Msg
    moments: tuple[str, ...]
    note: Msg
    rule: Msg
    where: Msg | None = None
    place: str = ""
    seat: str = ""
    lasts: int | None = 1  # None: held by a condition the table answers (a card that may stay)
    computed: bool = False

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "source": self.source.to_data(), "until": self.until.to_data(),
                                "moments": list(self.moments), "note": self.note.to_data(),
                                "rule": self.rule.to_data(), "computed": self.computed}
        if self.where is not None:
            data["where"] = self.where.to_data()
        if self.place:
            data["place"] = self.place
        if self.seat:
            data["seat"] = self.seat
        return data


@dataclass(frozen=True)
class RemindError(ValueError):
    """A reminder the table cannot set or remove; ``msg`` says what is valid."""

    msg: Msg = field(default_factory=lambda: Msg("core.remind.invalid"))


def module_of(game_id: str):
    """The game's ``effects_in_play`` module, or None when it declares no moments."""
    from .contract import capability

    return capability(game_id, "ineffect")


def word_term(game_id: str, word: str) -> str:
    return f"@{game_id}.moment.{word}"


def listing(game_id: str, state: dict) -> list[Effect]:
    """What is in effect now (empty for a game that declares nothing)."""
    module = module_of(game_id)
    return list(module.in_effect(state)) if module is not None else []


def reminders(state: dict) -> list[dict]:
    """The table's reminders still set, in the order they were set."""
    return list(state.get(KEY, {}).get("items", []))


# -- raising at a moment -----------------------------------------------------------------------------------------
def _position(module, moment: Moment) -> tuple[int, int, int]:
    return (moment.round, moment.turn, list(module.MOMENTS).index(moment.word))


def _standing(item: dict) -> bool:
    """Said every time its moment comes (no --once, --round or --every N)."""
    return not item.get("once") and not item.get("round") and int(item.get("every", 1)) == 1


def _fires(module, item: dict, moment: Moment) -> bool:
    """Due now: its moment, from where it is due; one due once (``--once``, ``--round``, ``--every N``) also at the
    next moment that comes when its own did not come: later in the same turn, or in a later round at its word's
    place of the sequence or after it (the next round's first moments come before its word, not instead of it)."""
    if item.get("seat") and moment.seat and item["seat"] != moment.seat:
        return False  # another seat's turn: a seat's reminder waits for a moment of its own or the whole table's
    here, due = _position(module, moment), tuple(item["due"])
    if moment.word == item["at"] and here >= due:
        return True
    if _standing(item):
        return False  # nothing is owed when its moment does not come: it is said the next time it comes
    return (here[:2] == due[:2] and here[2] > due[2]) or (here[0] > due[0] and here[2] >= due[2])


def _after_firing(module, item: dict, moment: Moment) -> bool:
    """Move a repeating reminder to its next due moment; False when it is done (``--once``, ``--round``)."""
    if item.get("once") or (item.get("round") and not item.get("every")):
        return False
    every = int(item.get("every", 1))
    if every > 1:
        item["due"] = [moment.round + every, 0, list(module.MOMENTS).index(item["at"])]
    return True


def _here(effect: Effect, moment: Moment) -> bool:
    """An effect in a place is raised at its own place's moment; one for the whole table (or the moment's whole
    kind) once, the first time its word comes in the round (not at every Power's turn or every battle)."""
    if effect.place and moment.place:
        return effect.place == moment.place
    return moment.first


def due_lines(game_id: str, module, state: dict, moment: Moment) -> list:
    """The ``Say`` lines of what matters at ``moment``: the effects in play there, then the table's reminders due
    (each repeating one moved on to its next time, a one-time one taken off the list)."""
    from .steps import Say

    word = word_term(game_id, moment.word)
    out, rules = [], []
    for e in module.in_effect(state):
        if moment.word in e.moments and _here(e, moment):
            params = dict(source=e.source.to_data(), until=e.until.to_data(), note=e.note.to_data())
            if e.where is not None:
                out.append(Say(msg("core.ineffect.raised", where=e.where.to_data(), **params), "do"))
            else:
                out.append(Say(msg("core.ineffect.raised_all", **params), "do"))
            if e.rule not in rules:  # a rule once at a moment, under the first effect it holds
                rules.append(e.rule)
                out.append(Say(msg("core.ineffect.rule", rule=e.rule.to_data()), "rule"))
    table = state.get(KEY)
    if table:
        kept = []
        for item in table.get("items", []):
            if _fires(module, item, moment):
                seat = item.get("seat", "")
                out.append(Say(msg("core.remind.raised_seat" if seat else "core.remind.raised", n=item["n"],
                                   text=item["text"], seat=item.get("seat_term", seat), moment=word), "warn"))
                if not _after_firing(module, item, moment):
                    continue
            kept.append(item)
        table["items"] = kept
    return out


def raised(game_id: str, state: dict, step: dict, procedure):
    """The game's ``procedure`` for ``step``, with what matters at the moment the step enters said after its
    headings (the phase's, then the region's battle: the step's leading ``head`` lines), before its first line when
    it has none. Returns what the procedure returns."""
    module = module_of(game_id)
    moment = module.moment(state, step) if module is not None else None
    if moment is None or not moment.enters:
        return (yield from procedure)
    from .steps import Say

    lines = due_lines(game_id, module, state, moment)
    gen = iter(procedure)
    answer = None
    while lines is not None:
        try:
            item = gen.send(answer)
        except StopIteration as stop:
            yield from lines
            return stop.value
        if not (isinstance(item, Say) and item.style == "head"):
            yield from lines
            lines = None
        answer = yield item
    while True:
        try:
            item = gen.send(answer)
        except StopIteration as stop:
            return stop.value
        answer = yield item


# -- the table's reminders as journal steps -------------------------------------------------------------------------
def remind_step(add: dict | None = None, remove: int | None = None) -> dict:
    """The journal step that sets a reminder (``add``: text, at, every, round, once, seat) or takes one off."""
    if add is not None:
        return {"proc": REMIND_PROC, "add": {k: v for k, v in add.items() if v not in (None, "", False, 0)}}
    return {"proc": REMIND_PROC, "remove": int(remove or 0)}


def is_remind(step: dict | None) -> bool:
    return bool(step) and step.get("proc") == REMIND_PROC


def _first_due(game, module, state: dict, word: str, round_: int) -> list[int]:
    """Where a new reminder is first due (round, turn, moment): the next time its word comes (in this turn when the
    game has not passed it yet, else from the next turn), or its word in round ``round_``; a round already over is
    refused (``RemindError``)."""
    upcoming = game.next_step(state)
    now = module.moment(state, upcoming) if upcoming is not None else None
    index = list(module.MOMENTS).index(word)
    if now is None:  # the game is over: nothing more comes
        raise RemindError(msg("core.remind.game_over"))
    here = _position(module, now)
    # its word still to come in this turn (or the one this step enters), else from the next turn
    later = index > here[2] or (index == here[2] and now.enters)
    nxt = [here[0], here[1], index] if later else [here[0], here[1] + 1, index]
    if not round_:
        return nxt
    if round_ < here[0]:
        raise RemindError(msg("core.remind.round_over", round=round_, now=here[0]))
    return nxt if round_ == here[0] else [round_, 0, index]


def to_come(module, state: dict, now: Moment) -> list[str]:
    """The words of ``MOMENTS`` still to come in the round the game stands in (``now``: the moment of its next
    step), in order: the game's own ``to_come`` when it has one, else those after ``now``'s place in the sequence
    (its own word too when the next step enters it)."""
    own = getattr(module, "to_come", None)
    if own is not None:
        return list(own(state, now))
    index = list(module.MOMENTS).index(now.word)
    return [w for i, w in enumerate(module.MOMENTS) if i > index or (i == index and now.enters)]


def _not_passed(game_id: str, game, module, state: dict, word: str, round_: int) -> None:
    """``--round N --at WORD`` in the round the game stands in: refused (``RemindError``) when WORD has already
    passed in it (it would be said in the next round instead), saying which round and which words are valid."""
    upcoming = game.next_step(state)
    now = module.moment(state, upcoming) if upcoming is not None else None
    if now is None or round_ != now.round:
        return
    left = to_come(module, state, now)
    if word in left:
        return
    params = dict(moment=word_term(game_id, word), round=round_, next=round_ + 1)
    if not left:
        raise RemindError(msg("core.remind.moment_passed_last", **params))
    raise RemindError(msg("core.remind.moment_passed", valid=[word_term(game_id, w) for w in left], **params))


def check_add(game_id: str, game, state: dict, add: dict) -> dict:
    """The reminder ``add`` checked against the game's moments (raises ``RemindError``): what the step keeps."""
    module = module_of(game_id)
    if module is None:
        raise RemindError(msg("core.remind.none_for_game", game=game_id))
    text = " ".join("".join(c if c.isprintable() else " " for c in str(add.get("text", ""))).split())  # one line
    if not text:
        raise RemindError(msg("core.remind.no_text"))
    word = str(add.get("at", ""))
    if word not in module.MOMENTS:
        raise RemindError(msg("core.remind.unknown_moment", word=word,
                              valid=[word_term(game_id, w) for w in module.MOMENTS]))
    for key in ("every", "round"):
        value = add.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
            raise RemindError(msg("core.remind.not_positive", flag="--" + key, value=str(value)))
    if add.get("once") and (add.get("every") or add.get("round")):
        raise RemindError(msg("core.remind.once_alone"))
    round_ = int(add.get("round") or 0)
    _first_due(game, module, state, word, round_)  # a round already over is refused now
    if round_:  # and its word already passed in the round the game is in (replaying an old save never refuses it)
        _not_passed(game_id, game, module, state, word, round_)
    return {k: v for k, v in dict(add, text=text).items() if v not in (None, "", False, 0)}


def check_remove(state: dict, n: int) -> None:
    """Raises ``RemindError`` when no reminder ``n`` is set (the numbers set are the valid ones)."""
    if not any(i["n"] == n for i in reminders(state)):
        raise RemindError(msg("core.remind.no_such", n=n, valid=", ".join(str(i["n"]) for i in reminders(state)) or "—"))


def play_remind(game_id: str, game, state: dict, step: dict):
    """The journal step of a reminder: sets it (numbered, with its first due moment) or takes one off."""
    from .steps import Say

    module = module_of(game_id)
    table = state.setdefault(KEY, {"items": [], "last": 0})
    if "add" in step:
        item = dict(step["add"])
        table["last"] = int(table.get("last", 0)) + 1
        item["n"] = table["last"]
        item["due"] = _first_due(game, module, state, item["at"], int(item.get("round") or 0))
        table["items"].append(item)
        yield Say(msg("core.remind.set", n=item["n"], text=item["text"], when=when(game_id, item)), "do")
        return [item]
    n = int(step.get("remove", 0))
    gone = [i for i in table["items"] if i["n"] == n]
    table["items"] = [i for i in table["items"] if i["n"] != n]
    for item in gone:
        yield Say(msg("core.remind.removed", n=n, text=item["text"]), "do")
    return gone


def when(game_id: str, item: dict) -> dict:
    """How a reminder's moment reads: "at battle, every 2 rounds from round 3" (a message as data)."""
    word = word_term(game_id, item["at"])
    if item.get("once"):
        return msg("core.remind.when_once", moment=word).to_data()
    if item.get("every") and int(item["every"]) > 1:
        return msg("core.remind.when_every", moment=word, every=int(item["every"]), round=item["due"][0]).to_data()
    if item.get("round"):
        return msg("core.remind.when_round", moment=word, round=int(item["round"])).to_data()
    return msg("core.remind.when_always", moment=word).to_data()


def remind_label(step: dict) -> Msg:
    if "add" in step:
        return msg("core.step.remind_set", text=step["add"].get("text", ""))
    return msg("core.step.remind_removed", n=int(step.get("remove", 0)))
