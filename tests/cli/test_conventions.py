"""Issue 16, "Conventions of command-line tools": the language stays with the game, the README's main command run
twice continues the game, `new` offers the player count at a terminal and says its defaults off-terminal, one help
style (Global options and Examples on every screen, -h, -V/--version), shell completion, and the framework's own
words in the table's language (help, "Usage:", "No such option", "Missing argument", "Invalid value", "Try … for
help", a misspelt command with --lang pt-BR)."""

from __future__ import annotations

import inspect
import json
import os
import shlex
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.terminal.helpstyle import all_examples
from cli.words.i18n import LOCALES
from cli.main import app

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def tt(*args: str, env: dict | None = None):
    return runner.invoke(app, list(args), env=env, prog_name="tabletop")


def without_lang(monkeypatch):
    monkeypatch.delenv("TABLETOP_LANG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


# -- the language stays with the game ----------------------------------------------------------------------------


def test_a_game_keeps_the_language_it_was_started_in(monkeypatch):
    """issue 16: `tabletop new … --lang pt-BR`, then a plain `tabletop play` speaks Portuguese."""
    without_lang(monkeypatch)
    assert tt("new", "chaos", "--lang", "pt-BR", "--seed", "1").exit_code == 0
    save = tomllib.loads((Path(os.environ["TABLETOP_HOME"]) / "games" / "chaos-1" / "save.toml").read_text("utf-8"))
    assert save["settings"]["lang"] == "pt-BR"
    r = tt("play", "--steps", "1")  # stops at the first question (no terminal): what matters is its language
    assert "Preparação" in r.output and "Setup" not in r.output and "Parado na pergunta" in r.output
    r = tt("statsu")  # before any command is resolved, the game's language is known
    assert "Não existe o comando 'statsu'" in r.output and "Uso:" in r.output


def test_an_explicit_language_still_wins_over_the_games(monkeypatch):
    without_lang(monkeypatch)
    assert tt("new", "chaos", "--lang", "pt-BR", "--seed", "1").exit_code == 0
    assert "Setup" in tt("play", "--steps", "1", "--lang", "en").output
    monkeypatch.setenv("TABLETOP_LANG", "en")
    assert "Setup" in tt("play", "--steps", "1").output


def test_a_game_started_in_english_stays_english_on_a_portuguese_computer(monkeypatch):
    without_lang(monkeypatch)
    assert tt("new", "toc", "--lang", "en", "--seed", "2").exit_code == 0
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    r = tt("play", "--steps", "1")
    assert "Setup" in r.output and "Preparação" not in r.output, r.output


# -- the README's main command run twice ---------------------------------------------------------------------------


SETUP = [a for n in (1, 2, 3) for a in ("--answer", f"chaos.setup.{n}=yes")]


def test_new_without_options_resumes_the_unfinished_game_of_its_kind():
    """issue 16: the README's main command (`tabletop new chaos && tabletop play`) run twice continues the game."""
    assert tt("new", "chaos", "--seed", "3").exit_code == 0
    assert tt("play", "--steps", "2", *SETUP).exit_code == 0
    assert tt("new", "toc", "--seed", "4").exit_code == 0  # another kind: the current game is now toc-1
    r = tt("new", "chaos")
    assert r.exit_code == 0, r.output
    assert "'chaos-1' is an unfinished game of Chaos in the Old World" in r.output and "tabletop play" in r.output
    assert "--another" in r.output
    games = json.loads(tt("--json", "games").stdout)["games"]
    assert [g["name"] for g in games] == ["chaos-1", "toc-1"]
    assert [g["name"] for g in games if g["current"]] == ["chaos-1"]
    r = tt("play", "--steps", "1", *SETUP)  # continues the same game: its journal grows
    assert r.exit_code == 0, r.output
    assert json.loads(tt("--json", "games").stdout)["games"][0]["steps"] == 3


def test_another_or_a_name_or_options_start_a_second_game():
    assert tt("new", "chaos", "--seed", "3").exit_code == 0
    r = tt("--json", "new", "chaos")
    assert json.loads(r.stdout) == {"ok": True, "name": "chaos-1", "game": "chaos", "resumed": True, "unfinished": ["chaos-1"]}
    assert json.loads(tt("--json", "new", "chaos", "--another").stdout)["name"] == "chaos-2"
    assert json.loads(tt("--json", "new", "chaos", "--name", "friday").stdout)["name"] == "friday"
    r = tt("new", "chaos", "--powers", "khorne,nurgle,tzeentch")  # options: the table asked for a new game
    assert r.exit_code == 0 and "New game 'chaos-3'" in r.output
    assert "Unfinished games of Chaos in the Old World: chaos-1, chaos-2, friday" in r.output


# -- the player count ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game, words", [
    ("chaos", "Powers Khorne, Nurgle, Tzeentch, Slaanesh (to choose: --powers)"),
    ("toc", "one human player and the bots red, blue, yellow (to choose: --humans, --bots)"),
    ("radlands", "the players called Player A and Player B (to choose: --players)"),
    ("anachrony", "two players (to choose: --players); the base game without modules (to choose: --modules)"),
])
def test_without_a_terminal_the_first_line_says_the_defaults(game, words):
    r = tt("new", game, "--seed", "5")
    assert r.exit_code == 0, r.output
    first = r.output.splitlines()[0]
    assert first == f"No terminal to ask, so the defaults stand: {words}."


