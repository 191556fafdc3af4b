"""Time of Crisis: the seed's bot rules checked over every case they name, not one example each.

Each test cites the line of seed 000 (``000_11c43f9f500dfc03.txt``) it checks: the AI Crisis Phase (lines 33-36),
the mode and the influence (lines 39-55), the Buy/Trash Cards Phase (lines 60-68) and the End of Turn (line 69).
The mat numbers are an owner's mat given in the test (``overrides``), so the rule, not the shipped placeholder,
decides.
"""

from __future__ import annotations

import itertools

import pytest

from automata.toc import game
from automata.toc.bot import AREAS
from test_toc_turn import after_setup, first_bot, play

MAT = "maximinus_thrax"
ORDER = ["military", "senate", "populace"]


def owner_mat(secondaries=(2, 3, 4, 5, 6, 7, 8), costs=None) -> dict:
    """An owner's Maximinus Thrax mat: Mode 1 Military/Senate, Mode 2 Senate/Populace, Mode 3 Populace/Military,
    Mode 4 the available cylinder; every circle of every area with a circled event 2 beside both boxes."""
    costs = costs or [0] + [2] * (len(secondaries) - 1)
    track = [{"cost": cost, "primary": s + 1, "secondary": s, "primary_event": 2, "secondary_event": 2}
             for cost, s in zip(costs, secondaries)]
    track[0]["cost"] = 0
    modes = {"1": ("military", "senate"), "2": ("senate", "populace"), "3": ("populace", "military"),
             "4": ("available", "none")}
    return {"mats": {MAT: {"area_order": ORDER, "track": {a: [dict(c) for c in track] for a in AREAS},
                           "mode": {k: {"primary": p, "secondary": s} for k, (p, s) in modes.items()}}}}


def with_owner_mat(**mat) -> tuple[dict, str]:
    state = game.new_state(game.check_options({"humans": 1, "bots": "red", "cards": "fixed", "emperor_rules": True,
                                               "mats": MAT, "overrides": owner_mat(**mat)}), 5)
    while game.next_step(state)["proc"] == "setup":
        play(state, game.next_step(state), {f"toc.setup.{n}": "yes" for n in range(1, 10)})
    return state, state["bot_order"][0]


@pytest.mark.parametrize("role", ["primary", "secondary"])
def test_every_d6_face_picks_the_base_or_the_expansion_event(role):
    """Seed line 52: with base and expansion cards in use, 1d6 picks the bot's event: 1-3 the base game's, 4-6 the
    expansion's, for the Primary and the Secondary event alike."""
    for face in range(1, 7):
        state, c = with_owner_mat()
        answers = {f"toc.{c}.mode": "none", f"toc.{c}.primary.event": "1", f"toc.{c}.secondary.event": "1"}
        answers[f"toc.{c}.{role}.event"] = str(face)
        play(state, {"proc": "bot_influence", "bot": c}, answers)
        slot = state["bots"][c][role]
        assert slot["card"] == f"{slot['area']}_2:{'base' if face <= 3 else 'expansion'}", face


def test_ludi_takes_4_from_the_secondary_only_and_loses_its_event_only_at_0():
    """Seed lines 36, 48-49 and 55: with the Ludi Saeculares marker the Secondary is the printed number less 4, never
    below 0, and its event is lost only when that leaves 0; the Primary keeps its number (+2 on the "+2" side, line
    48, which never touches the Secondary)."""
    secondaries = (2, 3, 4, 5, 6, 7, 8)
    for circle, printed in enumerate(secondaries):
        for ludi, plus2 in itertools.product((False, True), repeat=2):
            state, c = with_owner_mat(secondaries=secondaries)
            bot = state["bots"][c]
            bot["pawn"] = {a: circle for a in AREAS}
            bot["ludi"], bot["marker"] = ludi, ("plus2" if plus2 else "portrait")
            play(state, {"proc": "bot_influence", "bot": c},
                 {f"toc.{c}.mode": "none", f"toc.{c}.primary.event": "1", f"toc.{c}.secondary.event": "1"})
            secondary = max(0, printed - 4) if ludi else printed
            assert bot["primary"]["points"] == printed + 1 + (2 if plus2 else 0)
            assert bot["secondary"] == {**bot["secondary"], "area": "senate", "points": secondary,
                                        "event": 2 if secondary else 0}
            assert ("card" in bot["secondary"]) == bool(secondary)  # a lost event is not drawn either
            assert bot["points"] == {"military": bot["primary"]["points"], "senate": secondary, "populace": 0}


