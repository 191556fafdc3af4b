"""`tabletop fix` on a finished Time of Crisis game, from the command line (docs/toc.md, "End of the game": a human's
final Legacy mistyped is corrected with the words `legacy human N VALUE`, the winner follows, and a tie it leaves is
broken with `tie human N` or `tie shared`). Seed 000 line 5 / rules file §2.10: the most Legacy wins."""

from __future__ import annotations

import json

import pytest

import finished_saves
from cli_checks import tt


@pytest.fixture(scope="module")
def finished_template(tmp_path_factory):
    return finished_saves.build(tmp_path_factory.mktemp("toc-finished"), ["toc-pair"])


@pytest.fixture
def home(finished_template, _tabletop_home):
    finished_saves.copy_into(finished_template, _tabletop_home)
    return _tabletop_home


def result(lang: str = "en") -> dict:
    out = tt("export", "--json", "--game", "toc-pair", "--lang", lang)
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)["result"]


def scores(doc: dict) -> dict:
    return doc["scores"]


def winners(doc: dict) -> set:
    return set(doc["winners"])


def test_a_humans_final_legacy_is_corrected_and_the_winner_follows(home):
    before = result()
    top = max(scores(before).values())
    out = tt("fix", f"legacy human 2 {top + 5}", "--game", "toc-pair")
    assert out.exit_code == 0, out.output
    after = result()
    assert before["winners"] != ["human2"]
    assert scores(after)["human2"] == top + 5
    assert {k: v for k, v in scores(after).items() if k != "human2"} == {k: v for k, v in scores(before).items() if k != "human2"}
    assert winners(after) == {"human2"}


def test_a_tie_made_by_the_correction_is_broken_with_the_same_command_in_portuguese(home):
    before = result()
    top = max(scores(before).values())
    assert tt("fix", f"legado humano 1 {top + 3}", "--game", "toc-pair", "--lang", "pt-BR").exit_code == 0
    assert tt("fix", f"legado humano 2 {top + 3}", "--game", "toc-pair", "--lang", "pt-BR").exit_code == 0
    tied = result()
    assert len(winners(tied)) in (0, 2)  # the PROVISIONAL tie-break: shared by default, or left to the table
    assert scores(tied)["human1"] == scores(tied)["human2"] == top + 3
    out = tt("fix", "tie human 2", "--game", "toc-pair")
    assert out.exit_code == 0, out.output
    assert winners(result()) == {"human2"}


def test_a_wrong_correction_changes_nothing_and_says_what_is_valid(home):
    before = result()
    out = tt("fix", "legacy human 9 40", "--game", "toc-pair")
    assert out.exit_code != 0 and "Traceback" not in out.output
    assert "'human 9'" in out.output and "human 1, human 2" in out.output  # what was typed, and what is valid
    pt = tt("fix", "legado humano 9 40", "--game", "toc-pair", "--lang", "pt-BR")
    assert pt.exit_code != 0 and "'humano 9'" in pt.output and "humano 1, humano 2" in pt.output
    assert "human1" not in pt.output  # the table's words, never the program's ids
    assert result() == before




def test_a_mistyped_word_is_answered_with_the_closest_words_of_the_tables_language(home):
    en = tt("fix", "legasy red 3", "--game", "toc-pair")
    assert en.exit_code != 0 and "Closest: legacy." in en.output and "legado" not in en.output
    pt = tt("fix", "legadu vermelho 3", "--game", "toc-pair", "--lang", "pt-BR")
    assert pt.exit_code != 0 and "Mais parecidos: legado." in pt.output and "legacy" not in pt.output


def test_a_tie_correction_says_what_the_result_was_before(home):
    """Rules file §2.10 (the PROVISIONAL tie-break shares the victory until the table names a winner): the correction
    shows that shared victory as its value before, never a blank ("A mesa corrigiu …:  → humano 2")."""
    top = max(scores(result()).values())
    for seat in (1, 2):
        assert tt("fix", f"legacy human {seat} {top + 3}", "--game", "toc-pair").exit_code == 0
    out = tt("fix", "empate humano 2", "--game", "toc-pair", "--lang", "pt-BR")
    assert out.exit_code == 0, out.output
    assert "quem vence o empate no maior Legacy: dividem a vitória → " in out.output
    back = tt("fix", "tie shared", "--game", "toc-pair")
    assert back.exit_code == 0 and ": human player 2 → they share the victory" in back.output, back.output
