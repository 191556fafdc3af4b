"""Setup: the base setup (rules file §2.4) with each module's setup steps of the seed inserted where
its component is laid out (seed "Preparação", rules file §1.3 N1, H1-H4, Q1-Q4, I1-I11).

Random choices (which Superprojects leave, which go on the Timeline, the Endgame Conditions, the first
Quantum Loop offer) are drawn by the program from the game's seed (option ``random = app``, shown and
kept in the state) or made by the table, which then says what it drew (``random = table``).
"""

from __future__ import annotations

from ..core.components import says
from ..core.steps import ONE_OF, SEVERAL_OF, YES_NO, Ask, Choice, Say, msg
from .components import components
from .common import card, card_choice, has, voice, player_choices, program_draws, rng, turn_order, who

STEPS = (
    "board",           # A1-A3: Main board side, Research dice, Evacuation tile; World Council (H4)
    "pools",           # A4: Recruit and Mine pool decks
    "buildings",       # A5 with N1 (Neutronide) and I4 (Intrigues)
    "supply",          # A6
    "timeline",        # A7 with I6 (Intrigues: 2 tiles after the Impact)
    "superprojects",   # A8 with Q1 (Multiverse Hub) and I5 (World Council Surveillance)
    "focus",           # A9
    "endgame",         # A10 (not with Intrigues: I7; not solo)
    "hypersync",       # B11: H1-H3
    "quantum_loops",   # B12: Q2-Q4
    "intrigues",       # B13: I1-I3, I11, I8-I10
    "players",         # C14-C18
    "first_player",    # C19
)


def applies(state: dict, name: str) -> bool:
    if name in ("hypersync", "quantum_loops", "intrigues"):
        return has(state, name)
    return True


def first_setup_step(state: dict) -> dict:
    return {"proc": "setup", "name": STEPS[0]}


def next_setup(state: dict, after: str) -> dict:
    names = list(STEPS)
    for name in names[names.index(after) + 1:]:
        if applies(state, name):
            return {"proc": "setup", "name": name}
    return {"proc": "phase", "era": 1, "phase": "preparation"}


def setup_step(state: dict, data, name: str):
    if name == STEPS[0]:  # issue 26: the component list comes first, before setup step 1
        yield from says("anachrony", components(state["options"], data))
    yield Say(msg("anachrony.setup.title", step=f"@anachrony.setup.name.{name}"), "head")
    yield from _STEP_FUNCS[name](state, data)
    if name != "first_player":
        while not (yield Ask(f"anachrony.setup.{name}", msg("anachrony.setup.done", step=f"@anachrony.setup.name.{name}"), YES_NO)):
            yield Say(msg("anachrony.setup.again"), "warn")
    state["next"] = next_setup(state, name)


def _players(state) -> int:
    return state["options"]["players"]


def _board(state, data):
    n = _players(state)
    bp = data.by_players(n)
    yield Say(msg("anachrony.setup.main_board", hexes=bp["board_side_hexes"]), "do")
    if n == 1:
        yield Say(msg("anachrony.setup.solo_as_two"), "rule")
    yield Say(msg("anachrony.setup.research_evacuation"), "do")
    if n <= 2 and has(state, "hypersync"):
        yield Say(msg("anachrony.setup.cover_world_council"), "do")
        yield Say(msg("anachrony.why.cover_world_council"), "why")
    elif n == 2:
        yield Say(msg("anachrony.setup.world_council_variant"), "rule")


def _pools(state, data):
    setup = data.rules["setup"]
    yield Say(msg("anachrony.setup.pools", recruit=setup["recruit_pool_cards"], mine=setup["mine_pool_cards"]), "do")


def _buildings(state, data):
    yield Say(msg("anachrony.setup.buildings"), "do")
    for module in ("neutronide", "intrigues"):
        if has(state, module):
            numbers = ", ".join(str(b) for b in data.modules[module]["buildings"])
            yield Say(msg("anachrony.setup.module_buildings", module=f"@anachrony.module.{module}", numbers=numbers), "do")


def _supply(state, data):
    yield Say(msg("anachrony.setup.supply"), "do")


def _timeline(state, data):
    after = state["era_count"] - data.rules["eras"]["impact_era"]
    yield Say(msg("anachrony.setup.timeline", before=data.rules["eras"]["impact_era"], after=after), "do")
    if has(state, "intrigues"):
        yield Say(msg("anachrony.setup.timeline_intrigues", eras=state["era_count"]), "rule")


