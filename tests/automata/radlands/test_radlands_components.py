"""Issue 26: Radlands's component list, against the seed's setup (seed 004, "Preparação Geral" 1-3, "Preparação da
Área de Jogo de Cada Jogador" 1-5) and the rules file (§1.2, §2.2)."""

import pytest

from automata.radlands import game
from automata.radlands.components import components
from components_checks import count, play_setup, said


@pytest.mark.parametrize("first_game", (False, True))
@pytest.mark.parametrize("track", ("full", "queues"))
def test_the_list_counts_what_the_setup_uses(first_game, track):
    """The draw deck the setup shuffles (66 cards, §2.2), 3 white water discs per player (seed step 4), the camp
    deck or the six first-game camps (seed step 1)."""
    options = game.check_options({"first_game": first_game, "track": track})
    items = components(options)
    state = game.new_state(options, seed=7)
    says = play_setup(game, state, lambda step: step["proc"] == "setup")
    assert said(says, "radlands.setup.draw_deck")[0]["n"] == count(items, "draw_deck") == 66
    assert said(says, "radlands.setup.water")[0]["n"] == count(items, "water") == 3
    for key in ("water_silo", "raiders", "player_aid"):
        assert count(items, key) == 1  # seed: one of each per player
    if first_game and track == "full":
        camps = [c["id"] for side in ("a", "b") for c in state["players"][side]["camps"]]
        assert len(camps) == count(items, "camps") == 6
    elif not first_game:
        assert count(items, "camps") == 34  # rules file §2.2: 34 camps, the seed's camp deck


def test_the_unentered_expansion_is_marked_provisional():
    """Rules file §3.3: Cult of Chrome's cards are in no source; the decks' counts say so, with the key to fill."""
    items = components(game.check_options({}))
    assert {it["provisional"] for it in items if it["key"] in ("camps", "draw_deck")} == {"sets.cult_of_chrome"}
    assert count(items, "extra_water") is None  # seed: not limited by the supply, no count


def test_a_random_deal_is_said_in_the_camp_line():
    """Seed step 1: each player draws 6 camps and keeps 3; with a random setup the deal is already made (the setup
    names each player's six), so the camp line says so instead of asking the players to draw. Same deck count."""
    from automata.radlands.randomsetup import draw

    plain = game.check_options({"first_game": False, "track": "full"})
    dealt = game.check_options(draw({"first_game": False, "track": "full", "players": None}, set(),
                                    {"base", "cult_of_chrome"}, 5))
    (a,) = [i for i in components(plain) if i["key"] == "camps"]
    (b,) = [i for i in components(dealt) if i["key"] == "camps"]
    assert a["what"]["id"] == "radlands.components.camp_deck"
    assert b["what"]["id"] == "radlands.components.camp_deck_dealt" and a["count"] == b["count"]
    assert b["what"]["params"]["dealt"] == 6 and b["what"]["params"]["kept"] == 3
