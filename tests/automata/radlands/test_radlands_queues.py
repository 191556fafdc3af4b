"""Radlands, queues only (``--track queues``; automata/radlands/queues_only.py): the program runs the turn, both
event queues, the Raiders, the water and the Water Silo's place, and asks one question a turn (issue 11).

Each rule test cites seed 004 ("Fluxo do Jogo", "Jogar Carta (Evento)", "Raid", "Pegar Water Silo") or the rules
file section it checks. The golden playthrough (tests/golden/radlands_queues_seed7.txt) is a whole game of the
scripted table; regenerate it deliberately with UPDATE_GOLDEN=1 and read the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run
from automata.radlands import game
from policy_runner import golden_text, transcript
from radlands_policy import play_game

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "radlands_queues_seed7.txt"


def new(first: str = "a", **options) -> dict:
    """A queues-only game played through setup, ``first`` to start (its turn-1 start not yet run)."""
    state = game.new_state(game.check_options({"players": "Ana,Bruno", "track": "queues", **options}), 1)
    while game.next_step(state)["proc"] == "setup":
        step(state, {"flip": [1 if first == "a" else 2]})
    return state


def step(state: dict, answers: dict | None = None):
    result = run(game.procedure(state, game.next_step(state)), ScriptedAnswers(answers or {}), dice=DiceContext(1, 1, "table"))
    assert result.done, f"stopped at {result.pending_id}"
    return result


def turn(state: dict, played: str = ""):
    """One whole turn: its start (no question) and the one question, answered ``played``."""
    start = step(state)
    assert game.next_step(state)["proc"] == "q_played"
    return start, step(state, {"played": played})


def said(result) -> list[str]:
    return [e.msg.id for e in result.transcript if e.kind == "say"]


def asked(result) -> list[str]:
    return [e.id for e in result.transcript if e.kind == "ask"]


def refused(state: dict, played: str) -> str:
    """The message id of the refusal of ``played``; the state is untouched."""
    before = repr(state)
    with pytest.raises(BadAnswer) as bad:
        run(game.procedure(state, game.next_step(state)), ScriptedAnswers({"played": played}), dice=DiceContext(1, 1, "table"))
    assert repr(state) == before, "a refused answer changes nothing"
    return bad.value.problem.id


def test_setup_asks_nothing_but_the_flip_the_camps_and_hands_are_the_tables():
    """Preparação (seed): the steps are said; the camps kept and the hands stay the table's, so no question; the
    water-disc flip (Fluxo do Jogo) still chooses the first player; --first-game says the camps of each player."""
    for first_game in (False, True):
        state = game.new_state(game.check_options({"track": "queues", "first_game": first_game}), 1)
        questions = []
        while game.next_step(state)["proc"] == "setup":
            questions += asked(step(state, {"flip": [1]}))
        assert questions == [] and state["first_player"] == "a"
        assert game.next_step(state)["proc"] == "q_start"


def test_one_question_a_turn_and_the_water_of_each_turn():
    """Fluxo do Jogo 2: the first player takes 1 water on their first turn, every other turn (the opponent's first
    included) 3; each turn asks exactly one question."""
    state = new(first="b")
    waters = []
    for _ in range(4):
        start, end = turn(state)
        waters.append(state["turn"]["number"] and [e.msg.params.get("n") for e in start.transcript
                                                  if e.kind == "say" and e.msg.id.startswith("radlands.replenish")][0])
        assert asked(start) == [] and asked(end) == ["played"]
    assert waters == [1, 3, 3, 3]


def test_events_are_placed_by_the_queue_rules_and_resolve_from_space_1_at_their_owners_turn():
    """Jogar Carta (Evento) and Fluxo do Jogo 1: an event goes to the space of its bomb, else the first free space
    behind it; at the start of its owner's turn the event in space 1 resolves (its effect said, for the table to
    apply) and is discarded, then the queue moves forward; a bomb-0 event resolves at once."""
    state = new()
    _, end = turn(state, "Famine, Banish, Interrogate")  # bomb 1, bomb 1 → 2, bomb 0
    assert state["players"]["a"]["queue"] == ["famine", "banish", ""]
    assert "radlands.event.placed_behind" in said(end) and "radlands.event.now_unpaid" in said(end)
    assert "radlands.card.interrogate.effect" in said(end) and "radlands.q.apply" in said(end)
    turn(state)  # Bruno
    start, _ = turn(state)
    assert "radlands.card.famine.effect" in said(start) and "radlands.event.discarded" in said(start)
    assert state["players"]["a"]["queue"] == ["banish", "", ""]


def test_an_event_whose_spaces_are_full_is_refused_with_the_whole_answer():
    """Jogar Carta (Evento) 4: with the bomb's space and every space behind it full, the event cannot be played;
    the whole answer is refused and nothing is applied (also a third copy of a 2-copy event)."""
    state = new()
    step(state)
    assert refused(state, "raid, Bombardment, Uprising, Napalm") == "radlands.invalid.queue_full"
    assert refused(state, "Famine, Famine, Famine") in ("radlands.invalid.played_copies", "radlands.invalid.queue_full")
    assert refused(state, "Uprising, Uprising, Uprising") == "radlands.invalid.played_copies"
    assert refused(state, "Banishh") == "radlands.invalid.played_item"


def test_raids_enter_space_2_advance_and_resolve_from_space_1_against_the_opponents_camp():
    """Raid (seed): Raiders enter space 2, a second raid advances them to 1, a third resolves them: the opponent
    damages one of their own camps (the table applies it) and the Raiders go home; several in one answer."""
    state = new()
    _, end = turn(state, "2 raids")
    assert state["players"]["a"]["queue"] == ["raiders", "", ""] and state["players"]["a"]["raiders"] == "queue"
    turn(state)
    start = step(state)  # Ana's turn: the Raiders in space 1 resolve
    assert "radlands.q.raiders_damage" in said(start) and state["players"]["a"]["raiders"] == "area"
    step(state, {"played": "raid, raid, raid"})  # enter, advance, resolve
    assert state["players"]["a"]["queue"] == ["", "", ""] and state["players"]["a"]["raiders"] == "area"


def test_a_raid_cannot_advance_into_an_occupied_space():
    """Raid (seed): the Raiders cannot advance if another event is in the space in front of them."""
    state = new()
    _, end = turn(state, "raid, Banish, raid")
    assert state["players"]["a"]["queue"] == ["banish", "raiders", ""] and "radlands.raid.blocked" in said(end)


def test_zeto_khan_now_makes_an_event_or_entering_raiders_resolve_at_once():
    """Rules §2.5 step 1 (Zeto Khan): the first event of the turn counts as bomb 0, Raiders included; 'now' says so,
    and is refused for Raiders already in the queue (Zeto Khan only changes placing them)."""
    state = new()
    _, end = turn(state, "Famine now, raid")
    assert state["players"]["a"]["queue"] == ["", "raiders", ""] and "radlands.card.famine.effect" in said(end)
    turn(state)
    step(state)
    assert refused(state, "raid now") == "radlands.invalid.played_now_raiders"


def test_zeto_khan_now_goes_only_with_the_first_event_of_the_turn():
    """Rules §2.5 step 1 (Zeto Khan: the first event you play each turn is bomb 0; Raiders placed by a raid count as
    played, a raid on queued Raiders does not) and issue 30 item 9: 'now' on any later event or raid of the turn
    is refused whole, with the reason; the same items without 'now' are accepted."""
    for played in ("raid now, raid now", "Banish, Napalm now", "raid, Banish now", "Famine now, raid now",
                   "silo, Banish, raid now"):
        state = new()
        step(state)
        assert refused(state, played) == "radlands.invalid.played_now_not_first", played
    state = new()
    turn(state, "Banish now, Napalm")  # the first is bomb 0, the second is queued by its bomb
    assert state["players"]["a"]["queue"] == ["napalm", "", ""]
    for queue, after in ((["", "", "raiders"], ["", "raiders", ""]), (["raiders", "", ""], ["", "", ""])):
        state = new()
        step(state)
        state["players"]["a"].update(queue=list(queue), raiders="queue")
        end = step(state, {"played": "raid, Banish now"})  # a raid on queued Raiders is no event played
        assert state["players"]["a"]["queue"] == after and "radlands.event.zeto" in said(end)
    state = new()
    _, end = turn(state, "raid now, Banish")  # the raid that places the Raiders is the first event
    assert state["players"]["a"]["raiders"] == "area" and "radlands.raid.zeto" in said(end)
    assert state["players"]["a"]["queue"] == ["banish", "", ""]


def test_the_water_silo_changes_place_when_named():
    """Pegar Water Silo and Junk Card (seed): taken into the hand it stays there across turns; junked it goes back
    to its owner's play area."""
    state = new()
    turn(state, "silo")
    assert state["players"]["a"]["silo"] == "hand"
    turn(state)
    start, _ = turn(state, "silo")
    assert "radlands.q.silo_in_hand" in said(start) and state["players"]["a"]["silo"] == "area"


