"""Chaos in the Old World against seed 003, line by line: each test names the line (``Seed 003 l.N``) of
seeds/003_2be3e64a20041d18.txt it checks, and checks the rule over many boards, against a small reference
model written from the seed's sentence (not from the program).

The tables the seed only names (Threat numbers, Ruination card amounts) are the rules file's (§2.4, §2.6); the
program's own data must agree with them."""

from __future__ import annotations

import copy
import itertools
import random

import pytest

from automata.chaos import game
from automata.chaos.endphase import dial_ticks
from test_chaos_rules import after_setup, place, play_step

ALL = ("khorne", "nurgle", "tzeentch", "slaanesh")
REGIONS = ("norsca", "troll_country", "kislev", "the_empire", "bretonnia", "estalia", "tilea", "the_border_princes", "the_badlands")
#: rules file §2.6: the Threat number at each dial position (0 = Start), and the ticks to Victory
THREATS = {
    "khorne": [3, 6, 12, 14, 17, 23, 28, 31, 32],
    "nurgle": [1, 5, 10, 13, 18, 22, 26, 30, 33, 34],
    "tzeentch": [2, 7, 9, 15, 20, 21, 25, 29],
    "slaanesh": [4, 8, 11, 16, 19, 24, 27],
}
#: rules file §2.4: the header of Ruination cards 1..5, and 1st/2nd place by region and card
RUINER_VP = [3, 4, 4, 5, 5]
PLACES = {
    "norsca": ([6, 7, 7, 8, 8], [3, 3, 3, 4, 4]),
    "troll_country": ([6, 7, 7, 8, 8], [3, 3, 3, 4, 4]),
    "kislev": ([8, 9, 9, 10, 10], [4, 4, 4, 5, 5]),
    "the_empire": ([10, 11, 11, 12, 12], [5, 5, 5, 6, 6]),
    "bretonnia": ([8, 9, 9, 10, 10], [4, 4, 4, 5, 5]),
    "estalia": ([9, 10, 10, 11, 11], [4, 5, 5, 5, 5]),
    "tilea": ([7, 8, 8, 9, 9], [3, 4, 4, 4, 4]),
    "the_border_princes": ([7, 8, 8, 9, 9], [3, 4, 4, 4, 4]),
    "the_badlands": ([6, 7, 7, 8, 8], [3, 3, 3, 4, 4]),
}

_BLANK = None


def blank(powers=ALL) -> dict:
    """A board after setup with no Old World tokens on it (copied from one setup, so the tests stay fast)."""
    global _BLANK
    if _BLANK is None:
        _BLANK = {}
    key = ",".join(powers)
    if key not in _BLANK:
        state = after_setup(key)
        state["round"] = 1
        for region in state["regions"].values():
            region["tokens"] = {k: 0 for k in region["tokens"]}
        _BLANK[key] = state
    return copy.deepcopy(_BLANK[key])


def threat_of(state, p) -> int:
    t = THREATS[p]
    return t[min(state["p"][p]["dial"], len(t) - 1)]


# -- l.29-36, l.25: the six phases, always in the same order --------------------------------------------------

PHASE = {"old_world": 1, "draw": 2, "summon": 3, "summon_line": 3, "battle": 4, "domination": 5, "corruption": 5,
         "end_cards": 6, "end_heroes": 6, "end_old_world": 6, "end_ruination": 6, "end_dials": 6, "end_check": 6}
END_STEPS = ["end_cards", "end_heroes", "end_old_world", "end_ruination", "end_dials", "end_check"]


