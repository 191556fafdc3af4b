"""Corrections (issue 23; automata/core/fix.py): the table puts a tracked value right without rewinding.

Checked on Radlands, the first game with a table of what it tracks (automata/radlands/fix.py; seed 004 and
rules file §2: water never below 0, three camps, the deck's cards shared between hands, deck and discard pile).
"""

from __future__ import annotations

import copy
import random

import pytest

from automata.core import fix, fixstep
from automata.radlands import board
from automata.radlands import game
from automata.radlands.fix import FIX_FIELDS
from conftest import random_games
from fix_checks import play_with_random_corrections
from policy_runner import play_steps
from radlands_policy import Policy


@pytest.fixture(scope="module")
def mid_game():
    """A Radlands state after some turns (the scripted table), and its fields."""
    return _part_game(7, 60)


def _part_game(seed: int, steps: int) -> dict:
    options = game.check_options({"players": "Ana,Bruno"})
    return play_steps(game, game.new_state(options, seed), Policy(seed), seed, steps)


def test_set_add_and_take_use_one_language(mid_game):
    state = copy.deepcopy(mid_game)
    changes = fix.parse("hand a 2; +1 hand b; -1 hand b; camp b 2 damaged", FIX_FIELDS, state)
    assert changes == [
        {"field": "hand", "keys": ["a"], "op": "set", "value": 2},
        {"field": "hand", "keys": ["b"], "op": "add", "value": 1},
        {"field": "hand", "keys": ["b"], "op": "add", "value": -1},
        {"field": "camp", "keys": ["b", 1], "op": "set", "value": "damaged"},
    ]
    before_b = state["players"]["b"]["hand"]
    lines = fix.apply(state, changes, FIX_FIELDS)
    assert state["players"]["a"]["hand"] == 2 and state["players"]["b"]["hand"] == before_b
    assert state["players"]["b"]["camps"][1]["state"] == "damaged"
    assert lines[3]["before"] == mid_game["players"]["b"]["camps"][1]["state"] and lines[3]["after"] == "damaged"


def test_portuguese_words_name_the_same_values(mid_game):
    """Both languages: 'mão', 'acampamento', 'danificado', 'água' (accents optional), '=' and 'para'."""
    state = copy.deepcopy(mid_game)
    assert fix.parse("mão Ana = 1; acampamento b 3 danificado", FIX_FIELDS, state) == fix.parse(
        "hand a 1; camp b 3 damaged", FIX_FIELDS, state)
    assert fix.parse("agua para 4", FIX_FIELDS, state) == [{"field": "water", "keys": [], "op": "set", "value": 4}]


@pytest.mark.parametrize("text, message", [
    ("hnd a 2", "core.fix.unknown_what"),       # an unknown name: closest matches and what is valid
    ("camp a 4 damaged", "core.fix.unknown_option"),  # a fourth camp (rules §2: three camps)
    ("camp c 1 damaged", "core.fix.unknown_option"),  # no third player
    ("camp a 1 burnt", "core.fix.unknown_option"),
    ("+2 camp a 1", "core.fix.not_a_count"),
    ("hand a", "core.fix.no_value"),
    ("hand a two", "core.fix.not_a_number"),
    ("hand a 2 3", "core.fix.not_a_number"),
    ("", "core.fix.empty"),
])
def test_words_that_name_nothing_are_refused_with_what_is_valid(mid_game, text, message):
    with pytest.raises(fix.FixError) as e:
        fix.parse(text, FIX_FIELDS, mid_game)
    assert e.value.msg.id == message
    if message == "core.fix.unknown_what":
        assert "hand" in e.value.msg.params["close"] and "water" in e.value.msg.params["valid"]


@pytest.mark.parametrize("text", [
    "water -1",  # rules §2.6: water is never below 0
    "-99 water",
    "deck 999",  # the hands, deck and discard share the deck's cards
    "+60 discard",
    "hand a -1",
])
def test_values_outside_the_rules_are_refused_with_the_rules_reason(mid_game, text):
    state = copy.deepcopy(mid_game)
    changes = fix.parse(text, FIX_FIELDS, state)
    with pytest.raises(fix.FixError) as e:
        fix.apply(state, changes, FIX_FIELDS)
    assert e.value.msg.id == "core.fix.out_of_range"
    assert e.value.msg.params["rule"].startswith("@radlands.fix.rule.")


def test_the_deck_limit_is_the_deck_size_less_the_other_piles(mid_game):
    """Rules §2.10 (the draw deck): hands + deck + discard never exceed the cards of the sets in play."""
    from automata.radlands.data import data_of

    state = copy.deepcopy(mid_game)
    size = data_of(state).deck_size()
    hands = sum(state["players"][s]["hand"] for s in board.SIDES)
    room = size - hands - state["deck"]["discard"]
    fix.apply(state, fix.parse(f"deck {room}", FIX_FIELDS, state), FIX_FIELDS)
    with pytest.raises(fix.FixError):
        fix.apply(state, fix.parse("+1 deck", FIX_FIELDS, state), FIX_FIELDS)


