"""A wrong name gets the closest matches, and a name in either language is taken (docs/playing.md: "Names can be typed in
English or Portuguese … a wrong name gets the valid choices and the closest matches"), in everything a Chaos table
types about figures: the Summoning line, the one-action menu and the board changes (issue 30, item 22).

Rules: seed 003, Fase de Invocação ("Escolha uma de suas figuras disponíveis (no tabuleiro ou fora dele)"); rules file
§1.6 A.1 (a figure off the board or already on it), §2.5 (each Power's followers and how many of each)."""

from __future__ import annotations

import pytest

from automata.chaos import edits, summonline
from automata.chaos.board import FIGURE_KINDS, in_reserve
from automata.chaos.fix import BOARD_FIELDS
from automata.core import fix
from automata.core.runner import BadAnswer
from automata.core.steps import InvalidAnswer
from cli.words.i18n import Translator
from test_chaos_rules import after_setup, data_of, place
from test_chaos_summon_line import ready, record
from test_chaos_summon_menu import menu_of, summoning

POWERS = ("khorne", "nurgle", "tzeentch", "slaanesh")
LANGS = ("en", "pt-BR")


def catalog_names(kind: str) -> list[str]:
    """The figure kind's name in each language's catalog, singular and plural (what the table reads on screen)."""
    return [Translator(lang)(key) for lang in LANGS for key in (f"chaos.figure.{kind}", f"chaos.figure.{kind}.many")]


def line_error(state, power: str, text: str):
    with pytest.raises(BadAnswer) as bad:
        record(state, power, text)
    return bad.value.problem


# -- either language ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", FIGURE_KINDS)
def test_every_name_the_catalogs_show_for_a_figure_is_taken_everywhere(kind):
    """What the screen calls a figure (cultista, guerreiros, Grande Demônio, cultists…) is understood by the Summoning
    line, the one-action menu and the board changes."""
    state = after_setup()
    data = data_of(state)
    for name in catalog_names(kind):
        assert summonline.parse(f"{name} kislev", data, "khorne") == [{"kind": kind, "region": "kislev", "origin": None}], name
        assert menu_of(summoning(3), "khorne").normalise(name) == kind, name
        assert edits.parse(f"+{name} khorne kislev", state)[0]["what"] == kind, name


@pytest.mark.parametrize("power", POWERS)
def test_every_followers_own_name_is_taken_and_only_for_its_power(power):
    state = after_setup()
    data = data_of(state)
    for kind in FIGURE_KINDS:
        name = data.power(power)["followers"][kind]["name"]
        assert summonline.parse(f"{name} kislev", data, power)[0]["kind"] == kind
        assert edits.parse(f"+{name} {power} kislev", state)[0]["what"] == kind
        # the name says whose figure it is (issue 40: the Power may be left out)
        assert edits.parse(f"+{name} kislev", state) == [{"what": kind, "delta": 1, "power": power, "region": "kislev"}]
        other = next(p for p in POWERS if p != power)
        with pytest.raises(InvalidAnswer) as bad:
            edits.parse(f"+{name} {other} kislev", state)
        assert bad.value.msg.id == "core.fix.not_theirs" and bad.value.msg.params["owner"] == f"@chaos.power.{power}"
        assert bad.value.msg.params["other"] == f"@chaos.power.{other}"


# -- the closest matches --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("power", POWERS)
def test_a_misspelt_figure_in_the_line_gets_the_closest_name(power):
    """`bloodleter kislev` (issue 30): every follower's name with one letter dropped is suggested back, as regions and
    cards already were."""
    state = ready()
    data = data_of(state)
    for kind in FIGURE_KINDS:
        name = data.power(power)["followers"][kind]["name"]
        typo = name[:3] + name[4:]
        problem = line_error(state, power, f"{typo} kislev")
        assert problem.id == "chaos.line.unknown_figure"
        assert name in problem.params["close"].split(", "), (typo, problem.params["close"])
    problem = line_error(state, power, "cultsta kislev")
    assert "cultista" in problem.params["close"]
    rendered = Translator("en").render(line_error(state, power, "xyzzy kislev"))
    assert "Did you mean" not in rendered  # nothing close: nothing said about it


