"""Radlands rules and words found in play (issue 38 item 3): the owner's cards without text, the owner's
``combine`` setting of a card set, and a queue correction next to Zeto Khan."""

from __future__ import annotations

import pytest

from automata.radlands import game
from automata.radlands.commands import event_command
from automata.radlands.turn import action
from test_radlands_rules import data, fresh, person, play, said


# -- Zeto Khan and a queue correction (rules §2.5 step 1, §2.11) -------------------------------------------------


def test_a_queue_correction_does_not_use_up_zeto_khans_first_event():
    """Rules §2.11 (Zeto Khan: the first event you *play* each turn is bomb 0) and the queue command (a correction
    without payment is no event played): the corrected Uprising goes to its printed space 2, and the first event
    then played is still bomb 0 (Banish resolves at once)."""
    state = fresh(water=3)
    person(state, "a", 0, "zeto_khan")
    state["players"]["a"]["hand"] = 1
    result = play(event_command(state, data(), "a", "uprising", pay=False))
    assert state["players"]["a"]["queue"] == ["", "uprising", ""]
    assert "radlands.event.zeto" not in said(result) and state["turn"]["events_played"] == 0
    result = play(action(state, data(), "a", 1), {"action": "event", "card": "banish"})
    assert "radlands.event.zeto" in said(result) and "banish" not in state["players"]["a"]["queue"]


# -- the owner's cards entered without text (rules §3.3: an owner's card loads, displays and plays) --------------

#: Cult of Chrome as owner entry only (rules §3.1-§3.2: no public card list): cards without their text
COC = {
    "sets": {"cult_of_chrome": {"combine": "add_to_base"}},
    "events": {
        "chrome_rain": {"name": "Chrome Rain", "set": "cult_of_chrome", "cost": 1, "bomb": 1, "junk": "water",
                        "copies": 1, "effects": ["damage", "raid"]},
        "chrome_storm": {"name": "Chrome Storm", "set": "cult_of_chrome", "cost": 2, "bomb": 2, "junk": "raid",
                         "copies": 1, "effects": ["destroy_all_people"]},
    },
    "people": {"chrome_monk": {"name": "Chrome Monk", "set": "cult_of_chrome", "cost": 1, "junk": "draw", "copies": 1,
                               "abilities": [{"cost": 1, "effects": ["injure", "draw:2"]}], "traits": ["chrome_faith"]}},
}


def rendered(result) -> dict[str, list[str]]:
    from cli.words.i18n import Translator

    return {lang: [Translator(lang).render(e.msg) for e in result.transcript if e.kind == "say"] for lang in ("en", "pt-BR")}


def no_raw_key(lines: dict[str, list[str]]) -> None:
    from leaks import RAW_ID

    for lang, texts in lines.items():
        assert not [x for x in texts if RAW_ID.search(x)], (lang, texts)


def test_an_owner_event_without_text_is_written_from_its_icons_in_both_languages():
    """Rules §3.3 and §1.10 (the icons): Chrome Rain, entered with its icons and no effect_text, resolves with its
    effect written from the icons in the table's language, never the key radlands.card.chrome_rain.effect."""
    from automata.radlands.card_effects import resolve_event_card
    from automata.radlands.effects import Ctx

    state = fresh()
    state["overrides"] = COC
    d = game._load(COC)
    result = play(resolve_event_card(Ctx(state, d, "a"), "chrome_rain"), {"damage": "b.c1", "raiders.camp": "b.c2"})
    lines = rendered(result)
    no_raw_key(lines)
    assert "Icons: Damage, Raid." in lines["en"] and "Ícones: Dano, Raid." in lines["pt-BR"]


def test_an_owner_ability_without_text_is_written_from_its_icons_counted_draw_included():
    """Rules §3.3 and the effect words (``draw:N``): the ability of Chrome Monk reads "Injure, Draw 2"."""
    from cli.words.i18n import Translator

    d = game._load(COC)
    text = d.ability_text("chrome_monk", 1)
    assert Translator("en").render(text) == "Icons: Injure, Draw 2."
    assert Translator("pt-BR").render(text) == "Ícones: Ferir, Comprar 2."


def test_an_owner_card_whose_text_cannot_be_written_says_so_and_data_check_asks_for_it():
    """Rules §3.3 and §4 (owner data: report what an owner entry lacks): Chrome Storm's effect is a named behaviour,
    not an icon, and Chrome Monk's trait is unknown to the program: play names the missing text (no raw key), and
    the data check lists both texts to write."""
    from automata.radlands.card_effects import resolve_event_card
    from automata.radlands.effects import Ctx

    state = fresh()
    state["overrides"] = COC
    d = game._load(COC)
    result = play(resolve_event_card(Ctx(state, d, "a"), "chrome_storm"))
    lines = rendered(result)
    no_raw_key(lines)
    assert any("Chrome Storm: no text was entered" in x for x in lines["en"])
    assert any("Chrome Storm: nenhum texto foi registrado" in x for x in lines["pt-BR"])
    keys = {item["key"] for item in d.provisional()}
    assert {"events.chrome_storm.effect_text", "people.chrome_monk.trait_text"} <= keys
    assert "events.chrome_rain.effect_text" not in keys  # written from its icons


