"""The step that records one turn of the Action Rounds has one name in each language, with or without a solo
opponent (rules file §1.2: Fase de Ações; Rodada de Ações → Action Rounds phase; an Action Round; seed 002 l.57-59,
"Fase de Ações"). The multi-player label once said "report {k}" in English where the solo label said "turn {k}"
for the same count of turns; Portuguese said "vez {k}" in both.
"""

from __future__ import annotations

import pytest

from automata.anachrony import game
from cli.words.i18n import Translator


@pytest.mark.parametrize("lang, word", [("en", "turn"), ("pt-BR", "vez")])
@pytest.mark.parametrize("era, k", [(1, 1), (4, 7), (7, 12)])
def test_multi_player_and_solo_action_round_steps_read_the_same(lang, word, era, k):
    t = Translator(lang)
    multi = t.render(game.step_label({"proc": "actions", "era": era, "k": k}))
    solo = t.render(game.step_label({"proc": "solo_turn", "era": era, "k": k}))
    assert multi == solo
    assert multi.endswith(f", {word} {k}") and f"Era {era}" in multi
    assert "report" not in multi.lower() and "relat" not in multi.lower()
