"""The questions of ``tabletop new anachrony`` left open by its options (asked at a terminal, or answered by
``--answer new.anachrony.…``; cli/setup/newgame.py ``NewQuestions``)."""

from __future__ import annotations

from ..commands.env import Env
from ..setup.newgame import NewQuestions, new_ask


ANACHRONY_MODULES = ("neutronide", "hypersync", "quantum_loops", "intrigues")


def anachrony_players(env: Env, players: int | None, modules: str | None, opponent: str,
                      random: bool = False) -> tuple[int, str | None, str]:
    """--players, --modules and (solo) --opponent, else at a terminal: how many players, which modules, and which
    opponent the program runs in a solo game (with --random: only how many players; the draw picks the modules)."""
    from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, Ask, Choice, Msg

    q = NewQuestions(env)
    said_players = env.t("core.new.default.anachrony_players")
    said_modules = env.t("core.new.default.anachrony_modules")
    n = int(q.ask(new_ask("new.anachrony.players", NUMBER, min=1, max=4), players, 2, "--players", said_players))
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

        from ..setup.collection import read

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
