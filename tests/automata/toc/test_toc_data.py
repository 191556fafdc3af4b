"""Time of Crisis (+ The Age of Iron and Rust) game data: shipped values, validation, overrides, look-ups."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from automata.toc import data as toc_data
from automata.toc.data import (
    AREAS,
    DataError,
    UnknownName,
    find_colour,
    find_mat,
    load,
    provisional_items,
)

ROOT = Path(__file__).resolve().parents[3]
LOCALES = ROOT / "cli" / "locales"


@pytest.fixture(scope="module")
def data():
    return load()


# --------------------------------------------------------------------------- seed values


def test_start_provinces(data):
    """seed 000, Preparação step 4: each bot takes the first available of Gallia, Macedonia, Syria, in that order."""
    assert data.setup["start_provinces"] == ["gallia", "macedonia", "syria"]
    for p in data.setup["start_provinces"]:
        assert p in data.province_ids


def test_four_factions_and_colours(data):
    """seed 000, Objetivo: a complete 4-faction game; colours green, red, blue, yellow (rules file §2.2)."""
    assert data.setup["factions"] == 4
    assert data.setup["colours"] == ["green", "red", "blue", "yellow"]


def test_setup_markers(data):
    """seed 000, Preparação step 4: pawns on circle 0, mode marker portrait side up, cylinders in Available Cylinders."""
    assert data.setup["pawn_start_circle"] == 0
    assert data.setup["mode_marker_start"] == "portrait"
    assert data.setup["cylinders_start"] == "available"
    assert data.setup["bots_before_humans"] is True


def test_three_mats_each_prefers_a_different_area(data):
    """seed 000, Preparação step 4 (a different AI mat per bot); rules file §2.12: the preferred areas."""
    assert data.mat_ids == ["maximinus_thrax", "gordian_iii", "pupienus_balbinus"]
    preferred = [data.mat(m)["preferred"] for m in data.mat_ids]
    assert preferred == ["military", "populace", "senate"]
    assert sorted(preferred) == sorted(AREAS)
    assert [data.mat(m)["colour"] for m in data.mat_ids] == ["red", "yellow", "blue"]
    assert data.mat("gordian_iii")["name"] == "Gordian III"
    assert data.mat("maximinus_thrax")["id"] == "maximinus_thrax"


def test_preferred_area_is_on_top(data):
    """seed 000, AI Buy/Trash Cards Phase: the upper area of the mat is the preferred one."""
    for m in data.mat_ids:
        mat = data.mat(m)
        assert mat["area_order"][0] == mat["preferred"]
        assert sorted(mat["area_order"]) == sorted(AREAS)
    assert data.mat("gordian_iii")["area_order"] == ["populace", "senate", "military"]
    assert data.mat("pupienus_balbinus")["area_order"] == ["senate", "military", "populace"]


def test_circle_zero_costs_nothing_on_every_track(data):
    """seed 000, AI Buy/Trash Cards Phase: the Senate pawn's "initial zero-cost circle"; every pawn starts on circle 0."""
    for m in data.mat_ids:
        for area in AREAS:
            c = data.circle(m, area, 0)
            assert c["circle"] == 0 and c["cost"] == 0
            assert (c["primary"], c["secondary"]) == (3, 2)  # rules file §3.1 [I]
            assert c["confidence"] == "I"


def test_provisional_track_table(data):
    """rules file §3.1: the provisional table, circles 0–5, the same for every area of every mat."""
    rows = [(c["cost"], c["primary"], c.get("primary_event", 0), c["secondary"], c.get("secondary_event", 0))
            for c in data.mat("pupienus_balbinus")["track"]["populace"]]
    assert rows == [(0, 3, 0, 2, 0), (2, 4, 2, 2, 0), (3, 5, 2, 3, 2), (4, 6, 3, 3, 2), (4, 7, 3, 4, 3), (4, 8, 4, 4, 3)]
    for m in data.mat_ids:
        for area in AREAS:
            assert [c["circle"] for c in data.mat(m)["track"][area]] == list(range(6))
            assert all(c["confidence"] == "provisional" for c in data.mat(m)["track"][area][1:])
    assert data.circle("maximinus_thrax", "senate", 5)["primary_event"] == 4
    with pytest.raises(ValueError):
        data.circle("maximinus_thrax", "senate", 6)
    with pytest.raises(ValueError):
        data.circle("maximinus_thrax", "senate", -1)
    with pytest.raises(UnknownName):
        data.circle("maximinus_thrax", "senado", 1)


