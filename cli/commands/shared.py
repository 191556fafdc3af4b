"""The commands every game shares: play, status, log, undo, games, history, stats, use, data check."""


import importlib
from typing import Optional

import typer

from . import complete
from .env import CliError, Exit, current
from ..gamecli import game_cli, ids_text, optional

# Everything else is imported inside the commands, so that start-up stays fast.
# The commands are registered on ``core`` and ``data_app``, which cli/main.py adds to the root (this module does not
# import cli.main: no import circle).

core = typer.Typer()
data_app = typer.Typer(no_args_is_help=True, help="Game data: what is provisional and how to replace it.")


@core.command()
def play(
    steps: Optional[int] = typer.Option(None, "--steps", min=1, help="Stop after this many completed steps."),
) -> None:
    """Walk the current game forward: setup, phases and bot turns, asking only what the program cannot know."""
    run_steps(current(), steps)


#: Without a terminal, one 'play' stops after this many steps: an answer given once is reused by every later
#: step that asks the same question, and an always-legal answer ("end the turn") could otherwise play forever.
UNATTENDED_STEPS = 2000

#: Without a terminal, one 'play' also stops (between steps) once a single answer (not a list) has answered its
#: question in this many steps: past that it drives the game round after round with nothing new from the table
#: (Radlands queues only: 'played' once a turn, so five rounds), where the step cap above took minutes.
UNATTENDED_REUSES = 10


class _Reused(Exception):
    """Raised between steps (the step before is complete and saved) when one answer served UNATTENDED_REUSES steps."""


def run_steps(env, steps: int | None = None, apply_step: dict | None = None, game_id: str = "", not_this_game: str = "") -> None:
    """Play the current game (``steps`` at most), or, with ``apply_step``, play that one step out of turn (a
    helper command that changes the save: it is journalled like any step, so undo takes it back).

    At the end, answers given (``--answer``, ``--answers``) whose ids no question of this run asked are named on
    one line of stderr (a misspelt or stale id; issue 23); the exit code is the run's."""
    used: dict = {"here": set(), "quiet": False}
    try:
        while True:  # a seat's question handed to its phone (cli/phones/phonewait.py): wait outside the lock, go on
            from ..phones.phonewait import HandedToPhone

            try:
                _run_steps(env, steps, apply_step, game_id, not_this_game, used)
                break
            except HandedToPhone as handed:
                apply_step = _after_phone(env, handed, used, apply_step)
    except typer.Exit:
        _say_unused(env, used.get("answers"))
        raise
    _say_unused(env, used.get("answers"))


def _after_phone(env, handed, used: dict, apply_step):
    """Wait for the phone (or take the question back here); the next round of 'play' resumes the step."""
    from state import paths

    from . import saves
    from ..phones.phonewait import show_answered, wait_for_phone

    folder = paths.game_dir(saves.resolve_name(env))
    game_id = saves.open_session(env, saves.resolve_name(env)).save.game
    if wait_for_phone(env, folder, game_id, handed):
        show_answered(env, folder, handed, game_id)
        used["quiet"] = True  # the step's lines already shown are not repeated when it resumes
    else:
        used["here"].add(handed.ask.id)
    return None  # a helper's step, once begun, is the step in progress: 'play' resumes it


def _say_unused(env, answers) -> None:
    unused = answers.unused() if answers is not None else []
    if unused:
        from rich.markup import escape

        env.err.print(escape(env.t("core.play.unused_answers", n=len(unused), ids=", ".join(unused))), soft_wrap=True)


