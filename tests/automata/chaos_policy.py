"""A scripted table for Chaos in the Old World: answers every question by a seeded policy.

Used by the golden playthrough and the property tests. Dice are table dice
drawn from the same seeded generator, so a game is fully determined by its seed.
"""

from __future__ import annotations

import random

from automata.chaos import game
from automata.core.dice import roll_with
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO
from policy_runner import play_policy


REGIONS = ["norsca", "troll_country", "kislev", "the_empire", "bretonnia", "estalia", "tilea", "the_border_princes", "the_badlands"]


class Policy:
    """Random legal answers; ``focus`` makes it crowd cultists into a few regions (so regions get ruined)."""

    def __init__(self, seed: int, pass_rate: float = 0.15, focus: float = 0.0):
        self.rng = random.Random(seed)
        self.pass_rate = pass_rate
        self.focus = focus
        self.preferred = REGIONS[:]
        self.rng.shuffle(self.preferred)
        self.state = None

    def answer(self, ask):
        rng = self.rng
        if ask.kind == YES_NO:
            return (True if ask.id.startswith("chaos.setup.") else rng.random() < 0.5), "answers"
        if ask.kind == ONE_OF:
            values = [c.value for c in ask.choices]
            if "pass" in values and len(values) > 1 and rng.random() > self.pass_rate:
                values = [v for v in values if v != "pass"]
            if rng.random() < self.focus:
                if "cultist" in values:
                    return "cultist", "answers"
                ranked = [r for r in self.preferred if r in values]
                if ranked and self.state is not None:
                    # crowd cultists where corruption is already high, so regions get ruined
                    regions = self.state["regions"]
                    ranked.sort(key=lambda r: (regions[r]["ruin"] > 0, -sum(regions[r]["corruption"].values())))
                if ranked:
                    return ranked[0], "answers"
            return rng.choice(values), "answers"
        if ask.kind == SEVERAL_OF:
            values = [c.value for c in ask.choices]
            k = ask.min if ask.min is not None else 0
            return rng.sample(values, k), "answers"
        if ask.kind == NUMBER:
            return rng.randint(ask.min or 0, min(ask.max if ask.max is not None else 3, 3)), "answers"
        if ask.kind == TEXT:
            # board changes printed on cards: sometimes corruption or tokens appear
            if self.state is not None and rng.random() < self.focus:
                power = rng.choice(self.state["powers"])
                region = rng.choice(REGIONS)
                kind = rng.choice(["corruption", "corruption", "warpstone", "noble", "hero"])
                if kind == "corruption":
                    return f"+{rng.randint(1, 4)} corruption {power} {region}", "answers"
                if not self.state["regions"][region]["ruin"]:
                    return f"+{kind} {region}", "answers"
            return "none", "answers"
        raise AssertionError(ask.kind)

    def table_dice(self, roll, spec):
        return roll_with(self.rng, spec), "table"


def play_game(seed: int, powers=("khorne", "nurgle", "tzeentch", "slaanesh"), on_step=None, max_steps=2000, focus: float = 0.0):
    """Play a whole game with the policy; returns (final state, list of (step, RunResult))."""
    options = game.check_options({"powers": ",".join(powers)})
    state = game.new_state(options, seed)
    return play_policy(game, state, Policy(seed, focus=focus), seed, on_step, max_steps)
