"""Issue 27 part 4: Portuguese as a Brazilian player reads it.

A table of banned phrasings per concept, checked over every pt-BR message (every form of a plural table): each
entry is a phrasing a player found unnatural, with the one term the catalogs use instead (the seeds' vocabulary:
seed 003 "impactos" in running text, seed 004 "marque-a como não pronta", seed 002 "peça de Hipersincronia
Construir"). Then the rendered places: the Time of Crisis title without an Emperor, the Agenda table's headers, the
Radlands status's ready marks, and a one-region choice asked as a one-choice menu at a terminal.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from cli.words.i18n import Translator

LOCALES = Path(__file__).resolve().parents[2] / "cli" / "locales"

# concept -> (a banned phrasing as a regular expression, what the catalogs say instead)
BANNED = {
    "a dial turns one position (no shouting)": (r"uma POSIÇÃO", "uma posição"),
    "hits in running text": (r"\bIMPACTOS?\b", "impacto, impactos (capitals only where the seed defines a term)"),
    "the bot with the most Legacy": (r"Mais Legacy entre os bots", "O bot com mais Legacy é …"),
    "nobody is Emperor": (r"Emperor: ninguém", "ninguém é Emperor"),
    "a card that is no longer ready": (r"fica não pront[ao]", "deixa de estar pronta / não está pronta"),
    "a Hypersync tile": (r"(?<!peça de )(?<!peças de )Hipersincronia (Construir|Recrutar|Pesquisar)\b",
                         "peça de Hipersincronia Construir"),
    "one turn of the Action Rounds": (r"Rodadas de Ações, jogada", "Rodadas de Ações, vez {k}"),
    "the boxes under a pawn (seed 000: caixa superior)": (r"caixa de (cima|baixo)", "caixa superior, caixa inferior"),
    "the mode marker (seed 000 keeps the English term)": (r"[Mm]arcador de [Mm]ode", "mode marker"),
    "Power left after a summon, any number": (r"restam \{pp\} de Poder", "Poder restante: {pp}"),
    "the next step, in every game's status": (r"A seguir: \{step\}", "Próximo: {step}"),
    "Agenda Benefits, one form (seed 002 says both; the status and the log say 'de')": (r"Benefícios? da Agenda",
                                                                                        "Benefícios de Agenda"),
    "the Timeline (seed 002: Linha Temporal, one word for one thing)": (r"Linha do Tempo", "Linha Temporal"),
    # issue 38 item 5: a seat's default name takes its article ("a mão do Jogador A"), from its own form
    "a seat after 'de' (Jogador A needs 'do')": (r"\b(de|por) \{(player|opp)\}|restam a \{player\}",
                                                  "{player_of} (radlands.side.a.of: do Jogador A)"),
    "a refused setup (nothing was started: no game)": (r"nada foi começado", "nenhuma partida foi iniciada"),
    "a condition on what the table owns (subjunctive)": (r"Se a mesa tem\b", "Se a mesa tiver"),
    "the base game (seeds 000 and 002: jogo base, as the collection and the setups say)": (r"jogo básico", "jogo base"),
    "a province's support level (seed 000: suporte)": (r"nível de apoio", "nível de suporte"),
    # the phones' page (tabletop serve): a Brazilian writes the possessive without the article in a title
    "a seat's phone page (no article before 'seu' in a title)": (r"^o seu lugar$", "seu lugar"),
    "a port the program cannot use (a port is used, not 'listened')": (r"escutar na porta", "usar a porta"),
}


def pt_messages() -> dict[str, str]:
    """Every pt-BR message text by key (each form of a plural table as key/form)."""
    out: dict[str, str] = {}

    def walk(key: str, value) -> None:
        if isinstance(value, dict):
            for form, v in value.items():
                if form != "count":
                    walk(f"{key}/{form}", v)
        elif isinstance(value, str):
            out[key] = value

    for path in sorted((LOCALES / "pt-BR").glob("*.toml")):
        for key, value in tomllib.loads(path.read_text(encoding="utf-8")).items():
            walk(key, value)
    return out


@pytest.mark.parametrize("concept", sorted(BANNED))
def test_no_pt_br_message_uses_a_banned_phrasing(concept):
    pattern, instead = BANNED[concept]
    found = {k: v for k, v in pt_messages().items() if re.search(pattern, v, re.MULTILINE)}
    assert not found, f"{concept}: say {instead!r} instead in {sorted(found)[:5]}"


def test_the_banned_table_can_fail():
    """Each banned phrasing matches the old text it was written from."""
    old = {
        "a dial turns one position (no shouting)": "gire a Roda do Caos uma POSIÇÃO no sentido horário",
        "hits in running text": "{power}: {hits} IMPACTOS em {dice} dados.",
        "the bot with the most Legacy": "Mais Legacy entre os bots: {colour}",
        "nobody is Emperor": "rodada 3; Emperor: ninguém",
        "a card that is no longer ready": "depois disso, a carta fica não pronta.",
        "a Hypersync tile": "Jogador 1: Hipersincronia Construir",
        "one turn of the Action Rounds": "Era 2: Rodadas de Ações, jogada 8",
        "the boxes under a pawn (seed 000: caixa superior)": "Primary (caixa de cima)",
        "the mode marker (seed 000 keeps the English term)": "Marcador de Mode na caixa do retrato",
        "Power left after a summon, any number": "pague {cost}, restam {pp} de Poder.",
        "the next step, in every game's status": "A seguir: {step}",
        "Agenda Benefits, one form (seed 002 says both; the status and the log say 'de')": "· Benefícios da Agenda: as três",
        "the Timeline (seed 002: Linha Temporal, one word for one thing)": "7 × Superprojetos distribuídos na Linha do Tempo",
        "a seat after 'de' (Jogador A needs 'do')": "as cartas na mão de {player}",
        "a refused setup (nothing was started: no game)": "a coleção diz que a mesa não tem; nada foi começado.",
        "a condition on what the table owns (subjunctive)": "Se a mesa tem: tabletop collection add",
        "the base game (seeds 000 and 002: jogo base, as the collection and the setups say)":
            "Quais módulos de Futuro Imperfeito? (nenhum: o jogo básico)",
        "a province's support level (seed 000: suporte)": "o nível de apoio de Italia",
        "a seat's phone page (no article before 'seu' in a title)": "o seu lugar",
        "a port the program cannot use (a port is used, not 'listened')": "Não dá para escutar na porta {port}",
    }
    assert set(old) == set(BANNED)
    for concept, text in old.items():
        assert re.search(BANNED[concept][0], text, re.MULTILINE), concept


def test_table_headers_begin_with_a_capital():
    """A table's column headers (every ``*.col.*`` message) begin with a capital, as the Agenda table's do now
    (it showed "linha" and "travada" beside "Objetivos" and "Valores")."""
    lower = {k: v for k, v in pt_messages().items() if ".col." in k and v[:1].islower()}
    assert not lower, lower


def test_rendered_places_read_naturally():
    t = Translator("pt-BR")
    assert t("toc.status.where_no_emperor", round=3) == "rodada 3; ninguém é Emperor"
    assert t("anachrony.pic.hypersync_tile", tile=t("anachrony.tile.construct")) == "peça de Hipersincronia Construir"
    assert [t(f"anachrony.status.col.{c}") for c in ("row", "objective", "value", "locked")] == \
        ["Linha", "Objetivos", "Valores", "Travada"]
    # one form for "ready" on every card of the Radlands status, camps and people alike
    assert t("radlands.picture.camp_ready") == t("radlands.picture.person_ready")
    assert t("radlands.picture.camp_not_ready") == t("radlands.picture.person_not_ready")
    # Radlands' optional pick is always of a card (a person, a camp, an event card): "nenhuma", as its questions say
    assert t("radlands.none") == "nenhuma" and "nenhuma" in t("radlands.ask.scientist_junk")
    # one die, one card: the number agrees with its noun
    assert t("chaos.battle.hits", power="Nurgle", hits=1, dice=1) == "Nurgle: 1 impacto em 1 dado."
    assert t("chaos.picture.cards_left", n=1) == "resta 1"
    assert t("toc.picture.area_top", area="@toc.area.senate").count("(") <= 1  # "Senate (azul): em cima, a preferida"
    assert t("anachrony.step.actions", era=2, k=8).split(", ")[-1] == t("anachrony.step.solo_turn", era=2, k=8).split(", ")[-1] == "vez 8"


def test_a_choice_of_exactly_one_region_is_a_menu_not_a_checkbox(monkeypatch):
    """A SEVERAL_OF question with min = max = 1 (Chaos: put a token in 1 region) is asked as the numbered menu; the
    answer is stored as the one-item list it always was (saves and replays unchanged). Two regions: a checkbox."""
    import questionary

    import cli.terminal.menu
    from automata.core.steps import SEVERAL_OF, Ask, Choice, msg
    from cli.terminal.prompter import TerminalPrompter

    shown = []

    class Picked:
        def __init__(self, value):
            self.value = value

        def unsafe_ask(self):
            return self.value

    monkeypatch.setattr(cli.terminal.menu, "numbered_menu", lambda question, items, *a, **k: shown.append("menu") or Picked(items[1].value))
    monkeypatch.setattr(questionary, "checkbox", lambda *a, **k: shown.append("checkbox") or Picked(["kislev", "tilea"]))
    choices = tuple(Choice(r, msg(f"chaos.region.{r}")) for r in ("norsca", "kislev", "tilea"))
    one = Ask("chaos.oldworld.r1.x.0", msg("chaos.oldworld.which_regions", n=1, token="@chaos.token.warpstone", per=1),
              SEVERAL_OF, choices, min=1, max=1)
    prompter = TerminalPrompter(Translator("pt-BR"))
    value, source = prompter.answer(one)
    assert shown == ["menu"] and one.normalise(value) == ["kislev"] and source == "table"
    two = Ask("chaos.oldworld.r1.x.0", one.msg, SEVERAL_OF, choices, min=2, max=2)
    prompter.answer(two)
    assert shown == ["menu", "checkbox"]
