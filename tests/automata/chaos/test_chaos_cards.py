"""Chaos and Old World cards (issue 29): how each card is handled, the deck's copies, cards moved between
deck, hand and discard pile by board changes, and Old World cards taken off the track.

Rules file §2.8 (each Power's cards and their copies), §1.5 and seed, Fase de Compra (a deck that runs out is
the discard pile reshuffled), §1.9 / seed, Fase Final step 1 (played cards go to the discard pile), §1.4 / seed,
Fase do Velho Mundo (cards can remove comet cards from the event zone), §1.9 step 3 (the End-phase effects of
the cards on the track).
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.chaos import copies, edits
from automata.chaos import data as chaos_data
from automata.chaos.data import DataError, HANDLING, load
from automata.chaos.game import data_of
from automata.core.runner import BadAnswer, DiceContext, ScriptedAnswers, run
from automata.core.steps import InvalidAnswer
from automata.chaos import game
from test_chaos_rules import after_setup, pile_total, play_step, says, summoning_state
from test_chaos_summon_line import ready, record

DATA = load()

#: the keys with which the program applies a card's effect itself (rules file §3.6: modifiers)
COMPUTING = ("early_dice", "no_corruption", "resistance_mod", "kill_draw", "domination", "own_defense", "enemy_defense",
             "consume_per_token")


def asks_for(card: dict) -> list[str]:
    """The questions the program asks after the card is played (summonline/turn, battle, corruption)."""
    out = []
    if card["board_effect"]:
        out.append("board changes on play")
    if card["battle_effect"] and not card["early_dice"] and not card.get("kill_draw"):
        out.append("the battle's changes")
    if card["domination_effect"] and not card.get("domination"):
        out.append("the region's domination values")
    if card["corruption_effect"]:
        out.append("the corruption placed")
    if card.get("may_stay"):
        out.append("whether it stays on the board")
    return out


# -- the handling field: every card, and true to what the program does ---------------------------------


@pytest.mark.parametrize("power,card", [(p, c["id"]) for p in DATA.power_ids for c in DATA.chaos_cards(p)])
def test_every_chaos_card_says_how_it_is_handled(power, card):
    """Issue 29: each Chaos card of each Power (rules file §2.8) records in the data whether the program
    computes its effect, asks the table, or leaves it to the table with a reminder, and that record is true:
    an asked card triggers a question, a computed one has a key the program applies (or a note naming where
    it is computed), a table card triggers none."""
    c = DATA.chaos_card(power, card)
    assert c["handling"] in HANDLING
    assert c.get("handling_note")
    if c["handling"] == "asked":
        assert asks_for(c), card
    elif c["handling"] == "table":
        assert not asks_for(c) and not any(c.get(k) for k in COMPUTING), card
    else:
        assert any(c.get(k) for k in COMPUTING), card


@pytest.mark.parametrize("card", [c["id"] for c in DATA.old_world_cards])
def test_every_old_world_card_says_how_it_is_handled(card):
    """Issue 29 and rules file §2.9: an Old World card's effect is applied by the program when the data knows
    it (``effect``), else the table says what changed: never skipped."""
    c = DATA.old_world_card(card)
    assert c["handling"] == ("computed" if "effect" in c else "asked")
    assert c.get("handling_note")


@pytest.mark.parametrize("where", ["cards", "old_world"])
def test_a_card_without_handling_is_refused(where):
    """Issue 29: the field is required; data without it (an owner's file, a new card) is refused."""
    ns = copy.deepcopy(chaos_data._shipped())
    record = ns["cards"]["slaanesh"][2] if where == "cards" else ns["old_world"][3]
    record.pop("handling")
    with pytest.raises(DataError, match="handling"):
        chaos_data._validate(ns)
    record["handling"] = "maybe"
    with pytest.raises(DataError, match="handling must be one of"):
        chaos_data._validate(ns)


def test_a_table_card_is_played_with_a_reminder_and_the_others_without():
    """Issue 29: a card the program does not apply says so when played; a computed or asked one does not."""
    state = ready()
    state["p"]["tzeentch"]["hand"] = 3
    r = record(state, "tzeentch", "card dazzle kislev, card teleport tilea", {"chaos.card.tzeentch.changes": "none"})
    lines = [e.msg for e in r.transcript if e.kind == "say"]
    ids = [m.id for m in lines]
    assert ids.count("chaos.card.table_reminder") == 1
    played = [m.params["card"] for m in lines[:ids.index("chaos.card.table_reminder")] if m.id == "chaos.card.played"]
    assert played[-1] == "@chaos.card.tzeentch.dazzle"  # said right after Dazzle (no summary), not after Teleport


def test_the_meddling_of_skaven_asks_who_discarded():
    """Rules file §2.8 (a Power with figures here discards 2 cards): the discards go to the discard pile."""
    state = ready()
    state["p"]["tzeentch"]["hand"] = 3
    ns = state["p"]["nurgle"]
    ns.update(hand=5, deck=14, discard=2)
    r = record(state, "tzeentch", "card the_meddling_of_skaven kislev", {"chaos.card.tzeentch.changes": "-2 cards nurgle"})
    assert "chaos.card.tzeentch.changes" in [e.id for e in r.transcript if e.kind == "ask"]
    assert (ns["hand"], ns["deck"], ns["discard"]) == (3, 14, 4)


@pytest.mark.parametrize("stays", [True, False])
def test_the_persistence_of_change_may_stay_on_the_board(stays):
    """Rules file §2.10 End Phase (a card whose own text keeps it on the board stays) and seed, Fase Final
    step 1: the table says whether it stays; the other cards go to the discard pile."""
    state = after_setup()
    state["round"] = 1
    state["regions"]["kislev"]["cards"] = [{"power": "khorne", "card": "battle_cry", "cost": 1},
                                           {"power": "tzeentch", "card": "the_persistence_of_change", "cost": 1}]
    state["p"]["tzeentch"]["hand"] -= 1  # played from the hand
    r = play_step(state, {"proc": "end_cards"}, {"chaos.end.r1.kislev.2.stays": stays})
    assert [e.id for e in r.transcript if e.kind == "ask"] == ["chaos.end.r1.kislev.2.stays"]
    left = [e["card"] for e in state["regions"]["kislev"]["cards"]]
    assert left == (["the_persistence_of_change"] if stays else [])
    assert state["p"]["tzeentch"]["discard_cards"] == ([] if stays else ["the_persistence_of_change"])
    assert pile_total(state, "tzeentch") == 24


# -- copies: the summoning line, the one-action menu --------------------------------------------------


def test_five_battle_cry_are_refused():
    """Rules file §2.8: Khorne's deck holds 4 Battle Cry, so a line playing five is refused whole, with the
    reason; four are accepted."""
    state = ready()
    ks = state["p"]["khorne"]
    ks["hand"] = 6
    line = "card battle_cry norsca, card battle_cry kislev, card battle_cry tilea, card battle_cry estalia, card battle_cry bretonnia"
    before = copy.deepcopy(state)
    with pytest.raises(BadAnswer) as bad:
        record(state, "khorne", line)
    problem = bad.value.problem
    assert problem.id == "chaos.line.copies"
    assert (problem.params["copies"], problem.params["n"], problem.params["free"]) == (4, 5, 4)
    state.pop("summon_started", None)
    assert state == before
    assert record(state, "khorne", line.rsplit(",", 1)[0]).done
    assert copies.in_play(state, "khorne", "battle_cry") == 4


@pytest.mark.parametrize("on_board,discarded,reshuffled,n,ok", [
    (0, 0, False, 3, True),   # The Blood God's Call: 3 copies
    (1, 0, False, 3, False),  # one is on the board already
    (0, 2, False, 2, False),  # two were played last round: in the discard pile
    (0, 2, True, 3, True),    # ... until the pile is reshuffled into the deck
    (1, 1, False, 1, True),
])
def test_copies_on_the_board_and_in_the_discard_pile_are_not_in_the_hand(on_board, discarded, reshuffled, n, ok):
    """Rules file §2.8 copies, seed Fase Final step 1 (played cards go to the discard pile) and Fase de Compra
    (the pile becomes the deck when the deck runs out): a line may play only the copies still possibly in hand."""
    state = ready()
    ks = state["p"]["khorne"]
    ks["hand"] = 5
    ks["pp"] = 10
    for _ in range(on_board):
        state["regions"]["norsca"]["cards"].append({"power": "khorne", "card": "the_blood_gods_call", "cost": 2})
        ks["hand"] -= 1
    for _ in range(discarded):
        ks["hand"] -= 1
        copies.to_discard(state, "khorne", "the_blood_gods_call")
    if reshuffled:
        ks["deck"] = 0
        run(game.procedure(state, {"proc": "draw"}), ScriptedAnswers({"chaos.draw.r1.tzeentch.discard": "no"}), dice=DiceContext(1, 1))
        ks["pp"] = 10
    regions = ["kislev", "tilea", "estalia"][:n]
    line = ", ".join(f"card the_blood_gods_call {r}" for r in regions)
    answers = {"chaos.card.khorne.changes": ["none"] * n}
    if ok:
        assert record(state, "khorne", line, answers).done
    else:
        with pytest.raises(BadAnswer) as bad:
            record(state, "khorne", line, answers)
        assert bad.value.problem.id == "chaos.line.copies"


@pytest.mark.parametrize("answer", ["battle_cry", "Battle Cry"])
def test_the_one_action_menu_refuses_a_card_with_no_copy_free(answer):
    """Rules file §2.8 copies, one action at a time (seed, Fase de Invocação B.1: a card from the hand): a card
    whose every copy is on the board or in the discard pile cannot be picked (it stays in its place, marked), and
    naming it says why."""
    state = summoning_state()
    for region in ("norsca", "kislev", "tilea"):
        state["regions"][region]["cards"].append({"power": "khorne", "card": "battle_cry", "cost": 1})
    copies.to_discard(state, "khorne", "battle_cry")
    r = run(game.procedure(state, {"proc": "summon", "power": "khorne"}), ScriptedAnswers({"chaos.summon.khorne": "card"}), dice=DiceContext(1, 1))
    assert r.pending_id == "chaos.card.khorne"
    offered = [c.value for c in r.pending.choices if c.available]
    assert "battle_cry" not in offered and "blood_frenzy" in offered
    assert "battle_cry" in [c.value for c in r.pending.choices]  # in its place: the numbers never move
    with pytest.raises(InvalidAnswer) as bad:
        r.pending.normalise(answer)
    assert bad.value.msg.id == "core.invalid.unavailable"
    assert bad.value.msg.params["reason"]["id"] == "chaos.card.no_copy_free"
    assert bad.value.msg.params["reason"]["params"]["copies"] == 4


def test_the_menu_offers_no_card_when_no_copy_is_free():
    """Rules file §2.8: with every affordable card's copies on the board or discarded, 'play a card' cannot be
    picked even with cards in hand; it stays in its place with the reason (docs/playing.md: numbers never move)."""
    state = summoning_state()
    state["p"]["khorne"]["pp"] = 1
    for c in DATA.chaos_cards("khorne"):
        if c["cost"] <= 1:
            for _ in range(c["copies"]):
                copies.to_discard(state, "khorne", c["id"])
    r = run(game.procedure(state, {"proc": "summon", "power": "khorne"}), ScriptedAnswers({}), dice=DiceContext(1, 1))
    [card] = [c for c in r.pending.choices if c.value == "card"]
    assert [c.value for c in r.pending.choices] == ["cultist", "warrior", "daemon", "card", "pass"]
    assert card.unavailable is not None and card.unavailable.id == "chaos.summon.unavailable.no_copy"


def test_end_phase_cards_are_known_in_the_discard_pile_and_the_reshuffle_forgets_them():
    """Seed, Fase Final step 1 and Fase de Compra: cards off the board are known in the discard pile until the
    pile is reshuffled."""
    state = after_setup()
    state["round"] = 1
    state["regions"]["kislev"]["cards"] = [{"power": "khorne", "card": "battle_cry", "cost": 1}]
    state["p"]["khorne"]["hand"] -= 1
    play_step(state, {"proc": "end_cards"})
    ks = state["p"]["khorne"]
    assert ks["discard_cards"] == ["battle_cry"] and ks["discard"] == 1
    assert copies.copies_free(state, DATA, "khorne", "battle_cry") == 3
    ks["deck"] = 0
    play_step(state, {"proc": "draw"}, {"chaos.draw.r1.tzeentch.discard": "no"})
    assert ks["discard_cards"] == [] and ks["discard"] == 0
    assert copies.copies_free(state, DATA, "khorne", "battle_cry") == 4


# -- cards drawn and discarded through board changes --------------------------------------------------


def changes(state, text):
    """The table's board changes, checked then applied as every changes question does (common.apply_changes)."""
    from automata.chaos.common import apply_changes, ask_changes

    data = data_of(state)

    def proc():
        got = yield ask_changes("chaos.test.changes", None, state, data)
        yield from apply_changes(state, data, got)

    return run(proc(), ScriptedAnswers({"chaos.test.changes": text}), dice=DiceContext(1, 1))


def test_a_board_change_draw_comes_from_the_deck():
    """Issue 29 and seed, Fase de Compra: '+3 cards khorne' takes three cards from Khorne's deck; the cards of
    his 24-card deck still add up to 24."""
    state = after_setup()
    ks = state["p"]["khorne"]
    assert pile_total(state, "khorne") == 24
    r = changes(state, "+3 cards khorne")
    assert r.done
    assert (ks["hand"], ks["deck"], ks["discard"]) == (6, 18, 0)
    assert pile_total(state, "khorne") == 24
    assert "chaos.draw.reshuffle" not in says(r)


def test_a_board_change_draw_reshuffles_the_discard_pile():
    """Seed, Fase de Compra: a draw that empties the deck reshuffles the discard pile into a new deck, said as
    in the Draw phase; the known discards are forgotten."""
    state = after_setup()
    ks = state["p"]["khorne"]
    ks.update(hand=3, deck=1, discard=20)
    copies.to_discard(state, "khorne", "battle_cry")
    ks["discard"] -= 1  # keep the total at 24: the known card is one of the 20
    r = changes(state, "+3 cartas khorne")
    assert r.done and "chaos.draw.reshuffle_after" in says(r)  # the deck's last card first (issue 38)
    assert (ks["hand"], ks["deck"], ks["discard"], ks["discard_cards"]) == (6, 18, 0, [])
    assert pile_total(state, "khorne") == 24


def test_a_board_change_discard_goes_to_the_discard_pile():
    """Issue 29: '-2 cards nurgle' moves two cards from Nurgle's hand to his discard pile."""
    state = after_setup()
    ns = state["p"]["nurgle"]
    assert changes(state, "-2 cards nurgle").done
    assert (ns["hand"], ns["deck"], ns["discard"]) == (1, 21, 2)


@pytest.mark.parametrize("text,deck,discard,hand,reason", [
    ("+3 cards khorne", 1, 1, 3, "chaos.fix.rule.cards"),    # only 2 cards left to draw
    ("+1 cards khorne", 0, 0, 3, "chaos.fix.rule.cards"),
    ("-4 cards khorne", 10, 0, 3, "chaos.fix.rule.cards"),   # the hand holds 3
    ("+2 cards khorne; +1 cards khorne", 2, 0, 3, "chaos.fix.rule.cards"),  # checked as a whole list
])
def test_a_board_change_cannot_draw_or_discard_cards_that_are_not_there(text, deck, discard, hand, reason):
    """Issue 29: no more cards are drawn than the deck and the discard pile hold, nor discarded than the hand
    holds; the whole list is refused and nothing changes."""
    state = after_setup()
    state["p"]["khorne"].update(deck=deck, discard=discard, hand=hand)
    before = copy.deepcopy(state)
    with pytest.raises(BadAnswer) as bad:
        changes(state, text)
    # the corrections' refusal (issue 40): the hand's valid counts and the rule that says why
    assert bad.value.problem.id == "core.fix.out_of_range" and bad.value.problem.params["rule"] == "@" + reason
    assert state == before


def test_a_discard_then_a_draw_in_one_list_may_use_the_reshuffled_card():
    """Seed, Fase de Compra: a card discarded first is in the discard pile a later draw reshuffles."""
    state = after_setup()
    ks = state["p"]["khorne"]
    ks.update(hand=3, deck=0, discard=0)
    assert changes(state, "-1 cards khorne; +1 cards khorne").done
    assert (ks["hand"], ks["deck"], ks["discard"]) == (3, 0, 0)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(["khorne", "nurgle"]), st.integers(-4, 6)), min_size=1, max_size=4),
       st.integers(0, 10), st.integers(0, 10))
