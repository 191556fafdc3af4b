"""The end of a game of Time of Crisis decides its result (automata/toc/endgame.py, final.py, result.py).

- Seed 000, line 5 (Objetivo: the expansion adds ways to gain Legacy) and rules file §1.1 and §2.10: Legacy is the
  victory points, so the faction with the most Legacy wins.
- Rules file §3.11: the program keeps the bots' Legacy (seed lines 36, 100, 109 and 118: Ludi Saeculares' +4 and the
  Emperor types' Gain Legacy), never the humans'; so at the end of the game, and only then, the table gives each
  human seat's final Legacy, never a negative number (seed lines 100, 109 and 118: a negative gain counts as zero,
  and the subtraction never takes more than the Legacy there is).
- Rules file §2.10 and §3.11: games are played to 60 Legacy and the end trigger and the tie-breaks (base rulebook §7)
  are MISSING; the table says when the game ends (turn.end_question), and a tie follows the PROVISIONAL
  ``rules.legacy.tie_break`` (shared, or the table names the winner).
"""

from __future__ import annotations

import copy

import pytest

from automata.core.runner import DiceContext, ScriptedAnswers, run
from automata.core.steps import InvalidAnswer
from automata.toc import game
from automata.toc.data import DataError, load, provisional_items
from automata.toc.final import outcome
from automata.toc.result import result
from automata.toc.seats import question_seat
from conftest import random_games
from test_toc_turn import Recording
from toc_policy import play_game

END = {"proc": "round_end"}


def at_the_end(humans: int = 1, bots: str = "red,blue,yellow", legacy=(20, 30, 40), overrides=None) -> dict:
    """A game set up and played to a round's end, with the bots' Legacy as given (the setup by the scripted table)."""
    raw = {"humans": humans, "bots": bots, "cards": "fixed", "emperor_rules": True}
    if overrides:
        raw["overrides"] = overrides
    state = game.new_state(game.check_options(raw), 5)
    while game.next_step(state)["proc"] == "setup":
        step = game.next_step(state)
        answers = {f"toc.setup.{n}": "yes" for n in range(1, 10)}
        run(game.procedure(state, step), ScriptedAnswers(answers), dice=DiceContext(5, 1, "app"))
    for colour, n in zip(state["bot_order"], legacy):
        state["bots"][colour]["legacy"] = n
    state["round"] = 6
    state["next"] = dict(END)
    return state


def end(state: dict, answers: dict, over: bool = True):
    """The round's end with the table's answers; returns the run and the questions asked."""
    source = Recording({"toc.round6.over": "yes" if over else "no", **answers})
    r = run(game.procedure(state, END), source, dice=DiceContext(5, 1, "table"))
    assert r.done, f"stopped at {r.pending_id}"
    return r, source.asks


def says(r) -> list:
    return [e.msg for e in r.transcript if e.kind == "say"]


@pytest.mark.parametrize("humans,bots", [(1, "red,blue,yellow"), (2, "red,blue"), (3, "red")])
def test_each_human_seat_is_asked_its_final_legacy_once_and_the_most_legacy_wins(humans, bots):
    """Rules file §2.10: the most Legacy wins; §3.11: the humans' Legacy is the table's, asked once a human seat at the
    end (one stable id each, a whole number of 0 or more); every seat then has a score, the bots' the one tracked."""
    state = at_the_end(humans, bots, legacy=(41, 35, 12))
    legacies = {f"human{n}": 30 + 5 * n for n in range(1, humans + 1)}  # the last human has 30 + 5×humans
    r, asks = end(state, {f"toc.final.legacy.{s}": v for s, v in legacies.items()})
    final = [a for a in asks if a.id.startswith("toc.final.")]
    assert [a.id for a in final] == [f"toc.final.legacy.human{n}" for n in range(1, humans + 1)]
    assert all(a.kind == "number" and a.min == 0 and a.default is None for a in final)
    out = result(state)
    bots_legacy = {c: state["bots"][c]["legacy"] for c in state["bot_order"]}
    assert out["finished"] and out["scores"] == {**legacies, **bots_legacy}
    everyone = {**legacies, **bots_legacy}
    best = max(everyone.values())
    assert out["winners"] == [s for s, v in everyone.items() if v == best]  # 41 (red) or the last human (45, 40)
    assert out["ended_by"] == "toc.result.most_legacy" and out["ended_params"]["legacy"] == best
    assert "undecided" not in out and "winner_kind" not in out
    assert says(r)[-1].id == "toc.final.winner" and says(r)[-1].params["legacy"] == best


