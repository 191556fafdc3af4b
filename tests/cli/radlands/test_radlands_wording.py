"""pt-BR wording of Radlands messages that name a card which may be a camp (masculine: "acampamento") or a person
(feminine: "pessoa"): they agree with "a carta", never with a pronoun that fits one kind only (wave-2 audit item
23), and water counts follow seed 004 ("Gaste 2 água", "3 água": the amount, no "de", no plural "águas")."""

from __future__ import annotations

import re

from automata.core.steps import msg
from cli.words.i18n import Translator

T = Translator("pt-BR")

# messages whose {card} can be a camp as well as a person (an ability used, a 0-cost marker, an item already used)
EITHER_KIND = [
    msg("radlands.ability.used", card="Supply Depot", cost=0, water=3),
    msg("radlands.zero_cost", card="Supply Depot"),
    msg("radlands.unavailable.used"),
]


def test_messages_about_a_camp_or_a_person_agree_with_a_carta():
    """Seed 004, Usar Habilidade: a camp or a person uses an ability and is then not ready."""
    for m in EITHER_KIND:
        text = T.render(m)
        assert "a carta" in text, text
        assert not re.search(r"\bela\b|\bele\b|-a\b|-o\b", text), text


def test_water_amounts_read_as_the_seed_writes_them():
    """Seed 004, Comprar Carta: 'Gaste 2 água'; an amount of water takes no 'de' and no plural."""
    import tomllib
    from cli.words.i18n import LOCALES

    for path in sorted((LOCALES / "pt-BR").glob("radlands*.toml")):
        text = path.read_text(encoding="utf-8")
        assert "águas" not in text, path.name
        assert not re.search(r"(\d|\})\s+de água", text), path.name
        tomllib.loads(text)
    for n in (0, 1, 2, 5):
        text = T.render(msg("radlands.turn.cleanup", player="Ana", n=n))
        assert "águas" not in text and "gastas" not in text, text


def test_the_queues_only_help_at_the_question_is_portuguese():
    """Issue 30 item 13: '?' at the queues-only question (seed 004, Fluxo do Jogo) shows its topic; in pt-BR every
    line of it, the source included, reads in Portuguese (card names and the seed's 'raid' as the seed writes them)."""
    import io

    from rich.console import Console

    from cli.rules import for_ask, load_data
    from cli.rules.command import print_topic

    out = io.StringIO()
    topic = for_ask("radlands", "played", {"proc": "q_played", "p": "a"})
    print_topic(Console(file=out, width=200, no_color=True), T, topic, load_data("radlands", None))
    text = out.getvalue()
    assert "Só as filas" in text and "NOME venceu" in text
    english = re.findall(r"\b(and|the|of|way|play|only|wins|now|draw)\b", text)
    assert not english, english
