"""The order of the Clean Up's questions (rules file §2.5 Clean Up: 4 check the game end, then 7 the next Era's
First Player; §2.3: the base game ends after the Era in which the last Collapsing Capital tile flipped): a new game
asks whether the last tile flipped first, and who is First Player next Era only when an Era follows. Saves from
before questions version 3 keep the order they were played with, so that their journal replays."""

from __future__ import annotations

import pytest

from automata.anachrony import game
from automata.core.runner import DiceContext, Record, ReplayMismatch, run
from anachrony_steps import asked, play
from test_anachrony_eras import ready

CLEAN_UP_5 = {"proc": "phase", "era": 5, "phase": "clean_up"}


def after_impact(asks: int | None = None) -> dict:
    """A 2-player base game (the Collapsing tiles can end it) after the Impact, with questions version ``asks``
    (None: a save from before the version existed)."""
    state = ready(2, "")
    state["impact"] = True
    if asks is None:
        del state["options"]["asks"]
    else:
        state["options"]["asks"] = asks
    return state


def test_a_new_game_asks_the_collapse_first_and_no_first_player_when_the_game_ends():
    """Rules file §2.3 and §2.5 Clean Up 4 then 7: the last Collapsing tile flipped this Era, so no Era follows and
    who takes the First Player spot changes nothing: asked only whether the tile flipped."""
    state = after_impact(game.check_options({"players": 2, "modules": ""})["asks"])
    r = play(state, {"anachrony.clean_up.collapsed": True}, CLEAN_UP_5)
    assert asked(r) == ["anachrony.clean_up.collapsed"]
    assert state["first"] == "p1" and game.next_step(state) == {"proc": "end"}


def test_a_new_game_asks_the_first_player_after_the_collapse_when_an_era_follows():
    """Rules file §2.5 Clean Up 7: the Capital still stands, Era 6 follows, so its First Player is asked (after)."""
    state = after_impact(3)
    r = play(state, {"anachrony.clean_up.collapsed": False, "anachrony.clean_up.first": "p2"}, CLEAN_UP_5)
    assert asked(r) == ["anachrony.clean_up.collapsed", "anachrony.clean_up.first"]
    assert state["first"] == "p2" and game.next_step(state) == {"proc": "phase", "era": 6, "phase": "preparation"}


#: the journal entry of Era 5's Clean Up as a save from before version 3 recorded it: First Player, then collapse
OLD_ENTRY = [Record("anachrony.clean_up.first", "p2", "table"), Record("anachrony.clean_up.collapsed", True, "table")]


@pytest.mark.parametrize("asks", [None, 2])
def test_an_old_save_replays_its_clean_up_in_the_order_it_was_played(asks):
    """A save without options 'asks' or with asks = 2 replays its journal answer for answer (undo, restore,
    state/replay.py): the First Player question still comes before the collapse question, even when the game ends."""
    state = after_impact(asks)
    r = run(game.procedure(state, CLEAN_UP_5), recorded=list(OLD_ENTRY), dice=DiceContext(state["seed"], 1, "app"))
    assert r.done and asked(r) == ["anachrony.clean_up.first", "anachrony.clean_up.collapsed"]
    assert state["first"] == "p2" and game.next_step(state) == {"proc": "end"}


def test_the_old_order_does_not_replay_in_a_new_game():
    """Why the version gate: the same journal entry in a version-3 game meets the collapse question first."""
    state = after_impact(3)
    with pytest.raises(ReplayMismatch):
        run(game.procedure(state, CLEAN_UP_5), recorded=list(OLD_ENTRY), dice=DiceContext(state["seed"], 1, "app"))


@pytest.mark.parametrize("players,modules,last", [(2, "", 7), (4, "hypersync", 7), (3, "intrigues", 6), (1, "", 7)])
def test_the_last_clean_up_of_a_new_game_asks_nothing(players, modules, last):
    """Rules file §2.3: the last Era's Clean Up ends the game whatever the table answers, so a new game asks
    nothing there: no First Player for an Era that does not come, no collapse (the game ends anyway), and in a solo
    game (Chronobot, §3.2.4 Clean Up) the program saw where your Exosuits went, so it asks no World Council space."""
    extra = {"opponent": "chronobot"} if players == 1 else {}
    state = ready(players, modules, **extra)
    state["impact"] = True
    if players == 1:
        state["era"] = last
        state["solo"].update(spaces_era=last, spaces_from=1, first_next="")
    r = play(state, {}, {"proc": "phase", "era": last, "phase": "clean_up"})
    assert asked(r) == [] and state["next"] == {"proc": "end"}