def test_a_bot_at_the_goal_wins_or_loses_by_the_humans_legacy():
    """Rules file §2.10: reaching 60 Legacy ends the game, it does not win it; the most Legacy wins, a human's too."""
    for human, winner in ((63, "human1"), (50, None)):
        state = at_the_end(legacy=(61, 20, 10))
        end(state, {"toc.final.legacy.human1": human})
        leader = state["bot_order"][0]
        assert result(state)["winners"] == [winner or leader]
        assert result(state)["scores"]["human1"] == human and result(state)["scores"][leader] == 61


def test_the_final_legacy_is_asked_only_when_the_game_ends():
    """The humans' Legacy is never a question during play: a round that does not end asks only whether it ended."""
    state = at_the_end()
    _, asks = end(state, {}, over=False)
    assert [a.id for a in asks] == ["toc.round6.over"] and "final" not in state
    assert result(state)["finished"] is False


def test_whole_games_ask_the_final_legacy_in_their_last_step_only():
    for seed in range(random_games(4)):
        humans = 1 + seed % 3
        state, history = play_game(seed, humans=humans, bots=",".join(["red", "blue", "yellow"][: 4 - humans]))
        asked = [[e.id for e in r.transcript if e.kind == "ask" and e.id.startswith("toc.final.")]
                 for _, r in history]
        assert not any(asked[:-1])
        legacy = [a for a in asked[-1] if a.startswith("toc.final.legacy.")]
        assert legacy == [f"toc.final.legacy.human{n}" for n in range(1, humans + 1)]
        out = result(state)
        assert out["winners"] and set(out["scores"]) == {f"human{n}" for n in range(1, humans + 1)} | set(state["bot_order"])


def test_no_human_seat_nothing_is_asked_and_the_bots_legacy_decides():
    """No human seat (a table of bots only): the end asks nothing, the bots' Legacy decides."""
    state = at_the_end(legacy=(12, 33, 20))
    state["options"]["humans"] = 0
    _, asks = end(state, {})
    assert [a.id for a in asks] == ["toc.round6.over"]
    assert result(state)["winners"] == [state["bot_order"][1]] and set(result(state)["scores"]) == set(state["bot_order"])


def test_a_negative_final_legacy_is_refused_and_zero_accepted():
    """Seed lines 100, 109, 118: Legacy never goes below zero."""
    state = at_the_end()
    r = run(game.procedure(state, END), ScriptedAnswers({"toc.round6.over": "yes"}), dice=DiceContext(5, 1, "table"))
    ask = r.pending
    assert ask.id == "toc.final.legacy.human1"
    with pytest.raises(InvalidAnswer):
        ask.normalise("-1")
    with pytest.raises(InvalidAnswer):
        ask.normalise("lots")
    assert ask.normalise("0") == 0 and ask.normalise("75") == 75


def test_a_tie_is_shared_by_the_provisional_tie_break():
    """Rules file §2.10 / §3.11: the base tie-breaks are MISSING, so a tie for the most Legacy is shared, said as
    PROVISIONAL with the key an owner can override (rules.legacy.tie_break); no question is asked for it."""
    state = at_the_end(legacy=(44, 44, 9))
    r, asks = end(state, {"toc.final.legacy.human1": 44})
    assert [a.id for a in asks if a.id.startswith("toc.final.")] == ["toc.final.legacy.human1"]
    warn = [m for m in says(r) if m.id == "toc.provisional"]
    assert [m.params["key"] for m in warn] == ["rules.legacy.tie_break"]
    out = result(state)
    assert out["winners"] == ["human1", state["bot_order"][0], state["bot_order"][1]]
    assert out["ended_by"] == "toc.result.tie_shared" and says(r)[-1].id == "toc.final.shared"
    # a lower human leaves a tie between two bots, shared the same way
    state = at_the_end(legacy=(44, 44, 9))
    end(state, {"toc.final.legacy.human1": 43})
    assert result(state)["winners"] == state["bot_order"][:2]


