"""`tabletop collection` names each Future Imperfect module as setup, the rules and the score do (one word for one
thing; seed 002: "Módulo 1: Construções de Neutronídeo", "Módulo 2: Ações Hipersincrônicas"); the Portuguese list
said "Edifícios de Neutronida" and "Ações Futuras Hipersincrônicas"."""

import pytest

from cli.words.i18n import Translator

MODULES = ("neutronide", "hypersync", "quantum_loops", "intrigues")


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_each_module_in_the_collection_has_its_name_in_play(lang):
    t = Translator(lang)
    for module in MODULES:
        assert t(f"core.collection.item.anachrony.{module}").endswith(": " + t(f"anachrony.module.{module}")), module
