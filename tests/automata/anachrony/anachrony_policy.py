"""A scripted table for Anachrony: answers every question by a seeded policy (table dice included)."""

from __future__ import annotations

import random

from automata.anachrony import game
from automata.core.dice import roll_with
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO, InvalidAnswer, Say, relay
from policy_runner import play_policy


class Policy:
    """``busy``: how many events the table reports on average in each Era's Action Rounds."""

    def __init__(self, seed: int, busy: int = 6):
        self.rng = random.Random(seed)
        self.busy = busy
        self.state = None
        self.asks: list = []

    def answer(self, ask):
        self.asks.append(ask)
        rng = self.rng
        i = ask.id
        if ask.kind == YES_NO:
            if i.startswith("anachrony.setup.sure."):
                return rng.random() < 0.5, "answers"
            if i.startswith("anachrony.setup.") or i == "anachrony.impact.done":
                return True, "answers"
            if i == "anachrony.clean_up.collapsed":
                return rng.random() < 0.3, "answers"
            return rng.random() < 0.5, "answers"
        if ask.kind == ONE_OF:
            values = [c.value for c in ask.choices]
            if i == "anachrony.action":
                # the menu names event and player in one answer ("negotiate:p2"); the table decides as it did
                # when it was two questions: the event first, then (if several could) who
                events = list(dict.fromkeys(v.partition(":")[0] for v in values))
                if "done" in events and (len(events) == 1 or rng.random() < 1 / (self.busy + 1)):
                    return "done", "answers"
                event = rng.choice([e for e in events if e != "done"])
                players = [v.partition(":")[2] for v in values if v.partition(":")[0] == event]
                p = players[0] if len(players) == 1 else rng.sample(players, len(players))[0]
                return f"{event}:{p}", "answers"
            if i.startswith("anachrony.negotiate.") and i.endswith(".worker"):
                # Worker and a Genius's bonus in one answer, drawn as the two questions they were
                w = rng.sample(["administrator", "scientist", "engineer", "genius"], 4)[0]
                if w == "genius":
                    return "genius:" + rng.sample(["administrator", "scientist", "engineer"], 3)[0], "answers"
                return w, "answers"
            if i.startswith("anachrony.negotiate.") and i.endswith(".kept"):
                # Objectives then Values kept, drawn as the two number questions they were
                keep = max(int(v.split("+")[0]) + int(v.split("+")[1]) for v in values)
                o = rng.randint(0, min(keep, 5))
                v = rng.randint(0, min(keep - o, 5))
                return f"{o}+{v}", "answers"
            if i.startswith("anachrony.agenda.") and i.endswith(".row"):
                # tile kind and row in one answer, drawn as the two questions they were (kind only when both)
                kinds = list(dict.fromkeys(v.partition(":")[0] for v in values))
                k = kinds[0] if len(kinds) == 1 else rng.sample(kinds, len(kinds))[0]
                rows = [v for v in values if v.partition(":")[0] == k]
                return rng.sample(rows, len(rows))[0], "answers"
            return self._valid(ask, values), "answers"
        if ask.kind == SEVERAL_OF:
            values = [c.value for c in ask.choices]
            lo = ask.min or 0
            hi = ask.max if ask.max is not None else len(values)
            return rng.sample(values, rng.randint(lo, min(hi, len(values)))), "answers"
        if ask.kind == NUMBER:
            if i.endswith(".number"):  # a Value tile's number (provisional hint list)
                return rng.choice([-2, 0, 3, 5, 7]), "answers"
            lo = ask.min if ask.min is not None else 0
            hi = ask.max if ask.max is not None else lo + 5
            return rng.randint(lo, min(hi, lo + 5)), "answers"
        if ask.kind == TEXT:
            return rng.choice(["circle 1", "triangle 3", "square 5"]), "answers"
        raise AssertionError(ask.kind)

    def _valid(self, ask, values):
        """A random choice that the question's own check accepts."""
        for v in self.rng.sample(values, len(values)):
            try:
                ask.normalise(v)
            except InvalidAnswer:
                continue
            return v
        raise AssertionError(f"no valid answer to {ask.id}")

    def applied(self):
        """The program answered a question with only one valid answer itself (game.applying). This table once
        answered it, drawing once from its generator (rng.sample of one choice, or rng.randint(n, n)): it
        draws the same so that every later decision stays as it was (ISSUE_11, "decisions unchanged")."""
        self.rng.randrange(1)

    def table_dice(self, roll, spec):
        return roll_with(self.rng, spec), "table"


class Watched:
    """The game, with the program's own answers (Say anachrony.applied) shown to the scripted table."""

    def __init__(self, policy):
        self.policy = policy
        self.next_step = game.next_step

    def procedure(self, state, step):
        def through(item):
            if isinstance(item, Say) and item.msg.id == "anachrony.applied" and hasattr(self.policy, "applied"):
                self.policy.applied()
            return (yield item)

        return (yield from relay(game.procedure(state, step), through))


def play_game(seed: int, on_step=None, max_steps=3000, busy: int = 6, policy=None, **options):
    raw = {"players": 3, "modules": "neutronide,hypersync,quantum-loops,intrigues", "random": "app"}
    raw.update(options)
    state = game.new_state(game.check_options(raw), seed)
    policy = policy or Policy(seed, busy)
    return play_policy(Watched(policy), state, policy, seed, on_step, max_steps)
