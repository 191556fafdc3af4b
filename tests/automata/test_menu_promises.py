"""The two promises about menus of docs/playing.md, checked on every menu whole games ask (issue 30, item 21):

- "Menus are numbered and the numbers never move": a menu that offers the same actions every time (Chaos's
  one-action Summoning menu, the Time of Crisis bot's mode question) shows the same items in the same order every
  time it is asked; an item that cannot be taken now stays, marked with the reason.
- "What Enter alone picks is always the answer for 'nothing happened'": a question's default (Ask.default, what Enter
  picks) is an item that can be picked, and a menu with an item that means "nothing" (none, pass) never leaves Enter
  on its first item by chance (its default is set: the nothing item, or the answer for "no change").

Each game is played to its end by its seeded scripted table (the golden playthroughs' policies), in every mode that
asks a menu of its own (Chaos with --summoning turns)."""

from __future__ import annotations

import collections
import re
import sys
from pathlib import Path

import pytest

from automata.core.steps import ONE_OF

HERE = Path(__file__).parent
for sub in ("", "chaos", "toc", "radlands", "anachrony"):
    if str(HERE / sub) not in sys.path:
        sys.path.insert(0, str(HERE / sub))

#: the values that say "nothing happened" in a menu
NOTHING = {"none", "pass", "nobody", "no_event"}
#: menus that offer the same actions every time (their families: ask ids with numbers and Powers/colours folded)
FIXED = {"chaos.summon.P": ("cultist", "warrior", "daemon", "card", "pass"),
         "toc.C.mode": ("troubled", "emperor_no_army", "mobs", "none")}


def family(ask_id: str) -> str:
    fam = re.sub(r"\d+", "#", ask_id)
    fam = re.sub(r"\b(khorne|nurgle|tzeentch|slaanesh)\b", "P", fam)
    return re.sub(r"^toc\.(red|blue|yellow|green|purple|orange)\.", "toc.C.", fam)


def menus_of(play, policy_cls) -> dict[str, list]:
    """Every one-choice menu the scripted table answered in a whole game, by family."""
    seen: dict[str, list] = collections.defaultdict(list)
    original = policy_cls.answer

    def answer(self, ask):
        if ask.kind == ONE_OF and ask.choices:
            seen[family(ask.id)].append(ask)
        return original(self, ask)

    policy_cls.answer = answer
    try:
        play()
    finally:
        policy_cls.answer = original
    return seen


def games():
    import anachrony_policy
    import chaos_policy
    import radlands_policy
    import toc_policy

    return {
        "chaos_turns": (lambda: chaos_policy.play_game(2, summoning="turns"), chaos_policy.Policy),
        "chaos_line": (lambda: chaos_policy.play_game(3), chaos_policy.Policy),
        "toc": (lambda: toc_policy.play_game(1), toc_policy.Policy),
        "radlands": (lambda: radlands_policy.play_game(1), radlands_policy.Policy),
        "anachrony": (lambda: anachrony_policy.play_game(1, modules="hypersync,quantum-loops,intrigues"), anachrony_policy.Policy),
    }


@pytest.fixture(scope="module")
def played():
    return {name: menus_of(play, cls) for name, (play, cls) in games().items()}


@pytest.mark.parametrize("name", ["chaos_turns", "chaos_line", "toc", "radlands", "anachrony"])
def test_enter_picks_an_item_that_can_be_picked_and_the_nothing_item_when_there_is_one(played, name):
    for fam, asks in played[name].items():
        for ask in asks:
            shown = [c for c in ask.choices if not c.hidden]
            if ask.default is not None:
                picked = [c for c in shown if c.value == ask.default]
                assert picked and picked[0].available, (fam, ask.default)
            nothing = [c.value for c in shown if c.value in NOTHING and c.available]
            if nothing:  # Enter is chosen on purpose (the nothing item, or what stays as it was: "no change")
                assert ask.default is not None, (fam, [c.value for c in shown])


@pytest.mark.parametrize("name", ["chaos_turns", "toc"])
def test_a_fixed_menu_shows_the_same_items_in_the_same_order_every_time(played, name):
    checked = 0
    for fam, items in FIXED.items():
        for ask in played[name].get(fam, []):
            assert tuple(c.value for c in ask.choices if not c.hidden) == items, fam
            checked += 1
    assert checked > 0  # the game asked at least one of them


def test_the_toc_mode_menu_marks_the_emperors_rule_for_a_bot_that_is_not_emperor():
    """Seed 000, Take Actions 1 (mode): the Emperor-without-army rule holds only for the Emperor; for another bot
    it stays in the menu as item 2, marked, and picking it is refused with the reason."""
    from automata.core.steps import InvalidAnswer
    from cli.words.i18n import Translator
    from automata.core.runner import DiceContext, ScriptedAnswers, run
    from automata.toc import game
    from test_toc_turn import after_setup, first_bot

    state = after_setup()
    c = first_bot(state)
    state["emperor"] = "none" if state["emperor"] == c else state["emperor"]
    ask = run(game.procedure(state, {"proc": "bot_influence", "bot": c}), ScriptedAnswers({}), dice=DiceContext(5, 1, "table")).pending
    assert ask.id == f"toc.{c}.mode"
    assert tuple(c.value for c in ask.choices) == FIXED["toc.C.mode"] and ask.default == "none"
    marked = ask.choices[1]
    assert not marked.available and marked.unavailable.id == "toc.mode.not_emperor"
    with pytest.raises(InvalidAnswer) as bad:
        ask.normalise("emperor_no_army")
    assert "Emperor" in Translator("en").render(bad.value.msg)
    assert "Emperor" in Translator("pt-BR").render(bad.value.msg)