@pytest.mark.parametrize("seed", [3, 11])
def test_seed_l29_every_round_runs_the_six_phases_in_order_and_the_end_phase_steps_in_order(seed):
    """Seed 003 l.25 (play starts with the Old World phase of round 1), l.29-36 (six phases, always in this
    order), l.84-98 (domination, then corruption), l.110-117 (the End phase's six steps in order)."""
    from chaos_policy import play_game

    state, history = play_game(seed, focus=0.8)
    rounds: dict[int, list[str]] = {}
    for step, _ in history:
        if step["proc"] != "setup":
            rounds.setdefault(step["round"], []).append(step["proc"])
    assert min(rounds) == 1 and sorted(rounds) == list(range(1, max(rounds) + 1))
    for r, procs in rounds.items():
        assert procs[0] == "old_world", (r, procs)
        phases = [PHASE[p] for p in procs]
        assert phases == sorted(phases), (r, procs)
        assert {1, 2, 5, 6} <= set(phases), (r, procs)
        assert procs.index("domination") < procs.index("corruption")
        assert [p for p in procs if p.startswith("end_")] == END_STEPS, (r, procs)


# -- l.42: the lowest Threat draws the Old World card ---------------------------------------------------------


def test_seed_l42_the_lowest_threat_draws_whatever_the_dials_show():
    """Seed 003 l.42: the Power with the lowest Threat draws and resolves the Old World card, for any dial
    positions (Threat numbers: rules file §2.6), with three or four Powers."""
    rng = random.Random(42)
    for powers in (ALL, ("khorne", "tzeentch", "slaanesh"), ("nurgle", "tzeentch", "slaanesh")):
        base = blank(powers)
        for _ in range(12):
            state = copy.deepcopy(base)
            state["round"] = 0
            for p in powers:
                state["p"][p]["dial"] = rng.randrange(len(THREATS[p]))
            r = play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "dark_elf_corsairs", "chaos.oldworld.changes": "none"})
            draws = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "chaos.oldworld.draws"][0]
            low = min(powers, key=lambda p: threat_of(state, p))
            assert draws.params["power"] == f"@chaos.power.{low}", {p: threat_of(state, p) for p in powers}
            assert draws.params["threat"] == threat_of(state, low)


# -- l.44: the event zone -------------------------------------------------------------------------------------


def test_seed_l44_each_card_enters_space_1_pushing_space_1_to_2_and_space_2_out():
    """Seed 003 l.44: after resolving, the card goes onto space 1, the card on space 1 moves to space 2, the card on
    space 2 leaves the game; over a whole deck of draws the track is always the last two cards drawn."""
    state = blank()
    state["round"] = 0
    drawn = []
    for card in ("dark_elf_corsairs", "divine_inspiration", "electors_arise", "franzs_decree", "mass_exodus"):
        play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": card, "chaos.oldworld.changes": "none"})
        drawn.append(card)
        assert state["old_world"]["track"] == [drawn[-1], drawn[-2] if len(drawn) > 1 else ""]
        assert state["old_world"]["deck"] == 7 - len(drawn)


# -- l.50: power points ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("power", ALL)
def test_seed_l50_power_markers_go_to_the_sheet_number_plus_upgrade_bonuses_and_never_carry_over(power):
    """Seed 003 l.50: every Draw phase the power marker goes to the highlighted number of the sheet (rules file
    §2.5: Khorne 7, the others 6), plus the bonuses of the upgrades taken (§2.7: the +1 PP upgrade; Slaanesh's
    +2 PP); what was left from the round before does not count."""
    sheet = {"khorne": 7, "nurgle": 6, "tzeentch": 6, "slaanesh": 6}[power]
    data = game.data_of(blank())
    bonuses = {u["key"]: u.get("pp_bonus", 0) for u in data.power(power)["upgrades"]}
    for taken in [[]] + [[k] for k in bonuses] + [list(bonuses)]:
        for left in (0, 3):
            state = blank()
            state["p"][power].update(pp=left, upgrades=list(taken))
            play_step(state, {"proc": "draw"}, {"chaos.draw.r1.tzeentch.discard": "no"})
            assert state["p"][power]["pp"] == sheet + sum(bonuses[k] for k in taken), (taken, left)
    assert sorted(v for v in bonuses.values() if v) == ([1, 2] if power == "slaanesh" else [1])