def test_doomsayer_and_omen_clock_move_the_queues():
    """Rules §2.5: Doomsayer pushes the opponent's events back one space (from the back, provisional); Omen Clock
    advances one event of either queue into an empty space, and from space 1 it resolves at once (provisional)."""
    state = new()
    turn(state, "Famine, Uprising")  # Ana: 1, 2
    _, end = turn(state, "Doomsayer")
    assert state["players"]["a"]["queue"] == ["", "famine", "uprising"] and "radlands.provisional.doomsayer" in said(end)
    state = new()
    turn(state, "Uprising")
    _, end = turn(state, "Omen Clock Uprising")  # Bruno advances Ana's event: 2 → 1
    assert state["players"]["a"]["queue"] == ["uprising", "", ""]
    step(state)  # Ana's turn: it resolves
    assert refused(state, "Omen Clock b1") == "radlands.invalid.played_omen"
    state = new()
    turn(state, "Banish")
    _, end = turn(state, "Omen Clock a1")
    assert state["players"]["a"]["queue"] == ["", "", ""] and "radlands.card.banish.effect" in said(end)


def test_the_table_ends_the_game_in_the_same_answer():
    """Objetivo (seed) and rules §2.10: the table keeps the camps and the deck, so it says when all three camps of a
    player are destroyed ('Ana wins', 'Bruno venceu', 'a wins') or the deck ran out twice ('draw', 'empate');
    nothing may follow the end."""
    for answer, result in (("a wins", "a"), ("Bruno venceu", "b"), ("raid, Ana wins", "a"), ("empate", "draw"), ("draw", "draw")):
        state = new()
        turn(state, answer)
        assert state["over"] and state["result"] == result and game.next_step(state) is None
    state = new()
    step(state)
    assert refused(state, "a wins, raid") == "radlands.invalid.played_after_end"
    assert refused(state, "Carla wins") == "radlands.invalid.played_winner"


