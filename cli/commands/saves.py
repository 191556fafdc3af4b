"""Finding, creating and opening saves for the commands."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from state import paths
from state.save import SaveError

from .env import CliError, Env, Exit, install_data_cache  # noqa: F401  (install_data_cache: used below)


#: The files of a save: a folder holding any of them is a saved game (perhaps damaged), never overwritten.
SAVE_FILES = ("save.toml", "journal.toml", "save.toml.bak", "journal.toml.bak")


def holds_a_save(folder) -> bool:
    return any(os_lexists(folder / f) for f in SAVE_FILES)


def os_lexists(path) -> bool:
    import os

    return os.path.lexists(path)


def list_names() -> list[str]:
    """The saved games: every folder of ``games/`` with a valid name that holds a save file (even a damaged one)."""
    folder = paths.games_dir()
    try:
        if not os_lexists(folder):
            return []
        if not folder.is_dir():  # a plain file (or anything else) where the folder of saves should be
            import errno

            raise NotADirectoryError(errno.ENOTDIR, "Not a directory", str(folder))
        return sorted(p.name for p in folder.iterdir() if paths.valid_name(p.name) and p.is_dir() and holds_a_save(p))
    except OSError as e:  # a folder that cannot be read is said so, never "no saved games yet"
        from .env import current

        env = current()
        from state.save import os_problem

        raise CliError(env.t("core.error.games_unreadable", path=str(folder), problem=os_problem(e)), Exit.FAILURE,
                       {"error": "games_unreadable", "path": str(folder)}) from None


def current_name() -> str | None:
    """The current game's name, from the ``current`` file; None when that file is missing, damaged or no name."""
    from state.reader import Refused, read_regular

    try:  # the guarded reader: a FIFO or a device named 'current' is never waited for, and is no current game
        name = read_regular(paths.current_file(), 256).decode("utf-8").strip()
    except (OSError, UnicodeDecodeError, Refused):
        return None
    return name if paths.valid_name(name) else None


def current_refused() -> bool:
    """Whether a ``current`` file is there but the guarded reader refuses it (not a regular file, a link loop,
    too large)."""
    from state.reader import Refused, open_regular

    try:
        import os

        os.close(open_regular(paths.current_file()))
    except Refused:
        return True
    except OSError:
        return False
    return False


def set_current(name: str) -> None:
    from state.atomic import write_atomic

    write_atomic(paths.current_file(), name + "\n", backup=False)


def resolve_name(env: Env) -> str:
    names = list_names()
    if env.game is not None:  # --game '' names no save: it is not the current one
        if env.game in names:
            return env.game
        raise CliError(_unknown_save(env, env.game, names))
    name = current_name()
    if name and name in names:
        return name
    if not names:
        raise CliError(env.t("core.error.no_games"))
    refused = current_refused()
    if refused:  # a FIFO, a device or a link loop named 'current': said, never waited for nor passed over
        raise CliError(env.t("core.error.current_not_a_file", path=str(paths.current_file()), names=", ".join(names)),
                       Exit.FAILURE, {"error": "current_not_a_file", "file": str(paths.current_file())})
    if len(names) == 1:
        return names[0]
    raise CliError(env.t("core.error.no_current", names=", ".join(names)))


def _unknown_save(env: Env, name: str, names: list[str]) -> str:
    from automata.core.closest import close_matches

    if not names:
        return env.t("core.error.no_games")  # not "Saves: —": there is none, and how to start one
    close = close_matches(name, names)
    return env.t("core.error.unknown_save", name=name, names=", ".join(names), close=", ".join(close))


def open_session(env: Env, name: str | None = None):
    from state.session import Session

    name = name or resolve_name(env)  # first: no save, no cache folder made
    install_data_cache()
    try:
        return Session.open(paths.game_dir(name))
    except SaveError as e:
        raise save_error(env, e) from None


def open_game_session(env: Env, game_id: str, not_this_game: str):
    """The current save's session, which must hold a game of ``game_id``; else the message ``not_this_game``."""
    session = open_session(env)
    if session.save.game != game_id:
        raise CliError(env.t(not_this_game, name=session.save.name, game=session.save.game))
    return session


