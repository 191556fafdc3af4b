"""Time of Crisis, issue 30 item 7: Ludi Saeculares in the Emperor bot's own crisis, the harder challenge's Emperor type,
the settings the bot turn applies, and the words of the table's errors.

Each test cites the seed 000 line (000_11c43f9f500dfc03.txt) or the rules-file section (rules/time-of-crisis.md) it checks.
"""

from __future__ import annotations

import pytest

from automata.core.gamedata import DataError
from automata.core.games import OptionError
from automata.toc import bot as botrules
from automata.toc import game
from automata.toc.data import load
from cli.words.i18n import Translator
from test_toc_turn import after_setup, first_bot, play, says


def test_ludi_in_the_emperor_bots_own_crisis_says_this_turn_and_applies_now():
    """Seed, AI Crisis Phase (Ludi Saeculares: -4 Secondary 'em seu próximo turno') with G3 (rules file §1.8): drawn in
    the Emperor bot's own Crisis Phase, the -4 applies in that same turn's Take Actions, and the table is told so;
    drawn in another faction's turn, 'next turn'."""
    state = after_setup()
    c, other = state["bot_order"][0], state["bot_order"][1]
    state["emperor"] = c
    state["bots"][c]["emperor_type"] = "senate"
    r = play(state, {"proc": "bot_crisis", "bot": c}, {f"toc.{c}.crisis": "ludi_saeculares"})
    assert "toc.specials.ludi_own" in says(r) and "toc.specials.ludi" not in says(r)
    play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none"})
    assert state["bots"][c]["ludi_applied"] is True  # applied in this very turn
    state = after_setup()
    state["emperor"] = c
    r = play(state, {"proc": "bot_crisis", "bot": other}, {f"toc.{other}.crisis": "ludi_saeculares"})
    assert "toc.specials.ludi" in says(r) and "toc.specials.ludi_own" not in says(r)
    text = Translator("en").render(next(e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "toc.specials.ludi"))
    assert "next turn" in text


def test_the_harder_challenge_type_is_the_tables_choice_not_the_preferred_area():
    """Seed, Becoming Emperor: 'Para um desafio mais difícil, escolha o tipo de Emperor que mais beneficiará a IA'
    (G18): the type the table chose is not described as the preferred area's."""
    state = after_setup(overrides={"rules": {"settings": {"harder_challenge": True}},
                                   "priority": [{"id": "place_governor", "influence": "senate", "cost": 1, "criteria": "", "repeat": False}]})
    c = first_bot(state)
    state["bots"][c]["points"] = {"military": 0, "senate": 2, "populace": 0}
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "1 none", f"toc.{c}.italia": "yes", f"toc.{c}.emperor_type": "populace"})
    assert "toc.emperor.becomes_type_chosen" in says(r) and "toc.emperor.becomes_type" not in says(r)
    assert state["bots"][c]["emperor_type"] == "populace"
    for lang in ("en", "pt-BR"):
        text = Translator(lang).render(next(e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "toc.emperor.becomes_type_chosen"))
        assert "preferred" not in text and "preferida" not in text


@pytest.mark.parametrize("test,zero,mode", [(">=2", 2, 4), ("==2", 2, 4), (">=2", 3, 4), ("==2", 3, None)])
def test_the_mode4_zero_box_setting_is_applied(test, zero, mode):
    """Seed, Take Actions 1: 'Se houver dois cylinders na caixa "0"': Mode 4; G5 (rules file §1.8) reads it as at
    least two, and the setting mode4_zero_box_test '==2' (exactly two) is applied, not accepted and ignored."""
    b = botrules.new_bot("maximinus_thrax", "gallia")
    for area in botrules.AREAS[:zero]:
        b["cylinder"][area] = "zero"
    assert botrules.mode_rule(b, False, None, None, None, test)[0] == mode


def test_the_zero_box_setting_reaches_the_bot_turn():
    """G5: the owner's '==2' is read by the bot turn (three cylinders in the 0 box: not Mode 4, so the board question)."""
    state = after_setup(overrides={"rules": {"settings": {"mode4_zero_box_test": "==2"}}})
    c = first_bot(state)
    for area in botrules.AREAS:
        state["bots"][c]["cylinder"][area] = "zero"
    r = play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none"})
    assert f"toc.{c}.mode" in [a.id for a in r.asks] and state["bots"][c]["mode"] == 1


@pytest.mark.parametrize("key,value", [("bot_count", "ask"), ("crisis_table", "by_factions")])
def test_a_setting_the_bot_turn_does_not_apply_is_refused(key, value):
    """Rules file §1.8 G16 (and §3.0: no silent values): a value the program would accept and ignore is refused, naming
    the setting (the table rolls on its own Crisis Table; fewer bots are named with --bots)."""
    with pytest.raises(DataError, match=rf"rules\.settings\.{key}"):
        load({"rules": {"settings": {key: value}}})


@pytest.mark.parametrize("humans,expected", [(3, "at most 1 colour "), (2, "at most 2 colours ")])
def test_the_factions_error_counts_colours_in_the_right_number(humans, expected):
    """Seed, Fluxo do Jogo (1 to 3 humans, 4 factions): '--bots may name at most 1 colour', never '1 colours' / '1 cores'."""
    with pytest.raises(OptionError) as e:
        game.check_options({"humans": humans, "bots": "red,blue,yellow"})
    assert expected in Translator("en").render(e.value.msg)
    pt = Translator("pt-BR").render(e.value.msg)
    assert ("no máximo 1 cor " if humans == 3 else "no máximo 2 cores ") in pt


def test_colour_errors_name_the_colours_in_the_tables_language():
    """Seed, Preparação step 4 (an unused set of player tokens per bot): the colour errors list the colours in the
    table's language (the Portuguese names are accepted as answers, data.find_colour)."""
    with pytest.raises(OptionError) as e:
        game.check_options({"humans": 1, "bots": "red,roxo"})
    pt = Translator("pt-BR").render(e.value.msg)
    assert "verde, vermelho, azul, amarelo" in pt and "green" not in pt and "yellow" not in pt
    with pytest.raises(OptionError) as e:
        game.check_options({"humans": 1, "bots": "vermelho,red"})
    pt = Translator("pt-BR").render(e.value.msg)
    assert "vermelho" in pt and "red" not in pt.replace("vermelho", "")