def test_three_destroyed_camps_end_the_game_at_once():
    """Seed 004, objective; rules §2.10: a player whose three camps are destroyed loses at once."""
    state = _part_game(3, 30)
    assert not state["over"]
    fix.apply(state, fix.parse("camp a 1 destroyed; camp a 2 destroyed; camp a 3 destroyed", FIX_FIELDS, state),
              FIX_FIELDS)
    assert state["over"] and state["result"] == "b"
    assert game.next_step(state) is None


def test_an_event_space_set_to_the_raiders_moves_them_into_the_queue(mid_game):
    """Seed 004, Raid: the Raiders are either in the play area or in one event space, never two."""
    state = copy.deepcopy(mid_game)
    side = state["players"]["a"]
    free = side["queue"].index("") if "" in side["queue"] else None
    if side["raiders"] == "queue" or free is None:
        pytest.skip("this mid-game board has the Raiders in a queue already")
    fix.apply(state, fix.parse(f"event a {free + 1} raiders", FIX_FIELDS, state), FIX_FIELDS)
    assert side["raiders"] == "queue"
    other = next(i for i in range(3) if i != free)
    with pytest.raises(fix.FixError):  # a second Raiders card is not offered
        fix.parse(f"event a {other + 1} raiders", FIX_FIELDS, state)


def test_the_listing_names_every_value_with_the_words_that_set_it(mid_game):
    rows = fix.listing(mid_game, FIX_FIELDS)
    fields = {row["field"] for row in rows}
    assert {"water", "camp", "event", "silo", "hand", "deck", "discard"} <= fields
    for row in rows:  # each row's words, with its own value, parse back to that very field and keys
        value = row["choices"][0] if "choices" in row else row["value"]
        [change] = fix.parse(f"{row['words']} {value}", FIX_FIELDS, mid_game)
        assert (change["field"], change["keys"]) == (row["field"], row["keys"])


@pytest.mark.parametrize("seed", range(random_games(6, quick_least=1)))  # one test a game: the run spreads them over the cores
def test_random_corrections_in_a_long_game_replay_identically_and_the_game_ends(tmp_path, seed):
    """Issue 23: a correction is a journal step of its own; replaying the journal (undo's way) repeats each one in
    its place, and the game still goes on to its end."""
    from state.session import Session

    rng = random.Random(seed)
    options = game.check_options({"players": ""})
    session = Session.create(f"g{seed}", "radlands", options, seed, {"dice": "table"}, "2026-01-01")
    assert play_with_random_corrections(session, Policy(seed), rng, 0.15) > 0


def test_a_person_is_put_in_a_place_replaced_or_taken_out(mid_game):
    """Seed 004, Jogar Carta (Pessoa); rules §2.7: at most two people a column, and the people of a column close up
    when one leaves; a person put back by the table starts ready (no 'just played' mark)."""
    state = copy.deepcopy(mid_game)
    side = state["players"]["a"]
    c = 0
    while side["columns"][c]:  # empty the first column, one person at a time
        fix.apply(state, fix.parse("person a 1 1 empty", FIX_FIELDS, state), FIX_FIELDS)
    uid = state["uid"]
    fix.apply(state, fix.parse(f"person a {c + 1} 1 punk; pessoa a {c + 1} 2 Looter", FIX_FIELDS, state), FIX_FIELDS)
    assert [p["card"] for p in side["columns"][c]] == ["punk", "looter"]
    assert state["uid"] == uid + 2 and not any(p["fresh"] for p in side["columns"][c])
    with pytest.raises(fix.FixError):  # a third place in a column does not exist (two people a column)
        fix.parse(f"person a {c + 1} 3 scout", FIX_FIELDS, state)
    fix.apply(state, fix.parse(f"person a {c + 1} 1 scout", FIX_FIELDS, state), FIX_FIELDS)  # another card
    assert [p["card"] for p in side["columns"][c]] == ["scout", "looter"]
    fix.apply(state, fix.parse(f"person a {c + 1} 1 empty", FIX_FIELDS, state), FIX_FIELDS)  # the others close up
    assert [p["card"] for p in side["columns"][c]] == ["looter"]
    with pytest.raises(fix.FixError):  # a place behind an empty one is not there
        fix.parse(f"person a {c + 1} 3 scout", FIX_FIELDS, state)