def guarded(session, fn, *args):
    """``fn(*args)``, where ``fn`` is game code reading the session's save (its status, its next step): an error of
    the game code on a save that reads well but does not fit the rules is a damaged save (exit 1), not a traceback."""
    from state.replay import RULES_CRASH, does_not_fit

    try:
        return fn(*args)
    except RULES_CRASH as e:
        raise save_error(current_env(), does_not_fit(session.save.folder / "save.toml", e)) from None


def current_env() -> Env:
    from .env import current

    return current()


def save_error(env: Env, e: SaveError) -> CliError:
    """The damaged-save message, its detail (``e.problem``, a message) in the table's language; the JSON carries the
    detail as shown and its message id."""
    where = f"{e.path}:{e.line}" if e.line else str(e.path)
    problem = env.t.render(e.problem) if hasattr(e.problem, "id") else str(e.problem)
    problem_id = getattr(e.problem, "id", None)
    if e.path.name == "save.toml" and not os_lexists(e.path):
        return CliError(env.t("core.error.save_missing", where=where, name=e.path.parent.name), Exit.FAILURE,
                        {"error": "damaged_save", "file": str(e.path), "line": None, "problem": problem, "problem_id": problem_id})
    return CliError(env.t("core.error.damaged", where=where, problem=problem, name=e.path.parent.name), Exit.FAILURE,
                    {"error": "damaged_save", "file": str(e.path), "line": e.line, "problem": problem, "problem_id": problem_id})


@contextmanager
def locked(env: Env, name: str) -> Iterator[None]:
    from state.lock import LockNotAFile, SaveBusy, SaveLock  # here: a command that only reads takes no lock

    try:
        with SaveLock(paths.game_dir(name)):
            yield
    except SaveBusy as e:
        raise CliError(env.t("core.error.busy", name=name, pid=e.holder or "?"), Exit.FAILURE) from None
    except LockNotAFile as e:
        raise CliError(env.t("core.error.lock_not_a_file", path=str(e.path)), Exit.FAILURE) from None


def new_name(game_id: str) -> str:
    names = set(list_names())
    i = 1
    while f"{game_id}-{i}" in names:
        i += 1
    return f"{game_id}-{i}"


def create(env: Env, game_id: str, options: dict, name: str | None):
    import secrets

    from state.session import Session

    if name is None:
        name = new_name(game_id)
    if not paths.valid_name(name):
        raise CliError(env.t("core.error.bad_name", name=name))
    cut = False
    if name in list_names():
        folder = paths.game_dir(name)
        if not (folder / "save.toml").exists():
            from state.save import left_by_a_cut_new

            # a `new` killed before its first save: nothing to keep, the name is free again (never a dead end)
            cut = left_by_a_cut_new(folder)
            if not cut:
                raise CliError(env.t("core.error.name_taken_damaged", name=name, path=str(folder)), Exit.FAILURE)
        else:
            raise CliError(env.t("core.error.name_taken", name=name))
    seed = env.seed if env.seed is not None else secrets.randbelow(2**31)
    settings = {"dice": env.dice or "app", "lang": env.lang}  # the game keeps the language it was started in
    from state.clock import now

    created = now(advance=False)  # TABLETOP_NOW fixes it too (docs/reference.md, Environment variables)
    with locked(env, name):
        if cut:
            from state.save import JOURNAL_FILE, left_by_a_cut_new

            folder = paths.game_dir(name)
            if not left_by_a_cut_new(folder):  # again under the lock: another process may have written since
                raise CliError(env.t("core.error.name_taken", name=name))
            for p in folder.iterdir():
                if p.name == JOURNAL_FILE or p.name.endswith(".tmp"):
                    p.unlink()
        session = Session.create(name, game_id, options, seed, settings, created)
    set_current(name)
    return session


