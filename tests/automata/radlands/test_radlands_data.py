"""Radlands card data: shipped values (rules/radlands.md §2.12), vocabulary, texts, look-ups, owner overrides."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from automata.radlands import vocabulary
from automata.radlands.data import DataError, UnknownName, data_of, load, provisional_items

ROOT = Path(__file__).resolve().parents[3]
LOCALES = ROOT / "cli" / "locales"


@pytest.fixture(scope="module")
def data():
    return load()


def texts(lang: str) -> dict[str, str]:
    return tomllib.loads((LOCALES / lang / "radlands_cards.toml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------- counts (§2.2)


def test_34_camps_one_copy_each(data):
    """§2.2 and §2.12 Camps: 34 camps, all different."""
    assert len(data.camps) == 34
    assert len({c["name"] for c in data.camps.values()}) == 34
    assert all(c["kind"] == "camp" and c["set"] == "base" for c in data.camps.values())


def test_deck_is_66_cards_46_people_and_20_events(data):
    """§2.2: the draw deck is 66 cards = 46 people (20 common types × 2 + 6 unique × 1) + 20 events (10 × 2)."""
    assert data.deck_size() == 66
    assert len(data.deck()) == 36
    people = {cid: n for cid, n in data.deck() if data.card(cid)["kind"] == "person"}
    events = {cid: n for cid, n in data.deck() if data.card(cid)["kind"] == "event"}
    assert (len(people), sum(people.values())) == (26, 46)
    assert (len(events), sum(events.values())) == (10, 20)
    assert Counter(people.values()) == {2: 20, 1: 6}
    assert set(events.values()) == {2}


def test_unique_people_are_the_six_with_junk_punk(data):
    """§2.12 unique people: 1 copy each, every one with junk icon punk."""
    unique = {pid for pid, p in data.people.items() if p["unique"]}
    assert unique == {"argo_yesky", "karli_blaze", "magnus_karv", "molgur_stang", "vera_vosh", "zeto_khan"}
    assert all(data.people[p]["copies"] == 1 and data.people[p]["junk"] == "punk" for p in unique)


def test_junk_icons_in_the_deck(data):
    """§2.2 (counted from §2.12): injure 20, raid 16, water 8, draw 8, restore 8, punk 6; no other icon."""
    junk = Counter()
    for cid, n in data.deck():
        junk[data.card(cid)["junk"]] += n
    assert junk == {"injure": 20, "raid": 16, "water": 8, "draw": 8, "restore": 8, "punk": 6}


def test_camp_draw_values(data):
    """§2.2 (counted from §2.12): draw 0 → 9 camps, 1 → 20, 2 → 4, 3 → 1 (Obelisk)."""
    assert Counter(c["draw"] for c in data.camps.values()) == {0: 9, 1: 20, 2: 4, 3: 1}
    assert [c for c, x in data.camps.items() if x["draw"] == 3] == ["obelisk"]


def test_sets_base_verified_and_cult_of_chrome_empty_provisional(data):
    """§3.3 program policy: base shipped and verified; cult_of_chrome empty and provisional (§3.2: no card list)."""
    assert (data.sets["base"]["deck_cards"], data.sets["base"]["camps"], data.sets["base"]["status"]) == (66, 34, "verified")
    coc = data.sets["cult_of_chrome"]
    assert (coc["deck_cards"], coc["camps"], coc["status"], coc["combine"]) == (0, 0, "provisional", "unknown")
    assert not any(c["set"] == "cult_of_chrome" for k in ("camps", "people", "events") for c in getattr(data, k).values())


# --------------------------------------------------------------------------- printed values


def test_first_game_camps_exist_and_give_two_cards_each(data):
    """Seed 004, Preparação step 1 (§1.4 and its Reading): Arcade, Victory Totem, Mercenary Camp for the more
    experienced player; Garage, Railgun, Supply Depot for the other; both starting hands are 2 cards."""
    fg = data.rules["first_game"]
    assert fg["experienced"] == ["arcade", "victory_totem", "mercenary_camp"]
    assert fg["other"] == ["garage", "railgun", "supply_depot"]
    for side in ("experienced", "other"):
        assert sum(data.card(c)["draw"] for c in fg[side]) == 2


def test_bombs_per_event(data):
    """§2.12 Queue positions: 0 → Interrogate, Strafe, Truce; 1 → Banish, Famine, High Ground, Napalm, Radiation;
    2 → Uprising and Raiders; 3 → Bombardment."""
    by_bomb: dict[int, set] = {}
    for eid, e in data.events.items():
        by_bomb.setdefault(e["bomb"], set()).add(eid)
    assert by_bomb == {0: {"interrogate", "strafe", "truce"}, 1: {"banish", "famine", "high_ground", "napalm", "radiation"},
                       2: {"uprising"}, 3: {"bombardment"}}
    assert data.card("raiders")["bomb"] == 2 and data.card("raiders")["kind"] == "player"


def test_printed_values_not_the_fan_variants(data):
    """§2.13: the printed Cannon (draw 1, damage this camp then damage), Victory Totem (injure + raid), Resonator
    (draw 1), Scavenger Camp (raid / restore if Raiders resolved), Holdout cost 2, Molgur Stang cost 4."""
    cannon = data.card("cannon")
    assert cannon["draw"] == 1 and cannon["abilities"][0]["effects"] == ["damage_self", "damage"]
    assert [a["effects"] for a in data.card("victory_totem")["abilities"]] == [["injure"], ["raid"]]
    assert data.card("resonator")["draw"] == 1
    scav = data.card("scavenger_camp")["abilities"]
    assert [(a["cost"], a["effects"], a["condition"]) for a in scav] == [(2, ["raid"], ""), (1, ["restore"], "own_raiders_resolved")]
    assert data.card("holdout")["cost"] == 2 and data.card("molgur_stang")["cost"] == 4
    assert data.card("rabble_rouser")["junk"] == "raid" and data.card("vanguard")["junk"] == "raid"
    assert data.card("vera_vosh")["junk"] == "punk" and data.card("argo_yesky")["junk"] == "punk"


def test_traits_and_entering_play(data):
    """§2.12 traits: Obelisk destroyed before the game, Bonfire never restored, Oasis, Holdout, Rescue Team ready,
    Karli Blaze; entering play: Vanguard and Argo Yesky gain a punk, Wounded Soldier draws then damages itself,
    Repair Bot restores, Doomsayer pushes the opponent's events back."""
    assert data.card("obelisk")["traits"] == ["obelisk"] and data.card("obelisk")["abilities"] == []
    assert data.card("bonfire")["traits"] == ["no_restore"]
    assert data.card("oasis")["traits"] == ["oasis"]
    assert data.card("holdout")["traits"] == ["holdout"]
    assert data.card("rescue_team")["traits"] == ["enters_ready"]
    assert data.card("karli_blaze")["traits"] == ["all_enter_ready"]
    on_enter = {pid: p["on_enter"] for pid, p in data.people.items() if p["on_enter"]}
    assert on_enter == {"vanguard": ["punk"], "argo_yesky": ["punk"], "wounded_soldier": ["draw", "damage_self"],
                        "repair_bot": ["restore"], "doomsayer": ["push_opponent_events"]}


