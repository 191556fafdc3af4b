"""``tabletop new anachrony``, ``tabletop play`` and ``tabletop anachrony status`` (issue 6 parts 1, 2, 4),
and the pt-BR leak check of whole Anachrony games.

Seed 002 (setup and Era changes of the four modules); rules file §4 (provisional values, owner overrides).
"""

from __future__ import annotations

import json
import re

import pytest

from automata.anachrony import game

import anachrony_policy  # noqa: E402
from cli_checks import PLACEHOLDER, answer_args, new_game as new_save, raw_id, tt  # noqa: E402
from leaks import leaks, play_recorded  # noqa: E402

RAW_ID = raw_id("anachrony")
SETUP = ["board", "pools", "buildings", "supply", "timeline", "superprojects", "focus", "endgame", "hypersync",
         "quantum_loops", "intrigues", "players"]


def setup_answers() -> list[str]:
    return answer_args({**{f"anachrony.setup.{name}": "yes" for name in SETUP},
                        "anachrony.setup.first_player": "Bia", "anachrony.setup.other_modules": "",
                        "anachrony.setup.sure.multiverse_hub": "no", "anachrony.setup.sure.world_council_surveillance": "sim"})


def new_game(*extra: str, lang: str = "en"):
    return new_save("anachrony", "--players", "3", "--modules", "all", "--names", "Ana,Bia,Caio", *extra, lang=lang)


# -- new -----------------------------------------------------------------------------------------------


def test_new_game_json_options():
    r = tt("--json", "new", "anachrony", "--players", "2", "--modules", "Loops Quânticos,intrigas", "--draws", "table", "--seed", "9")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["game"] == "anachrony" and data["seed"] == 9
    assert data["options"] == {"players": 2, "modules": ["quantum_loops", "intrigues"], "random": "table", "names": [], "asks": 3}


@pytest.mark.parametrize("args,text", [
    (["--players", "0"], "1 to 4 players"),
    (["--modules", "hypersinc"], "Closest: hypersync"),
    (["--players", "1", "--modules", "intrigues"], "no solo rules"),
    (["--draws", "dice"], "Valid: app, table"),
    (["--players", "2", "--names", "Ana"], "one name per player"),
])
def test_new_game_errors_say_what_is_valid(args, text):
    r = tt("new", "anachrony", *args)
    assert r.exit_code == 2
    assert text in r.output, r.output


# -- play and status -------------------------------------------------------------------------------------


def test_setup_walkthrough_stops_at_the_first_unanswered_question():
    new_game()
    r = tt("play", *setup_answers())
    assert r.exit_code == 2, r.output  # Era 1 Warp: who revealed their Quantum Warp?
    assert "anachrony.warp.quantum" in r.output
    assert "The table is set: 6 Eras to play." in r.output
    assert "Bia: 0 extra Water." in r.output and "Caio: 1 extra Water." in r.output


def test_status_json_keys():
    new_game()
    tt("play", *setup_answers())
    r = tt("--json", "anachrony", "status")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    for key in ("name", "game", "players", "modules", "random", "era", "last_era", "phase", "impact", "over", "first_player",
                "turn_order", "next", "superprojects", "endgame_conditions", "quantum_loops", "agenda", "player"):
        assert key in data, key
    assert data["era"] == 1 and data["last_era"] == 6 and data["first_player"] == "p2"
    assert data["turn_order"] == ["p2", "p3", "p1"]
    assert len(data["quantum_loops"]["offer"]) == 3 and len(data["agenda"]) == 5
    ana = data["player"]["p1"]
    assert ana["name"] == "Ana" and set(ana) == {"name", "vp_tokens", "vp", "missions_failed_vp", "hypersync", "hypersync_era", "quantum", "intrigues"}
    assert set(ana["intrigues"]) == {"mission_deck", "mission", "emergency_left", "objectives", "values", "benefit_uses",
                                     "benefit_limit", "missions_failed"}
    assert ana["intrigues"]["mission_deck"] == 6  # Power Up of Era 1 drew 2 (seed M1)