# -- l.90-94: domination ----------------------------------------------------------------------------------------


def _reference_domination(values: dict[str, int], resistance: int) -> str | None:
    if not values:
        return None
    best = max(values.values())
    leaders = [p for p, v in values.items() if v == best]
    return leaders[0] if len(leaders) == 1 and best > resistance else None


def test_seed_l90_domination_counts_card_costs_and_figures_and_the_single_highest_above_resistance_scores():
    """Seed 003 l.90 (value = costs of the Power's Chaos cards in the region + number of its figures, not their
    cost), l.92 (the single highest value scores the conquest value when greater than the resistance; a tie for
    the highest scores nobody), l.94 (Noble and Skaven tokens change conquest and resistance independently), over
    random boards in every region."""
    rng = random.Random(90)
    plain = {"khorne": [("battle_cry", 1), ("the_blood_gods_call", 2), ("blood_frenzy", 0)],
             "tzeentch": [("teleport", 1), ("warp_shield", 0), ("dazzle", 2)],
             "nurgle": [("influenza", 1), ("rain_of_pus", 1)]}
    data = game.data_of(blank())
    for _ in range(25):
        state = blank()
        expected_vp = dict.fromkeys(ALL, 0)
        for rid in REGIONS:
            region = state["regions"][rid]
            region["tokens"]["noble"] = rng.choice([0, 0, 1, 2])
            region["tokens"]["skaven"] = rng.choice([0, 0, 1])
            for p in ALL:
                if rng.random() < 0.5:
                    place(state, rid, p, cultist=rng.randint(0, 3), warrior=rng.randint(0, 2), daemon=rng.randint(0, 1))
            for _ in range(rng.randint(0, 2)):
                p = rng.choice(list(plain))
                card, cost = rng.choice(plain[p])
                region["cards"].append({"power": p, "card": card, "cost": cost})
            values = {}
            for p in ALL:
                n = sum(region["figures"].get(p, {}).values())
                costs = [e["cost"] for e in region["cards"] if e["power"] == p]
                if n or costs:
                    values[p] = n + sum(costs)
            printed = data.region(rid)["resistance"]
            influenza = -2 * sum(1 for e in region["cards"] if e["card"] == "influenza")
            resistance = max(0, printed - region["tokens"]["skaven"] + influenza)
            conquest = data.region(rid)["conquest"] + region["tokens"]["noble"]
            winner = _reference_domination(values, resistance)
            if winner:
                expected_vp[winner] += conquest
        play_step(state, {"proc": "domination"})
        assert {p: state["p"][p]["vp"] for p in ALL} == expected_vp


# -- l.100-106: corruption and ruination ------------------------------------------------------------------------


@pytest.mark.parametrize("card", [1, 2, 3, 4, 5])
def test_seed_l104_every_power_that_placed_corruption_in_the_step_scores_the_header_of_the_card_placed(card):
    """Seed 003 l.100 (one token per cultist), l.102 (12 or more, Warpstone included, ruins), l.104 (the next
    Ruination card goes on the region; every Power that placed at least one token there during this step scores
    the header of that card, rules file §2.4: 3, 4, 4, 5, 5), whoever placed and whatever the older tokens."""
    rng = random.Random(card)
    for _ in range(6):
        state = blank()
        state["ruination_next"] = card
        rid = rng.choice(REGIONS)
        region = state["regions"][rid]
        placers = rng.sample(ALL, rng.randint(1, 4))
        cultists = {p: rng.randint(1, 2) for p in placers}
        for p, n in cultists.items():
            place(state, rid, p, cultist=n)
        old = {p: rng.randint(0, 3) for p in ALL}
        region["corruption"] = {p: n for p, n in old.items() if n}
        region["tokens"]["warpstone"] = max(0, 12 - sum(old.values()) - sum(cultists.values()) + rng.randint(0, 1))
        total = sum(old.values()) + sum(cultists.values()) + region["tokens"]["warpstone"]
        play_step(state, {"proc": "corruption"})
        assert {p: region["corruption"].get(p, 0) for p in ALL} == {p: old[p] + cultists.get(p, 0) for p in ALL}
        assert total >= 12 and region["ruin"] == card and region["ruin_face_up"]
        assert state["ruination_next"] == card + 1
        assert {p: state["p"][p]["vp"] for p in ALL} == {p: RUINER_VP[card - 1] if p in placers else 0 for p in ALL}


