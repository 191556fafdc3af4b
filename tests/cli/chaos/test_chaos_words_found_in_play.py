"""Chaos in the Old World, issue 38 item 1: words found wrong in play (examples that name what cannot be typed
there, "1 battle dice", a deck called empty while it still holds a card, a defense change left unsaid)."""

from __future__ import annotations

import pytest

from automata.chaos import casualties, worth
from automata.chaos.game import data_of
from automata.chaos.summonline import line_hint, parse
from automata.core.steps import msg
from cli.words.i18n import Translator
from test_chaos_rules import after_setup, battle_state, place, says
from test_chaos_upgrades import upgraded

LANGS = ("en", "pt-BR")


@pytest.mark.parametrize("lang", LANGS)
def test_the_hit_assignment_example_names_only_targets_the_assigning_power_can_hit(lang):
    """Seed 003, Fase de Batalha step 2 (hits go to enemy figures or Peasants in the region): Nurgle assigning
    hits against Khorne's Bloodletters and a Peasant is shown an example made of those targets (never a Nurgle
    cultist), and the example, typed as it is, is a legal answer for 2 hits."""
    state = battle_state()
    state["regions"]["kislev"]["tokens"]["peasant"] = 1
    place(state, "kislev", "khorne", warrior=2)
    place(state, "kislev", "nurgle", cultist=1)
    data = data_of(state)
    groups = casualties.groups_for(state, data, "kislev", "nurgle", {})
    ask = casualties.question("q", state, data, "kislev", "nurgle", groups, 2, msg("chaos.casualty.hint"))
    t = Translator(lang)
    example = t.render(msg("chaos.casualty.example_figure", owner="khorne", figure="@chaos.figure.warrior"))
    text = t.render(ask.hint)
    assert example in text and "nurgle" not in text.lower().split(";")[1], text
    typed = t.param(ask.hint.params["example"])
    assert casualties.read(typed, state, data, "nurgle", groups, 2) == {("khorne", "warrior"): 1, ("peasant", "peasant"): 1}


def test_whose_figure_example_names_a_power_that_has_one_there():
    """Seed 003, Fase de Batalha step 2: 'cultist' with cultists of two Powers in the region is refused; the
    example of how to name the Power names one that has a cultist there (Tzeentch, Slaanesh), not Nurgle."""
    from automata.core.steps import InvalidAnswer

    state = battle_state()
    place(state, "kislev", "tzeentch", cultist=1)
    place(state, "kislev", "slaanesh", cultist=1)
    place(state, "kislev", "khorne", warrior=1)
    data = data_of(state)
    groups = casualties.groups_for(state, data, "kislev", "khorne", {})
    with pytest.raises(InvalidAnswer) as bad:
        casualties.read("cultist", state, data, "khorne", groups, 1)
    example = Translator("en").param(bad.value.msg.params["example"])
    assert example == "tzeentch cultist"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruined", [(), ("kislev",), ("kislev", "tilea", "norsca", "the_empire", "bretonnia")])
def test_the_summoning_line_example_points_at_regions_that_are_not_ruined(lang, ruined):
    """Rules file §2.3 (no Chaos card into a ruined region): the line's example names regions that are not
    ruined, and it stays a line the program reads (two warriors, a cultist moved, a card)."""
    state = after_setup()
    for rid in ruined:
        state["regions"][rid]["ruin"] = 1
    data = data_of(state)
    t = Translator(lang)
    hint = line_hint(state, data, "khorne")
    named = [hint.params[k][len("@chaos.region."):] for k in ("region", "origin")]
    assert not set(named) & set(ruined)
    line = t.render(hint).split(";")[0].split(" ", 1)[1]
    actions = parse(line, data, "khorne")
    assert [a.get("kind") or "card" for a in actions] == ["warrior", "warrior", "cultist", "card"], (lang, line)
    assert {a["region"] for a in actions} | {a.get("origin") for a in actions if a.get("origin")} <= set(named)


@pytest.mark.parametrize("lang,one,many", [("en", "1 battle die", "2 battle dice"), ("pt-BR", "1 dado de batalha", "2 dados de batalha")])
def test_one_battle_die_is_singular(lang, one, many):
    """Seed 003, Fase de Batalha step 1 (each 6 adds 1 die): a Power with attack 1 rolls 1 battle die."""
    t = Translator(lang)
    for mid in ("chaos.battle.roll", "chaos.helpers.battle.rolled", "chaos.helpers.odds.title"):
        assert one in t.render(msg(mid, power="@chaos.power.nurgle", dice=1, faces="4")), mid
        assert many in t.render(msg(mid, power="@chaos.power.nurgle", dice=2, faces="4 1")), mid
    assert "1 battle dice" not in Translator("en").render(msg("chaos.helpers.battle.ask", dice=1))


def test_a_deck_with_one_card_left_is_not_called_empty_before_it_is_drawn():
    """Seed 003, Fase de Compra (the discard pile is shuffled into a new deck when the deck runs out): Khorne
    draws 2 with 1 card in his deck; the table is told to draw that last card, then reshuffle (5 cards)."""
    from test_chaos_rules import _draw

    state = after_setup()
    state["p"]["khorne"].update(hand=0, deck=1, discard=5)
    r = _draw(state, "khorne", 2)
    assert "chaos.draw.reshuffle" not in says(r)
    told = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "chaos.draw.reshuffle_after"][0]
    assert (told.params["drawn"], told.params["cards"]) == (1, 5)
    assert Translator("en").render(told).startswith("Khorne draws the last card of its Chaos deck")
    assert state["p"]["khorne"]["hand"] == 2 and state["p"]["khorne"]["deck"] == 4


def test_an_empty_deck_is_still_called_empty():
    """Seed 003, Fase de Compra: a deck already empty before the draw is reshuffled first, as before."""
    from test_chaos_rules import _draw

    state = after_setup()
    state["p"]["khorne"].update(hand=0, deck=0, discard=5)
    r = _draw(state, "khorne", 2)
    assert "chaos.draw.reshuffle" in says(r) and "chaos.draw.reshuffle_after" not in says(r)


def test_a_defense_note_is_said_when_an_upgrade_and_a_card_cancel_out():
    """Rules file §2.7 (Slaanesh's cultist upgrade: +1 defense) and §2.8 (Plague Touch: enemy figures −1): an
    upgraded Seductress under Plague Touch has its printed defense 1, and the table is told both were counted."""
    state = upgraded(battle_state(), "slaanesh", "cultist")
    place(state, "kislev", "slaanesh", cultist=1)
    place(state, "kislev", "nurgle", warrior=1)
    state["regions"]["kislev"]["cards"] = [{"power": "nurgle", "card": "plague_touch", "cost": 0}]
    data = data_of(state)
    notes = [p for k, p in worth.notes(state, data, "kislev", "defense") if k == "chaos.worth.defense"]
    assert [(n["value"], n["printed"], n["sources"]) for n in notes] == [
        (1, 1, ["@chaos.upgrade.slaanesh.cultist", "@chaos.card.nurgle.plague_touch"])]