def test_mode_boxes(data):
    """rules file §3.2 (provisional) resolved per mat; seed 000: Mode 4 when two cylinders are in the "0" box."""
    m = data.mat("maximinus_thrax")["mode"]
    assert (m["1"]["primary"], m["1"]["secondary"]) == ("military", "senate")
    assert (m["2"]["primary"], m["2"]["secondary"]) == ("military", "senate")
    assert (m["3"]["primary"], m["3"]["secondary"]) == ("populace", "military")
    g = data.mat("gordian_iii")["mode"]
    assert [(g[k]["primary"], g[k]["secondary"]) for k in "123"] == [("populace", "senate"), ("military", "populace"), ("populace", "senate")]
    p = data.mat("pupienus_balbinus")["mode"]
    assert [(p[k]["primary"], p[k]["secondary"]) for k in "123"] == [("senate", "military"), ("military", "senate"), ("populace", "senate")]
    for mat_id in data.mat_ids:
        modes = data.mat(mat_id)["mode"]
        assert sorted(modes) == ["1", "2", "3", "4"]
        assert (modes["4"]["primary"], modes["4"]["secondary"]) == ("available", "none")
        assert all(box["confidence"] == "provisional" for box in modes.values())


def test_colours_and_areas(data):
    """rules file §2.3: red Military, blue Senate, yellow Populace; seed 000: one cylinder of each colour."""
    assert [data.colour_of(a) for a in data.areas] == ["red", "blue", "yellow"]
    assert data.areas == ("military", "senate", "populace")
    assert data.mat_for_colour("yellow") == "gordian_iii"
    assert data.mat_for_colour("green") is None
    with pytest.raises(UnknownName):
        data.colour_of("purple")


def test_categories(data):
    """seed 000, Preparação step 2: nine piles, one per category (colour/value); Damnatio Memoriae is Senate 4 base (rules file §2.4)."""
    assert len(data.categories) == 9
    assert {(c["influence"], c["value"]) for c in data.categories} == {(a, v) for a in AREAS for v in (2, 3, 4)}
    assert [c["id"] for c in data.categories[:3]] == ["military_2", "military_3", "military_4"]
    dm = data.category("senate", 4)
    assert dm["id"] == "senate_4" and dm["base"] == "Damnatio Memoriae" and dm["expansion"] == ""
    assert data.category("military", 2)["base"] == ""
    with pytest.raises(ValueError):
        data.category("military", 1)


def test_cards(data):
    """rules file §2.4: the named card types; values not given by any source are 0 and provisional."""
    assert data.card("damnatio_memoriae")["value"] == 4
    sp = data.card("spiculum")
    assert (sp["set"], sp["influence"], sp["value"], sp["value_confidence"]) == ("expansion", "military", 0, "provisional")
    populace_exp = sorted(c["id"] for c in data.cards if c["set"] == "expansion" and c["influence"] == "populace")
    assert populace_exp == ["ambitus", "demagogue", "mobile_vulgus"]
    assert data.card("triumph")["influence"] == "senate"
    with pytest.raises(UnknownName) as e:
        data.card("spicullum")
    assert "spiculum" in e.value.close


def test_event_notes(data):
    """rules file §2.4: Damnatio Memoriae only during Place Governor; combat-only events."""
    assert data.event_note("damnatio_memoriae")["when"] == "place_governor"
    assert data.event_note("triumph")["when"] == "combat"
    assert data.event_note("foederati") is None
    assert data.guidelines["mode"] == "ask" and data.guidelines["confidence"] == "provisional"


def test_priority_list_is_provisional(data):
    """seed 000, Spend Available Influence: the list from the top; its entries are on the bi-fold (rules file §3.4)."""
    orders = [e["order"] for e in data.priority]
    assert orders == sorted(orders) == list(range(1, len(orders) + 1))
    ids = {e["id"] for e in data.priority}
    assert {"place_governor", "create_army", "initiate_battle", "hold_games"} <= ids
    for e in data.priority:
        assert e["influence"] in AREAS
        # rules file §2.7: action costs MISSING; recruiting costs grow, so they depend on the board
        assert e["cost"] == ("board" if e["id"].startswith("recruit_") else "ask") and e["repeat"] is False
        if e["cost"] == "ask":
            assert isinstance(e["cost_default"], int)  # the PROVISIONAL default offered when the cost is asked
        assert e["confidence"] == "provisional"
    assert next(e for e in data.priority if e["id"] == "place_governor")["influence"] == "senate"


