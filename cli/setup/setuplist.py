"""``tabletop setup-list GAME [options]``: the component list of a setup without starting a game.

One command for every game: its sub-commands are the ``tabletop new GAME`` commands (the same option names, the
same checks through the game's ``check_options`` and the owner's overrides), less ``--name`` and ``--another``;
the list itself comes from the game's module (``automata.core.components``), for what the collection owns (what
``new`` would refuse is refused the same way, ``cli/setup/setupdraw.py`` ``owned_setup``). Plain text at most 60 columns wide
(printable), or ``--json``.
"""

from __future__ import annotations

import copy
import textwrap

from ..commands.env import current

WIDTH = 60
NOT_OPTIONS = ("name", "another", "random_setup", "draws")  # which save, the drawn setup of `new --random`, and who
# draws Anachrony's random tiles (app or table): none of them changes what comes out of the box


def build_group(new_group, group_cls):
    """The ``setup-list`` group: a copy of each ``new GAME`` command (aliases too) that lists instead of starting."""
    group = group_cls(name="setup-list", no_args_is_help=True, rich_markup_mode=None,
                      help="The components to take out of the box for a setup: tabletop setup-list GAME [options].")
    from automata.core.games import find_game

    for name, cmd in new_group.commands.items():
        game_id = find_game(name).id
        clone = copy.copy(cmd)
        clone.params = [p for p in cmd.params if p.name not in NOT_OPTIONS]
        clone.callback = _callback(game_id)
        group.add_command(clone, name)
    return group


def _callback(game_id: str):
    def callback(**params):
        show(game_id, {k: v for k, v in params.items() if v is not None})

    return callback


def show(game_id: str, raw: dict) -> None:
    from automata.core.components import components, lines
    from automata.core.games import load_game

    from ..gamecli import optional
    from ..commands.saves import checked_options
    from .setupdraw import owned_setup

    env = current()
    raw = optional(game_id, "setup_list_options")(env, raw)  # the options as `new` takes them (cli/gamecli.py)
    raw = owned_setup(env, game_id, raw, listing=True)  # what `new` would refuse, refused here
    options = checked_options(env, load_game(game_id), game_id, raw)
    items = components(game_id, options)
    if env.json:
        env.emit_json({"ok": True, "game": game_id, "options": {k: v for k, v in options.items() if k != "overrides"},
                       "components": [{**it, "text": env.t.render(_msg(it["what"]))} for it in items]})
        return
    from rich.markup import escape

    for m, style in lines(game_id, items):
        item = style == "do"  # an item: its text wraps under the text, clear of the box "[ ] "
        for line in textwrap.wrap(env.t.render(m), WIDTH, initial_indent="  " if item else "",
                                  subsequent_indent="      " if item else "", break_on_hyphens=False) or [""]:
            env.out.print(escape(line), soft_wrap=True, highlight=False)


def _msg(data: dict):
    from automata.core.steps import Msg

    return Msg.from_data(data)
