"""Anachrony with Future Imperfect: what to take out of the box for the player count and the modules (seed 002,
"Preparação" and each module's setup; rules file §1.3, §1.4, §2.4, §2.14.5). Every count is one the setup steps
use (automata/anachrony/setup.py reads the same data); what no source counts is named without a count."""

from __future__ import annotations

from ..core.components import flagged, item
from ..core.steps import msg
from .data import load


def endgame_dealt(data, options: dict) -> int:
    """Rules file §2.4 A10: 5 Endgame Conditions, none with Intrigues (seed I7) nor in a solo game."""
    if "intrigues" in options["modules"] or options["players"] == 1:
        return 0
    return int(data.rules["setup"]["endgame_conditions_dealt"])


def components(options: dict, data=None) -> list[dict]:
    data = data or load(options.get("overrides") or None)
    n, modules, rules = options["players"], options["modules"], data.rules
    setup, bp = rules["setup"], data.by_players(n)
    eras = data.era_count(modules)
    impact = rules["eras"]["impact_era"]
    board = msg("anachrony.components.board")
    out = [
        item("main_board", board, msg("anachrony.components.main_board", hexes=bp["board_side_hexes"]), 1),
        item("research_dice", board, msg("anachrony.components.research_dice"), None),
        item("evacuation", board, msg("anachrony.components.evacuation"), 1),
        item("recruit_pool", board, msg("anachrony.components.recruit_pool"), setup["recruit_pool_cards"]),
        item("mine_pool", board, msg("anachrony.components.mine_pool"), setup["mine_pool_cards"]),
        item("buildings", board, msg("anachrony.components.buildings"), None),
        item("supply", board, msg("anachrony.components.supply"), None),
        item("timeline", board, msg("anachrony.components.timeline"), eras),
        item("impact", board, msg("anachrony.components.impact", before=impact), 1),
        item("superprojects", board, msg("anachrony.components.superprojects"), eras),
    ]
    dealt = endgame_dealt(data, options)
    if dealt:
        out.append(item("endgame", board, msg("anachrony.components.endgame", total=setup["endgame_conditions_total"]), dealt))
    for module in modules:
        section = msg("anachrony.components.module", module=f"@anachrony.module.{module}")
        out += list(_module(data, options, module, section))
    each = msg("anachrony.components.each_player", players=n)
    warp = setup["warp_tiles"]
    out += [
        *_path_items(options, each, setup["leaders_per_path"]),
        item("exosuits", each, msg("anachrony.components.exosuits"), setup["exosuits"]),
        item("warp_tiles", each, msg("anachrony.components.warp_tiles"), warp),
        item("path_markers", each, msg("anachrony.components.path_markers"), setup["path_markers"]),
        item("morale", each, msg("anachrony.components.morale"), 1),
        item("time_travel", each, msg("anachrony.components.time_travel"), 1),
    ]
    opponent = options.get("opponent", "")
    if n == 1 and opponent:
        out.append(item("opponent", msg("anachrony.components.opponent_section", bot=f"@anachrony.solo.bot.{opponent}"),
                        msg("anachrony.components.opponent", bot=f"@anachrony.solo.bot.{opponent}"), None))
    return out


def _path_items(options: dict, each, leaders: int) -> list[dict]:
    """Each player's Player board, Path board (a board of its own, rules file §2.4 C16) and Leader cards: of the
    Path a random setup drew for them (named, with whose it is), else of the Path the table chooses."""
    drawn = options.get("paths")
    if not drawn:
        return [item("player_board", each, msg("anachrony.components.player_board"), 1),
                item("path_board", each, msg("anachrony.components.path_board"), 1),
                item("leaders", each, msg("anachrony.components.leaders"), leaders)]
    names = options.get("names") or []
    if len(drawn) == 1:
        which = [f"@anachrony.path.{pick['path']}" for pick in drawn.values()]
    else:
        which = [msg("anachrony.components.path_of", path=f"@anachrony.path.{pick['path']}",
                     player=names[i] if i < len(names) else msg("anachrony.player", n=i + 1).to_data()).to_data()
                 for i, pick in enumerate(drawn.values())]
    side = str(options.get("board_side", "")).upper()
    return [item("player_board", each, msg("anachrony.components.player_board_drawn", paths=which, side=side, n=len(drawn)), 1),
            item("path_board", each, msg("anachrony.components.path_board_drawn", paths=which), 1),
            item("leaders", each, msg("anachrony.components.leaders_drawn", paths=which), leaders)]


def _module(data, options: dict, module: str, section):
    n, rules = options["players"], data.rules
    rec = data.modules[module]
    if "buildings" in rec:
        yield item(f"{module}.buildings", section, msg("anachrony.components.module_buildings",
                                                       numbers=", ".join(str(b) for b in rec["buildings"])), len(rec["buildings"]))
    if "superproject" in rec:
        yield item(f"{module}.superproject", section, msg("anachrony.components.superproject",
                                                          sp=f"@anachrony.sp.{rec['superproject']}"), 1)
    if module == "hypersync":
        hs = rules["hypersync"]
        yield item("hypersync.board", section, msg("anachrony.components.hypersync_board", side=data.by_players(n)["hypersync_side"]), 1)
        yield item("hypersync.tiles", section, msg("anachrony.components.hypersync_tiles", players=n), len(hs["tiles"]) * n)
        yield item("hypersync.supercharge", section, msg("anachrony.components.supercharge"), hs["supercharge_tiles"])
        if n <= 2:  # seed H4 (a solo game is laid out as a 2-player game)
            yield item("hypersync.hex_unavailable", section, msg("anachrony.components.hex_unavailable"), 1)
    elif module == "quantum_loops":
        yield item("quantum_loops.cards", section, msg("anachrony.components.ql_cards", offer=rules["quantum_loops"]["offer_size"]),
                   len(data.card_ids))
        yield item("quantum_loops.warp", section, msg("anachrony.components.quantum_warp", players=n), n)
    elif module == "intrigues":
        intr = rules["intrigues"]
        emergency = intr["emergency"]
        yield item("intrigues.chamber", section, msg("anachrony.components.council_chamber"), 1)
        yield item("intrigues.agenda", section, msg("anachrony.components.agenda_tiles"), None)
        yield item("intrigues.benefits", section, msg("anachrony.components.benefits", players=n), n)
        yield item("intrigues.standees", section, msg("anachrony.components.standees", players=n), n)
        yield item("intrigues.missions", section, msg("anachrony.components.missions", decks=n, size=intr["mission_deck_size"]),
                   n * intr["mission_deck_size"])
        yield item("intrigues.emergency", section, msg("anachrony.components.emergency"), emergency["count"],
                   "intrigues.emergency.count" if flagged(emergency) else "")