def _run_steps(env, steps, apply_step, game_id, not_this_game, used: dict) -> None:
    from automata.core.runner import BadAnswer, ChainedSource
    from state.session import StepInProgress

    from . import saves
    from ..inplay.answers import scripted_answers
    from ..terminal.render import bad_answer_error, event_json, pending_help, show_event

    name = saves.resolve_name(env)
    interactive = env.interactive() and not env.json
    events: list = []
    with saves.locked(env, name):
        session = saves.open_session(env, name)
        source = scripted_answers(env)  # a choice may be named by its label in the table's language
        used["answers"] = source.inner
        if interactive:
            from ..terminal.prompter import TerminalPrompter

            from ..corrections.fixat import FixAtQuestion
            from ..rules.at_table import RuleHelp  # '?' at a question shows its rule, '!' corrects; then asks again

            from ..phones.phonewait import PhoneSeats

            phones = PhoneSeats(session, used["here"])
            prompter = TerminalPrompter(env.t)
            prompter.watch = phones.watch  # a seat's page that opens while its question is asked here takes it
            source = ChainedSource(source, phones,
                                   RuleHelp(prompter, env, session.save.game,
                                                    lambda: (session.save.pending or {}).get("step"),
                                                    FixAtQuestion(env, session)))
        # after a correction at a question, or a phone's answer, the step's lines already shown are not repeated
        quiet = {"replayed": used.get("quiet", False)}

        def on_event(event) -> None:
            if quiet["replayed"] and event.replayed:
                return
            if env.json:
                events.append(event)
            else:
                show_event(env.out, env.t, event, interactive, env.explain)

        if game_id and session.save.game != game_id:
            raise CliError(env.t(not_this_game, name=name, game=session.save.game), Exit.FAILURE)
        try:
            session.save.journal()  # a damaged journal stops the game before anything is played or written
            if apply_step is not None:
                result = _correctable(lambda: session.apply(apply_step, source, env.dice, on_event),
                                      lambda: session.play(source, env.dice, on_event, 1), quiet)
            else:
                pending = session.save.pending
                if pending and pending.get("records") and not env.json and not quiet["replayed"]:
                    label = env.t.render(saves.guarded(session, session.game.step_label, pending["step"]))
                    env.out.print(f"[dim]{env.t('core.play.resume', step=label, n=len(pending['records']))}[/dim]")
                if saves.guarded(session, session.game.next_step, session.save.state) is None and session.save.pending is None:
                    _finished(env, session, events, 0)
                    return
                cap = steps if steps is not None or interactive else UNATTENDED_STEPS
                # issue 11: at a terminal only, a game may pause after a step (a bot's turn) until the table catches up;
                # the pause is no question: not journalled, never waited for off-terminal
                after = optional(session.save.game, "after_step") if interactive else None
                on_step = (lambda step: after(env, session, step)) if after is not None else None
                done = {"n": 0}

                reuses = UNATTENDED_REUSES if steps is None and not interactive else None
                served: dict = {}

                def counted(step) -> None:
                    done["n"] += 1
                    if on_step is not None:
                        on_step(step)
                    if reuses is not None:
                        key, n = used["answers"].most_served()
                        if n >= reuses:
                            served.update(id=key, n=n)
                            raise _Reused

                def again():  # the steps completed before a correction still count against the cap
                    from state.session import PlayResult

                    rest = None if cap is None else cap - done["n"]
                    if rest is not None and rest <= 0:
                        return PlayResult(0, False)
                    try:
                        return session.play(source, env.dice, on_event, rest, counted)
                    except _Reused:
                        return PlayResult(done["n"], saves.guarded(session, session.game.next_step, session.save.state) is None)

                result = _correctable(again, again, quiet)
                result.steps_done = done["n"]
                if served and not result.finished:
                    env.err.print(env.t("core.play.reuse_cap", n=done["n"], id=served["id"], k=served["n"]))
                elif steps is None and not interactive and not result.finished and result.pending is None:
                    env.err.print(env.t("core.play.step_cap", n=cap))  # the answers given keep the game going
        except StepInProgress as busy:
            step = env.t.render(session.game.step_label(busy.step))
            raise CliError(env.t("core.error.step_in_progress", step=step, n=busy.answers), Exit.FAILURE) from None
        except BadAnswer as bad:
            raise bad_answer_error(env, bad) from None
        except saves.SaveError as e:
            raise saves.save_error(env, e) from None
    if apply_step is not None and result.pending is None:
        if env.json:
            env.emit_json({"ok": True, "game": name, "steps_done": result.steps_done,
                           "transcript": [event_json(env.t, e) for e in events]})
        return
    if result.pending is not None:
        help_ = pending_help(env.t, result.pending)
        if env.json:
            env.emit_json({"ok": False, "game": name, "steps_done": result.steps_done, "finished": False,
                           "pending": help_, "transcript": [event_json(env.t, e) for e in events]})
        else:
            env.err.print(env.t("core.pending.stopped", id=help_["id"], question=help_["question"], valid=help_["valid"]))
            env.err.print(help_["how"])
        raise typer.Exit(int(Exit.USAGE))
    if result.finished:
        _finished(env, session, events, result.steps_done)
    elif env.json:
        env.emit_json({"ok": True, "game": name, "steps_done": result.steps_done, "finished": False,
                       "transcript": [event_json(env.t, e) for e in events]})