def test_board_change_draws_and_discards_keep_every_card(items, deck, discard):
    """Issue 29: whatever list of draws and discards the table types, accepted or refused, each Power's cards
    still add up to its deck size (deck + hand + discard pile + board)."""
    state = after_setup()
    for p in ("khorne", "nurgle"):
        ps = state["p"][p]
        ps.update(deck=deck, discard=discard, hand=24 - deck - discard)
    text = "; ".join(f"{n:+d} cards {p}" for p, n in items if n)
    if not text:
        return
    try:
        changes(state, text)
    except BadAnswer:
        pass
    for p in ("khorne", "nurgle"):
        ps = state["p"][p]
        assert pile_total(state, p) == 24
        assert min(ps["deck"], ps["hand"], ps["discard"]) >= 0


# -- Old World cards taken off the track --------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "-track peasant uprising", "-track Peasant Uprising", "-track peasant_uprising", "-trilha peasant uprising",
    "-zona de eventos peasant uprising",
])
def test_a_card_taken_off_the_track_is_no_longer_asked_in_the_end_phase(text):
    """Seed, Fase do Velho Mundo (cards can remove comet cards from the event zone) and Fase Final step 3 (the
    cards on the track act in the End phase): a card taken off by a board change is gone from the track, so
    its End-phase effect is no longer asked."""
    state = after_setup()
    state["old_world"]["track"] = ["road_wardens", "peasant_uprising"]
    r = changes(state, text)
    assert r.done and state["old_world"]["track"] == ["road_wardens", ""]
    assert "chaos.edit.applied" in says(r)
    end = play_step(state, {"proc": "end_old_world"}, {"chaos.oldworld.road_wardens.end_phase": "no"})
    assert [e.id for e in end.transcript if e.kind == "ask"] == ["chaos.oldworld.road_wardens.end_phase"]


