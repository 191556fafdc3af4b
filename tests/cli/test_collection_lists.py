"""The collection drives every component list (issue 36 item 5): ``setup-list`` refuses what ``new`` refuses,
the Radlands decks hold only the owned card sets, and a box's modules follow the box (automata/core/collection.py
``owned``, ``owned_options``; cli/setup/setupdraw.py ``owned_setup``; cli/setup/collection.py)."""

from __future__ import annotations

import json

import pytest

from automata.core import collection as core
from automata.core.components import components
from automata.radlands.game import check_options
from cli_checks import LANGS, tt

ANACHRONY_MODULES = ["neutronide", "hypersync", "quantum_loops", "intrigues"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game, item, args", [
    ("anachrony", "intrigues", ["anachrony", "--players", "2", "--modules", "intrigues"]),
    ("toc", "age_of_iron_and_rust", ["toc", "--humans", "1"]),  # seed 000: every game the program runs has a bot
])
def test_setup_list_refuses_what_the_collection_lacks_as_new_does(game, item, args, lang):
    assert tt("collection", "remove", game, item).exit_code == 0
    r = tt("--lang", lang, "setup-list", *args)
    assert r.exit_code == 2, r.output
    assert f"tabletop collection add {game} {item}" in r.output
    assert "[ ]" not in r.output  # no component listed
    assert tt("--lang", lang, "new", *args, "--seed", "3").exit_code == 2  # the same refusal as `new`
    assert tt("collection", "add", game, item).exit_code == 0
    assert tt("--lang", lang, "setup-list", *args).exit_code == 0


def test_removing_the_box_removes_its_modules_and_adding_it_back_brings_them():
    """Rules file §2.14 (anachrony): the four modules are in the Future Imperfect box."""
    assert tt("collection", "remove", "anachrony", "future_imperfect").exit_code == 0
    games = json.loads(tt("--json", "collection").output)["games"]["anachrony"]
    assert games["owned"] == ["base"]
    assert set(games["box_not_owned"]) == set(ANACHRONY_MODULES)
    assert tt("collection").output.count("not owned while") == 4
    r = tt("setup-list", "anachrony", "--players", "2", "--modules", "hypersync")
    assert r.exit_code == 2 and "Future Imperfect (expansion box)" in r.output
    r = tt("collection", "add", "anachrony", "hypersync")  # marked owned, still not: its box is not
    assert r.exit_code == 0 and "tabletop collection add anachrony future_imperfect" in r.output
    assert tt("collection", "add", "anachrony", "future_imperfect").exit_code == 0
    games = json.loads(tt("--json", "collection").output)["games"]["anachrony"]
    assert games["owned"] == ["base", "future_imperfect", *ANACHRONY_MODULES] and not games["box_not_owned"]


def test_a_module_follows_its_box_in_the_core():
    collection = {"anachrony": {"future_imperfect": False, "intrigues": True}}
    assert core.owned("anachrony", collection) == {"base"}
    assert core.missing("anachrony", {"modules": "intrigues"}, core.owned("anachrony", collection)) == \
        ["future_imperfect", "intrigues"]


def test_the_radlands_decks_hold_only_the_owned_sets():
    """Rules file §3.3 (radlands): a set in play puts its people and events in the draw deck, its camps in the camp
    deck; a set the table does not own is not in play, so Cult of Chrome's provisional flag leaves the list."""
    def listed(owned: set[str]):
        raw = core.owned_options("radlands", {}, owned)
        return {it["key"]: it for it in components("radlands", check_options(raw))}

    both, base = listed({"base", "cult_of_chrome"}), listed({"base"})
    assert both["draw_deck"]["provisional"] == "sets.cult_of_chrome"
    assert base["draw_deck"]["provisional"] == "" and base["camps"]["provisional"] == ""
    assert check_options(core.owned_options("radlands", {}, {"base"}))["sets"] == ["base"]


def test_setup_list_radlands_without_cult_of_chrome_has_no_provisional_deck():
    assert "sets.cult_of_chrome" in tt("setup-list", "radlands").output
    tt("collection", "remove", "radlands", "cult_of_chrome")
    r = tt("setup-list", "radlands")
    assert r.exit_code == 0 and "sets.cult_of_chrome" not in r.output
