"""Every name of a game works everywhere (issue 36 item 8): the ids and aliases come from one table,
``automata.core.games.GAMES``, and every command that takes a game accepts each of them alike. Before, ``tabletop
citow`` and ``rules citow`` worked while ``new citow`` and ``setup-list citow`` were refused, because each game
wrote its own ``new`` aliases by hand."""

from __future__ import annotations

import json

import pytest

from automata.core.games import GAMES
from cli_checks import tt

#: (name, the game it names) for every name the registry gives a game
NAMES = [(name, g.id) for g in GAMES for name in (g.id, *g.aliases)]


@pytest.mark.parametrize("name, game_id", NAMES)
def test_every_command_that_takes_a_game_takes_every_name_of_it(name, game_id):
    from automata.core.collection import content

    # `new NAME` and `setup-list NAME`: the game's own command (its options), not "no such command"
    for group in ("new", "setup-list"):
        shown = tt(group, name, "--help", env={"COLUMNS": "200"})
        assert shown.exit_code == 0, (group, name, shown.output)
        assert "--random" in shown.output or group == "setup-list"
    listed = tt("--json", "setup-list", name, *(["--humans", "1"] if game_id == "toc" else []))
    assert listed.exit_code == 0, listed.output
    assert json.loads(listed.output)["game"] == game_id
    # the game's own group
    group = tt(name, "--help")
    assert group.exit_code == 0 and "status" in group.output, group.output
    # the commands that read the saves or the data, by the game
    for args in (("stats", name), ("--game", name, "stats"), ("--game", name, "history"), ("rules", name), ("data", "check", name), ("collection", "add", name, content(game_id)[0])):
        ran = tt(*args)
        assert ran.exit_code == 0, (args, ran.output)


@pytest.mark.parametrize("name, game_id", NAMES)
def test_the_shells_completion_of_a_game_name_offers_only_names_of_that_game(name, game_id):
    from automata.core.games import find_game
    from cli.commands.complete import game_names

    offered = game_names(name)
    assert offered and all(find_game(n).id == game_id for n in offered)


def test_new_lists_each_game_once_by_its_id():
    """The aliases are hidden copies: `new --help` lists the ids only."""
    shown = tt("new", "--help", env={"COLUMNS": "200"})
    listed = {line.split()[0] for line in shown.output.splitlines() if line.startswith("  ") and line.split()}
    assert {g.id for g in GAMES} <= listed
    assert not listed & {a for g in GAMES for a in g.aliases}


def test_a_name_that_is_no_game_is_refused_as_a_game_with_the_closest_names():
    """`new` and `setup-list` take a game: a wrong name is "no such game" (not "command"), with the closest of every
    name a game answers to (its aliases too), in the table's language."""
    from cli_checks import tt

    r = tt("--lang", "pt-BR", "new", "xadrez")
    assert r.exit_code == 2 and "Não existe o jogo 'xadrez'" in r.output and "comando 'xadrez'" not in r.output, r.output
    r = tt("new", "chaos-in-the-old")
    assert r.exit_code == 2 and "No such game" in r.output and "chaos-in-the-old-world" in r.output, r.output
    r = tt("setup-list", "radland")
    assert r.exit_code == 2 and "Did you mean: radlands?" in r.output, r.output
    assert "No such command 'nosuch'" in tt("chaos", "nosuch").output  # a game's own group still has commands
