"""Real plural forms in the catalogs (issue 16, "Plural forms"): no mechanical "carta(s)" / "card(s)" left,
plural tables (cli/words/i18n.py) well formed, and one / other / zero rendered in both languages."""

from __future__ import annotations

import re
import tomllib

import pytest

from automata.core.steps import Msg
from cli.words.i18n import LOCALES, PLURAL_KEYS, Translator, plural_count, plural_form
from cli.words.lang import LANGS

# "carta(s)", "jogador(es)", "Emergencial(is)", "região(ões)", "um(ns)", "card(s)", "match(es)", "{figure}(s)".
MECHANICAL = re.compile(r"[\w}]\((?:s|es|is|ões|ns|a|as|o|os)\)")


def catalogs(lang: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for path in sorted((LOCALES / lang).glob("*.toml")):
        out.update(tomllib.loads(path.read_text(encoding="utf-8")))
    return out


def strings(value) -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() if k != "count" for s in strings(v)]
    return [value]


def tables(value):
    if isinstance(value, dict):
        yield value
        for k, v in value.items():
            if k != "count":
                yield from tables(v)


@pytest.mark.parametrize("lang", LANGS)
def test_no_mechanical_plural_is_left(lang):
    """The issue: "7 carta(s)", "o(s) 1 jogador(es) humano(s)", "Missão(ões) Emergencial(is)" read as a machine."""
    bad = [f"{k}: {s}" for k, v in catalogs(lang).items() for s in strings(v) if MECHANICAL.search(s)]
    assert not bad, "\n".join(bad)


def test_the_scan_finds_mechanical_plurals():
    for text in ("7 carta(s)", "jogador(es)", "Missão(ões) Emergencial(is)", "1 card(s)", "{figure}(s)", "match(es)"):
        assert MECHANICAL.search(text), text
    for text in ("(restam 6 no baralho)", "(1 água não gasta é perdida)", "f(x)", "Regras §3.3 (2)"):
        assert not MECHANICAL.search(text), text


@pytest.mark.parametrize("lang", LANGS)
def test_plural_tables_are_well_formed(lang):
    """A plural table names its count parameter, has an "other" form and only zero / one / other forms."""
    bad = []
    for key, value in catalogs(lang).items():
        for table in tables(value):
            if set(table) - PLURAL_KEYS or not isinstance(table.get("count"), str) or "other" not in table:
                bad.append(f"{key}: {table}")
    assert not bad, "\n".join(bad)


def test_both_languages_choose_by_the_same_count():
    """A message chooses its form by the same parameter in both languages (the count exists in both)."""
    en, pt = catalogs("en"), catalogs("pt-BR")
    counts = lambda v: {t["count"] for t in tables(v)}  # noqa: E731
    wrong = []
    for key in en:
        if isinstance(en[key], dict) or isinstance(pt.get(key), dict):
            fields_pt = {f for s in strings(pt[key]) for f in re.findall(r"\{(\w+?)(?:_(?:in|of|to|many))?\}", s)} | counts(pt[key])
            fields_en = {f for s in strings(en[key]) for f in re.findall(r"\{(\w+?)(?:_(?:in|of|to|many))?\}", s)} | counts(en[key])
            if not counts(en[key]) | counts(pt[key]) <= fields_en & fields_pt:
                wrong.append(key)
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_table_renders_a_one_and_an_other_form(lang):
    """With 1 and with 2 every plural table renders, without a placeholder left, and the two differ."""
    t = Translator(lang)
    bad = []
    for key, value in catalogs(lang).items():
        if not isinstance(value, dict):
            continue
        names = {f for s in strings(value) for f in re.findall(r"\{(\w+)\}", s)} | {tb["count"] for tb in tables(value)}
        one = t.render(Msg(key, {n: 1 for n in names}))
        two = t.render(Msg(key, {n: 2 for n in names}))
        if one == two or "{" in one or "{" in two:
            bad.append(f"{key}: {one!r} / {two!r}")
    assert not bad, "\n".join(bad)


