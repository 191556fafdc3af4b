"""Anachrony setup: the base setup (rules file §2.4) with every module's setup step of seed 002
("Preparação", rules file §1.3: N1, H1-H4, Q1-Q4, I1-I11), for 1 to 4 players."""

from __future__ import annotations

import re

import pytest

from automata.anachrony import game
from automata.anachrony.data import load
from automata.core.games import OptionError
from anachrony_steps import new, play, said, say_params, through_setup

DATA = load()
BARRED = {"time_loop_amplifier", "time_wave_neutralizer"}


def setup_says(state) -> dict[str, list[str]]:
    """Every setup step's message ids, by step name."""
    out = {}
    answers = {"anachrony.setup.first_player": "p1", "anachrony.setup.other_modules": []}
    while game.next_step(state)["proc"] == "setup":
        name = game.next_step(state)["name"]
        if name != "first_player":
            answers[f"anachrony.setup.{name}"] = True
        answers.update({"anachrony.setup.sure.multiverse_hub": False, "anachrony.setup.sure.world_council_surveillance": False})
        out[name] = said(play(state, answers))
    return out


# -- options ----------------------------------------------------------------------------------------


def test_modules_by_english_portuguese_and_seed_names():
    """Issue 6 part 1: any combination of the four modules, by id, English name or the seed's Portuguese name."""
    opts = game.check_options({"players": 2, "modules": "Ações Hipersincrônicas, loops quanticos,intrigas no conselho,Construções de Neutronídeo"})
    assert opts["modules"] == ["neutronide", "hypersync", "quantum_loops", "intrigues"]
    assert game.check_options({"players": 2, "modules": ""})["modules"] == []
    assert game.check_options({"players": 2, "modules": "quantum-loops"})["modules"] == ["quantum_loops"]


def test_bad_options_say_what_is_valid():
    with pytest.raises(OptionError) as e:
        game.check_options({"players": 5})
    assert e.value.msg.id == "anachrony.error.players"
    with pytest.raises(OptionError) as e:
        game.check_options({"players": 2, "modules": "hypersinc"})
    assert e.value.msg.id == "anachrony.error.module" and "hypersync" in e.value.msg.params["close"]
    with pytest.raises(OptionError) as e:
        game.check_options({"players": 1, "modules": "intrigues"})
    assert e.value.msg.id == "anachrony.error.intrigues_solo"  # rules file §3.1: no solo support
    with pytest.raises(OptionError):
        game.check_options({"players": 2, "random": "dice"})
    with pytest.raises(OptionError):
        game.check_options({"players": 2, "names": "Ana"})


@pytest.mark.parametrize("modules,eras", [("", 7), ("hypersync,quantum-loops,neutronide", 7), ("intrigues", 6)])
def test_era_count(modules, eras):
    """Seed I6: with Intrigues only 2 Timeline tiles after the Impact, the game ends after Era 6; else 7 (rules file §1.5)."""
    assert new(3, modules)["era_count"] == eras


# -- every module's setup for 1 to 4 players ----------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_hypersync_setup(players):
    """Seed H1-H4: 3 tiles each, the board side for the player count, the Supercharge tiles aside, and
    the right World Council space covered with 2 players (solo is set up as a 2-player game)."""
    state = new(players, "hypersync")
    says = setup_says(state)
    tiles = "anachrony.setup.hypersync_tiles" + (".solo" if players == 1 else "")  # said to you in solo (audit 17)
    assert says["hypersync"][1:] == [tiles, "anachrony.setup.hypersync_board",
                                     *(["anachrony.setup.hypersync_copy_space"] if players == 4 else []),
                                     "anachrony.setup.supercharge_aside"]
    assert ("anachrony.setup.cover_world_council" in says["board"]) == (players <= 2)
    for p in state["players"].values():
        assert {t: s["state"] for t, s in p["hypersync"].items()} == {"construct": "available", "recruit": "available", "research": "available"}


