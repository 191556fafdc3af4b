"""Issue 26: Chaos in the Old World's component list, against the seed's setup list (seed 003, "Preparação" steps
1-8) and the rules file (§1.2, §2.2): the counts it gives are the ones the setup steps then use."""

from itertools import combinations

import pytest

from automata.chaos import game
from automata.chaos.components import components
from automata.chaos.data import load
from components_checks import count, play_setup, said

DATA = load()
SETUPS = [list(c) for n in (3, 4) for c in combinations(DATA.power_ids, n)]


@pytest.mark.parametrize("powers", SETUPS, ids=lambda p: "-".join(p))
def test_the_list_counts_what_the_setup_uses(powers):
    """Seed steps 5-8: the Ruination stack, the Old World deck (7 with 4 Powers, 8 with 3), the starting tokens
    (2 Noble, 3 Warpstone, 4 Peasant) and each Power's Chaos cards (hand of 3, the rest its deck)."""
    options = game.check_options({"powers": ",".join(powers)})
    items = components(options)
    state = game.new_state(options, seed=5)
    says = play_setup(game, state, lambda step: step["proc"] == "setup")
    assert state["old_world"]["deck"] == count(items, "old_world_deck") == {3: 8, 4: 7}[len(powers)]
    assert said(says, "chaos.setup.ruination_stack")[0]["cards"] == count(items, "ruination") == 5
    placed = {}
    for region in state["regions"].values():
        for kind, n in region["tokens"].items():
            placed[kind] = placed.get(kind, 0) + n
    starts = {it["key"].split(".")[1]: it["what"]["params"]["start"] for it in items
              if it["key"].startswith("token.") and "start" in it["what"].get("params", {})}
    assert {k: n for k, n in placed.items() if n} == starts == {"noble": 2, "warpstone": 3, "peasant": 4}
    for p in powers:
        ps = state["p"][p]
        assert ps["hand"] + ps["deck"] == count(items, f"{p}.chaos_cards") == 24
        assert ps["hand"] == 3
    sections = {it["section"]["params"]["power"] for it in items if it["section"]["id"] == "chaos.components.power"}
    assert sections == {f"@chaos.power.{p}" for p in powers}  # absent Powers' pieces stay in the box (seed step 3)


def test_figures_and_tokens_come_from_the_data():
    """Rules file §2.2 and §2.5: 29 corruption tokens per Power; each Power's followers as the data counts them;
    the battle dice have no count in any source, so the list gives none."""
    items = components(game.check_options({}))
    for p in DATA.power_ids:
        assert count(items, f"{p}.corruption") == 29
        for kind, fig in DATA.power(p)["followers"].items():
            assert count(items, f"{p}.{kind}") == fig["count"]
        assert count(items, f"{p}.upgrades") == len(DATA.power(p)["upgrades"]) == 5
    assert count(items, "dice") is None
    assert count(items, "dial_counters") == 16


def test_an_owner_value_is_counted_and_not_marked():
    """Rules file §3.4: the owner's value replaces the data's (as the setup step then deals it), and an owner's
    value is no longer provisional."""
    over = {"setup": {"old_world_deck": {"3": 9}}}
    options = game.check_options({"powers": "khorne,nurgle,tzeentch", "overrides": over})
    items = components(options)
    (deck,) = [it for it in items if it["key"] == "old_world_deck"]
    assert deck["count"] == 9 and deck["provisional"] == ""
    state = game.new_state(options, seed=1)
    play_setup(game, state, lambda step: step["proc"] == "setup")
    assert state["old_world"]["deck"] == 9


def test_the_old_world_deck_line_says_how_to_deal_it():
    """Seed 003, Preparação 6: shuffle all the Old World cards, deal 7 (4 players) or 8 (3 players), the rest back
    to the box; the line reads as that instruction in both languages."""
    from cli.words.i18n import Translator

    for lang, words in (("en", ("shuffle all", "back in the box")), ("pt-BR", ("embaralhe todas", "voltam para a caixa"))):
        text = Translator(lang)("chaos.components.old_world_deck", players=3)
        assert all(w in text for w in words) and "3" in text