def _superprojects(state, data):
    """Q1 and I5: each module's new Superproject replaces a random base one, or is included for sure."""
    count = state["era_count"]
    new = [data.modules[m]["superproject"] for m in ("quantum_loops", "intrigues") if has(state, m)]
    sure = []
    for sp in new:
        yield Say(msg("anachrony.setup.new_superproject", sp=f"@anachrony.sp.{sp}"), "rule")
        if (yield Ask(f"anachrony.setup.sure.{sp}", msg("anachrony.setup.sure", sp=f"@anachrony.sp.{sp}"), YES_NO,
                      default=False)):
            sure.append(sp)
    if not program_draws(state):
        for sp in new:
            key = "anachrony.setup.sp_sure_table" if sp in sure else "anachrony.setup.sp_swap_table"
            yield Say(msg(key, sp=f"@anachrony.sp.{sp}"), "do")
        yield Say(msg("anachrony.setup.sp_deal_table", n=count), "do")
        return
    r = rng(state, "setup.superprojects")
    pool = list(data.base_superprojects)
    for sp in new:
        if sp in sure:
            continue
        removed = r.choice(pool)
        pool.remove(removed)
        pool.append(sp)
        yield Say(msg("anachrony.setup.sp_removed", removed=f"@anachrony.sp.{removed}", sp=f"@anachrony.sp.{sp}"), "do")
    dealt = sure + r.sample(pool, count - len(sure))
    r.shuffle(dealt)
    state["superprojects"] = dealt
    for era, sp in enumerate(dealt, 1):
        key = "anachrony.setup.sp_on_tile_up" if era == 1 else "anachrony.setup.sp_on_tile"
        yield Say(msg(key, era=era, sp=f"@anachrony.sp.{sp}"), "do")
    yield Say(msg("anachrony.setup.sp_rest_box"), "rule")


def _focus(state, data):
    yield Say(msg(voice(state, "anachrony.setup.focus")), "do")


def _endgame(state, data):
    if has(state, "intrigues"):
        yield Say(msg("anachrony.setup.endgame_box_intrigues"), "do")
        return
    if _players(state) == 1:
        yield Say(msg("anachrony.setup.endgame_box_solo"), "do")
        return
    n = data.rules["setup"]["endgame_conditions_dealt"]
    if not program_draws(state):
        yield Say(msg("anachrony.setup.endgame_table", n=n), "do")
        return
    drawn = rng(state, "setup.endgame").sample(data.endgame_conditions, n)
    state["endgame_conditions"] = drawn
    yield Say(msg("anachrony.setup.endgame_drawn", cards=[f"@anachrony.endgame.{c}" for c in drawn]), "do")


def _hypersync(state, data):
    """H1-H3 (H4 is in the board step)."""
    side = data.by_players(_players(state))["hypersync_side"]
    yield Say(msg(voice(state, "anachrony.setup.hypersync_tiles"), n=len(data.rules["hypersync"]["tiles"])), "do")
    yield Say(msg("anachrony.setup.hypersync_board", side=side), "do")
    if data.by_players(_players(state))["hypersync_copy_space"]:
        yield Say(msg("anachrony.setup.hypersync_copy_space"), "rule")
    yield Say(msg("anachrony.setup.supercharge_aside", n=data.rules["hypersync"]["supercharge_tiles"]), "do")


def _quantum_loops(state, data):
    """Q2-Q4: a Quantum Warp each; 3 of the 8 cards face up, the two barred ones replaced and shuffled back."""
    yield Say(msg(voice(state, "anachrony.setup.quantum_warp")), "do")
    size = data.rules["quantum_loops"]["offer_size"]
    barred = [c for c in data.card_ids if not data.cards[c]["start_offer"]]
    ql = state["ql"]
    if program_draws(state):
        r = rng(state, "setup.quantum_loops")
        deck = list(data.card_ids)
        r.shuffle(deck)
        offer, aside = [], []
        while len(offer) < size:
            c = deck.pop(0)
            (aside if c in barred else offer).append(c)
        for c in aside:
            yield Say(msg("anachrony.setup.ql_barred", card=card(c)), "rule")
        deck += aside
        r.shuffle(deck)
        ql["offer"], ql["deck"] = offer, deck
        yield Say(msg("anachrony.setup.ql_offer_app", cards=[card(c) for c in offer], n=len(deck), total=len(data.card_ids)), "do")
    else:
        yield Say(msg("anachrony.setup.ql_shuffle_table", n=size, total=len(data.card_ids)), "do")
        choices = tuple(card_choice(data, c) for c in data.card_ids)
        shown = yield Ask("anachrony.setup.ql_offer", msg("anachrony.setup.ql_which", n=size), SEVERAL_OF, choices, min=size, max=size)
        offer = [c for c in shown if c not in barred]
        seen = set(shown)
        for c in shown:
            if c in barred:
                yield Say(msg("anachrony.setup.ql_barred", card=card(c)), "do")
        while len(offer) < size:
            left = tuple(ch for ch in choices if ch.value not in seen)
            c = yield Ask("anachrony.setup.ql_replacement", msg("anachrony.setup.ql_replacement"), ONE_OF, left)
            seen.add(c)
            if c in barred:
                yield Say(msg("anachrony.setup.ql_barred", card=card(c)), "do")
            else:
                offer.append(c)
        ql["offer"] = offer
        ql["deck"] = [c for c in data.card_ids if c not in offer]
        yield Say(msg("anachrony.setup.ql_offer_table", cards=[card(c) for c in offer], n=len(ql["deck"])), "do")
    yield Say(msg("anachrony.why.ql_barred", cards=[card(c) for c in barred]), "why")


