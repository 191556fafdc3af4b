"""Time of Crisis, issue 30 item 7: what the table reads off-terminal at a cost question, and the pt-BR card wording.

Rules file §3.4 (the AI Action Priority List's costs are MISSING: asked once a game, a PROVISIONAL default offered) and
seed 000, Preparação step 2 (18 piles, base and expansion, by colour and value: 17 of them unnamed in the shipped data).
"""

from __future__ import annotations

import re

import pytest

from automata.core.runner import DiceContext, ScriptedAnswers, run
from automata.core.steps import msg
from automata.toc import game
from automata.toc.game import data_of
from cli.words.i18n import Translator
from cli.terminal.render import pending_help
from test_toc_turn import after_setup, first_bot

LIST = [{"id": "initiate_battle", "influence": "military", "cost": "ask", "cost_default": 2, "criteria": "", "repeat": False},
        {"id": "recruit_general", "influence": "military", "cost": "board", "criteria": "", "repeat": False}]


@pytest.mark.parametrize("line,qid", [("1", "toc.apl.initiate_battle.cost"), ("2", "toc.{c}.apl.recruit_general.cost")])
@pytest.mark.parametrize("lang,number", [("en", "0 to 30"), ("pt-BR", "0 a 30")])
def test_an_off_terminal_stop_at_a_cost_question_says_what_it_takes(line, qid, lang, number):
    """Every question can be answered off-terminal and its stop names the valid answers: a cost question is a whole
    number (or 'board' for a printed cost), not 'text'."""
    state = after_setup(overrides={"priority": LIST})
    c = first_bot(state)
    state["bots"][c]["points"] = {"military": 4, "senate": 0, "populace": 0}
    r = run(game.procedure(state, {"proc": "bot_spend", "bot": c}), ScriptedAnswers({f"toc.{c}.apl.1": line}),
            dice=DiceContext(5, 1, "table"))
    assert r.pending is not None and r.pending.id == qid.format(c=c)
    t = Translator(lang)
    valid = pending_help(t, r.pending)["valid"]
    assert number in valid and valid != t("core.pending.text_valid") and "{" not in valid


def test_an_unnamed_pile_reads_as_portuguese_in_every_event_line():
    """pt-BR: 'o evento da carta Militar 2 do jogo base', never 'o evento de a carta' (issue 30), for every pile."""
    state = after_setup()
    data = data_of(state)
    pt = Translator("pt-BR")
    for cat in data.categories:
        for which in ("base", "expansion"):
            card = cat.get(which) or msg("toc.card.unnamed", category=f"@toc.category.{cat['id']}", set=f"@toc.set.{which}").to_data()
            for mid in ("toc.events.use", "toc.events.done", "toc.events.now.place_governor", "toc.events.no_moment.combat"):
                text = pt.render(msg(mid, bot="azul (Pupienus e Balbinus)", card=card))
                assert not re.search(r"\b(de|da|do) (a|o) carta\b|\bda carta carta\b|\bde carta\b", text), text
                assert "carta" in text or cat.get(which), text


@pytest.mark.parametrize("ask_id,topic", [
    ("toc.red.invasion.emperor_killed", "emperor.military"),
    ("toc.human1.invasion.emperor_killed", "emperor.military"),
    ("toc.blue.apl.initiate_battle.emperor_killed", "emperor.military"),
    ("toc.red.triumph", "bot.legacy"),
    ("toc.human2.emperor", "emperor.becoming"),
])
def test_each_new_question_has_its_rule_topic(ask_id, topic):
    """`tabletop rules` explains the question in progress: issue 30's questions lead to the rule they apply (seed 000,
    Limitações and Tipos de Imperador; Tornar-se Imperador)."""
    from cli.rules import for_ask

    found = for_ask("toc", ask_id, None)
    assert found is not None and found.id == topic
