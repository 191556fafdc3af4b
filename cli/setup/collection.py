"""``tabletop collection``: what the table owns, per game; ``collection add|remove GAME ITEM…`` changes it.

The file is the owner's (``$TABLETOP_HOME/collection.toml``, read by ``state/collection.py``): it is edited in place
(``cli/setup/owner_toml.py``), so comments and layout stay. Without it everything is owned. The first change writes
every game's table, all owned, then the change, so the owner sees every item they can set.
"""

from __future__ import annotations

from typing import List

import typer

from ..commands.env import CliError, Env, Exit, current
from ..gamecli import ids_text

collection_app = typer.Typer(help="What the table owns, per game (without a collection file: everything).",
                             invoke_without_command=True)

HEADER = ("# What this table owns, per game (tabletop collection). true: owned; false: not owned.\n"
          "# 'tabletop new' offers only what is owned; '--random' draws only from it. Delete the file: everything owned.\n")


def read(env: Env) -> dict | None:
    """The collection, or None without a file; a damaged file is an error naming the file and line (exit 1)."""
    from state.collection import CollectionError, read as read_file

    try:
        return read_file()
    except CollectionError as e:
        raise CliError(env.t.render(e.msg), Exit.FAILURE) from None


def find_game_id(env: Env, name: str) -> str:
    from automata.core.games import GAMES, UnknownGame, find_game

    try:
        return find_game(name).id
    except UnknownGame as e:
        raise CliError(env.t("core.error.unknown_game", name=name, valid=", ".join(g.id for g in GAMES), close=", ".join(e.close))) from None


def find_item(env: Env, game_id: str, name: str) -> str:
    from automata.core.closest import close_matches
    from automata.core.collection import content

    items = content(game_id)
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key in items:
        return key
    raise CliError(env.t("core.collection.error.unknown_item", name=name, game=game_id, valid=", ".join(items),
                         close=", ".join(close_matches(key, items))))


def picture(collection: dict | None) -> dict:
    """{game: {"owned": [...], "not_owned": [...], "box_not_owned": {item: box}}} for every game, the items in the
    game's order; ``box_not_owned``: the items marked owned that are not, because their box is not."""
    from automata.core.collection import box_not_owned, content, owned
    from automata.core.games import GAMES

    out = {}
    for g in GAMES:
        have = owned(g.id, collection)
        out[g.id] = {"owned": [i for i in content(g.id) if i in have], "not_owned": [i for i in content(g.id) if i not in have],
                     "box_not_owned": box_not_owned(g.id, collection)}
    return out


@collection_app.callback()
def collection_command(ctx: typer.Context) -> None:
    """What the table owns, per game (without a collection file: everything)."""
    if ctx.invoked_subcommand is None:
        show(current())


def show(env: Env) -> None:
    from automata.core.games import find_game
    from state.paths import collection_file

    collection = read(env)
    games = picture(collection)
    path = collection_file()
    if env.json:
        env.emit_json({"ok": True, "file": str(path), "exists": collection is not None, "games": games})
        return
    from automata.core.collection import content

    from ..aftergame.played import print_lines, wrapped

    head = env.t("core.collection.file" if collection is not None else "core.collection.no_file", path=str(path))
    print_lines(env, wrapped(head, env.out.width, hang=2))
    for game, row in games.items():
        env.out.print(env.t("core.collection.game", game=find_game(game).name))
        order = content(game)  # the game's own order, whether owned or not (a removed item stays in its place)
        for item in sorted(row["owned"] + row["not_owned"], key=lambda i: order.index(i) if i in order else len(order)):
            box = row["box_not_owned"].get(item)
            key = "core.collection.owned" if item in row["owned"] else "core.collection.not_owned_box" if box \
                else "core.collection.not_owned"
            text = env.t(key, item=env.t(f"core.collection.item.{game}.{item}"), id=item,
                         box=env.t(f"core.collection.item.{game}.{box}") if box else "")
            lead = len(text) - len(text.lstrip())  # a long line wraps under its item, not at the left edge
            print_lines(env, wrapped(text.strip(), env.out.width, indent=lead, hang=2))
    how = env.t("core.collection.how", example="tabletop collection remove anachrony intrigues")
    print_lines(env, wrapped(how, env.out.width, hang=2))


@collection_app.command("add")
def add_command(game: str = typer.Argument(..., help=f"The game ({ids_text()})."),
                items: List[str] = typer.Argument(..., help="What the table now owns (see 'tabletop collection').")) -> None:
    """Mark items as owned."""
    change(current(), game, items, True)


@collection_app.command("remove")
def remove_command(game: str = typer.Argument(..., help=f"The game ({ids_text()})."),
                   items: List[str] = typer.Argument(..., help="What the table does not own (see 'tabletop collection').")) -> None:
    """Mark items as not owned."""
    change(current(), game, items, False)


def change(env: Env, game: str, items: list[str], value: bool) -> None:
    from automata.core.collection import content
    from automata.core.games import GAMES, find_game
    from state.collection import read_text
    from state.paths import collection_file

    from .owner_toml import updated_text, write_owner_file

    game_id = find_game_id(env, game)
    chosen = [find_item(env, game_id, i) for i in items]
    collection = read(env)  # a damaged file is refused before anything is written
    old_text = read_text() or ""
    new = {gid: dict(table) for gid, table in (collection or {}).items()}
    if collection is None:
        old_text = HEADER
        new = {g.id: {i: True for i in content(g.id)} for g in GAMES}
    table = new.setdefault(game_id, {})
    for i in content(game_id):
        table.setdefault(i, True)
    for i in chosen:
        table[i] = value
    write_owner_file(collection_file(), updated_text(old_text, new), backup=False)
    word = "core.collection.added" if value else "core.collection.removed"
    names = [env.t(f"core.collection.item.{game_id}.{i}") for i in chosen]
    games = picture(read(env))
    if env.json:
        env.emit_json({"ok": True, "game": game_id, "owned" if value else "not_owned": chosen, "games": games})
        return
    env.out.print(env.t(word, items=", ".join(names), game=find_game(game_id).name))
    waiting = {i: b for i, b in games[game_id]["box_not_owned"].items() if i in chosen and value}
    for box in dict.fromkeys(waiting.values()):  # added, but still not owned: its box is not
        items = ", ".join(env.t(f"core.collection.item.{game_id}.{i}") for i, b in waiting.items() if b == box)
        env.out.print(env.t("core.collection.box_missing", items=items, box=env.t(f"core.collection.item.{game_id}.{box}"),
                            game=game_id, box_id=box))
