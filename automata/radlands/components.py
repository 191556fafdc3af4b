"""Radlands: what to take out of the box (seed 004, "Preparação Geral" 1-3 and "Preparação da Área de Jogo de Cada
Jogador" 1-5; rules file §1.2, §2.2). The camp deck or the first-game camps, the draw deck and each player's water
come from the data the setup steps read (automata/radlands/setup.py)."""

from __future__ import annotations

from ..core.components import item
from ..core.steps import msg
from .data import load

#: seed, each player's area 3 and 5: one Water Silo, one Raiders, one player aid (rules file §1.2, §2.12)
PER_PLAYER = (("water_silo", 1), ("raiders", 1), ("player_aid", 1))


def provisional_set(data, sets=None) -> str:
    """The override key of a set in play whose cards are still provisional (Cult of Chrome until entered), or ""."""
    return next((f"sets.{sid}" for sid in data.in_play(sets) if data.sets[sid].get("status") == "provisional"), "")


def first_game_camps(data) -> list[str]:
    """Seed, each player's area 1 (first game): the experienced player's three camps, then the other's."""
    fg = data.rules["first_game"]
    return list(fg["experienced"]) + list(fg["other"])


def components(options: dict, data=None) -> list[dict]:
    data = data or load(options.get("overrides") or None)
    rules = data.rules
    centre = msg("radlands.components.centre")
    sets = options.get("sets")  # the owned sets in play (game.check_options); absent: every set the data puts in play
    flag = provisional_set(data, sets)
    if options["first_game"]:
        camps = first_game_camps(data)
        out = [item("camps", centre, msg("radlands.components.first_game_camps",
                                         camps=[data.card(c)["name"] for c in camps]), len(camps))]
    else:
        # a random setup dealt the camps (randomsetup.py): the players take them from the deck, named at setup
        key = "radlands.components.camp_deck_dealt" if options.get("dealt") else "radlands.components.camp_deck"
        out = [item("camps", centre, msg(key, dealt=rules["camps_dealt"],
                                         kept=rules["camps_kept"]), len(data.camp_deck(sets)), flag)]
    out += [
        item("draw_deck", centre, msg("radlands.components.draw_deck"), data.deck_size(sets), flag),
        item("extra_water", centre, msg("radlands.components.extra_water"), None),
    ]
    each = msg("radlands.components.each_player", players=rules["players"])
    out += [item(key, each, msg(f"radlands.components.{key}"), n) for key, n in PER_PLAYER]
    out.append(item("water", each, msg("radlands.components.water"), rules["water_per_turn"]))
    return out