def _correctable(first, again, quiet):
    """Run ``first``; when a correction is journalled at a question ('!', cli/corrections/fixat.py), the step in progress
    resumes from the corrected values (``again``) and asks the same question again."""
    from ..corrections.fixat import Corrected

    play = first
    while True:
        try:
            return play()
        except Corrected:
            quiet["replayed"] = True
            play = again


def _finished(env, session, events, steps_done: int) -> None:
    from . import saves
    from ..inplay.clock import clock_data, show_clock
    from ..terminal.render import event_json

    if env.json:
        env.emit_json({"ok": True, "game": session.save.name, "steps_done": steps_done, "finished": True,
                       "clock": saves.guarded(session, clock_data, session.save),
                       "transcript": [event_json(env.t, e) for e in events]})
    else:
        saves.guarded(session, game_cli(session.save.game).show_summary, env, session)  # issue 14: the end-of-game summary
        saves.guarded(session, show_clock, env, session.save)  # how long the game took, and each seat (issue 24)
        env.out.print(env.t("core.play.over", name=session.save.name))


@core.command()
def status() -> None:
    """Show the current game: where it stands and the board the program keeps."""
    from . import saves

    from ..inplay.clock import clock_data, show_clock

    env = current()
    session = saves.open_session(env)
    from ..inplay import ineffectview

    if env.json:
        env.json_extra["clock"] = saves.guarded(session, clock_data, session.save)
        # who started, as history and export read it (automata/core/seats.py; "" before the game decided it)
        env.json_extra["start_seat"] = saves.guarded(session, _start_seat, session.save) or ""
        # what is in effect and the table's reminders (issue 39)
        env.json_extra.update(saves.guarded(session, ineffectview.data, env.t, session.save.game, session.save.state))
        saves.guarded(session, game_cli(session.save.game).show_status, env, session)
        return
    from ..terminal.pager import paged

    def show() -> None:
        saves.guarded(session, game_cli(session.save.game).show_status, env, session)
        saves.guarded(session, ineffectview.show, env, session)  # what is in effect, the reminders (issue 39)
        saves.guarded(session, show_clock, env, session.save)  # game time and each seat's (issue 24)

    paged(env, show, picture=True)  # a status taller than the terminal goes to the pager; piped, it wraps