def test_seed_l106_with_no_ruination_card_left_nothing_is_ruined_and_nobody_scores():
    """Seed 003 l.106: once five regions are ruined, a region reaching 12 is not ruined and grants no points, in
    whichever region and step it happens; the regions before it still take the last cards in region order."""
    state = blank()
    state["ruination_next"] = 5
    for rid in ("kislev", "estalia", "the_badlands"):
        state["regions"][rid]["corruption"] = {"khorne": 11}
        place(state, rid, "slaanesh", cultist=1)
    play_step(state, {"proc": "corruption"})
    assert [state["regions"][r]["ruin"] for r in ("kislev", "estalia", "the_badlands")] == [5, 0, 0]
    assert state["p"]["slaanesh"]["vp"] == RUINER_VP[4]
    assert state["ruination_next"] == 6


# -- l.113: Heroes ----------------------------------------------------------------------------------------------


def test_seed_l113_each_hero_takes_a_figure_of_the_highest_threat_power_with_figures_there():
    """Seed 003 l.113: in each region with Hero tokens, once per token, the Power with the highest Threat among
    those with figures in the region removes one of its figures (rules file §1.9 reading: each token judged
    afresh), for random dials and figures."""
    rng = random.Random(113)
    for _ in range(20):
        state = blank()
        for p in ALL:
            state["p"][p]["dial"] = rng.randrange(len(THREATS[p]))
        expected = {}
        for rid in rng.sample(REGIONS, 3):
            state["regions"][rid]["tokens"]["hero"] = rng.randint(1, 2)
            for p in rng.sample(ALL, rng.randint(0, 3)):
                place(state, rid, p, cultist=rng.randint(1, 2))
            counts = {p: sum(state["regions"][rid]["figures"].get(p, {}).values()) for p in ALL}
            for _ in range(state["regions"][rid]["tokens"]["hero"]):
                present = [p for p in ALL if counts[p] > 0]
                if present:
                    counts[max(present, key=lambda p: threat_of(state, p))] -= 1
            expected[rid] = counts
        play_step(state, {"proc": "end_heroes"})
        for rid, counts in expected.items():
            assert {p: sum(state["regions"][rid]["figures"].get(p, {}).values()) for p in ALL} == counts


# -- l.115: ruination scoring -----------------------------------------------------------------------------------


def _reference_places(tokens: dict[str, int], first: int, second: int) -> dict[str, int]:
    """l.115 as written: the most tokens take the first amount, the second most the second; tied Powers add the
    amounts of the places they share and split them, rounding down."""
    amounts = [first, second]
    out, place_no = {}, 0
    for n in sorted({v for v in tokens.values() if v > 0}, reverse=True):
        tied = [p for p, v in tokens.items() if v == n]
        pot = sum(amounts[place_no:place_no + len(tied)])
        for p in tied:
            out[p] = pot // len(tied)
        place_no += len(tied)
    return out


