"""What every ``tabletop new GAME`` does before the save is made.

- **Resume, not a second game.** ``tabletop new GAME`` without options, when a game of the same kind is not
  finished, makes that game current again and tells the table how to continue it (``tabletop play``) or how to
  start another one anyway (``--another`` or ``--name``): the README's one-line main command, run a second time,
  continues the same game. With options, the table asked for a new game: it is started, and the table is told
  which unfinished game it can resume and how.
- **The player count is the table's choice.** An option left out (the number of Powers, of humans and bots, the
  players' names, the modules) is asked at a terminal; without one the default stays, and the first line says so
  with the option that changes it. Each question has a stable id (``new.<game>.<what>``), so ``--answer`` answers it.
"""

from __future__ import annotations

from typing import Any, Callable

from ..commands.env import CliError, Env, current


class NotStarted(KeyboardInterrupt):
    """Ctrl-C before the save of a new game was made: the interruption's message says nothing was saved (not that
    'tabletop play' continues a save that does not exist)."""

    message_id = "core.interrupted_new"

    def __init__(self, game_id: str):
        super().__init__(game_id)
        self.params = {"game": game_id}


def new_game(game_id: str, name: str | None, another: bool, options: Callable[[Env], dict], random: bool = False) -> None:
    """The whole of ``tabletop new GAME``: an unfinished game of ``game_id`` made current again (unless --name or
    --another asks for a new one); else ``options(env)`` (the game's options, asking at a terminal what was left
    out), checked against the collection and, with ``--random``, completed by the draw (``cli/setup/setupdraw.py``),
    and the save made and announced by ``saves.start_new_game``."""
    from automata.core.games import find_game, load_game

    from ..commands.saves import start_new_game
    from .setupdraw import prepare

    env = current()
    info = find_game(game_id)
    kept: list[str] = []
    if resume_unfinished(env, info.id, info.name, name, another, kept):
        return
    note = env.t("core.new.unfinished_kept", names=", ".join(kept), game=info.name) if kept else None
    try:
        raw = prepare(env, info.id, options(env), random, given_options(), NewQuestions(env))
    except KeyboardInterrupt:  # Ctrl-C at a question of the options: no save exists yet
        raise NotStarted(info.id) from None
    start_new_game(env, load_game(info.id), info.id, info.name, raw, name, note)  # the note: said once accepted


def resume_unfinished(env: Env, game_id: str, display_name: str, name: str | None, another: bool,
                      kept: list[str]) -> bool:
    """True (and the table told how to resume) when an unfinished game of ``game_id`` is saved and neither a
    save name nor --another asks for a new one; that game is then the current one. When options ask for a new
    game instead, the unfinished games go into ``kept``, said once the options are accepted."""
    if name is not None or another:
        return False
    from ..commands import saves

    found = unfinished_games(env, game_id)
    if not found:
        return False
    current = saves.current_name()
    pick = current if current in found else found[-1]
    if options_given():  # options for a new game: the table asked for one; it is told how to resume the other
        kept.extend(found)
        return False
    saves.set_current(pick)
    others = [n for n in found if n != pick]
    if env.json:
        env.emit_json({"ok": True, "name": pick, "game": game_id, "resumed": True, "unfinished": found})
        return True
    env.out.print(env.t("core.new.unfinished", name=pick, game=display_name, id=game_id))
    if others:
        env.out.print(env.t("core.new.unfinished_others", names=", ".join(others)))
    return True


def options_given() -> bool:
    """Whether the running ``new`` command was given any of its game's options on the command line (besides
    --name and --another)."""
    return bool(given_options() - {"name", "another"})


def given_options() -> set[str]:
    """The names of the running command's parameters given on the command line (not left to their default)."""
    try:
        from typer._click.globals import get_current_context  # the command-line framework's current command
    except ImportError:  # pragma: no cover - another packaging of the framework
        return set()
    ctx = get_current_context(silent=True)
    if ctx is None:
        return set()
    given = set()
    for param in ctx.command.params:
        source = ctx.get_parameter_source(param.name)
        if source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP"):
            given.add(param.name)
    return given


def unfinished_games(env: Env, game_id: str) -> list[str]:
    """The saves of ``game_id`` whose game is not over, oldest first (a save that cannot be read is left out)."""
    from ..commands import saves

    found: list[tuple[str, str]] = []
    for name in saves.list_names():
        try:
            session = saves.open_session(env, name)
            save = session.save
            if save.game != game_id:
                continue
            if save.pending is None and session.game.next_step(save.state) is None:
                continue  # finished
        except Exception:  # a damaged save or one that does not fit the rules: not a game to resume
            continue
        found.append((str(save.created), name))
    return [n for _, n in sorted(found)]


class NewQuestions:
    """The questions of one ``tabletop new``: answered by the option, by ``--answer``, at a terminal, or by the
    default (remembered for the first line)."""

    def __init__(self, env: Env):
        from automata.core.runner import ScriptedAnswers

        self.env = env
        self.scripted = ScriptedAnswers(env.answers)
        self.defaults: list[str] = []
        self.interactive = env.interactive() and not env.json

    def ask(self, ask, given: Any, default: Any, flag: str, default_text: str) -> Any:
        """``given`` when the option was given; else the answer to ``ask``; else ``default`` (said later)."""
        from automata.core.runner import NO_ANSWER
        from automata.core.steps import InvalidAnswer

        if given is not None:
            return given
        got = self.scripted.answer(ask)
        if got is NO_ANSWER and self.interactive:
            from ..terminal.prompter import TerminalPrompter

            got = TerminalPrompter(self.env.t).answer(ask)
        if got is NO_ANSWER:
            self.defaults.append(self.env.t("core.new.default_item", what=default_text, flag=flag))
            return default
        try:
            return ask.normalise(got[0])
        except InvalidAnswer as e:
            raise CliError(self.env.t("core.new.bad_answer", id=ask.id, problem=self.env.t.render(e.msg))) from None

    def say_defaults(self) -> None:
        """Without a terminal: the defaults taken, said in the first line once the game is made (start_new_game)."""
        if self.defaults:  # one sentence for every question of this 'new' (the game's and the random setup's)
            items = self.env.__dict__.setdefault("new_default_items", [])
            items.extend(d for d in self.defaults if d not in items)
            self.env.new_defaults = self.env.t("core.new.defaults", items="; ".join(items))


def new_ask(id: str, kind: str, choices=(), params: dict | None = None, **kw):
    """A question of ``tabletop new``: ``new.<game>.<what>``, worded by ``core.new.ask.<game>_<what>``."""
    from automata.core.steps import Ask, Choice, Msg

    return Ask(id, Msg(f"core.new.ask.{id.split('.', 1)[1].replace('.', '_')}", params or {}), kind,
               tuple(Choice(v, label) for v, label in choices), **kw)


def names_of(t, ids: list[str], term: str) -> str:
    """The terms ``<term>.<id>`` of ``ids`` in the table's language, comma-separated."""
    return ", ".join(t(f"{term}.{i}") for i in ids)