def test_a_scripted_era_and_status_text():
    new_game()
    r = tt("play", *setup_answers(), "--answer", "anachrony.warp.quantum=Ana", "--answer", "anachrony.warp.p1.card=none",
           "--answer", "anachrony.action=hypersync:Caio",
           "--answer", "anachrony.hypersync.p3.tile=research", "--steps", "20")
    assert "Caio puts the Research Hypersync tile above the Era 1 Timeline tile." in r.output, r.output
    r = tt("status")
    assert r.exit_code == 0
    flat = " ".join(r.output.replace("│", " ").split())  # the picture's boxes wrap their text at words
    assert "Research out since Era 1" in flat and "Quantum Loop offer:" in flat and "Agenda table" in flat
    # issue 14: the tile is drawn on the Timeline, above the Era 1 tile (seed 002, Hypersync: the tile goes there)
    era1 = r.output[r.output.index("Era 1"):r.output.index("Era 2")]
    assert "Caio: Hypersync Research" in " ".join(era1.replace("│", " ").split()), era1
    assert not RAW_ID.search(r.output), RAW_ID.findall(r.output)


def test_undo_replays_the_same_random_setup():
    new_game()
    tt("play", *setup_answers())
    before = json.loads(tt("--json", "status").stdout)
    tt("undo", "3")
    tt("play", *setup_answers())
    after = json.loads(tt("--json", "status").stdout)
    assert before["superprojects"] == after["superprojects"] and before["quantum_loops"] == after["quantum_loops"]


def test_status_in_pt_br():
    new_game(lang="pt-BR")
    tt("--lang", "pt-BR", "play", *setup_answers())
    r = tt("--lang", "pt-BR", "anachrony", "status")
    assert "Era 1 de 6" in r.output and "Oferta de Loops Quânticos" in r.output and "Tabela de Agenda" in r.output
    assert not RAW_ID.search(r.output) and not PLACEHOLDER.search(r.output)


def test_status_of_another_game_is_refused():
    assert tt("new", "chaos", "--seed", "1").exit_code == 0
    r = tt("anachrony", "status")
    assert r.exit_code != 0 and "not Anachrony" in r.output


# -- data check and owner overrides --------------------------------------------------------------------------


def test_data_check_lists_the_provisional_values():
    r = tt("--json", "data", "check", "anachrony")
    assert r.exit_code == 0, r.output
    keys = [i["key"] for i in json.loads(r.stdout)["games"][0]["items"]]
    for key in ("rules.intrigues.grid", "rules.hypersync.supercharge", "rules.intrigues.unrevealed_mission",
                "rules.intrigues.council_collapsing", "quantum_loop_cards.cosmic_data_leak.payback"):
        assert key in keys


def test_owner_override_replaces_a_provisional_value(_tabletop_home):
    folder = _tabletop_home / "overrides"
    folder.mkdir(parents=True)
    (folder / "anachrony.toml").write_text('[quantum_loop_cards.cosmic_data_leak]\npayback = "triangle, icon 2"\n'
                                           '[rules.intrigues.grid]\nrows = 6\nbenefits = ["a", "b", "c", "d", "e", "f"]\n', encoding="utf-8")
    keys = [i["key"] for i in json.loads(tt("--json", "data", "check", "anachrony").stdout)["games"][0]["items"]]
    assert "quantum_loop_cards.cosmic_data_leak.payback" not in keys and "rules.intrigues.grid" not in keys
    new_game()
    tt("play", *setup_answers())
    assert len(json.loads(tt("--json", "status").stdout)["agenda"]) == 6


def test_owner_override_with_an_unknown_key_is_refused(_tabletop_home):
    folder = _tabletop_home / "overrides"
    folder.mkdir(parents=True)
    (folder / "anachrony.toml").write_text('[rules.hypersync]\ngenius_on_the_right = true\n', encoding="utf-8")
    r = tt("data", "check", "anachrony")
    assert r.exit_code == 1 and "genius_on_construct_space" in r.output


