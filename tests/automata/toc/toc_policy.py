"""A scripted table for Time of Crisis: answers every question by a seeded policy (table dice included).

The table describes a board: each board rule of the mode list and each priority entry's printed criteria hold
with probability 1/2, checked in list order (so "which is the first that holds?" is answered as the table would,
looking down the list); a printed cost is drawn once and then is what the table reads; a board-dependent cost
is drawn each time.
"""

from __future__ import annotations

import random

from automata.core.dice import roll_with
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO
from automata.toc import game
from policy_runner import play_policy


class Policy:
    def __init__(self, seed: int, rounds: int = 8):
        self.rng = random.Random(seed)
        self.rounds = rounds
        self.state = None

    def answer(self, ask):
        rng = self.rng
        i = ask.id
        if ask.kind == YES_NO:
            if i.startswith("toc.setup."):
                return True, "answers"
            if i.startswith("toc.round") and i.endswith(".over"):
                return self.state["round"] >= self.rounds, "answers"
            if i.endswith(".italia"):
                return rng.random() < 0.6, "answers"
            if i.endswith("_possible"):
                return rng.random() < 0.8, "answers"
            return rng.random() < 0.5, "answers"
        if ask.kind == ONE_OF:
            values = [c.value for c in ask.choices]
            if i.endswith(".crisis"):
                weights = {"pax_deorum": 1, "palmyra_allies": 2 / 3, "ludi_saeculares": 2 / 3, "event": 2 / 3, "barbarians": 4, "other": 3}
                return rng.choices(values, [weights.get(v, 1) for v in values])[0], "answers"
            if i.endswith(".mode") or ".apl." in i:  # the first of the list whose rule / printed criteria hold on this board
                for v in values[:-1]:
                    if rng.random() < 0.5:
                        return v, "answers"
                return values[-1], "answers"
            if i.endswith(".emperor"):
                return (self.state["emperor"] if rng.random() < 0.8 else rng.choice(values)), "answers"
            return rng.choice(values), "answers"
        if ask.kind == SEVERAL_OF:
            values = [c.value for c in ask.choices]
            return rng.sample(values, min(len(values), rng.randint(0, 2))), "answers"
        if ask.kind == NUMBER:
            hi = min(ask.max if ask.max is not None else 5, 6 if ".political" in i else 4)
            return rng.randint(ask.min or 0, hi), "answers"
        if ask.kind == TEXT:
            if i.endswith(".cost"):
                return str(rng.randint(0, 4)), "answers"
            return "", "answers"
        raise AssertionError(ask.kind)

    def table_dice(self, roll, spec):
        return roll_with(self.rng, spec), "table"


def play_game(seed: int, rounds: int = 8, on_step=None, max_steps=5000, **options):
    raw = {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}
    raw.update(options)
    state = game.new_state(game.check_options(raw), seed)
    return play_policy(game, state, Policy(seed, rounds), seed, on_step, max_steps)
