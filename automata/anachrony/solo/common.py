"""Helpers of the solo procedures: names, the dice (Roll, so undo never re-rolls), failures, sets."""

from __future__ import annotations

from ...core.steps import Roll, Say, msg

#: the solo opponents' message ids begin with this
PREFIX = "anachrony.solo"


def bot(s: dict) -> str:
    return f"@{PREFIX}.bot.{s['bot']}"


def act(action: str) -> str:
    return f"@{PREFIX}.action.{action}"


def why(key: str, **params) -> Say:
    return Say(msg(f"{PREFIX}.why.{key}", **params), "why")


def say(key: str, style: str = "do", **params) -> Say:
    return Say(msg(f"{PREFIX}.{key}", **params), style)


def provisional(key: str) -> Say:
    return Say(msg("anachrony.provisional", key=key), "warn")


def roll_ai(sd, s: dict):
    """The AI die (§3.2.2); the first-edition Chronobot rolls a plain d6 (§3.3)."""
    if s["bot"] == "chronobot" and s["edition"] == "first":
        (face,) = yield Roll(f"{PREFIX}.d6", "1d6", msg(f"{PREFIX}.roll.d6"))
        return face
    # the transcript says the AI die's face that counts (a d6's 6 is said as 4), app or table dice (audit item 11)
    shown = tuple(msg(f"{PREFIX}.face.ai", n=sd.ai(f)) for f in range(1, 7))
    (face,) = yield Roll(f"{PREFIX}.ai", "1d6", msg(f"{PREFIX}.roll.ai"), shown, msg(f"{PREFIX}.roll.ai.hint"))
    return sd.ai(face)


def roll_paradox(sd, what: str):
    shown = tuple(msg(f"{PREFIX}.face.paradox", n=sd.paradox(f)) if sd.paradox(f) else msg(f"{PREFIX}.face.blank")
                  for f in range(1, 7))
    (face,) = yield Roll(f"{PREFIX}.paradox", "1d6", msg(f"{PREFIX}.roll.paradox", what=f"@{PREFIX}.roll.for.{what}"), shown,
                         msg(f"{PREFIX}.roll.paradox.hint"))
    return sd.paradox(face)


def roll_shape(sd):
    shown = tuple(msg(f"{PREFIX}.shape.{sd.shape(f)}") for f in range(1, 4))
    (face,) = yield Roll(f"{PREFIX}.shape", "1d3", msg(f"{PREFIX}.roll.shape"), shown, msg(f"{PREFIX}.roll.shape.hint"))
    return sd.shape(face)


def failed_vp(sd, s: dict) -> int:
    if s["bot"] == "chronossus":
        return 2 if s["difficulty"].get("failed-2vp") else sd["chronossus"]["failed_vp"]
    return sd["chronobot_first" if s["edition"] == "first" else "chronobot"]["failed_vp"]


def fail(sd, s: dict, reason: str, no_space: bool = False, **params):
    """A Failed Action (§3.2.6, §3.4.7): +1 VP (2 with the harder option); with no space free the
    Chronossus also discards one powered Exosuit; the first-edition Chronobot also gains 2 Water (§3.3)."""
    vp = failed_vp(sd, s)
    s["vp"] += vp
    s["failed"] += 1
    yield say("failed", "score", bot=bot(s), vp=vp, reason=msg(f"{PREFIX}.fail.{reason}", **params).to_data())
    if s["bot"] == "chronossus":
        if no_space and s["exosuits"] > 0:
            s["exosuits"] -= 1
            yield say("discard_exosuit", bot=bot(s), left=s["exosuits"])
            yield why("failed_discard")
        else:
            yield why("failed_chronossus" if not no_space else "failed_no_exosuit_left")
    elif s["edition"] == "first":
        water = sd["chronobot_first"]["failed_water"]
        s["water"] += water
        yield say("water_gain", "score", bot=bot(s), water=water, total=s["water"])
        yield why("failed_first")
    else:
        yield why("failed_space" if no_space else "failed")


def complete_sets(s: dict, kind: str):
    """Recruit and Mine (§3.2.7): once it holds every type, it discards one of each for +5 VP."""
    held = s["workers"] if kind == "workers" else s["resources"]
    if all(v > 0 for v in held.values()):
        for k in held:
            held[k] -= 1
        s["vp"] += 5
        yield say(f"set_{kind}", "score", bot=bot(s), vp=5)
        yield why(f"set_{kind}")


def warp_pick(s: dict, era: int, past_only: bool = True) -> int | None:
    """The Timeline tile where it has the most Warp tiles, the oldest on a tie (§3.2.4, §3.2.7)."""
    eras = [e for e, n in s["warps"].items() if n > 0 and (not past_only or int(e) < era)]
    if not eras:
        return None
    return int(min(eras, key=lambda e: (-s["warps"][e], int(e))))


def take_warp(s: dict, e: int) -> None:
    key = str(e)
    s["warps"][key] -= 1
    if not s["warps"][key]:
        del s["warps"][key]

