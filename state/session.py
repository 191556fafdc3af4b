"""A game in progress: plays steps against its save, resumes, undoes.

Every completed step becomes one journal entry (its step description, label,
answers and rolls). The state snapshot in the save is a cache: replaying the
journal from the game's starting state gives the same state, which is how
undo works, and why undo never re-rolls (the rolls are in the journal).
Every answer is written to the save as soon as it is given, so closing the
terminal in the middle of a step loses nothing.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable

from automata.core.fixstep import WithCorrections
from automata.core.games import load_game
from automata.core.msg import msg
from automata.core.statecopy import copied

if TYPE_CHECKING:  # the runner is imported when a step is played, not to show a status
    from automata.core.runner import AnswerSource, Event, Record
    from automata.core.steps import Ask, Roll

from . import clock, paths
from .replay import RULES_CRASH, does_not_fit, replay_entries
from .save import CURRENT_VERSION, Save, SaveError, read, write


class StepInProgress(Exception):
    """A step has answers already: a command that plays a step of its own must wait until it is finished."""

    def __init__(self, step: dict, answers: int):
        super().__init__(step.get("proc", ""))
        self.step = step
        self.answers = answers


class PlayResult:
    """What ``Session.play`` did (a plain class with a data class's equality and ``repr``: every command imports
    this module, and a data class costs start-up time)."""

    __match_args__ = ("steps_done", "finished", "pending")

    def __init__(self, steps_done: int, finished: bool, pending: Ask | Roll | None = None) -> None:
        self.steps_done = steps_done
        self.finished = finished
        self.pending = pending

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(steps_done={self.steps_done!r}, finished={self.finished!r}, pending={self.pending!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.steps_done, self.finished, self.pending) == (other.steps_done, other.finished, other.pending)  # type: ignore[attr-defined]
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


class Session:
    def __init__(self, save: Save):
        self.save = save
        # the game's own steps, and the table's corrections (automata/core/fix.py), which every game plays alike
        self.game: ModuleType = WithCorrections(load_game(save.game))  # type: ignore[assignment]

    # -- creating and opening -------------------------------------------
    @classmethod
    def create(
        cls, name: str, game_id: str, options: dict, seed: int, settings: dict, created: str = ""
    ) -> "Session":
        game = load_game(game_id)
        folder = paths.game_dir(name)
        save = Save(
            name=name,
            game=game.GAME_ID,
            seed=seed,
            options=options,
            settings=settings,
            state=game.new_state(options, seed),
            created=created,
            folder=folder,
        )
        save._journal = []
        write(save)
        return cls(save)

    @classmethod
    def open(cls, folder: Path) -> "Session":
        return cls(read(folder))

    # -- playing --------------------------------------------------------
    def dice_mode(self) -> str:
        return str(self.save.settings.get("dice", "app"))

    def play(
        self,
        source: AnswerSource,
        dice_mode: str | None = None,
        on_event: Callable[[Event], None] | None = None,
        max_steps: int | None = None,
        on_step: Callable[[dict], None] | None = None,
        waiting_since: str = "",
    ) -> PlayResult:
        """Play steps until a question has no answer, the game ends or ``max_steps`` are done. ``on_step`` (optional)
        is called with each step once it is complete and saved (the command line's pause at a terminal).

        ``waiting_since``: when the question this run answers was first shown elsewhere (a seat's phone page shows
        the question waiting without writing anything, ``cli/phones/seatserve.py``). If the step is reached in this run,
        it starts then rather than now, so the seat's wait counts in its clock as a typed answer's does; never
        before the save's last stamp nor after now."""
        from automata.core.runner import DiceContext, Record, ReplayMismatch, run

        save = self.save
        done = 0
        while max_steps is None or done < max_steps:
            reached = save.pending is None  # the step is reached in this run (its start not written yet)
            if reached:
                try:
                    step = self.game.next_step(save.state)
                except RULES_CRASH as e:
                    raise does_not_fit(save.folder / "save.toml", e) from None
                if step is None:
                    return PlayResult(done, True)
                # the step is reached now (or was shown waiting since ``waiting_since``, for the first step)
                save.pending = {"step": step, "records": [], "started": self._reached_at(waiting_since if not done else "")}
            step = save.pending["step"]
            unwritten = {"reached": reached}
            recorded = [Record.from_data(r) for r in save.pending["records"]]
            working = copied(save.state)
            step_no = save.journal_length + 1

            def keep(record: Record) -> None:
                save.pending["records"].append(self._stamped(record, working, step))
                write(save, journal=False)  # an answer changes only the save; the journal grows when a step ends
                unwritten["reached"] = False

            try:
                result = run(
                    self.game.procedure(working, step),
                    source,
                    recorded,
                    DiceContext(save.seed, step_no, dice_mode or self.dice_mode()),
                    on_record=keep,
                    on_event=on_event,
                )
            except ReplayMismatch as e:
                raise SaveError(save.folder / "save.toml", msg("core.save.pending_replay", error=e.msg.to_data())) from None
            except RULES_CRASH as e:
                raise does_not_fit(save.folder / "save.toml", e) from None
            if not result.done:
                if unwritten["reached"]:  # the question waits from now: its seat's time is counted from this stamp
                    write(save, journal=False)
                return PlayResult(done, False, result.pending)
            why = [e.msg.to_data() for e in result.transcript if e.kind == "say" and e.style == "why" and e.msg is not None]
            told = [_plain(e.to_data()) for e in result.transcript if not (e.kind == "say" and e.style == "why")]
            self._complete(step, _with_stamps(result.records, save.pending["records"]), working, why, told,
                           started=save.pending.get("started"))
            done += 1
            if on_step is not None:
                on_step(step)
        return PlayResult(done, self.game.next_step(save.state) is None)

    def _reached_at(self, waiting_since: str) -> str:
        """The start of a step reached now: ``waiting_since`` (see ``play``) kept between the save's last stamp (the
        end of the step before) and now; now without it."""
        now = clock.now()
        since = clock.parse(waiting_since)
        if since is None:
            return now
        last = clock.parse(clock.journal_tally(self.save)["last"])
        start = max(since, last) if last is not None else since
        return clock.iso(start) if start <= clock.parse(now) else now

    def keep_waiting(self) -> None:
        """Write the step in progress as it stands, its start included: its question is handed elsewhere (a seat's
        phone, ``cli/phones/phonewait.py``) and waits for its seat from now, whoever then answers it."""
        if self.save.pending is not None:
            write(self.save, journal=False)

    def busy(self) -> StepInProgress | None:
        """What a helper command that plays a step of its own (``apply``) must wait for: a step with answers, or
        another command's step still waiting for its first answer; None when it may run now."""
        pending = self.save.pending
        if pending is not None and (pending.get("records") or pending["step"] != self.game.next_step(self.save.state)):
            return StepInProgress(pending["step"], len(pending.get("records", [])))
        return None

    def apply(
        self,
        step: dict,
        source: AnswerSource,
        dice_mode: str | None = None,
        on_event: Callable[[Event], None] | None = None,
    ) -> PlayResult:
        """Play ``step`` now, out of the game's own order (a helper command such as placing an event by name).

        It is journalled like any other step, so undo takes it back and replay repeats it. The game's own next step,
        not yet answered, is set aside (the game asks it again afterwards); a step with answers, or another command
        still waiting for its first answer, must be finished first.
        """
        save = self.save
        busy = self.busy()
        if busy is not None:
            raise busy
        save.pending = {"step": dict(step), "records": [], "started": clock.now()}
        write(save, journal=False)  # if its first question waits for an answer, 'play' resumes this step
        return self.play(source, dice_mode, on_event, max_steps=1)

    def correct(self, step: dict, on_event: Callable[[Event], None] | None = None) -> list[dict]:
        """Journal the correction ``step`` (automata/core/fix.py) as a step of its own and apply it; the step in
        progress, if any, keeps its answers and goes on from the corrected values. Raises ``FixError`` (nothing
        written) when a change breaks a rule's limit, and ``StepInProgress`` when the answers already given to the
        step in progress would no longer fit the corrected board."""
        from automata.core.runner import DiceContext, NoAnswers, Record, ReplayMismatch, run

        save = self.save
        working = copied(save.state)
        result = run(self.game.procedure(working, step), NoAnswers(), [],
                     DiceContext(save.seed, save.journal_length + 1, "app"), on_event=on_event)
        pending = save.pending
        if pending is not None and pending.get("records"):
            trial = copied(working)
            try:
                run(self.game.procedure(trial, pending["step"]), NoAnswers(),
                    [Record.from_data(r) for r in pending["records"]],
                    DiceContext(save.seed, save.journal_length + 2, self.dice_mode()))
            except (ReplayMismatch, *RULES_CRASH):
                raise StepInProgress(pending["step"], len(pending["records"])) from None
        told = [_plain(e.to_data()) for e in result.transcript]
        lines = result.result or []
        upcoming = self.game.next_step(working)
        if pending is not None and pending["step"] != upcoming:
            # the correction moved the game on (a last camp destroyed, another player's turn): the step in progress
            # is not the next one any more; with answers given it is refused, else it is simply not asked
            if pending.get("records"):
                raise StepInProgress(pending["step"], len(pending["records"]))
            pending = None
        # one write: the step in progress resumes with its answers, from the corrected values
        self._complete(step, [], working, None, told, keep_pending=pending, fixed=_plain(lines), started=clock.now())
        return lines

    def _stamped(self, record: Record, state: dict, step: dict) -> dict:
        """A new answer or roll as the save keeps it: with the time it was given and, for a seat's own question,
        that seat (so its waiting time is the seat's: state/clock.py). The program's own dice belong to nobody."""
        data = record.to_data()
        data["at"] = clock.now()
        if record.source != "app":
            from automata.core.seats import question_seat

            try:
                seat = question_seat(self.save.game, state, step, record.id)
            except (ImportError, KeyError, TypeError, ValueError, AttributeError, IndexError):
                seat = None  # a game without seats, or a state they cannot read (an old save): no attribution
            if seat:
                data["seat"] = seat
        return data

    def _complete(self, step: dict, records: list[Record | dict], new_state: dict, why: list[dict] | None = None,
                  told: list[dict] | None = None, keep_pending: dict | None = None,
                  fixed: list[dict] | None = None, started: str | None = None) -> None:
        save = self.save
        journal = save.journal()
        tally = clock.journal_tally(save)  # before the entry is added: a stale tally is summed from the journal
        entry = {
            "n": save.journal_length + 1,
            "label": self.game.step_label(step).to_data(),
            "step": step,
            "records": [r if isinstance(r, dict) else r.to_data() for r in records],
            "started": started if isinstance(started, str) and started else clock.now(),
        }
        entry["ended"] = clock.now()
        if why:
            entry["why"] = why  # the rules that made the step's decisions, for 'tabletop log --explain'
        if told:
            entry["told"] = told  # what the table was told, asked and rolled: 'tabletop log' and 'serve' in plain words
        if fixed:
            entry["fixed"] = fixed  # a correction's values before and after ('tabletop log --json')
        journal.append(entry)
        save.journal_length += 1
        save.clock = clock.add_entry(dict(tally, seats=dict(tally["seats"])), entry)
        save.state = new_state
        save.pending = keep_pending
        write(save)

    # -- undo -----------------------------------------------------------
    def replay(self, entries: list[dict[str, Any]]) -> dict[str, Any]:
        """The state after replaying ``entries`` from the start of the game (state/replay.py)."""
        return replay_entries(self.save, self.game, entries)

    def undo(self, n: int = 1) -> list[dict[str, Any]]:
        """Drop the step in progress and the last ``n`` journal entries; return the dropped entries."""
        save = self.save
        journal = save.journal()
        n = max(0, min(n, len(journal)))
        keep = journal[: len(journal) - n]
        dropped = journal[len(journal) - n :]
        save.state = self.replay(keep)
        save._journal = keep
        save.journal_length = len(keep)
        save.clock = clock.tally_of(keep, clock.break_after(save.settings))  # the undone steps' stamps are dropped
        save.pending = None
        write(save)
        return dropped


def _with_stamps(records: list[Record], kept: list[dict]) -> list[dict]:
    """The step's records as the journal keeps them: each with the stamps it was given when it was answered."""
    out = []
    for i, record in enumerate(records):
        data = record.to_data()
        if i < len(kept) and kept[i].get("id") == data["id"]:
            data.update({k: kept[i][k] for k in ("at", "seat") if k in kept[i]})
        out.append(data)
    return out


def _plain(value: Any) -> Any:
    """``value`` as TOML can hold it: no None (dropped), tuples as lists, other objects as text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value if v is not None]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


__all__ = ["Session", "PlayResult", "SaveError", "StepInProgress", "CURRENT_VERSION"]