#: other boxes' modules whose rules change what this program runs: Fractures of Time has an Era Zero, the Impact
#: after Era 3 and the end after Era 5 (rules file §2.3, §2.14.4), which the Era sequence here does not model
UNSUPPORTED_OTHER = ("fractures_of_time",)


def _intrigues(state, data):
    """I1-I3, I11, I8-I10 (I4 in buildings, I5 in Superprojects, I6 in the Timeline, I7 in Endgame)."""
    yield Say(msg("anachrony.setup.council_chamber"), "do")
    # Fractures of Time changes the Era structure (rules file §2.3): not offered, said why (issue 30 item 19)
    yield Say(msg("anachrony.setup.fractures_unsupported"), "rule")
    others = tuple(Choice(m, msg(f"anachrony.other_module.{m}")) for m in data.raw["other_modules"]["ids"]
                   if m not in UNSUPPORTED_OTHER)
    playing = yield Ask("anachrony.setup.other_modules", msg("anachrony.setup.other_modules"), SEVERAL_OF, others, min=0)
    state["other_modules"] = list(playing)
    yield Say(msg("anachrony.setup.objectives_remove"), "do")
    for m in playing:
        yield Say(msg("anachrony.setup.objectives_module", module=f"@anachrony.other_module.{m}",
                      n=data.rules["intrigues"]["module_objective_tiles"]), "do")
    yield Say(msg("anachrony.setup.agenda_piles"), "do")
    yield Say(msg("anachrony.setup.benefits_standee"), "do")
    n = _players(state)
    size = data.rules["intrigues"]["mission_deck_size"]
    yield Say(msg("anachrony.setup.mission_decks", decks=n, size=size), "do")
    yield Say(msg("anachrony.setup.emergency_aside"), "do")
    for p in state["players"]:
        state["players"][p]["intrigues"]["deck"] = size


def _players_setup(state, data):
    quantum = has(state, "quantum_loops")
    yield Say(msg(voice(state, "anachrony.setup.paths")), "do")
    setup = data.rules["setup"]
    yield Say(msg(voice(state, "anachrony.setup.player_pieces"), warp=setup["warp_tiles"], exosuits=setup["exosuits"],
                  markers=setup["path_markers"],
                  extra=msg("anachrony.setup.plus_quantum_warp").to_data() if quantum else ""), "do")
    yield Say(msg(voice(state, "anachrony.setup.path_board")), "do")
    yield Say(msg(voice(state, "anachrony.setup.leaders")), "do")
    drawn = state["options"].get("paths")
    if drawn:  # a random setup drew them (randomsetup.py): said again where the table takes the boards
        yield Say(msg("anachrony.setup.drawn_side", side=str(state["options"]["board_side"]).upper()), "do")
        for p, pick in drawn.items():
            yield Say(msg("anachrony.setup.drawn_path", player=who(state, p), path=f"@anachrony.path.{pick['path']}",
                          leader=f"@anachrony.leader.{pick['leader']}"), "do")


def _first_player(state, data):
    n = _players(state)
    if n == 1:
        yield Say(msg("anachrony.setup.solo_first"), "do")
        state["first"] = "p1"
        yield Say(msg("anachrony.setup.solo_water"), "do")
    else:
        first = yield Ask("anachrony.setup.first_player", msg("anachrony.setup.first_player"), ONE_OF,
                          player_choices(state, list(state["players"])))
        state["first"] = first
        water = data.by_players(n)["start_water_extra"]
        for p, w in zip(turn_order(state), water):
            yield Say(msg("anachrony.setup.extra_water", player=who(state, p), water=w), "do")
    state["start"] = state["first"]  # who started the game (the first player changes each Era; the exports read this)
    yield Say(msg("anachrony.setup.ready", eras=state["era_count"]), "head")


_STEP_FUNCS = {
    "board": _board, "pools": _pools, "buildings": _buildings, "supply": _supply, "timeline": _timeline,
    "superprojects": _superprojects, "focus": _focus, "endgame": _endgame, "hypersync": _hypersync,
    "quantum_loops": _quantum_loops, "intrigues": _intrigues, "players": _players_setup, "first_player": _first_player,
}
