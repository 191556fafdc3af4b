"""An Action's top and middle spaces have one name in every Anachrony screen (seed 002: "O espaço do topo"): the
solo turn said "o espaço de cima de Construir" while `tabletop fix --list` said "o espaço do topo de Construir"."""

import pytest

from cli.words.i18n import Translator


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
@pytest.mark.parametrize("where", ["top", "middle"])
def test_the_solo_turn_and_fix_name_a_space_alike(lang, where):
    t = Translator(lang)
    assert t(f"anachrony.fix.where.{where}") in t(f"anachrony.solo.space.{where}").split(" ", 1)[1], where