@core.command()
def log(
    last: Optional[int] = typer.Option(None, "--last", min=1, help="Only the last N entries."),
    raw: bool = typer.Option(False, "--raw", help="Answers as question ids and values instead of plain words."),
) -> None:
    """Tell what happened, step by step (with --explain, the rule behind each decision)."""
    from automata.core.steps import Msg

    from . import saves
    from ..inplay.logview import entry_label, entry_lines, why_lines
    from ..terminal.render import answer_text

    env = current()
    session = saves.open_session(env)
    try:
        journal = session.save.journal()
    except saves.SaveError as e:
        raise saves.save_error(env, e) from None
    entries = journal[-last:] if last else journal
    from state import undotrail

    first = entries[0].get("n", 1) if entries else len(journal) + 1
    trail = [u for u in undotrail.read(session.save.folder) if first - 1 <= u["to"] <= len(journal)]
    undone = [{"at": u["at"], "when": _when(u["at"]), "after": u["to"], "n": u["from"] - u["to"],
               "labels": [env.t.render(Msg.from_data(x)) for x in u["labels"]]} for u in trail]
    from state.clock import answer_waits, break_after

    pending = session.save.pending if isinstance(session.save.pending, dict) else None
    # who answered, when, and the seconds that counted to that seat: the seats' clocks (state/clock.py), the step in
    # progress's answers last, as the clocks count them
    waits = answer_waits(journal + ([pending] if pending else []), break_after(session.save.settings))
    in_progress = None
    if pending and pending.get("records"):
        in_progress = {"label": env.t.render(session.game.step_label(pending["step"])),
                       "records": _answers(pending, waits[-1])}
    waits = waits[len(journal) - len(entries):len(journal)]
    rows = []
    for entry, waited in zip(entries, waits):
        answers = _answers(entry, waited)
        why = why_lines(env.t, entry)
        told = [text for _, text in entry_lines(env.t, entry)] if entry.get("told") else []
        row = {"n": entry.get("n"), "label": entry_label(env.t, entry), "records": answers, "why": why,
               "told": told, "lines": entry_lines(env.t, entry, env.explain)}
        for key in ("started", "ended"):  # the entry's time stamps (state/clock.py), when it has them
            if isinstance(entry.get(key), str):
                row[key] = entry[key]
        if isinstance(entry.get("fixed"), list):  # a correction (tabletop fix): each value before and after
            row["corrections"] = entry["fixed"]
        rows.append(row)
    if env.json:
        from ..inplay.clock import clock_data

        env.emit_json({"ok": True, "game": session.save.name,
                       "entries": [{k: v for k, v in row.items() if k != "lines"} for row in rows], "undone": undone,
                       "clock": saves.guarded(session, clock_data, session.save),
                       **({"in_progress": in_progress} if in_progress else {})})
        return
    if not rows and not undone:
        env.out.print(env.t("core.log.empty"))
        return
    from rich.markup import escape

    from ..terminal.render import STYLES, print_hanging

    def rewound(after: int) -> None:
        for u in undone:
            if u["after"] == after:
                text = env.t("core.log.undone", n=u["n"], when=u["when"], labels="; ".join(u["labels"]))
                print_hanging(env.out, "      " + text, "yellow")
                env.out.print()

    def show() -> None:
        rewound(first - 1)
        for row in rows:
            env.out.print(f"[bold]{row['n']:>4}  {escape(row['label'])}[/bold]")
            if raw:
                for r in row["records"]:
                    env.out.print(f"      [dim]{escape(r['id'])} = {escape(answer_text(env.t, r['value']))} "
                                  f"({env.t('core.source.' + r['source'])})[/dim]")
                if env.explain:
                    for w in row["why"]:
                        env.out.print(f"      [italic]⚖ {escape(w)}[/italic]")
                rewound(row["n"])
                continue
            for style, text in row["lines"]:
                look = STYLES.get(style, "dim" if style in ("ask", "roll") else "")
                # wrapped lines line up after the entry's indent and its lead ("→ ", "? "), as play shows them
                print_hanging(env.out, "      " + text, look)
            env.out.print()
            rewound(row["n"])

    from ..terminal.pager import paged

    paged(env, show)  # at a terminal, a log taller than the screen goes through the pager


def _start_seat(save) -> str | None:
    from automata.core.seats import start_seat

    return start_seat(save.game, save.state)


def _answers(entry: dict, waits: list[int]) -> list[dict]:
    """A journal entry's (or the step in progress's) answers as `log --json` gives them: id, value, source, and when
    given (``at``), by which seat (``seat``) and the seconds counted to it (``wait``)."""
    out = []
    for r, wait in zip(entry.get("records", []), waits):
        answer = {"id": r["id"], "value": r["value"], "source": r.get("source", ""), "wait": wait}
        answer.update({k: r[k] for k in ("at", "seat") if isinstance(r.get(k), str)})
        out.append(answer)
    return out


