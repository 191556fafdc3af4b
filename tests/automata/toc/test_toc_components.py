"""Issue 26: Time of Crisis's component list, against the seed's setup (seed 000, "Preparação" steps 1-5) and the
rules file (§1.3, §2.2): the counts it gives are the ones the setup steps then use."""

import pytest

from automata.toc import game
from automata.toc.components import components
from components_checks import count, play_setup, said

COLOURS = ("red", "blue", "yellow", "green")
SETUPS = [(h, bots, cards, emp) for h in (1, 2, 3) for n in range(max(1, 2 - h), min(3, 4 - h) + 1)
          for bots in [COLOURS[:n]] for cards in ("fixed", "variable", "selective") for emp in (False, True)]


@pytest.mark.parametrize("humans,bots,cards,emperor", SETUPS)
def test_the_list_counts_what_the_setup_uses(humans, bots, cards, emperor):
    """Seed step 2: 18 piles (Fixed), 9 (Variable, Selective); step 3: two Emperor tokens per faction with the
    Emperor rules; step 4: per bot a mat, a mode marker, a pawn on each of the 3 areas and 3 cylinders."""
    options = game.check_options({"humans": humans, "bots": ",".join(bots), "cards": cards, "emperor_rules": emperor})
    items = components(options)
    state = game.new_state(options, seed=3)
    says = play_setup(game, state, lambda step: step["proc"] == "setup")
    key = {"fixed": "toc.setup.cards_fixed", "variable": "toc.setup.cards_variable", "selective": "toc.setup.selective_rest"}[cards]
    assert said(says, key)[0]["piles"] == count(items, "piles") == {"fixed": 18}.get(cards, 9)
    if emperor:
        assert said(says, "toc.setup.emperor_tokens")[0]["n"] * (humans + len(bots)) == count(items, "emperor_tokens")
        assert count(items, "emperor_tokens") == 2 * (humans + len(bots))
    else:
        assert not [it for it in items if it["key"] == "emperor_tokens"]
    assert set(state["bots"]) == set(bots)
    for colour, bot in state["bots"].items():
        assert len(bot["pawn"]) == count(items, f"{colour}.pawns") == 3
        assert len(bot["cylinder"]) == count(items, f"{colour}.cylinders") == 3
        assert bot["mat"] == options["mats"][colour]
        assert count(items, f"{colour}.mat") == 1


def test_what_no_source_counts_has_no_count():
    """Seed step 5: the base game's own setup is unchanged and no source here lists it: named, never counted."""
    items = components(game.check_options({}))
    assert count(items, "base") is None
    assert count(items, "damnatio") == 6  # rules file §2.2: 6 replacement Blue value-4 cards