def test_seed_l115_ruined_regions_pay_first_and_second_place_of_their_card_with_ties_split_down():
    """Seed 003 l.115: for each Ruination card placed this round, the most corruption tokens take the card's first
    amount, the second most its second amount; ties add the amounts and split them rounding down; then the card
    turns face down and all corruption leaves the region. Cards placed in earlier rounds (face down) pay nothing.
    Amounts per region and card: rules file §2.4."""
    rng = random.Random(115)
    for _ in range(30):
        state = blank()
        expected = dict.fromkeys(ALL, 0)
        cards = rng.sample(range(1, 6), 3)
        for rid, card in zip(rng.sample(REGIONS, 3), cards):
            region = state["regions"][rid]
            tokens = {p: rng.choice([0, 1, 2, 3, 3, 5]) for p in ALL}
            face_up = rng.random() < 0.7
            region.update(ruin=card, ruin_face_up=face_up, corruption={p: n for p, n in tokens.items() if n})
            if face_up:
                first, second = PLACES[rid][0][card - 1], PLACES[rid][1][card - 1]
                for p, vp in _reference_places(tokens, first, second).items():
                    expected[p] += vp
        before = copy.deepcopy(state["regions"])
        play_step(state, {"proc": "end_ruination"})
        assert {p: state["p"][p]["vp"] for p in ALL} == expected
        for rid, region in state["regions"].items():
            if before[rid]["ruin_face_up"]:
                assert region["corruption"] == {} and not region["ruin_face_up"] and region["ruin"] == before[rid]["ruin"]
            else:
                assert region["corruption"] == before[rid]["corruption"]


# -- l.116: turning the dials -----------------------------------------------------------------------------------


def test_seed_l116_one_tick_for_each_power_with_counters_and_one_more_for_the_most():
    """Seed 003 l.116: every Power with dial advancement counters turns its dial one position, the Power with the
    most counters one more (a tie for the most: nobody has the most, rules.dial_advance.most_tie = "none", rules file
    §3.1); the dial never turns past Victory; the counters are spent."""
    data = game.data_of(blank())
    for dacs in itertools.product([0, 1, 2, 3], repeat=4):
        state = blank()
        for p, n in zip(ALL, dacs):
            state["p"][p]["dac"] = n
        most = max(dacs)
        alone = dacs.count(most) == 1
        expected = {p: (1 if n else 0) + (1 if n and n == most and alone else 0) for p, n in zip(ALL, dacs)}
        assert {p: n for p, n in dial_ticks(state, data).items() if n} == {p: n for p, n in expected.items() if n}
    rng = random.Random(116)
    for _ in range(10):
        state = blank()
        for p in ALL:
            state["p"][p]["dac"] = rng.randint(0, 2)
            state["p"][p]["dial"] = rng.choice([0, len(THREATS[p]) - 1])
        ticks = dial_ticks(state, data)
        start = {p: state["p"][p]["dial"] for p in ALL}
        answers = {}
        for p in ALL:  # upgrade and token spaces: answer with the first choice
            for pos in range(1, len(THREATS[p])):
                answers[f"chaos.dial.{p}.r1.{pos}.upgrade"] = data.power(p)["upgrades"][0]["key"]
                kind, _, n = data.dial_reward(p, pos).partition(":")
                if kind.startswith("place_"):
                    answers[f"chaos.dial.{p}.r1.{pos}.{kind[6:]}"] = list(REGIONS[: int(n)])
                answers[f"chaos.dial.{p}.r1.{pos}.changes"] = "none"
        from automata.core.runner import DiceContext, ScriptedAnswers, run

        run(game.procedure(state, {"proc": "end_dials"}), ScriptedAnswers(answers), dice=DiceContext(1, 1, "table"))
        for p in ALL:
            assert state["p"][p]["dial"] == min(start[p] + ticks.get(p, 0), len(THREATS[p]))
            assert state["p"][p]["dac"] == 0


# -- l.7-10, l.117, l.121: the end of the game -----------------------------------------------------------------


def _finish(state):
    play_step(state, {"proc": "end_check"})
    return state["over"], state["result"]