def test_a_card_removed_by_the_first_cards_end_phase_effect_is_not_asked():
    """Seed, Fase Final step 3, space 1 then space 2: a card that space 1's effect takes off the track is not
    resolved after it."""
    state = after_setup()
    state["old_world"]["track"] = ["road_wardens", "witch_hunters"]
    r = play_step(state, {"proc": "end_old_world"}, {"chaos.oldworld.road_wardens.end_phase": "-track the witch hunters"})
    assert [e.id for e in r.transcript if e.kind == "ask"] == ["chaos.oldworld.road_wardens.end_phase"]
    assert state["old_world"]["track"] == ["road_wardens", ""]
    assert "witch_hunters" not in state.get("facts", {}).get("end_phase_effect", {})


def test_a_drawn_card_can_clear_the_track_before_it_enters_space_1():
    """Seed, Fase do Velho Mundo: the card is resolved, then goes onto space 1; a card it took off the track
    does not move to space 2 nor leave the game again."""
    state = after_setup()
    state["old_world"]["track"] = ["road_wardens", "witch_hunters"]
    r = play_step(state, {"proc": "old_world"}, {"chaos.oldworld.card": "greenskins_invade",
                                                  "chaos.oldworld.changes": "-track road wardens; +event the badlands"})
    assert state["old_world"]["track"] == ["greenskins_invade", ""]
    assert "chaos.oldworld.leaves" in says(r)  # Witch Hunters, on space 2, leaves the game as usual
    assert state["regions"]["the_badlands"]["tokens"]["event"] == 1


