"""Derived forms of term parameters (cli/words/i18n.py): ``{region_in}``, ``{region_of}``, ``{region_to}``.

Portuguese contracts "em", "de" and "para" with the article of a name ("no Império", "na Terra dos Trolls",
"nos Principados Fronteiriços", "em Kislev"); a term without a form of its own falls back to
``core.form.<form>`` ("em {name}"). English renders as before.
"""

from __future__ import annotations

import re
import string
import tomllib

import pytest

import cli.words.i18n
from automata.chaos.data import load
from automata.core.steps import Msg
from cli.words.i18n import FORMS, LOCALES, Translator

PT_FORMS = {
    "norsca": ("em Norsca", "de Norsca", "para Norsca"),
    "troll_country": ("na Terra dos Trolls", "da Terra dos Trolls", "para a Terra dos Trolls"),
    "kislev": ("em Kislev", "de Kislev", "para Kislev"),
    "the_empire": ("no Império", "do Império", "para o Império"),
    "bretonnia": ("na Bretônia", "da Bretônia", "para a Bretônia"),
    "estalia": ("na Estália", "da Estália", "para a Estália"),
    "tilea": ("na Tileia", "da Tileia", "para a Tileia"),
    "the_border_princes": ("nos Principados Fronteiriços", "dos Principados Fronteiriços", "para os Principados Fronteiriços"),
    "the_badlands": ("nas Terras Ermas", "das Terras Ermas", "para as Terras Ermas"),
}
# A preposition left in front of a name that needs its article ("em O Império", "de Terra dos Trolls").
UNCONTRACTED = re.compile(r"\b(?:em|de|para) (?:O |Império|Terras? |Principados|Bretônia|Estália|Tileia)")


def fields(template) -> set[str]:
    """The parameters of a message; of every form of a plural table (cli/words/i18n.py), its count included."""
    if isinstance(template, dict):
        return {template["count"]} | {f for k, v in template.items() if k != "count" for f in fields(v)}
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_region_forms_cover_every_region_of_the_game():
    assert set(PT_FORMS) == set(load().region_ids)
    for lang in ("en", "pt-BR"):
        t = Translator(lang)
        missing = [f"chaos.region.{r}.{f}" for r in PT_FORMS for f in FORMS if not t.has(f"chaos.region.{r}.{f}", lang)]
        assert not missing, f"{lang}: {missing}"


@pytest.mark.parametrize("region", sorted(PT_FORMS))
def test_pt_br_derived_forms_render_with_the_contraction(region):
    t = Translator("pt-BR")
    term = f"@chaos.region.{region}"
    for form, expected in zip(FORMS, PT_FORMS[region]):
        assert t.form(f"chaos.region.{region}", form) == expected
    # Through a real template: the derived parameters of a term parameter.
    setup = t("chaos.setup.token", token="@chaos.token.peasant", region=term)
    assert setup == f"Coloque uma ficha de Camponês {PT_FORMS[region][0]}."
    moved = t("chaos.summon.moved", power="@chaos.power.khorne", figure="@chaos.figure.warrior", name="Bloodletter",
              origin="@chaos.region.kislev", region=term, cost=2, pp=3)
    assert f"de Kislev {PT_FORMS[region][2]};" in moved


def test_named_examples():
    t = Translator("pt-BR")
    assert t("chaos.setup.token", token="@chaos.token.noble", region="@chaos.region.the_empire") == "Coloque uma ficha de Nobre no Império."
    assert t("chaos.battle.region", region="@chaos.region.troll_country") == "Batalha na Terra dos Trolls"
    assert t("chaos.dial.token_placed", token="@chaos.token.warpstone", region="@chaos.region.the_border_princes") == (
        "Coloque uma ficha de Pedra da Deformação nos Principados Fronteiriços."
    )
    assert t("chaos.corruption.place", power="@chaos.power.nurgle", n=2, region="@chaos.region.the_badlands") == (
        "Nurgle: coloque 2 fichas de Corrupção nas Terras Ermas."
    )
    assert t("chaos.battle.region", region="@chaos.region.kislev") == "Batalha em Kislev"
    assert t("chaos.battle.peasant", power="@chaos.power.khorne", region="@chaos.region.bretonnia") == (
        "Khorne remove um Camponês da Bretônia e o coloca na sua ficha de Poder."
    )
    assert t("chaos.summon.moved", power="@chaos.power.tzeentch", figure="@chaos.figure.cultist", name="Acolyte",
             origin="@chaos.region.the_empire", region="@chaos.region.the_badlands", cost=1, pp=4) == (
        "Tzeentch: mova um cultista (Acolyte) do Império para as Terras Ermas; pague 1; Poder restante: 4."
    )


