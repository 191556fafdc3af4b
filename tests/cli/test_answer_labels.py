"""Without a terminal, choices may be answered by their names in the table's language, and the list of valid
answers shows those names beside the ids (issue 16: "Portuguese names are accepted as answers everywhere")."""

from __future__ import annotations

import json

import pytest

from automata.core.steps import ONE_OF, SEVERAL_OF, Ask, Choice, msg, normalise_answer
from cli.inplay.answers import label_to_value
from cli.words.i18n import Translator
from cli.terminal.render import pending_help
from cli_checks import tt

REGIONS = ("norsca", "troll_country", "kislev", "the_empire", "bretonnia", "estalia", "tilea", "the_border_princes", "the_badlands")


def region_ask(kind=ONE_OF, **kw):
    return Ask("demo.where", msg("chaos.battle.region", region="@chaos.region.kislev"), kind,
               tuple(Choice(r, msg(f"chaos.region.{r}")) for r in REGIONS), **kw)


def test_portuguese_names_map_to_their_ids_any_case_without_accents():
    t = Translator("pt-BR")
    ask = region_ask()
    for text, value in [("Terra dos Trolls", "troll_country"), ("terra dos trolls", "troll_country"), ("IMPERIO", "the_empire"),
                        ("O Império", "the_empire"), ("bretonia", "bretonnia"), ("Principados-Fronteiriços", "the_border_princes")]:
        assert normalise_answer(ask, label_to_value(t, ask, text)) == value, text
    # ids still work and pass through unchanged
    assert label_to_value(t, ask, "troll_country") == "troll_country"
    # something that is neither is left for the automata to refuse with the list of valid answers
    assert label_to_value(t, ask, "Atlântida") == "Atlântida"


def test_several_names_in_one_answer():
    t = Translator("pt-BR")
    ask = region_ask(SEVERAL_OF, min=2, max=2)
    assert normalise_answer(ask, label_to_value(t, ask, "Terras Ermas, tileia")) == ["the_badlands", "tilea"]
    assert normalise_answer(ask, label_to_value(t, ask, ["Terras Ermas", "kislev"])) == ["the_badlands", "kislev"]
    assert label_to_value(t, ask, "kislev,norsca") == "kislev,norsca"  # only ids: unchanged


def test_english_names_in_english():
    t = Translator("en")
    ask = region_ask()
    assert label_to_value(t, ask, "Border Princes") == "the_border_princes"
    assert normalise_answer(ask, label_to_value(t, ask, "troll country")) == "troll_country"


def test_a_name_two_choices_share_is_not_guessed():
    t = Translator("pt-BR")
    ask = Ask("demo.x", msg("core.yes"), ONE_OF, (Choice("a", msg("chaos.region.kislev")), Choice("b", msg("chaos.region.kislev"))))
    assert label_to_value(t, ask, "Kislev") == "Kislev"


def test_pending_help_shows_the_names_beside_the_ids():
    valid = pending_help(Translator("pt-BR"), region_ask())["valid"]
    assert "troll_country «Terra dos Trolls»" in valid and "the_empire «O Império»" in valid
    assert "kislev," in valid and "kislev «" not in valid  # a name that is the id itself is not repeated
    assert "«" not in pending_help(Translator("en"), region_ask())["valid"]  # in English the ids are the names


SETUP = [a for n in range(1, 9) for a in ("--answer", f"chaos.setup.{n}=sim")]


def test_a_pt_br_game_takes_portuguese_names_as_answers(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert tt("--lang", "pt-BR", "new", "chaos", "--seed", "3").exit_code == 0
    r = tt("--lang", "pt-BR", "play", *SETUP, "--answer", "chaos.oldworld.card=meteor showers")
    assert r.exit_code == 2 and "troll_country «Terra dos Trolls»" in r.output, r.output
    r = tt("--lang", "pt-BR", "play", "--answer", "chaos.oldworld.r1.meteor_showers.0=terra dos trolls, IMPERIO")
    assert r.exit_code == 2, r.output
    log = tt("--lang", "pt-BR", "--json", "log")
    text = json.dumps(json.loads(log.stdout), ensure_ascii=False)
    assert '"id": "chaos.oldworld.r1.meteor_showers.0", "value": ["troll_country", "the_empire"]' in text, text[-2000:]


def test_pending_help_of_a_roll_gives_the_faces_of_its_own_die():
    """docs/playing.md, App dice and table dice: "Faces are checked (a d6 shows 1 to 6)". The list of valid answers of a
    roll waiting off-terminal names the faces of the die rolled (a Radlands water-disc flip is a d2: 1 to 2),
    as the check does, in both languages."""
    from automata.core.dice import parse_spec, parse_table_faces
    from automata.core.steps import InvalidAnswer, Roll

    for spec, sides in (("1d2", 2), ("3d6!", 6), ("2d10", 10)):
        for lang, text in (("en", f"1 to {sides}"), ("pt-BR", f"de 1 a {sides}")):
            valid = pending_help(Translator(lang), Roll("demo.roll", spec))["valid"]
            assert text in valid and spec.rstrip("!") in valid, (spec, lang, valid)
    with pytest.raises(InvalidAnswer):  # a 5 on a d2 is refused
        parse_table_faces(parse_spec("1d2"), "5")
