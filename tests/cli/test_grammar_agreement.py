"""Issue 38 item 5: a refusal agrees with the name it refuses, in both languages (cli/locales/grammar.toml).

"os PV de Nurgle não podem ser -1": the correction names of every game carry their grammatical number and gender
as data, and the refusal's plural table chooses its form by the name (cli/words/i18n.py). A seat's default name takes
its article after "de" ("a mão do Jogador A", from its own ``.of`` form), a player's own name does not ("de Ana").
"""

from __future__ import annotations

import importlib
import tomllib

import pytest

from automata.core.msg import Msg
from cli.words.i18n import GRAMMAR, Grammar, Translator, plural_form
from cli_checks import new_game, tt

GAMES = ("chaos", "toc", "radlands", "anachrony")
ARTICLES = {"os ": "mp", "as ": "fp", "o ": "ms", "a ": "fs"}


def correction_names() -> list[str]:
    """Every correction name (a Field's label) of every game."""
    names: list[str] = []
    for game in GAMES:
        for the_field in importlib.import_module(f"automata.{game}.fix").FIX_FIELDS:
            if the_field.label not in names:
                names.append(the_field.label)
    return names


def grammar() -> dict[str, dict[str, str]]:
    return tomllib.loads(GRAMMAR.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ("en", "pt-BR"))
def test_every_correction_name_of_every_game_has_its_number_and_gender(lang):
    table = grammar()[lang]
    missing = [name for name in correction_names() if name not in table]
    assert not missing, f"{lang}: add to cli/locales/grammar.toml: {missing}"
    bad = {name: code for name, code in table.items() if code not in ("ms", "fs", "mp", "fp")}
    assert not bad, bad
    unknown = [name for name in table if not Translator(lang).has(name, lang)]
    assert not unknown, f"{lang}: no such message: {unknown}"


def test_the_portuguese_article_of_each_name_agrees_with_its_code():
    """The data and the name say the same: "os PV" is masculine plural, "a Ameaça" feminine singular (a name that is
    a clause, "se …", "onde está …", is singular)."""
    t = Translator("pt-BR")
    table = grammar()["pt-BR"]
    wrong = {}
    for name in correction_names():
        text = t.template(name)
        article = next((code for art, code in ARTICLES.items() if text.startswith(art)), "ms")
        if table[name] != article:
            wrong[name] = (text, table[name])
    assert not wrong, wrong
    # 223 of the 262 Chaos names at the start of a game are plural: the data holds them so
    assert table["chaos.fix.vp"] == "mp" and table["chaos.fix.dac"] == "fp" and table["chaos.fix.threat"] == "fs"


def test_a_name_chooses_the_form_by_its_number_and_gender():
    table = {"count": "what", "one": "sing", "other": "plur", "one_f": "sing f", "other_f": "plur f"}
    assert plural_form(table, {"what": Grammar("s", "m")}) == "sing"
    assert plural_form(table, {"what": Grammar("p", "m")}) == "plur"
    assert plural_form(table, {"what": Grammar("s", "f")}) == "sing f"
    assert plural_form(table, {"what": Grammar("p", "f")}) == "plur f"
    # a table without gendered forms: the number alone
    assert plural_form({"count": "what", "one": "sing", "other": "plur"}, {"what": Grammar("p", "f")}) == "plur"


def test_a_refusal_agrees_with_a_plural_and_with_a_singular_name():
    t = Translator("pt-BR")
    vp = Msg("chaos.fix.vp", {"power": "@chaos.power.nurgle"}).to_data()
    dial = Msg("chaos.fix.threat", {"power": "@chaos.power.nurgle"}).to_data()
    refused = t.render(Msg("core.fix.out_of_range", {"what": vp, "value": -1, "valid": "≥ 0", "rule": ""}))
    assert refused.startswith("Recusado: os PV de Nurgle não podem ser -1 ")
    refused = t.render(Msg("core.fix.not_one_of", {"what": dial, "value": "2", "valid": "1, 5"}))
    assert refused.startswith("Recusado: a Ameaça de Nurgle não pode ser '2'")
    english = Translator("en").render(Msg("core.fix.out_of_range", {"what": vp, "value": -1, "valid": "≥ 0", "rule": ""}))
    assert english.startswith("Refused: Nurgle's VP cannot be -1")


def test_fix_refuses_in_the_table_s_language_with_agreement(tmp_path, monkeypatch):
    """Seed 003: VP are never below 0; the refusal says it of a plural name in the plural."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    new_game("chaos", lang="pt-BR")
    result = tt("--lang", "pt-BR", "fix", "pv nurgle -1")
    assert result.exit_code == 2
    assert "os PV de Nurgle não podem ser -1" in result.output


def test_a_seat_s_default_name_takes_its_article(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    new_game("radlands", lang="pt-BR")
    listed = tt("--lang", "pt-BR", "fix", "--list").output
    assert "as cartas na mão do Jogador A" in listed and "de Jogador" not in listed
    t = Translator("pt-BR")
    assert t("radlands.fix.hand", player="Ana") == "as cartas na mão de Ana"  # a name of its own: no article
    assert t("anachrony.fix.vp", player=Msg("anachrony.player", {"n": 2}).to_data()) == "os PV do Jogador 2"
    assert Translator("en")("radlands.fix.hand", player="@radlands.side.a") == "Player A's cards in hand"