RENDERS = [
    # (message id, params, en, pt-BR)
    ("chaos.oldworld.deck_left", {"left": 0}, "Old World deck empty.", "Maço do Velho Mundo vazio."),
    ("chaos.oldworld.deck_left", {"left": 1}, "Old World deck: 1 card left.", "Maço do Velho Mundo: resta 1 carta."),
    ("chaos.oldworld.deck_left", {"left": 6}, "Old World deck: 6 cards left.", "Maço do Velho Mundo: restam 6 cartas."),
    ("chaos.battle.hits", {"power": "@chaos.power.khorne", "hits": 0, "dice": 3}, "Khorne: no hit on 3 dice.", "Khorne: nenhum impacto em 3 dados."),
    ("chaos.battle.hits", {"power": "@chaos.power.khorne", "hits": 1, "dice": 3}, "Khorne: 1 hit on 3 dice.", "Khorne: 1 impacto em 3 dados."),
    ("chaos.battle.hits", {"power": "@chaos.power.khorne", "hits": 2, "dice": 3}, "Khorne: 2 hits on 3 dice.", "Khorne: 2 impactos em 3 dados."),
    ("toc.setup.base", {"humans": 1}, "Now the human player sets up as in the base game; everything else is unchanged.",
     "Agora o jogador humano faz a preparação como no jogo base; todo o resto fica igual."),
    ("toc.setup.base", {"humans": 2}, "Now the 2 human players set up as in the base game; everything else is unchanged.",
     "Agora os 2 jogadores humanos fazem a preparação como no jogo base; todo o resto fica igual."),
    ("anachrony.setup.extra_water", {"player": "Ana", "water": 0}, "Ana: 0 extra Water.", "Ana: nenhuma Água extra."),
    ("anachrony.setup.extra_water", {"player": "Ana", "water": 1}, "Ana: 1 extra Water.", "Ana: 1 Água extra."),
    ("anachrony.setup.extra_water", {"player": "Ana", "water": 2}, "Ana: 2 extra Water.", "Ana: 2 Águas extras."),
    # two counts in one message: a form that is itself a table
    ("anachrony.negotiate.reserve", {"player": "Ana", "objectives": 1, "values": 2},
     "Ana, Agenda reserve: 1 Objective, 2 Values.", "Ana, reserva de Agenda: 1 Objetivo, 2 Valores."),
    ("anachrony.negotiate.reserve", {"player": "Ana", "objectives": 3, "values": 1},
     "Ana, Agenda reserve: 3 Objectives, 1 Value.", "Ana, reserva de Agenda: 3 Objetivos, 1 Valor."),
    # a list counts by its length
    ("anachrony.final.winners", {"players": ["Ana"]}, "Winner: Ana.", "Vencedor: Ana."),
    ("anachrony.final.winners", {"players": ["Ana", "Bia"]}, "Winners: Ana, Bia.", "Vencedores: Ana, Bia."),
    # a signed number written as text, and a term's plural ({what_many})
    ("chaos.edit.line.counter", {"delta": "-1", "what": "@chaos.edit.what.pp", "power": "@chaos.power.nurgle"},
     "-1 power point for Nurgle", "-1 Ponto de Poder para Nurgle"),
    ("chaos.edit.line.counter", {"delta": "+3", "what": "@chaos.edit.what.pp", "power": "@chaos.power.nurgle"},
     "+3 power points for Nurgle", "+3 Pontos de Poder para Nurgle"),
    ("chaos.battle.remove", {"owner": "@chaos.power.nurgle", "figure": "@chaos.figure.cultist", "n": 1, "region": "@chaos.region.tilea"},
     "Remove 1 knocked-over Nurgle cultist from Tilea.", "Remova da Tileia 1 cultista tombado de Nurgle."),
    ("chaos.battle.remove", {"owner": "@chaos.power.nurgle", "figure": "@chaos.figure.cultist", "n": 2, "region": "@chaos.region.tilea"},
     "Remove 2 knocked-over Nurgle cultists from Tilea.", "Remova da Tileia 2 cultistas tombados de Nurgle."),
]


@pytest.mark.parametrize("id,params,en,pt", RENDERS, ids=[f"{r[0]}-{i}" for i, r in enumerate(RENDERS)])
def test_one_other_zero_render(id, params, en, pt):
    assert Translator("en").render(Msg(id, params)) == en
    assert Translator("pt-BR").render(Msg(id, params)) == pt


def test_plural_choice():
    table = {"count": "n", "zero": "z", "one": "o", "other": "x"}
    assert [plural_form(table, {"n": n}) for n in (0, 1, 2, -1, 1.5, "+1", "2", [], ["a"], ["a", "b"])] == [
        "z", "o", "x", "o", "x", "o", "x", "z", "o", "x"]
    # no zero form: 0 takes "other" in both languages ("0 cartas", "0 cards")
    assert plural_form({"count": "n", "one": "o", "other": "x"}, {"n": 0}) == "x"
    # a missing or non-numeric count takes "other"
    assert plural_form(table, {}) == "x" and plural_form(table, {"n": "many"}) == "x"
    assert plural_count(True) is None


def test_plain_strings_render_as_before():
    t = Translator("pt-BR")
    assert t("core.yes") == "sim"
