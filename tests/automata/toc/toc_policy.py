"""A scripted table for Time of Crisis: answers every question by a seeded policy (table dice included).

The table describes a board: each board rule of the mode list and each priority entry's printed criteria hold
with probability 1/2, checked in list order (so "which is the first that holds?" is answered as the table would,
looking down the list); a printed cost is drawn once and then is what the table reads; a board-dependent cost
is drawn each time.

The Action Priority List is answered as a table that has already played the bot's list answers it (issue 11): one
line per question naming every entry whose criteria hold, in list order, with the costs inline (``style="line"``,
the golden). ``style="mixed"`` (the property tests) also answers one entry at a time, and leaves some costs out of
the line so that their questions are asked.
"""

from __future__ import annotations

import random

from automata.core.dice import roll_with
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO
from automata.toc import game
from policy_runner import play_policy


class Policy:
    def __init__(self, seed: int, rounds: int = 8, style: str = "line"):
        self.rng = random.Random(seed)
        self.rounds = rounds
        self.state = None
        self.style = style
        self.printed: dict[str, int] = {}  # the printed costs the table reads (drawn once per game)
        # issue 30's questions (an Emperor killed in another faction's battle or an invasion, a Triumph bonus) draw from
        # their own stream, so the other answers stay those of the golden; the golden's table ("line") says no / 0
        self.extra = random.Random(seed + 30)
        self.withheld: dict[str, int] = {}  # costs costs left out of a line because the bot cannot pay them (issue 30)

    def cost_of(self, entry: dict) -> int:
        """The cost the table reads: a printed cost is the same all game; a board-dependent one is drawn each time."""
        from automata.toc.priority import known_cost

        known = known_cost(self.state, entry)
        if known is not None:
            return known
        if entry.get("cost", "ask") == "board":
            return self.rng.randint(0, 4)
        return self.printed.setdefault(entry["id"], self.rng.randint(0, 4))

    def apl_line(self, ask) -> str:
        """A random legal pass over the entries offered: each holds with probability 1/2, in list order, while the
        points pay (an entry whose cost is more than the points left is still named when the program does not know
        that cost yet: it is skipped, as at the table)."""
        from automata.toc.game import data_of
        from automata.toc.priority import known_cost

        rng = self.rng
        bot = self.state["bots"][ask.id.split(".")[1]]
        entries = {e["id"]: e for e in data_of(self.state).priority}
        points = dict(bot["points"])
        one_at_a_time = self.style == "mixed" and rng.random() < 0.5
        picks = []
        for value in [c.value for c in ask.choices][:-1]:
            entry = entries[value]
            area = entry["influence"]
            known = known_cost(self.state, entry)
            if points[area] <= 0 or (known is not None and known > points[area]) or rng.random() >= 0.5:
                continue
            cost = self.cost_of(entry)
            inline = known is None and not (self.style == "mixed" and rng.random() < 0.5)
            if inline and cost > points[area]:
                inline = False  # issue 30: a cost the bot cannot pay is refused inline; named alone, its question comes
                self.withheld[entry["id"]] = cost
            picks.append(f"{entry['order']}={cost}" if inline else str(entry["order"]))
            if cost <= points[area]:
                points[area] -= cost
            if one_at_a_time:
                break
        if not picks:
            return "none"
        if len(picks) == 1 and not one_at_a_time:
            picks.append("none")  # one entry holds, and no other: "3 none"
        return (", " if rng.random() < 0.5 else " ").join(picks)

    def answer(self, ask):
        rng = self.rng
        i = ask.id
        if i.endswith(".emperor_killed") and not self._own_battle(i) or i.endswith(".triumph"):
            if self.style == "line":
                return (False if ask.kind == YES_NO else 0), "answers"
            return (self.extra.random() < 0.2 if ask.kind == YES_NO else self.extra.randint(0, 3)), "answers"
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
            values = [c.value for c in ask.choices if c.available]
            if i.endswith(".crisis"):
                weights = {"pax_deorum": 1, "palmyra_allies": 2 / 3, "ludi_saeculares": 2 / 3, "event": 2 / 3, "barbarians": 4, "other": 3}
                return rng.choices(values, [weights.get(v, 1) for v in values])[0], "answers"
            if i.endswith(".mode"):  # the first of the list whose rule / printed criteria hold on this board
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
        if ask.kind == NUMBER and i.startswith("toc.final."):
            return self.final_legacy(i), "answers"
        if ask.kind == NUMBER:
            hi = min(ask.max if ask.max is not None else 5, 6 if ".political" in i else 4)
            return rng.randint(ask.min or 0, hi), "answers"
        if ask.kind == TEXT:
            if ".apl." in i and ask.choices:
                return self.apl_line(ask), "answers"
            if i.endswith(".cost"):
                eid = i.split(".")[-2]
                from automata.toc.game import data_of

                if eid in self.withheld:  # the cost the table read for the line, not drawn again
                    return str(self.withheld.pop(eid)), "answers"
                entry = next(e for e in data_of(self.state).priority if e["id"] == eid)
                return str(self.cost_of(entry)), "answers"
            return "", "answers"
        raise AssertionError(ask.kind)

    def final_legacy(self, ask_id: str) -> int:
        """A human's final Legacy as the board shows it, at the end of the game: when the table said that a human
        ended it with no bot at the goal, the first human has reached the goal; the others end near the bots' best."""
        from automata.toc.game import data_of

        threshold = int(data_of(self.state).rules["legacy"]["end_threshold"])
        best = max((b["legacy"] for b in self.state["bots"].values()), default=0)
        if best < threshold and ask_id == "toc.final.legacy.human1":
            return self.rng.randint(threshold, threshold + 8)
        return self.rng.randint(max(0, best - 20), best + 5)

    def _own_battle(self, ask_id: str) -> bool:
        """The Emperor bot's own Initiate Battle (the question asked before issue 30), not an invasion or another's."""
        parts = ask_id.split(".")
        return parts[2] == "apl" and self.state["emperor"] == parts[1]

    def table_dice(self, roll, spec):
        return roll_with(self.rng, spec), "table"


def play_game(seed: int, rounds: int = 8, on_step=None, max_steps=5000, style: str = "line", **options):
    raw = {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}
    raw.update(options)
    state = game.new_state(game.check_options(raw), seed)
    return play_policy(game, state, Policy(seed, rounds, style), seed, on_step, max_steps)
