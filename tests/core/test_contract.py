"""The game contract (automata/core/contract.py) kept by every game, and the seats (automata/<game>/seats.py,
automata/core/seats.py) on real games played by each game's scripted table (policy_runner.play_policy)."""

from __future__ import annotations

import pytest

import anachrony_policy
import anachrony_solo_policy
import chaos_policy
import radlands_policy
import toc_policy
from automata.core import contract, seats
from automata.core.games import GAMES


def asks(history):
    """(step, question id) of every question a played game asked."""
    return [(step, e.id) for step, result in history for e in result.transcript if e.kind == "ask"]


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_every_game_keeps_the_contract(game_id):
    assert contract.problems(game_id) == []
    assert contract.capability(game_id, "seats") is not None
    assert contract.capability(game_id, "fix") is not None
    assert contract.capability(game_id, "result") is not None
    assert contract.capability(game_id, "components") is not None


def test_a_game_missing_a_name_is_named(monkeypatch):
    from automata.radlands import seats as radlands_seats

    monkeypatch.delattr(radlands_seats, "question_seat")
    assert contract.problems("radlands") == ["seats.question_seat"]


def check_seats(game_id, state):
    table = seats.seats(game_id, state)
    ids = [s["id"] for s in table]
    assert len(set(ids)) == len(ids) and ids
    for s in table:
        assert tuple(s) == seats.SEAT_KEYS
        assert s["kind"] in seats.KINDS and all(isinstance(s[k], str) for k in seats.SEAT_KEYS)
        assert (s["bot"] != "") == (s["kind"] == "bot")
    return table


def test_chaos_seats_are_the_powers_and_a_summoning_line_is_its_powers():
    """Seed 003 "Fase de Invocação" (rules file §1.6): in the Summoning phase each Power, one player per Power, plays
    its own turn; its Summoning line is its player's question."""
    powers = ("khorne", "nurgle", "tzeentch")
    state, history = chaos_policy.play_game(3, powers=powers)
    table = check_seats("chaos", state)
    assert [s["id"] for s in table] == [s["faction"] for s in table] == [p for p in state["powers"]]
    assert {s["kind"] for s in table} == {"human"}
    lines = 0
    for step, ask_id in asks(history):
        who = seats.question_seat("chaos", state, step, ask_id)
        if ask_id.startswith("chaos.summon.r") and ask_id.endswith(".first"):
            assert who is None, ask_id  # which of two Powers' cards was played first: the table's (seed 003 l.67)
        elif ask_id.startswith("chaos.summon.r"):
            lines += 1
            assert who == ask_id.rsplit(".", 1)[1] == step["power"]
        elif step["proc"] in ("setup", "battle", "old_world") or step["proc"].startswith("end_"):
            assert who is None, ask_id
    assert lines > 0


def test_chaos_turn_by_turn_summoning_questions_are_the_powers():
    state, history = chaos_policy.play_game(5, summoning="turns")
    summons = [(s, a) for s, a in asks(history) if s["proc"] == "summon"]
    assert summons
    assert all(seats.question_seat("chaos", state, s, a) == s["power"] for s, a in summons)


def test_toc_seats_are_the_humans_then_the_bots_with_their_mats():
    """Seed 000 "Fluxo do Jogo": one to three humans with the Non-Player Factions, each bot on its AI mat; a human's
    turn is that human's, the bots' turns are the program's; at the end of the game each human's final Legacy is that
    human's question (automata/toc/endgame.py)."""
    state, history = toc_policy.play_game(2, rounds=2, humans=2, bots="red,blue")
    table = check_seats("toc", state)
    assert [(s["id"], s["kind"]) for s in table] == [("human1", "human"), ("human2", "human"), ("red", "bot"), ("blue", "bot")]
    assert [s["level"] for s in table[2:]] == [state["bot_mats"]["red"], state["bot_mats"]["blue"]]
    assert all(s["level"] for s in table[2:])
    mine = theirs = finals = 0
    for step, ask_id in asks(history):
        who = seats.question_seat("toc", state, step, ask_id)
        if step["proc"] == "human":
            mine += 1
            assert who == f"human{step['i']}" and ask_id.startswith(f"toc.human{step['i']}")
        elif ask_id.startswith("toc.final.legacy."):
            finals += 1
            assert who == ask_id.rsplit(".", 1)[1]
        else:  # setup, the bots' phases, the round's end: questions about a bot or the table's
            theirs += 1
            assert who is None
    assert mine and theirs and finals == 2