def test_a_term_without_a_form_falls_back_to_the_core_form():
    t = Translator("pt-BR")
    assert not t.has("chaos.power.khorne.in", "pt-BR")
    assert t.form("chaos.power.khorne", "in") == "em Khorne"
    assert t.form("chaos.power.khorne", "of") == "de Khorne"
    assert t.form("chaos.power.khorne", "to") == "para Khorne"
    assert Translator("en").form("chaos.token.noble", "in") == "in Noble"


@pytest.fixture
def locales(tmp_path, monkeypatch):
    """A private locale folder (the Translator reads cli.words.i18n.LOCALES)."""

    def write(lang: str, name: str, table: dict[str, str]) -> None:
        folder = tmp_path / lang
        folder.mkdir(exist_ok=True)
        (folder / name).write_text("".join(f'"{k}" = "{v}"\n' for k, v in table.items()), encoding="utf-8")

    monkeypatch.setattr(cli.words.i18n, "LOCALES", tmp_path)
    return write


def test_fallback_form_through_a_template(locales):
    locales("en", "core.toml", {"core.form.in": "in {name}", "core.form.of": "of {name}", "core.form.to": "to {name}"})
    locales("pt-BR", "core.toml", {"core.form.in": "em {name}", "core.form.of": "de {name}", "core.form.to": "para {name}"})
    locales("en", "demo.toml", {"demo.at": "A feast {place_in}, the lord {place_of}, a road {place_to}.", "demo.place.hall": "the Hall",
                                "demo.place.keep": "the Keep", "demo.place.keep.in": "inside the Keep"})
    locales("pt-BR", "demo.toml", {"demo.at": "Um banquete {place_in}, o senhor {place_of}, uma estrada {place_to}.",
                                   "demo.place.hall": "Salão", "demo.place.keep": "A Fortaleza", "demo.place.keep.in": "na Fortaleza"})
    pt, en = Translator("pt-BR"), Translator("en")
    assert pt("demo.at", place="@demo.place.hall") == "Um banquete em Salão, o senhor de Salão, uma estrada para Salão."
    assert pt("demo.at", place="@demo.place.keep") == "Um banquete na Fortaleza, o senhor de A Fortaleza, uma estrada para A Fortaleza."
    assert en("demo.at", place="@demo.place.keep") == "A feast inside the Keep, the lord of the Keep, a road to the Keep."


def test_form_in_another_language_is_not_borrowed(locales):
    """A term with a form in English only: pt-BR uses its own core form, never the English text."""
    locales("en", "core.toml", {"core.form.in": "in {name}"})
    locales("pt-BR", "core.toml", {"core.form.in": "em {name}"})
    locales("en", "demo.toml", {"demo.at": "At {place_in}.", "demo.place.keep": "the Keep", "demo.place.keep.in": "inside the Keep"})
    locales("pt-BR", "demo.toml", {"demo.at": "Lá {place_in}.", "demo.place.keep": "Fortaleza"})
    assert Translator("pt-BR")("demo.at", place="@demo.place.keep") == "Lá em Fortaleza."


