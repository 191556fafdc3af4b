"""``tabletop rules GAME WORDS``: the topic that was meant comes first (issue 27, item 1).

The look-up ranks a topic whose title or subject (its chosen words, ``.words``) holds what was typed above one
that only mentions it in passing; a topic holding every word typed comes before one holding some; plural,
verb and noun forms of a word find each other (ruination, ruined, ruining; desolação, desoladas), accents and
case do not matter, and the small words of a sentence ("no", "de", "the") are not needed to match.

Each row is a look-up as a player types it, in the language they read, and the topic that must come first.
The rows are the sentences players use for the rule, not the topic's own title (that case is tested in
``test_rules.py``).
"""

from __future__ import annotations

import json

import pytest

from cli.words.i18n import Translator
from cli.rules import find, match_words, stem, topics
from cli_checks import tt

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

LOOKUPS = [
    # (game, language of the words, words typed, the topic meant)
    # Chaos: issue 27's two examples, then a player's usual questions.
    ("chaos", "en", "ruination", "corruption"),  # 12 corruption tokens ruin a region; not the setup pile
    ("chaos", "pt-BR", "desolação", "corruption"),
    ("chaos", "en", "khorne dial", "end.dials"),  # a Power's dial turns in the End phase; not board setup
    ("chaos", "pt-BR", "roda do khorne", "end.dials"),
    ("chaos", "en", "hand limit", "draw"),
    ("chaos", "en", "battle dice", "battle"),
    ("chaos", "pt-BR", "dados da batalha", "battle"),
    ("chaos", "en", "heroes", "end.heroes"),
    ("chaos", "pt-BR", "heróis", "end.heroes"),
    ("chaos", "en", "scoring ruined regions", "end.ruination"),
    ("chaos", "pt-BR", "pontuação das regiões desoladas", "end.ruination"),
    ("chaos", "en", "old world deck size", "setup.old_world_deck"),
    ("chaos", "pt-BR", "supremacia", "domination"),
    ("chaos", "en", "dominate a region", "domination"),
    # Time of Crisis
    ("toc", "en", "crisis table", "bot.crisis"),
    ("toc", "pt-BR", "tabela de crise", "bot.crisis"),
    ("toc", "en", "military emperor", "emperor.military"),
    ("toc", "pt-BR", "imperador militar", "emperor.military"),
    ("toc", "en", "bot buys cards", "bot.buy"),
    ("toc", "en", "spending influence", "bot.spend"),
    ("toc", "pt-BR", "gastar influência", "bot.spend"),
    ("toc", "en", "starting province", "setup.bots"),
    ("toc", "pt-BR", "modo do bot", "bot.mode"),
    # Radlands
    ("radlands", "en", "water silo", "water_silo"),
    ("radlands", "pt-BR", "silo de água", "water_silo"),
    ("radlands", "en", "protected columns", "columns"),
    ("radlands", "pt-BR", "coluna protegida", "columns"),
    ("radlands", "en", "injured", "damage"),
    ("radlands", "pt-BR", "ferir", "damage"),
    ("radlands", "en", "deck runs out", "deck_runout"),
    ("radlands", "pt-BR", "o baralho acabou", "deck_runout"),
    ("radlands", "en", "who plays first", "setup.first_player"),
    ("radlands", "pt-BR", "quem começa", "setup.first_player"),
    ("radlands", "pt-BR", "jogar um evento", "play.event"),
    # Anachrony: issue 27's example, then the usual questions.
    ("anachrony", "pt-BR", "viagem no tempo", "time_travel"),  # not "Como vencer", which only names it
    ("anachrony", "en", "time travel", "time_travel"),
    ("anachrony", "en", "power plant", "time_travel"),
    ("anachrony", "en", "paradox", "era.paradox"),
    ("anachrony", "en", "agenda tiles", "agenda.tiles"),
    ("anachrony", "pt-BR", "fichas de agenda", "agenda.tiles"),
    ("anachrony", "pt-BR", "cartas de missão", "missions"),
    ("anachrony", "pt-BR", "ação fracassada", "solo.placement"),
    ("anachrony", "en", "tiebreak", "score"),
    ("anachrony", "pt-BR", "desempate", "score"),
    ("anachrony", "pt-BR", "loop quântico", "quantum_loops"),
    # Issue 38 item 5.3: look-ups players typed that opened the wrong topic, then more as players type them.
    ("chaos", "en", "old world card", "old_world"),  # the phase that draws one, not End phase 3
    ("chaos", "pt-BR", "cartas do velho mundo", "old_world"),
    ("chaos", "en", "old world phase", "old_world"),
    ("chaos", "pt-BR", "fase final velho mundo", "end.old_world"),
    ("chaos", "en", "hero kill", "end.heroes"),  # not the dials, whose text says Khorne kills
    ("chaos", "pt-BR", "herói mata", "end.heroes"),
    ("chaos", "en", "who goes first", "power_order"),
    ("chaos", "pt-BR", "quem joga primeiro", "power_order"),
    ("chaos", "en", "summon a cultist", "summon"),
    ("chaos", "pt-BR", "invocar cultista", "summon"),
    ("anachrony", "pt-BR", "colapso da capital", "impact"),
    ("anachrony", "en", "collapsing capital tiles", "impact"),
    ("anachrony", "en", "exosuit power", "era.power_up"),
    ("anachrony", "pt-BR", "energizar exotrajes", "era.power_up"),
    ("anachrony", "pt-BR", "núcleos de energia", "era.power_up"),
    ("anachrony", "en", "evacuation", "evacuation"),
    ("anachrony", "pt-BR", "evacuação", "evacuation"),
    ("anachrony", "en", "evacuate", "evacuation"),
    ("anachrony", "pt-BR", "condição de evacuação", "evacuation"),
    ("anachrony", "en", "chronobot turn", "solo.turn"),
    ("anachrony", "pt-BR", "turno do chronossus", "solo.turn"),
    ("anachrony", "pt-BR", "recuperar hipersincronia", "hypersync.recover"),
    ("anachrony", "en", "mission cards", "missions"),
    ("anachrony", "pt-BR", "anomalias", "era.paradox"),
    ("toc", "en", "ludi saeculares", "bot.ludi"),
    ("toc", "pt-BR", "palmira", "bot.palmyra"),
    ("toc", "en", "damnatio memoriae", "setup.damnatio"),
    ("toc", "en", "gain legacy", "bot.legacy"),
    ("toc", "pt-BR", "fim do jogo", "end"),
    ("radlands", "en", "punk", "punks"),
    ("radlands", "pt-BR", "invasores", "raiders"),
    ("radlands", "en", "junk effect", "junk"),
    ("radlands", "pt-BR", "fila de eventos", "track.queues"),
    ("radlands", "en", "use an ability", "ability"),
    ("radlands", "pt-BR", "usar habilidade", "ability"),
]


