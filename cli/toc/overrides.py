"""The owner's Time of Crisis file (``$TABLETOP_HOME/overrides/toc.toml``): read it, load the data with it, and
write it back whole and atomically after the loader has accepted it. Used by the helper commands, the AI sheet
commands and the transcriptions (helpers.py, priority.py, transcribe.py)."""

from __future__ import annotations

from ..env import CliError, Exit


def owner_overrides(env) -> dict:
    """The owner's file ``overrides/toc.toml`` as parsed (empty when there is none)."""
    from ..saves import read_overrides

    return read_overrides(env, "toc")


def toc_data(env, overrides: dict | None = None):
    """The Time of Crisis data with the owner's values; an owner file the loader refuses is an error of the table's."""
    from automata.toc.data import DataError, load

    from state import paths

    if overrides is None:
        overrides = owner_overrides(env)
    try:
        return load(overrides or None)
    except DataError as e:
        raise CliError(env.t("core.error.override", path=str(paths.overrides_file("toc")), problem=str(e)), Exit.FAILURE) from None


def save_overrides(env, new: dict, command: str):
    """Validate the owner's values with the data loader, then write ``overrides/toc.toml`` whole and atomically."""
    import tomli_w

    from automata.toc.data import DataError, load
    from state import paths
    from state.atomic import write_atomic

    path = paths.overrides_file("toc")
    try:
        load(new)
    except DataError as e:
        text = env.t("toc.transcribe.invalid", problem=str(e), path=str(path)) + " " + env.t("toc.transcribe.restart", command=f"{command} --restart")
        raise CliError(text, Exit.FAILURE, {"error": "invalid", "problem": str(e), "saved": False}) from None
    write_atomic(path, tomli_w.dumps(new))
    return path
