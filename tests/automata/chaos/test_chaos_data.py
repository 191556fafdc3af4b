"""Chaos in the Old World game data: shipped values, validation, overrides, look-ups."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from automata.chaos import data as chaos_data
from automata.chaos.data import DataError, UnknownName, find_power, find_region, load, provisional_items

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def data():
    return load()


# --------------------------------------------------------------------------- seed values


def test_old_world_deck_sizes(data):
    """seed 003, Setup step 6: 7 Old World cards with 4 players, 8 with 3."""
    assert data.setup["old_world_deck"]["4"] == 7
    assert data.setup["old_world_deck"]["3"] == 8


def test_starting_tokens(data):
    """seed 003, Setup step 7: 2 Noble, 3 Warpstone, 4 Peasant tokens, one per region."""
    tokens = data.setup["starting_tokens"]
    assert (tokens["noble"], tokens["warpstone"], tokens["peasant"]) == (2, 3, 4)
    assert sum(tokens.values()) == len(data.region_ids) == 9


def test_ruination_stack(data):
    """seed 003, Setup step 5: five Ruination cards, 1 on top, 5 at the bottom."""
    assert data.setup["ruination_cards"] == 5
    assert len(data.ruination["ruiner_vp"]) == 5


def test_corruption_to_ruin(data):
    """seed 003, Corruption Phase step 2: 12 or more corruption tokens ruin a region."""
    assert data.setup["corruption_to_ruin"] == 12


def test_starting_hand(data):
    """seed 003, Setup step 8: a starting hand of 3 Chaos cards."""
    assert data.setup["starting_hand"] == 3


def test_power_order_and_victory_threshold(data):
    """seed 003, O Turno de Jogo: Khorne, Nurgle, Tzeentch, Slaanesh; Objetivo: 50 VP."""
    assert data.power_ids == ["khorne", "nurgle", "tzeentch", "slaanesh"]
    assert data.rules["rules"]["victory"]["vp_threshold"] == 50
    assert data.rules["rules"]["victory"]["end_on_fifth_ruination"] is False
    assert data.rules["setup"] is data.setup


# --------------------------------------------------------------------------- board and tables


def test_regions_in_order(data):
    assert data.region_ids == [
        "norsca", "troll_country", "kislev", "the_empire", "bretonnia",
        "estalia", "tilea", "the_border_princes", "the_badlands",
    ]
    assert [r["id"] for r in data.regions] == data.region_ids
    assert data.region("the_empire")["resistance"] == 5
    assert data.region("the_empire")["conquest"] == 5
    populous = [r["id"] for r in data.regions if r["populous"]]
    assert populous == ["kislev", "the_empire", "bretonnia", "estalia"]
    assert all(r["card_spaces"] == 2 for r in data.regions)


def test_adjacency_symmetric(data):
    for r in data.regions:
        assert r["id"] not in r["adjacent"]
        for other in r["adjacent"]:
            assert r["id"] in data.region(other)["adjacent"], (r["id"], other)


def test_ruination_table(data):
    assert data.ruination_vp("the_empire", 1) == (10, 5)
    assert data.ruination_vp("the_empire", 5) == (12, 6)
    assert data.ruination_vp("estalia", 2) == (10, 5)
    assert data.ruination_vp("norsca", 4) == (8, 4)
    assert [data.ruiner_vp(n) for n in range(1, 6)] == [3, 4, 4, 5, 5]
    with pytest.raises(ValueError):
        data.ruiner_vp(6)
    with pytest.raises(ValueError):
        data.ruination_vp("kislev", 0)


def test_copies_sum_to_deck_size(data):
    for p in data.power_ids:
        assert data.power(p)["deck_size"] == 24
        assert sum(c["copies"] for c in data.chaos_cards(p)) == 24, p


def test_chaos_card_flags(data):
    assert data.chaos_card("khorne", "blood_frenzy")["early_dice"] == 2
    assert data.chaos_card("khorne", "battle_cry")["no_corruption"] is True
    assert data.chaos_card("nurgle", "influenza")["resistance_mod"] == -2
    assert data.chaos_card("nurgle", "plague_aura")["magic"] is True
    assert data.chaos_card("tzeentch", "dazzle")["summary"] == ""
    with pytest.raises(UnknownName) as e:
        data.chaos_card("khorne", "blood_frenzi")
    assert "blood_frenzy" in e.value.close


def test_old_world_cards(data):
    cards = data.old_world_cards
    assert len(cards) == 22
    assert sum(c["copies"] for c in cards) == 28
    assert data.old_world_card("plunged_into_chaos")["copies"] == 4
    assert data.old_world_card("meteor_showers")["discarded_by_card"] is True
    assert "discarded_by_card" not in data.old_world_card("witch_hunters")
    events = {c["id"] for c in cards if c["places_event_tokens"]}
    assert events == {"dark_elf_corsairs", "electors_sue_for_peace", "the_grail_is_found",
                      "greenskins_invade", "norse_reavers", "teclis_aids_the_empire"}
    assert data.old_world_card("the_grail_is_found")["copies_confidence"] == "provisional"


def test_threat_numbers_base(data):
    """Start..last position of the four base dials show 1..34, each once (rules §2.6)."""
    numbers = [data.threat(p, i) for p in data.power_ids for i in range(data.ticks_to_win(p))]
    assert sorted(numbers) == list(range(1, 35))
    starts = {p: data.threat(p, 0) for p in data.power_ids}
    assert starts == {"khorne": 3, "nurgle": 1, "tzeentch": 2, "slaanesh": 4}


def test_dials(data):
    assert data.ticks_to_win("khorne") == 9
    assert [data.ticks_to_win(p) for p in ("nurgle", "tzeentch", "slaanesh")] == [10, 8, 7]
    assert data.power("khorne")["dial"]["threats"] == [3, 6, 12, 14, 17, 23, 28, 31, 32]
    assert data.dial_reward("khorne", 0) == "start"
    assert data.dial_reward("khorne", 1) == "vp:4"
    assert data.dial_reward("khorne", 9) == "victory"
    assert data.dial_reward("nurgle", 2) == "ask"
    assert data.threat("khorne", 9) == 32  # Victory prints no number: the last one stands
    for p in data.power_ids:
        dial = data.power(p)["dial"]
        assert len(dial["rewards"]) == len(dial["threats"]) == len(dial["confidence"]) == dial["ticks_to_win"]
        assert all(chaos_data.REWARD_RE.match(r) for r in dial["rewards"])


def test_powers(data):
    assert data.power("khorne")["starting_pp"] == 7
    assert data.power("khorne")["draw"] == 2
    assert data.power("tzeentch")["draw"] == "discard_one_then_fill_to_5"
    assert data.power("tzeentch")["hand_target"] == 5
    assert data.power("nurgle")["followers"]["warrior"]["cost"] == 1
    assert data.power("slaanesh")["followers"]["daemon"]["defense"] == 4
    bonuses = {u["key"]: u["pp_bonus"] for u in data.power("slaanesh")["upgrades"]}
    assert bonuses["pp1"] == 1 and bonuses["pp2"] == 2
    assert [data.power(p)["dac_condition"] for p in data.power_ids] == [
        "kill_enemy_figure", "corrupt_2_populous", "corrupt_2_magic", "corrupt_2_noble_or_hero"]


def test_load_is_cached():
    assert load() is load()
    assert load({}) is load()


# --------------------------------------------------------------------------- overrides


def test_override_marks_owner():
    data = load({"regions": {"the_border_princes": {"resistance": 2, "conquest": 2}}})
    rec = data.region("the_border_princes")
    assert (rec["resistance"], rec["conquest"]) == (2, 2)
    assert rec["confidence"] == "owner"
    assert load().region("the_border_princes")["resistance"] == 1  # shipped data untouched


def test_override_unknown_region_lists_valid_ids():
    with pytest.raises(DataError) as e:
        load({"regions": {"atlantis": {"resistance": 2}}})
    text = str(e.value)
    assert "regions.atlantis" in text
    for rid in load().region_ids:
        assert rid in text


def test_override_unknown_key_and_bad_type():
    with pytest.raises(DataError, match=r"regions\.kislev\.resistence.*resistance"):
        load({"regions": {"kislev": {"resistence": 2}}})
    with pytest.raises(DataError, match=r"regions\.kislev\.resistance"):
        load({"regions": {"kislev": {"resistance": "five"}}})
    with pytest.raises(DataError, match="nope"):
        load({"nope": {}})


def test_override_validation_runs():
    with pytest.raises(DataError, match="symmetric"):
        load({"regions": {"norsca": {"adjacent": ["troll_country", "kislev"]}}})
    with pytest.raises(DataError, match="rewards"):
        load({"powers": {"nurgle": {"dial": {"rewards": {"2": "bogus"}}}}})
    with pytest.raises(DataError, match="add up to"):
        load({"cards": {"khorne": {"blood_frenzy": {"copies": 5}}}})


def test_override_records_by_id():
    data = load({
        "cards": {"tzeentch": {"dazzle": {"summary": "owner text"}}},
        "old_world": {"the_grail_is_found": {"copies": 2}},
        "powers": {"nurgle": {"upgrades": {"cultist": {"effect": "free"}}}},
        "setup": {"old_world_deck": {"2": 9}},
        "rules": {"dial_advance": {"most_tie": "all_tied"}},
    })
    assert data.chaos_card("tzeentch", "dazzle")["summary"] == "owner text"
    assert data.chaos_card("tzeentch", "dazzle")["confidence"] == "owner"
    assert data.old_world_card("the_grail_is_found")["copies"] == 2
    assert data.old_world_card("the_grail_is_found")["copies_confidence"] == "owner"
    assert data.setup["old_world_deck"]["2"] == 9
    assert data.rules["rules"]["dial_advance"]["most_tie"] == "all_tied"
    keys = {i["key"] for i in provisional_items(data)}
    assert "old_world.the_grail_is_found.copies" not in keys
    assert "rules.dial_advance.most_tie" not in keys
    assert "powers.nurgle.upgrades.cultist" not in keys
    with pytest.raises(DataError, match="dazzle"):
        load({"cards": {"tzeentch": {"dazle": {"summary": "x"}}}})


# --------------------------------------------------------------------------- names


def test_find_region(data):
    assert find_region(data, "o império") == "the_empire"
    assert find_region(data, "IMPERIO") == "the_empire"
    assert find_region(data, "the-empire") == "the_empire"
    assert find_region(data, "The Empire") == "the_empire"
    assert find_region(data, "terra dos trolls") == "troll_country"
    assert find_region(data, "principados fronteiricos") == "the_border_princes"
    assert find_region(data, "Terras Ermas") == "the_badlands"
    assert find_region(data, "bretonia") == "bretonnia"
    assert find_region(data, "border_princes") == "the_border_princes"


def test_find_region_unknown(data):
    with pytest.raises(UnknownName) as e:
        find_region(data, "Kislew")
    assert isinstance(e.value, LookupError)
    assert e.value.kind == "region"
    assert "kislev" in e.value.close
    assert e.value.valid == data.region_ids


def test_find_power(data):
    assert find_power(data, "KHORNE") == "khorne"
    assert find_power(data, "o Senhor das Pragas") == "nurgle"
    assert find_power(data, "principe dos prazeres e da dor") == "slaanesh"
    with pytest.raises(UnknownName) as e:
        find_power(data, "Tzench")
    assert e.value.close == ["tzeentch"]


# --------------------------------------------------------------------------- provisional


def test_provisional_items(data):
    items = {i["key"]: i for i in provisional_items(data)}
    for pos in (2, 3, 9):
        item = items[f"powers.nurgle.dial.rewards[{pos}]"]
        assert item["value"] == "ask"
        assert item["confidence"] == "provisional"
        assert item["note"]
    assert "regions.the_border_princes" in items
    assert "rules.dial_advance.power_order" in items
    assert all(i["confidence"] in ("provisional", "U") for i in items.values())
    assert "powers.khorne.dial.rewards[1]" not in items


def test_provisional_items_skip_owner_values():
    data = load({"powers": {"nurgle": {"dial": {"rewards": {"2": "remove_corruption:1"}}}},
                 "regions": {"the_border_princes": {"resistance": 1}}})
    assert data.dial_reward("nurgle", 2) == "remove_corruption:1"
    assert data.power("nurgle")["dial"]["confidence"][2] == "owner"
    keys = {i["key"] for i in provisional_items(data)}
    assert "powers.nurgle.dial.rewards[2]" not in keys
    assert "powers.nurgle.dial.rewards[3]" in keys
    assert "regions.the_border_princes" not in keys


# --------------------------------------------------------------------------- translations


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_terms_cover_data(data, lang):
    with open(ROOT / "cli" / "locales" / lang / "chaos_terms.toml", "rb") as fh:
        terms = tomllib.load(fh)
    wanted = [f"chaos.region.{r}" for r in data.region_ids]
    wanted += [f"chaos.power.{p}" for p in data.power_ids]
    wanted += [f"chaos.card.{p}.{c['id']}" for p in data.power_ids for c in data.chaos_cards(p)]
    wanted += [f"chaos.oldworld.{c['id']}" for c in data.old_world_cards]
    wanted += [f"chaos.upgrade.{p}.{u['key']}" for p in data.power_ids for u in data.power(p)["upgrades"]]
    wanted += [f"chaos.figure.{k}" for k in ("cultist", "warrior", "daemon")]
    wanted += [f"chaos.token.{k}" for k in ("noble", "peasant", "warpstone", "hero", "skaven", "event")]
    kinds = {r.partition(":")[0] for p in data.power_ids for r in data.power(p)["dial"]["rewards"]}
    wanted += [f"chaos.reward.{k}" for k in kinds | {"victory"}]
    assert [k for k in wanted if k not in terms] == []
    assert "{n}" in terms["chaos.reward.vp"]


# --------------------------------------------------------------------------- shipped validation


def _shipped_copy():
    import copy

    return copy.deepcopy(chaos_data._shipped())


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda ns: ns["regions"].pop("tilea"), "9 regions"),
        (lambda ns: ns["regions"]["norsca"]["adjacent"].append("the_badlands"), "symmetric"),
        (lambda ns: ns["ruination"]["places"]["kislev"]["first"].pop(), "must have 5 values"),
        (lambda ns: ns["powers"]["khorne"]["dial"]["rewards"].__setitem__(1, "vp"), "not a reward"),
        (lambda ns: ns["powers"]["khorne"]["dial"].__setitem__("ticks_to_win", 8), "ticks_to_win"),
        (lambda ns: ns["cards"]["nurgle"][0].__setitem__("copies", 1), "add up to"),
        (lambda ns: ns["regions"]["kislev"].__setitem__("confidence", "maybe"), "confidence"),
    ],
)
def test_shipped_validation_catches(change, message):
    ns = _shipped_copy()
    chaos_data._validate(ns)  # the shipped data itself is valid
    change(ns)
    with pytest.raises(DataError, match=message):
        chaos_data._validate(ns)
