"""Issue 12: `status` (text and JSON) works after every step of a game, setup included.

``check_status_every_step`` is written for any game: give it a way to play a random game step by step
(calling ``on_step(state)`` before the first step and after each one) and a function that renders the status
of a state as text and as JSON data; it renders both after every step, at 80 columns, in English and
Portuguese, and checks that the JSON is serialisable and the text is not empty. Time of Crisis uses it
below; other games can add a parametrised case with their own policy and status functions.
"""

from __future__ import annotations

import io
import json
from types import SimpleNamespace

import pytest


from cli.words.i18n import Translator  # noqa: E402

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)


def fake_env(lang: str, as_json: bool):
    """Just what a status renderer uses of the CLI environment: t, out (80 columns), json, emit_json."""
    from rich.console import Console

    buffer = io.StringIO()
    emitted: list = []
    env = SimpleNamespace(t=Translator(lang), json=as_json, out=Console(file=buffer, width=80, force_terminal=False),
                          emit_json=lambda data: emitted.append(json.loads(json.dumps(data))))
    return env, buffer, emitted


def check_status_every_step(play_game, show_status, status_data, name: str, langs=("en", "pt-BR")) -> int:
    """Play a game with ``play_game(on_step)`` and, after every step, render the status in each language as text and
    as JSON; return the number of states checked."""
    seen = 0

    def on_step(state):
        nonlocal seen
        session = SimpleNamespace(save=SimpleNamespace(state=state, name=name))
        data = status_data(session)
        json.dumps(data)  # serialisable as it is
        for lang in langs:
            env, buffer, _ = fake_env(lang, False)
            show_status(env, session)
            text = buffer.getvalue()
            assert text.strip(), f"empty status at {state.get('next')}"
            assert max(len(line) for line in text.splitlines()) <= 80, "status wider than 80 columns"
        env, _, emitted = fake_env("en", True)
        show_status(env, session)
        assert emitted and emitted[0]["ok"] is True
        seen += 1

    play_game(on_step)
    return seen


def _toc_game(seed: int, **options):
    from toc_policy import Policy

    from automata.toc import game
    from policy_runner import play_policy

    def play(on_step):
        raw = {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}
        raw.update(options)
        state = game.new_state(game.check_options(raw), seed)
        on_step(state)
        play_policy(game, state, Policy(seed, 3), seed, lambda s, step, result: on_step(s), 3000)

    return play


def _toc_status():
    from cli.toc.main import show_status, status_data

    return show_status, status_data


GAMES = {
    "toc-solo": (lambda seed: _toc_game(seed), _toc_status),
    "toc-2-humans-selective": (lambda seed: _toc_game(seed, humans=2, bots="green,blue", cards="selective"), _toc_status),
    "toc-no-emperor-rules": (lambda seed: _toc_game(seed, bots="yellow", emperor_rules=False), _toc_status),
}


@pytest.mark.parametrize("game,seed", [(g, s) for g in GAMES for s in (1, 2)])
def test_status_after_every_step(game, seed):
    """Issue 12: status (text at 80 columns, both languages, and JSON) never fails, from the first setup step (between
    the bot-order and starting-province steps too, where it used to end with KeyError) to the end of the game."""
    play, status = GAMES[game]
    show_status, status_data = status()
    assert check_status_every_step(play(seed), show_status, status_data, f"{game}-{seed}") > 10
