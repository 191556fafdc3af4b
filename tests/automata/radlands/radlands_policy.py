"""A scripted Radlands table: a seeded policy that answers every question of the program with a legal answer, so
that whole games can be played by the tests (random games, the golden playthrough, the pt-BR leak check)."""

from __future__ import annotations

import random

from automata.core.runner import NO_ANSWER
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, YES_NO, TEXT, Ask, InvalidAnswer
from automata.radlands import game
from policy_runner import play_policy

# how often the table picks each action when it may (it ends the turn when nothing else is left)
WEIGHTS = {"person": 5, "event": 3, "draw": 2, "junk": 2, "silo": 1, "ability": 6, "change": 0.3, "end": 1.5}


class Policy:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.state = None
        self.asked: list[Ask] = []

    def answer(self, ask: Ask):
        self.asked.append(ask)
        for _ in range(50):
            raw = self.pick(ask)
            try:
                ask.normalise(raw)
            except InvalidAnswer:
                continue
            return raw, "table"
        # no random pick was accepted: try every choice in order (a text question: nothing)
        if ask.kind == TEXT:
            return "", "table"
        for c in ask.choices:
            try:
                ask.normalise(c.value)
                return c.value, "table"
            except InvalidAnswer:
                continue
        return NO_ANSWER

    def pick(self, ask: Ask):
        rng = self.rng
        if ask.kind == YES_NO:
            return rng.random() < 0.5
        if ask.kind == NUMBER:
            lo = ask.min if ask.min is not None else 0
            hi = ask.max if ask.max is not None else lo + 3
            return rng.randint(lo, min(hi, lo + 3))
        if ask.kind == SEVERAL_OF:
            n = rng.randint(ask.min or 0, ask.max if ask.max is not None else len(ask.choices))
            return [c.value for c in rng.sample(list(ask.choices), n)]
        if ask.kind == ONE_OF:
            # a table picks only what it can; "back" (nothing of the action done) is tested on its own, not played
            values = [c.value for c in ask.choices if c.unavailable is None and not c.hidden and c.value != "back"]
            if ask.id == "action":
                # menu version 2 lists concrete actions ('person:holdout'): a table picks the kind of action with
                # the weights above, then one of the items of that kind (a report of a change: rarely, as before
                # when 'Report a change' was followed by 'Nothing else' most of the time)
                kinds = [v.partition(":")[0] for v in values]
                count = {k: kinds.count(k) for k in kinds}
                weights = [WEIGHTS.get("ability" if k == "use" else k, 1) * (0.3 if k == "change" and ":" in v else 1) / count[k]
                           for v, k in zip(values, kinds)]
                return rng.choices(values, weights)[0]
            if ask.id.startswith("change") and "done" in values and rng.random() < 0.7:
                return "done"
            return rng.choice(values)
        if ask.kind == TEXT and ask.id == "played":
            return self.played()
        if ask.kind == TEXT:
            return ""
        raise AssertionError(ask.kind)

    def played(self) -> str:
        """Queues only: what a table might have played this turn, in order (often nothing); the game ends, a winner
        or now and then a draw, after some turns (the table keeps the camps)."""
        rng, state = self.rng, self.state
        turn = state["turn"]["number"] if state else 0
        if turn > 12 and rng.random() < 0.08:
            return rng.choice(["a wins", "b wins", "Ana wins", "Bruno wins", "draw"][:5 if turn > 30 else 4])
        items = []
        for _ in range(rng.choice([0, 0, 1, 1, 1, 2, 3])):
            kind = rng.choices(["event", "raid", "silo", "doomsayer", "omen", "now"], [5, 5, 1.5, 0.5, 0.5, 0.3])[0]
            if kind == "event":
                items.append(rng.choice(["Banish", "Bombardment", "Famine", "High Ground", "Interrogate", "Napalm",
                                         "Radiation", "Strafe", "Truce", "Uprising"]))
            elif kind == "raid":
                items.append(rng.choice(["raid", "raid", "2 raids"]))
            elif kind == "omen":
                items.append("Omen Clock " + rng.choice(["a1", "a2", "a3", "b1", "b2", "b3"]))
            elif kind == "now":
                items.append(rng.choice(["raid now", "Famine now"]))
            else:
                items.append({"silo": "silo", "doomsayer": "Doomsayer"}[kind])
        return ", ".join(items)

    def table_dice(self, roll, spec):
        return [self.rng.randint(1, spec.sides) for _ in range(spec.count)], "table"


def play_game(seed: int, first_game: bool = False, names: str = "", max_steps: int = 20000, track: str = "full"):
    options = game.check_options({"first_game": first_game, "players": names, "track": track})
    state = game.new_state(options, seed)
    return play_policy(game, state, Policy(seed), seed, max_steps=max_steps)
