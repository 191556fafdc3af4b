"""Time of Crisis in Brazilian Portuguese: the wave-2 audit's wording items, checked on the rendered text."""

from __future__ import annotations

import pytest

from automata.core.steps import msg
from cli.words.i18n import Translator

PT = Translator("pt-BR")


@pytest.mark.parametrize("left,text", [(0, "; não resta nada."), (1, "; resta 1."), (3, "; restam 3.")])
def test_points_left_after_an_entry_use_a_real_plural(left, text):
    """Audit item 23: 'restam 1' read wrong; the seed's pass pays an entry and the points left are said as Portuguese counts.
    Issue 16: no doubled parentheses after an area with its colour ('Senate (azul) (resta 1)'), and the bot takes 'Bot'."""
    bot = msg("toc.bot", colour="@toc.colour.red", mat="@toc.mat.maximinus_thrax").to_data()
    out = PT.render(msg("toc.spend.do", bot=bot, action="@toc.apl.place_governor", cost=2, area="@toc.area.senate", left=left))
    assert text in out and "restam 1" not in out and ") (" not in out and out.startswith("Bot vermelho")


def test_the_human_player_takes_the_article_in_the_crisis_lines():
    """Audit item 23: 'para jogador humano 1' -> 'para o jogador humano 1'."""
    who = msg("toc.the_human", n=1).to_data()
    assert "para o jogador humano 1" in PT.render(msg("toc.crisis.roll_table", who=who))
    assert "para o jogador humano 1" in PT.render(msg("toc.crisis.which", who=who))


def test_rules_headings_number_the_steps_of_a_bot_turn_not_the_bots():
    """Audit item 13: 'Turno do bot 2: ...' read as bot number 2; the headings number the steps of seed 000's bot turn."""
    for lang, start in (("pt-BR", "Turno de um bot, passo "), ("en", "A bot's turn, step ")):
        t = Translator(lang)
        for topic, step in (("bot_crisis", 1), ("bot_mode", 2), ("bot_spend", 3), ("bot_emperor", 4), ("bot_buy", 5), ("bot_end", 6)):
            assert t.render(f"toc.rules.{topic}.title").startswith(f"{start}{step}:")


def test_one_word_per_term_mode_as_the_seed_writes_it():
    """Audit item 14: status said 'Modo 1' while play said 'Mode 1'; seed 000 writes 'Mode 1' .. 'Mode 4' and 'mode
    marker', so the Portuguese catalogs say Mode everywhere, and the 'available' mode box has no stray English word."""
    import re
    import tomllib
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "cli" / "locales" / "pt-BR"
    for path in folder.glob("toc*.toml"):
        for key, value in tomllib.loads(path.read_text(encoding="utf-8")).items():
            texts = value.values() if isinstance(value, dict) else [value]
            for text in texts:
                if key.endswith(".words"):
                    continue  # search words may hold both
                assert not re.search(r"\b[Mm]odos?\b|\bpeão|\bpeões", str(text)), (key, text)  # seed 000 keeps 'pawn'

    assert not PT.render("toc.helpers.mode.available").startswith("available")


def test_the_emperor_question_after_a_human_turn_reads_as_portuguese():
    """Audit items 20 and 23: the question names the player's turn ('do jogador humano 1') and the choices use the
    article inside the sentence ('o jogador humano 1 teve sucesso')."""
    from automata.core.runner import DiceContext, ScriptedAnswers, run
    from automata.toc import game

    state = game.new_state(game.check_options({"humans": 2, "bots": "red,blue", "emperor_rules": True}), 5)
    for _ in range(20):
        step = game.next_step(state)
        if step["proc"] != "setup":
            break
        answers = {f"toc.setup.{n}": "yes" for n in range(1, 10)}
        run(game.procedure(state, step), ScriptedAnswers(answers), dice=DiceContext(5, 1, "table"))
    state["emperor"] = "human"
    state["human_emperor"] = {"player": 2, "type": "senate"}
    r = run(game.procedure(state, {"proc": "human", "i": 1}), ScriptedAnswers({"toc.human1.crisis": "other"}), dice=DiceContext(5, 1, "table"))
    ask = r.pending
    assert PT.render(ask.msg) == "O Emperor mudou durante o turno do jogador humano 1?"
    labels = [PT.render(c.label) for c in ask.choices]
    # issue 30: "still player 2" and "player 1 took Italia" are two answers of the one question
    assert labels[1:] == ["não: o jogador humano 2 continua Emperor", "sim: o jogador humano 1 fez um Place Governor bem-sucedido em Italia"]
    assert labels[0] == "sim: o jogador humano 2 saiu do cargo e agora ninguém é Emperor"


def test_a_bot_takes_the_article_where_a_human_could_stand():
    """Issue 16: 'Role na Crisis Table para azul (...)' and 'O Emperor anterior, vermelho (...)' read as a bare colour;
    the {who} of the crisis lines (seed 000, AI Crisis Phase) and of the Emperor lines is 'o bot azul (...)' in
    pt-BR, as the human's is 'o jogador humano 1'; English is unchanged."""
    from automata.toc.common import the_bot
    from automata.toc.emperor_steps import holder_term

    bots = {"blue": {"mat": "pupienus_balbinus"}}
    who = the_bot("blue", bots)
    assert PT.render(msg("toc.crisis.roll_table", who=who)) == "Role na Crisis Table para o bot azul (Pupienus e Balbinus)."
    assert PT.render(msg("toc.crisis.which", who=who)) == "O que a Crisis Table deu para o bot azul (Pupienus e Balbinus)?"
    assert Translator("en").render(msg("toc.crisis.roll_table", who=who)) == "Roll on the Crisis Table for blue (Pupienus and Balbinus)."
    holder = holder_term({"emperor": "blue", "bots": bots})
    assert PT.render(msg("toc.emperor.previous_token_off", who=holder)).startswith("O Imperador anterior, o bot azul (Pupienus e Balbinus), perde")
    assert PT.render(msg("toc.emperor.still", who=holder)) == "não: o bot azul (Pupienus e Balbinus) continua Emperor"