# -- the pt-BR leak check of whole games ----------------------------------------------------------------------


GAMES = [(3, 7, "neutronide,hypersync,quantum-loops,intrigues", "app"), (4, 2, "neutronide,hypersync,quantum-loops,intrigues", "table"),
         (2, 5, "hypersync,quantum-loops", "app"), (1, 3, "hypersync,quantum-loops", "table"), (2, 11, "", "app"),
         (4, 8, "intrigues,hypersync", "app")]


@pytest.mark.parametrize("players,seed,modules,random", GAMES)
def test_whole_games_render_in_pt_br_without_leaks(players, seed, modules, random):
    """Issue 6 part 4: every message of whole games (steps, sayings, questions, choices, hints) exists in both
    languages and renders in pt-BR with no raw id and no unfilled placeholder."""
    options = {"players": players, "modules": modules, "random": random}
    state, history, asks = play_recorded(game, options, anachrony_policy.Policy(seed, busy=8), seed)
    assert state["over"]
    problems = leaks(game, history, asks)
    assert not problems, "\n".join(problems[:40])


def test_a_whole_game_through_the_cli_ends_with_the_final_score(_tabletop_home):
    """A whole 2-player base game played through 'tabletop play' with an answers file; status shows the end."""
    assert tt("new", "anachrony", "--players", "2", "--seed", "3").exit_code == 0
    answers = {f"anachrony.setup.{n}": "yes" for n in SETUP}
    answers.update({"anachrony.setup.first_player": "p1", "anachrony.action": ["done"] * 7, "anachrony.clean_up.first": ["same"] * 7,
                    "anachrony.clean_up.collapsed": ["no", "no"], "anachrony.impact.done": "yes", "anachrony.score.side": "A"})
    for p in ("p1", "p2"):
        for key in ("buildings", "superprojects", "time_travel", "vp_tokens", "evacuation", "unpaid_warps", "anomalies",
                    "endgame_conditions", "breakthroughs.circle", "breakthroughs.triangle", "breakthroughs.square"):
            answers[f"anachrony.score.{p}.{key}"] = 1 if p == "p1" else 0
        answers[f"anachrony.score.{p}.morale"] = 4
        answers[f"anachrony.score.{p}.superprojects_vp"] = 5 if p == "p1" else 0
        answers[f"anachrony.score.{p}.effects"] = ""
    path = _tabletop_home.parent / "answers.json"
    path.write_text(json.dumps(answers), encoding="utf-8")
    r = tt("play", "--answers", str(path))
    assert r.exit_code == 0, r.output
    data = json.loads(tt("--json", "status").stdout)
    assert data["over"] and data["era"] == 7 and data["final"]["winners"] == ["p1"]
    # issue 14: the last step of 'play' and 'status' on the finished game show the end-of-game summary: the winner
    # and the rule that decided it (rules file §2.12: most VP), each score by category, the VP chart Era by Era
    for text in (r.output, tt("status").output):
        assert "End of the game" in text and "Winner: Player 1" in text and "How it was decided: by total." in text, text
        assert re.search(r"Buildings\W+\d+\W+\d+", text) and re.search(r"Total\W+\d+\W+\d+", text), text
        # a base game with no module event keeps no VP during play: the chart says so instead of seven empty columns
        assert "VP the program kept, Era by Era" in text and "No VP was recorded during play" in text, text


# -- issue 12: status and options ----------------------------------------------------------------------


