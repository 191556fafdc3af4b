"""Time of Crisis: a human player as Emperor, and the Populace Emperor's disadvantage and removal at a bot's
Place Governor.

Seed 000 (000_11c43f9f500dfc03.txt), Ações e Como Jogar: "Tornar-se Imperador" (the Emperor token's place
sets the type; one token on the board at a time), "Limitações", "Tipos de Imperador" (Legacy, Special
Advantages, Special Disadvantages, Removal); rules reference §1.6.
"""

from __future__ import annotations

import copy

import pytest

from automata.toc.emperor import emperor_type_now
from test_toc_turn import after_setup, first_bot, play, says

PARTS = ("legacy", "advantages", "disadvantages", "removal")


@pytest.mark.parametrize("kind", ["senate", "populace", "military"])
def test_human_chooses_the_emperor_type_and_sees_its_rules(kind):
    """Seed, Tornar-se Imperador: on becoming Emperor the player puts the Emperor token in Italia (Senate), on a
    Governor elsewhere (Populace) or with a General (Military); Tipos de Imperador: that type's four headings."""
    state = after_setup()
    r = play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human",
                                                 "toc.human1.emperor_type": kind})
    assert state["emperor"] == "human"
    assert state["human_emperor"] == {"player": 1, "type": kind}
    assert emperor_type_now(state) == kind
    shown = says(r)
    assert f"toc.emperor.human_place.{kind}" in shown
    assert "toc.emperor.one_token" in shown  # only one Emperor token on the board at a time
    assert [m for m in shown if m.startswith(f"toc.emperor.{kind}.")] == [f"toc.emperor.{kind}.{p}" for p in PARTS]
    ask = next(e for e in r.transcript if e.kind == "ask" and e.id == "toc.human1.emperor_type")
    assert ask.value == kind


def test_without_the_emperor_rules_no_type_is_asked():
    """Seed, Regras Opcionais do Imperador: the types exist only with the optional rules."""
    state = after_setup(emperor_rules=False)
    r = play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human"})
    assert not [e for e in r.transcript if e.kind == "ask" and e.id.endswith("emperor_type")]
    assert state["human_emperor"] == {"player": 1, "type": ""}
    assert emperor_type_now(state) == ""


def test_a_sitting_human_emperor_is_not_asked_again_and_sees_the_limitation():
    """Seed, Limitações: a player who has been Emperor this turn may not attempt Place Governor in Italia;
    the same player still Emperor is no new Emperor (no second type question)."""
    state = after_setup()
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human",
                                            "toc.human1.emperor_type": "senate"})
    r = play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human"})
    assert "toc.emperor.human_limitation" in says(r)
    assert "toc.emperor.senate.legacy" in says(r)  # Tipos de Imperador: the type's Gain Legacy rule, each of its turns
    assert state["human_emperor"]["type"] == "senate"


def test_another_human_taking_the_throne_is_one_answer_of_the_one_question():
    """Seed, Tornar-se Imperador: only a successful Place Governor in Italia during one's own turn makes an
    Emperor, so after player 2's turn the Emperor is still player 1, nobody, or player 2. Issue 30: those are the
    answers of the one question, so a turn in which nothing changed costs one question, not two."""
    state = after_setup(humans=2, bots="red,blue")
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human",
                                            "toc.human1.emperor_type": "populace"})
    r = play(state, {"proc": "human", "i": 2}, {"toc.human2.crisis": "other", "toc.human2.emperor": "human"})
    assert state["human_emperor"] == {"player": 1, "type": "populace"}
    assert [a.id for a in r.asks] == ["toc.human2.crisis", "toc.human2.emperor"]
    assert [c.value for c in r.asks[-1].choices] == ["none", "human", "took"]
    r = play(state, {"proc": "human", "i": 2}, {"toc.human2.crisis": "other", "toc.human2.emperor": "took",
                                                "toc.human2.emperor_type": "military"})
    assert state["human_emperor"] == {"player": 2, "type": "military"} and state["emperor"] == "human"
    # one Emperor token on the board: player 1's comes off
    off = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "toc.emperor.previous_token_off"]
    assert len(off) == 1 and off[0].params["who"]["params"]["n"] == 1


