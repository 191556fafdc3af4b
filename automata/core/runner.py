"""The runner: drives a procedure with a source of answers.

It replays the answers already recorded for the step, then asks the source for
new ones. It stops cleanly at the first question the source cannot answer and
reports its id. It returns the transcript (what was said, asked, answered and
rolled) so that tests can compare whole playthroughs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .dice import DiceSpec, app_roll, parse_spec, parse_table_faces
from .steps import Ask, InvalidAnswer, Msg, Roll, Say

NO_ANSWER = object()  # what a source returns when it cannot answer


@dataclass
class Record:
    """One answer or roll of a step, as stored in the save."""

    id: str
    value: Any
    source: str  # "table" (typed, prompted), "phone" (typed on a seat's phone), "answers" (file, flag), "app" (app dice)

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "value": self.value, "source": self.source}

    @staticmethod
    def from_data(data: dict[str, Any]) -> "Record":
        return Record(str(data["id"]), data["value"], str(data.get("source", "table")))


@dataclass
class Event:
    """A line of the transcript."""

    kind: str  # say | ask | roll
    msg: Msg | None
    id: str = ""
    value: Any = None
    source: str = ""
    style: str = "info"
    replayed: bool = False
    labels: tuple = ()  # the labels (Msg) of the chosen answers, for questions with choices

    def to_data(self) -> dict[str, Any]:
        """The event as plain data for the journal (what the table was told, asked and rolled at that step)."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.msg is not None:
            data["msg"] = self.msg.to_data()
        if self.kind == "say":
            data["style"] = self.style
        else:
            data.update(id=self.id, value=self.value, source=self.source)
            if self.labels:
                data["labels"] = [m.to_data() for m in self.labels]
        return data

    @staticmethod
    def from_data(data: dict[str, Any]) -> "Event":
        msg = Msg.from_data(data["msg"]) if isinstance(data.get("msg"), dict) else None
        labels = tuple(Msg.from_data(m) for m in data.get("labels", ()) if isinstance(m, dict))
        return Event(str(data.get("kind", "say")), msg, id=str(data.get("id", "")), value=data.get("value"),
                     source=str(data.get("source", "")), style=str(data.get("style", "info")), labels=labels)


class AnswerSource(Protocol):
    def answer(self, ask: Ask) -> tuple[Any, str] | object:
        """Return (raw answer, source) or NO_ANSWER."""

    def table_dice(self, roll: Roll, spec: DiceSpec) -> tuple[Any, str] | object:
        """Return (faces, source) typed by the table, or NO_ANSWER."""


class NoAnswers:
    def answer(self, ask: Ask):
        return NO_ANSWER

    def table_dice(self, roll: Roll, spec: DiceSpec):
        return NO_ANSWER


class ReplayMismatch(Exception):
    """A recorded answer belongs to a different question: the save and the rules disagree.

    ``str()`` is the English detail (logs, tests); ``msg`` is the same detail as a message for the table."""

    def __init__(self, text: str, message: Msg):
        super().__init__(text)
        self.msg = message


class BadAnswer(Exception):
    """A scripted answer that does not fit its question."""

    def __init__(self, ask_id: str, value: Any, problem: Msg):
        super().__init__(ask_id)
        self.ask_id = ask_id
        self.value = value
        self.problem = problem


@dataclass
class RunResult:
    done: bool
    transcript: list[Event] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)
    pending: Ask | Roll | None = None
    result: Any = None

    @property
    def pending_id(self) -> str | None:
        return None if self.pending is None else self.pending.id


@dataclass
class DiceContext:
    seed: int
    step: int
    mode: str = "app"  # app | table


