"""The questions of ``tabletop new toc`` left open by its options (asked at a terminal, or answered by
``--answer new.toc.…``; cli/setup/newgame.py ``NewQuestions``)."""

from __future__ import annotations

from ..commands.env import Env
from ..setup.newgame import NewQuestions, names_of, new_ask


TOC_COLOURS = ("red", "blue", "yellow", "green")


def toc_players(env: Env, humans: int | None, bots: str | None, random: bool = False) -> tuple[int | None, str | None]:
    """--humans and --bots, else at a terminal: how many humans (1 to 3) and which bot colours (with --random:
    only how many humans, and the draw picks the colours)."""
    from automata.core.steps import Msg, NUMBER, SEVERAL_OF

    if humans is not None or bots is not None:
        return humans, bots
    q = NewQuestions(env)
    said = env.t("core.new.default.toc_players", bots=names_of(env.t, list(TOC_COLOURS[:3]), "toc.colour"))
    if random:
        said = env.t("core.new.default.toc_humans")
    h = q.ask(new_ask("new.toc.humans", NUMBER, min=1, max=3, default=1), None, None, "--humans, --bots", said)
    if h is None or random:
        q.say_defaults()
        return (None if h is None else int(h)), None
    h = int(h)
    most = min(3, 4 - h)  # 2 to 4 factions, at most three AI mats
    picked = q.ask(new_ask("new.toc.bots", SEVERAL_OF, [(c, Msg(f"toc.colour.{c}")) for c in TOC_COLOURS],
                        min=max(1, 2 - h), max=most, default=TOC_COLOURS[:most]), None, list(TOC_COLOURS[:most]), "--bots", said)
    return h, ",".join(c for c in TOC_COLOURS if c in picked)
