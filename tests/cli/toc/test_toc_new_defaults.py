"""``tabletop new toc`` at a terminal (audit item 10): Enter keeps the defaults the help names; --help shows the real range."""

from __future__ import annotations

from typer.testing import CliRunner

import cli.setup.newgame as newgame
from cli.toc.newquestions import toc_players
from cli.main import app


def test_the_player_questions_default_to_what_the_help_says(monkeypatch):
    """Seed 000, Fluxo do Jogo: 1 to 3 humans in a 4-faction game; the help's defaults (1 human; red, blue, yellow,
    4 minus the humans) are what Enter keeps: the number prefilled, the colours pre-marked."""
    asked = []

    def fake_ask(self, ask, given, default, flag, default_text):
        asked.append(ask)
        return ask.default

    monkeypatch.setattr(newgame.NewQuestions, "ask", fake_ask)

    class Env:
        answers = {}
        json = False

        def interactive(self):
            return True

        def t(self, *a, **k):
            return ""

    humans, bots = toc_players(Env(), None, None)
    assert [a.id for a in asked] == ["new.toc.humans", "new.toc.bots"]
    assert asked[0].default == 1 and (asked[0].min, asked[0].max) == (1, 3)
    assert tuple(asked[1].default) == ("red", "blue", "yellow") and (humans, bots) == (1, "red,blue,yellow")


def test_help_shows_the_humans_range():
    r = CliRunner().invoke(app, ["new", "toc", "--help"])
    assert r.exit_code == 0 and "1<=x<=3" in r.stdout and "1000000" not in r.stdout.split("--humans", 1)[1].split("--bots", 1)[0]