def test_rules_and_settings(data):
    """rules file §1.8 defaults; seed 000 numbers (50 Legacy, +2, Ludi Saeculares ±4, 1d6 1–3 / 4–6)."""
    s = data.settings
    assert s["crisis_special_cases_scope"] == "any_roll"
    assert s["ludi_marker_removal"] == "after_use"
    assert s["harder_challenge"] is False
    assert s["pretender_cap"] == "legacy_total"
    assert s["option2_event_choice"] == "d6"
    assert s["mode4_zero_box_test"] == ">=2"
    assert s["emperor_bot_placement"]["populace"] == "highest_support"
    assert s["emperor_bot_placement"]["military"] == "most_legions"
    assert s["emperor_bot_placement"]["fallback"] == "senate"
    bot = data.rules["bot"]
    assert (bot["mode1_legacy"], bot["plus2_bonus"], bot["ludi_legacy"], bot["ludi_secondary_penalty"]) == (50, 2, 4, 4)
    assert bot["event_d6_base"] == [1, 2, 3] and bot["event_d6_expansion"] == [4, 5, 6]
    assert data.rules["influence_point_track"]["max"] == 12
    assert data.rules["legacy"]["end_threshold"] == 60
    assert data.rules["political_points"]["rule"] == "ask"
    assert data.rules["crisis"]["dice"] == "ask"
    assert data.rules["crisis"]["results"] == ["pax_deorum", "event", "barbarians", "other"]
    assert {"palmyra_allies", "ludi_saeculares"} <= set(data.rules["crisis"]["events"])
    assert data.rules["setup"] is data.setup


def test_provinces(data):
    """rules file §2.5: 12 provinces; Galatia is a recollection [U]."""
    assert len(data.provinces) == 12
    assert data.province_ids[0] == "italia"
    assert data.province("galatia")["confidence"] == "U"
    assert all(p["confidence"] == "S" for p in data.provinces if p["id"] != "galatia")


def test_load_is_cached():
    assert load() is load()
    assert load({}) is load()


# --------------------------------------------------------------------------- look-ups


def test_find_colour_portuguese_and_accents(data):
    assert find_colour(data, "Vermelho") == "red"
    assert find_colour(data, "VERDE") == "green"
    assert find_colour(data, " azul ") == "blue"
    assert find_colour(data, "amarela") == "yellow"
    assert find_colour(data, "Yellow") == "yellow"
    with pytest.raises(UnknownName) as e:
        find_colour(data, "vermelo")
    assert e.value.close[0] == "red"
    assert e.value.valid == ["green", "red", "blue", "yellow"]


def test_find_mat(data):
    assert find_mat(data, "Maximinus Thrax") == "maximinus_thrax"
    assert find_mat(data, "maximinus-thrax") == "maximinus_thrax"
    assert find_mat(data, "Gordiano III") == "gordian_iii"
    assert find_mat(data, "Pupienus & Balbinus") == "pupienus_balbinus"
    assert find_mat(data, "Pupieno e Balbino") == "pupienus_balbinus"
    with pytest.raises(UnknownName) as e:
        find_mat(data, "Gordan III")
    assert e.value.close[0] == "gordian_iii"
    assert "pupienus_balbinus" in str(e.value)


# --------------------------------------------------------------------------- provisional items


def test_provisional_items(data):
    items = provisional_items(data)
    keys = {i["key"] for i in items}
    assert "mats.maximinus_thrax.track.military.2" in keys
    assert "mats.gordian_iii.mode.4" in keys
    assert "mats.pupienus_balbinus.area_order" in keys
    assert "mats.gordian_iii.track.senate.0" not in keys  # [I], not provisional
    assert "priority.place_governor" in keys
    assert "events.guidelines" in keys
    assert "rules.settings.pretender_cap" in keys
    assert "rules.influence_point_track" in keys
    assert "board.provinces.galatia" in keys
    assert "categories.military_2.base" in keys
    assert "categories.senate_4.base" not in keys
    assert "cards.spiculum.value" in keys
    for i in items:
        assert set(i) == {"key", "value", "confidence", "note"}
        assert i["confidence"] in ("provisional", "U")
        assert i["note"], i["key"]


# --------------------------------------------------------------------------- overrides


