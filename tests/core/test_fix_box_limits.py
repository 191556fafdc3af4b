"""The box's limits hold across seats in the table's corrections (issue 36 item 3, issue 38; automata/core/fixbox.py).

`tabletop fix` and '!' refuse what the box cannot make: two copies of a one-copy card over both players, the one
marker of a kind on two mats, more tokens than the box has, a dial turned back below the upgrades already taken; and
a mode that does not keep a value neither offers nor journals it. Each game's table declares both for every field.
"""

from __future__ import annotations

import copy

import pytest

from automata.core import fix, fixstep
from automata.core.fix import COUNT, CHOICE, Field, FixError, Option
from automata.core.fixbox import Supply
from automata.core.games import GAMES, load_game
from policy_runner import play_steps


def _refusal(state: dict, fields, text: str) -> fix.Msg:
    before = copy.deepcopy(state)
    with pytest.raises(FixError) as e:
        fix.check(text, fields, state)
    assert state == before  # a refusal changes nothing
    return e.value.msg


def _over(message) -> dict:
    """The box's reason inside a refusal: ``core.fix.refused`` wraps ``core.fix.over_supply``."""
    assert message.id == "core.fix.refused"
    assert message.params["why"]["id"] == "core.fix.over_supply"
    return message.params["why"]["params"]


# -- every game declares its limits ----------------------------------------------------------------------------------
@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.id)
def test_every_field_of_every_game_declares_its_limits(info):
    """Issue 36 item 3: for every field, what bounds it in the box or the rules across seats is declared (``box``: the
    supplies it draws on, ``()`` for none), and every count has its own limits and the rule that says why, so a fifth
    game's table must say them too."""
    fields = load_game(info.id).fix_fields()
    assert fields
    for f in fields:
        assert f.box is not None, f"{info.id}: field '{f.id}' does not declare the box's limits across seats"
        assert all(isinstance(s, Supply) and s.rule for s in f.box), f"{info.id}: {f.id}"
        if f.kind == COUNT:
            assert f.limits is not None and f.rule, f"{info.id}: count '{f.id}' has no limits or no rule"
        else:
            assert f.choices is not None, f"{info.id}: choice '{f.id}' has no choices"


# -- the core: a supply over a made-up table ---------------------------------------------------------------------------
def _toy_fields():
    """Two seats, each with a marker yes/no; the box has one marker."""
    one = Supply("marker", "core.fix.param.value", lambda s: {"m": sum(s["marker"].values())}, lambda s, t: 1)
    seats = fix.Param("player", lambda s: [Option(k, k, (k,)) for k in s["marker"]])
    yes_no = lambda s, k: [Option(1, "yes", ("yes",)), Option(0, "no", ("no",))]
    return (Field("marker", ("marker",), "core.fix.param.value", CHOICE, lambda s, k: s["marker"][k[0]],
                  lambda s, k, v: s["marker"].__setitem__(k[0], v), (seats,), choices=yes_no, box=(one,)),)


def test_a_supply_refuses_a_second_holder_and_lets_the_marker_move():
    fields = _toy_fields()
    state = {"marker": {"a": 1, "b": 0}}
    assert _over(_refusal(state, fields, "marker b yes"))["most"] == 1
    fix.check("marker a no; marker b yes", fields, state)  # moved: off one mat, onto the other


def test_an_old_state_already_over_is_never_locked_and_a_journalled_step_replays():
    """A save from before the check (two markers out) still takes a correction that does not make it worse, and a
    correction journalled before the check replays (fixstep plays it with box=False)."""
    fields = _toy_fields()
    state = {"marker": {"a": 1, "b": 1, "c": 0}}
    fix.check("marker a no", fields, state)
    _refusal(state, fields, "marker c yes")
    replayed = {"marker": {"a": 1, "b": 0}}
    list(fix.procedure(fields, replayed, fixstep.step([{"field": "marker", "keys": ["b"], "op": "set", "value": 1}])))
    assert replayed["marker"] == {"a": 1, "b": 1}


# -- Radlands ----------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def radlands():
    from automata.radlands import game
    from radlands_policy import Policy

    state = play_steps(game, game.new_state(game.check_options({"players": "Ana,Bruno"}), 7), Policy(7), 7, 20)
    return game, state


@pytest.mark.parametrize("text, card, most", [
    ("person a 1 1 vera vosh; person b 1 1 vera vosh", "Vera Vosh", 1),  # unique, one copy (rules file §2.2)
    ("person a 2 1 zeto khan; person b 3 1 zeto khan", "Zeto Khan", 1),
    ("person a 1 1 looter; person a 2 1 looter; person b 1 1 looter", "Looter", 2),  # a common person: two
])
def test_radlands_people_hold_their_copies_over_both_players(radlands, text, card, most):
    game, state = radlands
    over = _over(_refusal(state, game.fix_fields(), text))
    assert (over["thing"], over["most"]) == (card, most)
    assert over["rule"]["id"] == "radlands.fix.rule.copies"


def test_radlands_three_banish_are_refused_over_both_queues(radlands):
    """Rules file §2.2: two copies of each event; the queues of both players count."""
    game, state = radlands
    text = "event a 1 banish; event b 1 banish; event b 2 banish"
    over = _over(_refusal(state, game.fix_fields(), "; ".join(
        [f"event {s} {i} empty" for s in "ab" for i in (1, 2, 3)] + [text])))
    assert (over["thing"], over["n"], over["most"]) == ("Banish", 3, 2)