def test_conditions_and_cost_modifiers(data):
    """§2.12: Arcade (0-1 people), Nest of Spies / Transplant Lab (2 people entered), Watchtower (event resolved),
    Construction Yard (undamaged), Doomsayer (opponent event), Rabble Rouser (punk); Command Post and Pillbox discounts."""
    conds = {(cid, a["condition"]) for t in ("camps", "people") for cid, c in getattr(data, t).items()
             for a in c["abilities"] if a["condition"]}
    assert conds == {("arcade", "people_at_most_1"), ("nest_of_spies", "people_entered_2"), ("transplant_lab", "people_entered_2"),
                     ("watchtower", "event_resolved"), ("scavenger_camp", "own_raiders_resolved"), ("construction_yard", "self_undamaged"),
                     ("doomsayer", "opponent_has_event"), ("rabble_rouser", "has_punk")}
    assert data.card("command_post")["abilities"][0]["cost_mod"] == "minus_per_punk"
    assert data.card("pillbox")["abilities"][0]["cost_mod"] == "minus_per_destroyed_camp"


def test_symbol_costs(data):
    """§2.12 / §4.1 item 5: Adrenaline Lab, Parachute Base and Mimic print a symbol, not a number."""
    symbol = {cid for t in ("camps", "people") for cid, c in getattr(data, t).items()
              if any(a["cost"] == "symbol" for a in c["abilities"])}
    assert symbol == {"adrenaline_lab", "parachute_base", "mimic"}


