"""Without a terminal, a menu item the table cannot pick now is marked in the list of valid answers, and an
--answer picking it is refused with the reason, in both languages (issue 11: menus keep fixed numbers)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import cli.main

runner = CliRunner()


def run(*args: str):
    return runner.invoke(cli.main.app, list(args))


@pytest.fixture
def first_action():
    """Ana's first action of a first game: the first player's first turn gives 1 water, so drawing (2) is out."""
    assert run("new", "radlands", "--players", "Ana,Bruno", "--first-game").exit_code == 0
    r = run("play", "--answer", "experienced=Ana", "--answer", "flip=1", "--dice", "table")
    assert r.exit_code == 2, r.output


@pytest.mark.parametrize("lang, marked", [
    # Radlands menu version 2: the concrete actions, in their fixed order
    ("en", "end, draw (not now: needs 2 water, you have 1), silo"),
    # in pt-BR each id has its Portuguese name beside it (issue 16)
    ("pt-BR", "draw «Comprar uma carta (2 água)» (agora não: precisa de 2 água, você tem 1), silo"),
])
def test_the_valid_answers_mark_an_unavailable_item_with_its_reason(first_action, lang, marked):
    r = run("--lang", lang, "play")
    assert r.exit_code == 2
    assert marked in r.output


@pytest.mark.parametrize("lang, reason", [("en", "cannot be chosen now: needs 2 water, you have 1"),
                                          ("pt-BR", "não pode ser escolhido agora: precisa de 2 água, você tem 1")])
def test_an_answer_picking_it_is_refused_with_the_reason_and_nothing_changes(first_action, lang, reason):
    before = run("--json", "radlands", "status").stdout
    r = run("--lang", lang, "play", "--answer", "action=draw")
    assert r.exit_code == 2 and reason in r.output
    assert run("--json", "radlands", "status").stdout == before


def test_json_pending_marks_it_too(first_action):
    import json

    r = run("--json", "play")
    valid = json.loads(r.stdout)["pending"]["valid"]
    assert "draw (not now: needs 2 water, you have 1)" in valid
