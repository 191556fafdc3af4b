"""A scripted table for Chaos in the Old World: answers every question by a seeded policy.

Used by the golden playthrough and the property tests. Dice are table dice
drawn from the same seeded generator, so a game is fully determined by its seed.
"""

from __future__ import annotations

import random

from automata.chaos import game
from automata.core.dice import roll_with
from automata.core.runner import DiceContext, run
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO


class Policy:
    def __init__(self, seed: int, pass_rate: float = 0.15):
        self.rng = random.Random(seed)
        self.pass_rate = pass_rate

    def answer(self, ask):
        rng = self.rng
        if ask.kind == YES_NO:
            return (True if ask.id.startswith("chaos.setup.") else rng.random() < 0.5), "answers"
        if ask.kind == ONE_OF:
            values = [c.value for c in ask.choices]
            if "pass" in values and len(values) > 1 and rng.random() > self.pass_rate:
                values = [v for v in values if v != "pass"]
            return rng.choice(values), "answers"
        if ask.kind == SEVERAL_OF:
            values = [c.value for c in ask.choices]
            k = ask.min if ask.min is not None else 0
            return rng.sample(values, k), "answers"
        if ask.kind == NUMBER:
            return rng.randint(ask.min or 0, min(ask.max if ask.max is not None else 3, 3)), "answers"
        if ask.kind == TEXT:
            return "none", "answers"
        raise AssertionError(ask.kind)

    def table_dice(self, roll, spec):
        return roll_with(self.rng, spec), "table"


def play_game(seed: int, powers=("khorne", "nurgle", "tzeentch", "slaanesh"), on_step=None, max_steps=2000):
    """Play a whole game with the policy; returns (final state, list of (step, RunResult))."""
    options = game.check_options({"powers": ",".join(powers)})
    state = game.new_state(options, seed)
    policy = Policy(seed)
    history = []
    for n in range(1, max_steps + 1):
        step = game.next_step(state)
        if step is None:
            return state, history
        result = run(game.procedure(state, step), policy, dice=DiceContext(seed, n, "table"))
        assert result.done, f"step {step} stopped at {result.pending_id}"
        history.append((step, result))
        if on_step is not None:
            on_step(state, step, result)
    raise AssertionError("the game did not end")
