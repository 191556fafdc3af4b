"""Chaos board changes read by the one correction parser (issue 40 item 3; automata/chaos/edits.py over
automata/core/fix.py and automata/chaos/fix.py ``BOARD_FIELDS``).

What the table types after a card the program does not model (seed, Fase do Velho Mundo: "o que mudou no
tabuleiro"; README's board-changes block) is read by the same tokenizer, word folding, closest-name suggestion and
refusals as ``tabletop fix``, and checked against the same limits, the box's too. Every line the old second parser
read gives the same operations: the expected operations below are the ones it gave (recorded from it before it was
replaced), so that a journalled answer replays to the same board.
"""

from __future__ import annotations

import copy

import pytest

from automata.chaos import edits, game
from automata.core.runner import DiceContext, NoAnswers, Record, run
from automata.core.steps import InvalidAnswer
from cli.words.i18n import Translator
from test_chaos_rules import after_setup, data_of, place, says


def board(track=("peasant_uprising", "road_wardens")) -> dict:
    """A board where each line of the table below can happen: a peasant in Tilea, Khorne's corruption in Kislev, a
    warrior of Nurgle in Estália, VP and power points on every sheet, ``track`` on the Old World track."""
    state = after_setup()
    state["regions"]["tilea"]["tokens"]["peasant"] = 1
    state["regions"]["kislev"]["corruption"]["khorne"] = 2
    place(state, "estalia", "nurgle", warrior=1)
    for power in state["powers"]:
        state["p"][power].update(vp=5, pp=2)
    state["old_world"]["track"] = list(track)
    return state