def test_rules_numbers(data):
    """§1.4–§1.11, §2.2 and the §4.2 shape."""
    r = data.rules
    assert (r["players"], r["camps_dealt"], r["camps_kept"], r["water_per_turn"], r["start_player_first_turn_water"]) == (2, 6, 3, 3, 1)
    assert (r["draw_action_cost"], r["take_silo_cost"], r["silo_junk_extra_water"]) == (2, 1, 1)
    assert (r["queue_spaces"], r["raiders_entry_space"], r["column_limit"], r["deck_reshuffles"], r["edition"]) == (3, 2, 2, 1, "1.2")
    assert r["provisional"]["construction_yard"] == "printed"
    assert r["provisional"]["symbol_cost_base"] == 0
    assert set(r["provisional"]) == set(r["basis"])  # every provisional key says why


def test_water_silo(data):
    """§1.7 E, §2.12 player cards: the Water Silo's junk icon is water."""
    assert data.card("water_silo") == data.player_cards["water_silo"]
    assert data.card("water_silo")["junk"] == "water"


# ------------------------------------------------------------------------------- vocabulary


def all_cards(data):
    return [c for t in ("camps", "people", "events", "player_cards") for c in getattr(data, t).values()]


def test_every_effect_condition_trait_is_in_the_vocabulary(data):
    """The card data speaks only the engine's vocabulary (brief: effect vocabulary)."""
    bad = []
    for c in all_cards(data):
        effects = list(c.get("effects", [])) + list(c.get("on_enter", []))
        for a in c.get("abilities", []):
            effects += a["effects"]
            if a["condition"] not in ("",) + vocabulary.CONDITIONS or a["cost_mod"] not in ("",) + vocabulary.COST_MODIFIERS:
                bad.append((c["id"], a))
            if not (a["cost"] == "symbol" or isinstance(a["cost"], int)):
                bad.append((c["id"], a["cost"]))
        bad += [(c["id"], e) for e in effects if vocabulary.effect_problem(e)]
        bad += [(c["id"], t) for t in c.get("traits", []) if t not in vocabulary.TRAITS]
    assert not bad, bad


def test_effect_problem_rejects_unknown_words():
    assert vocabulary.effect_problem("draw:3") == "" and vocabulary.effect_problem("choose:draw|restore|punk") == ""
    assert "closest: damage" in vocabulary.effect_problem("damge")
    assert vocabulary.effect_problem("draw:0") and vocabulary.effect_problem("choose:draw") and vocabulary.effect_problem("discard:x")
    assert vocabulary.effect_problem("chrome", ("chrome",)) == ""


# ------------------------------------------------------------------------------------ texts


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_text_has_a_key(data, lang):
    """Brief: every ability, trait (entering play included) and event effect has its text in both languages."""
    table = texts(lang)
    needed = []
    for c in all_cards(data):
        needed += [a["text_key"] for a in c.get("abilities", [])]
        if c.get("traits") or c.get("on_enter"):
            needed.append(f"radlands.card.{c['id']}.trait")
        if c["kind"] == "event":
            needed.append(f"radlands.card.{c['id']}.effect")
    needed += ["radlands.card.raiders.effect", "radlands.card.construction_yard.faq.1"]
    missing = [k for k in needed if k not in table]
    assert not missing, missing
    assert data.card("railgun")["abilities"][0]["text_key"] == "radlands.card.railgun.ability.1"
    # no key for a card or ability that does not exist
    ids = {c["id"] for c in all_cards(data)}
    stray = [k for k in table if k.startswith("radlands.card.") and k.split(".")[2] not in ids | {"owner_text"}]
    assert not stray, stray


def test_icon_names_in_both_languages(data):
    """Seed 004, Termos e Ícones: Dano, Ferir, Destruir, Restaurar, Comprar, Ganhar Punk, Água Extra, Raid."""
    en, pt = texts("en"), texts("pt-BR")
    assert {i: pt[f"radlands.icon.{i}"] for i in data.icons} == {
        "damage": "Dano", "injure": "Ferir", "destroy": "Destruir", "restore": "Restaurar", "draw": "Comprar",
        "punk": "Ganhar Punk", "water": "Água Extra", "raid": "Raid"}
    assert all(f"radlands.icon.{i}" in en for i in data.icons)
    assert set(vocabulary.ICONS) <= set(data.icons) and all(data.icons[i]["junk_ok"] for i in vocabulary.ICONS)
    assert data.icons["destroy"]["junk_ok"] is False


# ---------------------------------------------------------------------------------- look-up


