"""``tabletop new radlands``, ``play``, ``radlands status|queue|event|raid`` from the command line (seed 004).

Each command works on the current save: event and raid are journalled steps (undo takes them back), refused with
a clear error when the name or the moment is wrong. Everything renders in pt-BR without raw ids.
"""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

import cli.main

import radlands_policy  # noqa: E402
from leaks import leaks, play_recorded  # noqa: E402

runner = CliRunner()
RAW_ID = re.compile(r"\bradlands\.[a-z_]+\.[a-z_.0-9]+")
SETUP = ["--answer", "experienced=Ana", "--dice", "table"]


def run(*args: str):
    return runner.invoke(cli.main.app, list(args))


def start(first_game: bool = True, flip: str = "1"):
    """A new first-game save played through setup (Ana flips water side up: she starts)."""
    args = ["new", "radlands", "--players", "Ana,Bruno"] + (["--first-game"] if first_game else [])
    r = run(*args)
    assert r.exit_code == 0, r.output
    r = run("play", "--answer", "experienced=Ana", "--answer", f"flip={flip}", "--dice", "table")
    assert r.exit_code == 2, r.output  # stops at Ana's first action
    assert "Stopped at question 'action'" in r.output or "action" in r.output
    return r


def status() -> dict:
    r = run("--json", "radlands", "status")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_new_radlands_with_bad_players_lists_what_is_valid():
    r = run("new", "radlands", "--players", "Ana")
    assert r.exit_code != 0 and "exactly two names" in r.output
    r = run("new", "radlands", "--players", "Ana,ana")
    assert r.exit_code != 0 and "two different names" in r.output


def test_first_game_setup_deals_the_recommended_camps_and_hands():
    """Preparação 1 (first game) and 6: Arcade, Victory Totem, Mercenary Camp for the experienced player; Garage,
    Railgun, Supply Depot for the other; 2 cards each; the first player's first turn has 1 water."""
    out = start().output
    assert "Ana: take Arcade, Victory Totem, Mercenary Camp" in out
    assert "Bruno: draw 2 cards" in out
    s = status()
    assert [c["name"] for c in s["players"]["a"]["camps"]] == ["Arcade", "Victory Totem", "Mercenary Camp"]
    assert [c["id"] for c in s["players"]["b"]["camps"]] == ["garage", "railgun", "supply_depot"]
    assert s["players"]["a"]["hand"] == 3 and s["players"]["b"]["hand"] == 2  # Ana drew in Replenish
    assert s["deck"] == {"count": 61, "discard": 0, "reshuffles": 0}
    assert s["first_player"] == "a" and s["turn"] == {"player": "a", "number": 1, "water": 1, "extra": 0}
    assert s["next"]["proc"] == "action"
    assert set(s) >= {"ok", "name", "game", "over", "result", "first_player", "turn", "deck", "players", "next"}
    assert set(s["players"]["a"]) == {"name", "camps", "columns", "queue", "raiders", "silo", "hand"}


def test_a_camp_name_that_does_not_exist_gets_close_matches():
    """Preparação 1-2: an unknown camp name is refused with the closest names."""
    run("new", "radlands", "--players", "Ana,Bruno")
    r = run("play", "--answer", "camps.a.1=Railgun", "--answer", "camps.a.2=Garaje")
    assert r.exit_code == 2 and "Closest: garage" in r.output


def test_event_command_places_by_name_with_the_queue_rules_and_undo_takes_it_back():
    """Jogar Carta (Evento) 1 and 4: Uprising (bomb 2) goes to space 2; a second one to space 3; a third cannot be
    played. Journalled: undo takes the command back."""
    start()
    r = run("radlands", "event", "Bruno", "Uprising")
    assert r.exit_code == 0, r.output
    assert "correction of the queue" in r.output
    assert status()["players"]["b"]["queue"] == ["", "uprising", ""]
    r = run("radlands", "event", "b", "uprisin")
    assert r.exit_code == 2 and "Closest: Uprising" in r.output  # a misspelt name is refused, with the closest
    assert run("radlands", "event", "b", "UPRISING").exit_code == 0  # case does not matter
    assert status()["players"]["b"]["queue"] == ["", "uprising", "uprising"]
    r = run("radlands", "event", "b", "Bombardment")
    # issue 30 item 12: refused as bad input (exit 2), naming the events Bruno's queue still takes (space 1, bomb 0-1)
    assert r.exit_code == 2 and "cannot be played" in r.output
    assert "Events Bruno's queue takes now: Banish, Famine, High Ground, Interrogate, Napalm, Radiation, Strafe, Truce." in r.output
    r = run("radlands", "event", "b", "Bombardmint2000")
    assert r.exit_code == 2 and "Bombardment" in r.output
    assert run("undo").exit_code == 0
    assert status()["players"]["b"]["queue"] == ["", "uprising", ""]


