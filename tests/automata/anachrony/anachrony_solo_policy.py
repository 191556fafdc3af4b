"""A scripted table for solo Anachrony games against the Chronobot or the Chronossus: the seeded table of
anachrony_policy.py plus plausible answers to the opponent's questions (free spaces, stack tops, pools)."""

from __future__ import annotations

from automata.anachrony import game
from automata.core.steps import NUMBER
from anachrony_policy import Policy, Watched
from policy_runner import play_policy


class SoloPolicy(Policy):
    """``busy``: how many Actions you take on average each Era before passing."""

    def answer(self, ask):
        rng = self.rng
        i = ask.id
        if i == "anachrony.solo.you":
            values = [c.value for c in ask.choices]
            if rng.random() < 1 / (self.busy + 1):
                return "pass", "answers"
            acts = [v for v in values if v not in ("pass", "board")] or ["board"]  # Player-board spaces once the Exosuits are out
            return rng.choice(acts), "answers"
        if i == "anachrony.solo.you.exosuits":  # no draw from the generator: the other answers keep their dice
            return 4, "answers"
        if ask.kind == NUMBER and i.startswith("anachrony.solo.stack."):
            return rng.choice([-1, 0, 1, 2, 3, 3, 4, 5, 6]), "answers"
        if i == "anachrony.solo.superproject.eras":  # one face-up Superproject, or none (drawn as a single pick)
            values = [c.value for c in ask.choices] + ["none"]
            v = rng.sample(values, len(values))[0]
            return ([] if v == "none" else [v]), "answers"
        if ask.kind == NUMBER and i.startswith("anachrony.solo.superproject.vp."):
            return rng.randint(0, 10), "answers"
        if ask.kind == NUMBER and i.startswith("anachrony.solo.paradox."):
            return min(rng.choice([0, 0, 1, 1, 2, 3]), ask.max), "answers"  # at most what can be there (0-2)
        return super().answer(ask)


def play_solo(seed: int, opponent: str = "chronobot", modules: str = "", on_step=None, busy: int = 6, random: str = "app",
              max_steps: int = 3000, **raw):
    options = game.check_options({"players": 1, "modules": modules, "random": random, "opponent": opponent, **raw})
    state = game.new_state(options, seed)
    policy = SoloPolicy(seed, busy)
    return play_policy(Watched(policy), state, policy, seed, on_step, max_steps)