@pytest.mark.parametrize("text", ["Zeto Kahn", "zeto khan", "ZETO-KHAN", "zetokhan", "zeto_khan", "Zéto Khan"])
def test_find_card_zeto_khan(data, text):
    """§2.12: the card spells Zeto Khan; 'Kahn' is accepted; case, accents, spaces and dashes are ignored."""
    assert data.find_card(text) == "zeto_khan"


def test_find_card_names_and_kinds(data):
    assert data.find_card("Wounded Soldier") == "wounded_soldier"
    assert data.find_card("high-ground") == "high_ground"
    assert data.find_card("railgun", kinds=("camp",)) == "railgun"
    with pytest.raises(UnknownName):
        data.find_card("railgun")  # camps are not in the default kinds (people and events)


def test_find_card_close_matches(data):
    with pytest.raises(UnknownName) as e:
        data.find_card("Snipr")
    assert e.value.close[0] == "sniper"
    assert "sniper" in str(e.value) and "closest" in str(e.value)
    with pytest.raises(UnknownName):
        data.card("no_such_card")


# ------------------------------------------------------------------------------ provisional


def test_provisional_lists_rulings_symbol_costs_construction_yard_and_cult_of_chrome(data):
    """Brief / §4.1: data check lists the rules.provisional keys, the symbol costs, Construction Yard, the empty set."""
    keys = {i["key"] for i in provisional_items(data)}
    assert {f"rules.provisional.{k}" for k in data.rules["provisional"]} <= keys
    assert {"camps.adrenaline_lab.abilities[0].cost", "camps.parachute_base.abilities[0].cost",
            "people.mimic.abilities[0].cost", "camps.construction_yard", "sets.cult_of_chrome"} <= keys
    assert all(i["confidence"] == "provisional" and i["note"] for i in provisional_items(data))
    assert len(keys) == len(data.rules["provisional"]) + 5


# -------------------------------------------------------------------------- owner overrides

COC_PERSON = {"name": "Chrome Zealot", "set": "cult_of_chrome", "cost": 2, "junk": "injure", "copies": 2,
              "abilities": [{"cost": 1, "effects": ["damage", "chrome_icon"], "text": "Damage, then chrome."}],
              "trait_text": "Loves chrome."}
COC = {
    "sets": {"cult_of_chrome": {"combine": "add_to_base", "rulebook_edition": "2.0"}},
    "icons": {"chrome_icon": {"label_en": "Chrome", "label_pt": "Cromo"}},
    "people": {"chrome_zealot": COC_PERSON},
    "camps": {"chrome_shrine": {"name": "Chrome Shrine", "set": "cult_of_chrome", "draw": 2,
                                "abilities": [{"cost": 2, "effects": ["raid"]}]}},
}


def test_owner_adds_cult_of_chrome_cards():
    """§3.3 / §4: owner cards merged by id, marked "owner"; the set's sizes come from the cards; an owner icon is an effect."""
    d = load(COC)
    z = d.card("chrome_zealot")
    assert z["status"] == "owner" and z["kind"] == "person" and z["traits"] == [] and z["unique"] is False
    assert z["abilities"][0]["condition"] == "" and z["abilities"][0]["text"] == "Damage, then chrome."
    assert d.deck_size() == 68 and ("chrome_zealot", 2) in d.deck()
    assert d.deck_size(["base"]) == 66 and d.deck(["cult_of_chrome"]) == [("chrome_zealot", 2)]
    assert "chrome_shrine" in d.camp_deck() and len(d.camp_deck()) == 35
    coc = d.sets["cult_of_chrome"]
    assert (coc["deck_cards"], coc["camps"], coc["combine"], coc["status"]) == (2, 1, "add_to_base", "owner")
    assert d.icons["chrome_icon"]["status"] == "owner" and d.icons["chrome_icon"]["default_target"] == "manual"
    assert d.find_card("chrome zealot") == "chrome_zealot"
    assert d.ability_text("chrome_zealot", 1).id == "radlands.card.owner_text"
    assert d.ability_text("chrome_zealot", 1).params == {"text": "Damage, then chrome."}
    assert d.trait_text("chrome_zealot").params == {"text": "Loves chrome."}
    assert d.ability_text("railgun", 1).id == "radlands.card.railgun.ability.1"
    assert "sets.cult_of_chrome" not in {i["key"] for i in d.provisional()}
    # the shipped data is untouched
    assert load().deck_size() == 66 and "chrome_zealot" not in load().people