def test_the_player_count_questions_have_ids_answered_by_answer():
    r = tt("--json", "new", "chaos", "--answer", "new.chaos.count=3", "--answer", "new.chaos.powers=nurgle,slaanesh,khorne")
    assert json.loads(r.stdout)["options"]["powers"] == ["khorne", "nurgle", "slaanesh"]
    r = tt("--json", "new", "toc", "--answer", "new.toc.humans=2", "--answer", "new.toc.bots=green,blue")
    options = json.loads(r.stdout)["options"]
    assert options["humans"] == 2 and options["bots"] == ["blue", "green"]
    r = tt("new", "chaos", "--another", "--answer", "new.chaos.count=5")
    assert r.exit_code == 2 and "new.chaos.count" in r.output


def test_the_solo_opponent_question_is_answered_by_answer_without_a_terminal():
    """docs/playing.md, Starting a game: the questions of 'new' have ids ('new.anachrony.opponent' among them), "so --answer
    answers them"; without a terminal the answer given is the solo opponent (rules file §3.1: with modules the
    Chronossus only, so the Chronobot is refused with the reason)."""
    r = tt("--json", "new", "anachrony", "--answer", "new.anachrony.players=1", "--answer", "new.anachrony.modules=hypersync",
           "--answer", "new.anachrony.opponent=chronossus")
    assert r.exit_code == 0 and json.loads(r.stdout)["options"]["opponent"] == "chronossus", r.output
    r = tt("--json", "new", "anachrony", "--another", "--answer", "new.anachrony.players=1",
           "--answer", "new.anachrony.opponent=chronobot")
    assert r.exit_code == 0 and json.loads(r.stdout)["options"]["opponent"] == "chronobot", r.output
    r = tt("new", "anachrony", "--another", "--players", "1", "--modules", "hypersync",
           "--answer", "new.anachrony.opponent=chronobot")
    assert r.exit_code == 2 and "new.anachrony.opponent" in r.output, r.output


def test_restore_of_a_sound_save_is_refused_as_bad_input():
    """docs/playing.md, Saves: 'restore' "refuses a save that is not damaged"; docs/reference.md, exit codes: 1 is a failure such as a
    damaged save, 2 bad input. Nothing is wrong with a sound save: asking to restore it is the bad input."""
    assert tt("new", "chaos", "--name", "sound").exit_code == 0
    r = tt("restore", "sound")
    assert r.exit_code == 2 and "nothing to restore" in r.output, r.output


def test_given_options_ask_nothing_and_say_no_defaults():
    r = tt("new", "chaos", "--powers", "khorne,nurgle,tzeentch,slaanesh")
    assert "defaults" not in r.output and r.output.startswith("New game")


# -- help, version, the framework's words --------------------------------------------------------------------------


def screens():
    """Every screen of the program: (command words, click command)."""
    import typer
    from typer._click.core import Context

    root = typer.main.get_command(app)
    out = []

    def walk(cmd, words, ctx):
        out.append((words, cmd, ctx))
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    walk(sub, words + [name], Context(sub, parent=ctx, info_name=name))

    walk(root, [], Context(root, info_name="tabletop"))
    return out


SCREENS = [words for words, _, _ in screens()]