def test_event_command_pays_during_the_players_actions_phase():
    """Jogar Carta (Evento) 2: during Ana's Actions phase the event is paid from her water; she has 1."""
    start()
    r = run("radlands", "event", "Ana", "Banish")
    assert r.exit_code == 0, r.output
    s = status()
    assert s["players"]["a"]["queue"] == ["banish", "", ""] and s["turn"]["water"] == 0 and s["players"]["a"]["hand"] == 2
    r = run("radlands", "event", "Ana", "Famine", "--pay")
    # issue 30 item 12: exit 2 with what is valid: an event her 0 water pays that fits (High Ground costs 0) or --no-pay
    assert r.exit_code == 2 and "Famine costs 1 water and Ana has only 0 left" in r.output
    assert "fits the queue (High Ground), or --no-pay" in " ".join(r.output.split())


def test_event_command_bomb_zero_correction_resolves_at_once_without_water():
    """Jogar Carta (Evento) 3: a bomb-0 event placed by command resolves at once and is discarded; as a correction
    (Bruno, out of his turn) no water was paid, and none is said to be discarded with it."""
    start()
    r = run("radlands", "event", "Bruno", "Interrogate")
    assert r.exit_code == 0, r.output
    assert "resolves at once and is discarded." in r.output and "water paid" not in r.output
    s = status()
    assert s["players"]["b"]["queue"] == ["", "", ""] and s["players"]["b"]["hand"] == 2 + 4 - 3
    assert s["turn"]["water"] == 1  # Ana's water is untouched


def test_raid_command_enters_advances_and_resolves_the_raiders():
    """Raid 1, 2, 4: space 2, then space 1, then resolve: the opponent picks one of their camps, which is damaged."""
    start()
    assert run("radlands", "raid", "Ana").exit_code == 0
    assert status()["players"]["a"]["queue"] == ["", "raiders", ""]
    assert run("radlands", "raid", "a").exit_code == 0
    assert status()["players"]["a"]["queue"] == ["raiders", "", ""]
    r = run("radlands", "raid", "a")
    assert r.exit_code == 2 and "raiders.camp" in r.output  # Bruno must choose a camp
    r = run("play", "--answer", "raiders.camp=Railgun")
    s = status()
    assert s["players"]["b"]["camps"][1]["state"] == "damaged"
    assert s["players"]["a"]["raiders"] == "area" and s["players"]["a"]["queue"] == ["", "", ""]


def test_queue_command_shows_both_queues_and_refuses_an_unknown_player():
    start()
    run("radlands", "raid", "b")
    r = run("radlands", "queue")
    assert r.exit_code == 0, r.output
    ana, bruno = r.output.split("Event queue of Bruno")
    assert "Event queue of Ana (space 1 resolves next)" in ana and "Raiders" not in ana
    assert [cell.strip() for cell in ana.splitlines()[2].strip("│").split("│")] == ["1  —", "2  —", "3  —"]
    assert [cell.strip() for cell in bruno.splitlines()[2].strip("│").split("│")] == ["1  —", "2  Raiders ⚔", "3  —"]
    r = run("--json", "radlands", "queue", "Bruno")
    assert json.loads(r.stdout)["queues"] == {"b": ["", "raiders", ""]}
    r = run("radlands", "queue", "Carla")
    assert r.exit_code == 2 and "Valid: a, b, Ana, Bruno" in r.output