def test_owner_corrects_a_shipped_card():
    """§4: a correction gives only the fields that change; the card becomes "owner" and leaves the provisional list."""
    d = load({"people": {"mimic": {"abilities": [{"cost": 1, "effects": ["manual"]}]}},
              "camps": {"construction_yard": {"abilities": [{"cost": 1, "effects": ["manual"], "text": "As printed on mine."}]}}})
    assert d.card("mimic")["status"] == "owner" and d.card("mimic")["abilities"][0]["cost"] == 1
    assert d.card("mimic")["cost"] == 1 and d.card("mimic")["junk"] == "injure"  # untouched fields kept
    keys = {i["key"] for i in d.provisional()}
    assert "people.mimic.abilities[0].cost" not in keys and "camps.construction_yard" not in keys
    assert "camps.adrenaline_lab.abilities[0].cost" in keys
    assert "people.mimic" in d.owner


def test_owner_rulings_leave_the_list():
    d = load({"rules": {"provisional": {"raiders_entry_when_blocked": "no_effect", "symbol_cost_base": 0}, "edition": "2.0"}})
    assert d.rules["provisional"]["raiders_entry_when_blocked"] == "no_effect" and d.rules["edition"] == "2.0"
    assert not d.rule_is_provisional("raiders_entry_when_blocked") and d.rule_is_provisional("obelisk")
    keys = {i["key"] for i in d.provisional()}
    assert "rules.provisional.raiders_entry_when_blocked" not in keys
    assert not any(k.endswith(".cost") for k in keys)  # the symbol costs follow symbol_cost_base


def test_construction_yard_faq_switch():
    """§2.13 / §4.1 item 9: the FAQ variant replaces the printed ability when the owner switches to it."""
    d = load({"rules": {"provisional": {"construction_yard": "faq_move_person"}}})
    cy = d.card("construction_yard")
    assert cy["variant"] == "faq_move_person" and cy["status"] == "provisional"
    assert [a["text_key"] for a in cy["abilities"]] == ["radlands.card.construction_yard.faq.1"]
    assert "camps.construction_yard" in {i["key"] for i in d.provisional()}
    assert load().card("construction_yard")["abilities"][0]["effects"] == ["revive_camp", "destroy_self"]


@pytest.mark.parametrize("over,words", [
    ({"people": {"chrome_zealot": {k: v for k, v in COC_PERSON.items() if k not in ("cost", "junk")}}},
     ["people.chrome_zealot", "missing cost, junk"]),
    ({"people": {"muse": {"price": 2}}}, ["people.muse.price", "valid", "cost"]),
    ({"people": {"muse": {"cost": "two"}}}, ["people.muse.cost", "whole number"]),
    ({"events": {"famine": {"effects": ["famin"]}}}, ["events.famine.effects[0]", "closest: famine"]),
    ({"camps": {"x": {"name": "X", "set": "chrome", "draw": 1, "abilities": []}}}, ["camps.x.set", "unknown set 'chrome'"]),
    ({"camps": {"muse": {"name": "X", "set": "base", "draw": 1, "abilities": []}}}, ["'muse' is a card of [people]"]),
    ({"people": {"muse": {"abilities": [{"cost": 1, "effects": ["water"], "condition": "sometimes"}]}}}, ["condition", "people_at_most_1"]),
    ({"people": {"muse": {"junk": "destroy"}}}, ["people.muse.junk", "not a junk icon"]),
    ({"sets": {"cult_of_chrome": {"deck_cards": 30}}}, ["counted from the cards"]),
    ({"rules": {"provisional": {"construction_yard": "maybe"}}}, ["rules.provisional.construction_yard", "faq_move_person"]),
    ({"rules": {"provisional": {"raider_target": "x"}}}, ["rules.provisional.raider_target", "closest: raiders_target"]),
    ({"rules": {"basis": {"obelisk": "mine"}}}, ["rules.basis"]),
    ({"card": {}}, ["unknown key 'card'", "camps"]),
    ({"icons": {"chrome": {"junk_ok": True}}}, ["icons.chrome", "missing label_en"]),
])
def test_a_bad_owner_entry_says_what_is_wrong(over, words):
    with pytest.raises(DataError) as e:
        load(over)
    for w in words:
        assert w in str(e.value), str(e.value)


def test_load_is_cached_and_data_of_reads_the_state_overrides():
    assert load() is load()
    d = data_of({"overrides": COC})
    assert d.deck_size() == 68 and data_of({"overrides": COC}) is d
    assert data_of({}).deck_size() == 66