@pytest.mark.parametrize("text,reason,close", [
    ("-track peasant uprisng", "core.fix.unknown_option", "peasant uprising"),
    ("-track", "core.fix.missing", None),
    ("-track witch hunters", "core.fix.not_there", None),
    ("+track road wardens", "core.fix.out_of_range", None),  # a card only leaves the track by a change
    ("-2 track road wardens", "core.fix.out_of_range", None),
])
def test_a_wrong_track_change_is_refused_with_the_reason(text, reason, close):
    """Issue 29: a name that is no Old World card gets close matches; a card not on the track, or put on it, is
    refused; nothing changes."""
    state = after_setup()
    state["old_world"]["track"] = ["road_wardens", "peasant_uprising"]
    before = copy.deepcopy(state)
    with pytest.raises(BadAnswer) as bad:
        changes(state, text)
    assert bad.value.problem.id == reason
    if close:
        assert close in bad.value.problem.params["close"]
    assert state == before


def test_two_copies_on_the_track_can_both_be_taken_off():
    """Rules file §2.9: Peasant Uprising has two copies; '-2 track' takes both."""
    state = after_setup()
    state["old_world"]["track"] = ["peasant_uprising", "peasant_uprising"]
    assert changes(state, "-2 track peasant uprising").done
    assert state["old_world"]["track"] == ["", ""]