def test_a_human_taking_the_throne_from_a_bot_is_told_to_take_the_bots_token_off():
    """Seed, Tornar-se Imperador: 'Você só pode ter um de seus Emperor tokens no tabuleiro por vez' and there is one
    Emperor: issue 30, a human winning Italia from a bot Emperor is told to take the bot's token off, as a bot is;
    a bot leaving office in a human's turn (e.g. killed in that human's battle) likewise."""
    for answer, expected in (("human", "toc.emperor.previous_token_off"), ("none", "toc.emperor.token_off")):
        state = after_setup()
        bot = state["bot_order"][0]
        state["emperor"] = bot
        state["bots"][bot]["emperor_type"] = "military"
        r = play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": answer,
                                                    "toc.human1.emperor_type": "senate"})
        told = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == expected]
        assert len(told) == 1 and told[0].params["who"]["params"]["colour"] == f"@toc.colour.{bot}"
        assert state["bots"][bot]["emperor_type"] == "" and state["emperor"] == ("human" if answer == "human" else "none")
    state = after_setup()  # nothing changed: nothing to take off
    state["emperor"] = bot = state["bot_order"][0]
    r = play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": bot})
    assert not [e for e in r.transcript if e.kind == "say" and e.msg.id in ("toc.emperor.previous_token_off", "toc.emperor.token_off")]


def test_nobody_or_a_bot_clears_the_human_emperor():
    """Seed line 112 (Populace Emperor, Removal: also another player's Place Governor in the token's province, so in
    human player 2's turn): nobody reigns after."""
    state = after_setup(humans=2, bots="red,blue")
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human",
                                            "toc.human1.emperor_type": "populace"})
    play(state, {"proc": "human", "i": 2}, {"toc.human2.crisis": "other", "toc.human2.emperor": "none"})
    assert "human_emperor" not in state and emperor_type_now(state) == ""


def _place_governor(state, c, **extra):
    bot = state["bots"][c]
    bot["points"] = {"military": 0, "senate": 5, "populace": 0}
    from automata.toc.game import data_of

    data_of(state)
    answers = {f"toc.{c}.apl.1": "place_governor", "toc.apl.place_governor.cost": "2", f"toc.{c}.apl.2": "none"}
    answers.update(extra)
    return play(state, {"proc": "bot_spend", "bot": c}, answers)


def test_bot_taking_italia_from_a_human_emperor():
    """Seed, Tipos de Imperador, Removal: a successful Place Governor in Italia by another faction removes the Emperor."""
    state = after_setup()
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human",
                                            "toc.human1.emperor_type": "senate"})
    c = first_bot(state)
    _place_governor(state, c, **{f"toc.{c}.italia": "yes", f"toc.{c}.emperor_military_possible": "yes", f"toc.{c}.emperor_populace_possible": "yes"})
    assert state["emperor"] == c and "human_emperor" not in state


def test_populace_emperor_disadvantage_and_removal_in_its_province():
    """Seed, Populace Emperor: opponents' Place Governor in Italia against it gets +2 votes (Special
    Disadvantages); it is removed also by a successful Place Governor in the province holding its token (Removal)."""
    state = after_setup()
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human",
                                            "toc.human1.emperor_type": "populace"})
    c = first_bot(state)
    r = _place_governor(state, c, **{f"toc.{c}.italia": "no", f"toc.{c}.populace_province": "no"})
    assert "toc.spend.populace_votes" in says(r)
    assert state["emperor"] == "human"
    r = _place_governor(state, c, **{f"toc.{c}.italia": "no", f"toc.{c}.populace_province": "yes"})
    assert "toc.emperor.removed_populace" in says(r)
    assert state["emperor"] == "none" and "human_emperor" not in state


def test_senate_emperor_is_not_removed_outside_italia():
    """Seed, Senate Emperor, Removal: only a successful Place Governor in Italia; no province question."""
    state = after_setup()
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human",
                                            "toc.human1.emperor_type": "senate"})
    c = first_bot(state)
    r = _place_governor(state, c, **{f"toc.{c}.italia": "no"})
    assert "toc.spend.populace_votes" not in says(r)
    assert not [e for e in r.transcript if e.kind == "ask" and e.id.endswith("populace_province")]
    assert state["emperor"] == "human"


def test_military_emperor_bot_killed_in_its_own_battle():
    """Seed, Limitações (example: a Military Emperor killed in battle this turn): after its battle the table says
    whether the bot's Military Emperor died (the test itself is cut off from the summary, G13); if so it is no
    longer Emperor and, having been Emperor this turn, may not attempt Place Governor in Italia."""
    state = after_setup()
    c = next(b for b in state["bot_order"] if state["bots"][b]["mat"] == "maximinus_thrax")
    bot = state["bots"][c]
    state["emperor"] = c
    bot["emperor_type"] = "military"
    bot["emperor_this_turn"] = True
    bot["points"] = {"military": 3, "senate": 2, "populace": 0}
    from automata.toc.game import data_of

    data_of(state)
    answers = {f"toc.{c}.apl.1": "initiate_battle", "toc.apl.initiate_battle.cost": "1",
               f"toc.{c}.apl.initiate_battle.emperor_killed": "yes", f"toc.{c}.apl.2": "place_governor",
               "toc.apl.place_governor.cost": "1", f"toc.{c}.apl.3": "none"}
    r = play(state, {"proc": "bot_spend", "bot": c}, answers)
    assert state["emperor"] == "none" and bot["emperor_type"] == ""
    shown = says(r)
    assert shown.index("toc.emperor.killed") < shown.index("toc.spend.limitation")  # then Place Governor is refused in Italia
    bot["points"]["senate"] = 2
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "place_governor", f"toc.{c}.apl.2": "none"})
    assert not [e for e in r.transcript if e.kind == "ask" and e.id.endswith(".italia")]  # no attempt in Italia
    assert state["emperor"] == "none"


