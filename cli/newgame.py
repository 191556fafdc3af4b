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

from .env import CliError, Env, current


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
    out), checked against the collection and, with ``--random``, completed by the draw (``cli/setupdraw.py``),
    and the save made and announced by ``saves.start_new_game``."""
    from automata.core.games import find_game, load_game

    from .saves import start_new_game
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
    from . import saves

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
    from . import saves

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
            from .prompter import TerminalPrompter

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


def _ask(id: str, kind: str, choices=(), params: dict | None = None, **kw):
    from automata.core.steps import Ask, Choice, Msg

    return Ask(id, Msg(f"core.new.ask.{id.split('.', 1)[1].replace('.', '_')}", params or {}), kind,
               tuple(Choice(v, label) for v, label in choices), **kw)


def _names(t, ids: list[str], term: str) -> str:
    return ", ".join(t(f"{term}.{i}") for i in ids)


# -- the games' questions ---------------------------------------------------------------------------------------

CHAOS_POWERS = ("khorne", "nurgle", "tzeentch", "slaanesh")


def chaos_powers(env: Env, powers: str | None, random: bool = False) -> str:
    """--powers, else at a terminal: how many Powers (3 or 4) and, for 3, which (with --random: only how many,
    as "3" or "4", and the draw picks them)."""
    from automata.core.steps import Msg, NUMBER, SEVERAL_OF

    if powers is not None:
        return powers
    q = NewQuestions(env)
    every = ",".join(CHAOS_POWERS)
    said = env.t("core.new.default.chaos_powers", powers=_names(env.t, list(CHAOS_POWERS), "chaos.power"))
    # the number typed is the count (audit 10); Enter keeps all four
    count = q.ask(_ask("new.chaos.count", NUMBER, min=3, max=4, default=4), None, 4, "--powers", said)
    if random:
        q.say_defaults()
        return str(count)
    if count == 3:
        three = env.t("core.new.default.chaos_powers", powers=_names(env.t, list(CHAOS_POWERS[:3]), "chaos.power"))
        picked = q.ask(_ask("new.chaos.powers", SEVERAL_OF, [(p, Msg(f"chaos.power.{p}")) for p in CHAOS_POWERS], min=3, max=3),
                       None, list(CHAOS_POWERS[:3]), "--powers", three)
        q.say_defaults()
        return ",".join(p for p in CHAOS_POWERS if p in picked)
    q.say_defaults()
    return every


TOC_COLOURS = ("red", "blue", "yellow", "green")


def toc_players(env: Env, humans: int | None, bots: str | None, random: bool = False) -> tuple[int | None, str | None]:
    """--humans and --bots, else at a terminal: how many humans (1 to 3) and which bot colours (with --random:
    only how many humans, and the draw picks the colours)."""
    from automata.core.steps import Msg, NUMBER, SEVERAL_OF

    if humans is not None or bots is not None:
        return humans, bots
    q = NewQuestions(env)
    said = env.t("core.new.default.toc_players", bots=_names(env.t, list(TOC_COLOURS[:3]), "toc.colour"))
    if random:
        said = env.t("core.new.default.toc_humans")
    h = q.ask(_ask("new.toc.humans", NUMBER, min=1, max=3, default=1), None, None, "--humans, --bots", said)
    if h is None or random:
        q.say_defaults()
        return (None if h is None else int(h)), None
    h = int(h)
    most = min(3, 4 - h)  # 2 to 4 factions, at most three AI mats
    picked = q.ask(_ask("new.toc.bots", SEVERAL_OF, [(c, Msg(f"toc.colour.{c}")) for c in TOC_COLOURS],
                        min=max(1, 2 - h), max=most, default=TOC_COLOURS[:most]), None, list(TOC_COLOURS[:most]), "--bots", said)
    return h, ",".join(c for c in TOC_COLOURS if c in picked)


def radlands_players(env: Env, players: str | None) -> str | None:
    """--players, else at a terminal: the two players' names (a blank answer keeps "Player 1, Player 2")."""
    from automata.core.steps import TEXT

    if players is not None:
        return players
    q = NewQuestions(env)
    sides = {"a": env.t("radlands.side.a"), "b": env.t("radlands.side.b")}
    said = env.t("core.new.default.radlands_players", **sides)
    names = q.ask(_ask("new.radlands.players", TEXT, params=sides), None, None, "--players", said)
    q.say_defaults()
    text = str(names or "").strip()
    return None if text in ("", "-") else text


ANACHRONY_MODULES = ("neutronide", "hypersync", "quantum_loops", "intrigues")


def anachrony_players(env: Env, players: int | None, modules: str | None, opponent: str,
                      random: bool = False) -> tuple[int, str | None, str]:
    """--players, --modules and (solo) --opponent, else at a terminal: how many players, which modules, and which
    opponent the program runs in a solo game (with --random: only how many players; the draw picks the modules)."""
    from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, Ask, Choice, Msg

    q = NewQuestions(env)
    said_players = env.t("core.new.default.anachrony_players")
    said_modules = env.t("core.new.default.anachrony_modules")
    n = int(q.ask(_ask("new.anachrony.players", NUMBER, min=1, max=4), players, 2, "--players", said_players))
    # the opponent is asked at a terminal, and taken from --answer new.anachrony.opponent without one
    ask_opponent = q.interactive or "new.anachrony.opponent" in env.answers
    if random and not (n == 1 and not opponent and ask_opponent):
        q.say_defaults()
        return n, modules, opponent
    if modules is None and not random:
        # solo: Intrigues stays in its place, marked with why it cannot be picked (rules file §3.1), so that
        # picking it is refused and the question asked again instead of throwing the whole setup away
        solo_out = {"intrigues": Msg("anachrony.solo.reason.intrigues")} if n == 1 else {}
        from automata.core.collection import owned

        from .collection import read

        have = owned("anachrony", read(env))  # a module the table does not own is shown, marked, never picked
        for m in ANACHRONY_MODULES:
            if m not in have or "future_imperfect" not in have:
                solo_out.setdefault(m, Msg("core.collection.not_owned_choice"))
        ask = Ask("new.anachrony.modules", Msg("core.new.ask.anachrony_modules"), SEVERAL_OF,
                  tuple(Choice(m, Msg(f"anachrony.score.module.{m}"), unavailable=solo_out.get(m)) for m in ANACHRONY_MODULES),
                  min=0, max=4)
        picked = q.ask(ask, None, [], "--modules", said_modules)
        modules = ",".join(m.replace("_", "-") for m in ANACHRONY_MODULES if m in picked)
    if n == 1 and not opponent and ask_opponent and "intrigues" not in (modules or ""):
        # rules file §3.1: the Chronossus plays with or without modules, the Chronobot the base game only (said
        # beside it when modules are in play); Enter takes the first opponent the table can play, not "none"
        # with --random the modules are drawn afterwards, for the opponent picked here (the Chronossus first: with
        # it the draw may include modules)
        bots = ("chronossus", "chronobot") if modules or random else ("chronobot", "chronossus")
        out = {"chronobot": Msg("anachrony.solo.reason.chronobot_modules")} if modules else {}
        choices = tuple(Choice(b, Msg(f"anachrony.solo.bot.{b}"), unavailable=out.get(b)) for b in bots)
        choices += (Choice("none", Msg("core.new.choice.no_opponent")),)
        pick = q.ask(Ask("new.anachrony.opponent", Msg("core.new.ask.anachrony_opponent"), ONE_OF, choices,
                         default=bots[0]), None, "none", "--opponent", "")
        opponent = "" if pick == "none" else pick
    q.say_defaults()
    return n, modules, opponent
