"""The Action Priority List answered in one line (issue 11): the seed's single pass (seed 000, Fluxo do Jogo, AI Take
Actions Phase step 2: from the top, each entry whose criteria hold and whose cost the points of its type pay, the cost
subtracted, until the list ends or the points run out; rules file §1.5 step 2.2, gap G9) recorded as the table played
it: ``3 4 9`` names every entry that held, in list order; ``9=2`` gives a cost inline; ``3 none`` says one entry held
and no other; a single ``3`` keeps its meaning (perform it, then the question again). The whole line is checked
before anything is applied, and refused with the reason."""

from __future__ import annotations

import copy

import pytest

from automata.core.runner import BadAnswer, run
from automata.toc import game
from cli.words.i18n import Translator
from test_toc_turn import after_setup, first_bot, play

LIST = [  # a transcribed list: printed costs, one asked once, one that depends on the board, one repeatable
    {"id": "create_army", "influence": "military", "cost": 2, "criteria": "", "repeat": False},
    {"id": "initiate_battle", "influence": "military", "cost": "ask", "criteria": "", "repeat": False},
    {"id": "hold_games", "influence": "populace", "cost": 3, "criteria": "", "repeat": False},
    {"id": "build_improvement", "influence": "populace", "cost": 1, "criteria": "", "repeat": True},
    {"id": "recruit_general", "influence": "military", "cost": "board", "criteria": "", "repeat": False},
]


def spend_state(military=4, senate=0, populace=4):
    state = after_setup(overrides={"priority": LIST})
    c = first_bot(state)
    state["bots"][c]["points"] = {"military": military, "senate": senate, "populace": populace}
    return state, c


def performed(r) -> list[str]:
    return [e.msg.params["action"].removeprefix("@toc.apl.") for e in r.transcript if e.kind == "say" and e.msg.id == "toc.spend.do"]


def apl_asks(r) -> list:
    return [a for a in r.asks if a.id.split(".")[2] == "apl" and a.choices]


def test_a_line_performs_its_entries_in_order_and_closes_the_pass():
    """Take Actions 2: '1 3 4' performs entries 1, 3 and 4 in list order, each paid; no closing question."""
    state, c = spend_state()
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "1 3 4"})
    assert performed(r) == ["create_army", "hold_games", "build_improvement"]
    assert state["bots"][c]["points"] == {"military": 2, "senate": 0, "populace": 0}
    assert len(apl_asks(r)) == 1


def test_commas_ids_and_one_entry_then_none():
    """The same line with commas or entry ids; '3 none' says that entry held and no other did."""
    state, c = spend_state()
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "create_army, 3,4"})
    assert performed(r) == ["create_army", "hold_games", "build_improvement"]
    state, c = spend_state()
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "3 none"})
    assert performed(r) == ["hold_games"] and len(apl_asks(r)) == 1


def test_a_single_number_keeps_its_meaning():
    """Issue 11: a single number is today's pick: perform it, then the question again from the entry after it."""
    state, c = spend_state()
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "1", f"toc.{c}.apl.2": "none"})
    assert performed(r) == ["create_army"]
    assert [ch.value for ch in apl_asks(r)[1].choices][:2] == ["initiate_battle", "hold_games"]


@pytest.mark.parametrize("line,reason", [
    ("3 1", "toc.spend.line.order"),          # not in list order
    ("1 1", "toc.spend.line.order"),          # twice, and it may be done once
    ("7", "toc.spend.line.unknown"),          # no such entry
    ("1 1x", "toc.spend.line.unknown"),
    ("", "toc.spend.line.empty"),
    ("none 1", "toc.spend.line.none_last"),
    ("1 2=99", "toc.spend.bad_cost"),         # a cost over the largest
    ("1 2=x", "toc.spend.bad_cost"),
    ("1=3", "toc.spend.line.cost_known"),     # the printed cost is 2
    ("3 4 4 4 4", "toc.spend.line.no_points"),  # repeatable, but the Populace runs out after 3 + 1
])
def test_a_line_is_refused_whole_with_its_reason(line, reason):
    """Check the whole line against the seed's single pass before applying anything: a refusal changes nothing."""
    state, c = spend_state()
    before = copy.deepcopy(state)
    with pytest.raises(BadAnswer) as bad:
        run(game.procedure(state, {"proc": "bot_spend", "bot": c}), _answers({f"toc.{c}.apl.1": line}))
    assert bad.value.problem.id == reason
    assert state["bots"] == before["bots"] and state.get("apl_costs") == before.get("apl_costs")
    for lang in ("en", "pt-BR"):  # the reason, in the table's language, with no placeholder left
        text = Translator(lang).render(bad.value.problem)
        assert text and "{" not in text