@pytest.mark.parametrize("players,side", [(1, 2), (2, 2), (3, 3), (4, 4)])
def test_hypersync_board_side_for_the_player_count(players, side):
    """Seed H2: the Hypersync board side for the number of players (solo: the 2-player side, rules file §3.4.9)."""
    state = new(players, "hypersync")
    while game.next_step(state)["name"] != "hypersync":
        play(state, {f"anachrony.setup.{game.next_step(state)['name']}": True, "anachrony.setup.first_player": "p1"})
    r = play(state, {"anachrony.setup.hypersync": True})
    assert say_params(r, "anachrony.setup.hypersync_board") == [{"side": side}]


def test_world_council_not_covered_without_hypersync_but_offered_as_variant():
    """Rules file §2.4 A3: with 2 players covering the right World Council space is an optional variant without Hypersync."""
    says = setup_says(new(2, ""))
    assert "anachrony.setup.cover_world_council" not in says["board"]
    assert "anachrony.setup.world_council_variant" in says["board"]


@pytest.mark.parametrize("seed", range(60))
def test_quantum_loop_offer_never_starts_with_the_two_barred_cards(seed):
    """Seed Q3-Q4: 3 of the 8 cards face up; Time Wave Neutralizer and Time Loop Amplifier cannot start in the offer."""
    state = through_setup(new(3, "quantum-loops", seed=seed))
    ql = state["ql"]
    assert len(ql["offer"]) == 3 and not set(ql["offer"]) & BARRED
    assert sorted(ql["offer"] + ql["deck"]) == sorted(DATA.card_ids)
    assert set(ql["deck"]) >= BARRED


def test_quantum_loop_offer_by_the_table_replaces_a_barred_card():
    """Seed Q4 with the table's draw: a barred card revealed is put back and a replacement revealed (repeatedly)."""
    state = new(2, "quantum-loops", random="table")
    answers = {"anachrony.setup.ql_offer": ["cosmic_data_leak", "time_loop_amplifier", "time_wave_neutralizer"],
               "anachrony.setup.ql_replacement": ["foreign_labor", "future_blueprints"]}
    state = through_setup(state, **answers)
    assert state["ql"]["offer"] == ["cosmic_data_leak", "foreign_labor", "future_blueprints"]
    assert set(state["ql"]["deck"]) >= BARRED and len(state["ql"]["deck"]) == 5


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_quantum_loops_setup(players):
    """Seed Q1-Q4 for each player count: Multiverse Hub, a Quantum Warp each, 3 cards face up and 5 in the deck."""
    state = new(players, "quantum-loops")
    says = setup_says(state)
    assert "anachrony.setup.new_superproject" in says["superprojects"]
    warp = "anachrony.setup.quantum_warp" + (".solo" if players == 1 else "")  # said to you in solo (audit 17)
    assert says["quantum_loops"][1] == warp and "anachrony.setup.ql_offer_app" in says["quantum_loops"]
    assert len(state["ql"]["offer"]) == 3 and len(state["ql"]["deck"]) == 5
    assert all(p["quantum"] == {"warp": "supply"} for p in state["players"].values())


def test_quantum_warp_for_each_player():
    """Seed Q2: each player gets a Quantum Warp."""
    state = through_setup(new(4, "quantum-loops"))
    assert all(p["quantum"] == {"warp": "supply"} for p in state["players"].values())


@pytest.mark.parametrize("sure", [False, True])
def test_superprojects_multiverse_hub_and_world_council_surveillance(sure):
    """Seed Q1 and I5: each new Superproject replaces a random base one, or is included for sure (first game);
    one Superproject per Timeline tile (6 with Intrigues), no duplicates."""
    for seed in range(25):
        state = through_setup(new(3, "quantum-loops,intrigues", seed=seed), **{
            "anachrony.setup.sure.multiverse_hub": sure, "anachrony.setup.sure.world_council_surveillance": sure})
        sps = state["superprojects"]
        assert len(sps) == 6 == len(set(sps))
        if sure:
            assert {"multiverse_hub", "world_council_surveillance"} <= set(sps)
        assert set(sps) <= set(DATA.base_superprojects) | {"multiverse_hub", "world_council_surveillance"}