@pytest.mark.parametrize("mods", ["hypersync,hypersync", "hypersync,Hipersincronia", "all,intrigues", "all,all"])
def test_a_module_named_twice_is_refused(mods):
    """Seed 002, Preparação: each module is set up once; a repeated --modules entry is a typo, refused with what is valid."""
    r = tt("new", "anachrony", "--players", "2", "--modules", mods)
    assert r.exit_code == 2 and "twice" in r.output and "Valid" not in r.output.split("twice")[0], r.output
    r = tt("--lang", "pt-BR", "new", "anachrony", "--players", "2", "--modules", mods)
    assert r.exit_code == 2 and "duas vezes" in r.output, r.output


def test_status_json_keeps_the_quantum_loop_deck_face_down():
    """Seed 002, Módulo 3: the 5 cards left after the offer are a face-down pile: status says how many, never their order."""
    new_game()
    tt("play", *setup_answers())
    data = json.loads(tt("--json", "anachrony", "status").stdout)
    ql = data["quantum_loops"]
    assert ql["deck"] == 5 and len(ql["offer"]) == 3 and ql["out"] == []
    text = tt("anachrony", "status").output
    assert "(5 in the deck)" in text


def test_status_names_unnamed_players_and_counts_a_failed_mission():
    """Rules file §1.8 K5: a failed Mission loses 1 VP; status shows it in the player's VP (JSON and text);
    a player without --names is "Player N" in JSON as in the text."""
    from types import SimpleNamespace

    from automata.anachrony import game
    from cli.anachrony.game import status_data
    from cli.words.i18n import Translator

    state = game.new_state(game.check_options({"players": 2, "modules": "intrigues"}), 3)
    state["players"]["p1"]["vp"] = 2
    state["players"]["p1"]["missions_failed"] = 1
    session = SimpleNamespace(save=SimpleNamespace(state=state, name="t"))
    data = status_data(session, Translator("en"))
    assert data["player"]["p1"]["name"] == "Player 1" and data["player"]["p2"]["name"] == "Player 2"
    assert data["player"]["p1"]["vp"] == 1 and data["player"]["p1"]["missions_failed_vp"] == -1
    assert data["player"]["p2"]["vp"] == 0
    assert status_data(session, Translator("pt-BR"))["player"]["p2"]["name"] == "Jogador 2"
    r = tt("new", "anachrony", "--players", "2", "--modules", "intrigues", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert json.loads(tt("--json", "anachrony", "status").stdout)["player"]["p1"]["name"] == "Player 1"
    text = tt("anachrony", "status").output
    assert re.search(r"─ Player 1 [^\n]*╮\n│ 0 VP kept from the modules", text), text  # the unnamed player's panel


def test_quantum_payback_shape_reads_in_portuguese():
    """Seed 002, Recuperando Dobras Quânticas: the payback Breakthrough is named in the table's language
    (ISSUE_12: "pagando uma Inovação square 2")."""
    new_game(lang="pt-BR")
    tt("--lang", "pt-BR", "play", *setup_answers())
    first = json.loads(tt("--json", "anachrony", "status").stdout)["quantum_loops"]["offer"][0]
    r = tt("--lang", "pt-BR", "play", *setup_answers(), "--answer", "anachrony.warp.quantum=Ana",
           "--answer", f"anachrony.warp.p1.card={first}", "--answer", "anachrony.warp.p1.payback=quadrado 2")
    assert "Inovação quadrado 2" in r.output, r.output
    assert "square" not in r.output


def test_fractures_of_time_is_refused_at_new_in_both_languages():
    """Rules file §2.3 (Fractures: Era Zero, Impact after Era 3, end after Era 5; issue 30 item 19): `new` refuses
    it, says why and what is valid, and starts no game."""
    r = tt("new", "anachrony", "--players", "2", "--modules", "intrigues,fractures")
    assert r.exit_code == 2 and "Fractures of Time is not supported" in r.output and "Valid modules" in r.output, r.output
    r = tt("--lang", "pt-BR", "new", "anachrony", "--players", "2", "--modules", "Fraturas do Tempo")
    assert r.exit_code == 2 and "não é suportado" in r.output and "Era Zero" in r.output, r.output