def start_new_game(env: Env, game, game_id: str, display_name: str, raw_options: dict, name: str | None,
                   note: str | None = None) -> None:
    """``tabletop new <game>``: the owner's overrides read, the options checked, the save created and announced
    (``note``, a line on stderr, is said once the options are accepted: a refused option says only its error)."""
    options = checked_options(env, game, game_id, raw_options)
    if note:
        env.err.print(note)
    s = create(env, game_id, options, name).save
    if env.new_defaults:
        from rich.markup import escape

        env.out.print(escape(env.new_defaults))
    if env.json:
        env.emit_json({"ok": True, "name": s.name, "game": s.game, "seed": s.seed, "options": s.options, "dice": s.settings["dice"]})
    else:
        dice = env.t("core.dice_mode." + s.settings["dice"])
        env.out.print(env.t("core.new.created", name=s.name, game=display_name, seed=s.seed, dice=dice))


def checked_options(env: Env, game, game_id: str, raw_options: dict) -> dict:
    """The owner's overrides read and the options checked by the game (``tabletop new`` and ``setup-list``)."""
    from automata.core.gamedata import DataError
    from automata.core.games import OptionError

    overrides = read_overrides(env, game_id)
    check_overrides_like_data_check(env, game_id, overrides)
    try:
        return game.check_options({**raw_options, "overrides": overrides})
    except OptionError as e:
        raise CliError(env.t.render(e.msg)) from None
    except DataError as e:
        raise CliError(env.t("core.error.override", path=f"overrides/{game_id}.toml", problem=e.msg.to_data()), code=1) from None


def check_overrides_like_data_check(env: Env, game_id: str, overrides: dict) -> None:
    """The owner's data checked by the game's data loader, as 'tabletop data check' does, with the same message (so
    that every game refuses at 'new' what 'data check' refuses)."""
    if not overrides:
        return
    import importlib

    from automata.core.games import find_game

    data = importlib.import_module(find_game(game_id).module.rsplit(".", 1)[0] + ".data")
    try:
        data.provisional_items(data.load(overrides))  # exactly what data check does (it also checks helpers' parts)
    except data.DataError as e:
        raise CliError(env.t("core.error.override", path=str(paths.overrides_file(game_id)), problem=e.msg.to_data()), Exit.FAILURE) from None


def read_overrides(env: Env, game_id: str) -> dict:
    """The owner's values for a game (``$TABLETOP_HOME/overrides/<game>.toml``), or {} when there are none.

    A file that is too big, not a regular file, not TOML, or nested too deeply is refused (exit 1)."""
    from .env import MAX_INPUT_BYTES, parse_mapping, problem_text, read_input_file

    path = paths.overrides_file(game_id)
    if not path.exists():
        return {}
    try:
        raw = read_input_file(path)
    except OSError as e:
        raise CliError(env.t("core.error.override", path=str(path), problem=problem_text(env, e)), Exit.FAILURE) from None
    except ValueError:
        raise CliError(env.t("core.error.override_too_big", path=str(path), max=MAX_INPUT_BYTES), Exit.FAILURE) from None
    try:
        data = parse_mapping(raw, json_=False)
        problem = number_problem(data)
        if problem:
            raise problem
    except ValueError as e:
        raise CliError(env.t("core.error.override", path=str(path), problem=problem_text(env, e)), Exit.FAILURE) from None
    return data


#: No number printed on a board game's components is beyond this: a bigger one in the owner's data is a typo.
OVERRIDE_NUMBER_MAX = 10_000


def number_problem(data: dict):
    """The first number of the owner's data that is out of bounds (or not finite), said with its key; else None."""
    import math

    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{path}.{k}" if path else str(k), v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and abs(value) > OVERRIDE_NUMBER_MAX or (
                isinstance(value, float) and not (math.isfinite(value) and abs(value) <= OVERRIDE_NUMBER_MAX)):
            from .env import InputProblem

            return InputProblem("core.input.number", key=path, value=str(value), min=-OVERRIDE_NUMBER_MAX, max=OVERRIDE_NUMBER_MAX)
    return None
