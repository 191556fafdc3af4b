"""What an Anachrony table may own, what a setup needs of it, and the random setup (``tabletop new anachrony
--random``).

The items: the base game, the Future Imperfect box and each of its four modules the program runs (seed 002,
"Preparação"; rules file §2.14); a module is playable when the table owns both the box and the module. The draw
fills what the table left open, with the rules' limits:
- modules: Intrigues never solo (rules file §3.1, §2.15), none against the Chronobot (§3.1), at most three at
  once (§2.15: the books advise two or three);
- each player a different Path (§2.4 C14) and one of its two Leaders (C18); one Player board side for all (C14).
"""

from __future__ import annotations

import random

from ..core.steps import Msg, msg

MODULES = ("neutronide", "hypersync", "quantum_loops", "intrigues")
CONTENT = ("base", "future_imperfect", *MODULES)
#: each module comes in the Future Imperfect box: owned only while the box is (automata/core/collection.py)
BOXED = {m: "future_imperfect" for m in MODULES}
MOST_MODULES = 3  # rules file §2.15


def needs(raw: dict) -> list[str]:
    """The base game, and for each module asked for: Future Imperfect and the module."""
    wanted = _modules(raw.get("modules"))
    return ["base"] + (["future_imperfect"] if wanted else []) + wanted


def _modules(text) -> list[str]:
    items = text if isinstance(text, (list, tuple)) else str(text or "").split(",")
    names = {str(x).strip().lower().replace("-", "_").replace(" ", "_") for x in items if str(x).strip()}
    if names & {"all", "todos"}:
        return list(MODULES)
    return [m for m in MODULES if m in names]


def playable_modules(owned: set[str], players: int, opponent: str) -> list[str]:
    """The modules the table owns that fit the player count and the solo opponent (rules file §3.1)."""
    if "future_imperfect" not in owned or opponent == "chronobot":
        return []
    return [m for m in MODULES if m in owned and not (m == "intrigues" and players == 1)]


def draw(raw: dict, fixed: set[str], owned: set[str], seed: int) -> dict:
    """``raw`` with the open choices drawn: the modules (unless given), then a Path and a Leader for each player
    and the Player board side. Pure: the same seed gives the same draw."""
    from .data import load

    data = load(raw.get("overrides") or None)
    rng = random.Random(f"{seed}/anachrony/random")
    out = dict(raw)
    players = int(raw.get("players") or 2)
    opponent = str(raw.get("opponent") or "").strip().lower()
    if "modules" not in fixed:
        pool = playable_modules(owned, players, opponent)
        count = rng.randint(0, min(MOST_MODULES, len(pool)))
        picked = set(rng.sample(pool, count))
        out["modules"] = ",".join(m.replace("_", "-") for m in MODULES if m in picked)
    paths = data.rules["paths"]
    chosen = rng.sample(list(paths["ids"]), players)
    out["paths"] = {f"p{i + 1}": {"path": p, "leader": rng.choice(list(paths["leaders"][p]))} for i, p in enumerate(chosen)}
    out["board_side"] = rng.choice(list(paths["board_sides"]))
    return out


def describe(raw: dict) -> list[Msg]:
    modules = _modules(raw.get("modules"))
    out = [msg("core.random.anachrony_modules", modules=[f"@anachrony.score.module.{m}" for m in modules])
           if modules else msg("core.random.anachrony_base")]
    names = [x.strip() for x in str(raw.get("names") or "").split(",") if x.strip()]
    for i, (p, pick) in enumerate(raw["paths"].items()):
        who = names[i] if i < len(names) else msg("anachrony.player", n=i + 1).to_data()
        out.append(msg("core.random.anachrony_path", player=who, path=f"@anachrony.path.{pick['path']}",
                       leader=f"@anachrony.leader.{pick['leader']}"))
    out.append(msg("core.random.anachrony_side", side=str(raw["board_side"]).upper(), n=len(raw["paths"])))
    opponent = str(raw.get("opponent") or "").strip().lower()
    if opponent:  # a solo game: the opponent the program runs, which decided the modules the draw could take
        out.append(msg("core.random.anachrony_opponent", bot=f"@anachrony.solo.bot.{opponent}"))
    return out
