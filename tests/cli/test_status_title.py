"""Last session's play: the first line of ``tabletop status`` had four shapes ("Time of Crisis — toc, round 0…",
"radlands: Radlands, turn 0", "anachrony: Era 0 of 7, setup"). Now one shape for every game, both languages:
the game's name, the save's name, then where the game is in the game's own words (cli/terminal/render.py status_title)."""

from __future__ import annotations

import re

import pytest

from automata.core.games import GAMES
from cli_checks import tt

WHERE = {"en": r"(round \d+|setup|turn \d+|Era \d+ of \d+)", "pt-BR": r"(rodada \d+|turno \d+|preparação|Era \d+ de \d+)"}


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_every_status_title_has_one_shape(_tabletop_home, game, lang):
    info = next(g for g in GAMES if g.id == game)
    assert tt("--lang", lang, "new", game, "--name", "mesa", "--seed", "4").exit_code == 0
    for command in (["status"], [game, "status"]):
        result = tt("--lang", lang, *command)
        assert result.exit_code == 0, result.output
        title = result.output.splitlines()[0]
        assert re.match(rf"^{re.escape(info.name)} — mesa, {WHERE[lang]}", title), title
