"""Wave-2 item 16 (seed 004, Preparação de cada jogador 2: each player keeps three camps face down, then both reveal
them together): at a terminal, after a player's picks the shared screen is cleared and only "Ana has chosen" is
shown; every camp is named once both have chosen. 'play' calls the hook only at a terminal."""

from __future__ import annotations

import io
import types

import pytest
from rich.console import Console

from automata.radlands import game
from cli.words.i18n import Translator
from cli.radlands.main import after_step

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)


def table(state, lang="pt-BR"):
    out = io.StringIO()
    env = types.SimpleNamespace(out=Console(file=out, force_terminal=True, width=60), t=Translator(lang))
    return env, types.SimpleNamespace(save=types.SimpleNamespace(state=state)), out


def state_with_camps():
    state = game.new_state(game.check_options({"players": "João,Mariana"}), 1)
    state["players"]["a"]["camps"] = [{"id": c, "state": "undamaged", "used": False} for c in ("railgun", "garage", "arcade")]
    return state


def test_a_players_secret_picks_are_cleared_and_only_the_fact_is_shown():
    state = state_with_camps()
    env, session, out = table(state)
    after_step(env, session, {"proc": "setup", "part": "camps_a"})
    raw = out.getvalue()
    text = raw.replace("\n", " ")
    assert "\x1b[2J" in raw and "\x1b[3J" in raw  # the screen and its scrollback
    assert "João escolheu os 3 acampamentos, virados para baixo." in text
    assert "Railgun" not in text and "Mariana" not in text


def test_both_players_camps_are_shown_together_once_both_have_chosen():
    state = state_with_camps()
    state["players"]["b"]["camps"] = [{"id": c, "state": "undamaged", "used": False} for c in ("pillbox", "outpost", "cannon")]
    env, session, out = table(state)
    after_step(env, session, {"proc": "setup", "part": "camps_b"})
    text = " ".join(out.getvalue().split())
    assert "Mariana escolheu os 3 acampamentos" in text
    assert "Acampamentos de João, da esquerda para a direita: Railgun, Garage, Arcade." in text
    assert "Pillbox" in text and "Cannon" in text


def test_other_steps_are_left_alone():
    env, session, out = table(state_with_camps(), "en")
    for step in ({"proc": "setup", "part": "reveal"}, {"proc": "action", "p": "a", "k": 1}):
        after_step(env, session, step)
    assert out.getvalue() == ""
