"""Running an owner's transcription (``toc mat NAME --edit``, ``toc priority --edit``) so that nothing is lost.

Every answer is written, as it is given, to a draft file beside the owner's overrides
(``$TABLETOP_HOME/overrides/drafts/toc-<what>.toml``, one table ``answers``: question id → value),
each time atomically (state/atomic.py). A re-run of the same command finds the draft and replays its
answers (each checked again by its question; one that no longer fits is asked again), so a
transcription interrupted by Ctrl-C or a closed terminal resumes where it stopped. ``--restart``
throws the draft away. The owner file ``overrides/toc.toml`` is written only once, at the end, whole
and atomically, after the values have been validated by the data loader; then the draft is removed.

Answers are taken from ``--answer`` / ``--answers`` first, then the draft, then the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..commands.env import CliError, Exit
from .overrides import save_overrides


@dataclass
class Transcribed:
    """What a finished transcription gives back: the procedure's result and how many answers it took."""

    result: Any
    answers: int
    resumed: int


def draft_path(what: str) -> Path:
    from state import paths

    return paths.home() / "overrides" / "drafts" / f"toc-{what}.toml"


def read_draft(path: Path) -> dict[str, Any]:
    """The answers kept in a draft; an unreadable draft counts as none (it only ever saves typing)."""
    import tomllib

    from ..commands.env import read_input_file

    try:  # the guarded reader: a FIFO or a device put there is never waited for
        data = tomllib.loads(read_input_file(path).decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):  # TOMLDecodeError is a ValueError
        return {}
    answers = data.get("answers")
    return dict(answers) if isinstance(answers, dict) else {}


def write_draft(path: Path, answers: dict[str, Any], command: str) -> None:
    import tomli_w

    from state.atomic import write_atomic

    write_atomic(path, tomli_w.dumps({"command": command, "answers": answers}), backup=False)


class DraftAnswers:
    """An answer source from a draft: an answer is used only while its question still takes it."""

    def __init__(self, answers: dict[str, Any]):
        self.answers = answers
        self.used = 0

    def answer(self, ask):
        from automata.core.runner import NO_ANSWER
        from automata.core.steps import InvalidAnswer

        if ask.id not in self.answers:
            return NO_ANSWER
        value = self.answers[ask.id]
        try:
            ask.normalise(value)
        except InvalidAnswer:
            del self.answers[ask.id]  # no longer fits (the data changed): ask it again
            return NO_ANSWER
        self.used += 1
        return value, "answers"

    def table_dice(self, roll, spec):
        from automata.core.runner import NO_ANSWER

        return NO_ANSWER


def transcribe(env, what: str, procedure, command: str, restart: bool = False,
               intro: Callable[[], None] | None = None) -> Transcribed:
    """Run ``procedure`` (a generator of ``Ask``) with the draft kept for ``what``; raise CliError when it stops.

    The caller validates and saves the result, then calls ``finish(what)``.
    """
    from automata.core.runner import BadAnswer, ChainedSource, run

    from ..inplay.answers import scripted_answers
    from ..terminal.render import bad_answer_error, pending_help, show_event

    path = draft_path(what)
    if restart and path.exists():
        path.unlink()
    kept = read_draft(path)
    draft = DraftAnswers(dict(kept))
    interactive = env.interactive() and not env.json
    source: Any = ChainedSource(scripted_answers(env), draft)
    if interactive:
        from ..terminal.prompter import TerminalPrompter

        source = ChainedSource(source, TerminalPrompter(env.t))
    if not env.json:
        if intro is not None:
            intro()
        if kept:
            env.out.print("[yellow]" + env.t("toc.transcribe.resuming", n=len(kept), command=f"{command} --restart") + "[/yellow]")
    answers = dict(draft.answers)

    def on_record(record) -> None:
        if answers.get(record.id) != record.value:
            answers[record.id] = record.value
            write_draft(path, answers, command)

    def on_event(event) -> None:
        if not env.json:
            show_event(env.out, env.t, event, interactive)

    try:
        result = run(procedure, source, on_record=on_record, on_event=on_event)
    except BadAnswer as bad:
        raise bad_answer_error(env, bad) from None
    except KeyboardInterrupt:
        stop_interrupted(env, what, command)
    if result.pending is not None:
        help_ = pending_help(env.t, result.pending)
        text = env.t("core.pending.stopped", id=help_["id"], question=help_["question"], valid=help_["valid"])
        how = env.t("toc.transcribe.how", id=help_["id"], command=command)
        if answers:
            how += " " + env.t("toc.transcribe.kept", n=len(answers), path=str(path))
        raise CliError(f"{text}\n{how}", Exit.USAGE,
                       {"error": "unanswered", "id": help_["id"], "pending": {**help_, "how": how}, "saved": False,
                        "draft": str(path) if answers else "", "kept": len(answers)})
    return Transcribed(result.result, len(result.records), draft.used)


def stop_interrupted(env, what: str, command: str):
    """Ctrl-C or a closed terminal: say what is kept (the draft) and exit 130; the owner file is untouched."""
    import typer

    path = draft_path(what)
    kept = read_draft(path)
    if kept:
        env.err.print(env.t("toc.transcribe.interrupted", n=len(kept), path=str(path), command=command))
    else:
        env.err.print(env.t("toc.transcribe.interrupted_empty"))
    raise typer.Exit(int(Exit.INTERRUPTED))


def save_and_finish(env, what: str, command: str, values: dict):
    """Write the transcribed ``values`` into the owner file (validated, in place, atomically); then the draft goes.
    Interrupted, the draft stays."""
    try:
        path = save_overrides(env, values, command)
    except KeyboardInterrupt:
        stop_interrupted(env, what, command)
    finish(what)
    return path


def finish(what: str) -> None:
    """The transcription is saved: its draft goes."""
    path = draft_path(what)
    if path.exists():
        path.unlink()