def test_override_circle_cost_marks_owner():
    data = load({"mats": {"gordian_iii": {"track": {"senate": {"2": {"cost": 5}}}}}})
    c = data.circle("gordian_iii", "senate", 2)
    assert c["cost"] == 5 and c["confidence"] == "owner"
    assert c["primary"] == 5  # untouched value kept
    assert data.circle("gordian_iii", "senate", 3)["confidence"] == "provisional"
    assert load().circle("gordian_iii", "senate", 2)["cost"] == 3  # shipped data untouched
    keys = {i["key"] for i in provisional_items(data)}
    assert "mats.gordian_iii.track.senate.2" not in keys
    assert "mats.gordian_iii.track.senate.3" in keys


def test_override_events_zero_removes_and_adds():
    data = load({"mats": {"maximinus_thrax": {"track": {"military": {
        "1": {"primary_event": 0, "secondary_event": 3},
        "6": {"cost": 5, "primary": 9, "secondary": 5, "primary_event": 4}}}}}})
    c1 = data.circle("maximinus_thrax", "military", 1)
    assert "primary_event" not in c1 and c1["secondary_event"] == 3
    assert len(data.mat("maximinus_thrax")["track"]["military"]) == 7
    c6 = data.circle("maximinus_thrax", "military", 6)
    assert (c6["circle"], c6["cost"], c6["primary_event"], c6["confidence"]) == (6, 5, 4, "owner")
    with pytest.raises(DataError, match="out of range"):
        load({"mats": {"maximinus_thrax": {"track": {"military": {"8": {"cost": 5}}}}}})


def test_override_whole_track_list():
    circles = [{"cost": 0, "primary": 4, "secondary": 1}, {"cost": 3, "primary": 5, "secondary": 2, "primary_event": 2}]
    data = load({"mats": {"gordian_iii": {"track": {"populace": circles}}}})
    track = data.mat("gordian_iii")["track"]["populace"]
    assert [c["circle"] for c in track] == [0, 1]
    assert all(c["confidence"] == "owner" for c in track)


def test_override_mode_and_setting():
    data = load({"mats": {"maximinus_thrax": {"mode": {"4": {"primary": "senate", "secondary": "none"}}}},
                 "rules": {"settings": {"harder_challenge": True}}})
    box = data.mat("maximinus_thrax")["mode"]["4"]
    assert (box["primary"], box["confidence"]) == ("senate", "owner")
    assert data.settings["harder_challenge"] is True
    assert data.settings["harder_challenge_confidence"] == "owner"


def test_override_unknown_mat_lists_valid_ids():
    """An unknown mat id names its key path and the valid mat ids."""
    with pytest.raises(DataError) as e:
        load({"mats": {"maximus": {"preferred": "military"}}})
    text = str(e.value)
    assert "mats.maximus" in text
    for mid in ("maximinus_thrax", "gordian_iii", "pupienus_balbinus"):
        assert mid in text


def test_override_unknown_keys_and_bad_types():
    with pytest.raises(DataError, match=r"mats\.gordian_iii\.track\.senate\.2\.csot.*cost"):
        load({"mats": {"gordian_iii": {"track": {"senate": {"2": {"csot": 3}}}}}})
    with pytest.raises(DataError, match=r"mats\.gordian_iii\.track\.senate\.2\.cost"):
        load({"mats": {"gordian_iii": {"track": {"senate": {"2": {"cost": "three"}}}}}})
    with pytest.raises(DataError, match="nope"):
        load({"nope": {}})
    with pytest.raises(DataError, match=r"priority\.place_governer.*place_governor"):
        load({"priority": {"place_governer": {"cost": 2}}})
    with pytest.raises(DataError, match=r"rules\.settings\.harder_challenge"):
        load({"rules": {"settings": {"harder_challenge": "yes"}}})


def test_override_priority_cost_and_category_name():
    data = load({"priority": {"place_governor": {"cost": 2, "criteria": "as printed"}},
                 "categories": {"military_2": {"base": "Some Title"}}})
    pg = next(e for e in data.priority if e["id"] == "place_governor")
    assert (pg["cost"], pg["criteria"], pg["confidence"]) == (2, "as printed", "owner")
    cat = data.category("military", 2)
    assert cat["base"] == "Some Title" and cat["base_confidence"] == "owner"


def test_override_priority_list_replaces_whole():
    data = load({"priority": [{"id": "create_army", "influence": "military", "cost": 2},
                              {"id": "place_governor", "influence": "senate"}]})
    assert [(e["order"], e["id"], e["cost"], e["confidence"]) for e in data.priority] == [
        (1, "create_army", 2, "owner"), (2, "place_governor", "ask", "owner")]


# --------------------------------------------------------------------------- validation


