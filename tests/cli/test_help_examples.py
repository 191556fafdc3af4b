"""Help that does not contradict itself (issue 27, item 3).

Every example of every ``--help`` screen is run as written and must not be refused; the help shows only the
ranges a rule gives (not the program's guards, ±1,000,000 and the largest seed); its metavars speak the table's
language; a refused option says only its error; the shell completes save names after ``use``, ``restore`` and
``--game`` and game names after ``rules`` and ``new``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

import pytest

from cli_checks import tt

GAMES = ("chaos", "toc", "radlands", "anachrony")
#: Example lines that name no game but act on one (a correction is a Radlands one; an export, a finished game):
#: the save made current for them.
GAME_OF = {"tabletop fix": "radlands", "tabletop export": "radlands-duel"}
#: Saves the examples name, with the game they hold.
NAMED = {"friday": "chaos", "chaos-1": "chaos"}


def _screens():
    """(path, examples) of every help screen, walking the whole command tree as the help does."""
    import typer

    from cli.terminal import helpstyle
    from cli.commands.env import Env, set_current
    from cli.main import app

    set_current(Env(lang="en"))
    root = typer.main.get_command(app)
    from typer._click.core import Context

    out = []

    def walk(cmd, ctx):
        path = helpstyle.command_path(ctx)
        out.append((path or "tabletop", helpstyle.examples_of(path)))
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    walk(sub, Context(sub, info_name=name, parent=ctx))

    walk(root, Context(root, info_name="tabletop"))
    return out


SCREENS = _screens()
EXAMPLES = sorted({line for _, lines in SCREENS for line in lines})


def test_every_screen_has_examples_and_every_game_is_walked():
    paths = {p for p, _ in SCREENS}
    assert len(paths) >= 39 and {"new.anachrony", "chaos.odds", "radlands.event", "data.check"} <= paths
    assert all(lines for _, lines in SCREENS)


@pytest.fixture(scope="module")
def played_home(tmp_path_factory):
    """A home holding a game of each kind where its examples apply: Chaos with its 8 setup steps played (log,
    undo 3), Radlands past setup (event, raid, fix), Anachrony solo (its opponent), Time of Crisis new; plus the
    saves the examples name."""
    home = tmp_path_factory.mktemp("examples") / "home"
    old = os.environ.get("TABLETOP_HOME")
    os.environ["TABLETOP_HOME"] = str(home)
    try:
        made = {"chaos": [], "toc": ["--humans", "1"], "radlands": ["--players", "Ana,Bruno", "--first-game"],
                "anachrony": ["--players", "1", "--opponent", "chronobot"]}
        for game, args in made.items():
            assert tt("new", game, "--name", game, "--seed", "3", *args).exit_code == 0
        setup = [a for n in range(1, 9) for a in ("--answer", f"chaos.setup.{n}=yes")]
        assert tt("--game", "chaos", "play", *setup).exit_code == 2  # stops at the Old World card
        r = tt("--game", "radlands", "play", "--answer", "experienced=Ana", "--answer", "flip=1", "--dice", "table")
        assert "Stopped at question 'action'" in r.output, r.output  # Ana's first action: setup is over
        for name, game in NAMED.items():
            shutil.copytree(home / "games" / game, home / "games" / name)
        import finished_saves  # tests/state/: a finished game, as 'tabletop play' leaves it

        finished_saves.build(home, ["radlands-duel"])
    finally:
        if old is None:
            os.environ.pop("TABLETOP_HOME", None)
        else:
            os.environ["TABLETOP_HOME"] = old
    return home


def _game_of(line: str) -> str:
    for prefix, game in GAME_OF.items():
        if line.startswith(prefix + " "):
            return game
    words = line.split()
    return next((w for w in words if w in GAMES), "chaos")


def _as_the_example_means(args: list[str], home: Path, current: str) -> None:
    """The save an example acts on, as it expects it: 'new … --name X' makes X (not yet saved); 'restore [X]'
    puts back the backup of a damaged save (X, else the current one)."""
    if args[:1] == ["new"] and "--name" in args:
        shutil.rmtree(home / "games" / args[args.index("--name") + 1], ignore_errors=True)
    if args[:1] == ["restore"]:
        folder = home / "games" / (args[1] if len(args) > 1 else current)
        assert (folder / "save.toml.bak").exists() or any(folder.glob("*.bak")), list(folder.iterdir())
        (folder / "save.toml").write_text("damaged = [", encoding="utf-8")


@pytest.mark.parametrize("line", EXAMPLES)
def test_every_help_example_is_accepted(line, played_home, tmp_path, monkeypatch):
    """Run as written, on a copy of a home with a game of each kind (the one it names current); refused would
    be a usage error or a check saying no. 'serve' would wait for phones: its options are parsed only."""
    home = tmp_path / "home"
    shutil.copytree(played_home, home)
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    monkeypatch.chdir(tmp_path)  # a file an example writes (an export) lands there
    monkeypatch.setenv("EDITOR", "true")  # '--edit' opens the owner's file in an editor that changes nothing
    monkeypatch.setenv("VISUAL", "true")
    current = _game_of(line)
    (home / "current").write_text(current + "\n", encoding="utf-8")
    args = shlex.split(line)[1:]
    _as_the_example_means(args, home, current)
    if args[:1] == ["serve"]:
        import typer

        from cli.main import app

        root = typer.main.get_command(app)
        ctx = root.make_context("tabletop", ["serve"])
        root.get_command(ctx, "serve").make_context("serve", args[1:], parent=ctx)  # raises on a refused option
        return
    r = tt(*args)
    if r.exit_code == 2 and "Stopped at question" in r.output:
        return  # it plays until the table must answer: accepted
    assert r.exit_code == 0, f"{line}\n{r.output}"


def test_help_shows_only_the_rules_ranges():
    for screen in (["log", "--help"], ["undo", "--help"], ["chaos", "domination", "--help"], ["new", "toc", "--help"],
                   ["play", "--help"], ["serve", "--help"]):
        out = tt(*screen).stdout
        assert "1000000" not in out and "9223372036854775807" not in out, screen
    assert "1<=x<=3" in tt("new", "toc", "--help").stdout  # the rule's own range stays (1 to 3 humans)
    assert "0<=x<=65535" in tt("serve", "--help").stdout


def test_metavars_speak_the_tables_language():
    out = tt("--lang", "pt-BR", "play", "--help").stdout
    for english in ("<str>", "<int range>", "<path>"):
        assert english not in out, english
    assert "--answer <texto>" in out and "--answers <arquivo>" in out and "--steps <número>" in out
    odds = tt("--lang", "pt-BR", "chaos", "odds", "--help").stdout
    assert "DICE" not in odds.split("Exemplos")[0] and re.search(r"Uso: \S+ chaos odds \[OPÇÕES\] \{DADOS\}", odds)
    rules = tt("--lang", "pt-BR", "rules", "--help").stdout
    assert "[jogo] [palavras]..." in rules
    assert "--game <str>" in tt("play", "--help").stdout  # English stays as the framework writes it
    assert "--game" in out and "--jogo" not in out  # an option's own name is never translated


def test_the_not_found_message_names_the_game():
    for lang, text in (("en", "No rule or card of Chaos in the Old World matches 'zzqx'"),
                       ("pt-BR", "Nenhuma regra ou carta de Chaos in the Old World corresponde a 'zzqx'")):
        r = tt("--lang", lang, "rules", "chaos", "zzqx")
        assert r.exit_code == 2 and text in r.output and "tabletop rules chaos" in r.output


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_refused_option_says_only_its_error(lang):
    """With an unfinished game of the kind, options asking for a new one: refused, nothing else is said;
    accepted, the unfinished game is named (how to resume it) and the new game starts."""
    assert tt("new", "anachrony", "--players", "2").exit_code == 0
    r = tt("--lang", lang, "new", "anachrony", "--players", "1", "--modules", "intrigues")
    assert r.exit_code == 2
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and "anachrony-1" not in r.output, r.output
    r = tt("--lang", lang, "new", "anachrony", "--players", "1", "--opponent", "chronossus", "--modules", "hypersync")
    assert r.exit_code == 0 and "anachrony-1" in r.output and "anachrony-2" in r.output


def _complete(args, incomplete):
    import typer
    from typer._completion_classes import BashComplete

    from cli.main import app

    root = typer.main.get_command(app)
    return [c.value for c in BashComplete(root, {}, "tabletop", "_TABLETOP_COMPLETE").get_completions(args, incomplete)]


def test_completion_offers_save_names_and_game_names():
    assert tt("new", "chaos", "--name", "friday").exit_code == 0
    assert tt("new", "toc", "--name", "rome").exit_code == 0
    assert _complete(["use"], "") == ["friday", "rome"]
    assert _complete(["use"], "fr") == ["friday"]
    assert _complete(["restore"], "r") == ["rome"]
    assert _complete(["--game"], "") == ["friday", "rome"]
    assert _complete(["status", "--game"], "ro") == ["rome"]
    assert _complete(["rules"], "") == list(GAMES)
    assert _complete(["rules"], "ra") == ["radlands"]
    assert _complete(["new"], "") == sorted(GAMES)
    assert _complete(["new"], "an") == ["anachrony"]


def test_completion_with_no_saves_offers_nothing_and_never_fails(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "none"))
    assert _complete(["use"], "") == []
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "file"))  # not a folder
    assert _complete(["use"], "") == []
