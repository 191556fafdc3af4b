"""A scripted table for Chaos in the Old World: answers every question by a seeded policy.

Used by the golden playthrough and the property tests. Dice are table dice
drawn from the same seeded generator, so a game is fully determined by its seed.
"""

from __future__ import annotations

import random

from automata.chaos import casualties, edits, game
from automata.chaos.casualties import CasualtyAsk
from automata.core.dice import roll_with
from automata.core.steps import NUMBER, ONE_OF, SEVERAL_OF, TEXT, YES_NO, InvalidAnswer
from policy_runner import play_policy


REGIONS = ["norsca", "troll_country", "kislev", "the_empire", "bretonnia", "estalia", "tilea", "the_border_princes", "the_badlands"]


class Policy:
    """Random legal answers; ``focus`` makes it crowd cultists into a few regions (so regions get ruined)."""

    def __init__(self, seed: int, pass_rate: float = 0.15, focus: float = 0.0, card_changes: bool = False):
        self.rng = random.Random(seed)
        # also draw and discard Chaos cards and take Old World cards off the track in board changes (issue 29);
        # off in the goldens, whose random draws stay as they were
        self.card_changes = card_changes
        self.pass_rate = pass_rate
        self.focus = focus
        self.preferred = REGIONS[:]
        self.rng.shuffle(self.preferred)
        self.state = None
        self.lines: dict = {}  # (round, power) -> the Summoning line planned for it
        self.queued: dict = {}  # ask id -> answers given during the plan, replayed in the same order
        self.played: dict = {}  # (round, region) -> the Chaos cards played there, (power, card) in the table's order

    def plan_summoning(self):
        """The whole Summoning phase played one action at a time on a copy of the board, with the same random
        draws as the one-action-at-a-time table; each Power's actions become its line. So a game recorded by
        lines reaches the same board as the same game recorded one action at a time."""
        import copy

        from automata.chaos import turn
        from automata.core.runner import DiceContext, run

        real = self.state
        sim = copy.deepcopy(real)
        self.state = sim
        lines: dict = {p: [] for p in sim["powers"]}
        power = turn.next_summoner(sim, None)
        recorder = _Recorder(self)
        while power:
            result = run(turn.summon_turn(sim, game.data_of(sim), power), recorder, dice=DiceContext(0, 0, "table"))
            assert result.done
            for e in result.transcript:
                if e.kind != "say":
                    continue
                p = e.msg.params
                if e.msg.id == "chaos.summon.placed":
                    lines[power].append(f"{p['figure'].split('.')[-1]} {p['region'].split('.')[-1]}")
                elif e.msg.id == "chaos.summon.moved":
                    lines[power].append(f"{p['figure'].split('.')[-1]} {p['region'].split('.')[-1]} from {p['origin'].split('.')[-1]}")
                elif e.msg.id == "chaos.card.played":
                    lines[power].append(f"card {p['card'].split('.')[-1]} {p['region'].split('.')[-1]}")
                    self.played.setdefault((real["round"], p["region"].split(".")[-1]), []).append((power, p["card"].split(".")[-1]))
            power = turn.next_summoner(sim, power)
        self.state = real
        for p, items in lines.items():
            self.lines[(real["round"], p)] = ", ".join(items) or "none"

    def answer(self, ask):
        rng = self.rng
        if self.queued.get(ask.id):
            given = self.queued[ask.id].pop(0)
            if ask.kind == TEXT and ask.id.endswith(".changes") and self.state is not None:
                # planned on the copy in another order (a Power's whole line first): still legal on the real board?
                given = self.legal(given)
            return given, "answers"
        if ask.kind == TEXT and ask.id.startswith("chaos.summon.r"):
            power = ask.id.rsplit(".", 1)[1]
            key = (self.state["round"], power)
            if key not in self.lines:
                self.plan_summoning()
            return self.lines[key], "answers"
        if ask.kind == ONE_OF and ask.id.startswith("chaos.summon.r") and ask.id.endswith(".first"):
            # which card was played first (seed 003 l.67): the one the planned table played first; no random draw
            r, region = ask.id.split(".")[2:4]
            power, card = self.played[(int(r[1:]), region)][0]
            values = [c.value for c in ask.choices]
            return (power if power in values else card), "answers"
        if isinstance(ask, CasualtyAsk):
            # the targets one at a time, drawn as when each target was its own question (same random draws)
            left, pick = ask.hits, {}
            while True:
                standing = [g for g in ask.groups if pick.get(g.key, 0) < g.count]
                can = [g for g in standing if g.defense <= left]
                if not can:
                    break
                if sum((g.count - pick.get(g.key, 0)) * g.defense for g in standing) <= left or len(can) == 1:
                    g = can[0]
                else:
                    rng.random()
                    g = rng.choice(can)
                pick[g.key] = pick.get(g.key, 0) + 1
                left -= g.defense
            return casualties.canonical(pick), "answers"
        if ask.kind == TEXT and ask.id.startswith("chaos.domination.r"):
            # the region's domination values, one draw per Power in the region's order (as when each was asked)
            powers = ask.check.args[0]
            return ", ".join(f"{p} {rng.randint(0, 3)}" for p in powers), "answers"
        if ask.kind == YES_NO:
            return (True if ask.id.startswith("chaos.setup.") else rng.random() < 0.5), "answers"
        if ask.kind == ONE_OF:
            values = [c.value for c in ask.choices if c.available]  # an item kept in place but not takeable now
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
        if ask.kind == NUMBER and ask.id.startswith("chaos.deck."):
            # Tzeentch's deck counted by the table: as many cards fewer as it discarded before drawing
            return rng.randint(ask.min, ask.max), "answers"
        if ask.kind == NUMBER:
            return rng.randint(ask.min or 0, min(ask.max if ask.max is not None else 3, 3)), "answers"
        if ask.kind == TEXT and ask.id.endswith(".end_phase"):
            # an Old World card's End-phase effect: printed or not (as the yes/no it was), then its changes
            if rng.random() >= 0.5:
                return "no", "answers"
            return self.changes(ask.id), "answers"
        if ask.kind == TEXT:
            return self.changes(ask.id), "answers"
        raise AssertionError(ask.kind)

    def changes(self, ask_id: str = "") -> str:
        """Board changes printed on a card the program does not model."""
        rng = self.rng
        # not after a Summoning card: those answers are planned one action at a time and replayed after the
        # whole line, when the hands are no longer what they were at the planned moment
        if self.card_changes and self.state is not None and not ask_id.startswith("chaos.card.") and rng.random() < 0.4:
            return self.card_change()
        # sometimes corruption or tokens appear
        if self.state is not None and rng.random() < self.focus:
            power = rng.choice(self.state["powers"])
            region = rng.choice(REGIONS)
            kind = rng.choice(["corruption", "corruption", "warpstone", "noble", "hero"])
            if kind == "corruption":
                return self.legal(f"+{rng.randint(1, 4)} corruption {power} {region}")
            if not self.state["regions"][region]["ruin"]:
                return self.legal(f"+{kind} {region}")
        return "none"

    def legal(self, text: str) -> str:
        """``text`` if the board allows it (no corruption in a ruined region, nothing past the box's tokens or a
        Power's supply: automata/chaos/fix.py's limits, the board changes' since issue 40), else "none"."""
        try:
            edits.parse(text, self.state)
        except InvalidAnswer:
            return "none"
        return text

    def card_change(self) -> str:
        """A legal draw, discard or removal from the Old World track (issue 29)."""
        rng = self.rng
        power = rng.choice(self.state["powers"])
        ps = self.state["p"][power]
        track = [c for c in self.state["old_world"]["track"] if c]
        roll = rng.random()
        if track and roll < 0.3:
            return f"-track {rng.choice(track)}"
        if roll < 0.65 and ps["hand"] > 0:
            return f"-{rng.randint(1, min(2, ps['hand']))} cards {power}"
        if ps["deck"] + ps["discard"] > 0:
            return f"+{rng.randint(1, min(3, ps['deck'] + ps['discard']))} cards {power}"
        return "none"

    def table_dice(self, roll, spec):
        return roll_with(self.rng, spec), "table"


class _Recorder:
    """Answers the planned turns with the policy and keeps the board-change answers for the real questions."""

    def __init__(self, policy):
        self.policy = policy

    def answer(self, ask):
        got = self.policy.answer(ask)
        if ask.kind == TEXT:
            self.policy.queued.setdefault(ask.id, []).append(got[0])
        return got

    def table_dice(self, roll, spec):  # pragma: no cover - no dice in the Summoning phase
        return self.policy.table_dice(roll, spec)


def play_game(seed: int, powers=("khorne", "nurgle", "tzeentch", "slaanesh"), on_step=None, max_steps=2000, focus: float = 0.0,
              summoning: str = "line", card_changes: bool = False):
    """Play a whole game with the policy; returns (final state, list of (step, RunResult))."""
    options = game.check_options({"powers": ",".join(powers), "summoning": summoning})
    state = game.new_state(options, seed)
    return play_policy(game, state, Policy(seed, focus=focus, card_changes=card_changes), seed, on_step, max_steps)