@pytest.mark.parametrize(("game", "lang", "typed", "meant"), LOOKUPS, ids=[f"{g}-{w}" for g, _, w, _ in LOOKUPS])
def test_the_topic_meant_comes_first(game, lang, typed, meant):
    found, _ = find(Translator(lang), game, typed.split())
    assert found, typed
    assert found[0].id == meant, (typed, [f.id for f in found[:4]])


def test_the_table_covers_every_game_in_both_languages():
    assert len(LOOKUPS) >= 30
    for game in ("chaos", "toc", "radlands", "anachrony"):
        assert {lang for g, lang, _, _ in LOOKUPS if g == game} == {"en", "pt-BR"}, game
    for game, _, _, meant in LOOKUPS:
        assert meant in {x.id for x in topics(game)}, (game, meant)


@pytest.mark.parametrize(("lang", "words", "heading"), [
    ("en", ["chaos", "ruination"], "Placing corruption and ruining a region"),
    ("en", ["chaos", "khorne", "dial"], "End phase 5"),
    ("pt-BR", ["anachrony", "viagem", "no", "tempo"], "Viagem no Tempo"),
    ("en", ["chaos", "old", "world", "card"], "Old World phase"),
    ("pt-BR", ["chaos", "cartas", "do", "velho", "mundo"], "Fase do Velho Mundo"),
    ("en", ["chaos", "hero", "kill"], "End phase 2: Heroes"),
    ("pt-BR", ["anachrony", "colapso", "da", "capital"], "O Impacto"),
    ("en", ["anachrony", "exosuit", "power"], "Era: Power Up phase"),
    ("pt-BR", ["anachrony", "evacuação"], "Evacuação"),
])
def test_the_command_shows_the_topic_meant_first(lang, words, heading):
    r = tt("--lang", lang, "rules", *words)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0].startswith(heading), r.stdout[:200]


def test_the_other_topics_are_listed_after_it():
    """The passing mentions are not lost: they follow on the 'Also:' line."""
    data = json.loads(tt("--json", "rules", "chaos", "ruination").stdout)
    assert data["topic"]["id"] == "corruption"
    also = [a["id"] for a in data["also"]]
    assert "setup.components" in also and "end.ruination" in also


def test_forms_of_a_word_find_each_other():
    """One stem for the forms of a word, in English and Portuguese (accents already folded)."""
    for group in (("ruination", "ruined", "ruining", "ruins"), ("dial", "dials"), ("heroes", "hero"),
                  ("desolacao", "desolacoes", "desolada", "desoladas", "desolar"),
                  ("missao", "missoes"), ("acao", "acoes"), ("corruption", "corrupcao")):
        assert len({stem(w) for w in group}) == 1, {w: stem(w) for w in group}
    assert stem("war") != stem("warp") and stem("end") == "end"


def test_small_words_are_not_needed_but_alone_they_still_count():
    assert match_words("viagem no tempo".split()) == ["viagem", "tempo"]
    assert match_words("the end of the game".split()) == ["end", "game"]
    assert match_words(["no"]) == ["no"]  # only small words: they are what was typed


def test_every_word_typed_beats_a_better_match_of_some():
    """'hand limit': the Draw phase says there is no hand limit; 'Setup: starting hands' only has hands."""
    found, _ = find(Translator("en"), "chaos", ["hand", "limit"])
    ids = [f.id for f in found]
    assert ids[0] == "draw" and "setup.hand" in ids[1:]


def test_a_word_that_matches_nothing_is_still_an_error_with_close_matches():
    r = tt("rules", "chaos", "zzqx")
    assert r.exit_code == 2 and "zzqx" in r.output
