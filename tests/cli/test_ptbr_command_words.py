"""A command shown in a Portuguese screen names what to type in Portuguese, as the help does (JOGO, NOME): the
stats screen with no game said "tabletop new GAME" and the Time of Crisis status "tabletop toc mat NAME --edit"."""

import re

from cli.words.i18n import Translator
from cli_checks import tt


def test_stats_with_no_game_names_the_game_in_the_tables_language():
    assert "'tabletop new JOGO'" in tt("--lang", "pt-BR", "stats").stdout
    assert "'tabletop new GAME'" in tt("--lang", "en", "stats").stdout


def test_the_toc_provisional_legend_names_the_mat_in_the_tables_language():
    for lang, word in (("pt-BR", "NOME"), ("en", "NAME")):
        t = Translator(lang)
        line = t("toc.picture.provisional", star="*", mats="gordian_iii", command=t("toc.picture.mat_edit"))
        assert re.findall(r"\b(NOME|NAME)\b", line) == [word, word], line


def test_a_rule_topics_command_names_its_values_in_the_tables_language():
    """`tabletop rules radlands raiders` in Portuguese ended "Calcule com: tabletop radlands raid PLAYER"."""
    from cli.rules.command import metavars_said
    from cli.rules import topics

    pt, en = Translator("pt-BR"), Translator("en")
    assert metavars_said(pt, "radlands event PLAYER CARD") == "radlands event JOGADOR CARTA"
    assert metavars_said(en, "radlands event PLAYER CARD") == "radlands event PLAYER CARD"
    for game in ("chaos", "toc", "radlands", "anachrony"):
        for topic in topics(game):
            for command in topic.commands:
                said = metavars_said(pt, command)
                assert not re.search(r"\b(PLAYER|CARD|NAME|GAME|WORDS)\b", said), (game, said)


def test_a_usage_error_names_the_argument_as_the_usage_line_does():
    """Found in play: 'Uso: tabletop chaos odds [OPÇÕES] {DADOS}' then 'Valor inválido para 'DICE''; 'tabletop use'
    said 'Falta o argumento 'name'' under '{nome}'. The argument is named in the table's language; an option keeps
    its own name (--at-least)."""
    from cli_checks import tt

    bad = tt("--lang", "pt-BR", "chaos", "odds", "abc")
    assert bad.exit_code == 2 and "{DADOS}" in bad.output and "'DADOS'" in bad.output and "DICE" not in bad.output
    missing = tt("--lang", "pt-BR", "use")
    assert missing.exit_code == 2 and "Falta o argumento 'nome'" in missing.output, missing.output
    option = tt("--lang", "pt-BR", "chaos", "odds", "3", "--at-least", "x")
    assert option.exit_code == 2 and "'--at-least'" in option.output
    assert "'DICE'" in tt("--lang", "en", "chaos", "odds", "abc").output
    assert "[texto]" in tt("--lang", "pt-BR", "remind", "--bad").output  # the usage line's argument too
