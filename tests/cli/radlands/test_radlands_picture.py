"""The Radlands status picture and end-of-game summary (issue 14; cli/radlands/picture.py).

Rendered with a recording rich console at 60, 80 and 120 columns in both languages, from mid-game points of random
games (the scripted table of tests/automata/radlands/radlands_policy.py) and finished games: no line longer than the
width, no word cut (every word of a narrow rendering is a word of the same picture drawn 400 columns wide, where
nothing wraps), the table's pieces present (camps, people, queued events, the Raiders). Two small stored snapshots
(tests/cli/radlands/snapshots/, regenerate deliberately with UPDATE_SNAPSHOTS=1 and read the diff) are compared
exactly.
"""

from __future__ import annotations

import copy
import re
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli.main
from automata.radlands import game
from automata.radlands.history import camp_points, camps_by_turn
from cli.radlands.main import show_status, show_summary, status_data
from cli_checks import LANGS, WIDTHS, draw, fitted, stored_snapshot
from policy_runner import play_policy
from radlands_policy import Policy

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
SEPARATORS = re.compile(r"[\s│┃┌┐└┘├┤┬┴┼─╭╮╰╯━▁▂▃▄▅▆▇█]+")


def played(seed: int, track: str = "full", first_game: bool = False):
    """A whole random game: its final state and a copy of the state after every step."""
    options = game.check_options({"first_game": first_game, "players": "Ana,Bruno", "track": track})
    state = game.new_state(options, seed)
    snaps: list[dict] = []
    state, _ = play_policy(game, state, Policy(seed), seed, on_step=lambda s, *_: snaps.append(copy.deepcopy(s)),
                           max_steps=20000)
    return state, snaps


_GAMES: dict = {}


def game_of(seed: int, track: str = "full"):
    if (seed, track) not in _GAMES:
        _GAMES[seed, track] = played(seed, track)
    return _GAMES[seed, track]


def session_of(state: dict):
    return types.SimpleNamespace(save=types.SimpleNamespace(state=state, name="radlands-1"))


def render(state: dict, width: int, lang: str = "en", summary: bool = False) -> str:
    return draw(show_summary if summary else show_status, state, width, lang, name="radlands-1")


def words(text: str) -> set[str]:
    return {w for w in SEPARATORS.split(text) if w}