@pytest.mark.parametrize("names", ["", "Ana,Bia"])
def test_radlands_an_action_question_belongs_to_the_side_whose_turn_it_is(names):
    """Rules file §1.4-1.7: each player chooses their own camps, then plays their own turn (events, replenish,
    actions)."""
    state, history = radlands_policy.play_game(4, names=names)
    table = check_seats("radlands", state)
    assert [s["id"] for s in table] == ["a", "b"]
    assert [s["name"] for s in table] == (names.split(",") if names else ["", ""])
    assert all(len(s["faction"].split(",")) == 3 for s in table)  # the three camps each side kept
    seen = set()
    for step, ask_id in asks(history):
        who = seats.question_seat("radlands", state, step, ask_id)
        if "p" in step:
            seen.add(who)
            assert who == step["p"]
        elif ask_id.startswith("camps."):
            assert who == ask_id.split(".")[1]
        else:
            assert who is None, ask_id
    assert seen == {"a", "b"}


def test_anachrony_a_players_choices_are_that_players():
    """A question about one player (its key in the id: a Hypersync tile, a negotiation, its final score) waits for
    that player; the "what happened" report of the Action Rounds is the table's."""
    state, history = anachrony_policy.play_game(6, names="Ana,Bia,Caio")
    table = check_seats("anachrony", state)
    assert [(s["id"], s["name"], s["kind"]) for s in table] == [("p1", "Ana", "human"), ("p2", "Bia", "human"), ("p3", "Caio", "human")]
    owners = set()
    for step, ask_id in asks(history):
        who = seats.question_seat("anachrony", state, step, ask_id)
        named = [p for p in ask_id.split(".") if p in state["players"]]
        assert who == (named[0] if named else None), ask_id
        owners.add(who)
    assert {"p1", "p2", "p3", None} <= owners


@pytest.mark.parametrize("opponent", ["chronobot", "chronossus"])
def test_anachrony_solo_the_bot_is_a_seat_and_its_questions_are_nobodys(opponent):
    """Rules file §3.1-3.4: the solo opponent (Chronobot, Chronossus) with its difficulty options is a seat of its own;
    the questions about its board are the table's, the solo player's turn is the player's."""
    difficulty = "wc-right" if opponent == "chronobot" else "cores=2,side-b"
    state, history = anachrony_solo_policy.play_solo(7, opponent=opponent, difficulty=difficulty)
    table = check_seats("anachrony", state)
    assert [s["id"] for s in table] == ["p1", "bot"]
    assert table[1]["kind"] == "bot" and table[1]["bot"] == opponent
    assert table[1]["level"] == ("wc-right" if opponent == "chronobot" else "cores=2,side-b")
    mine = bots = 0
    for step, ask_id in asks(history):
        who = seats.question_seat("anachrony", state, step, ask_id)
        if ask_id == "anachrony.solo.you":
            mine += 1
            assert who == "p1"
        elif ask_id.startswith(("anachrony.solo.stack.", "anachrony.solo.recruit.", "anachrony.solo.mine.",
                                "anachrony.solo.research.", "anachrony.score.bot.")):
            bots += 1
            assert who is None
    assert mine and bots


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_seat_has_a_name_in_the_tables_language(lang):
    """A seat without a name given reads as the game's own word for it (never a raw id)."""
    from cli.words.i18n import Translator

    t = Translator(lang)
    games = {
        "chaos": chaos_policy.play_game(3, powers=("khorne", "nurgle", "tzeentch"))[0],
        "toc": toc_policy.play_game(2, rounds=1, humans=2, bots="red")[0],
        "radlands": radlands_policy.play_game(4, names="Ana,Bia")[0],
        "anachrony": anachrony_solo_policy.play_solo(7)[0],
    }
    names = {g: [t.param(seats.seat_term(g, s)) for s in seats.seats(g, state)] for g, state in games.items()}
    assert names["chaos"] == ["Khorne", "Nurgle", "Tzeentch"]
    assert names["radlands"] == ["Ana", "Bia"]
    if lang == "en":
        assert names["toc"] == ["human player 1", "human player 2", "red"]
        assert names["anachrony"] == ["Player 1", "Chronobot"]
    else:
        assert names["toc"] == ["jogador humano 1", "jogador humano 2", "vermelho"]
        assert names["anachrony"] == ["Jogador 1", "Chronobot"]


@pytest.mark.parametrize("game_id, play", [
    ("chaos", lambda: chaos_policy.play_game(4)), ("toc", lambda: toc_policy.play_game(4)),
    ("radlands", lambda: radlands_policy.play_game(4)), ("anachrony", lambda: anachrony_policy.play_game(4)),
    ("anachrony", lambda: anachrony_solo_policy.play_solo(4)),
])
def test_a_finished_games_result_names_only_its_seats(game_id, play):
    """The result capability (automata/<game>/result.py): winners and scores are keyed by the seats' ids."""
    state, _ = play()
    out = contract.capability(game_id, "result").result(state)
    ids = {s["id"] for s in seats.seats(game_id, state)}
    assert out["finished"] is True and isinstance(out["ended_by"], str) and out["ended_by"]
    assert set(out["winners"]) <= ids and set(out["scores"]) <= ids
    assert all(isinstance(v, int) for v in out["scores"].values()) and isinstance(out["ended_params"], dict)