def test_radlands_queues_only_neither_offers_nor_journals_what_it_does_not_keep():
    """automata/radlands/queues_only.py: queues only keeps the turn, the queues, the Raiders, the water and the Water
    Silo; the hands, the deck, the people and the camps stay the table's."""
    from automata.radlands import game
    from radlands_policy import Policy

    state = play_steps(game, game.new_state(game.check_options({"players": "Ana,Bruno", "track": "queues"}), 3),
                       Policy(3), 3, 6)
    fields = game.fix_fields()
    offered = {row["field"] for row in fix.listing(state, fields)}
    assert offered <= {"water", "event", "silo", "turn"} and "event" in offered
    for text in ("hand a 3", "+1 deck", "discard 2", "person a 1 1 looter", "camp a 1 damaged"):
        message = _refusal(state, fields, text)
        assert message.id == "core.fix.not_tracked", text
        assert "hand" not in message.params["valid"] and "event" in message.params["valid"]


# -- Time of Crisis --------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def toc():
    from automata.toc import game
    from toc_policy import Policy

    raw = {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}
    state = play_steps(game, game.new_state(game.check_options(raw), 5), Policy(5, style="mixed"), 5, 45)
    return game, state


def test_toc_the_one_ludi_saeculares_marker_is_on_one_mat(toc):
    """Rules file §2.2: the box has one Ludi Saeculares marker (data rules.bot.ludi_markers); moving it is fine."""
    game, state = toc
    fields = game.fix_fields()
    over = _over(_refusal(state, fields, "ludi red yes; ludi blue yes; ludi yellow yes"))
    assert (over["n"], over["most"]) == (2, 1)
    moved = copy.deepcopy(state)
    fix.apply(moved, fix.check("ludi red yes; ludi red no; ludi blue yes", fields, moved), fields)
    assert [c for c, b in moved["bots"].items() if b["ludi"]] == ["blue"]


def test_toc_starting_provinces_stay_one_bot_each(toc):
    """Seed 000, Preparação step 4: each bot takes a different province; naming another's swaps them."""
    game, state = toc
    fields = game.fix_fields()
    for text in ("start red syria", "start red syria; start blue syria", "start yellow gallia; start red macedonia"):
        trial = copy.deepcopy(state)
        fix.apply(trial, fix.check(text, fields, trial), fields)
        starts = [b["start"] for b in trial["bots"].values()]
        assert len(set(starts)) == len(starts), text


def test_toc_piles_are_not_offered_without_the_selective_setup(toc):
    game, state = toc
    assert _refusal(state, game.fix_fields(), "pile senate 2 base").id == "core.fix.not_tracked"


# -- Chaos in the Old World --------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def chaos():
    from automata.chaos import game
    from chaos_policy import Policy

    state = game.new_state(game.check_options({"powers": "khorne,nurgle,tzeentch,slaanesh"}), 5)
    return game, play_steps(game, state, Policy(5, focus=0.8), 5, 20)


def test_chaos_the_dial_does_not_turn_back_below_the_upgrades_taken(chaos):
    """Issue 38; rules file §2.6, §2.7: a Power has no more upgrades than the upgrade spaces its dial reached. Turning
    the dial (or its Threat) back below them is refused and says to take them back first; then it is fine."""
    game, state = chaos
    fields = game.fix_fields()
    trial = copy.deepcopy(state)
    fix.apply(trial, fix.check("dial khorne 8; upgrade khorne cultist 1; upgrade khorne warrior 1", fields, trial), fields)
    over = _over(_refusal(trial, fields, "dial khorne 0"))
    assert over["rule"]["id"] == "chaos.fix.rule.upgrade_room" and over["n"] == 2
    first_threat = game.data_of(trial).power("khorne")["dial"]["threats"][0]
    _over(_refusal(trial, fields, f"threat khorne {first_threat}"))
    fix.check("upgrade khorne cultist 0; upgrade khorne warrior 0; dial khorne 0", fields, trial)


def test_chaos_dial_counters_come_from_the_box_and_power_points_from_the_sheet(chaos):
    """Rules file §2.2: 16 dial advancement counters for every Power together (data setup.supplies.dial_counters);
    §1.5 step 4, §2.5: the power marker starts a round at the sheet's number with its upgrades and moves left."""
    game, state = chaos
    fields = game.fix_fields()
    most = game.data_of(state).setup["supplies"]["dial_counters"]
    over = _over(_refusal(state, fields, f"dac khorne {most - 1}; dac nurgle 2"))
    assert (over["n"], over["most"]) == (most + 1, most)
    message = _refusal(state, fields, "pp khorne 99")
    assert message.id == "core.fix.out_of_range" and message.params["rule"] == "@chaos.fix.rule.pp"


# -- Anachrony -----------------------------------------------------------------------------------------------------------
def test_anachrony_a_mode_refuses_what_it_does_not_keep_by_name():
    """Seed 002: a multi-player game keeps no solo opponent; a game without Intrigues of the Council keeps no
    Missions. The table is told the mode does not keep it, not that nothing is there."""
    from automata.anachrony import game

    state = game.new_state(game.check_options({"players": 2, "modules": "hypersync"}), 4)
    fields = game.fix_fields()
    for text in ("paradox 1", "missions p1 3", "loop", "morale 2"):
        assert _refusal(state, fields, text).id == "core.fix.not_tracked", text
