"""Time of Crisis, issue 38 item 2: words found wrong in play (the previous Emperor named without its article in
pt-BR; the --explain influence lines each repeating "with +2 and Ludi applied")."""

from __future__ import annotations

import pytest

from cli.words.i18n import Translator
from test_toc_human_emperor import _place_governor
from test_toc_turn import after_setup, first_bot, play


def _said(result, mid):
    return [e.msg for e in result.transcript if e.kind == "say" and e.msg.id == mid]


def test_the_previous_human_emperor_is_named_with_its_article_in_portuguese():
    """Seed 000, Tornar-se Imperador (one Emperor token on the board): a bot taking Italia from human player 1 says the
    previous Emperor's token comes off; pt-BR reads "O Imperador anterior, o jogador humano 1, ..." (not "O Emperor
    anterior, jogador humano 1")."""
    state = after_setup()
    state["emperor"] = "human"
    state["human_emperor"] = {"player": 1, "type": "senate"}
    c = first_bot(state)
    r = _place_governor(state, c, **{f"toc.{c}.italia": "yes", f"toc.{c}.emperor_military_possible": "yes",
                                     f"toc.{c}.emperor_populace_possible": "yes"})
    text = Translator("pt-BR").render(_said(r, "toc.emperor.previous_token_off")[0])
    assert text.startswith("O Imperador anterior, o jogador humano 1, perde o trono"), text
    assert "human player 1" in Translator("en").render(_said(r, "toc.emperor.previous_token_off")[0])


@pytest.mark.parametrize("marker", ["portrait", "plus2"])
@pytest.mark.parametrize("ludi", [False, True])
def test_each_influence_line_names_only_the_change_that_applies_to_it(marker, ludi):
    """Seed 000, AI Take Actions 1 (+2 to Primary on the '+2' side; Secondary -4 with the Ludi marker, minimum 0): the
    --explain line of each influence says the +2 only on Primary and only on the '+2' side, the -4 only on Secondary
    and only with the Ludi marker, and nothing of either otherwise."""
    state = after_setup()
    c = first_bot(state)
    state["bots"][c].update(marker=marker, ludi=ludi)
    r = play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none"})
    t = Translator("en")
    primary, secondary = [t.render(e.msg) for e in r.transcript if e.kind == "say" and e.msg.id.startswith("toc.why.influence")]
    assert "as Primary" in primary and "as Secondary" in secondary
    assert ("+2 for the mode marker" in primary) == (marker == "plus2") and "Ludi" not in primary
    assert ("-4 for the Ludi Saeculares marker" in secondary) == ludi and "+2" not in secondary


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_cost_question_does_not_put_two_parentheses_side_by_side(lang):
    """Found in play at 60 columns: the Action Priority List's cost question ended in a parenthesis and the prompter
    adds the hint in another ("… partida) (um número inteiro de 0 a 30; …)"). The note is now a sentence."""
    from automata.core.msg import msg

    t = Translator(lang)
    question = t("toc.spend.cost_once", action="Create Army", area="Military")
    hint = t.render(msg("toc.spend.cost_or_board", max=30))
    assert ") (" not in f"{question} ({hint})" and question.endswith(".")  # cli/terminal/prompter.py: "question (hint)"