def test_known_costs_that_do_not_pay_are_refused():
    """An entry whose known cost (printed, or learned earlier this game) is more than the points left after the
    entries before it is never done."""
    state, c = spend_state(military=3)
    state["apl_costs"] = {"initiate_battle": 2}
    with pytest.raises(BadAnswer) as bad:
        run(game.procedure(state, {"proc": "bot_spend", "bot": c}), _answers({f"toc.{c}.apl.1": "1 2"}))
    assert bad.value.problem.id == "toc.spend.line.cannot_pay"
    state, c = spend_state(military=1)  # entry 1 (cost 2) is not offered at all with 1 Military
    with pytest.raises(BadAnswer) as bad:
        run(game.procedure(state, {"proc": "bot_spend", "bot": c}), _answers({f"toc.{c}.apl.1": "1"}))
    assert bad.value.problem.id == "toc.spend.line.not_offered"


def test_costs_inline_are_remembered_and_not_asked():
    """Costs are data, asked at most once: '2=1' answers the printed cost of entry 2 (kept for the game), '5=1' the
    board cost of entry 5 (the default next time); neither is asked."""
    state, c = spend_state()
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "2=1 5=1"})
    assert performed(r) == ["initiate_battle", "recruit_general"]
    assert not [a for a in r.asks if a.id.endswith(".cost")]
    assert state["apl_costs"]["initiate_battle"] == 1 and state["apl_last_cost"]["recruit_general"] == 1
    assert state["bots"][c]["points"]["military"] == 2


def test_a_cost_asked_when_reached_can_skip_a_later_entry():
    """A cost not given inline is asked when its entry is reached; a later entry it leaves unpaid is skipped and
    the rest of the line goes on (Take Actions 2: an entry the bot cannot pay is skipped)."""
    state, c = spend_state()
    r = play(state, {"proc": "bot_spend", "bot": c},
             {f"toc.{c}.apl.1": "2 3 5", "toc.apl.initiate_battle.cost": "4", f"toc.{c}.apl.recruit_general.cost": "1"})
    assert performed(r) == ["initiate_battle", "hold_games"]
    assert [a.id for a in r.asks if a.id.endswith(".cost")] == ["toc.apl.initiate_battle.cost"]  # no Military left for 5
    assert state["bots"][c]["points"] == {"military": 0, "senate": 0, "populace": 1}


@pytest.mark.parametrize("line,military", [("2=3 3", 2), ("2=9", 2), ("1 2=3", 4), ("5=5", 4), ("2 5=5", 4)])
def test_an_inline_cost_the_bot_cannot_pay_is_refused_and_not_kept(line, military):
    """Seed 000, Fluxo do Jogo, AI Take Actions Phase step 2: the bot performs an entry only 'se ... tiver pontos de
    influência suficientes' (rules file §1.5 step 2.2, G9: an unaffordable entry is skipped). Issue 30: an inline cost
    the points left there cannot pay ('5=9' typed for '5 9') is refused whole, with the likely reading, and no printed
    cost is kept, so the entry stays on offer to a bot that can pay it (a printed cost or a board cost alike; after an
    entry whose cost is still to be asked, the points before it are the most that can be left)."""
    state, c = spend_state(military=military)
    before = copy.deepcopy(state)
    with pytest.raises(BadAnswer) as bad:
        run(game.procedure(state, {"proc": "bot_spend", "bot": c}), _answers({f"toc.{c}.apl.1": line}))
    assert bad.value.problem.id == "toc.spend.line.inline_cannot_pay"
    assert state["bots"] == before["bots"] and "apl_costs" not in state and "apl_last_cost" not in state
    text = Translator("en").render(bad.value.problem)
    ref = line.split()[-1].split("=")[0] if "=" in line.split()[-1] else line.split()[0].split("=")[0]
    assert "{" not in text and f"'{ref} " in text
    # the same entry named without a cost: its printed cost is asked, stated by the table, kept; the entry skipped
    state, c = spend_state(military=2)
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "2 3", "toc.apl.initiate_battle.cost": "3"})
    assert performed(r) == ["hold_games"] and state["apl_costs"]["initiate_battle"] == 3
    assert state["bots"][c]["points"]["military"] == 2