def _when(at: str) -> str:
    """An undo's time as the table reads it ("2026-12-04 20:10 UTC"); what cannot be read is shown as it is."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(at).strftime("%Y-%m-%d %H:%M UTC")
    except ValueError:
        return at


@core.command()
def undo(n: int = typer.Argument(1, min=0, help="How many journal entries to take back (0: only restart the step in progress).")) -> None:
    """Take back the last N steps. Dice are never re-rolled: a redone step gets the same dice."""
    from automata.core.steps import Msg

    from . import saves

    env = current()
    name = saves.resolve_name(env)
    with saves.locked(env, name):
        session = saves.open_session(env, name)
        try:
            available = session.save.journal_length
            if n > available:
                raise CliError(env.t("core.error.undo_too_far", n=n, available=available))
            dropped = session.undo(n)
        except saves.SaveError as e:
            raise saves.save_error(env, e) from None
        if dropped:  # the trail 'log' shows: the history was rewound here (state/undotrail.py)
            from state import undotrail

            try:
                undotrail.record(session.save.folder, available, session.save.journal_length,
                                 [e["label"] for e in dropped])
            except OSError:
                pass  # the undo is done and saved; only its trace in 'log' is missing
    labels = [env.t.render(Msg.from_data(e["label"])) for e in dropped]
    if env.json:
        env.emit_json({"ok": True, "game": name, "undone": labels, "journal_length": session.save.journal_length})
        return
    env.out.print(env.t("core.undo.done", n=len(dropped), name=name))
    for label in labels:
        env.out.print(f"  - {label}")


@core.command()
def games() -> None:
    """List the saved games; the current one is marked."""
    from state import paths

    from . import saves

    env = current()
    names = saves.list_names()
    cur = saves.current_name()
    rows = []
    for name in names:
        try:
            session = saves.open_session(env, name)
            s = session.save
            rows.append({"name": name, "game": s.game, "steps": s.journal_length, "created": s.created, "current": name == cur})
        except CliError as e:  # the game a damaged save still names, as history reads it (state/summary.py)
            from state.summary import game_of

            rows.append({"name": name, "game": game_of(paths.game_dir(name)) or "?", "steps": 0, "created": "",
                         "current": name == cur, "error": e.text})
    for r in rows:  # a damaged save shows the one command that puts its last sound backup back
        if "error" in r and saves.os_lexists(paths.game_dir(r["name"]) / "save.toml.bak"):
            r["restore"] = f"tabletop restore {r['name']}"
    if env.json:
        env.emit_json({"ok": True, "games": rows})
        return
    if not rows:
        env.out.print(env.t("core.error.no_games"))
    from rich.markup import escape

    from ..aftergame.played import date_text

    # columns as wide as their longest entry, the date as history says it: a line fits 60 columns (the ISO stamp and
    # a 20-column name made every line wrap there)
    wide = {key: max(len(str(r[key])) for r in rows) for key in ("name", "game")} if rows else {}
    steps = [env.t("core.games.steps", n=r["steps"]) for r in rows]
    wide_steps = max(map(len, steps), default=0)
    for r, said in zip(rows, steps):
        mark = "*" if r["current"] else " "
        extra = f"  [red]{escape(r['error'])}[/red]" if "error" in r else ""
        if "restore" in r:
            extra += f"\n    [bold]{escape(env.t('core.games.restore', name=r['name']))}[/bold]"
        line = f"{r['name']:<{wide['name']}}  {r['game']:<{wide['game']}}  {said:<{wide_steps}}  {date_text(r['created'])}"
        env.out.print(f"{mark} {escape(line.rstrip())}{extra}")


@core.command()
def history(
    finished: bool = typer.Option(False, "--finished", help="Only the finished games."),
) -> None:
    """Every saved game, newest first: date, game, options, seats, result, scores, time (--game GAME: one game's;
    --game NAME: one save). Changes no file."""
    from ..aftergame.history import run

    run(current(), finished)


@core.command()
def stats(game: Optional[str] = typer.Argument(None, help=f"{ids_text(' or ')} (default: every game).",
                                              autocompletion=complete.game_names)) -> None:
    """What the finished games say: plays, wins of the humans and of each bot, scores, factions, time. Changes no file."""
    from ..aftergame.stats import run

    run(current(), game)


@core.command()
def restore(name: Optional[str] = typer.Argument(None, help="The save to restore (default: the current one).",
                                         autocompletion=complete.save_names)) -> None:
    """Rebuild a damaged save from its newest sound source, keeping every step a sound file holds."""
    from state import paths
    from state.restore import restore as rebuild
    from state.save import SaveError, read

    from . import saves

    env = current()
    if name is not None:
        env.game = name
    name = saves.resolve_name(env)
    folder = paths.game_dir(name)
    with saves.locked(env, name):
        try:
            read(folder)
        except SaveError:
            pass  # damaged: its backup is what this command is for
        else:
            raise CliError(env.t("core.error.restore_not_damaged", name=name), Exit.USAGE, {"error": "not_damaged"})
        try:
            done = rebuild(folder)
        except SaveError as e:
            where = f"{e.path}:{e.line}" if e.line else str(e.path)
            raise CliError(env.t("core.error.restore_bad_backup", where=where, name=name, problem=env.t.render(e.problem)),
                           Exit.FAILURE, {"error": "bad_backup", "file": str(e.path), "problem_id": e.problem.id}) from None
        except OSError as e:
            from state.save import os_problem

            raise CliError(env.t("core.error.restore_failed", name=name, problem=os_problem(e)), Exit.FAILURE,
                           {"error": "restore_failed"}) from None
    from .restoreview import report

    report(env, name, done)


@core.command()
def use(name: str = typer.Argument(..., help="The save to make current.", autocompletion=complete.save_names)) -> None:
    """Make NAME the current game."""
    from . import saves

    env = current()
    env.game = name
    resolved = saves.resolve_name(env)
    saves.set_current(resolved)
    if env.json:
        env.emit_json({"ok": True, "current": resolved})
    else:
        env.out.print(env.t("core.use.done", name=resolved))


@core.command()
def serve(
    port: int = typer.Option(8765, "--port", min=0, max=65535, help="The port to listen on (0: any free port)."),
    lan: bool = typer.Option(False, "--lan", help="Listen on the local network (default: this computer only) and "
                             "print the address with a QR code for the phones."),
) -> None:
    """Show the current game live on every phone at the table; each player answers their own questions on their own
    page (Ctrl-C stops it)."""
    from ..phones.startup import run

    run(current(), port, lan)


@core.command()
def rules(
    game: Optional[str] = typer.Argument(None, help=f"{ids_text(' or ')} (default: the current game's step in progress).",
                                         autocompletion=complete.game_names),
    words: Optional[list[str]] = typer.Argument(None, help="Words in English or Portuguese: a topic, a card, a component."),
) -> None:
    """Look up a rule or a card: the topics of a game in the order of play, or the one your words name."""
    from ..terminal.pager import paged
    from ..rules.command import run

    env = current()
    paged(env, lambda: run(env, game, list(words or [])))


@data_app.command("check")
def data_check(game: Optional[str] = typer.Argument(None, help="Only this game.")) -> None:
    """List every provisional or unconfirmed value and where to replace it with what your components print."""
    from automata.core.games import GAMES, UnknownGame, find_game

    from state import paths

    from . import saves

    env = current()
    if game:
        try:
            infos = [find_game(game)]
        except UnknownGame as e:
            raise CliError(env.t("core.error.unknown_game", name=game, valid=", ".join(g.id for g in GAMES), close=", ".join(e.close)))
    else:
        infos = [g for g in GAMES if g.available]
    report = []
    for info in infos:
        if not info.available:
            raise CliError(env.t("core.error.game_unavailable", name=info.name))
        data = importlib.import_module(info.module.rsplit(".", 1)[0] + ".data")
        override = paths.overrides_file(info.id)
        try:
            items = data.provisional_items(data.load(saves.read_overrides(env, info.id) or None))
        except data.DataError as e:
            raise CliError(env.t("core.error.override", path=str(override), problem=e.msg.to_data()), Exit.FAILURE) from None
        report.append({"game": info.id, "override_file": str(override), "items": items})
    from rich.markup import escape

    from ..words.datanotes import Notes
    from ..terminal.render import print_item

    from ..words.datalegend import legend

    notes = Notes(env.t)  # the notes in the table's language; "key", "value", "confidence", "note" stay as the data has them
    every = [item for r in report for item in r["items"]]
    key = legend(env.t, [item.get("note", "") for item in every], [notes.confidence(item["confidence"]) for item in every])
    if env.json:
        for item in every:
            item["note_text"] = notes.note(item.get("note", ""))
        env.emit_json({"ok": True, "games": report, "legend": key})
        return
    for r in report:
        env.out.print(env.t("core.data.header", game=r["game"], n=len(r["items"]), path=r["override_file"]))
        width = max([11] + [len(notes.confidence(item["confidence"])) for item in r["items"]])
        for item in r["items"]:
            conf, value, note = notes.confidence(item["confidence"]), notes.value(item["value"]), notes.note(item.get("note", ""))
            # wrapped under the key, after the mark's column (at 60 columns it wrapped to column 0)
            print_item(env.out, f"  {conf:<{width}} ", f"{escape(item['key'])} = {escape(value)}  [dim]{escape(note)}[/dim]",
                       "yellow")
    for line in key:  # once, after every game: what the source codes inside the notes mean
        env.out.print(f"[dim]{escape(line)}[/dim]")