@pytest.mark.parametrize("emperor", ["bot", "human", "none"])
def test_pax_deorum_and_ludi_saeculares_on_a_humans_crisis_roll(emperor):
    """Seed lines 34 and 36 (with rules file G1's default, any crisis roll): Pax Deorum flips EVERY bot's mode marker
    to "+2"; Ludi Saeculares gives +4 Legacy and the marker to the bot that is Emperor, and to nobody when the
    Emperor is a human or nobody reigns."""
    state = after_setup()
    if emperor == "bot":
        state["emperor"] = state["bot_order"][1]
    elif emperor == "human":
        state["emperor"], state["human_emperor"] = "human", {"player": 1, "type": "senate"}
    before = {c: b["legacy"] for c, b in state["bots"].items()}
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "pax_deorum", "toc.human1.emperor": state["emperor"]})
    assert {b["marker"] for b in state["bots"].values()} == {"plus2"}
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "ludi_saeculares",
                                            "toc.human1.emperor": state["emperor"]})
    for c, b in state["bots"].items():
        gets = emperor == "bot" and c == state["emperor"]
        assert b["legacy"] == before[c] + (4 if gets else 0) and b["ludi"] == gets


MODE_ANSWERS = ("troubled", "emperor_no_army", "mobs", "none")


def test_the_mode_is_the_first_rule_of_the_seeds_list_that_holds():
    """Seed lines 40-44, in order: two cylinders in the "0" box: Mode 4; not Emperor with 50+ Legacy: Mode 1;
    Troubled Provinces, or Emperor with no army in Italia's capital: Mode 2; Mobs in a governed province: Mode 3;
    else Mode 1. The program asks the board only when the first two rules do not decide."""
    for zero, emperor, legacy, first in itertools.product((0, 1, 2), (False, True), (49, 50), MODE_ANSWERS):
        if first == "emperor_no_army" and not emperor:
            continue  # that answer is only for the Emperor (refused otherwise: test_toc_turn)
        state = after_setup()
        c = first_bot(state)
        bot = state["bots"][c]
        for area in AREAS[:zero]:
            bot["cylinder"][area] = "zero"
        bot["legacy"] = legacy
        state["emperor"] = c if emperor else "none"
        r = play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": first, f"toc.{c}.primary.event": "1",
                                                                f"toc.{c}.secondary.event": "1"})
        if zero == 2:
            expected = 4
        elif not emperor and legacy >= 50:
            expected = 1
        elif first == "troubled" or first == "emperor_no_army":
            expected = 2
        elif first == "mobs":
            expected = 3
        else:
            expected = 1
        case = (zero, emperor, legacy, first)
        assert bot["mode"] == expected, case
        asked = f"toc.{c}.mode" in [a.id for a in r.asks]
        assert asked == (zero != 2 and (emperor or legacy < 50)), case


