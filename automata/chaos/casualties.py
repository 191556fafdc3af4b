"""Casualties of one Power in one battle, as one answer (issue 11).

Seed 003, Fase de Batalha step 2: the player declares which enemy figure (or Peasant token) receives each hit;
every hit goes to a valid target while one exists, a figure needs hits equal to its defense, spare hits are
lost (rules file §1.7, and its reading [I] that hits are spent in whole kills). So the table's whole answer is
a set of targets that (a) the Power's hits pay for, a figure at its defense and a Peasant at 1, and (b) leaves
no target the remaining hits could still destroy. The program works out every such set; when only one exists
(everything dies, or the hits can only go one way) it applies it without asking. Otherwise it asks once, e.g.
``2 nurgle cultist, peasant`` or ``bloodletter, horror`` (English or Portuguese words, follower names, close
matches), and refuses a wrong answer whole, with the reason.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from ..core.closest import close_matches
from ..core.steps import TEXT, Ask, InvalidAnswer, msg
from .board import FIGURE_KINDS
from .data import ChaosData
from .summonline import KIND_WORDS, fold
from . import worth

PEASANT = ("peasant", "peasant")
PEASANT_WORDS = {"peasant", "peasants", "peasant_token", "peasant_tokens", "campones", "camponeses", "camponesa", "camponesas"}
COUNT_WORDS = {"a", "an", "one", "um", "uma"}
OF_WORDS = {"de", "do", "da", "of"}


@dataclass(frozen=True)
class Group:
    """Targets of one kind: an enemy Power's figures of one kind not yet knocked over, or the Peasants."""

    owner: str
    kind: str
    count: int
    defense: int

    @property
    def key(self) -> tuple[str, str]:
        return (self.owner, self.kind)


def groups_for(state: dict, data: ChaosData, region_id: str, power: str, knocked: dict) -> list[Group]:
    """The legal targets of ``power`` in the region, grouped (Power order, then figure order, Peasants last).

    A figure's defense is what worth.defense says it is now (upgrades, Rain of Pus, Plague Touch)."""
    region = state["regions"][region_id]
    out: list[Group] = []
    for owner in state["powers"]:
        if owner == power:
            continue
        figs = region["figures"].get(owner, {})
        for kind in FIGURE_KINDS:
            alive = figs.get(kind, 0) - knocked.get((owner, kind), 0)
            if alive > 0:
                out.append(Group(owner, kind, alive, worth.defense(state, data, region_id, owner, kind)))
    peasants = region["tokens"].get("peasant", 0)
    if peasants > 0:
        out.append(Group("peasant", "peasant", peasants, 1))
    return out


def _leftover_ok(groups: list[Group], pick: dict, hits: int) -> bool:
    """(b): the hits left cannot destroy any target still standing."""
    left = hits - sum(pick.get(g.key, 0) * g.defense for g in groups)
    return left >= 0 and all(left < g.defense for g in groups if pick.get(g.key, 0) < g.count)