def test_with_the_owners_tie_break_ask_the_table_names_the_winner_only_on_a_tie():
    over = {"rules": {"legacy": {"tie_break": "ask"}}}
    state = at_the_end(legacy=(44, 44, 9), overrides=over)
    red, blue = state["bot_order"][:2]
    r, asks = end(state, {"toc.final.legacy.human1": 44, "toc.final.tie": blue})
    tie = next(a for a in asks if a.id == "toc.final.tie")
    assert [c.value for c in tie.choices] == ["human1", red, blue, "shared"]  # the tied seats only, and "shared"
    out = result(state)
    assert out["winners"] == [blue] and out["ended_by"] == "toc.result.tie_table"
    assert out["scores"][blue] == out["scores"]["human1"] == 44
    state = at_the_end(legacy=(44, 44, 9), overrides=over)
    end(state, {"toc.final.legacy.human1": 44, "toc.final.tie": "shared"})
    assert result(state)["winners"] == ["human1", red, blue] and result(state)["ended_by"] == "toc.result.tie_table"
    state = at_the_end(legacy=(44, 40, 9), overrides=over)  # no tie: nothing to break
    _, asks = end(state, {"toc.final.legacy.human1": 30})
    assert "toc.final.tie" not in [a.id for a in asks] and result(state)["winners"] == [state["bot_order"][0]]


def test_a_correction_of_a_bots_legacy_after_the_end_decides_again():
    """The winners are decided from the Legacy as it stands (``tabletop fix`` may correct a bot's after the end)."""
    state = at_the_end(legacy=(44, 20, 9))
    end(state, {"toc.final.legacy.human1": 50})
    assert result(state)["winners"] == ["human1"]
    fixed = copy.deepcopy(state)
    fixed["bots"][fixed["bot_order"][0]]["legacy"] = 52
    assert result(fixed)["winners"] == [fixed["bot_order"][0]] and result(fixed)["scores"]["human1"] == 50


def test_a_save_that_ended_before_the_question_keeps_the_older_reading():
    """A game finished before the program asked the humans' Legacy has no ``final``: only the bots have a score."""
    state, _ = play_game(2)
    old = copy.deepcopy(state)
    del old["final"]
    assert outcome(old) is None
    out = result(old)
    assert out["ended_by"] == "toc.result.human_goal" and set(out["scores"]) == set(old["bot_order"])


def test_the_final_legacy_question_is_that_humans():
    """Each human's final Legacy is that human's question (its clock, its phone); the tie is the table's."""
    state = at_the_end(humans=2, bots="red,blue")
    assert question_seat(state, END, "toc.final.legacy.human2") == "human2"
    assert question_seat(state, END, "toc.final.tie") is None and question_seat(state, END, "toc.round6.over") is None


def test_the_tie_break_is_provisional_and_an_owner_value_is_checked():
    items = {i["key"]: i for i in provisional_items(load())}
    assert items["rules.legacy.tie_break"]["value"] == "shared"
    assert load({"rules": {"legacy": {"tie_break": "ask"}}}).rules["legacy"]["tie_break"] == "ask"
    with pytest.raises(DataError) as e:
        load({"rules": {"legacy": {"tie_break": "coin"}}})
    assert "shared" in str(e.value) and "ask" in str(e.value)


def test_the_questions_of_the_end_have_the_end_topic():
    """'?' at these questions shows the end of the game (cli/toc/rules.toml), not a bot's Gain Legacy."""
    from cli.rules import for_ask

    for ask_id in ("toc.final.legacy.human1", "toc.final.legacy.human3", "toc.final.tie"):
        assert for_ask("toc", ask_id, END).id == "end"


