"""The questions of ``tabletop new chaos`` left open by its options (asked at a terminal, or answered by
``--answer new.chaos.…``; cli/setup/newgame.py ``NewQuestions``)."""

from __future__ import annotations

from ..commands.env import Env
from ..setup.newgame import NewQuestions, names_of, new_ask


CHAOS_POWERS = ("khorne", "nurgle", "tzeentch", "slaanesh")


def chaos_powers(env: Env, powers: str | None, random: bool = False) -> str:
    """--powers, else at a terminal: how many Powers (3 or 4) and, for 3, which (with --random: only how many,
    as "3" or "4", and the draw picks them)."""
    from automata.core.steps import Msg, NUMBER, SEVERAL_OF

    if powers is not None:
        return powers
    q = NewQuestions(env)
    every = ",".join(CHAOS_POWERS)
    said = env.t("core.new.default.chaos_powers", powers=names_of(env.t, list(CHAOS_POWERS), "chaos.power"))
    # the number typed is the count (audit 10); Enter keeps all four
    count = q.ask(new_ask("new.chaos.count", NUMBER, min=3, max=4, default=4), None, 4, "--powers", said)
    if random:
        q.say_defaults()
        return str(count)
    if count == 3:
        three = env.t("core.new.default.chaos_powers", powers=names_of(env.t, list(CHAOS_POWERS[:3]), "chaos.power"))
        picked = q.ask(new_ask("new.chaos.powers", SEVERAL_OF, [(p, Msg(f"chaos.power.{p}")) for p in CHAOS_POWERS], min=3, max=3),
                       None, list(CHAOS_POWERS[:3]), "--powers", three)
        q.say_defaults()
        return ",".join(p for p in CHAOS_POWERS if p in picked)
    q.say_defaults()
    return every