@pytest.mark.parametrize("deck", [0, 2])
def test_seed_l121_fifty_vp_or_the_dial_wins_at_the_end_of_the_end_phase_and_the_old_world_only_when_nobody_won(deck):
    """Seed 003 l.7 and l.121 (50 VP or more at the end of the End phase wins), l.8 (the dial at its victory position
    wins), l.10 and l.121 (the Old World deck exhausted and nobody has won: the Old World wins, every Power loses;
    a Power that has won wins even on the last card), l.117 (checked in step 6). Several Powers at once: the
    PROVISIONAL rules.victory keys (rules file §3.2: dial before VP, then most VP, then shared)."""
    data = game.data_of(blank())
    for vps in itertools.product([0, 49, 50, 57], repeat=2):
        for dial in (None, "tzeentch"):
            state = blank()
            state["old_world"]["deck"] = deck
            state["p"]["khorne"]["vp"], state["p"]["nurgle"]["vp"] = vps
            if dial:
                state["p"][dial]["dial"] = data.ticks_to_win(dial)
            over, result = _finish(state)
            at_50 = [p for p, v in zip(("khorne", "nurgle"), vps) if v >= 50]
            if dial:
                assert over and result["winners"] == [dial] and result["rule"] == "dial"
            elif at_50:
                best = max(vps)
                assert over and result["winners"] == [p for p in at_50 if state["p"][p]["vp"] == best]
            elif deck == 0:
                assert over and result == {"winners": [], "rule": "old_world"}
            else:
                assert not over and state["next"] == {"proc": "old_world"}


def test_seed_l7_fifty_vp_during_the_round_does_not_end_the_game_before_the_end_phase_check():
    """Seed 003 l.7, l.117, l.121: the victory check is the End phase's last step; a Power past 50 VP after the
    domination, corruption, ruination or dial steps plays on to step 6, and a dial turned to Victory in step 5
    wins at step 6."""
    state = blank()
    state["p"]["khorne"]["vp"] = 48
    place(state, "the_empire", "khorne", warrior=6)  # 6 > resistance 5: +5 VP
    play_step(state, {"proc": "domination"})
    assert state["p"]["khorne"]["vp"] == 53 and not state["over"] and state["next"] == {"proc": "corruption"}
    state["p"]["slaanesh"]["dial"] = len(THREATS["slaanesh"]) - 1
    state["p"]["slaanesh"]["dac"] = 1
    for proc in ("corruption", "end_cards", "end_heroes", "end_old_world", "end_ruination", "end_dials"):
        play_step(state, {"proc": proc})
        assert not state["over"], proc
    assert state["p"]["slaanesh"]["dial"] == len(THREATS["slaanesh"])
    assert _finish(state) == (True, {"winners": ["slaanesh"], "rule": "dial"})


def test_data_tables_are_the_rules_files():
    """The tables the tests above take from the rules file (§2.4, §2.6) are those the program uses."""
    data = game.data_of(blank())
    for p, t in THREATS.items():
        assert data.power(p)["dial"]["threats"] == t and data.ticks_to_win(p) == len(t)
    assert [data.ruiner_vp(k) for k in range(1, 6)] == RUINER_VP
    for rid, (first, second) in PLACES.items():
        assert [data.ruination_vp(rid, k) for k in range(1, 6)] == list(zip(first, second))


# -- l.7-8 and l.117 with several winners at once: the seed is silent, the data decides (rules file §3.2) ---------


def _with_rules(victory: dict) -> dict:
    state = game.new_state(game.check_options({"powers": ",".join(ALL), "overrides": {"rules": {"victory": victory}}}), 1)
    state["round"] = 1
    return state