def test_a_humans_final_legacy_is_corrected_like_a_bots_and_the_winner_follows():
    """Rules file §3.11 (the humans' Legacy is the table's, given once at the end: ``toc.final.legacy.human<n>``) and
    seed 000 lines 100, 109, 118 (Legacy never below zero): ``tabletop fix`` corrects a human seat's final Legacy
    with the same words as a bot's (``legacy human 2 47``, ``+3 legado humano 1``), in a journalled step that replays,
    and the winner is decided again from it; before the end there is no human Legacy to correct."""
    from automata.core import fix, fixstep
    from automata.toc.fix import FIX_FIELDS

    state = at_the_end(humans=2, bots="red,blue", legacy=(44, 20))
    before_end = copy.deepcopy(state)
    with pytest.raises(fix.FixError) as refused:
        fix.check("legacy human 1 30", FIX_FIELDS, before_end)
    assert refused.value.msg.id == "core.fix.unknown_option"
    end(state, {"toc.final.legacy.human1": 40, "toc.final.legacy.human2": 30})
    red = state["bot_order"][0]
    assert result(state)["winners"] == [red]
    rows = [r for r in fix.listing(state, FIX_FIELDS) if r["field"] == "legacy"]
    assert {tuple(r["keys"]): r["value"] for r in rows} == {(red,): 44, (state["bot_order"][1],): 20,
                                                             ("human1",): 40, ("human2",): 30}
    changes = fix.check("legacy human 2 47; +3 legado humano 1", FIX_FIELDS, state, "pt-BR")
    corrected = copy.deepcopy(state)
    r = run(fix.procedure(FIX_FIELDS, corrected, fixstep.step(changes)), ScriptedAnswers({}))
    assert [line["after"] for line in r.result] == [47, 43]
    assert corrected["final"]["legacy"] == {"human1": 43, "human2": 47}
    assert result(corrected)["winners"] == ["human2"] and result(corrected)["scores"]["human2"] == 47
    for text in ("legacy human 1 -1", "-41 legacy human 2", "legacy human 3 10"):
        with pytest.raises(fix.FixError):
            fix.check(text, FIX_FIELDS, state)
    assert state["final"]["legacy"] == {"human1": 40, "human2": 30}  # a refused correction changes nothing


def test_a_tie_made_by_a_correction_is_broken_by_the_table_with_the_same_command():
    """Rules file §2.10/§3.11 (tie-breaks MISSING, PROVISIONAL ``rules.legacy.tie_break``): when a correction after
    the end leaves two factions with the most Legacy, ``tabletop fix "tie …"`` names the winner the table's rulebook
    gives (or ``shared``), as ``toc.final.tie`` would have; with no tie there is nothing to break."""
    from automata.core import fix
    from automata.toc.fix import FIX_FIELDS

    state = at_the_end(humans=2, bots="red,blue", legacy=(44, 20), overrides={"rules": {"legacy": {"tie_break": "ask"}}})
    end(state, {"toc.final.legacy.human1": 40, "toc.final.legacy.human2": 30})
    red = state["bot_order"][0]
    with pytest.raises(fix.FixError) as refused:
        fix.check("tie human 1", FIX_FIELDS, state)
    assert refused.value.msg.id == "core.fix.not_there"
    fix.apply(state, fix.parse("legacy human 2 44", FIX_FIELDS, state), FIX_FIELDS)
    assert result(state)["winners"] == ["human2", red]  # a tie the record does not break yet: shared
    with pytest.raises(fix.FixError):
        fix.check("tie human 1", FIX_FIELDS, state)  # human 1 (40) is not in the tie
    fix.apply(state, fix.parse("empate humano 2", FIX_FIELDS, state, "pt-BR"), FIX_FIELDS)
    assert result(state)["winners"] == ["human2"] and result(state)["ended_by"] == "toc.result.tie_table"
    fix.apply(state, fix.parse("tie shared", FIX_FIELDS, state), FIX_FIELDS)
    assert result(state)["winners"] == ["human2", red]
