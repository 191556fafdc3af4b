"""What every ``tabletop new GAME`` checks against the collection, and ``--random``: one room for the four games.

- **Ownership.** The options' needs (``automata/<game>/randomsetup.py`` ``needs``) must be owned
  (``tabletop collection``); else the table is told which item is missing and how to add it, and nothing starts
  (exit 2). Without a collection file everything is owned.
- **The random setup.** ``--random`` draws what the options leave open from what is owned, with the game's rules
  (``draw``), from the game's seed: the seed is chosen first (``--seed``, else a fresh one) and becomes the save's
  seed, so the save holds the draw and the seed that makes it again. The draw is shown, then the question
  ``new.random`` (keep / redraw) asks whether to keep it; a redraw takes the next seed of a fixed sequence (so
  ``--seed 7 --answer new.random=redraw`` gives the same second draw every time). Off a terminal with no answer
  the draw is kept and the first line says so (a setup never waits; a draw the table dislikes is one
  ``--answer new.random=redraw`` away, or ``tabletop new GAME --random`` again).
"""

from __future__ import annotations

from ..commands.env import CliError, Env, Exit


def prepare(env: Env, game_id: str, raw: dict, random: bool, given: set[str], questions) -> dict:
    """``raw`` checked against the collection and, with ``random``, completed by the draw the table keeps
    (``questions``: the ``new`` command's ``NewQuestions``, which asks keep/redraw)."""
    from automata.core import collection as core

    from .collection import read

    have = core.owned(game_id, read(env))
    if not random:
        return owned_setup(env, game_id, raw, have)
    _refuse_missing(env, game_id, [i for i in core.missing(game_id, {}, have)], have)  # the base game, before drawing
    from ..gamecli import optional

    player_count = optional(game_id, "PLAYER_COUNT")  # the table's choice, never drawn
    drawn = _draw_and_keep(env, game_id, raw, given | set(player_count), have, questions)
    return owned_setup(env, game_id, drawn, have)  # a fixed option may still need something


def owned_setup(env: Env, game_id: str, raw: dict, have: set[str] | None = None, listing: bool = False) -> dict:
    """``raw`` checked against the collection (refused, exit 2, when it needs what is not owned) and completed by
    what the collection decides (``automata/core/collection.py`` ``owned_options``): what ``new`` and ``setup-list``
    both start from, so the list never shows what the game would refuse or leave out."""
    from automata.core import collection as core

    if have is None:
        from .collection import read

        have = core.owned(game_id, read(env))
    _refuse_missing(env, game_id, core.missing(game_id, raw, have), have, listing)
    return core.owned_options(game_id, raw, have)


def _refuse_missing(env: Env, game_id: str, items: list[str], have: set[str], listing: bool = False) -> None:
    """Nothing starts without what the setup needs; the table is told what is missing, what of this game it owns
    (what it can choose instead) and how to add the item."""
    if not items:
        return
    from automata.core.collection import content

    names = ", ".join(env.t(f"core.collection.item.{game_id}.{i}") for i in items)
    owned = [i for i in content(game_id) if i in have]
    said = " " + env.t("core.collection.error.owned", items=", ".join(env.t(f"core.collection.item.{game_id}.{i}")
                                                                       for i in owned)) if owned else ""
    key = "core.collection.error.not_owned_list" if listing else "core.collection.error.not_owned"
    text = env.t(key, items=names, game=game_id, ids=" ".join(items), owned=said)
    raise CliError(text, Exit.USAGE, {"error": "not_owned", "game": game_id, "items": items, "owned": owned})


def next_seed(seed: int) -> int:
    """The seed of a redraw: the next of a fixed sequence from the first one."""
    import random

    return random.Random(seed).randrange(2**31)


def draw(game_id: str, raw: dict, fixed: set[str], have: set[str], seed: int, overrides: dict) -> dict:
    """The draw for ``seed``, with the owner's overrides as ``new`` will use them (kept under "overrides")."""
    from automata.core import collection as core

    return core.draw(game_id, {**raw, "overrides": overrides}, fixed, have, seed)


def show(env: Env, lines: list) -> None:
    """The drawn setup, a line each, indented under its title; a long line wraps under its own start."""
    from ..aftergame.played import print_lines, wrapped

    for line in lines:
        text = env.t.render(line)
        lead = 2 + len(text) - len(text.lstrip())
        print_lines(env, wrapped(text.strip(), env.out.width, indent=lead, hang=2))


def _draw_and_keep(env: Env, game_id: str, raw: dict, fixed: set[str], have: set[str], q) -> dict:
    import secrets

    from automata.core import collection as core
    from automata.core.steps import ONE_OF, Ask, Choice, Msg

    from ..commands.saves import read_overrides

    overrides = read_overrides(env, game_id)
    seed = env.seed if env.seed is not None else secrets.randbelow(2**31)
    empty = core.nothing_open(game_id, {**raw, "overrides": overrides}, fixed, have)
    if empty is not None:  # nothing to draw: say why and how to get a draw; keep/redraw would change nothing
        if not env.json:
            env.out.print(env.t.render(empty))
        env.seed = seed
        drawn = draw(game_id, raw, fixed, have, seed, overrides)
        drawn.pop("overrides", None)
        return drawn
    ask = Ask("new.random", Msg("core.random.ask"), ONE_OF,
              (Choice("keep", Msg("core.random.keep")), Choice("redraw", Msg("core.random.redraw"))), default="keep")
    while True:
        try:
            drawn = draw(game_id, raw, fixed, have, seed, overrides)
        except ValueError:
            raise CliError(env.t("core.random.error.cannot", game=game_id), Exit.USAGE) from None
        if not env.json:
            env.out.print(env.t("core.random.title", seed=seed))
            show(env, core.describe(game_id, drawn))
        said = env.t("core.random.default_keep")
        if q.ask(ask, None, "keep", "--answer new.random=redraw", said) == "keep":
            break
        seed = next_seed(seed)
    env.seed = seed
    drawn.pop("overrides", None)
    q.say_defaults()
    return drawn