def run(
    procedure,
    source: AnswerSource | None = None,
    recorded: list[Record] | None = None,
    dice: DiceContext | None = None,
    on_record: Callable[[Record], None] | None = None,
    on_event: Callable[[Event], None] | None = None,
) -> RunResult:
    """Drive ``procedure`` to its end or to the first unanswered question."""
    source = source or NoAnswers()
    start_step = getattr(source, "start_step", None)
    if start_step is not None:
        start_step()
    dice = dice or DiceContext(seed=0, step=0)
    replay = list(recorded or [])
    out = RunResult(done=False)
    occurrences: dict[str, int] = {}
    to_send: Any = None

    def emit(event: Event) -> None:
        out.transcript.append(event)
        if on_event is not None:
            on_event(event)

    def keep(record: Record) -> None:
        out.records.append(record)
        if on_record is not None:
            on_record(record)

    while True:
        try:
            step = procedure.send(to_send)
        except StopIteration as stop:
            if replay:
                raise ReplayMismatch(f"{len(replay)} recorded answer(s) left over after the step ended",
                                     Msg("core.replay.left_over", {"n": len(replay)}))
            out.done = True
            out.result = stop.value
            return out
        replaying = bool(replay)
        if isinstance(step, Say):
            emit(Event("say", step.msg, style=step.style, replayed=replaying))
            to_send = None
        elif isinstance(step, Ask):
            if replay:
                rec = replay.pop(0)
                if rec.id != step.id:
                    raise ReplayMismatch(f"recorded answer for {rec.id!r} but the step asks {step.id!r}",
                                         Msg("core.replay.other_question", {"recorded": rec.id, "asked": step.id}))
                try:
                    value = step.normalise(rec.value)
                except (InvalidAnswer, TypeError, ValueError):
                    raise ReplayMismatch(f"the recorded answer {rec.value!r} does not fit the question {step.id!r}",
                                         Msg("core.replay.answer_does_not_fit", {"value": str(rec.value), "id": step.id})) from None
                out.records.append(rec)
            else:
                got = source.answer(step)
                if got is NO_ANSWER:
                    out.pending = step
                    return out
                raw, src = got
                try:
                    value = step.normalise(raw)
                except InvalidAnswer as bad:
                    raise BadAnswer(step.id, raw, bad.msg) from None
                keep(Record(step.id, value, src))
            chosen = value if isinstance(value, list) else [value]
            labels = tuple(c.label for c in step.choices if c.value in chosen)
            emit(Event("ask", step.msg, id=step.id, value=value, source=out.records[-1].source, replayed=replaying, labels=labels))
            to_send = value
        elif isinstance(step, Roll):
            spec = parse_spec(step.dice)
            n = occurrences.get(step.id, 0)
            occurrences[step.id] = n + 1
            if replay:
                rec = replay.pop(0)
                if rec.id != step.id:
                    raise ReplayMismatch(f"recorded roll for {rec.id!r} but the step rolls {step.id!r}",
                                         Msg("core.replay.other_roll", {"recorded": rec.id, "rolled": step.id}))
                try:
                    faces = parse_table_faces(spec, rec.value)
                except (InvalidAnswer, TypeError, ValueError):
                    raise ReplayMismatch(f"the recorded roll {rec.value!r} does not fit {step.id!r} ({step.dice})",
                                         Msg("core.replay.roll_does_not_fit", {"value": str(rec.value), "id": step.id, "dice": str(step.dice)})) from None
                out.records.append(rec)
            elif dice.mode == "app":
                faces = app_roll(spec, dice.seed, dice.step, step.id, n)
                keep(Record(step.id, faces, "app"))
            else:
                got = source.table_dice(step, spec)
                if got is NO_ANSWER:
                    out.pending = step
                    return out
                raw, src = got
                try:
                    faces = parse_table_faces(spec, raw)
                except InvalidAnswer as bad:
                    raise BadAnswer(step.id, raw, bad.msg) from None
                keep(Record(step.id, faces, "table"))
            shown = tuple(step.shown[f - 1] for f in faces) if step.shown else ()
            emit(Event("roll", step.msg, id=step.id, value=faces, source=out.records[-1].source, replayed=replaying,
                       labels=shown))
            to_send = faces
        else:
            raise TypeError(f"a procedure yielded {step!r}; expected Say, Ask or Roll")


class ScriptedAnswers:
    """Answers from a mapping of question id to answer.

    A list value answers successive asks of the same id in order (except for
    questions that themselves take a list, where a list of lists does that).
    A single value answers its id at most once per step (every step may use
    it again), so a step that asks the same question again is not answered
    forever by the same scripted value.
    """

    def __init__(self, answers: dict[str, Any], source: str = "answers"):
        self._answers = dict(answers)
        self._used: dict[str, int] = {}
        self._used_in_step: set[str] = set()
        self.served: dict[str, int] = {}  # a single answer's id → how many steps it answered (no new information)
        self._source = source
        self.asked: set[str] = set()  # every id a question or roll asked (answered or not): what is left is stale

    def most_served(self) -> tuple[str, int]:
        """The single answer (not a list) that answered the most steps, with that number; ("", 0) if none did."""
        return max(self.served.items(), key=lambda kv: kv[1], default=("", 0))

    def unused(self) -> list[str]:
        """The ids given that no question asked (a misspelt or stale id), in the order given."""
        return [key for key in self._answers if key not in self.asked]

    def start_step(self) -> None:
        self._used_in_step.clear()

    def _next(self, key: str, takes_list: bool):
        self.asked.add(key)
        if key not in self._answers:
            return NO_ANSWER
        value = self._answers[key]
        sequence = isinstance(value, list) and (not takes_list or (value and isinstance(value[0], list)))
        if not sequence:
            if key in self._used_in_step:
                return NO_ANSWER
            self._used_in_step.add(key)
            self.served[key] = self.served.get(key, 0) + 1
            return value, self._source
        i = self._used.get(key, 0)
        if i >= len(value):
            return NO_ANSWER
        self._used[key] = i + 1
        return value[i], self._source

    def answer(self, ask: Ask):
        from .steps import SEVERAL_OF

        return self._next(ask.id, ask.kind == SEVERAL_OF)

    def table_dice(self, roll: Roll, spec: DiceSpec):
        got = self._next(roll.id, True)
        if got is NO_ANSWER:
            return got
        return got[0], "table"


class ChainedSource:
    """Ask each source in turn; the first that answers wins."""

    def __init__(self, *sources: AnswerSource):
        self.sources = sources

    def start_step(self) -> None:
        for s in self.sources:
            hook = getattr(s, "start_step", None)
            if hook is not None:
                hook()

    def answer(self, ask: Ask):
        for s in self.sources:
            got = s.answer(ask)
            if got is not NO_ANSWER:
                return got
        return NO_ANSWER

    def table_dice(self, roll: Roll, spec: DiceSpec):
        for s in self.sources:
            got = s.table_dice(roll, spec)
            if got is not NO_ANSWER:
                return got
        return NO_ANSWER