def test_the_stored_answer_reads_back_to_the_same_items():
    """The journal keeps the answer in a canonical form; replaying it gives the same queues (undo, resume)."""
    from automata.radlands import queues_only

    state = new()
    step(state)
    d = game.data_of(state)
    items = queues_only.parse(state, d, "2 raids, high ground, SILO, doomsayer, Omen Clock b2, raid x1, Ana venceu")
    assert queues_only.parse(state, d, queues_only.canonical(d, items)) == items


def test_the_stored_answer_keeps_the_words_the_table_wrote():
    """Issue 30 item 13 (seed 004 is Portuguese: 'raid', and the program's 'agora', 'venceu', 'empate'): the answer
    kept in the journal, which 'tabletop log' shows, is written back in the table's words, not turned into
    English; it still reads back to the same items."""
    from automata.radlands import queues_only

    state = new()
    step(state)
    d = game.data_of(state)
    for typed, stored in (("raid agora", "raid agora"), ("reides x2", "reide, reide"), ("banish AGORA", "Banish agora"),
                          ("raid now", "raid now"), ("Bruno venceu", "b venceu"), ("empate", "empate"), ("draw", "draw"),
                          ("2 raids, Ana wins", "raid, raid, a wins")):
        items = queues_only.parse(state, d, typed)
        assert queues_only.canonical(d, items) == stored, typed
        assert queues_only.parse(state, d, stored) == items
    record = step(state, {"played": "raid agora"}).records[0]
    assert record.value == "raid agora"


