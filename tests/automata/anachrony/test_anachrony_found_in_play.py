"""Anachrony rules and words found in play (issue 38 item 4): the Agenda reserve's score, a failed Mission
without VP tokens, a recovery not offered, the Quantum Loop offer, and the words of play."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from automata.anachrony import finish
from automata.anachrony.data import load
from automata.core.runner import NO_ANSWER, DiceContext, ScriptedAnswers, run
from automata.core.steps import NUMBER, SEVERAL_OF, YES_NO, InvalidAnswer
from anachrony_steps import new, through_setup

DATA = load()


class Lowest(ScriptedAnswers):
    """The scripted answers, else the lowest answer each question takes (0, no, nothing)."""

    def answer(self, ask):
        got = super().answer(ask)
        if got is not NO_ANSWER:
            return got
        if ask.kind == NUMBER:
            return (ask.min if ask.min is not None and ask.min > 0 else 0), "answers"
        if ask.kind == YES_NO:
            return False, "answers"
        if ask.kind == SEVERAL_OF:
            return [], "answers"
        return ask.choices[0].value, "answers"


def at_the_end(players=2, modules="intrigues"):
    state = through_setup(new(players, modules))
    state["totals"] = finish.module_totals(state, DATA)
    return state


def final(state, answers=None):
    result = run(finish.final_score(state, DATA), Lowest(answers or {}), dice=DiceContext(1, 1, "app"))
    assert result.done, result.pending_id
    return result


# -- the Agenda reserve (rules file §2.14.4 Scoring 3) -------------------------------------------------------------


def test_the_agenda_reserve_scores_nothing_without_reserve_tiles_or_locked_rows():
    """Rules file §2.14.4 Scoring 3 (each reserve tile: 1 VP per locked row showing its icon): with no locked row,
    or an empty reserve, the reserve scores 0, known from what the program keeps; it is not asked."""
    state = at_the_end()
    state["players"]["p1"]["intrigues"].update(objectives=2, values=1)
    state["totals"] = finish.module_totals(state, DATA)
    known = finish.known_answers(state)
    assert known["anachrony.score.p1.agenda_reserve"] == 0 and known["anachrony.score.p2.agenda_reserve"] == 0


def test_the_agenda_reserve_question_is_bounded_by_the_reserve_times_the_locked_rows():
    """Rules file §2.14.4 Scoring 3: with 2 tiles in reserve and 1 locked row, at most 2 VP; 7 (what the project's
    finished 4-player game once scored) is refused."""
    state = at_the_end()
    state["players"]["p1"]["intrigues"].update(objectives=1, values=1)
    state["agenda"][0].update(objective=1, value=1, locked=True, values=[3])
    state["totals"] = finish.module_totals(state, DATA)
    assert "anachrony.score.p1.agenda_reserve" not in finish.known_answers(state)
    assert finish.score_limits(state)["p1"]["agenda_reserve"] == 2
    asks = []

    class Seen(Lowest):
        def answer(self, ask):
            asks.append(ask)
            return super().answer(ask)

    run(finish.final_score(state, DATA), Seen({}), dice=DiceContext(1, 1, "app"))
    [ask] = [a for a in asks if a.id == "anachrony.score.p1.agenda_reserve"]
    assert ask.max == 2 and ask.normalise(2) == 2
    with pytest.raises(InvalidAnswer):
        ask.normalise(7)


# -- a failed Mission without VP tokens (rules file §1.8 K5-K6, §2.12 line 7) ------------------------------------


def test_a_failed_mission_of_a_player_without_vp_tokens_counts_the_same_in_status_and_tally():
    """Rules file §1.8 K5 (lose 1 VP token) and §2.12 (7): a player with no VP token fails two Missions; the status
    shows -2 VP and the final tally takes the same 2 VP off (PROVISIONAL reading rules.intrigues.failed_mission)."""
    from cli.anachrony.game import status_data

    state = at_the_end()
    state["players"]["p1"]["missions_failed"] = 2
    state["totals"] = finish.module_totals(state, DATA)
    status = status_data(SimpleNamespace(save=SimpleNamespace(state=state, name="found")))
    assert status["player"]["p1"]["vp"] == -2
    final(state)
    assert state["final"]["categories"]["p1"]["missions"] == -2
    assert DATA.raw["rules"]["intrigues"]["failed_mission"]["confidence"] == "provisional"


# -- a recovery that is not offered (seed R2, R5; rules file §2.10: one Exosuit per space per Era) ------------------


def test_a_recovery_no_longer_offered_says_its_space_is_taken():
    """Seed "Recuperando Hipersincronias" R2, R5 and rules file §2.10: once Player 1 recovers on the right
    (Construct) space, Player 2's Construct tile of Era 1 is not offered this Era (3 players: no fourth space), and
    the table is told why, in both languages; with 4 players the fourth space still takes it, so nothing is said
    until that is taken too."""
    from automata.anachrony import actions
    from cli.words.i18n import Translator
    from test_anachrony_eras import action, ready

    state = ready(3, "hypersync")
    for p in ("p1", "p2"):
        state["players"][p]["hypersync"]["construct"] = {"state": "pending", "era": 1}
    r = action(state, 2, {"anachrony.action": "recover:p1"})
    assert "recover:p2" not in [c.value for c in actions.event_choices(state, DATA)]
    [line] = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "anachrony.recover.blocked"]
    assert Translator("en").render(line) == ("Player 2's Construct tile (Era 1) cannot be recovered this Era: the right "
                                             "Hypersync space (Construct) is taken by Player 1.")
    assert Translator("pt-BR").render(line).startswith("Jogador 2: a peça Construir (Era 1) não pode ser recuperada")
    state = ready(4, "hypersync")
    for p in ("p1", "p2", "p3"):
        state["players"][p]["hypersync"]["construct"] = {"state": "pending", "era": 1}
    r = action(state, 2, {"anachrony.action": "recover:p1"})
    assert not [e for e in r.transcript if e.kind == "say" and e.msg.id.startswith("anachrony.recover.blocked")]
    r = action(state, 2, {"anachrony.action": "recover:p2"})
    assert [e.msg.params["player"] for e in r.transcript if e.kind == "say" and e.msg.id == "anachrony.recover.blocked_copy"]


# -- the Quantum Loop offer after a card comes back (seed L4; rules file §3.4.10 (4)) -----------------------------


def test_the_offer_said_when_a_card_returns_lists_it_where_the_instruction_puts_it():
    """Seed L4 (paying back returns the card to the offer) and rules file §3.4.10 (4) (against the Chronossus the
    returned card goes to the end of the row farthest from the deck, the end its removals take from): the offer the
    program says lists the card at that end, as the instruction right after it says, and the program keeps that order."""
    from automata.anachrony.solo import rounds
    from test_anachrony_solo_chronossus import SD, cs, in_actions, play

    st = cs("quantum-loops")
    s = in_actions(st, era=3)
    st["ql"] = {"offer": ["foreign_labor", "future_blueprints"], "deck": [], "out": []}
    st["players"]["p1"]["quantum"] = {"warp": "timeline", "era": 1, "card": "cosmic_data_leak", "payback": "circle 1"}
    s["turn"] = "p1"
    r = play(rounds.turn(st, SD, 3, 2), {"anachrony.solo.you": "quantum_payback"})
    [listed] = [e.msg.params["cards"] for e in r.transcript if e.kind == "say" and e.msg.id == "anachrony.quantum.returned"]
    assert listed == ["@anachrony.ql.cosmic_data_leak", "@anachrony.ql.foreign_labor", "@anachrony.ql.future_blueprints"]
    assert st["ql"]["offer"] == ["cosmic_data_leak", "foreign_labor", "future_blueprints"]
    assert "anachrony.solo.you.ql_back_far" in [e.msg.id for e in r.transcript if e.kind == "say"]


# -- the words of play (issue 16 plural forms; articles and verbs agreeing with what they name) ----------------------


def rendered_lines(result) -> dict[str, list[str]]:
    from cli.words.i18n import Translator

    return {lang: [Translator(lang).render(e.msg) for e in result.transcript if e.kind == "say"] for lang in ("en", "pt-BR")}


def test_you_play_first_and_the_chronossus_takes_an_engineer():
    """Rules file §3.4 (solo turn order; the Chronossus recruits a Worker): the heading agrees with "you" ("you play
    first", "você joga primeiro"), and a Worker's article agrees with its name ("an Engineer", "um Engenheiro")."""
    from automata.anachrony.solo import actions as solo_actions
    from automata.anachrony.solo import rounds
    from test_anachrony_solo_chronossus import SD, cs, play

    st = cs()
    st["solo"]["first"] = "you"
    lines = rendered_lines(play(rounds.start(st, SD)))
    assert f"Action Rounds of Era {st['era']}: you play first" in lines["en"]
    assert f"Rodadas de Ações da Era {st['era']}: você joga primeiro" in lines["pt-BR"]
    lines = rendered_lines(play(solo_actions.recruit(st, SD), {"anachrony.solo.recruit.pool": ["engineer"]}))
    assert any("takes an Engineer from the Recruit pool" in x for x in lines["en"])
    assert any("pega um Engenheiro da reserva" in x for x in lines["pt-BR"])


def test_the_chronossus_with_three_factories_fails_in_words_that_agree():
    """Rules file §3.2.7 (a Construct fails with 3 buildings of that type): "3 Factories", never "3 Factorys"."""
    from automata.anachrony.solo import actions as solo_actions
    from test_anachrony_solo_chronossus import SD, cs, play

    st = cs()
    st["solo"]["buildings"]["factory"] = 3
    lines = rendered_lines(play(solo_actions.construct(st, SD, "factory")))
    assert any("it already has 3 Factories" in x for x in lines["en"]), lines["en"]
    assert any("3 construções do tipo Fábrica" in x for x in lines["pt-BR"])


@pytest.mark.parametrize("lang,message,text", [
    ("en", ("anachrony.score.why.anomalies", {"count": 1, "each": -3, "vp": -3}), "1 Anomaly still on the board × -3 = -3"),
    ("en", ("anachrony.score.why.anomalies", {"count": 2, "each": -3, "vp": -6}), "2 Anomalies still on the board × -3 = -6"),
    ("en", ("anachrony.score.why.anomalies_lab_406", {"count": 1, "each": -3, "bonus": 2, "vp": -1}),
     "1 Anomaly × (-3 + 2 for Lab 406) = -1"),
    ("pt-BR", ("anachrony.score.why.anomalies", {"count": 1, "each": -3, "vp": -3}), "1 Anomalia ainda no tabuleiro × -3 = -3"),
    ("en", ("anachrony.solo.power.draw_known", {"k": 3, "e": 1}),
     "3 tokens come out of its Energy Pool: whatever is drawn, 1 of them is an Energy Core."),
    ("en", ("anachrony.solo.power.draw_known", {"k": 3, "e": 2}),
     "3 tokens come out of its Energy Pool: whatever is drawn, 2 of them are Energy Cores."),
    ("pt-BR", ("anachrony.solo.power.draw_known", {"k": 3, "e": 1}),
     "Saem 3 fichas da Reserva de Energia dele: qualquer que seja a tirada, 1 delas é um Núcleo de Energia."),
])
def test_counted_words_agree_with_their_number(lang, message, text):
    """Rules file §2.12 line 9 (Anomalies, -3 each) and §3.4.4 (the Chronossus's Energy Pool draw): one form per
    number, no "Anomaly/Anomalies", no "1 of them are"."""
    from automata.core.msg import Msg
    from cli.words.i18n import Translator

    assert Translator(lang).render(Msg(*message)) == text


def test_an_objective_tile_takes_an():
    """Seed, Colocar Fichas de Agenda (G2: Objectives left, Values right): "places an Objective tile", "a Value
    tile"; "uma ficha de Objetivo" in Portuguese."""
    from test_anachrony_eras import action, ready

    state = ready(2, "intrigues")
    state["players"]["p1"]["intrigues"].update(objectives=1, values=1)
    for kind, en, pt in (("objective", "places an Objective tile in row 1", "coloca uma ficha de Objetivo na linha 1"),
                         ("value", "places a Value tile in row 2", "coloca uma ficha de Valor na linha 2")):
        row = "1" if kind == "objective" else "2"
        state["turn"] = {"player": "", "rows": []}  # each placement its own turn (G5 does not apply)
        answers = {"anachrony.action": "agenda:p1", "anachrony.agenda.p1.row": f"{kind}:{row}",
                   "anachrony.agenda.p1.number": 3, "anachrony.agenda.p1.pair": False}
        lines = rendered_lines(action(state, 1, answers))
        assert any(en in x for x in lines["en"]) and any(pt in x for x in lines["pt-BR"]), lines