def test_commands_wait_for_a_half_answered_step():
    """A helper command never drops answers already given: a step with answers must be finished first."""
    start()
    r = run("play", "--answer", "action=person")
    assert r.exit_code == 2
    r = run("radlands", "raid", "a")
    # issue 30 item 12: exit 2, naming what is valid now (finish it with play, or undo)
    assert r.exit_code == 2 and "is waiting for its answers (1 given so far)" in r.output
    assert "'tabletop play' to finish it, or 'tabletop undo'" in " ".join(r.output.split())
    r = run("radlands", "event", "a", "Banish")
    assert r.exit_code == 2 and "'tabletop undo'" in " ".join(r.output.split())


def test_playing_a_turn_by_answers_and_the_status_board():
    """Fluxo do Jogo 3: Ana plays a person for her 1 water and ends the turn; Bruno starts with 3 water."""
    start()
    r = run("play", "--answer", "action=person", "--answer", "card=Looter", "--answer", "column=2", "--steps", "1")
    assert r.exit_code == 0, r.output
    assert "Put Looter in column 2, next to the camp; pay 1 water (0 left)." in r.output
    r = run("play", "--answer", "action=end", "--steps", "3")
    assert r.exit_code == 0, r.output
    s = status()
    assert s["turn"] == {"player": "b", "number": 2, "water": 3, "extra": 0}
    assert s["players"]["a"]["columns"][1] == [{"card": "looter", "name": "Looter", "damaged": False, "ready": False}]
    r = run("radlands", "status")
    assert "Looter" in r.output and "Bruno ◀ playing · 3 cards in hand · 3 water left" in r.output
    looter_row = next(line for line in r.output.splitlines() if "Looter" in line)
    below = r.output.splitlines()[r.output.splitlines().index(looter_row) + 1]
    assert looter_row.split("│")[2].strip() == "Looter" and below.split("│")[2].strip() == "not ready"


def test_status_and_play_in_portuguese_show_no_raw_ids():
    start()
    run("radlands", "raid", "b")
    for args in (["--lang", "pt-BR", "radlands", "status"], ["--lang", "pt-BR", "radlands", "queue"],
                 ["--lang", "pt-BR", "play", "--answer", "action=silo", "--steps", "1"]):
        r = run(*args)
        assert not RAW_ID.search(r.output), RAW_ID.findall(r.output)
        assert "{" not in r.output
    assert "Fila de eventos de Bruno" in run("--lang", "pt-BR", "radlands", "queue").output


def test_whole_games_render_in_pt_br_without_leaks():
    """Every message, choice label and step label of whole random games renders in pt-BR: no English fallback, no
    raw id, no unfilled placeholder."""
    from automata.core.steps import Msg
    from automata.radlands import game
    from cli.words.i18n import Translator

    for seed in (1, 2, 3):
        state, history, asks = play_recorded(game, {"first_game": seed == 2}, radlands_policy.Policy(seed), seed)
        problems = leaks(game, history, asks)
        assert not problems, "\n".join(problems[:40])
    assert Translator("en").render(Msg("radlands.side.a")) != Translator("pt-BR").render(Msg("radlands.side.a"))


def test_status_json_names_the_next_player_without_raw_keys_when_no_names_were_given():
    """Issue 12: with no --players, `status --json` gives next.name as the side's letter, the same as players.*.name,
    never the message key '@radlands.side.b'."""
    assert run("new", "radlands", "--first-game").exit_code == 0
    r = run("play", "--answer", "experienced=a", "--answer", "flip=2", "--dice", "table")
    assert r.exit_code == 2, r.output
    s = status()
    assert s["next"]["name"] == s["players"]["b"]["name"] == "B"
    assert "@" not in json.dumps(s)