@pytest.mark.parametrize("kind", ["dial", "vp"])
def test_seed_l117_several_winners_at_once_follow_every_tiebreak_of_the_data_in_its_order(kind):
    """Seed 003 l.7-8 and l.117 say who wins but not who wins when several Powers qualify in the same End phase;
    rules file §3.2 gives it as data: ``rules.victory.tiebreak`` lists "most_vp", "highest_threat" and "shared" in
    the order they apply (shipped: most VP, then shared; the alternative tail is the highest Threat). Every entry
    of the list is applied in turn until one Power is left; when the list runs out or says "shared", the Powers
    still level share the win."""
    from automata.chaos.endphase import winners

    orders = [("most_vp", "shared"), ("most_vp", "highest_threat"), ("highest_threat",), ("highest_threat", "most_vp"),
              ("shared",), ()]
    for tiebreak in orders:
        base = _with_rules({"tiebreak": list(tiebreak)})
        data = game.data_of(base)
        for vps in itertools.product([50, 55], repeat=3):
            state = copy.deepcopy(base)
            qualified = ("nurgle", "tzeentch", "slaanesh")
            for p, v in zip(qualified, vps):
                state["p"][p]["vp"] = v if kind == "vp" else v - 10
                if kind == "dial":
                    state["p"][p]["dial"] = data.ticks_to_win(p)
            group, rule = list(qualified), f"{kind}_shared"
            for criterion in tiebreak:
                if len(group) == 1 or criterion == "shared":
                    break
                value = {"most_vp": lambda p: state["p"][p]["vp"], "highest_threat": lambda p: threat_of(state, p)}[criterion]
                best = max(value(p) for p in group)
                group = [p for p in group if value(p) == best]
                rule = f"{kind}_{criterion}"
            if len(group) > 1:
                rule = f"{kind}_shared"
            assert winners(state, data) == (group, rule), (tiebreak, vps)


def test_a_tiebreak_the_program_does_not_know_is_refused():
    """Rules file §3.2: a misspelt tiebreak in an owner's overrides would silently share every win; it is refused
    with the valid words."""
    from automata.chaos.data import DataError, load

    with pytest.raises(DataError, match="most_vp"):
        load({"rules": {"victory": {"tiebreak": ["most-vp"]}}})


# -- l.59-61: where a summoned figure may go, and a figure moved from the board ------------------------------------


def _reference_targets(data, figures: dict[str, int]) -> set[str]:
    """l.61: a region with the Power's figures or next to one; anywhere when it has none on the board."""
    own = {r for r, n in figures.items() if n > 0}
    if not own:
        return set(REGIONS)
    return own | {a for r in own for a in data.region(r)["adjacent"]}


@pytest.mark.parametrize("counts", [True, False])
def test_seed_l61_a_figure_goes_where_the_power_has_figures_or_next_to_them_in_both_ways_of_recording(counts):
    """Seed 003 l.59-61: a figure summoned from the box or moved from the board goes to a region where the Power
    has figures or one next to such a region; with no figure on the board, anywhere. Whether a figure being moved
    still counts where it stands is not in the seed: the PROVISIONAL rules.summoning.moved_figure_counts_for_placement
    (rules file §3.11, shipped true); an owner's false is played, in the one-action menu and in the one-line record
    alike."""
    from automata.chaos.summonline import plan
    from automata.core.steps import InvalidAnswer
    from automata.core.runner import DiceContext, ScriptedAnswers, run

    rng = random.Random(61)
    base = _with_rules({}) if counts else game.new_state(game.check_options(
        {"powers": ",".join(ALL), "overrides": {"rules": {"summoning": {"moved_figure_counts_for_placement": False}}}}), 1)
    base["round"] = 1
    data = game.data_of(base)
    for _ in range(15):
        state = copy.deepcopy(base)
        state["p"]["khorne"].update(pp=3, hand=0)
        where = rng.sample(REGIONS, rng.randint(1, 2))
        for rid in where:
            place(state, rid, "khorne", cultist=1)
        origin = rng.choice(where)
        figs = {r: sum(state["regions"][r]["figures"].get("khorne", {}).values()) for r in REGIONS}
        if not counts:
            figs[origin] -= 1
        expected = _reference_targets(data, figs) - {origin}
        r = run(game.procedure(state, {"proc": "summon", "power": "khorne"}),
                ScriptedAnswers({"chaos.summon.khorne": "cultist", "chaos.summon.khorne.from": origin}), dice=DiceContext(1, 1))
        assert r.pending_id == "chaos.summon.khorne.region"
        assert {c.value for c in r.pending.choices} == expected, (where, origin)
        for target in REGIONS:
            if target == origin:
                continue
            action = [{"kind": "cultist", "region": target, "origin": origin}]
            try:
                plan(state, data, "khorne", action)
                legal = True
            except InvalidAnswer:
                legal = False
            assert legal == (target in expected), (where, origin, target)