@pytest.mark.parametrize("places", list(itertools.product(("available", "track", "zero"), repeat=3)))
def test_the_deck_resets_only_when_all_three_cylinders_are_in_the_zero_box(places):
    """Seed line 69: all 3 cylinders in the "0" box: the Available Pile is spent, all go back to Available
    Cylinders; any other placement stays as it is."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    bot["cylinder"] = dict(zip(AREAS, places))
    play(state, {"proc": "bot_end", "bot": c})
    assert bot["cylinder"] == (dict.fromkeys(AREAS, "available") if set(places) == {"zero"} else dict(zip(AREAS, places)))


@pytest.mark.parametrize("pawns,political,moved,plus2", [
    # Senate on its zero-cost circle is checked first (line 64), then the preferred area (line 63), then the other
    ({"military": 0, "senate": 0, "populace": 0}, 3, ["senate"], False),  # senate 2, military 2: 1 left, not enough
    ({"military": 0, "senate": 0, "populace": 0}, 6, ["senate", "military", "populace"], False),
    # the Senate cannot pay: the preferred area is checked next with the same points (line 65: only points spent go)
    ({"military": 0, "senate": 4, "populace": 0}, 2, ["military"], False),
    # past the Senate exception: preferred, then the less developed other area (line 66), ties to the upper one
    ({"military": 1, "senate": 2, "populace": 1}, 4, ["military", "populace"], False),
    ({"military": 1, "senate": 1, "populace": 1}, 4, ["military", "senate"], False),
    ({"military": 1, "senate": 1, "populace": 2}, 6, ["military", "senate", "populace"], False),
    # the preferred area cannot pay but another can: that one moves and the marker stays on its portrait (line 68)
    ({"military": 4, "senate": 1, "populace": 1}, 2, ["senate"], False),
    # no pawn can move: the "+2" side (line 68)
    ({"military": 1, "senate": 1, "populace": 1}, 1, [], True),
    ({"military": 6, "senate": 6, "populace": 6}, 20, [], True),
])
def test_buy_trash_moves_the_pawns_in_the_seeds_order(pawns, political, moved, plus2):
    """Seed lines 62-68, on an owner's mat whose circles cost 2 (circle 5 costs 4, circle 6 is the last)."""
    state, c = with_owner_mat(costs=[0, 2, 2, 2, 2, 4, 2])
    bot = state["bots"][c]
    bot["pawn"] = dict(pawns)
    play(state, {"proc": "bot_buy", "bot": c}, {f"toc.{c}.political": str(political)})
    assert bot["pawn"] == {a: pawns[a] + (1 if a in moved else 0) for a in AREAS}
    assert bot["marker"] == ("plus2" if plus2 else "portrait")


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("emperor_rules", [False, True])
def test_the_bots_setup_for_every_number_of_bots(n, emperor_rules):
    """Seed lines 18-25: each bot its own mat, its token set with its Emperor tokens when the Emperor rules are used
    (line 19), a random turn order among the bots only when there is more than one (line 20), its markers (lines
    22-24: portrait side, a pawn on each "0" circle, 3 cylinders available), and in bot turn order the first free
    province of Gallia, Macedonia, Syria (line 25)."""
    from automata.core.runner import run
    from test_toc_turn import Recording

    state = game.new_state(game.check_options({"humans": 4 - n if n > 1 else 1, "bots": ",".join(["red", "blue", "yellow"][:n]),
                                               "cards": "fixed", "emperor_rules": emperor_rules}), 7)
    said = []
    while game.next_step(state)["proc"] == "setup":
        r = run(game.procedure(state, game.next_step(state)), Recording({f"toc.setup.{k}": "yes" for k in range(1, 10)}))
        said += [e.msg.id for e in r.transcript if e.kind == "say"]
    order = state["bot_order"]
    assert sorted(order) == sorted(["red", "blue", "yellow"][:n])
    assert len({b["mat"] for b in state["bots"].values()}) == n
    assert said.count("toc.setup.bot_tokens_emperor" if emperor_rules else "toc.setup.bot_tokens") == n
    assert ("toc.setup.bot_tokens" if emperor_rules else "toc.setup.bot_tokens_emperor") not in said
    assert said.count("toc.setup.bot_order") == (1 if n > 1 else 0)
    assert [state["bots"][c]["start"] for c in order] == ["gallia", "macedonia", "syria"][:n]
    for b in state["bots"].values():
        assert b["marker"] == "portrait" and b["pawn"] == dict.fromkeys(AREAS, 0)
        assert b["cylinder"] == dict.fromkeys(AREAS, "available")


@pytest.mark.parametrize("kind", ["senate", "populace", "military"])
def test_a_bot_emperors_gain_legacy_over_support_and_pretenders(kind):
    """Seed lines 100, 109 and 118, in the bot's own Gain Legacy phase: Senate, Italia's support less the Pretender
    provinces; Populace, twice the support of the token's province less them; never below 0; Military, the battle
    Legacy of its army doubled, less the Pretender provinces, never more than the Legacy there is (the seed is cut
    off there: the PROVISIONAL cap "legacy_total"). Without the Emperor rules, or when no longer Emperor, none."""
    for before, base, support, pretenders, battle in itertools.product((0, 7), (0, 2), (0, 1, 3), (0, 2, 5, 9), (0, 1)):
        state = after_setup()
        c = first_bot(state)
        bot = state["bots"][c]
        bot["legacy"] = before
        state["emperor"], bot["emperor_type"] = c, kind
        answers = {f"toc.{c}.legacy": str(base), f"toc.{c}.pretenders": str(pretenders), f"toc.{c}.support": str(support),
                   f"toc.{c}.battle_legacy": str(battle)}
        play(state, {"proc": "bot_legacy", "bot": c}, answers)
        total = before + base
        if kind == "senate":
            expected = total + max(0, support - pretenders)
        elif kind == "populace":
            expected = total + max(0, 2 * support - pretenders)
        else:
            expected = total + 2 * battle - min(pretenders, total + 2 * battle)
        assert bot["legacy"] == expected, (before, base, support, pretenders, battle)
    for rules, emperor in ((False, True), (True, False)):
        state = after_setup(emperor_rules=rules)
        c = first_bot(state)
        state["bots"][c]["emperor_type"] = kind
        state["emperor"] = c if emperor else "none"
        r = play(state, {"proc": "bot_legacy", "bot": c}, {f"toc.{c}.legacy": "3"})
        assert state["bots"][c]["legacy"] == 3 and [a.id for a in r.asks] == [f"toc.{c}.legacy"]