def test_queues_only_game_from_the_command_line_in_both_languages():
    """Issue 11, queues only: `new radlands --track queues` asks nothing in setup but the flip, one question a turn
    (Enter: none), status shows the queues, the Raiders and the Water Silo (text in pt-BR without raw ids, and
    JSON), the queue commands are refused with the reason, and the table ends the game in the same answer."""
    r = run("new", "radlands", "--track", "cards")
    assert r.exit_code != 0 and "queues" in r.output
    assert run("new", "radlands", "--track", "queues", "--players", "Ana,Bruno").exit_code == 0
    r = run("play", "--answer", "flip=1", "--dice", "table")
    assert r.exit_code == 2 and "'played'" in r.output, r.output
    r = run("--lang", "pt-BR", "play", "--answer", "played=Uprising, 2 raids")
    assert r.exit_code == 2 and "Uprising" in r.output and not RAW_ID.search(r.output), r.output
    # an --answer serves every step that asks it: Ana's turn 1 and Bruno's turn 2 both played it; Ana's turn 3
    # refuses it (both Uprisings are queued) and waits
    assert "Nothing was changed" in r.output or "Nada foi alterado" in r.output or "não é válida" in r.output, r.output
    s = status()
    assert s["track"] == "queues" and s["players"]["a"]["queue"] == ["uprising", "raiders", ""]
    assert s["players"]["b"]["queue"] == ["", "uprising", "raiders"]
    assert s["turn"] == {"player": "a", "number": 3, "water": 3} and s["next"]["proc"] == "q_played"
    r = run("--lang", "pt-BR", "radlands", "status")
    assert r.exit_code == 0 and "Raiders" in r.output and "Uprising" in r.output and not RAW_ID.search(r.output), r.output
    r = run("radlands", "raid", "a")
    assert r.exit_code != 0 and "queues only" in r.output
    r = run("play", "--answer", "played=Bruno wins")
    assert r.exit_code == 0, r.output
    assert status()["over"] and status()["result"] == "b"


def test_helpers_refused_in_setup_or_after_the_end_exit_2():
    """docs/radlands.md, helpers: "Refusals exit 2 and say what is valid"; docs/reference.md, exit codes: 2 is bad
    input, 1 a failure such as a damaged save. A raid or an event typed while the game is still in setup, or once it
    is over, is such a refusal: the save is sound, the command was given at the wrong moment."""
    assert run("new", "radlands", "--players", "Ana,Bruno").exit_code == 0
    for args in (("radlands", "raid", "a"), ("radlands", "event", "a", "Banish")):
        r = run(*args)
        assert r.exit_code == 2 and "tabletop play" in r.output, r.output
    start()
    r = run("fix", "camp a 1 destroyed; camp a 2 destroyed; camp a 3 destroyed")
    assert r.exit_code == 0 and status()["over"], r.output
    for args in (("radlands", "raid", "b"), ("radlands", "event", "b", "Banish")):
        r = run(*args)
        assert r.exit_code == 2, r.output


def test_the_earlier_menus_answers_are_refused_when_the_hand_is_empty():
    """docs/radlands.md: "Answers of the earlier menu still work: --answer action=person then card=holdout", and
    "an item the rules forbid now ... is refused with that reason if picked" (seed 004: a card is played from the
    hand). With no card in hand, 'person' and 'event' are refused as 'person:gunner' is, so a hand never goes below
    0; and a correction that empties the hand while a 'person' answer waits is refused (docs/playing.md, When the table and
    the program disagree: "if those answers would no longer fit, the correction is refused"; exit 2)."""
    start(first_game=True)
    r = run("play", "--answer", "action=person")
    assert r.exit_code == 2 and "Stopped at question 'card'" in r.output, r.output
    r = run("fix", "hand a 0")
    assert r.exit_code == 2 and "would not fit" in r.output, r.output
    refused = json.loads(run("--json", "fix", "hand a 0").stdout)  # issue 38: --json says why too
    assert refused["id"] == "core.fix.step_in_progress" and "would not fit" in refused["message"] and refused["answers"] == 1
    assert status()["players"]["a"]["hand"] > 0
    assert run("undo", "0").exit_code == 0
    assert run("fix", "hand a 0").exit_code == 0
    for legacy in ("person", "event"):
        r = run("play", "--answer", f"action={legacy}")
        assert r.exit_code == 2 and "cannot be chosen now: no cards in hand" in r.output, r.output
    assert status()["players"]["a"]["hand"] == 0