def forced(groups: list[Group], hits: int) -> dict | None:
    """The only legal set of casualties, or None when the Power has a real choice.

    Targets of equal defense are alike for the hits, so the sets are counted per defense first: if more
    than one count per defense is legal, or a defense class is only partly destroyed while it holds targets
    of more than one kind, the Power chooses.
    """
    by_defense: dict[int, list[Group]] = {}
    for g in groups:
        by_defense.setdefault(g.defense, []).append(g)
    defenses = sorted(by_defense)
    sizes = [sum(g.count for g in by_defense[d]) for d in defenses]
    legal: list[tuple[int, ...]] = []
    for counts in itertools.product(*(range(min(n, hits // d) + 1) for n, d in zip(sizes, defenses))):
        spent = sum(k * d for k, d in zip(counts, defenses))
        if spent > hits:
            continue
        left = hits - spent
        if all(left < d for k, n, d in zip(counts, sizes, defenses) if k < n):
            legal.append(counts)
            if len(legal) > 1:
                return None
    counts = legal[0]
    pick: dict = {}
    for k, n, d in zip(counts, sizes, defenses):
        if k == 0:
            continue
        if k < n and len(by_defense[d]) > 1:
            return None
        for g in by_defense[d]:
            take = min(k, g.count)
            pick[g.key] = take
            k -= take
    return pick


@dataclass(frozen=True)
class CasualtyAsk(Ask):
    """The casualty question; ``groups`` and ``hits`` let a scripted table answer it (tests, goldens)."""

    groups: tuple = ()
    hits: int = 0


def _owner_of(state: dict, data: ChaosData, word: str) -> str | None:
    w = fold(word)
    for p in state["powers"]:
        if w in {fold(n) for n in [p, *data.power(p).get("names", [])]}:
            return p
    return None


def _kind_of(data: ChaosData, owners: list[str], words: list[str]) -> tuple[str | None, str] | None:
    """(owner named by a follower name or None, kind) from the words, or None."""
    w = fold(" ".join(words))
    if w in KIND_WORDS:  # every kind word of both languages, "grande demônio" and its plural too (data/fix_words.toml)
        return None, KIND_WORDS[w]
    if w.endswith("s") and w[:-1] in KIND_WORDS:
        return None, KIND_WORDS[w[:-1]]
    for owner in owners:
        followers = data.power(owner)["followers"]
        for kind in FIGURE_KINDS:
            name = fold(followers[kind]["name"])
            if w in (name, name + "s", name + "es"):
                return owner, kind
    return None


def parse(text: str, state: dict, data: ChaosData, power: str, groups: list[Group]) -> dict:
    """The answer as {(owner, kind): n}; raises InvalidAnswer (with what is valid) for a word it cannot read."""
    owners = [p for p in state["powers"] if p != power]
    pick: dict = {}
    for raw in re.split(r"[;,]", text):
        item = raw.strip()
        if not item:
            continue
        words = item.replace(":", " ").split()
        n = 1
        if words[0].isdigit():
            n = int(words[0])
            words = words[1:]
        elif fold(words[0]) in COUNT_WORDS and len(words) > 1:
            words = words[1:]
        if n < 1 or not words:
            raise InvalidAnswer(msg("chaos.casualty.bad_item", item=item, valid=describe(groups)))
        if fold(" ".join(words)) in PEASANT_WORDS or (len(words) == 2 and fold(words[0]) == "peasant" and fold(words[1]) == "peasant"):
            key = PEASANT
        else:
            owner = _owner_of(state, data, words[0]) if len(words) > 1 else None
            rest = words[1:] if owner else words
            if owner is None and len(words) > 2 and fold(words[-2]) in OF_WORDS:  # "cultista de nurgle"
                owner = _owner_of(state, data, words[-1])
                rest = words[:-2] if owner else words
            found = _kind_of(data, [owner] if owner else owners, rest)
            if found is None:
                names = [*KIND_WORDS, *(data.power(o)["followers"][k]["name"] for o in owners for k in FIGURE_KINDS), "peasant"]
                close = close_matches(" ".join(rest), names)
                raise InvalidAnswer(msg("chaos.casualty.unknown", item=item, valid=describe(groups), close=", ".join(close)))
            named, kind = found
            owner = owner or named
            if owner is None:
                having = [g.owner for g in groups if g.kind == kind and g.owner != "peasant"]
                if len(having) != 1:
                    raise InvalidAnswer(msg("chaos.casualty.whose", item=item, figure=f"@chaos.figure.{kind}",
                                            owners=[f"@chaos.power.{o}" for o in having] or "—", valid=describe(groups),
                                            example=example([g for g in groups if g.owner in having[:1] and g.kind == kind] or groups)[0]))
                owner = having[0]
            key = (owner, kind)
        pick[key] = pick.get(key, 0) + n
    return pick


def check(pick: dict, groups: list[Group], hits: int) -> dict:
    """Refuse the whole answer, with the reason, unless it is a legal set of casualties."""
    by_key = {g.key: g for g in groups}
    for key, n in pick.items():
        g = by_key.get(key)
        if g is None or n > g.count:
            raise InvalidAnswer(msg("chaos.casualty.not_there", target=term(key), n=n, there=g.count if g else 0, valid=describe(groups)))
    spent = sum(n * by_key[k].defense for k, n in pick.items())
    if spent > hits:
        raise InvalidAnswer(msg("chaos.casualty.too_many", spent=spent, hits=hits, valid=describe(groups)))
    if not _leftover_ok(groups, pick, hits):
        left = hits - spent
        still = [g for g in groups if pick.get(g.key, 0) < g.count and g.defense <= left]
        raise InvalidAnswer(msg("chaos.casualty.too_few", left=left, targets=[term(g.key) for g in still], valid=describe(groups)))
    return {k: n for k, n in pick.items() if n}


def term(key: tuple[str, str]):
    owner, kind = key
    if owner == "peasant":
        return msg("chaos.casualty.peasant_term").to_data()
    return msg("chaos.casualty.figure_term", owner=f"@chaos.power.{owner}", figure=f"@chaos.figure.{kind}").to_data()


def describe(groups: list[Group]) -> list:
    """The targets as the table reads them: '2 × Nurgle cultist (defense 1)'."""
    return [msg("chaos.casualty.group", target=term(g.key), n=g.count, defense=g.defense).to_data() for g in groups]


def _example_figure(owner: str, kind: str):
    """One figure as the table may type it ("nurgle cultist" / "cultista de nurgle")."""
    return msg("chaos.casualty.example_figure", owner=owner, figure=f"@chaos.figure.{kind}").to_data()


def example(groups: list[Group]) -> list:
    """An answer made of the targets the assigning Power can hit here: its first enemy figure, and a Peasant
    when there are Peasants (never a figure that is not there or is its own)."""
    out = [_example_figure(g.owner, g.kind) for g in groups if g.owner != PEASANT[0]][:1]
    if any(g.owner == PEASANT[0] for g in groups):
        out.append(msg("chaos.casualty.example_peasant").to_data())
    return out


def question(ask_id: str, state: dict, data: ChaosData, region_id: str, power: str, groups: list[Group], hits: int, question_msg) -> CasualtyAsk:
    def validate(text: str) -> str:
        return canonical(read(text, state, data, power, groups, hits))

    hint = msg("chaos.casualty.hint", targets=describe(groups), example=example(groups))
    return CasualtyAsk(ask_id, question_msg, TEXT, check=validate, hint=hint, groups=tuple(groups), hits=hits)


def read(text: str, state: dict, data: ChaosData, power: str, groups: list[Group], hits: int) -> dict:
    """The answer, read and checked: {(owner, kind): n}."""
    return check(parse(text, state, data, power, groups), groups, hits)


def canonical(pick: dict) -> str:
    """The answer as stored in the journal (read back by ``read``): 'tzeentch warrior, 2 nurgle cultists, peasant'."""

    def item(owner: str, kind: str, n: int) -> str:
        name = "peasant" if owner == "peasant" else f"{owner} {kind}"
        return name if n == 1 else f"{n} {name}s"

    return ", ".join(item(o, k, n) for (o, k), n in pick.items())