# (answer, Old World track, the operations the old parser gave)
SAME_OPS = [
    ("none", None, []),
    ("nada", None, []),
    ("-", None, []),
    ("", None, []),
    ("  None ", None, []),
    # README's block and the help text (chaos.edit.hint)
    ("+warpstone kislev; -peasant tilea; +2 hero norsca", None,
     [{"what": "warpstone", "delta": 1, "region": "kislev"}, {"what": "peasant", "delta": -1, "region": "tilea"},
      {"what": "hero", "delta": 2, "region": "norsca"}]),
    ("+corruption nurgle the empire; -2 corruption khorne kislev", None,
     [{"what": "corruption", "delta": 1, "power": "nurgle", "region": "the_empire"},
      {"what": "corruption", "delta": -2, "power": "khorne", "region": "kislev"}]),
    ("+cultist khorne tilea; -warrior nurgle estalia", None,
     [{"what": "cultist", "delta": 1, "power": "khorne", "region": "tilea"},
      {"what": "warrior", "delta": -1, "power": "nurgle", "region": "estalia"}]),
    ("+3 vp khorne; -1 pp tzeentch; +dac slaanesh; +2 cards nurgle", None,
     [{"what": "vp", "delta": 3, "power": "khorne"}, {"what": "pp", "delta": -1, "power": "tzeentch"},
      {"what": "dac", "delta": 1, "power": "slaanesh"}, {"what": "cards", "delta": 2, "power": "nurgle"}]),
    ("-2 cards khorne; -track peasant uprising", None,
     [{"what": "cards", "delta": -2, "power": "khorne"}, {"what": "track", "delta": -1, "card": "peasant_uprising"}]),
    # README's Portuguese line
    ("+pedra kislev; -camponês tileia; +corrupção nurgle império; -trilha peasant uprising", None,
     [{"what": "warpstone", "delta": 1, "region": "kislev"}, {"what": "peasant", "delta": -1, "region": "tilea"},
      {"what": "corruption", "delta": 1, "power": "nurgle", "region": "the_empire"},
      {"what": "track", "delta": -1, "card": "peasant_uprising"}]),
    # "," separates too; the sign apart from its amount, or glued to the word
    ("+warpstone kislev, -peasant tilea, +noble the_empire", None,
     [{"what": "warpstone", "delta": 1, "region": "kislev"}, {"what": "peasant", "delta": -1, "region": "tilea"},
      {"what": "noble", "delta": 1, "region": "the_empire"}]),
    ("+ 2 hero norsca", None, [{"what": "hero", "delta": 2, "region": "norsca"}]),
    ("- 3 vp khorne", None, [{"what": "vp", "delta": -3, "power": "khorne"}]),
    ("-2vp khorne", None, [{"what": "vp", "delta": -2, "power": "khorne"}]),
    ("+vp khorne;", None, [{"what": "vp", "delta": 1, "power": "khorne"}]),
    ("+2 corruption nurgle kislev ; ; -1 corruption nurgle kislev", None,
     [{"what": "corruption", "delta": 2, "power": "nurgle", "region": "kislev"},
      {"what": "corruption", "delta": -1, "power": "nurgle", "region": "kislev"}]),
    # figures by their kind in either language, or by a follower's own name (then the Power's name follows)
    ("+cultista khorne tileia; +guerreiros nurgle estália; +grande demônio tzeentch bretônia", None,
     [{"what": "cultist", "delta": 1, "power": "khorne", "region": "tilea"},
      {"what": "warrior", "delta": 1, "power": "nurgle", "region": "estalia"},
      {"what": "daemon", "delta": 1, "power": "tzeentch", "region": "bretonnia"}]),
    ("+greater daemon slaanesh the border princes", None,
     [{"what": "daemon", "delta": 1, "power": "slaanesh", "region": "the_border_princes"}]),
    ("+demônio maior khorne principados fronteiriços", None,
     [{"what": "daemon", "delta": 1, "power": "khorne", "region": "the_border_princes"}]),
    ("+bloodletter khorne kislev; +Great Unclean One nurgle norsca; +horrors tzeentch tilea", None,
     [{"what": "warrior", "delta": 1, "power": "khorne", "region": "kislev"},
      {"what": "daemon", "delta": 1, "power": "nurgle", "region": "norsca"},
      {"what": "warrior", "delta": 1, "power": "tzeentch", "region": "tilea"}]),
    # the Old World track: a card by its name (with or without "the", any case, its apostrophe or not) or its id
    ("-track the crusade is come; -trilha Crusade Is Come", ("the_crusade_is_come", "the_crusade_is_come"),
     [{"what": "track", "delta": -1, "card": "the_crusade_is_come"}] * 2),
    ("-zona de eventos road wardens", None, [{"what": "track", "delta": -1, "card": "road_wardens"}]),
    ("-zona de eventos do velho mundo road wardens", None, [{"what": "track", "delta": -1, "card": "road_wardens"}]),
    ("-trilha do velho mundo road wardens", None, [{"what": "track", "delta": -1, "card": "road_wardens"}]),
    ("-track the witch hunters", ("witch_hunters", ""), [{"what": "track", "delta": -1, "card": "witch_hunters"}]),
    ("-track road_wardens", None, [{"what": "track", "delta": -1, "card": "road_wardens"}]),
    ("-track The Horned One's Due", ("the_horned_ones_due", ""),
     [{"what": "track", "delta": -1, "card": "the_horned_ones_due"}]),
    ("-2 track peasant uprising", ("peasant_uprising", "peasant_uprising"),
     [{"what": "track", "delta": -2, "card": "peasant_uprising"}]),
    # regions by any of their names
    ("+corruption nurgle the_empire; +corruption nurgle The Empire; +corrupção nurgle o império", None,
     [{"what": "corruption", "delta": 1, "power": "nurgle", "region": "the_empire"}] * 3),
    ("+warpstone terra dos trolls; +pedra troll country", None,
     [{"what": "warpstone", "delta": 1, "region": "troll_country"}] * 2),
    # every other word of both languages
    ("+2 cartas nurgle; -mão khorne; +carta tzeentch; -hand slaanesh", None,
     [{"what": "cards", "delta": 2, "power": "nurgle"}, {"what": "cards", "delta": -1, "power": "khorne"},
      {"what": "cards", "delta": 1, "power": "tzeentch"}, {"what": "cards", "delta": -1, "power": "slaanesh"}]),
    ("+1 poder tzeentch; +avanço slaanesh; +3 pv khorne; +counter nurgle; +power khorne; +counters tzeentch", None,
     [{"what": "pp", "delta": 1, "power": "tzeentch"}, {"what": "dac", "delta": 1, "power": "slaanesh"},
      {"what": "vp", "delta": 3, "power": "khorne"}, {"what": "dac", "delta": 1, "power": "nurgle"},
      {"what": "pp", "delta": 1, "power": "khorne"}, {"what": "dac", "delta": 1, "power": "tzeentch"}]),
    ("+skaven the badlands; +event terras ermas; +nobre bretonnia; +heróis estalia; +eventos kislev", None,
     [{"what": "skaven", "delta": 1, "region": "the_badlands"}, {"what": "event", "delta": 1, "region": "the_badlands"},
      {"what": "noble", "delta": 1, "region": "bretonnia"}, {"what": "hero", "delta": 1, "region": "estalia"},
      {"what": "event", "delta": 1, "region": "kislev"}]),
    ("+2 nobles norsca; +peasants kislev; +warpstones tilea; +heroes tilea", None,
     [{"what": "noble", "delta": 2, "region": "norsca"}, {"what": "peasant", "delta": 1, "region": "kislev"},
      {"what": "warpstone", "delta": 1, "region": "tilea"}, {"what": "hero", "delta": 1, "region": "tilea"}]),
    ("+3 corruption KHORNE Kislev", None, [{"what": "corruption", "delta": 3, "power": "khorne", "region": "kislev"}]),
    ("+1 pv Khorne", None, [{"what": "vp", "delta": 1, "power": "khorne"}]),
]


