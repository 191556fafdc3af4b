"""Chaos in the Old World, rules round A: situations worked out by hand from seed 003 (each test names its line of
seeds/003_2be3e64a20041d18.txt) that the program did not play as the seed says."""

from __future__ import annotations

from automata.chaos import game
from automata.chaos.endphase import dial_ticks
from automata.core.runner import DiceContext, ScriptedAnswers, run
from test_chaos_seed_lines import blank


def _end_dials(state: dict, answers: dict | None = None):
    return run(game.procedure(state, {"proc": "end_dials"}), ScriptedAnswers(answers or {}), dice=DiceContext(1, 1, "table"))


def test_seed_l116_a_tie_for_the_most_counters_gives_nobody_the_extra_position():
    """Seed 003 l.116: "O jogador com mais fichas de Avanço de Roda gira sua roda uma posição adicional": one player,
    the one with the most. Khorne 2 and Slaanesh 2 tie for the most, Nurgle has 1: there is no player with the
    most, so each of the three turns one position and nobody turns the extra one (FFG's "Dial Up, Dial In": equal
    counts net nothing)."""
    state = blank()
    data = game.data_of(state)
    for p, n in {"khorne": 2, "nurgle": 1, "tzeentch": 0, "slaanesh": 2}.items():
        state["p"][p]["dac"] = n
    assert dial_ticks(state, data) == {"khorne": 1, "nurgle": 1, "slaanesh": 1}
    result = _end_dials(state)
    assert result.done
    assert {p: state["p"][p]["dial"] for p in state["powers"]} == {"khorne": 1, "nurgle": 1, "tzeentch": 0, "slaanesh": 1}
    said = [e.msg for e in result.transcript if e.kind == "say"]
    # the rule is said, and no longer as a PROVISIONAL guess
    assert not any(m.id == "chaos.provisional" for m in said)
    assert any(m.id == "chaos.dial.tie_rule" and m.params["rule"] == "@chaos.rule.most_tie.none" for m in said)


def test_seed_l116_a_single_player_with_the_most_still_turns_the_extra_position():
    """Seed 003 l.116, the untied case: Nurgle 3 against Khorne 1: Nurgle turns two positions, Khorne one."""
    state = blank()
    data = game.data_of(state)
    state["p"]["nurgle"]["dac"], state["p"]["khorne"]["dac"] = 3, 1
    assert dial_ticks(state, data) == {"khorne": 1, "nurgle": 2}
