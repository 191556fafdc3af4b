"""The battery over every registered game (issue 39, item 5): in random games played by the scripted tables,
every declared effect ends, every moment word comes, and a reminder set for a moment is raised exactly when that
moment comes (never at another, never asked).

One table of the games' test drivers (tests/state/midgame.py): a new game gets this battery by its row there.
Whole games, so few of them: ``random_games`` keeps it to one game per driver under TABLETOP_QUICK.
"""

from __future__ import annotations

import importlib

import pytest

from automata.core import ineffect
from automata.core.fixstep import WithCorrections
from automata.core.games import GAMES as REGISTERED, load_game
from automata.core.runner import DiceContext, run
from conftest import random_games
from midgame import GAMES

SEEDS = list(range(3, 3 + random_games(2, quick_least=1)))


def test_every_registered_game_has_a_driver_here():
    assert {g.id for g in REGISTERED} <= {row[0] for row in GAMES.values()}


def play(which: str, seed: int):
    """A whole random game with a standing reminder at every moment word; yields, per step, the step's moment, the
    reminders raised there, the effects in play before it and whether it asked anything not the game's own."""
    game_id, raw, factory, _ = GAMES[which]
    game = WithCorrections(load_game(game_id))
    module, cls = factory.split(":")
    policy = getattr(importlib.import_module(module), cls)(seed)
    state = game.new_state(game.check_options(dict(raw)), seed)
    policy.state = state
    words = ineffect.module_of(game_id).MOMENTS
    for word in words:
        step = ineffect.remind_step(add=ineffect.check_add(game_id, game, state, {"text": f"at {word}", "at": word}))
        assert run(game.procedure(state, step), dice=DiceContext(seed, 0, "app")).done
    effects_module = ineffect.module_of(game_id)
    for n in range(1, 3000):
        step = game.next_step(state)
        if step is None:
            return
        moment = effects_module.moment(state, step)
        effects = ineffect.listing(game_id, state)
        result = run(game.procedure(state, step), policy, dice=DiceContext(seed, n, "table"))
        assert result.done
        raised = [e.msg.params["text"] for e in result.transcript if e.kind == "say" and e.msg.id == "core.remind.raised"]
        asks = [e.id for e in result.transcript if e.kind == "ask" and e.id.startswith("core.")]
        yield moment, raised, effects, asks
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("which", list(GAMES))
@pytest.mark.parametrize("seed", SEEDS)
def test_effects_end_moments_come_and_reminders_are_raised_exactly_at_their_moment(which, seed):
    game_id = GAMES[which][0]
    words = ineffect.module_of(game_id).MOMENTS
    first_seen: dict[str, int] = {}
    reached: set[str] = set()
    current = 1
    for moment, raised, effects, asks in play(which, seed):
        assert asks == []  # a reminder never adds a question
        if moment is not None and moment.enters:
            current = moment.round
            reached.add(moment.word)
            assert raised == [f"at {moment.word}"], (moment, raised)  # its own, and only its own
        else:
            assert raised == []
        for e in effects:
            assert set(e.moments) <= set(words), e.key
            start = first_seen.setdefault(e.key, current)
            if e.lasts is not None:
                assert current - start <= e.lasts, (e.key, start, current)  # it ended by itself
        for key in [k for k in first_seen if k not in {e.key for e in effects}]:
            del first_seen[key]  # gone: a later copy of the same card starts again
    if which in ("anachrony_solo",):
        return  # the solo game shares the multi-player game's words; the multi-player row reaches them
    assert reached == set(words), set(words) - reached
