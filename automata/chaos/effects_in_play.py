"""What is in effect in Chaos in the Old World (issue 39; automata/core/ineffect.py).

Derived from what the state tracks, so each ends by itself:

- an Old World card on the track with a lasting effect (``ongoing_effect`` "yes" or "ask" in old_world.toml): it
  stays until it is pushed off the track (rules file §1.4: space 1, then space 2, then off; §2.9: cards on the
  track keep their ongoing effects); the program has none of their lasting texts, so the table reads the card at
  the first Summoning turn and the first battle of each round;
- a Chaos card played in a region this round (rules file §2.8; seed 003, Fase Final: the cards leave in the End
  phase): raised at the moments its flags in chaos_cards.toml act on (a battle in its region, domination,
  corruption), with how the program deals with it (``handling``: computed, asked, or the table's).
"""

from __future__ import annotations

from ..core.ineffect import Effect, Moment
from ..core.msg import msg
from .common import power_term, region_term
from .data import data_of

#: the words of a round, in order (rules file §1.3); setup comes before the first round
MOMENTS = ("setup", "old_world", "draw", "summoning", "battle", "domination", "corruption", "end")

_STEP_MOMENT = {"setup": "setup", "old_world": "old_world", "draw": "draw", "summon": "summoning",
                "summon_line": "summoning", "battle": "battle", "battle_start": "battle", "domination": "domination",
                "corruption": "corruption", "end_cards": "end"}

#: the End phase's steps after its first (rules file §1.3 step 5): within the moment "end", entered at end_cards
_WITHIN_END = ("end_heroes", "end_old_world", "end_ruination", "end_dials", "end_check")

#: the flags of chaos_cards.toml and the moment each acts at (the file's header says what each flag does)
_FLAG_MOMENTS = (
    (("battle_effect", "early_dice", "own_defense", "enemy_defense"), "battle"),
    (("domination_effect", "domination"), "domination"),
    (("no_corruption", "corruption_effect", "resistance_mod", "consume_per_token"), "corruption"),
)
#: a card left to the table with no flag the program reads: the moments left in its round where a card can act (its
#: battle, and the start of the Corruption phase)
_UNFLAGGED = ("battle", "domination")


def moment(state: dict, step: dict) -> Moment | None:
    proc = step.get("proc", "")
    if proc == "battle_start":
        from .battle import next_battle

        step = next_battle(state, data_of(state), None)
        proc = step.get("proc", "")
    word = _STEP_MOMENT.get(proc)
    if proc in _WITHIN_END:  # the End phase's later steps: the game goes on, within the moment already entered
        return Moment("end", int(state["round"]), enters=False)
    if word is None:
        return None
    if word == "setup":
        return Moment(word, 1)
    round_ = int(step.get("round") or state["round"] + (1 if proc == "old_world" else 0))
    if word == "summoning":
        return Moment(word, round_, seat=step.get("power", ""), first=state.get("summon_started") != state["round"])
    if word == "battle":
        return Moment(word, round_, place=step.get("region", ""), first=state.get("battle_started") != state["round"])
    return Moment(word, round_)


def in_effect(state: dict) -> list[Effect]:
    data = data_of(state)
    out: list[Effect] = []
    for space, card_id in enumerate(state["old_world"]["track"], 1):
        if not card_id:
            continue
        card = data.old_world_card(card_id)
        if card.get("ongoing_effect", "no") == "no":
            continue
        out.append(Effect(
            key=f"track.{card_id}", source=msg("chaos.ineffect.track_card", card=f"@chaos.oldworld.{card_id}"),
            where=msg("chaos.ineffect.track_space", space=space), until=msg("chaos.ineffect.until_track"),
            moments=("summoning", "battle"), note=msg("chaos.ineffect.read_card", card=f"@chaos.oldworld.{card_id}"),
            rule=msg("chaos.ineffect.rule_track"), lasts=3))
    for rid in data.region_ids:
        for entry in state["regions"][rid]["cards"]:
            card = data.chaos_card(entry["power"], entry["card"])
            moments = tuple(word for flags, word in _FLAG_MOMENTS if any(card.get(f) for f in flags))
            handling = card.get("handling", "table")
            if not moments:
                if handling != "table":
                    continue  # its effect was played out when it was played (board changes): nothing lasts
                moments = _UNFLAGGED
            term = f"@chaos.card.{entry['power']}.{entry['card']}"
            out.append(Effect(
                key=f"card.{rid}.{entry.get('space', 0)}.{entry['power']}.{entry['card']}",
                source=msg("chaos.ineffect.region_card", card=term, power=power_term(entry["power"])),
                where=msg("chaos.ineffect.in_region", region=region_term(rid)), place=rid,
                until=msg("chaos.ineffect.until_end"), moments=moments,
                note=msg(f"chaos.ineffect.handling.{handling}", card=term),
                rule=msg("chaos.ineffect.rule_card"), seat=entry["power"], computed=handling == "computed",
                lasts=None if card.get("may_stay") else 1))
    return out