@pytest.mark.parametrize("text, track, ops", SAME_OPS, ids=[t or "empty" for t, _, _ in SAME_OPS])
def test_every_board_change_line_gives_the_operations_it_gave(text, track, ops):
    """Each syntax of the board changes (README, chaos.edit.hint, both languages) read by the one parser."""
    state = board() if track is None else board(track)
    before = copy.deepcopy(state)
    assert edits.parse(text, state) == ops
    assert state == before  # read and checked on a copy


def test_the_one_grammar_adds_its_own_forms_to_the_board_changes():
    """The corrections' set forms and a follower's name without its Power are board changes too."""
    state = board()
    assert edits.parse("corruption khorne kislev 3; bloodletter tilea 2; vp nurgle = 4", state) == [
        {"what": "corruption", "delta": 1, "power": "khorne", "region": "kislev"},
        {"what": "warrior", "delta": 2, "power": "khorne", "region": "tilea"},
        {"what": "vp", "delta": 4 - state["p"]["nurgle"]["vp"], "power": "nurgle"}]
    assert edits.parse("corruption khorne kislev 2", state) == []  # set to what it is: nothing changed


# -- the refusals: the corrections' own, in the table's language ------------------------------------------------------
# (answer, refusal, what it names or suggests)
REFUSED = [
    ("+warpstome kislev", "core.fix.unknown_what", {"close": "warpstone"}),
    ("+pedrra kislev", "core.fix.unknown_what", {"close": "pedra"}),
    ("+bloodleter khorne kislev", "core.fix.unknown_what", {"close": "Bloodletter"}),
    ("+warpstone kislevv", "core.fix.unknown_option", {"close": "kislev"}),
    ("+corrupção nurgle imperioo", "core.fix.unknown_option", {"close": "imperio"}),
    ("+2 vp grimgor", "core.fix.unknown_option", {"what": "@core.fix.param.power"}),
    ("+cultist", "core.fix.missing", {"what": "@core.fix.param.power"}),
    ("+3 vp khorne kislev", "core.fix.extra_words", {"words": "kislev"}),
    ("+bloodletter nurgle kislev", "core.fix.not_theirs", {"owner": "@chaos.power.khorne"}),
    # a region without the figure, the token or the corruption taken away
    ("-cultist khorne norsca", "core.fix.out_of_range", {"rule": "@chaos.fix.rule.figures"}),
    ("-warrior nurgle estalia; -warrior nurgle estalia", "core.fix.out_of_range", {"rule": "@chaos.fix.rule.figures"}),
    ("-noble norsca", "core.fix.out_of_range", {"rule": "@chaos.fix.rule.tokens"}),
    ("-3 corruption khorne kislev", "core.fix.out_of_range", {"rule": "@chaos.fix.rule.corruption"}),
    ("-6 vp khorne", "core.fix.out_of_range", {"rule": "@chaos.fix.rule.never_negative"}),
    # too many of a kind: a Power's figures (rules file §2.5)
    ("+9 cultist khorne tilea", "core.fix.out_of_range", {"rule": "@chaos.fix.rule.figures"}),
]