def test_every_screen_is_counted():
    assert len(SCREENS) >= 35


@pytest.mark.parametrize("words", SCREENS, ids=lambda w: " ".join(w) or "tabletop")
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_screen_has_one_help_style_with_examples_and_the_global_options(words, lang):
    r = tt("--lang", lang, *words, "-h")
    assert r.exit_code == 0, r.output
    heads = {"en": ("Usage: ", "Examples:", "Global options"), "pt-BR": ("Uso: ", "Exemplos:", "Opções globais")}[lang]
    assert r.output.startswith(heads[0])
    assert heads[1] in r.output
    if words:
        assert heads[2] in r.output and "--lang" in r.output.split(heads[2])[1]
    assert "╭" not in r.output  # no rich boxes: one style
    if lang == "pt-BR":
        for english in ("Show this message", "Options:", "Arguments:", "Commands:", "[default:", "[required]"):
            assert english not in r.output, (english, r.output)


def test_new_help_keeps_its_brackets():
    """issue 16: `new --help` lost "[options]" to markup."""
    assert "tabletop new GAME [options]." in tt("new", "--help").output


def test_the_english_help_catalog_is_the_codes_help():
    """The English catalog holds the same help texts as the code (so that they never drift apart)."""
    table = tomllib.loads((LOCALES / "en" / "core_help.toml").read_text("utf-8"))
    pt = tomllib.loads((LOCALES / "pt-BR" / "core_help.toml").read_text("utf-8"))
    for words, cmd, ctx in screens():
        path = ".".join(words)
        assert table[f"core.help.cmd.{path or 'tabletop'}"] == inspect.cleandoc(cmd.help or ""), path
        assert f"core.help.cmd.{path or 'tabletop'}" in pt
        for p in cmd.params:
            if p.name == "help" or getattr(p, "hidden", False) or not getattr(p, "_tabletop_help", getattr(p, "help", None)):
                continue
            key = f"core.help.opt.{path}.{p.name}" if path else f"core.help.opt.{p.name}"
            assert table[key] == getattr(p, "_tabletop_help", p.help), key
            assert key in pt


def test_every_example_runs(monkeypatch):
    """Every command line of the Examples sections is a valid command (each run where a game of its kind is current)."""
    saves = {"chaos": "friday", "toc": "ex-toc", "radlands": "ex-radlands", "anachrony": "ex-anachrony"}
    extra = {"anachrony": ["--players", "1", "--opponent", "chronobot"]}  # 'anachrony opponent' needs a solo game
    for game, name in saves.items():
        assert tt("new", game, "--name", name, "--seed", "7", *extra.get(game, [])).exit_code == 0
    for path, lines in all_examples().items():
        for line in lines:
            args = shlex.split(line)[1:]
            if ("serve" in args or "--edit" in args or "play" in args or "new" in args or "undo" in args or "use" in args
                    or "restore" in args or ("fix" in args and "--list" not in args) or "--bgstats" in args
                    or ("collection" in args and ("add" in args or "remove" in args))):
                continue  # long-running, interactive, changes the saves or the collection, or needs a finished game: --help below
            game = next((g for g in ("chaos", "toc", "radlands", "anachrony") if g in args), "chaos")
            tt("use", saves[game])
            r = tt(*args)
            # a raid needs a game past setup; the score helper asks the table its questions
            assert r.exit_code == 0 or "still in setup" in r.output or "Stopped at question" in r.output, (line, r.output)
    for path, lines in all_examples().items():  # the others at least parse
        for line in lines:
            args = shlex.split(line)[1:]
            if "serve" in args:
                continue
            r = tt(*args, "-h")
            assert r.exit_code == 0, (line, r.output)