def test_an_owner_person_with_an_unknown_trait_shows_it_when_it_enters_play():
    """Rules §3.3 (an open registry: an unknown word must load, display and be usable as a manual effect): Chrome
    Monk's trait chrome_faith is shown when the card enters play, and the table is told to apply it."""
    from automata.radlands.card_effects import enter_person
    from automata.radlands.effects import Ctx

    state = fresh(water=3)
    state["overrides"] = COC
    state["players"]["a"]["hand"] = 1
    d = game._load(COC)
    result = play(enter_person(Ctx(state, d, "a"), "chrome_monk"), {"column": "1"})
    lines = rendered(result)
    no_raw_key(lines)
    assert any("does not apply the trait of Chrome Monk (chrome_faith)" in x for x in lines["en"])
    assert any("não aplica sozinho o traço de Chrome Monk (chrome_faith)" in x for x in lines["pt-BR"])


# -- the owner's combine setting (rules §3.2-§3.3: add_to_base | replace | separate | unknown) ---------------------


@pytest.mark.parametrize("combine", ["replace", "separate"])
def test_a_combine_the_program_cannot_play_is_refused_with_what_is_supported(combine):
    """Rules §3.3 (``combine``) and §3.2 (how the expansion combines is unknown): replace and separate cannot be
    played (no source says which cards are replaced or how a separate deck is used): refused, naming the setting
    and what is supported, never accepted and ignored."""
    from automata.radlands.data import DataError

    over = {**COC, "sets": {"cult_of_chrome": {"combine": combine}}}
    with pytest.raises(DataError) as err:
        game._load(over)
    assert err.value.msg.id == "radlands.data.combine_unsupported"
    assert err.value.msg.params["path"] == "sets.cult_of_chrome.combine"
    game._load({**COC, "sets": {"cult_of_chrome": {"combine": combine, "in_play": False}}})  # not in play: no deck


def test_an_unknown_combine_plays_as_add_to_base_marked_provisional():
    """Rules §3.3 and §4 (a value no source gives is a labelled provisional value): combine = "unknown" with the
    owner's cards shuffles them into the base decks, says so as PROVISIONAL at setup and lists it in data check."""
    from automata.radlands.setup import setup_step

    over = {**COC, "sets": {"cult_of_chrome": {"combine": "unknown"}}}
    d = game._load(over)
    assert d.deck_size() == 66 + 3
    assert "sets.cult_of_chrome.combine" in {item["key"] for item in d.provisional()}
    state = game.new_state(game.check_options({"overrides": over}), 1)
    assert "radlands.provisional.combine" in said(play(setup_step(state, d, "table")))
    added = game._load(COC)  # add_to_base: the owner's word, nothing provisional
    assert "sets.cult_of_chrome.combine" not in {item["key"] for item in added.provisional()}


def test_a_whole_game_with_the_owners_cards_without_text_leaks_no_key():
    """Rules §3.3 with the pt-BR leak check (tests/cli/leaks.py): a whole game whose deck holds the owner's cards
    without text (four copies each) shows every message in both languages, never a raw key nor an English
    fallback; the owner's cards do come up."""
    import radlands_policy
    from leaks import leaks, play_recorded

    over = {**COC, "events": {k: {**v, "copies": 4} for k, v in COC["events"].items()},
            "people": {k: {**v, "copies": 4} for k, v in COC["people"].items()}}
    state, history, asks = play_recorded(game, {"overrides": over}, radlands_policy.Policy(5), 5)
    problems = leaks(game, history, asks)
    assert not problems, "\n".join(problems[:40])
    shown = repr(history) + repr(asks)  # seed 5: written from icons, a text missing, an unknown trait, all shown
    assert all(i in shown for i in ("radlands.cardtext.icons.text", "radlands.cardtext.no_text", "radlands.manual_trait"))


def test_an_owner_camp_with_an_unknown_trait_shows_it_at_the_reveal():
    """Rules §3.3 (an unknown word of the owner's loads and displays) and seed 004, Preparação 2 (the camps turned
    face up together): a camp of the owner's whose trait the program does not know shows it at the reveal, with
    its text, and the table is told to apply it."""
    from automata.radlands.setup import setup_step

    over = {"camps": {"chrome_shrine": {"name": "Chrome Shrine", "set": "cult_of_chrome", "draw": 1, "traits": ["chrome_aura"],
                                        "trait_text": "People here cost 1 less.", "abilities": [{"cost": 1, "effects": ["damage"]}]}}}
    d = game._load(over)
    state = fresh(camps_a=("chrome_shrine", "garage", "arcade"))
    lines = rendered(play(setup_step(state, d, "reveal")))
    no_raw_key(lines)
    assert "People here cost 1 less." in lines["en"]
    assert any("não aplica sozinho o traço de Chrome Shrine (chrome_aura)" in x for x in lines["pt-BR"])


def test_an_owner_choice_between_effects_labels_each_one_without_a_key():
    """Rules §3.3 (``choose:A|B``, an owner's words): a choice between an icon and a named effect labels the icon in
    the table's language and the named effect by the owner's word, never radlands.icon.<word>."""
    from automata.radlands.card_effects import choose
    from automata.radlands.effects import Ctx
    from cli.words.i18n import Translator

    state = fresh()
    result = run_until_asked(choose(Ctx(state, data(), "a"), "water|damage_self|draw:2"))
    labels = {lang: [Translator(lang).render(c.label) for c in result.choices] for lang in ("en", "pt-BR")}
    assert labels["en"] == ["Extra Water", "damage_self", "Draw 2"]
    assert labels["pt-BR"] == ["Água Extra", "damage_self", "Comprar 2"]


def run_until_asked(proc):
    """The first question a procedure asks."""
    from automata.core.steps import Ask

    step = next(proc)
    while not isinstance(step, Ask):
        step = proc.send(None)
    return step