def test_the_track_word_is_in_the_parser_in_both_languages():
    """Issue 29: the board-change language knows the track in English and Portuguese."""
    state = after_setup()
    state["old_world"]["track"] = ["the_crusade_is_come", "the_crusade_is_come"]
    ops = edits.parse("-track the crusade is come; -trilha Crusade Is Come", state)
    assert [op["card"] for op in ops] == ["the_crusade_is_come"] * 2


def test_the_readme_lists_each_card_under_its_handling():
    """Issue 29: the Chaos page of the docs (docs/chaos.md, once the README's Chaos section) says which card effects
    the program computes, asks, or leaves to the table, and agrees with the data."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[3] / "docs" / "chaos.md").read_text(encoding="utf-8")
    rows = {}
    for line in readme.splitlines():
        for h in HANDLING:
            if line.startswith(f"| **{h}**") or line.startswith(f"| **left to the {h}**"):
                cells = [c.strip() for c in line.strip("|").split("|")]
                rows[h] = (cells[1], cells[2])
    assert set(rows) == set(HANDLING)
    for p in DATA.power_ids:
        for c in DATA.chaos_cards(p):
            assert c["name"] in rows[c["handling"]][0], (c["name"], c["handling"])
            others = [h for h in HANDLING if h != c["handling"]]
            assert all(c["name"] not in rows[h][0] for h in others), c["name"]
    for c in DATA.old_world_cards:
        if c["handling"] == "computed":
            assert c["name"] in rows["computed"][1], c["name"]


@pytest.mark.parametrize("word,close", [("trak", "track"), ("trilah", "trilha"), ("cartsa", "carta")])
def test_a_mistyped_word_gets_close_matches(word, close):
    """Issue 29: the board-change language suggests the closest word, English or Portuguese."""
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse(f"-{word} road wardens", after_setup())
    assert bad.value.msg.id == "core.fix.unknown_what"
    assert close in bad.value.msg.params["close"]