def test_validation_area_order_must_start_with_preferred():
    with pytest.raises(DataError, match=r"mats\.maximinus_thrax\.area_order\[0\].*military"):
        load({"mats": {"maximinus_thrax": {"area_order": ["senate", "military", "populace"]}}})


def test_validation_area_order_lists_each_area_once():
    with pytest.raises(DataError, match="three areas"):
        load({"mats": {"maximinus_thrax": {"area_order": ["military", "military", "populace"]}}})


def test_validation_preferred_areas_distinct():
    with pytest.raises(DataError, match="different area"):
        load({"mats": {"gordian_iii": {"preferred": "military", "area_order": ["military", "senate", "populace"]}}})


def test_validation_circle_zero_cost_and_numbers():
    with pytest.raises(DataError, match="zero-cost"):
        load({"mats": {"gordian_iii": {"track": {"senate": {"0": {"cost": 1}}}}}})
    with pytest.raises(DataError, match="≥ 0"):
        load({"mats": {"gordian_iii": {"track": {"senate": {"3": {"primary": -1}}}}}})
    with pytest.raises(DataError, match="secondary_event"):
        load({"mats": {"gordian_iii": {"track": {"senate": {"3": {"secondary_event": 5}}}}}})


def test_validation_mode_types():
    with pytest.raises(DataError, match=r"mode\.1\.primary"):
        load({"mats": {"gordian_iii": {"mode": {"1": {"primary": "preferred"}}}}})
    with pytest.raises(DataError, match="both 'senate'"):
        load({"mats": {"gordian_iii": {"mode": {"1": {"primary": "senate", "secondary": "senate"}}}}})


def test_validation_categories_cover_nine():
    with pytest.raises(DataError, match="appears twice|must be 'military_2'"):
        load({"categories": {"military_2": {"value": 3}}})
    cats = [{"id": f"{a}_{v}", "influence": a, "value": v} for a in AREAS for v in (2, 3)]
    with pytest.raises(DataError, match="missing: military_4, senate_4, populace_4"):
        load({"categories": cats})


def test_validation_setting_choices():
    with pytest.raises(DataError, match="pretender_cap"):
        load({"rules": {"settings": {"pretender_cap": "whatever"}}})


def test_shipped_errors_are_reported(monkeypatch):
    """A broken shipped file is a DataError with the file named, not a crash."""
    from automata.core import gamedata

    real = gamedata.read_file

    def broken(folder, name):
        doc = real(folder, name)
        if name == "mats.toml":
            doc["mats"]["gordian_iii"]["area_order"] = ["senate", "populace", "military"]
        return doc

    monkeypatch.setattr(gamedata, "read_file", broken)
    toc_data._shipped.cache_clear()
    toc_data._default.cache_clear()
    try:
        with pytest.raises(DataError, match=r"gordian_iii\.area_order\[0\]"):
            load()
    finally:
        toc_data._shipped.cache_clear()
        toc_data._default.cache_clear()


# --------------------------------------------------------------------------- messages


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_terms_cover_the_data(data, lang):
    """Every mat, area, colour, province, category, card, priority entry and crisis menu item has its name."""
    terms = tomllib.loads((LOCALES / lang / "toc_terms.toml").read_text(encoding="utf-8"))
    want = [f"toc.mat.{m}" for m in data.mat_ids]
    want += [f"toc.area.{a}" for a in AREAS]
    want += [f"toc.colour.{c}" for c in data.colours]
    want += [f"toc.province.{p}" for p in data.province_ids]
    want += [f"toc.category.{c['id']}" for c in data.categories]
    want += [f"toc.card.{c['id']}" for c in data.cards]
    want += [f"toc.apl.{e['id']}" for e in data.priority]
    want += [f"toc.crisis.{r}" for r in data.rules["crisis"]["results"]]
    want += [f"toc.event.{e}" for e in data.rules["crisis"]["events"]]
    missing = [k for k in want if not terms.get(k, "").strip()]
    assert not missing, missing
    assert set(terms) == set(want)


def test_terms_same_keys_in_both_languages():
    en = tomllib.loads((LOCALES / "en" / "toc_terms.toml").read_text(encoding="utf-8"))
    pt = tomllib.loads((LOCALES / "pt-BR" / "toc_terms.toml").read_text(encoding="utf-8"))
    assert set(en) == set(pt)
    assert pt["toc.colour.red"] == "vermelho"
    assert pt["toc.apl.place_governor"].startswith("Place Governor")
    assert pt["toc.card.damnatio_memoriae"] == en["toc.card.damnatio_memoriae"]