def test_missing_keys_never_show_blank(locales):
    locales("en", "demo.toml", {"demo.at": "At {place_in}.", "demo.plain": "Plain {value_in}."})
    t = Translator("pt-BR")  # no pt-BR folder at all: English fallback
    # The term is missing everywhere and so is core.form.in: ids and parameters are shown.
    assert t("demo.at", place="@demo.place.nowhere") == "At core.form.in name=demo.place.nowhere."
    # A derived form of plain text is core.form.<form> applied to it (issue 38: "de Ana"); missing here too.
    assert t("demo.plain", value="Kislev") == "Plain core.form.in name=Kislev."
    # An explicit parameter named like a derived form wins.
    assert t("demo.at", place="@demo.place.nowhere", place_in="right here") == "At right here."
    # A missing message with a term parameter lists only the parameters given.
    assert t("demo.missing", place="@demo.place.nowhere") == "demo.missing place=demo.place.nowhere"


def pt_templates_with_regions() -> dict[str, str]:
    out = {}
    for path in sorted((LOCALES / "pt-BR").glob("chaos*.toml")):
        for key, template in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if {re.sub(r"_(?:in|of|to|many)$", "", f) for f in fields(template)} & {"region", "origin"}:
                out[key] = template
    return out


def test_pt_br_messages_with_a_region_read_grammatically():
    templates = pt_templates_with_regions()
    assert len(templates) > 30
    t = Translator("pt-BR")
    bad = []
    for key, template in templates.items():
        for region in PT_FORMS:
            params = {}
            for f in fields(template):
                base = re.sub(r"_(?:in|of|to|many)$", "", f)
                params[base] = "@chaos.region." + (region if base == "region" else "kislev") if base in ("region", "origin") else 1
            text = t.render(Msg(key, params))
            if UNCONTRACTED.search(text) or "{" in text or "region" in text:
                bad.append(f"{key} [{region}]: {text}")
    assert not bad, "\n".join(bad[:30])


def test_no_pt_br_template_puts_a_preposition_before_a_plain_region():
    bad = [f"{k}: {v}" for k, v in pt_templates_with_regions().items() if re.search(r"\b(?:em|de|da|do|no|na|para) \{(?:region|origin)\}", str(v))]
    assert not bad, "\n".join(bad)


EN_SAMPLES = [
    (Msg("chaos.setup.token", {"token": "@chaos.token.noble", "region": "@chaos.region.the_empire"}), "Put a Noble token in The Empire."),
    (Msg("chaos.step.battle", {"round": 2, "region": "@chaos.region.troll_country"}), "Round 2: Battle in Troll Country"),
    (Msg("chaos.summon.moved", {"power": "@chaos.power.khorne", "figure": "@chaos.figure.warrior", "name": "Bloodletter",
                                "origin": "@chaos.region.kislev", "region": "@chaos.region.the_badlands", "cost": 2, "pp": 3}),
     "Khorne: move a warrior (Bloodletter) from Kislev to The Badlands; pay 2, 3 power left."),
    (Msg("chaos.battle.remove", {"owner": "@chaos.power.nurgle", "figure": "@chaos.figure.cultist", "n": 2, "region": "@chaos.region.tilea"}),
     "Remove 2 knocked-over Nurgle cultists from Tilea."),
    (Msg("chaos.ruin.face_down", {"region": "@chaos.region.the_border_princes"}),
     "Turn the Ruination card in The Border Princes face down and remove all corruption tokens there."),
    (Msg("chaos.domination.wins", {"region": "@chaos.region.bretonnia", "power": "@chaos.power.slaanesh", "value": 4, "resistance": 2, "vp": 3,
                                   "values": "Slaanesh 4"}),
     "Bretonnia: Slaanesh dominates (4 against resistance 2) and scores 3 VP. [Slaanesh 4]"),
    (Msg("chaos.edit.line.figure", {"delta": "+1", "figure": "@chaos.figure.daemon", "power": "@chaos.power.tzeentch", "region": "@chaos.region.estalia"}),
     "+1 greater daemon of Tzeentch in Estalia"),
]


@pytest.mark.parametrize("message,expected", EN_SAMPLES, ids=[m.id for m, _ in EN_SAMPLES])
def test_english_renders_unchanged(message, expected):
    assert Translator("en").render(message) == expected


def test_english_region_forms():
    t = Translator("en")
    assert t.form("chaos.region.the_empire", "in") == "in The Empire"
    assert t.form("chaos.region.the_empire", "of") == "of The Empire"
    assert t.form("chaos.region.the_empire", "to") == "to The Empire"
