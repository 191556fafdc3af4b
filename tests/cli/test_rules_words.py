"""Words of `tabletop rules` a new player met (issue 38 item 5, found in play): the topic list is titled with the
game's name, never its id, and a topic's source never says "seed" (a word of the project, not of the table)."""

import pytest

from cli_checks import tt

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)


@pytest.mark.parametrize("game, name", [("anachrony", "Anachrony"), ("toc", "Time of Crisis"),
                                        ("chaos", "Chaos in the Old World"), ("radlands", "Radlands")])
def test_the_topic_list_is_titled_with_the_games_name(game, name):
    assert tt("rules", game).output.splitlines()[0] == f"Rules of {name}, in the order of play:"
    assert tt("--lang", "pt-BR", "rules", game).output.splitlines()[0].startswith(f"Regras de {name},")


def test_a_topic_from_the_summary_names_it_in_the_tables_words():
    pt = tt("--lang", "pt-BR", "rules", "radlands", "agua").output
    en = tt("rules", "radlands", "water").output
    assert "Fonte: o resumo do jogo da própria mesa, " in pt and "seed" not in pt, pt
    assert "From: the table's own summary of the game, " in en and "seed" not in en, en


def test_a_topic_source_never_cites_the_rules_file():
    # a player has no rules file (brief "citations"): "From: rules/anachrony.md §3.1, §3.5" named the project's
    # file; a topic from public sources says so, and a mixed source keeps only the summary's part
    solo = tt("rules", "anachrony", "Chronobot or Chronossus").output
    assert "From: the game's public rules (rulebooks and FAQ)" in solo and "§" not in solo, solo
    dials = tt("--lang", "pt-BR", "rules", "chaos", "Fase Final 5").output
    assert "Fonte: o resumo do jogo da própria mesa, Fase Final, passo 5\n" in dials and "§" not in dials, dials
