"""Time of Crisis, issue 30: a Military Emperor killed in battle wherever the battle happens, and what follows.

Seed 000 (000_11c43f9f500dfc03.txt), Ações e Como Jogar, "Limitações": the example of a player who "era um Military
Emperor que foi morto em batalha neste turno" (a Military Emperor can be killed in battle); rules file §1.6 and §3.10
(the death test is cut off: the players resolve it and answer "Emperor killed? y/n"). The program asks where a battle
the Emperor's army could be in happened: every bot's Initiate Battle (its own or another's) and every barbarian crisis
result (an invasion) while a Military Emperor reigns, bot or human; never otherwise (bench: ≤ 6 questions a bot turn).
"""

from __future__ import annotations

import pytest

from automata.toc.emperor import emperor_type_now
from test_toc_turn import after_setup, play, says

LIST = [{"id": "initiate_battle", "influence": "military", "cost": 1, "criteria": "", "repeat": False},
        {"id": "place_governor", "influence": "senate", "cost": 1, "criteria": "", "repeat": False}]


def _reign(state, holder: str, kind: str = "military"):
    if holder == "human":
        state["emperor"] = "human"
        state["human_emperor"] = {"player": 1, "type": kind}
    else:
        state["emperor"] = holder
        state["bots"][holder]["emperor_type"] = kind


def _battle(state, c, killed):
    state["bots"][c]["points"] = {"military": 2, "senate": 0, "populace": 0}
    return play(state, {"proc": "bot_spend", "bot": c},
                {f"toc.{c}.apl.1": "1 none", f"toc.{c}.apl.initiate_battle.emperor_killed": killed})


@pytest.mark.parametrize("holder", ["other_bot", "human"])
def test_killed_in_another_bots_battle_leaves_office_at_once(holder):
    """Limitações (a Military Emperor can be killed in battle): another bot's Initiate Battle can kill the Emperor, a
    bot or a human; the table says so there, the Emperor leaves office and its token comes off the board."""
    state = after_setup(overrides={"priority": LIST})
    c, other = state["bot_order"][0], state["bot_order"][1]
    _reign(state, other if holder == "other_bot" else "human")
    r = _battle(state, c, "yes")
    ask = next(a for a in r.asks if a.id.endswith("emperor_killed"))
    assert ask.msg.id == "toc.emperor.killed_battle_question" and ask.default is False
    assert state["emperor"] == "none" and emperor_type_now(state) == ""
    assert "human_emperor" not in state and all(b["emperor_type"] == "" for b in state["bots"].values())
    assert "toc.emperor.token_off" in says(r)
    # not killed: nothing changes
    state = after_setup(overrides={"priority": LIST})
    _reign(state, other if holder == "other_bot" else "human")
    _battle(state, c, "no")
    assert emperor_type_now(state) == "military"


@pytest.mark.parametrize("kind", ["senate", "populace", None])
def test_no_question_without_a_military_emperor(kind):
    """Only a Military Emperor stands with an army (Tipos de Imperador: the token goes on a General): with a Senate or
    Populace Emperor, or none, a battle or an invasion asks nothing (issue 30: no question every turn)."""
    state = after_setup(overrides={"priority": LIST})
    c, other = state["bot_order"][0], state["bot_order"][1]
    if kind:
        _reign(state, other, kind)
    state["bots"][c]["points"] = {"military": 2, "senate": 0, "populace": 0}
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "1 none"})
    assert not [a for a in r.asks if a.id.endswith("emperor_killed")]
    r = play(state, {"proc": "bot_crisis", "bot": c}, {f"toc.{c}.crisis": "barbarians"})
    assert [a.id for a in r.asks] == [f"toc.{c}.crisis"]


@pytest.mark.parametrize("result", ["other", "pax_deorum", "event"])
def test_no_question_where_no_invasion_happened(result):
    """An invasion is a barbarian result of the crisis roll: any other result asks nothing about the Emperor."""
    state = after_setup()
    c, other = state["bot_order"][0], state["bot_order"][1]
    _reign(state, other)
    r = play(state, {"proc": "bot_crisis", "bot": c}, {f"toc.{c}.crisis": result})
    assert [a.id for a in r.asks] == [f"toc.{c}.crisis"]


def test_killed_by_an_invasion_in_its_own_crisis_the_limitation_follows():
    """Limitações: 'Você não pode tentar uma ação de Place Governor em Italia se já foi Emperor em qualquer ponto
    durante seu turno atual': a bot Military Emperor killed by an invasion in its own Crisis Phase has been Emperor this
    turn, so its Place Governor is never tried in Italia (no Italia question), and its Gain Legacy is the base one."""
    state = after_setup(overrides={"priority": LIST})
    c = state["bot_order"][0]
    _reign(state, c)
    r = play(state, {"proc": "bot_crisis", "bot": c}, {f"toc.{c}.crisis": "barbarians", f"toc.{c}.invasion.emperor_killed": "yes"})
    assert state["emperor"] == "none" and state["bots"][c]["emperor_this_turn"] is True
    assert "toc.emperor.killed" in says(r)
    state["bots"][c]["points"] = {"military": 0, "senate": 2, "populace": 0}
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "2 none"})
    assert not [a for a in r.asks if a.id.endswith(".italia")]
    assert "toc.spend.limitation" in says(r)
    r = play(state, {"proc": "bot_legacy", "bot": c}, {f"toc.{c}.legacy": "2"})
    assert [a.id for a in r.asks] == [f"toc.{c}.legacy"]  # no Military Emperor formula any more


def test_killed_in_another_turn_ludi_and_legacy_follow_the_board():
    """Seed, AI Crisis Phase (Ludi Saeculares: +4 Legacy to the bot that is Emperor) and Tipos de Imperador (the type's
    Gain Legacy): once the table says the Emperor bot was killed in another bot's battle, Ludi drawn later gives it
    nothing and its next Gain Legacy is the base one; in its next turn it may try Italia again (not its turn)."""
    state = after_setup(overrides={"priority": LIST})
    c, other = state["bot_order"][0], state["bot_order"][1]
    _reign(state, other)
    _battle(state, c, "yes")
    legacy = state["bots"][other]["legacy"]
    play(state, {"proc": "bot_crisis", "bot": c}, {f"toc.{c}.crisis": "ludi_saeculares"})
    assert state["bots"][other]["legacy"] == legacy and not state["bots"][other]["ludi"]
    play(state, {"proc": "bot_crisis", "bot": other}, {f"toc.{other}.crisis": "other"})
    assert state["bots"][other]["emperor_this_turn"] is False
    state["bots"][other]["points"] = {"military": 0, "senate": 2, "populace": 0}
    r = play(state, {"proc": "bot_spend", "bot": other}, {f"toc.{other}.apl.1": "2 none", f"toc.{other}.italia": "no"})
    assert f"toc.{other}.italia" in [a.id for a in r.asks]


def test_a_human_crisis_invasion_can_kill_the_bot_emperor():
    """G1 (rules file §1.8): the crisis specials are handled on a human's roll too; an invasion there can kill the bot
    Military Emperor, asked right after the roll (the human's own battles: at that human's 'did the Emperor change')."""
    state = after_setup()
    other = state["bot_order"][1]
    _reign(state, other)
    r = play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "barbarians", "toc.human1.invasion.emperor_killed": "yes",
                                                "toc.human1.emperor": "none"})
    assert state["emperor"] == "none"
    emperor_ask = next(a for a in r.asks if a.id == "toc.human1.emperor")
    assert emperor_ask.default == "none"  # asked after the death: the program already knows nobody reigns
