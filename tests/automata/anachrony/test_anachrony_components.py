"""Issue 26: Anachrony's component list, against the seed's module setups (seed 002; rules file §1.3 N1, H1-H4,
Q1-Q4, I1-I11, §1.4) and the base setup (rules file §2.4 A1-C19, §2.14.5): the counts it gives are the ones the
setup steps then use, for every player count and every combination of modules."""

import re
from itertools import combinations

import pytest

from automata.anachrony import game
from automata.anachrony.components import components
from components_checks import count, play_setup, said

MODULES = ("neutronide", "hypersync", "quantum_loops", "intrigues")
SETUPS = [(n, list(mods)) for n in (1, 2, 3, 4) for k in range(5) for mods in combinations(MODULES, k)
          if not (n == 1 and "intrigues" in mods)]


@pytest.mark.parametrize("players,modules", SETUPS, ids=lambda v: str(v))
def test_the_list_counts_what_the_setup_uses(players, modules):
    options = game.check_options({"players": players, "modules": ",".join(modules)})
    items = components(options)
    state = game.new_state(options, seed=7)
    says = play_setup(game, state, lambda step: step["proc"] == "setup")
    pools = said(says, "anachrony.setup.pools")[0]
    assert (pools["recruit"], pools["mine"]) == (count(items, "recruit_pool"), count(items, "mine_pool")) == (11, 11)
    timeline = said(says, "anachrony.setup.timeline")[0]
    assert timeline["before"] + timeline["after"] == count(items, "timeline") == (6 if "intrigues" in modules else 7)
    assert len(state["superprojects"]) == count(items, "superprojects")
    dealt = [it for it in items if it["key"] == "endgame"]
    assert len(state.get("endgame_conditions") or []) == (dealt[0]["count"] if dealt else 0)
    if not dealt:  # seed I7 and rules file §2.4 A10: none with Intrigues, none solo
        assert "intrigues" in modules or players == 1
    pieces = said(says, "anachrony.setup.player_pieces")[0]
    assert (pieces["exosuits"], pieces["warp"], pieces["markers"]) == (
        count(items, "exosuits"), count(items, "warp_tiles"), count(items, "path_markers")) == (6, 9, 8)
    if "hypersync" in modules:  # seed H1: 3 tiles per player; H3: 3 Supercharge tiles; H4: Hex Unavailable with 2
        assert said(says, "anachrony.setup.hypersync_tiles")[0]["n"] * players == count(items, "hypersync.tiles")
        assert said(says, "anachrony.setup.supercharge_aside")[0]["n"] == count(items, "hypersync.supercharge") == 3
        assert bool(said(says, "anachrony.setup.cover_world_council")) == any(it["key"] == "hypersync.hex_unavailable" for it in items)
    if "quantum_loops" in modules:  # seed Q3: 8 cards, 3 in the offer
        ql = said(says, "anachrony.setup.ql_offer_app")[0]
        assert ql["total"] == len(state["ql"]["offer"]) + len(state["ql"]["deck"]) == count(items, "quantum_loops.cards") == 8
        assert count(items, "quantum_loops.warp") == players
    if "intrigues" in modules:  # seed I9: one 8-card Mission deck per player
        decks = said(says, "anachrony.setup.mission_decks")[0]
        assert decks["decks"] * decks["size"] == count(items, "intrigues.missions") == 8 * players
    for module in ("neutronide", "intrigues"):  # seed N1, I4: four new buildings each
        listed = [it for it in items if it["key"] == f"{module}.buildings"]
        assert (module in modules) == bool(listed) and (not listed or listed[0]["count"] == 4)


def test_provisional_and_uncounted_items_are_marked():
    """Rules file §4.1 item 15: the Emergency Missions' count is provisional; §2.14.5: the Agenda tiles are MISSING."""
    items = components(game.check_options({"players": 2, "modules": "intrigues"}))
    (em,) = [it for it in items if it["key"] == "intrigues.emergency"]
    assert em["provisional"] == "intrigues.emergency.count"
    assert count(items, "intrigues.agenda") is None


def test_a_drawn_leader_is_named_in_the_leader_line():
    """A random setup draws each player's Leader (randomsetup.py): the component list says the drawn Leader plays
    instead of asking the table to choose one; without a draw the table chooses (rules file, player setup)."""
    from automata.anachrony.components import components

    base = {"players": 2, "modules": [], "opponent": ""}
    drawn = {**base, "paths": {"p1": {"path": "harmony", "leader": "x"}, "p2": {"path": "progress", "leader": "y"}}}
    (plain,) = [i for i in components(base) if i["key"] == "leaders"]
    (picked,) = [i for i in components(drawn) if i["key"] == "leaders"]
    assert plain["what"]["id"] == "anachrony.components.leaders"
    assert picked["what"]["id"] == "anachrony.components.leaders_drawn" and picked["count"] == plain["count"]


@pytest.mark.parametrize("players", [1, 3])
def test_a_drawn_path_is_named_on_its_boards_and_leaders(players):
    """A random setup draws each player's Path and the Player board side (randomsetup.py; rules file §2.4 C14,
    C16, C18): the Player board, Path board and Leader lines name each drawn Path (and whose it is), the Player
    board line the side drawn; without a draw they speak of the Path the table chooses."""
    from cli.words.i18n import Translator
    from automata.anachrony.data import load
    from automata.core.msg import Msg

    paths = load().rules["paths"]
    picks = {f"p{i + 1}": {"path": p, "leader": next(iter(paths["leaders"][p]))} for i, p in enumerate(paths["ids"][:players])}
    drawn = game.check_options({"players": players, "modules": "", "paths": picks, "board_side": "b",
                                "names": "Ana,Bia,Caio" if players == 3 else "", "opponent": "chronobot" if players == 1 else ""})
    plain = game.check_options({"players": players, "modules": "", "opponent": "chronobot" if players == 1 else ""})
    for lang in ("en", "pt-BR"):
        t = Translator(lang)
        lines = {it["key"]: t.render(Msg.from_data(it["what"])) for it in components(drawn)}
        for key in ("player_board", "path_board", "leaders"):
            for i, pick in enumerate(picks.values()):
                assert t(f"anachrony.path.{pick['path']}") in lines[key], lines[key]
                if players > 1:
                    assert ("Ana", "Bia", "Caio")[i] in lines[key], lines[key]
        assert re.search(r"\bB\b", lines["player_board"]), lines["player_board"]
        unnamed = {it["key"]: t.render(Msg.from_data(it["what"])) for it in components(plain)}
        for key in ("player_board", "path_board", "leaders"):
            assert not any(t(f"anachrony.path.{p}") in unnamed[key] for p in paths["ids"]), unnamed[key]