@pytest.mark.parametrize("text, reason, params", REFUSED, ids=[t for t, _, _ in REFUSED])
def test_a_wrong_board_change_gets_the_corrections_refusal_in_both_languages(text, reason, params):
    state = board()
    before = copy.deepcopy(state)
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse(text, state)
    problem = bad.value.msg
    assert problem.id == reason
    for key, value in params.items():
        assert value in (problem.params[key].split(", ") if key == "close" else [problem.params[key]]), problem
    en, pt = Translator("en").render(problem), Translator("pt-BR").render(problem)
    assert en != pt and "{" not in en + pt and "core.fix" not in en + pt
    assert state == before


def test_a_refusal_lists_the_words_of_the_tables_language():
    """The rules do not know the table's language at a question: the valid words are messages (core.fix.word) shown
    in whichever it is, the Portuguese ones to a Portuguese table."""
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse("+xyzzy kislev", board())
    en = Translator("en").render(bad.value.msg).split("Valid: ", 1)[1]
    pt = Translator("pt-BR").render(bad.value.msg).split("Válidos: ", 1)[1]
    assert "warpstone" in en and "hand" in en and "track" in en and "pedra" not in en
    assert "pedra" in pt and "mão" in pt and "trilha" in pt and "warpstone" not in pt


# -- the box's limits: the corrections' limits hold for board changes too (issue 40) ------------------------------------
def _tokens_out(state, kind):
    return sum(r["tokens"].get(kind, 0) for r in state["regions"].values()) + (
        sum(state["p"][p]["peasants"] for p in state["powers"]) if kind == "peasant" else 0)


@pytest.mark.parametrize("kind", ["hero", "warpstone", "noble"])
def test_no_more_old_world_tokens_than_the_box_holds(kind):
    """Rules file §2.2 (the box's Old World tokens: data rules.tokens): the old parser placed a fifth Hero."""
    state = board()
    left = data_of(state).rules["rules"]["tokens"][kind] - _tokens_out(state, kind)
    assert edits.parse(f"+{left} {kind} kislev", state)  # every one left: fine
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse(f"+{left} {kind} kislev; +{kind} tilea", state)
    assert bad.value.msg.id == "core.fix.out_of_range" and bad.value.msg.params["rule"] == "@chaos.fix.rule.tokens"


def test_no_corruption_nor_token_in_a_ruined_region():
    """Rules file §3.10 and §2.3: nothing new is placed in a ruined region; the old parser refused the tokens only."""
    state = board()
    state["regions"]["norsca"]["ruin"] = 1
    for text, rule in (("+corruption khorne norsca", "corruption"), ("+warpstone norsca", "tokens")):
        with pytest.raises(InvalidAnswer) as bad:
            edits.parse(text, state)
        assert bad.value.msg.params["rule"] == f"@chaos.fix.rule.{rule}", text


