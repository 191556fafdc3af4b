"""The random setups (``automata/<game>/randomsetup.py``): every draw is a legal setup of its game for every
player count, drawn only from what is owned, and the same seed gives the same draw.

Rules cited: Chaos seed 003 Preparação 1 (3 or 4 Powers, each once); Radlands seed 004 Preparação de cada
jogador 1-2 and rules file §1.4 steps 1-2 (six camps dealt to each player from the camp deck, three kept);
Anachrony rules file §2.4 C14/C18 (a different Path each, one of its two Leaders, one board side), §3.1 and
§2.15 (no Intrigues solo, no module against the Chronobot, the books' two or three modules at most); Time of
Crisis seed 000 Preparação and G16 (a complete four-faction game, a different AI mat per bot, one of the three
card setups).
"""

from __future__ import annotations

import pytest

from automata.core import collection as core
from automata.core.games import load_game

SEEDS = range(40)


def legal(game_id: str, raw: dict) -> dict:
    """The game's own option check accepts the draw (it raises OptionError otherwise)."""
    return load_game(game_id).check_options(dict(raw))


@pytest.mark.parametrize("count", [3, 4])
def test_chaos_draws_different_powers_for_the_player_count(count):
    # seed 003, Preparação 1: three or four players, each a different Power
    seen = set()
    for seed in SEEDS:
        raw = core.draw("chaos", {"powers": str(count)}, set(), {"base"}, seed)
        powers = legal("chaos", raw)["powers"]
        assert len(powers) == len(set(powers)) == count
        seen.add(tuple(powers))
    assert len(seen) == (4 if count == 3 else 1)  # with three, every trio comes up over 40 seeds


def test_chaos_powers_given_stay():
    raw = core.draw("chaos", {"powers": "khorne,nurgle,slaanesh"}, {"powers"}, {"base"}, 3)
    assert raw["powers"] == "khorne,nurgle,slaanesh"


def test_radlands_deals_six_different_camps_to_each_player_and_the_table_keeps_three():
    # seed 004, Preparação de cada jogador 1-2; rules file §1.4: deal 6 each, keep 3
    from automata.radlands.data import load

    data = load()
    camps = set(data.camp_deck())
    for seed in SEEDS:
        raw = core.draw("radlands", {}, set(), {"base", "cult_of_chrome"}, seed)
        opts = legal("radlands", raw)
        a, b = opts["dealt"]["a"], opts["dealt"]["b"]
        assert len(a) == len(b) == data.rules["camps_dealt"] == 6
        assert not set(a) & set(b) and len(set(a)) == 6 and set(a) | set(b) <= camps


def test_radlands_setup_offers_only_the_dealt_camps():
    """The keeping stays the player's: the camp question offers the six dealt, nothing else (rules file §1.4)."""
    from automata.radlands import setup
    from automata.radlands.data import load
    from automata.radlands.game import new_state

    raw = core.draw("radlands", {}, set(), {"base"}, 11)
    state = new_state(legal("radlands", raw), 11)
    gen = setup.choose_camps(state, load(), "a")
    step = next(gen)
    while type(step).__name__ != "Ask":
        step = next(gen)
    assert {c.value for c in step.choices} == set(raw["dealt"]["a"])


def test_radlands_deals_only_owned_sets(monkeypatch):
    from automata.radlands import randomsetup
    from automata.radlands.data import load

    assert randomsetup.camp_deck(load(), {"cult_of_chrome"}) == []  # no base camps owned: nothing to deal
    with pytest.raises(ValueError):
        core.draw("radlands", {}, set(), {"cult_of_chrome"}, 1)


def test_radlands_first_game_deals_nothing():
    raw = core.draw("radlands", {"first_game": True}, {"first_game"}, {"base"}, 1)
    assert "dealt" not in legal("radlands", raw)


ALL_ANACHRONY = {"base", "future_imperfect", "neutronide", "hypersync", "quantum_loops", "intrigues"}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_anachrony_paths_leaders_and_modules_fit_the_player_count(players):
    from automata.anachrony.data import load

    paths = load().rules["paths"]
    modules_seen = set()
    for seed in SEEDS:
        raw = core.draw("anachrony", {"players": players}, set(), ALL_ANACHRONY, seed)
        opts = legal("anachrony", raw)
        picked = [opts["paths"][f"p{i + 1}"] for i in range(players)]
        assert len({p["path"] for p in picked}) == players  # §2.4 C14: a different Path each
        assert all(p["leader"] in paths["leaders"][p["path"]] for p in picked)  # C18: one of its two Leaders
        assert opts["board_side"] in ("a", "b")
        assert len(opts["modules"]) <= 3  # §2.15
        if players == 1:
            assert "intrigues" not in opts["modules"]  # §3.1: not available solo
        modules_seen |= set(opts["modules"])
    assert modules_seen == ({"neutronide", "hypersync", "quantum_loops"} | (set() if players == 1 else {"intrigues"}))