@pytest.mark.parametrize("answer, kind", [("Senado", "senate"), ("povo", "populace"), ("militar", "military"), ("Military", "military")])
def test_the_type_may_be_answered_in_either_language(answer, kind):
    state = after_setup()
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human",
                                            "toc.human1.emperor_type": answer})
    assert state["human_emperor"]["type"] == kind


def test_a_bot_taking_the_throne_has_the_previous_emperors_token_taken_off():
    """Issue 12 / seed, Tornar-se Imperador: only one Emperor: when a bot takes the throne the table is told to take the
    previous Emperor's token off the board (a human's or another bot's); nothing is said when nobody reigned."""
    state = after_setup()
    c = state["bot_order"][0]
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "human",
                                            "toc.human1.emperor_type": "senate"})
    r = _place_governor(state, c, **{f"toc.{c}.italia": "yes", f"toc.{c}.emperor_populace_possible": "yes",
                                     f"toc.{c}.emperor_military_possible": "yes"})
    off = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "toc.emperor.previous_token_off"]
    assert state["emperor"] == c and len(off) == 1 and off[0].params["who"] == {"id": "toc.the_human", "params": {"n": 1}}
    other = state["bot_order"][1]
    r = _place_governor(state, other, **{f"toc.{other}.italia": "yes", f"toc.{other}.emperor_populace_possible": "yes",
                                         f"toc.{other}.emperor_military_possible": "yes"})
    off = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "toc.emperor.previous_token_off"]
    assert state["emperor"] == other and off[0].params["who"]["params"]["colour"] == f"@toc.colour.{c}"
    state["emperor"] = "none"
    state["bots"][other]["emperor_type"] = ""
    third = state["bot_order"][2]
    r = _place_governor(state, third, **{f"toc.{third}.italia": "yes", f"toc.{third}.emperor_populace_possible": "yes",
                                         f"toc.{third}.emperor_military_possible": "yes"})
    assert "toc.emperor.previous_token_off" not in says(r)


@pytest.mark.parametrize("holder", ["bot", "human1", "human2"])
@pytest.mark.parametrize("kind", ["senate", "populace", "military", ""])
def test_only_a_senate_emperor_cannot_leave_office_in_a_humans_turn(holder, kind):
    """Seed 000 line 103 (Senate Emperor, Removal): removed ONLY by another player's successful Place Governor in
    Italia. After a human's turn a Senate Emperor is still Emperor or that human took Italia: "left office, nobody
    reigns" stays in its place in the menu, refused with the reason; a Populace Emperor (line 112: also its
    province, by another player: not in its own human's turn), a Military Emperor (killed in battle, line 90) and an
    Emperor without the Emperor rules may leave."""
    from automata.core.runner import BadAnswer, run
    from automata.toc import game
    from test_toc_turn import Recording

    rules = bool(kind)
    state = after_setup(humans=2, bots="red,blue", emperor_rules=rules)
    if holder == "bot":
        state["emperor"] = state["bot_order"][0]
        state["bots"][state["emperor"]]["emperor_type"] = kind
    else:
        state["emperor"] = "human"
        state["human_emperor"] = {"player": int(holder[-1]), "type": kind}
    for i in (1, 2):
        trial = copy.deepcopy(state)
        source = Recording({f"toc.human{i}.crisis": "other", f"toc.human{i}.emperor": "none"})
        own_populace = kind == "populace" and holder == f"human{i}"
        if kind == "senate" or own_populace:
            with pytest.raises(BadAnswer):  # the answer is refused with the reason
                run(game.procedure(trial, {"proc": "human", "i": i}), source)
            left = next(c for c in source.asks[-1].choices if c.value == "none")
            stays = "toc.emperor.populace_stays" if own_populace else "toc.emperor.senate_stays"
            assert left.unavailable is not None and left.unavailable.id == stays
        else:
            run(game.procedure(trial, {"proc": "human", "i": i}), source)
            left = next(c for c in source.asks[-1].choices if c.value == "none")
            assert left.unavailable is None and trial["emperor"] == "none"
