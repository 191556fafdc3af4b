"""The words of the Radlands card data: effects, conditions, cost modifiers and traits.

The rules engine implements exactly these; anything else in an owner's card (a new icon of the open registry,
``manual``) is shown with the card's text and left to the table. Meanings (rules/radlands.md §1.10, §2.5–§2.12):

Icons (also the junk icons, seed 004 "Icon Effects"): ``damage``, ``injure``, ``restore``, ``draw``, ``punk``,
``water``, ``raid``. Counted: ``draw:N`` (draw N cards), ``discard:N`` (discard N cards from hand, never the
Water Silo), ``discard_drawn:N`` (discard N of the cards the draw just before gave: Supply Depot, Interrogate). Several punks: repeat ``punk``.

Named effects:

- ``damage_self`` / ``destroy_self``: this card; ``damage_any``: one opposing card, protection ignored;
- ``destroy_own_person``, ``return_own_person`` (to your hand), ``destroy_unprotected_enemy``,
  ``destroy_any_enemy``, ``destroy_damaged_enemies`` (all of them), ``injure_unprotected_enemies`` (all),
  ``injure_all_people`` (both sides), ``destroy_all_people`` (both sides), ``return_all_people`` (both sides,
  punks included);
- ``damage_unprotected_camp``, ``destroy_any_camp`` (opposing, protection ignored), ``damage_opposing_camps``
  (every one), ``draw_per_destroyed_opposing_camp``, ``destroy_enemies_in_column``, ``damage_column`` (every
  card of one opposing column);
- ``famine``, ``high_ground``, ``opponent_damages_own_card`` (Scud Launcher), ``choose:A|B|C`` (one of the
  listed effects), ``advance_event`` (Omen Clock), ``push_opponent_events`` (Doomsayer), ``restore_ready``
  (Atomic Garden), ``restore_any_number`` (Bonfire), ``draw_if_camp_hit`` (Looter),
  ``destroy_damaged_unprotected`` (Resonator: an unprotected opposing card that is already damaged);
- card texts (automata/radlands/card_effects.py): ``opponent_damages_back`` (Vanguard),
  ``opponent_destroys_own_person`` (The Octagon, if you destroyed one), ``damage_and_or_restore`` (Mutant),
  ``cycle_cards`` (Warehouse), ``mill_three_junk_one`` (Scientist), ``destroy_or_discard_two`` (Mercenary
  Camp), ``flip_punk`` (Training Camp), ``revive_camp`` (Construction Yard, printed), ``copy_ability`` (Mimic),
  ``use_damaged_then_destroy`` (Adrenaline Lab), ``parachute`` (Parachute Base), ``juggernaut_move``
  (Juggernaut: the camp's place in its column is kept as ``moves`` and ``behind`` on the camp);
- ``manual``: the program shows the text and the table reports what changed.

Conditions of an ability: see ``CONDITIONS``; cost modifiers: ``COST_MODIFIERS``; traits: ``TRAITS``.
"""

from __future__ import annotations

import re

ICONS = ("damage", "injure", "restore", "draw", "punk", "water", "raid")
COUNTED = ("draw", "discard", "discard_drawn")
NAMED = (
    "damage_self", "destroy_self", "damage_any", "destroy_own_person", "destroy_unprotected_enemy",
    "destroy_any_enemy", "destroy_damaged_enemies", "injure_unprotected_enemies", "injure_all_people",
    "damage_unprotected_camp", "destroy_any_camp", "damage_opposing_camps", "draw_per_destroyed_opposing_camp",
    "destroy_enemies_in_column", "damage_column", "destroy_all_people", "return_all_people", "return_own_person",
    "famine", "high_ground", "opponent_damages_own_card", "advance_event", "push_opponent_events",
    "restore_ready", "restore_any_number", "draw_if_camp_hit", "destroy_damaged_unprotected",
    "opponent_damages_back", "opponent_destroys_own_person", "damage_and_or_restore", "cycle_cards",
    "mill_three_junk_one", "destroy_or_discard_two", "flip_punk", "revive_camp", "copy_ability",
    "use_damaged_then_destroy", "parachute", "juggernaut_move", "manual",
)
#: every plain effect word (the counted ``draw:N`` / ``discard:N`` and ``choose:…`` come on top)
EFFECTS = ICONS + NAMED
CONDITIONS = (
    "people_at_most_1",      # Arcade: you have 0 or 1 people
    "people_entered_2",      # Nest of Spies, Transplant Lab: 2+ people entered play for you this turn
    "event_resolved",        # Watchtower: an event resolved this turn (Raiders and bomb-0 events count)
    "own_raiders_resolved",  # Scavenger Camp: your Raiders resolved this turn
    "self_undamaged",        # Construction Yard: this card is undamaged
    "opponent_has_event",    # Doomsayer: the opponent has an event in their queue
    "has_punk",              # Rabble Rouser: you have a punk
)
COST_MODIFIERS = (
    "minus_per_punk",            # Command Post: 1 less per punk you have (never below 0)
    "minus_per_destroyed_camp",  # Pillbox: 1 less per destroyed camp of yours (never below 0)
)
TRAITS = (
    "oasis", "holdout", "obelisk", "no_restore", "enters_ready", "all_enter_ready", "argo_yesky", "vera_vosh",
    "zeto_khan", "juggernaut",
)
SYMBOL_COST = "symbol"

_COUNTED = re.compile(r"^(%s):([1-9][0-9]*)$" % "|".join(COUNTED))
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")


def effect_problem(effect: object, icons: tuple[str, ...] | list[str] = ()) -> str:
    """Why ``effect`` is not a word of the vocabulary ("" when it is); ``icons`` adds the owner's icon ids."""
    if not isinstance(effect, str):
        return f"an effect must be text, got {effect!r}"
    if effect in EFFECTS or effect in icons or _COUNTED.match(effect):
        return ""
    if effect.startswith("choose:"):
        options = effect[len("choose:"):].split("|")
        bad = [o for o in options if o.startswith("choose:") or effect_problem(o, icons)]
        if len(options) >= 2 and not bad:
            return ""
        return f"'{effect}': choose: takes two or more effects separated by '|'"
    from ..core.closest import close_matches

    close = close_matches(effect, list(EFFECTS) + list(icons) + ["draw:2", "discard:1", "choose:draw|restore|punk"])
    hint = f"; closest: {', '.join(close)}" if close else ""
    return (f"unknown effect '{effect}'; valid: {', '.join(EFFECTS)}, draw:N, discard:N, discard_drawn:N, choose:A|B, "
            f"or an icon id of [icons]{hint}")


def counted(effect: str) -> tuple[str, int] | None:
    """``("draw", 3)`` for ``"draw:3"``; None for any other effect."""
    m = _COUNTED.match(effect)
    return (m.group(1), int(m.group(2))) if m else None
