"""``tabletop restore``: a damaged save rebuilt from the newest sound source, keeping every step a sound file holds
(issue 37 item 2).

The sources, newest first:
- ``save.toml`` sound and only ``journal.toml`` damaged: the journal's backup, which the save names by its digest,
  is put back (every step of the save is kept);
- ``save.toml`` damaged and ``journal.toml`` sound, holding the steps of the last sound save (``save.toml.bak``)
  and more (or only the first of them: an undo made since): the journal is replayed from the start of the game with the backup's options and seed (the snapshot is
  only a cache: state/replay.py), so no completed step is lost; only the answers of a step in progress, which
  lived in the damaged save alone, are gone;
- else the last sound save, ``save.toml.bak``, with the journal its digest names.

Nothing already set aside is ever deleted or overwritten: the files replaced are moved beside as
``<name>.damaged``, then ``<name>.damaged.2``, ``.3``... ``Restored`` says what was kept and what was lost.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from automata.core.msg import msg

from .atomic import write_atomic
from .errors import SaveError
from .replay import RULES_CRASH
from .save import (BACKUP_FILE, JOURNAL_FILE, SAVE_FILE, Save, _parse, _replace_bytes, dumps, read, read_bytes,
                   read_journal, sha256)

DAMAGED_SUFFIX = ".damaged"


class Restored:
    """What ``restore`` did: ``save`` (read back, sound), ``source`` ("journal": the journal replayed; "backup": the
    last sound save; "journal_backup": the save kept, its journal's backup put back), ``lost``: the journal's
    entries no sound source could keep (their labels, as message data, with their numbers), ``claimed``: the
    completed steps the damaged save said it had, when it still says it and that is more than were kept."""

    def __init__(self, save: Save, source: str, lost: list[dict[str, Any]], claimed: int | None):
        self.save = save
        self.source = source
        self.lost = lost
        self.claimed = claimed

    @property
    def kept(self) -> int:
        return self.save.journal_length


def restore(folder: Path) -> Restored:
    """Rebuild the save of ``folder`` from its newest sound source (see the module). SaveError (nothing changed)
    when no source is sound."""
    try:  # the save is sound and only its journal is not: the journal's backup is the one this save belongs to
        sound = read(folder, recover=True)
    except SaveError:
        sound = None
    if sound is not None:
        sound.journal()  # every entry checked
        if sound._journal_from_bak:
            set_aside(folder / JOURNAL_FILE)
            _replace_bytes(folder / JOURNAL_FILE, read_bytes(folder / (JOURNAL_FILE + ".bak")))
        return Restored(read(folder), "journal_backup", [], None)
    claimed = _claimed_length(folder / SAVE_FILE)
    backup = _backup(folder)
    rebuilt = _from_journal(folder, backup)
    if rebuilt is not None:
        set_aside(folder / SAVE_FILE)
        write_atomic(folder / SAVE_FILE, dumps(rebuilt.to_data(), digest=True), backup=False)
        restored = read(folder)
        return Restored(restored, "journal", [], claimed if claimed and claimed > restored.journal_length else None)
    lost = _entries_beyond(folder, backup)
    raw = read_bytes(folder / BACKUP_FILE)
    if backup._journal_from_bak:
        set_aside(folder / JOURNAL_FILE)
        _replace_bytes(folder / JOURNAL_FILE, read_bytes(folder / (JOURNAL_FILE + ".bak")))
    set_aside(folder / SAVE_FILE)
    _replace_bytes(folder / SAVE_FILE, raw)
    restored = read(folder)
    claimed = claimed if claimed and claimed > restored.journal_length + len(lost) else None
    return Restored(restored, "backup", lost, claimed)


def _backup(folder: Path) -> Save:
    """The last sound save (``save.toml.bak``) with its journal read and checked; else SaveError naming it."""
    bak = folder / BACKUP_FILE
    if not os.path.lexists(bak):
        raise SaveError(bak, msg("core.save.file_missing"))
    try:
        backup = read(folder, bak, recover=True)
        backup.journal()
    except SaveError as e:
        if e.path == bak:
            raise
        raise SaveError(bak, msg("core.save.backup_journal", file=e.path.name, problem=e.problem.to_data())) from None
    return backup


def _journal_entries(folder: Path) -> tuple[list[dict[str, Any]], bytes] | None:
    """The entries of ``journal.toml`` and its bytes, when it is sound (parsed, every entry checked); else None."""
    path = folder / JOURNAL_FILE
    try:
        raw = read_bytes(path)
        entries = _parse(path, raw).get("entries")
        if not isinstance(entries, list):
            return None
        read_journal(folder, len(entries), path, exact=True)  # every entry checked (the file read again, unchanged)
    except SaveError:
        return None
    return entries, raw


def _from_journal(folder: Path, backup: Save) -> Save | None:
    """The save rebuilt from a sound ``journal.toml`` newer than the backup, replayed from the start of the game:
    one that holds the backup's steps and more (steps completed since), or only the first of them (an undo made
    since: the journal is written before the save); None when there is no such journal or it does not replay."""
    found = _journal_entries(folder)
    if found is None:
        return None
    entries, raw = found
    kept = backup.journal()
    longer = len(entries) > len(kept) and entries[: len(kept)] == kept
    undone = len(entries) < len(kept) and kept[: len(entries)] == entries
    if not (longer or undone):
        return None
    from .clock import break_after, tally_of
    from .replay import replay_save

    try:
        state = replay_save(backup, entries)
        import tomllib

        state = tomllib.loads(dumps({"state": state}))["state"]  # as the file holds it
        clock = tally_of(entries, break_after(backup.settings))
    except (SaveError, *RULES_CRASH):
        return None
    return Save(name=backup.name, game=backup.game, seed=backup.seed, options=backup.options,
                settings=backup.settings, state=state, journal_length=len(entries), pending=None,
                created=backup.created, clock=clock, folder=folder, journal_sha256=sha256(raw))


def _entries_beyond(folder: Path, backup: Save) -> list[dict[str, Any]]:
    """The entries a ``journal.toml`` that could not be kept holds beyond the backup's (each with its number and
    label), for the report of what was lost; [] when it cannot be read at all."""
    path = folder / JOURNAL_FILE
    try:
        entries = _parse(path).get("entries")
    except SaveError:
        return []
    if not isinstance(entries, list):
        return []
    lost = []
    for n, entry in enumerate(entries[backup.journal_length:], backup.journal_length + 1):
        label = entry.get("label") if isinstance(entry, dict) else None
        lost.append({"n": n, "label": label if isinstance(label, dict) and isinstance(label.get("id"), str) else None})
    return lost


_LENGTH_LINE = re.compile(rb"(?m)^journal_length\s*=\s*(\d{1,9})\s*$")


def _claimed_length(path: Path) -> int | None:
    """The completed steps a damaged save still says it has (its ``journal_length`` line), if it says it."""
    try:
        found = _LENGTH_LINE.search(read_bytes(path))
    except SaveError:
        return None
    return int(found.group(1)) if found else None


def set_aside(path: Path) -> Path | None:
    """Move ``path`` (any kind of file, as it is) beside itself as ``<name>.damaged``, or the first free
    ``<name>.damaged.N``: nothing set aside before is deleted or overwritten. None when there is no such file."""
    if not os.path.lexists(path):
        return None
    aside = path.with_name(path.name + DAMAGED_SUFFIX)
    n = 1
    while os.path.lexists(aside):
        n += 1
        aside = path.with_name(f"{path.name}{DAMAGED_SUFFIX}.{n}")
    os.rename(path, aside)  # under the save's lock: nothing else takes the free name meanwhile
    return aside