def test_no_more_corruption_than_the_powers_supply():
    """Rules file §2.2: 29 corruption tokens a Power; the old parser placed a thirtieth."""
    state = board()
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse("+30 corruption nurgle tilea", state)
    assert bad.value.msg.params["rule"] == "@chaos.fix.rule.corruption"
    assert edits.parse("+29 corruption nurgle tilea", state)


def test_no_more_dial_advancement_counters_than_the_box_holds():
    """Rules file §2.2 [V]: 16 dial advancement counters shared by the Powers (automata/chaos/fix.py DIAL_COUNTERS, a
    supply across seats: automata/core/fixbox.py)."""
    state = board()
    assert edits.parse("+8 dac khorne; +8 dac nurgle", state)
    with pytest.raises(InvalidAnswer) as bad:
        edits.parse("+8 dac khorne; +8 dac nurgle; +dac tzeentch", state)
    assert bad.value.msg.id == "core.fix.refused"
    assert bad.value.msg.params["why"]["params"]["most"] == 16


# -- old saves ---------------------------------------------------------------------------------------------------------
def test_a_board_change_journalled_the_old_way_replays_to_the_same_board():
    """A save's journal keeps the answer as typed: an Old World card's changes written in the old parser's forms
    (',' between items, the sign apart from its amount, Portuguese words, "zona de eventos") replay through the one
    parser to the board the old one made (its operations, recorded above)."""
    state = board(track=("road_wardens", "witch_hunters"))
    answer = "+pedra kislev, -camponês tileia; + 2 herói norsca; -zona de eventos road wardens; +bloodletter khorne kislev"
    recorded = [Record("chaos.oldworld.card", "greenskins_invade", "table"),
                Record("chaos.oldworld.changes", answer, "table")]
    expected = copy.deepcopy(state)
    edits.apply([{"what": "warpstone", "delta": 1, "region": "kislev"}, {"what": "peasant", "delta": -1, "region": "tilea"},
                 {"what": "hero", "delta": 2, "region": "norsca"}, {"what": "track", "delta": -1, "card": "road_wardens"},
                 {"what": "warrior", "delta": 1, "power": "khorne", "region": "kislev"}], expected)
    result = run(game.procedure(state, {"proc": "old_world"}), NoAnswers(), recorded=recorded, dice=DiceContext(1, 1))
    assert result.done and [r.value for r in result.records] == [r.value for r in recorded]
    assert says(result).count("chaos.edit.applied") == 5
    for region in ("kislev", "tilea", "norsca"):
        assert state["regions"][region]["tokens"] == expected["regions"][region]["tokens"], region
    assert state["regions"]["kislev"]["figures"]["khorne"] == expected["regions"]["kislev"]["figures"]["khorne"]
    assert "road_wardens" not in state["old_world"]["track"]


def test_a_save_made_before_the_limits_replays_its_board_changes_as_they_were_accepted():
    """The save is the only truth: a board-change answer journalled before board changes were held to the limits
    (a save without ``asks``, questions version 1) must replay as accepted then, or ``undo`` and ``restore`` stop on
    it; a game made since keeps every limit above."""
    old = board()
    old.pop("asks", None)
    old["regions"]["norsca"]["ruin"] = 1
    left = data_of(old).rules["rules"]["tokens"]["hero"] - _tokens_out(old, "hero")
    for text in ("+corruption khorne norsca", "+30 corruption nurgle tilea", f"+{left + 1} hero kislev",
                 "+8 dac khorne; +8 dac nurgle; +dac tzeentch"):
        assert edits.parse(text, old), text  # accepted as the old parser accepted it
        new = {**copy.deepcopy(old), "asks": 2}
        with pytest.raises(InvalidAnswer):
            edits.parse(text, new)
    with pytest.raises(InvalidAnswer):  # never below nothing, in any save
        edits.parse("-3 corruption khorne tilea", old)
