"""What Enter means at a terminal (Ask.default, wave-2 audit item 2): on every Anachrony question whose first item
or "yes" would record something the table did not do, Enter is the "nothing happened / carry on" answer."""

from __future__ import annotations

from automata.anachrony import game
from automata.anachrony.solo import phases
from automata.anachrony.solo.data import load as load_solo
from automata.core.runner import DiceContext, ScriptedAnswers, run
from anachrony_steps import new, through_setup

ALL = "neutronide,hypersync,quantum-loops,intrigues"


def pending(gen, answers=None):
    """The question the procedure stops at with ``answers`` (it must stop at one)."""
    r = run(gen, ScriptedAnswers(answers or {}), dice=DiceContext(1, 1, "app"))
    assert not r.done and r.pending is not None
    return r.pending


def test_action_rounds_enter_means_everyone_passed_not_a_players_action():
    """Seed 002, Rodadas de Ações: the report menu lists what players did; Enter records no action."""
    state = through_setup(new(3, ALL))
    state["era"] = 1
    ask = pending(game.procedure(state, {"proc": "actions", "era": 1, "k": 2}))
    assert ask.id == "anachrony.action" and ask.default == "done"
    assert ask.default in {c.value for c in ask.choices}
    assert ask.choices[0].value != "done"  # the first item is a player's action: Enter must not mean it


def test_clean_up_enter_keeps_the_first_player_and_no_collapse():
    """Seed 002, Limpeza: the left World Council space changes the First Player only if someone took it; the last
    Collapsing tile (rules file §2.3) ends the game only if it happened: Enter means neither."""
    state = through_setup(new(2, ""))
    state["impact"] = True
    step = {"proc": "phase", "era": 5, "phase": "clean_up"}
    ask = pending(game.procedure(state, step))  # rules file §2.5 Clean Up: the game end (4) before the First Player (7)
    assert ask.id == "anachrony.clean_up.collapsed" and ask.default is False
    ask = pending(game.procedure(through_setup(new(2, "")) | {"impact": True}, step), {"anachrony.clean_up.collapsed": False})
    assert ask.id == "anachrony.clean_up.first" and ask.default == "same"


def test_solo_clean_up_enter_means_you_did_not_take_the_council_space():
    """Rules file §3.2.4 Clean Up / §2.5 (7): only taking the left World Council space makes you First Player."""
    state = game.new_state(game.check_options({"players": 1, "modules": "", "opponent": "chronobot"}), 1)
    state["solo"].update(first_next="", first="bot")
    ask = pending(phases.clean_up(state, load_solo()))
    assert ask.id == "anachrony.solo.clean.council" and ask.default is False


def test_superproject_for_sure_defaults_to_the_usual_rule():
    """Rules file Q1/I5: a module's Superproject replaces a random base one unless the table includes it for sure.
    (The fourth Hypersync space is no longer a question: the program knows when the tile's own space is taken,
    test_anachrony_eras.py::test_recovery_uses_the_copy_space_only_when_the_own_space_is_taken.)"""
    state = new(3, "quantum-loops")
    while (r := run(game.procedure(state, game.next_step(state)), ScriptedAnswers(_setup_yes()),
                    dice=DiceContext(1, 1, "app"))).done:
        pass
    assert r.pending.id == "anachrony.setup.sure.multiverse_hub" and r.pending.default is False


def test_end_quantum_warp_enter_does_not_record_a_payment():
    """Rules file §2.7 Untangling 4: paying the Quantum Warp back is something a player does; Enter is 'no'."""
    state = through_setup(new(2, "quantum-loops"))
    card = state["ql"]["offer"].pop()
    state["players"]["p2"]["quantum"] = {"warp": "timeline", "era": 5, "card": card, "payback": "x"}
    state["era"] = 7
    ask = pending(game.procedure(state, {"proc": "end"}))
    assert ask.id == "anachrony.end.p2.quantum_paid" and ask.default is False


def _setup_yes():
    from anachrony_steps import SETUP_YES

    return {**SETUP_YES, "anachrony.setup.first_player": "p1", "anachrony.setup.other_modules": []}
