"""Dice: specs, the app's seeded rolls, and validation of the table's dice.

App rolls derive only from (game seed, step number, roll id, occurrence), so a
step that is undone and played again gets exactly the same dice. Nothing here
touches global randomness.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .steps import InvalidAnswer, msg

_SPEC = re.compile(r"^(\d+)d(\d+)(!?)$")


@dataclass(frozen=True)
class DiceSpec:
    count: int
    sides: int
    explode: bool = False  # each top face adds one more die, which can explode again

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}{'!' if self.explode else ''}"


def parse_spec(spec: str) -> DiceSpec:
    m = _SPEC.match(spec.strip().lower())
    if not m or int(m.group(2)) < 2:
        raise ValueError(f"bad dice spec {spec!r}: use NdS or NdS! (for example 3d6!)")
    return DiceSpec(int(m.group(1)), int(m.group(2)), bool(m.group(3)))


def seeded_rng(seed: int, step: int, roll_id: str, occurrence: int):
    import random  # here, not at the top: start-up of commands that roll nothing stays fast

    # A string seed is hashed with SHA-512 by random.Random: stable across runs
    # and platforms, independent of PYTHONHASHSEED.
    return random.Random(f"{seed}/{step}/{roll_id}/{occurrence}")


def roll_with(rng, spec: DiceSpec, limit: int = 10_000) -> list[int]:
    faces: list[int] = []
    pending = spec.count
    while pending and len(faces) < limit:
        pending -= 1
        face = rng.randint(1, spec.sides)
        faces.append(face)
        if spec.explode and face == spec.sides:
            pending += 1
    return faces


def app_roll(spec: DiceSpec, seed: int, step: int, roll_id: str, occurrence: int) -> list[int]:
    return roll_with(seeded_rng(seed, step, roll_id, occurrence), spec)


def expected_count(spec: DiceSpec, faces: list[int]) -> int:
    """How many faces a complete roll of ``spec`` with these faces has."""
    if not spec.explode:
        return spec.count
    return spec.count + sum(1 for f in faces if f == spec.sides)


def parse_table_faces(spec: DiceSpec, raw) -> list[int]:
    """Validate the faces the table typed in (``"6 4 1 2"`` or a list)."""
    if isinstance(raw, (list, tuple)):
        items = [str(x) for x in raw]
    else:
        items = [x for x in re.split(r"[\s,;]+", str(raw).strip()) if x]
    faces: list[int] = []
    for item in items:
        try:
            face = int(item)
        except ValueError:
            raise InvalidAnswer(msg("core.dice.not_a_face", value=item, sides=spec.sides)) from None
        if not 1 <= face <= spec.sides:
            raise InvalidAnswer(msg("core.dice.not_a_face", value=item, sides=spec.sides))
        faces.append(face)
    want = expected_count(spec, faces)
    if len(faces) != want:
        key = "core.dice.count_explode" if spec.explode else "core.dice.count"
        raise InvalidAnswer(msg(key, got=len(faces), want=want, count=spec.count, sides=spec.sides))
    return faces