def test_anachrony_draws_only_owned_modules_and_none_against_the_chronobot():
    for seed in SEEDS:
        raw = core.draw("anachrony", {"players": 2}, set(), {"base", "future_imperfect", "hypersync"}, seed)
        assert legal("anachrony", raw)["modules"] in ([], ["hypersync"])
        raw = core.draw("anachrony", {"players": 2}, set(), {"base", "neutronide", "hypersync"}, seed)
        assert legal("anachrony", raw)["modules"] == []  # the modules come in the Future Imperfect box
        raw = core.draw("anachrony", {"players": 1, "opponent": "chronobot"}, set(), ALL_ANACHRONY, seed)
        assert legal("anachrony", raw)["modules"] == []  # §3.1: the Chronobot plays the base game only


@pytest.mark.parametrize("humans", [1, 2, 3])
def test_toc_draws_a_complete_game_with_a_mat_per_bot(humans):
    from automata.toc.game import CARD_OPTIONS

    seen_cards, seen_emperor = set(), set()
    for seed in SEEDS:
        raw = core.draw("toc", {"humans": humans}, set(), {"base", "age_of_iron_and_rust"}, seed)
        opts = legal("toc", raw)
        assert opts["humans"] + len(opts["bots"]) == 4  # G16: the complete four-faction game
        assert len(set(opts["mats"].values())) == len(opts["bots"])  # a different mat per bot
        seen_cards.add(opts["cards"])
        seen_emperor.add(opts["emperor_rules"])
    assert seen_cards == set(CARD_OPTIONS) and seen_emperor == {True, False}


def test_toc_options_given_stay():
    raw = core.draw("toc", {"humans": 2, "bots": "green,red", "cards": "selective", "emperor_rules": True},
                    {"humans", "bots", "cards", "emperor_rules"}, {"base", "age_of_iron_and_rust"}, 5)
    opts = legal("toc", raw)
    assert (opts["bots"], opts["cards"], opts["emperor_rules"]) == (["green", "red"], "selective", True)


@pytest.mark.parametrize("game_id, raw, have", [
    ("chaos", {"powers": "3"}, {"base"}),
    ("radlands", {}, {"base"}),
    ("anachrony", {"players": 3}, ALL_ANACHRONY),
    ("toc", {"humans": 1}, {"base", "age_of_iron_and_rust"}),
])
def test_the_same_seed_gives_the_same_draw(game_id, raw, have):
    draws = {seed: core.draw(game_id, raw, set(), have, seed) for seed in range(12)}
    assert all(core.draw(game_id, raw, set(), have, seed) == d for seed, d in draws.items())
    assert len({repr(sorted(d.items())) for d in draws.values()}) > 1  # the seed matters


def test_needs_name_what_the_options_use():
    assert core.missing("anachrony", {"modules": "intrigues"}, {"base", "future_imperfect"}) == ["intrigues"]
    assert core.missing("anachrony", {"modules": "hypersync"}, {"base", "hypersync"}) == ["future_imperfect"]
    assert core.missing("anachrony", {"modules": ""}, {"base"}) == []
    assert core.missing("toc", {}, {"base"}) == ["age_of_iron_and_rust"]  # the bots are the expansion's
    assert core.owned("radlands", None) == {"base", "cult_of_chrome"}  # no collection: everything owned
    assert core.owned("radlands", {"radlands": {"cult_of_chrome": False}}) == {"base"}


def test_radlands_items_are_the_data_sets():
    from automata.radlands.data import load
    from automata.radlands.randomsetup import CONTENT

    assert set(CONTENT) == set(load().sets)


def test_anachrony_setup_says_the_drawn_paths_where_the_boards_are_taken():
    """Rules file §2.4 C14-C18: the Player boards are taken at the players' step; the draw is said there."""
    from automata.anachrony import setup
    from automata.anachrony.game import new_state

    raw = core.draw("anachrony", {"players": 3}, set(), ALL_ANACHRONY, 2)
    opts = legal("anachrony", raw)
    state = new_state(opts, 2)
    from automata.anachrony.data import load

    said = [s.msg for s in setup._players_setup(state, load()) if type(s).__name__ == "Say"]
    paths = [m.params for m in said if m.id == "anachrony.setup.drawn_path"]
    assert [p["path"] for p in paths] == [f"@anachrony.path.{opts['paths'][f'p{i}']['path']}" for i in (1, 2, 3)]
    assert any(m.id == "anachrony.setup.drawn_side" for m in said)
