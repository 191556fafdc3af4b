"""The command line's contract (cli/gamecli.py; ../shared/DESIGN.md "The command line has a contract too", issue 40
item 1): every game's ``cli/<game>/`` keeps it, a game that lacks a piece is named, every name of a game works for
its group, ``new`` and ``setup-list`` because they come from the registry, and no core room of ``cli/`` names a
game."""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import pytest

from automata.core import games
from automata.core.games import GAMES, GameInfo
from cli import gamecli
from cli_checks import tt

CLI = Path(gamecli.__file__).parent


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_every_game_keeps_the_cli_contract(game_id):
    assert gamecli.problems(game_id) == []
    assert gamecli.folder(game_id).joinpath("rules.toml").is_file()  # its rule topics (cli/rules)


def test_a_game_missing_a_piece_is_named(monkeypatch):
    import cli.radlands

    monkeypatch.delattr(cli.radlands, "show_summary")
    assert gamecli.problems("radlands") == ["show_summary"]
    monkeypatch.setattr(cli.radlands, "app", object())  # not a command group
    monkeypatch.setattr(cli.radlands, "rule_components", {})  # an optional hook that is no function
    assert gamecli.problems("radlands") == ["app (not a command group)", "show_summary", "rule_components (not a function)"]


def test_an_optional_piece_left_out_has_its_stand_in(monkeypatch):
    import cli.chaos

    assert not hasattr(cli.chaos, "after_step") and gamecli.optional("chaos", "after_step") is None
    raw = {"powers": "3"}
    assert gamecli.optional("toc", "setup_list_options")(None, raw) is raw  # Time of Crisis has no such hook
    monkeypatch.delattr(cli.chaos, "PLAYER_COUNT", raising=False)
    assert gamecli.optional("chaos", "PLAYER_COUNT") == frozenset()


@pytest.mark.parametrize("name", [n for g in GAMES for n in (g.id, *g.aliases)])
def test_every_name_of_a_game_works_for_its_group_new_and_setup_list(name):
    for words in ([name], ["new", name], ["setup-list", name]):
        r = tt(*words, "--help")
        assert r.exit_code == 0 and "Usage:" in r.output, (words, r.output)


def test_a_fifth_game_changes_nothing_in_the_core(monkeypatch):
    """A game registered in automata/core/games.py with its cli/<game>/ gets its group, 'new' and 'setup-list' under
    its id and its alias, with nothing written for it in cli/main.py (it borrows Chaos's pieces here)."""
    import cli.chaos
    import cli.main

    fifth = GameInfo("fifth", ("5th",), "automata.chaos.game", "A Fifth Game", True)
    monkeypatch.setattr(games, "GAMES", (*GAMES, fifth))
    monkeypatch.setitem(sys.modules, "cli.fifth", cli.chaos)
    monkeypatch.setattr(cli.main.new_app, "registered_commands", list(cli.main.new_app.registered_commands))
    assert gamecli.game_cli("5th") is cli.chaos
    for words in (["fifth"], ["5th"], ["new", "fifth"], ["new", "5th"], ["setup-list", "5th"]):
        r = tt(*words, "--help")
        assert r.exit_code == 0 and "Usage:" in r.output, (words, r.output)


# -- no core room names a game ----------------------------------------------------------------------------------

#: the core rooms of cli/: every module but the games' packages
CORE = sorted(p for p in CLI.rglob("*.py") if p.relative_to(CLI).parts[0] not in {g.id for g in GAMES})

#: where a core room may name a game, each with why; only string literals that are whole example command lines
#: ("tabletop …"), since an example the table can type must name a real game and item
ALLOWED = {
    "terminal/helpstyle.py": "the core commands' help examples (tabletop new chaos, tabletop rules toc senado …)",
    "setup/collection.py": "the example of how to change the collection (tabletop collection remove anachrony intrigues)",
}


def _game_words() -> re.Pattern:
    words = {w for g in GAMES for w in (g.id, *g.aliases, g.name)}
    return re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?![\w-])",
                      re.IGNORECASE)


def _docstrings(source: str) -> set[tuple[int, int]]:
    """Where each bare string statement (a docstring, an attribute's note) starts: words, not code."""
    return {(n.lineno, n.col_offset) for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)}


def game_names_in(path: Path) -> list[str]:
    """Each name or string literal of ``path``'s code (comments and docstrings left out) that names a game."""
    source = path.read_text("utf-8")
    skip = _docstrings(source)
    words = _game_words()
    allowed = path.relative_to(CLI).as_posix() in ALLOWED
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in (tokenize.NAME, tokenize.STRING) or tok.start in skip:
            continue
        if allowed and tok.type == tokenize.STRING and re.match(r"^[rfb]*['\"]tabletop ", tok.string):
            continue
        if words.search(tok.string.replace("_", " ")):  # chaos_powers, "core.new.ask.toc_players" too
            out.append(f"{path.relative_to(CLI)}:{tok.start[0]}: {tok.string}")
    return out


def test_no_core_room_names_a_game():
    assert CLI / "main.py" in CORE and CLI / "rules" / "__init__.py" in CORE
    found = [hit for path in CORE for hit in game_names_in(path)]
    assert found == []


def test_the_guard_sees_a_game_named_in_code(tmp_path, monkeypatch):
    """The guard itself: a game's id in code is found, in a comment or docstring it is not."""
    room = CLI / "x_probe_room.py"  # never written: the check reads the path given
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: (
        '"""Chaos in the Old World is named here in words."""\n'
        '# toc in a comment\n'
        'if game_id == "chaos":\n'
        '    pass\n'))
    assert game_names_in(room) == ['x_probe_room.py:3: "chaos"']
