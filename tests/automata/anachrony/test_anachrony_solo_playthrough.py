"""Whole solo games of Anachrony against the Chronobot and the Chronossus (issue 7): golden playthroughs
and property tests over thousands of random games.

The golden transcripts (tests/golden/anachrony_solo_*.txt) are whole games with table dice and the scripted
answers of tests/automata/anachrony_solo_policy.py; regenerate them deliberately with UPDATE_GOLDEN=1 and
read the diff.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from automata.anachrony import score_data, scoring
from automata.anachrony import game
from automata.anachrony import spaces
from automata.anachrony.solo import state as solo_state
from automata.anachrony.solo.data import solo_data_of
from automata.anachrony.solo.flow import score_answers
from anachrony_solo_policy import play_solo
from conftest import random_games
from policy_runner import golden_text, transcript

GOLDEN = Path(__file__).resolve().parents[2] / "golden"


def golden(name: str, text: str) -> None:
    assert text == golden_text(GOLDEN / name, text)


def test_golden_game_against_the_chronobot():
    """Rules §3.2 (setup, dice, tokens and a bump, placement and the World Council, Failed Actions, sets traded
    for 5 VP, an Anomaly, the last Time Travel before passing, the minimum of 3 Actions, scoring): a whole base
    game against the Chronobot with table dice, from setup to the final score."""
    state, history = play_solo(8, "chronobot", random="table", busy=8)
    golden("anachrony_solo_chronobot_seed8.txt", transcript(game, history))
    assert state["over"] and state["era"] in (5, 6, 7)
    assert [s["proc"] for s, _ in history].count("solo_setup") == 1


def test_golden_game_against_the_chronossus_with_hypersync_and_quantum_loops():
    """Rules §3.4 with §3.4.9 (Hypersync: Solo Hypersync tiles placed and recovered, the extra Paradox roll) and
    §3.4.10 (Quantum Loops: cards removed), harder options on (tiles on side B with Autoleap, an extra Energy Core,
    VP per removed card and per Energy Core left): a whole game against the Chronossus with table dice."""
    state, history = play_solo(43, "chronossus", "neutronide,hypersync,quantum-loops", random="table", busy=5,
                               difficulty="side-b,cores=1,ql-vp,core-vp")
    golden("anachrony_solo_chronossus_hs_ql_seed43.txt", transcript(game, history))
    assert state["over"] and state["era"] in (5, 6, 7)


def check(state) -> None:
    """The opponent's counters within bounds after every step (rules §3.2.3, §3.2.4, §3.2.7, §3.4.3-§3.4.9)."""
    s = state.get("solo")
    sd = solo_data_of(state)
    assert 0 <= s["exosuits"] <= 6 and 0 <= s["placed"] <= 6
    assert 0 <= s["time_travel"] <= solo_state.TIME_TRAVEL_TOP
    assert 0 <= s["paradox"] <= 2 and 0 <= s["anomalies"] <= 3
    assert all(n > 0 for n in s["warps"].values()) and solo_state.warps_out(s) <= solo_state.WARP_TILES
    assert all(0 <= n <= 3 for n in s["buildings"].values()) and 0 <= s["superprojects"] <= 3
    # issue 30 item 14 (§2.10 one Exosuit per space per Era, §2.9 Hex Unavailable, §3.2.5): each Exosuit it placed
    # this Era holds a space of its own, and no space is held that went Hex Unavailable
    held = [(k, x) for k, v in (state.get("spaces") or {}).items() for x, who in v.items() if who == "bot"]
    assert len(held) == s["placed"], (held, s["placed"])
    for kind, v in (state.get("spaces") or {}).items():
        assert not set(v) & set(spaces.collapsed(state, kind)), kind
        assert set(v) <= set(spaces.SPACES[kind]) and set(v.values()) <= {"bot", "p1"}
    for table in ("workers", "resources", "breakthroughs"):
        assert all(n >= 0 for n in s[table].values())
    assert s["vp"] >= 0
    if s["bot"] == "chronobot":
        cap = sd["chronobot_first" if s["edition"] == "first" else "chronobot"]["max_per_spot"]
        toks = sorted(t for v in s["spots"].values() for t in v)
        assert toks == sorted(sd["chronobot_first" if s["edition"] == "first" else "chronobot"]["start"])
        assert all(1 <= len(v) <= cap for v in s["spots"].values())
    else:
        spots = [solo_state.chronossus_spot(sd, s, t) for t in solo_state.tokens(s)]
        assert all(spots.count(x) <= 2 for x in spots), "never three tokens on a spot (§3.4.3)"
        assert s["pool"]["energized"] >= 0 and s["pool"]["exhausted"] >= 0
        if "hypersync" in s:
            assert len(s["hypersync"]) <= 3 and len(set(s["hypersync"])) == len(s["hypersync"])