def test_a_correction_is_a_journal_step_that_log_shows_and_undo_takes_back(tmp_path):
    """Issue 23, part 3: the journal entry says what was corrected, from what to what ('log --json' gives the values
    before and after); undo 1 takes it back and the snapshot is the replay of what is left."""
    import json

    from cli_checks import tt
    from state.session import Session

    options = game.check_options({"players": "Ana,Bruno"})
    session = Session.create("fixlog", "radlands", options, 5, {"dice": "table"}, "2026-01-01")
    (tmp_path / "tabletop-home" / "current").write_text("fixlog", encoding="utf-8")
    deck = session.save.state["deck"]["count"]
    r = tt("fix", "-2 deck")
    assert r.exit_code == 0, r.output
    log = json.loads(tt("--json", "log").output)
    [entry] = log["entries"]
    assert entry["corrections"] == [{"field": "deck", "keys": [], "before": deck, "after": deck - 2}]
    r = tt("--lang", "pt-BR", "fix", "+1 baralho")
    assert r.exit_code == 0 and "A mesa corrigiu as cartas no baralho" in r.output, r.output
    log = json.loads(tt("--json", "log").output)
    assert [e["corrections"][0]["after"] for e in log["entries"]] == [deck - 2, deck - 1]
    assert tt("undo", "1").exit_code == 0
    session = Session.open(session.save.folder)
    assert session.save.state["deck"]["count"] == deck - 2
    assert session.replay(session.save.journal()) == session.save.state


def test_a_change_may_start_with_a_minus_and_a_refused_one_leaves_the_files_byte_identical(tmp_path):
    """Issue 23, parts 1 and 4: '-1 deck' is a change, quoted or not; a refused correction (a misspelt option, a
    word that names nothing, a value outside the rules) exits 2 and writes nothing."""
    from cli_checks import tt
    from state.session import Session

    options = game.check_options({"players": "Ana,Bruno"})
    session = Session.create("minus", "radlands", options, 5, {"dice": "table"}, "2026-01-01")
    (tmp_path / "tabletop-home" / "current").write_text("minus", encoding="utf-8")
    deck = session.save.state["deck"]["count"]
    assert tt("fix", "-1 deck").exit_code == 0
    assert tt("fix", "-1", "deck").exit_code == 0
    assert Session.open(session.save.folder).save.state["deck"]["count"] == deck - 2
    files = {p.name: p.read_bytes() for p in session.save.folder.iterdir() if p.is_file()}
    for bad in (["--lsit"], ["dekc 3"], ["deck 999"], ["-1 deck extra"], ["hand c 1"]):
        r = tt("fix", *bad)
        assert r.exit_code == 2, (bad, r.output)
    assert {p.name: p.read_bytes() for p in session.save.folder.iterdir() if p.is_file()} == files


def test_whose_turn_ends_the_turn_in_progress_and_starts_the_others_with_its_events(tmp_path):
    """Seed 004, Fluxo do Jogo: a turn is Events, Replenish, Actions; the table saying it is the other player's
    turn ends the one in progress there, and the other's starts with its Events phase. The game plays on."""
    from state.session import Session

    options = game.check_options({"players": "Ana,Bruno"})
    session = Session.create("turn", "radlands", options, 3, {"dice": "table"}, "2026-01-01")
    policy = Policy(3)
    while not session.save.state["turn"]["player"] or session.save.state["turn"]["number"] < 3:
        policy.state = session.save.state
        session.play(policy, max_steps=1)
    state = session.save.state
    me, number = state["turn"]["player"], state["turn"]["number"]
    other = board.other(me)
    lines = session.correct(fixstep.step(fix.parse(f"turn {other}", FIX_FIELDS, state)))
    assert lines == [{"field": "turn", "keys": [], "before": me, "after": other}]
    assert session.save.pending is None
    assert session.game.next_step(session.save.state)["proc"] == "events"
    policy.state = session.save.state
    session.play(policy, max_steps=1)
    assert session.save.state["turn"] == {**session.save.state["turn"], "player": other, "number": number + 1}
    assert session.replay(session.save.journal()) == session.save.state


def test_a_change_starting_with_a_minus_and_holding_an_h_is_a_change_not_the_help(tmp_path):
    """docs/playing.md, When the table and the program disagree: '[+N|-N] WHAT WHICH…' ('-2 deck; +2 hand b', '-1 hand a');
    a leading minus followed by any letter, 'h' included, is a change and never opens the help. '-h' alone and
    '--help' still show it (docs/playing.md: '-h, --help: help of any command')."""
    from cli_checks import tt
    from state.session import Session

    options = game.check_options({"players": "Ana,Bruno"})
    session = Session.create("minush", "radlands", options, 5, {"dice": "table"}, "2026-01-01")
    (tmp_path / "tabletop-home" / "current").write_text("minush", encoding="utf-8")
    deck = session.save.state["deck"]["count"]
    r = tt("fix", "-2 deck; +2 hand b")
    assert r.exit_code == 0 and "Usage" not in r.output, r.output
    state = Session.open(session.save.folder).save.state
    assert state["deck"]["count"] == deck - 2 and state["players"]["b"]["hand"] == 2
    r = tt("fix", "-1 hand b")
    assert r.exit_code == 0 and Session.open(session.save.folder).save.state["players"]["b"]["hand"] == 1, r.output
    for flag in ("-h", "--help"):
        r = tt("fix", flag)
        assert r.exit_code == 0 and "Usage" in r.output, (flag, r.output)