def test_golden_game():
    """A whole queues-only game (seed 004, Fluxo do Jogo) and its cost: at most 1.5 questions a turn (issue 11)."""
    state, history = play_game(7, names="Ana,Bruno", track="queues")
    text = transcript(game, history)
    assert text == golden_text(GOLDEN, text)
    assert state["over"] and state["result"] in ("a", "b", "draw")
    turns = re.split(r"^## \d+\. Turn \d+, \w+: Events and Replenish$", text, flags=re.M)[1:]
    per_turn = [sum(1 for line in chunk.splitlines() if line.startswith("? ")) for chunk in turns]
    assert len(per_turn) >= 10 and sum(per_turn) / len(per_turn) <= 1.5 and max(per_turn) == 1


@settings(max_examples=300, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), first_game=st.booleans())
def test_random_queues_only_games_keep_the_queues_sound_and_always_end(seed, first_game):
    """Random queues-only games never fail and always end: at most one card per space, Raiders once in the queue
    or in the area, no more copies of an event queued than exist, one question a turn."""
    from automata.radlands import board
    from policy_runner import play_policy
    from radlands_policy import Policy

    d = game._load()

    def on_step(state, st_, result):
        for s in board.SIDES:
            side = state["players"][s]
            assert len(side["queue"]) == 3
            assert side["queue"].count("raiders") == (1 if side["raiders"] == "queue" else 0)
            assert side["silo"] in ("area", "hand")
        for ev, c in d.events.items():
            assert sum(state["players"][s]["queue"].count(ev) for s in board.SIDES) <= c["copies"]
        assert len([e for e in result.transcript if e.kind == "ask"]) <= (1 if st_["proc"] == "q_played" else 0)

    state = game.new_state(game.check_options({"first_game": first_game, "track": "queues"}), seed)
    state, _ = play_policy(game, state, Policy(seed), seed, on_step=on_step, max_steps=5000)
    assert state["over"] and state["result"] in ("a", "b", "draw")


def test_the_long_explanation_of_the_turns_question_is_given_once_then_a_short_one_with_the_players_names():
    """Wave-2 item 15: the one question of each turn (seed, Fluxo do Jogo 3, what touched the queues) carries the
    whole list of what can be written only the first time; afterwards a short reminder ('?' shows the list: the
    track_queues topic); the examples name the player asked, not a fixed 'Ana'."""
    from cli.words.i18n import Translator

    state = new(players="João,Mariana")
    hints = []
    for _ in range(3):
        step(state)
        ask = run(game.procedure(state, game.next_step(state)), ScriptedAnswers({}), dice=DiceContext(1, 1, "table")).pending
        hints.append((ask.hint, state["players"][state["turn"]["player"]]["name"]))
        step(state, {"played": ""})
    assert [h.id for h, _ in hints] == ["radlands.hint.played", "radlands.hint.played_short", "radlands.hint.played_short"]
    t = Translator("pt-BR")
    for hint, name in hints:
        text = t.render(hint)
        assert f"{name} venceu" in text and "Ana" not in text
    assert len(t.render(hints[1][0])) < len(t.render(hints[0][0])) / 2
    topic = t("radlands.rules.track_queues.text")
    assert "Omen Clock Banish" in topic and "NOME venceu" in topic  # what '?' shows at the question