def bot_total(state) -> tuple[int, int]:
    table = scoring.Table(1, tuple(state["options"]["modules"]), "A", state["solo"]["bot"])
    known = score_answers(state)
    report = {"vp": known["anachrony.score.bot.vp"], "time_travel": known["anachrony.score.bot.time_travel"],
              "anomalies": known["anachrony.score.bot.anomalies"],
              "breakthroughs": {x: known[f"anachrony.score.bot.breakthroughs.{x}"] for x in solo_state.SHAPES}}
    if known.get("anachrony.score.bot.energy_core_option"):
        report["energy_cores"] = known["anachrony.score.bot.energy_cores"]
    score = scoring.score_bot(report, table, score_data.load())
    return score.total, sum(line.vp for line in score.lines)


CASES = [("chronobot", "", ""), ("chronobot", "", "wc-right,extra-turn,min-6,reboot-advance"),
         ("chronossus", "", ""), ("chronossus", "neutronide,quantum-loops", "ql-remove-5,ql-vp,side-b"),
         ("chronossus", "hypersync", "targeted-hypersync,extra-exosuit,failed-2vp,new-shape,swap-1-3,cores=3"),
         ("chronossus", "hypersync,quantum-loops,neutronide", "objectives=1,core-vp")]


@pytest.mark.parametrize("opponent,modules,difficulty", CASES)
def test_random_solo_games_end_with_every_counter_in_bounds_and_the_score_the_sum_of_its_lines(opponent, modules, difficulty):
    """Issue 7: hundreds of random solo games per opponent, module set and difficulty (table and app dice,
    busy and quiet tables): every game ends after the last Era with one Impact, the opponent's counters
    stay within bounds at every step, and its final score is the sum of its lines (rules §3.2.10, §3.4.14)."""
    r = random.Random(f"{opponent}{modules}{difficulty}")
    for _ in range(random_games(180)):
        seed = r.randrange(2**31)
        state, history = play_solo(seed, opponent, modules, on_step=lambda s, step, res: check(s), busy=r.randint(0, 10),
                                   random=r.choice(["app", "table"]), difficulty=difficulty)
        assert state["over"] and history[-1][0]["proc"] == "score"
        assert [s["proc"] for s, _ in history].count("impact") == 1
        assert 5 <= state["era"] <= 7
        total, lines = bot_total(state)
        assert total == lines == state["final"]["totals"]["bot"]


def test_first_edition_chronobot_games_end():
    """Rules §3.3: random games against the first-edition Chronobot (six tokens, a d6) end, within bounds."""
    r = random.Random(3)
    for _ in range(random_games(150)):
        state, _ = play_solo(r.randrange(2**31), "chronobot", edition="first", on_step=lambda s, step, res: check(s),
                             busy=r.randint(0, 10), random=r.choice(["app", "table"]))
        assert state["over"]
        total, lines = bot_total(state)
        assert total == lines == state["final"]["totals"]["bot"]