@pytest.mark.parametrize("args, english, portuguese", [
    (["status", "--bogus"], "No such option: --bogus.", "A opção --bogus não existe."),
    (["use"], "Missing argument", "Falta o argumento"),
    (["undo", "abc"], "Invalid value for 'n': 'abc' is not a whole number.", "Valor inválido para 'n': 'abc' não é um número inteiro."),
    (["play", "--steps"], "Option '--steps' needs a value.", "A opção '--steps' precisa de um valor."),
    (["games", "extra"], "Unexpected extra words: extra.", "Palavras a mais, que o comando não esperava: extra."),
    (["statsu"], "No such command 'statsu'", "Não existe o comando 'statsu'"),
])
def test_the_frameworks_messages_speak_the_tables_language(args, english, portuguese):
    usage = args != ["play", "--steps"]  # the framework knows no command yet when an option's value is missing
    r = tt("--lang", "en", *args)
    assert r.exit_code == 2
    assert english in r.output and "Error: " in r.output, r.output
    assert not usage or ("Usage: tabletop" in r.output and "for help." in r.output), r.output
    r = tt("--lang", "pt-BR", *args)
    assert r.exit_code == 2
    assert portuguese in r.output and "Erro: " in r.output, r.output
    assert not usage or ("Uso: tabletop" in r.output and "para ver a ajuda." in r.output), r.output
    assert "Error:" not in r.output and "Usage:" not in r.output


def test_a_group_without_a_command_shows_its_help_in_the_tables_language():
    r = tt("--lang", "pt-BR", "toc")
    assert "Uso: tabletop toc" in r.output and "Comandos:" in r.output


# -- in a real terminal: -h, --version, completion ------------------------------------------------------------------

pexpect = pytest.importorskip("pexpect")
TABLETOP = str(Path(sys.executable).with_name("tabletop"))


def spawn(args: list[str], **env):
    full = {**os.environ, "TERM": "dumb", "COLUMNS": "100", **env}
    full.pop("TABLETOP_NO_PROMPT", None)
    return pexpect.spawn(TABLETOP, args, env=full, encoding="utf-8", timeout=30, dimensions=(40, 100))


def test_dash_h_is_help_at_a_terminal():
    child = spawn(["status", "-h"])
    child.expect("Usage: tabletop status")
    child.expect("Global options")
    child.expect("Examples:")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_at_a_terminal(flag):
    from importlib.metadata import version

    child = spawn([flag])
    child.expect(f"tabletop {version('tabletop-companion')}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("shell, marker", [("bash", "complete -o"), ("zsh", "compdef"), ("fish", "complete --command tabletop")])
def test_show_completion_for_each_shell(shell, marker):
    child = spawn(["--show-completion"], SHELL=f"/bin/{shell}", _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    out = child.read()
    child.close()
    assert child.exitstatus == 0, out
    assert "_TABLETOP_COMPLETE" in out and marker in out, out


def test_completion_completes_commands_and_options():
    """What the installed script asks: the shell sets _TABLETOP_COMPLETE and the words typed so far."""
    child = spawn([], _TABLETOP_COMPLETE="complete_bash", COMP_WORDS="tabletop sta", COMP_CWORD="1")
    out = child.read()
    child.close()
    assert "status" in out.split()
    child = spawn([], _TABLETOP_COMPLETE="complete_bash", COMP_WORDS="tabletop new ch", COMP_CWORD="2")
    assert "chaos" in child.read().split()
    child = spawn([], _TABLETOP_COMPLETE="complete_bash", COMP_WORDS="tabletop new chaos --pow", COMP_CWORD="3")
    assert "--powers" in child.read().split()


def test_install_completion_writes_the_script_for_the_shell(tmp_path):
    child = spawn(["--install-completion"], SHELL="/bin/bash", HOME=str(tmp_path), _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    out = child.read()
    child.close()
    assert child.exitstatus == 0, out
    assert "bash" in out
    assert "_TABLETOP_COMPLETE" in (tmp_path / ".bash_completions" / "tabletop.sh").read_text()


def test_the_player_count_is_asked_at_a_terminal(tmp_path):
    """issue 16: at a terminal `new chaos` asks how many Powers (3 or 4) and which."""
    child = spawn(["new", "chaos", "--seed", "1"])
    child.expect("How many Powers play")
    child.send("\x7f3\r")  # the prefilled 4 erased, the count typed (audit 10: the number typed is the count)
    child.expect("Which three Powers play")
    child.send(" ")  # Khorne
    child.send("\x1b[B ")  # Nurgle
    child.send("\x1b[B\x1b[B ")  # Slaanesh
    child.send("\r")
    child.expect("New game 'chaos-1'")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    save = tomllib.loads((Path(os.environ["TABLETOP_HOME"]) / "games" / "chaos-1" / "save.toml").read_text("utf-8"))
    assert save["options"]["powers"] == ["khorne", "nurgle", "slaanesh"]