def test_a_misspelt_change_gets_the_closest_word_and_the_valid_words_in_the_tables_language():
    """The corrections' refusal (issue 40): the rules do not know the table's language at a question, so the valid
    words are shown through core.fix.word in whichever it is."""
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse("+bloodleter khorne kislev", after_setup())
    assert bad.value.msg.id == "core.fix.unknown_what" and "Bloodletter" in bad.value.msg.params["close"]
    en, pt = Translator("en").render(bad.value.msg), Translator("pt-BR").render(bad.value.msg)
    assert "warpstone" in en and "peasant" in en
    valid_pt = pt.split("Válidos: ", 1)[1]
    assert "pedra" in valid_pt and "camponês" in valid_pt and "cultista" in valid_pt
    assert "warpstone" not in valid_pt and "peasant" not in valid_pt and "cultist," not in valid_pt


@pytest.mark.parametrize("lang", LANGS)
def test_each_word_a_refusal_lists_parses_back_to_its_kind(lang):
    """The listed words are not just shown: typed back, each is the change it names (every kind listed once)."""
    state = after_setup()
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse("+xyzzy kislev", state)
    t = Translator(lang)
    listed = [t.param(word) for word in bad.value.msg.params["valid"]]
    assert len(listed) == len(BOARD_FIELDS)
    for word, field in zip(listed, BOARD_FIELDS):
        assert fix._field_of(word.split(), BOARD_FIELDS, "", lang, state)[:2] == (field, len(word.split())), (lang, word)


def test_a_wrong_region_in_a_change_lists_and_suggests_region_names_of_the_tables_language():
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse("+cultist khorne imperioo", after_setup())
    assert bad.value.msg.id == "core.fix.unknown_option" and "imperio" in bad.value.msg.params["close"].split(", ")
    pt = Translator("pt-BR").render(bad.value.msg)
    assert "o império" in pt and "the_empire" not in pt and "the empire" not in pt


# -- the reasons ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("power", POWERS)
@pytest.mark.parametrize("kind", FIGURE_KINDS)
def test_placing_more_figures_than_are_off_the_board_says_how_many_are_left(power, kind):
    """Rules file §2.5 (a Power has so many figures of each kind): "Khorne has no cultist left off the board" was said
    with 4 left when 5 were placed. The refusal (the corrections' since issue 40) says how many there may be in the
    region, which are those left off the board, and why; removals in the same change put figures back off the
    board."""
    state = after_setup()
    data = data_of(state)
    place(state, "kislev", power, **{kind: 1})
    left = in_reserve(state, data, power, kind)
    if left:
        edits.parse(f"+{left} {kind} {power} tilea", state)  # all of them: fine
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse(f"+{left + 1} {kind} {power} tilea", state)
    assert bad.value.msg.id == "core.fix.out_of_range" and bad.value.msg.params["max"] == left
    assert bad.value.msg.params["value"] == left + 1 and bad.value.msg.params["rule"] == "@chaos.fix.rule.figures"
    en = Translator("en").render(bad.value.msg)
    assert f"cannot be {left + 1} (valid: 0–{left})" in en and "off the board" in en
    # one taken off the board first: one more may be placed
    edits.parse(f"-{kind} {power} kislev, +{left + 1} {kind} {power} tilea", state)


def test_moving_a_figure_from_a_region_where_it_is_not_says_so():
    """Rules file §1.6 A.1: 'from REGION' moves a figure already on the board. Khorne has 1 cultist in Kislev: a line
    moving one from Norsca (or two from Kislev) is refused because the figure is not there, not for the placement
    order; a line that first brings a figure and then moves it on is accepted."""
    state = ready()
    place(state, "kislev", "khorne", cultist=1)
    problem = line_error(state, "khorne", "cultist kislev from norsca")
    assert problem.id == "chaos.line.not_there" and problem.params["have"] == 0 and problem.params["n"] == 1
    problem = line_error(state, "khorne", "2 cultists troll_country from kislev")
    assert problem.id == "chaos.line.not_there" and problem.params["have"] == 1 and problem.params["n"] == 2
    assert "Khorne tem 1 cultista em Kislev" in Translator("pt-BR").render(problem)
    data = data_of(state)
    actions = summonline.parse("cultist kislev, 2 cultists troll_country from kislev", data, "khorne")
    assert len(summonline.plan(state, data, "khorne", actions)) == 3