def points(seed: int, track: str = "full") -> list[dict]:
    """Mid-game states of a random game: a little after setup, a third, two thirds, and the final one."""
    final, snaps = game_of(seed, track)
    started = [s for s in snaps if s["first_player"]]
    return [started[2], started[len(started) // 3], started[2 * len(started) // 3], final]


def check_picture(state: dict, lang: str) -> None:
    wide = render(state, 400, lang)
    whole = words(wide)
    for width, text in fitted(lambda w: render(state, w, lang)):
        cut = words(text) - whole
        assert not cut, f"{width} columns, {lang}: words cut or changed: {sorted(cut)}\n{text}"
        check_pieces(state, text)


def check_pieces(state: dict, text: str) -> None:
    """Every piece the program keeps is in the picture: the players, their camps, people and queued events."""
    data = game.data_of(state)
    flat = " ".join(SEPARATORS.split(text))
    seen = words(text)

    def drawn(name: str) -> bool:  # a name may wrap inside its cell, at a word boundary
        return name in flat or set(name.split()) <= seen
    for side in ("a", "b"):
        p = state["players"][side]
        assert p["name"] in text
        if state["options"].get("track") == "queues":
            continue
        for camp in p["camps"]:
            assert drawn(data.card(camp["id"])["name"]), camp
        for person in (x for col in p["columns"] for x in col if x["card"] != "punk"):
            assert drawn(data.card(person["card"])["name"]), person
    for side in ("a", "b"):
        for card in state["players"][side]["queue"]:
            if card and card != "raiders":
                assert drawn(data.card(card)["name"]), card
    if any(state["players"][s]["raiders"] == "queue" for s in ("a", "b")):
        assert "Raiders ⚔" in text


@pytest.mark.parametrize("seed", [3, 5, 11])
@pytest.mark.parametrize("lang", LANGS)
def test_the_table_fits_60_80_and_120_columns_without_cut_words(seed, lang):
    """Issue 14: each layout fits its width, wraps at words only and truncates nothing; every piece is drawn."""
    for state in points(seed):
        check_picture(state, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_queues_only_picture_fits_and_shows_the_queues(lang):
    """Queues only: the picture shows what the program keeps, the queues with the Raiders and the Water Silo."""
    for state in points(4, "queues"):
        check_picture(state, lang)


def test_the_opponent_is_mirrored_with_the_front_rows_toward_the_middle():
    """Issue 14: B at the top with camps, rear then front; A at the bottom with front, rear then camps."""
    state = made_state()
    for width in WIDTHS:
        lines = render(state, width).splitlines()
        row = {name: next(i for i, line in enumerate(lines) if name in line)
               for name in ("Railgun", "Looter", "Vanguard", "Arcade", "Gunner", "Scientist", "Draw deck")}
        assert row["Railgun"] < row["Looter"] < row["Vanguard"] < row["Draw deck"], width  # B: camp, rear, front
        assert row["Draw deck"] < row["Scientist"] < row["Gunner"] < row["Arcade"], width  # A: front, rear, camp


def test_camp_damage_and_readiness_are_words_and_symbols():
    """Colour never alone (issue 14): damaged, destroyed, ready and not ready are written, with a symbol."""
    text = render(made_state(), 80)
    assert "● undamaged" in text and "◐ damaged" in text and "✖ destroyed" in text
    assert "not ready" in text and "ready" in text
    pt = render(made_state(), 80, "pt-BR")
    assert "◐ danificado" in pt and "✖ destruído" in pt and "carta não pronta" in pt and "carta pronta" in pt


def test_a_moved_juggernaut_stands_where_it_is_with_its_people_behind():
    """Rules §2.11: a Juggernaut that moved forward stands in front of the people behind it."""
    state = made_state()
    b = state["players"]["b"]
    b["camps"][2] = {"id": "juggernaut", "state": "undamaged", "used": False, "moves": 1, "behind": 1}
    b["columns"][2] = [person(state, "wounded_soldier")]
    lines = render(state, 80).splitlines()
    soldier = next(i for i, line in enumerate(lines) if "Wounded Soldier" in line)
    jug = next(i for i, line in enumerate(lines) if "Juggernaut" in line)
    assert soldier < jug  # B at the top: behind it means nearer the top edge
    assert "moved forward 1" in "\n".join(lines) and "1 behind it" in "\n".join(lines)


def test_json_status_is_unchanged_by_the_picture():
    """Issue 14: --json reads the same data; the history is not part of it."""
    state = made_state()
    data = status_data(session_of(state))
    assert set(data["players"]["a"]) == {"name", "camps", "columns", "queue", "raiders", "silo", "hand"}
    assert "history" not in data


# -- the camps turn by turn (automata/radlands/history.py) -------------------------------------------------


def test_the_camps_are_recorded_at_the_start_of_every_turn():
    """Seed, Fluxo do Jogo: each turn begins with its Events phase; the camps as they stand then are recorded, one
    entry a turn, 2 points an undamaged camp, 1 damaged, 0 destroyed (seed, Termos e Ícones: two damage destroy)."""
    for seed in (3, 5):
        final, snaps = game_of(seed)
        history = final["history"]
        assert [r["turn"] for r in history] == list(range(1, len(history) + 1))
        assert len(history) == final["turn"]["number"]
        for before, after in zip(snaps, snaps[1:]):
            if len(after.get("history", [])) > len(before.get("history", [])):  # an Events step began a turn
                entry = after["history"][-1]
                assert entry["turn"] == after["turn"]["number"]
                assert entry["a"] == camp_points(before["players"]["a"]) and entry["b"] == camp_points(before["players"]["b"])


def test_the_chart_ends_with_the_camps_at_the_end_of_the_game():
    """The last point of the chart is the final table: the loser of a won game has no camp left (seed, Objetivo)."""
    final, _ = game_of(3)
    rows = camps_by_turn(final)
    assert rows[-1]["a"] == camp_points(final["players"]["a"]) and rows[-1]["b"] == camp_points(final["players"]["b"])
    if final["result"] in ("a", "b"):
        loser = "b" if final["result"] == "a" else "a"
        assert rows[-1][loser] == [0, 0, 0]


# -- the end of the game -----------------------------------------------------------------------------------


def finished(result: str) -> dict:
    """A finished game that ended with ``result``: a won game of the scripted table, or that game turned into a draw
    by the deck (its second run-out: rules §2.10)."""
    for seed in (3, 5, 11, 7, 9):
        final, _ = game_of(seed)
        if final["result"] in ("a", "b"):
            break
    if result == "win":
        return final
    final = copy.deepcopy(final)
    for s in ("a", "b"):
        final["players"][s]["camps"][0]["state"] = "damaged"
    final["result"], final["deck"]["count"], final["deck"]["reshuffles"] = "draw", 0, 1
    return final


@pytest.mark.parametrize("lang", LANGS)
def test_summary_of_a_won_game_names_the_winner_the_rule_the_final_table_and_the_chart(lang):
    """Issue 14, end of the game: the winner and the rule (seed, Objetivo: three destroyed camps lose at once), the
    final table by category, and the camps turn by turn."""
    final = finished("win")
    names = {"a": "Ana", "b": "Bruno"}
    winner, loser = names[final["result"]], names["b" if final["result"] == "a" else "a"]
    for width in WIDTHS:
        text = render(final, width, lang, summary=True)
        assert all(len(line) <= width for line in text.splitlines())
        flat = " ".join(text.split())
        if lang == "en":
            assert f"{winner} wins: all three of {loser}'s camps are destroyed" in flat
            assert "Camps left" in text and "Damaged camps" in text and "Cards in hand" in text
            assert "Camps left, turn by turn" in flat and "Damage taken by the camps" in flat
        else:
            assert f"{winner} vence: os três acampamentos de {loser} foram destruídos" in flat
            assert "Acampamentos de pé, turno a turno" in flat
        chart = [line for line in text.splitlines() if re.match(r"(Ana|Bruno) +[▁▂▃▄▅▆▇█]+ +\d+$", line.rstrip())]
        assert len(chart) == 4, text  # camps left and damage taken, one row per player
        left = {s: sum(c["state"] != "destroyed" for c in final["players"][s]["camps"]) for s in ("a", "b")}
        damage = {s: sum(2 - camp_points(final["players"][s])[i] for i in range(3)) for s in ("a", "b")}
        assert [int(line.split()[-1]) for line in chart] == [left["a"], left["b"], damage["a"], damage["b"]]
    status = render(final, 80, lang)
    assert ("Game over" if lang == "en" else "Fim de jogo") in status  # `tabletop status` on a finished game


def test_summary_of_a_draw_names_the_deck_rule():
    """Seed, Objetivo / rules §2.10: the deck's second run-out ends the game in a draw."""
    final = finished("draw")
    text = " ".join(render(final, 80, summary=True).split())
    assert "Draw: the draw deck ran out once more after its reshuffle" in text
    assert "PROVISIONAL: the deck counts as run out when a card must be taken from an empty deck" in text
    owner = copy.deepcopy(final)
    owner["overrides"] = {"rules": {"provisional": {"deck_exhaustion_trigger": "take_from_empty"}}}
    text = " ".join(render(owner, 80, summary=True).split())
    assert "Draw: the draw deck ran out" in text and "PROVISIONAL" not in text  # the owner's ruling is not labelled


def test_an_old_save_without_the_history_shows_the_summary_without_the_chart():
    final = copy.deepcopy(finished("win"))
    del final["history"]
    text = render(final, 80, summary=True)
    assert "Final table" in text and "Camps left, turn by turn" not in text
    assert "No chart: this save was started before the camps were recorded" in " ".join(text.split())


def test_the_last_step_of_play_shows_the_summary(tmp_path):
    """`tabletop play` ending the game shows the summary (queues only: the table says who won)."""
    runner = CliRunner()
    assert runner.invoke(cli.main.app, ["new", "radlands", "--track", "queues", "--players", "Ana,Bruno"]).exit_code == 0
    r = runner.invoke(cli.main.app, ["play", "--answer", "flip=1", "--dice", "table", "--answer", "played=Bruno wins"])
    assert r.exit_code == 0, r.output
    flat = " ".join(r.output.split())
    assert "Game over" in flat and "Bruno wins, as the table said" in flat and "Turns played" in flat
    assert "No chart: in queues only the camps are the table's." in flat
    r = runner.invoke(cli.main.app, ["--lang", "pt-BR", "status"])
    assert "Fim de jogo" in r.output and "Bruno vence, segundo a mesa" in " ".join(r.output.split())


# -- stored snapshots ------------------------------------------------------------------------------------------


def person(state: dict, card: str, damaged: bool = False, fresh: bool = False) -> dict:
    state["uid"] += 1
    return {"uid": state["uid"], "card": card, "damaged": damaged, "used": False, "fresh": fresh}


def made_state() -> dict:
    """A small table set by hand (so that the snapshot does not move with the scripted table's choices)."""
    state = game.new_state(game.check_options({"players": "Ana,Bruno"}), 1)
    a, b = state["players"]["a"], state["players"]["b"]
    a["camps"] = [{"id": "arcade", "state": "undamaged", "used": False},
                  {"id": "victory_totem", "state": "damaged", "used": True},
                  {"id": "mercenary_camp", "state": "destroyed", "used": False}]
    b["camps"] = [{"id": "railgun", "state": "undamaged", "used": False},
                  {"id": "garage", "state": "undamaged", "used": False},
                  {"id": "construction_yard", "state": "damaged", "used": False}]
    a["columns"] = [[person(state, "gunner"), person(state, "scientist", fresh=True)], [person(state, "punk")], []]
    b["columns"] = [[person(state, "looter"), person(state, "vanguard", damaged=True)], [], [person(state, "rabble_rouser")]]
    a["queue"], b["queue"] = ["", "raiders", "uprising"], ["bombardment", "", ""]
    a["raiders"], a["silo"], a["hand"], b["hand"] = "queue", "hand", 4, 1
    state["first_player"] = "a"
    state["turn"].update({"player": "a", "number": 5, "water": 2, "extra": 0})
    state["deck"].update({"count": 40, "discard": 9})
    state["next"] = {"proc": "action", "p": "a", "name": "Ana", "turn": 5, "k": 2}
    return state


@pytest.mark.parametrize("width,lang", [(60, "pt-BR"), (80, "en")])
def test_stored_snapshot(width, lang):
    text = render(made_state(), width, lang)
    stored_snapshot(SNAPSHOTS / f"radlands_{width}_{lang}.txt", text)
    check_pieces(made_state(), text)
