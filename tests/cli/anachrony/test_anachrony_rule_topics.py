"""Anachrony's rule topics (`tabletop rules anachrony TOPIC`) say what the rules say and the program does, in both
languages: two topics once said another rule."""

from __future__ import annotations

import pytest

from automata.anachrony.actions import negotiate
from automata.anachrony.data import load
from automata.anachrony.solo import rounds
from automata.anachrony.solo import state as solo_state
from automata.anachrony.solo.data import solo_data_of
from automata.core.runner import DiceContext, ScriptedAnswers, run
from anachrony_steps import new
from cli_checks import tt

WORDS = {"en": {"perform": "takes the Action", "move": "then the token moves", "genius": "one of the other Workers' bonuses"},
         "pt-BR": {"perform": "faz a Ação", "move": "depois a ficha anda", "genius": "um dos bônus dos outros Trabalhadores"}}


def topic(lang: str, name: str) -> str:
    result = tt("--lang", lang, "rules", "anachrony", name)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_solo_turn_topic_says_the_action_is_taken_before_the_token_moves(lang):
    """Rules file §3.2.4 (its turn: roll the AI die, perform the Action at that Command token, then advance it one
    step), as the program plays it: the Chronobot's rolled token 3 on Construct Life Support takes that Action and
    only then moves to Time Travel. The topic said the token moved first and the spot it landed on was the Action."""
    state = new(1, "", opponent="chronobot")
    state["era"] = 1
    s = state["solo"]
    s.update(exosuits=6, turn="bot")
    sd = solo_data_of(state)
    assert solo_state.token_spot(s, "3") == "short.1"
    result = run(rounds.chronobot_turn(state, sd), ScriptedAnswers({"anachrony.solo.ai": [3],
                 "anachrony.solo.stack.life_support.primary": 2, "anachrony.solo.stack.life_support.secondary": 1}),
                 dice=DiceContext(1, 1, "table"))
    assert result.done and s["buildings"]["life_support"] == 1 and solo_state.token_spot(s, "3") == "short.2"
    text = topic(lang, "solo_turn")
    words = WORDS[lang]
    assert words["perform"] in text and words["move"] in text
    assert text.index(words["perform"]) < text.index(words["move"])


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_negotiate_topic_gives_the_genius_a_workers_bonus_as_the_program_asks(lang):
    """Seed 002 l.113-116 (rules file §1.7.3, §1.9): a Genius on Negotiate takes one of the other Workers' bonuses
    (the Administrator's, the Scientist's or the Engineer's), which is what the program offers; the topic said 'any
    one of the space bonuses'."""
    state = new(3, "intrigues")
    state["turn"] = {"player": "", "rows": []}
    result = run(negotiate(state, load(), "p1", 1), ScriptedAnswers({"anachrony.negotiate.p1.space": "top"}),
                 dice=DiceContext(1, 1, "app"))
    genius = [c.value for c in result.pending.choices if c.value.startswith("genius:")]
    assert result.pending_id == "anachrony.negotiate.p1.worker"
    assert genius == ["genius:administrator", "genius:scientist", "genius:engineer"]
    assert WORDS[lang]["genius"] in topic(lang, "negotiate")


@pytest.mark.parametrize("lang,words", [("en", "fewer, you lose 1 VP"), ("pt-BR", "menos, você perde 1 PV")])
def test_the_missions_topic_says_what_a_failed_mission_costs(lang, words):
    """Seed 002 l.137-139 with rules file §1.8 K4-K6 (the seed stops at 'Se'): fewer than two conditions met costs
    1 VP, as the program counts it (data rules.intrigues.mission fewer_vp); the topic stopped at two conditions."""
    assert load().rules["intrigues"]["mission"]["fewer_vp"] == -1
    assert words in topic(lang, "missions")
