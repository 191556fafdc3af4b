"""What ``tabletop restore`` says it did (``state/restore.py`` ``Restored``): how many completed steps were kept,
from which source, and which steps were lost, in the table's language (and in ``--json``)."""

from __future__ import annotations

from automata.core.msg import Msg

from .env import Env

_DONE = {"journal": "core.restore.from_journal", "journal_backup": "core.restore.journal_backup",
         "backup": "core.restore.done"}


def report(env: Env, name: str, done) -> None:
    lost = [{"n": x["n"], "label": env.t.render(Msg.from_data(x["label"])) if x["label"] else "?"} for x in done.lost]
    missing = done.claimed - done.kept - len(done.lost) if done.claimed else 0
    if env.json:
        env.emit_json({"ok": True, "game": name, "journal_length": done.kept, "kept": done.kept, "source": done.source,
                       "lost": lost, "claimed": done.claimed})
        return
    env.out.print(env.t(_DONE[done.source], name=name, n=done.kept))
    if lost:
        steps = ", ".join(env.t("core.restore.lost_step", n=x["n"], label=x["label"]) for x in lost)
        env.out.print(env.t("core.restore.lost", count=len(lost), steps=steps))
    if missing > 0:
        env.out.print(env.t("core.restore.claimed", claimed=done.claimed, lost=missing))