@pytest.mark.parametrize("table,key,value", [
    ("threat", "tie", "lowest_power_order"), ("ruination", "ruin_check", "after_all"), ("dial_advance", "power_order", False),
    ("dial_advance", "each_tick_reveals", False), ("heroes", "region_order", False), ("heroes", "reevaluate_each_token", False),
    ("corruption", "when_exhausted", "place_none"),
])
def test_a_reading_the_program_does_not_play_is_refused_not_ignored(table, key, value):
    """Rules file §3.8-§3.11 record these readings as data with one value; the program plays only that value, so an
    owner's other value is refused with the value it plays instead of being silently ignored."""
    from automata.chaos.data import DataError, load

    with pytest.raises(DataError, match=f"rules.{table}.{key}"):
        load({"rules": {table: {key: value}}})


@pytest.mark.parametrize("no_tokens", [True, False])
def test_dial_tokens_follow_the_same_ruined_region_switch_as_old_world_cards(no_tokens):
    """Seed 003 l.116 (follow the instruction revealed on the dial) and rules file §2.14 A5 / §3.10: a ruined region
    takes no new Old World token while rules.ruined_regions.no_old_world_tokens is true (the rulebook, shipped); with
    the owner's false (the seed's literal wording) it takes them, from a dial space as from an Old World card."""
    from automata.core.runner import DiceContext, ScriptedAnswers, run

    state = game.new_state(game.check_options({"powers": ",".join(ALL), "overrides": {
        "rules": {"ruined_regions": {"no_old_world_tokens": no_tokens}}}}), 1)
    state["round"] = 1
    state["regions"]["kislev"]["ruin"] = 1
    state["p"]["tzeentch"]["dac"] = 1  # Tzeentch alone: two ticks, position 1 places one Warpstone
    r = run(game.procedure(state, {"proc": "end_dials"}), ScriptedAnswers({}), dice=DiceContext(1, 1))
    assert r.pending_id == "chaos.dial.tzeentch.r1.1.warpstone"
    offered = {c.value for c in r.pending.choices}
    assert ("kislev" in offered) == (not no_tokens) and offered - {"kislev"} == set(REGIONS) - {"kislev"}


def test_seed_l117_the_provisional_order_of_the_two_victories_is_said_exactly_when_it_decides():
    """Seed 003 l.7-8 and l.117 give two victories and no order between them; the PROVISIONAL
    rules.victory.precedence (rules file §3.2: dial first) is said PROVISIONAL exactly when the other order would
    crown other Powers, not when one Power wins both ways."""
    data = game.data_of(blank())
    for dial_at, vps in itertools.product([(), ("khorne",), ("khorne", "nurgle")], itertools.product([10, 50, 60], repeat=2)):
        state = blank()
        for p in dial_at:
            state["p"][p]["dial"] = data.ticks_to_win(p)
        state["p"]["khorne"]["vp"], state["p"]["tzeentch"]["vp"] = vps
        at_50 = [p for p, v in (("khorne", vps[0]), ("tzeentch", vps[1])) if v >= 50]

        def first(group):
            best = max(state["p"][p]["vp"] for p in group)
            return [p for p in ALL if p in group and state["p"][p]["vp"] == best]

        dial_first = first(dial_at) if dial_at else (first(at_50) if at_50 else [])
        vp_first = first(at_50) if at_50 else (first(dial_at) if dial_at else [])
        r = play_step(state, {"proc": "end_check"})
        said = any(e.kind == "say" and e.msg.id == "chaos.provisional" and e.msg.params["key"] == "rules.victory.precedence"
                   for e in r.transcript)
        assert said == (dial_first != vp_first), (dial_at, vps)
        assert state["result"].get("winners", []) == dial_first
