"""The owner's Time of Crisis file (``$TABLETOP_HOME/overrides/toc.toml``): read it, load the data with it, and
write the owner's values into it in place (comments, order and layout kept) after the loader has accepted them. Used by the helper commands, the AI sheet
commands and the transcriptions (helpers.py, priority.py, transcribe.py)."""

from __future__ import annotations

from ..commands.env import CliError, Exit


def owner_overrides(env) -> dict:
    """The owner's file ``overrides/toc.toml`` as parsed (empty when there is none)."""
    from ..commands.saves import read_overrides

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
        raise CliError(env.t("core.error.override", path=str(paths.overrides_file("toc")), problem=e.msg.to_data()), Exit.FAILURE) from None


def save_overrides(env, values: dict, command: str):
    """Merge the transcribed ``values`` over ``overrides/toc.toml`` as it is now (what the owner changed in it during
    the transcription stays), validate the whole with the data loader, then write the values into the file in
    place (the owner's comments, order and layout kept: cli/setup/owner_toml.py), atomically, keeping the file's mode."""
    from automata.toc.data import DataError, load
    from automata.toc.mat_edit import merge
    from state import paths

    from ..setup.owner_toml import updated_text, write_owner_file

    path = paths.overrides_file("toc")
    new = merge(owner_overrides(env), values)
    try:
        load(new)
    except DataError as e:
        text = env.t("toc.transcribe.invalid", problem=e.msg.to_data(), path=str(path)) + " " + env.t("toc.transcribe.restart", command=f"{command} --restart")
        raise CliError(text, Exit.FAILURE, {"error": "invalid", "problem": str(e), "saved": False}) from None
    from ..commands.env import read_input_file

    old_text = read_input_file(path).decode("utf-8") if path.exists() else ""  # read by owner_overrides already
    write_owner_file(path, updated_text(old_text, new))
    return path
