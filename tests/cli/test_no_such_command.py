"""A command that does not exist is said in the table's language in every group of commands, with the closest
commands and the valid ones (issue 30, item 23; docs/playing.md "Looking up a rule"/"Every error says what was wrong and what
is valid, in the table's language"): the top level, ``new``, every game's group and ``data``, under ``--lang pt-BR``
and under a Portuguese locale (LANG=pt_BR.UTF-8)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()

# (the words typed, the typo, the suggestion or None, a valid command of that group)
CASES = [
    (["plya"], "plya", "play", "undo"),
    (["new", "chaoss"], "chaoss", "chaos", "radlands"),
    (["chaos", "odss"], "odss", "odds", "ruination"),
    (["toc", "emperor-legasy"], "emperor-legasy", "emperor-legacy", "mat"),
    (["toc", "xx"], "xx", None, "priority"),
    (["radlands", "statu"], "statu", "status", "raid"),
    (["anachrony", "oponent"], "oponent", "opponent", "score"),
    (["anachrony", "xyz"], "xyz", None, "score"),
    (["data", "chek"], "chek", "check", "check"),
]


def tt(*args: str, env: dict | None = None):
    return runner.invoke(app, list(args), env=env, prog_name="tabletop")


@pytest.mark.parametrize("words, typo, close, valid", CASES)
@pytest.mark.parametrize("how", ["flag", "locale"])
def test_no_such_command_speaks_portuguese_in_every_group(words, typo, close, valid, how):
    if how == "flag":
        r = tt("--lang", "pt-BR", *words)
    else:
        r = tt(*words, env={"LANG": "pt_BR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "TABLETOP_LANG": ""})
    assert r.exit_code == 2
    game = words[0] == "new"  # `new` takes a game: "no such game" (issue 38 item 5, found in play)
    assert f"Não existe o {'jogo' if game else 'comando'} '{typo}'." in r.output, r.output
    assert "No such" not in r.output and "Did you mean" not in r.output
    assert ("Você quis dizer: " + close) in r.output if close else "Você quis dizer" not in r.output
    said = "Válidos: " if game else "Válido: "
    assert said in r.output and valid in r.output.split(said, 1)[1]


@pytest.mark.parametrize("words, typo, close, valid", CASES)
def test_no_such_command_in_english_has_the_same_parts(words, typo, close, valid):
    r = tt("--lang", "en", *words)
    assert r.exit_code == 2
    assert f"No such {'game' if words[0] == 'new' else 'command'} '{typo}'." in r.output
    assert ("Did you mean: " + close) in r.output if close else "Did you mean" not in r.output
    assert "Valid: " in r.output and valid in r.output.split("Valid: ", 1)[1]