def test_superprojects_removed_are_announced():
    state = new(3, "quantum-loops", seed=3)
    while game.next_step(state)["name"] != "superprojects":
        play(state, {f"anachrony.setup.{game.next_step(state)['name']}": True})
    r = play(state, {"anachrony.setup.superprojects": True, "anachrony.setup.sure.multiverse_hub": False})
    removed = say_params(r, "anachrony.setup.sp_removed")
    assert len(removed) == 1 and removed[0]["sp"] == "@anachrony.sp.multiverse_hub"
    assert removed[0]["removed"][len("@anachrony.sp."):] not in state["superprojects"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_intrigues_setup(players):
    """Seed I1-I11: Council Chamber, Objectives of modules not in play out, two piles, the four buildings,
    2 Timeline tiles after the Impact, Endgame Conditions in the box, Benefits card and standee, one
    8-card Mission deck per player, Emergency Missions aside, the other modules' Objective tiles."""
    state = new(players, "intrigues")
    says = setup_says(state)
    assert says["intrigues"][1:] == ["anachrony.setup.council_chamber", "anachrony.setup.fractures_unsupported", "anachrony.setup.objectives_remove",
                                     "anachrony.setup.agenda_piles", "anachrony.setup.benefits_standee",
                                     "anachrony.setup.mission_decks", "anachrony.setup.emergency_aside"]
    assert "anachrony.setup.module_buildings" in says["buildings"]
    assert "anachrony.setup.timeline_intrigues" in says["timeline"]
    assert says["endgame"][1:] == ["anachrony.setup.endgame_box_intrigues"]
    assert all(p["intrigues"]["deck"] == 8 for p in state["players"].values())
    assert len(state["agenda"]) == DATA.rules["intrigues"]["grid"]["rows"]


def test_intrigues_with_another_module_adds_its_objective_tiles():
    """Seed I11: with Guardians of the Council (etc.) in play, shuffle its 2 extra Objective tiles in."""
    state = new(3, "intrigues")
    while game.next_step(state)["name"] != "intrigues":
        play(state, {f"anachrony.setup.{game.next_step(state)['name']}": True, "anachrony.setup.sure.world_council_surveillance": True})
    r = play(state, {"anachrony.setup.intrigues": True, "anachrony.setup.other_modules": ["guardians_of_the_council"]})
    assert say_params(r, "anachrony.setup.objectives_module") == [{"module": "@anachrony.other_module.guardians_of_the_council", "n": 2}]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_neutronide_buildings_shuffled_in(players):
    """Seed N1: the 4 new buildings (119, 219, 319, 419) go into their stacks."""
    state = new(players, "neutronide")
    play(state, {"anachrony.setup.board": True})
    play(state, {"anachrony.setup.pools": True})
    r = play(state, {"anachrony.setup.buildings": True})
    assert say_params(r, "anachrony.setup.module_buildings") == [{"module": "@anachrony.module.neutronide", "numbers": "119, 219, 319, 419"}]


def test_endgame_conditions_base_game_and_solo():
    """Rules file §2.4 A10: 5 of the 8 Endgame Conditions without Intrigues; none in solo play."""
    state = through_setup(new(3, ""))
    assert len(state["endgame_conditions"]) == 5 == len(set(state["endgame_conditions"]))
    assert "endgame_conditions" not in through_setup(new(1, ""))


@pytest.mark.parametrize("players,water", [(2, [0, 1]), (3, [0, 1, 1]), (4, [0, 1, 1, 2])])
def test_first_player_and_extra_water_clockwise(players, water):
    """Rules file §2.4 C19: clockwise from the First Player 0 / 1 / 1 / 2 extra Water."""
    state = new(players, "")
    while game.next_step(state)["name"] != "first_player":
        play(state, {f"anachrony.setup.{game.next_step(state)['name']}": True})
    r = play(state, {"anachrony.setup.first_player": "p2"})
    assert state["first"] == "p2"
    ids = [f"p{i}" for i in range(1, players + 1)]
    order = ids[1:] + ids[:1]
    assert say_params(r, "anachrony.setup.extra_water") == [
        {"player": {"id": "anachrony.player", "params": {"n": int(p[1:])}}, "water": w} for p, w in zip(order, water)]


def test_setup_steps_of_a_base_game_skip_the_module_steps():
    state = new(2, "")
    names = []
    while game.next_step(state)["proc"] == "setup":
        names.append(game.next_step(state)["name"])
        play(state, {f"anachrony.setup.{names[-1]}": True, "anachrony.setup.first_player": "p1"})
    assert "hypersync" not in names and "quantum_loops" not in names and "intrigues" not in names
    assert game.next_step(state) == {"proc": "phase", "era": 1, "phase": "preparation"}


@pytest.mark.parametrize("name", ["fractures", "Fractures of Time", "fraturas-do-tempo", "Fraturas do Tempo"])
def test_fractures_of_time_is_refused_at_new_saying_what_is_supported(name):
    """Rules file §2.3 (Fractures of Time: an Era Zero, the Impact after Era 3, the end after Era 5) and §1.5: the
    program runs 6 Eras with Intrigues (7 without) and the Impact after Era 4, so Fractures is refused with what
    is valid, never played on the wrong Timeline (issue 30 item 19)."""
    with pytest.raises(OptionError) as e:
        game.check_options({"players": 3, "modules": f"intrigues,{name}"})
    assert e.value.msg.id == "anachrony.error.fractures" and "intrigues" in e.value.msg.params["valid"]


def test_fractures_of_time_is_not_offered_among_the_other_modules():
    """Seed I11 (two Objective tiles per other module in play) with rules file §2.3: Fractures of Time's Era
    structure is not run here, so the setup says so and offers only the other three modules' tiles."""
    state = new(3, "intrigues")
    while game.next_step(state)["name"] != "intrigues":
        play(state, {f"anachrony.setup.{game.next_step(state)['name']}": True, "anachrony.setup.sure.world_council_surveillance": True})
    from automata.core.runner import DiceContext, ScriptedAnswers, run

    r = run(game.procedure(state, game.next_step(state)), ScriptedAnswers({"anachrony.setup.intrigues": True}),
            dice=DiceContext(1, 1, "app"))
    assert r.pending.id == "anachrony.setup.other_modules"
    assert [c.value for c in r.pending.choices] == ["variable_anomalies", "pioneers_of_new_earth", "guardians_of_the_council"]
    assert "anachrony.setup.fractures_unsupported" in [e.msg.id for e in r.transcript if e.kind == "say"]


@pytest.mark.parametrize("players", [1, 3])
def test_every_side_said_at_setup_names_its_board(players):
    """Rules file §2.4 C14 and C16 (seed 002 does not speak of them): the Player board is played on the same side
    (A or B) by everyone, while the Path board, a board of its own, goes in with a random side up (its side is
    the Evacuation condition). A line that says a side names the board or tile it is about, so "the same side"
    and "a random side" are never read as one board."""
    from cli.words.i18n import Translator

    state = new(players, "neutronide,hypersync" if players == 1 else "neutronide,hypersync,quantum-loops,intrigues",
                opponent="chronossus" if players == 1 else "")
    setup = []
    answers = {"anachrony.setup.first_player": "p1", "anachrony.setup.other_modules": [],
               "anachrony.setup.sure.multiverse_hub": False, "anachrony.setup.sure.world_council_surveillance": False}
    while game.next_step(state)["proc"] == "setup":
        answers.setdefault(f"anachrony.setup.{game.next_step(state)['name']}", True)
        setup += [e.msg for e in play(state, answers).transcript if e.kind == "say"]
    from automata.anachrony.components import components  # the list of what to take out of the box, first shown
    from automata.core.msg import Msg

    setup += [Msg.from_data(it["what"]) for it in components(state["options"])]
    for lang, side, board, player_board, path_board in (
            ("en", r"\bside\b", r"board|tile", "Player board", "Path board"),
            ("pt-BR", r"(?<!ao )(?<!de )\blado\b", r"tabuleiro|peça", "tabuleiro de Jogador", "tabuleiro de Caminho")):
        t = Translator(lang)
        clauses = [c for m in setup for c in re.split(r"[;.]", t.render(m)) if re.search(side, c)]
        assert clauses
        for clause in clauses:
            assert re.search(board, clause), clause
        same = [c for c in clauses if re.search(r"\bA\b.*\bB\b", c)]  # side A or B: the Player board, everyone alike
        random = [c for c in clauses if re.search(r"random|sortead", c)]
        assert same and random
        assert all(player_board in c and path_board not in c for c in same), same
        assert all(path_board in c and player_board not in c for c in random), random