def test_enter_at_the_printed_cost_question_is_this_time_only():
    """Issue 30: the once-a-game cost question's Enter takes the PROVISIONAL default (rules file §3.0: a provisional
    value is labelled, never silently made a fact) for this time only: nothing is kept, and the question comes again
    the next time the entry is picked; a typed number is the printed cost, kept for the game."""
    entries = [dict(e) for e in LIST]
    entries[1]["cost_default"] = 1
    state = after_setup(overrides={"priority": entries})
    c = first_bot(state)
    state["bots"][c]["points"] = {"military": 4, "senate": 0, "populace": 0}
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "2 none", "toc.apl.initiate_battle.cost": ""})
    assert performed(r) == ["initiate_battle"] and state["bots"][c]["points"]["military"] == 3
    assert "initiate_battle" not in (state.get("apl_costs") or {})
    assert "toc.spend.cost_default_once" in [e.msg.id for e in r.transcript if e.kind == "say"]
    state["bots"][c]["points"] = {"military": 4, "senate": 0, "populace": 0}
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "2 none", "toc.apl.initiate_battle.cost": "2"})
    assert [a.id for a in r.asks].count("toc.apl.initiate_battle.cost") == 1  # asked again
    assert state["apl_costs"]["initiate_battle"] == 2


def _answers(d):
    from automata.core.runner import ScriptedAnswers

    return ScriptedAnswers(d)


def test_line_and_picks_reach_the_same_state():
    """Decisions stay the same (issue 11): every legal line, and the same entries picked one at a time, leave the bot
    and the remembered costs in the same state."""
    import itertools

    ids = [e["id"] for e in LIST]
    for n in range(1, 4):
        for combo in itertools.combinations(range(len(LIST)), n):
            line = " ".join(f"{i + 1}=2" if LIST[i]["cost"] in ("ask", "board") else str(i + 1) for i in combo)
            state, c = spend_state()
            try:
                run(game.procedure(state, {"proc": "bot_spend", "bot": c}), _answers({f"toc.{c}.apl.1": line}))
            except BadAnswer:
                continue  # an illegal line: refused whole (tested above)
            one, c1 = spend_state()
            answers = {f"toc.{c1}.apl.{k}": ids[i] for k, i in enumerate(combo, 1)}
            answers.update({"toc.apl.initiate_battle.cost": "2", f"toc.{c1}.apl.recruit_general.cost": "2"})
            answers.update({f"toc.{c1}.apl.{k}": "none" for k in range(len(combo) + 1, 8)})
            run(game.procedure(one, {"proc": "bot_spend", "bot": c1}), _answers(answers))
            assert state["bots"][c] == one["bots"][c1], line
            assert state.get("apl_costs") == one.get("apl_costs") and state.get("apl_last_cost") == one.get("apl_last_cost")


def _hint_numbers(text: str) -> set[int]:
    """The list numbers an example of the hint names (a cost given inline, the 2 of ``9=2``, is not one)."""
    import re
    return {int(n) for n in re.findall(r"(?<![=\d])(\d+)(?![\d])", text)}


def test_the_line_hint_examples_name_only_entries_on_offer():
    """Take Actions 2 (seed 000, Fluxo do Jogo, AI Take Actions Phase step 2: the pass goes on from the entry after the
    one done): the hint's examples ("e.g. 3", "3 4 9", "9=2") name list numbers offered by that question, in both
    languages, so a new player copying an example is never refused. Here 3 is done, so the next question offers 4 and 5."""
    state, c = spend_state()
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "3", f"toc.{c}.apl.2": "none"})
    questions = apl_asks(r)
    assert len(questions) == 2
    for q in questions:
        offered = {int(ch.label.params["order"]) for ch in q.choices if ch.value != "none"}
        for lang in ("en", "pt-BR"):
            text = Translator(lang).render(q.hint)
            named = _hint_numbers(text)
            assert named and named <= offered, (lang, sorted(offered), text)
    assert 3 not in {int(ch.label.params["order"]) for ch in questions[1].choices if ch.value != "none"}
