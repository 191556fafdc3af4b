"""`tabletop remind`: the table's own reminders, raised at a moment of the game's own sequence (issue 39).

A reminder is a journal step (automata/core/ineffect.py): `log` shows it, `undo 1` takes it back, and replay
repeats it in its place. It never adds a question: in play it is a line of the walkthrough at its moment. The moment
words are each game's, in both languages (`--list` shows them); a word, a number or a seat that is not valid
changes nothing (exit 2).
"""

from __future__ import annotations

import unicodedata
from typing import Optional

import typer

from ..commands.env import CliError, Exit, current

remind_app = typer.Typer()
LANGS = ("en", "pt-BR")


@remind_app.command("remind")
def remind(
    text: Optional[str] = typer.Argument(None, help="What to remind the table of, e.g. 'Khorne pays 1 more in Kislev'."),
    at: Optional[str] = typer.Option(None, "--at", help="The moment of the game's sequence (see --list)."),
    every: Optional[int] = typer.Option(None, "--every", help="Every N rounds (default: every time the moment comes)."),
    round_: Optional[int] = typer.Option(None, "--round", help="In round N (once, or from round N with --every)."),
    once: bool = typer.Option(False, "--once", help="Only the next time the moment comes."),
    seat: Optional[str] = typer.Option(None, "--seat", help="The seat it concerns (raised at that seat's turns)."),
    list_: bool = typer.Option(False, "--list", help="List the reminders set and the moment words."),
    remove: Optional[int] = typer.Option(None, "--remove", help="Take off reminder N (its number in --list)."),
) -> None:
    """Set a reminder the program says at a moment of the game (journalled: undo 1 takes it back)."""
    from automata.core import ineffect

    from ..commands import saves

    env = current()
    name = saves.resolve_name(env)
    with saves.locked(env, name):
        session = saves.open_session(env, name)
        game_id, state = session.save.game, session.save.state
        module = ineffect.module_of(game_id)
        if module is None:
            raise CliError(env.t("core.remind.none_for_game", game=game_id), Exit.USAGE)
        if list_ or (text is None and remove is None):
            show_list(env, name, game_id, module, state)
            return
        try:
            if remove is not None:
                ineffect.check_remove(state, remove)
                step = ineffect.remind_step(remove=remove)
            else:
                if at is None:
                    raise ineffect.RemindError(
                        ineffect.msg("core.remind.no_moment", valid=[ineffect.word_term(game_id, w) for w in module.MOMENTS]))
                add = {"text": text or "", "at": moment_id(env, game_id, module, at), "every": every, "round": round_,
                       "once": once}
                if seat:
                    add.update(seat_of(env, game_id, state, seat))
                step = ineffect.remind_step(add=ineffect.check_add(game_id, session.game, state, add))
        except ineffect.RemindError as e:
            raise CliError(env.t.render(e.msg), Exit.USAGE, {"error": "remind", "id": e.msg.id}) from None
        from state.session import StepInProgress

        told: list = []
        try:
            session.correct(step, told.append)
        except StepInProgress as busy:  # never expected (a reminder changes no value), refused as a correction is
            label = env.t.render(session.game.step_label(busy.step))
            raise CliError(env.t("core.fix.step_in_progress", step=label, n=busy.answers), Exit.USAGE) from None
        except saves.SaveError as e:
            raise saves.save_error(env, e) from None
    texts = [env.t.render(event.msg) for event in told if event.msg is not None]
    if env.json:
        env.emit_json({"ok": True, "game": name, "journal_length": session.save.journal_length, "told": texts,
                       "reminders": [plain(env, game_id, i) for i in ineffect.reminders(session.save.state)]})
        return
    for line in texts:
        env.out.print(f"→ {line}", markup=False)
    env.out.print(env.t("core.remind.journalled", n=session.save.journal_length), style="dim")


def _key(word: str) -> str:
    text = unicodedata.normalize("NFKD", word.strip().lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return "-".join(text.replace("_", " ").replace("-", " ").split())


def words(env, game_id: str, word: str) -> list[str]:
    """The words of a moment the table may type: its word in each language, and its id."""
    out = [word]
    for lang in LANGS:
        template = env.t.template(f"{game_id}.moment.{word}", lang)
        if isinstance(template, str):
            out.append(template)
    return out


def moment_id(env, game_id: str, module, typed: str) -> str:
    """The moment the table named, in either language (accents and case aside); else ``RemindError``."""
    from automata.core import ineffect

    key = _key(typed)
    for word in module.MOMENTS:
        if key in {_key(w) for w in words(env, game_id, word)}:
            return word
    raise ineffect.RemindError(ineffect.msg("core.remind.unknown_moment", word=typed,
                                            valid=[ineffect.word_term(game_id, w) for w in module.MOMENTS]))


def seat_of(env, game_id: str, state: dict, typed: str) -> dict:
    """The seat named (its id, or its name as the table reads it), as the reminder keeps it."""
    from automata.core import ineffect
    from automata.core.seats import seat_term, seats

    every = seats(game_id, state)
    key = _key(typed)
    for s in every:
        term = seat_term(game_id, s)
        shown = env.t.param(term.to_data() if hasattr(term, "to_data") else term)
        if key in {_key(s["id"]), _key(s.get("name") or ""), _key(str(shown))}:
            return {"seat": s["id"], "seat_term": term.to_data() if hasattr(term, "to_data") else term}
    names = [str(env.t.param(t.to_data() if hasattr(t, "to_data") else t)) for t in (seat_term(game_id, s) for s in every)]
    raise ineffect.RemindError(ineffect.msg("core.remind.unknown_seat", name=typed, valid=", ".join(names)))


def plain(env, game_id: str, item: dict) -> dict:
    from .ineffectview import reminder_data

    return reminder_data(env.t, game_id, item)  # the same as status --json and the phones read it


def show_list(env, name: str, game_id: str, module, state: dict) -> None:
    from automata.core import ineffect

    items = ineffect.reminders(state)
    moments = [{"id": w, "words": words(env, game_id, w)[1:]} for w in module.MOMENTS]
    if env.json:
        env.emit_json({"ok": True, "game": name, "reminders": [plain(env, game_id, i) for i in items], "moments": moments})
        return
    if items:
        env.out.print(env.t("core.remind.list_head"))
        from .ineffectview import reminder_text

        for item in items:
            env.out.print("  " + reminder_text(env.t, game_id, item), markup=False)
    else:
        env.out.print(env.t("core.remind.list_empty"))
    env.out.print(env.t("core.remind.moments_head",
                        words=", ".join(env.t(f"{game_id}.moment.{w}") for w in module.MOMENTS)), style="dim")
