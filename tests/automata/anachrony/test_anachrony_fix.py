"""Corrections in Anachrony (issue 23; automata/anachrony/fix.py over automata/core/fix.py): the table puts a value
the program tracks right without rewinding, within the rules' limits (seed 002, rules file §1.7-§1.8, §2.6-§2.10,
§3.2-§3.4), multi-player and solo against both opponents, and the game plays on to its end."""

from __future__ import annotations

import copy
import random

import pytest

from automata.anachrony import finish, game
from automata.anachrony.fix import FIX_FIELDS, tracked_spaces
from automata.core import fix
from anachrony_policy import Policy
from anachrony_solo_policy import SoloPolicy
from conftest import random_games
from fix_checks import play_with_random_corrections
from policy_runner import play_steps

MULTI = {"players": 3, "modules": "all"}
CHRONOSSUS = {"players": 1, "modules": "hypersync,quantum_loops", "opponent": "chronossus"}
CHRONOBOT = {"players": 1, "opponent": "chronobot"}
FIRST_EDITION = {"players": 1, "opponent": "chronobot", "edition": "first"}


def _part_game(raw: dict, seed: int, steps: int, until=None) -> dict:
    """The state after ``steps`` steps of a scripted game (or as soon as ``until(state)``)."""
    state = game.new_state(game.check_options(raw), seed)
    policy = SoloPolicy(seed) if raw["players"] == 1 else Policy(seed)
    return play_steps(game, state, policy, seed, steps, dice="app", until=until)


@pytest.fixture(scope="module")
def multi():
    return _part_game(MULTI, 5, 60)


@pytest.fixture(scope="module")
def chronossus():
    return _part_game(CHRONOSSUS, 5, 60)


@pytest.fixture(scope="module")
def chronobot():
    return _part_game(CHRONOBOT, 5, 60)


def _fix(state: dict, text: str) -> list[dict]:
    return fix.apply(state, fix.parse(text, FIX_FIELDS, state), FIX_FIELDS)


def test_set_add_and_take_in_both_languages(multi):
    state = copy.deepcopy(multi)
    vp = state["players"]["p2"]["vp"]
    _fix(state, "+3 vp p2; objetivos jogador 1 = 2; -1 vp 2")
    assert state["players"]["p2"]["vp"] == vp + 2
    assert state["players"]["p1"]["intrigues"]["objectives"] == 2
    assert fix.parse("pv 2 para 7", FIX_FIELDS, state) == fix.parse("vp p2 7", FIX_FIELDS, state)
    assert fix.parse("espaço negociar topo livre", FIX_FIELDS, state) == fix.parse("space negotiate top free", FIX_FIELDS, state)
    assert fix.parse("hipersincronia p1 pesquisar disponível", FIX_FIELDS, state) == fix.parse(
        "hypersync p1 research home", FIX_FIELDS, state)


@pytest.mark.parametrize("text, message", [
    ("vpp p1 3", "core.fix.unknown_what"),
    ("vp p5 3", "core.fix.unknown_option"),            # 3 players: no fifth
    ("vp bot 3", "core.fix.unknown_option"),           # no solo opponent in a multi-player game
    ("paradox 1", "core.fix.not_tracked"),             # multi-player: the players' Paradox is the table's, no solo opponent
    ("hypersync p1 build home", "core.fix.unknown_option"),
    ("+1 first", "core.fix.not_a_count"),
    ("space mine upper p1", "core.fix.unknown_option"),  # multi-player: the program does not keep the Mine
])
def test_words_that_name_nothing_are_refused(multi, text, message):
    with pytest.raises(fix.FixError) as e:
        fix.parse(text, FIX_FIELDS, multi)
    assert e.value.msg.id == message


@pytest.mark.parametrize("raw, text", [
    (MULTI, "vp p1 -1"),                 # VP never below 0
    (MULTI, "benefits p1 4"),            # seed, Agenda Benefits: 3 uses an Era in all
    (MULTI, "missions p2 9"),            # seed, Mission cards: decks of 8
    (MULTI, "emergency p3 3"),           # seed, Impact: 2 Emergency Missions each
    (MULTI, "-99 objectives p1"),
    (CHRONOBOT, "paradox 3"),            # rules §2.6, §3.2.4: 3 Paradox becomes an Anomaly
    (CHRONOBOT, "anomalies 4"),          # rules §3.2.4: at most 3 Anomalies
    (CHRONOBOT, "time travel 7"),        # rules §3.2.10: track 0-6
    (CHRONOBOT, "warps 1 9"),            # rules §3.2.1: 8 Warp tiles
    (CHRONOBOT, "buildings lab 4"),      # rules §3.2.7: a fourth of a type is a Failed Action
    (CHRONOBOT, "superprojects 4"),      # rules §3.2.7
    (CHRONOBOT, "exosuits bot 7"),       # rules §3.2.4: 6 before the Impact, 4 after
    (CHRONOBOT, "exosuits you 7"),       # rules §2.5: your 6 Hex slots
    (FIRST_EDITION, "superprojects 3"),  # rules §3.3: 2 for the first edition
    (CHRONOSSUS, "pool exhausted -1"),
])
def test_values_outside_the_rules_are_refused_with_the_rules_reason(raw, text):
    state = _part_game(raw, 3, 50)
    changes = fix.parse(text, FIX_FIELDS, state)
    before = copy.deepcopy(state)
    with pytest.raises(fix.FixError) as e:
        fix.apply(copy.deepcopy(state), changes, FIX_FIELDS)
    assert e.value.msg.id == "core.fix.out_of_range"
    assert e.value.msg.params["rule"].startswith("@anachrony.fix.rule.")
    assert state == before


def test_warp_tiles_on_the_timeline_share_its_eight(chronobot):
    """Rules §3.2.1: 8 Warp tiles in all; a tile of an Era not begun is not offered (pieces go on the present tile)."""
    state = copy.deepcopy(chronobot)
    era = state["era"]
    others = sum(n for e, n in state["solo"]["warps"].items() if int(e) != 1)
    _fix(state, f"warps 1 {8 - others}")
    with pytest.raises(fix.FixError):
        _fix(state, "+1 warps 1")
    with pytest.raises(fix.FixError) as e:
        fix.parse(f"warps {era + 1} 1", FIX_FIELDS, state)
    assert e.value.msg.id == "core.fix.unknown_option"


def test_one_hypersync_tile_per_era_and_the_era_action_follows(multi):
    """Seed, Hypersync Actions: 1 pending tile per Era; the tile on the present Era's tile is this Era's one
    Hypersync Action (actions.eligible reads hypersync_era)."""
    state = copy.deepcopy(multi)
    era = state["era"]
    for p in state["players"]:
        for t in state["players"][p]["hypersync"]:
            _fix(state, f"hypersync {p} {t} home")
    _fix(state, f"hypersync p1 construct {era}")
    assert state["players"]["p1"]["hypersync_era"] == era
    with pytest.raises(fix.FixError):  # the Era's tile already holds one of p1's tiles
        _fix(state, f"hypersync p1 recruit {era}")
    _fix(state, "hypersync p1 construct home")
    assert state["players"]["p1"]["hypersync_era"] != era


def test_a_quantum_warp_set_back_to_the_supply_returns_its_card(multi):
    """Seed, Recuperando Dobras Quânticas: paying it back returns the Loop card to the offer."""
    state = copy.deepcopy(multi)
    out = [p for p, pl in state["players"].items() if pl["quantum"]["warp"] == "timeline"]
    if not out:
        pytest.skip("no Quantum Warp on the Timeline in this game")
    p = out[0]
    card = state["players"][p]["quantum"]["card"]
    _fix(state, f"quantum {p} supply")
    assert card in state["ql"]["offer"] and state["players"][p]["quantum"] == {"warp": "supply"}
    assert [c for c in fix.listing(state, FIX_FIELDS) if c["field"] == "quantum" and c["keys"] == [p]][0]["choices"] == ["supply"]


def test_agenda_rows_lock_only_on_a_pair_and_unknown_value_numbers_are_asked(multi):
    """Rules §1.7.4 G4: a row locks on a pair; §2.14.4: the top Value tile scores, so a tile the program does not
    know the number of leaves that question to the final tally."""
    state = copy.deepcopy(multi)
    _fix(state, "agenda objective 3 1; agenda value 3 0")
    with pytest.raises(fix.FixError) as e:  # no pair on the row: nothing to lock
        _fix(state, "locked 3 yes")
    assert e.value.msg.id == "core.fix.not_there"
    _fix(state, "agenda value 3 1")
    _fix(state, "linha travada 3 sim")
    assert state["agenda"][2]["locked"]
    _fix(state, "agenda objective 3 0")
    assert not state["agenda"][2]["locked"]
    _fix(state, "agenda objective 3 1")
    known = finish.known_answers(state)
    rows = [i for i, r in enumerate(state["agenda"]) if r["objective"] and r["value"]]
    spot = rows.index(2) + 1
    assert f"anachrony.score.agenda.row{spot}.value" not in known


def test_spaces_follow_the_game(chronobot):
    """Rules §2.10: who holds each space this Era; §3.2.4: the left World Council space makes the opponent next
    Era's First Player."""
    state = copy.deepcopy(chronobot)
    assert ("mine", "upper") in tracked_spaces(state)
    _fix(state, "space council left bot")
    assert state["spaces"]["council"]["left"] == "bot" and state["solo"]["first_next"] == "bot"
    _fix(state, "espaco conselho esquerda livre")
    assert "left" not in state["spaces"]["council"] and state["solo"]["first_next"] == ""
    assert not state["impact"]
    with pytest.raises(fix.FixError):  # Hex Unavailable only after the Impact (§2.9)
        _fix(state, "space construct top unavailable")


def test_hex_unavailable_after_the_impact_only_where_a_collapsing_tile_lies():
    """Rules §2.9 (4): after the Impact a Capital space with a Collapsing tile goes Hex Unavailable once an Exosuit
    leaves it; the Mine has no such tile. The Clean Up then keeps the space unavailable (spaces.end_era)."""
    state = _part_game(CHRONOBOT, 5, 3000, until=lambda s: s["era"] == 5 and s["phase"] == "actions")
    assert state["impact"] and not state["over"]
    _fix(state, "space construct top unavailable")
    assert "top" in state["collapsed"]["construct"] and "top" not in state["spaces"].get("construct", {})
    with pytest.raises(fix.FixError):
        _fix(state, "space mine upper unavailable")
    _fix(state, "space construct top free")
    assert "top" not in state["collapsed"]["construct"]


def test_chronobot_tokens_stack_two_at_most(chronobot):
    """Rules §3.2.3: a position holds at most two tokens."""
    state = copy.deepcopy(chronobot)
    _fix(state, "token 2 short.1; token 3 short 1")
    assert state["solo"]["spots"]["short.1"] == ["2", "3"] or set(state["solo"]["spots"]["short.1"]) == {"2", "3"}
    with pytest.raises(fix.FixError):
        _fix(state, "token 4 short.1")


def test_chronossus_tokens_stay_on_their_routes(chronossus):
    """Rules §3.4.3: each token walks its own route."""
    from automata.anachrony.solo import state as solo_state
    from automata.anachrony.solo.data import solo_data_of

    state = copy.deepcopy(chronossus)
    route = solo_data_of(state)["chronossus"]["routes"]["2"]
    _fix(state, f"token 2 {route[-1]}")
    assert solo_state.where(solo_data_of(state), state["solo"], "2") == route[-1]
    elsewhere = next(s for s in solo_data_of(state)["chronossus"]["spots"] if s not in route)
    with pytest.raises(fix.FixError):
        _fix(state, f"token 2 {elsewhere}")


@pytest.mark.parametrize("raw", [MULTI, CHRONOSSUS, CHRONOBOT, FIRST_EDITION], ids=["multi", "chronossus", "chronobot", "first"])
def test_the_listing_words_parse_back_and_every_label_renders(raw):
    from cli.words.i18n import Translator

    state = _part_game(raw, 11, 45)
    rows = fix.listing(state, FIX_FIELDS)
    assert rows
    for lang in ("en", "pt-BR"):
        t = Translator(lang)
        for row in rows:
            text = t.render(row["label"])
            assert "{" not in text and "anachrony.fix" not in text, text
    for row in rows:
        value = row["choices"][0] if "choices" in row else row["value"]
        [change] = fix.parse(f"{row['words']} {value}", FIX_FIELDS, state)
        assert (change["field"], change["keys"]) == (row["field"], row["keys"])


@pytest.mark.parametrize("seed", range(random_games(4, quick_least=1)))  # one test a game: the run spreads them over the cores
def test_random_corrections_replay_identically_and_the_game_ends(tmp_path, seed):
    """Issue 23: a correction is a journal step of its own; replaying the journal repeats it in its place, and the
    bots, the scoring and the end of the game work on the corrected values. The games take turns: a multi-player
    game with every module, the Chronossus, the Chronobot and the first-edition Chronobot."""
    from state.session import Session

    kinds = [MULTI, CHRONOSSUS, CHRONOBOT, FIRST_EDITION]
    raw = kinds[seed % len(kinds)]
    rng = random.Random(seed)
    options = game.check_options({**raw, "random": "app"})
    session = Session.create(f"g{seed}", "anachrony", options, seed, {"dice": "app"}, "2026-01-01")
    policy = SoloPolicy(seed) if raw["players"] == 1 else Policy(seed)
    assert play_with_random_corrections(session, policy, rng, 0.2) > 0
    assert session.save.state["over"]


def test_a_quantum_loop_card_is_in_one_pile_only(multi):
    """Seed P1, L4: a Loop card is in the offer, in the deck or out of the game (one card, one place); a card on a
    player's Timeline is not offered."""
    state = copy.deepcopy(multi)
    loose = [r for r in fix.listing(state, FIX_FIELDS) if r["field"] == "loop"]
    card = loose[0]["keys"][0]
    for pile in ("deck", "out", "offer"):
        _fix(state, f"loop {card} {pile}")
        assert [p for p in ("offer", "deck", "out") if card in state["ql"][p]] == [pile]
    held = [pl["quantum"]["card"] for pl in state["players"].values() if pl["quantum"]["warp"] == "timeline"]
    for c in held:
        with pytest.raises(fix.FixError):
            fix.parse(f"loop {c} offer", FIX_FIELDS, state)


def test_a_mission_is_secret_or_revealed_only_when_one_was_drawn(multi):
    """Seed, Cartas de Missão: the Mission comes from the Power Up's draw; the table can say it was revealed (the
    reveal event stops being offered) or that there is none (no penalty at Clean Up)."""
    from automata.anachrony import actions
    from automata.anachrony.data import data_of

    state = copy.deepcopy(multi)
    _fix(state, "missao p1 nenhuma")
    assert state["players"]["p1"]["intrigues"]["mission"] == {}
    with pytest.raises(fix.FixError):
        fix.parse("mission p1 secret", FIX_FIELDS, state)
    state["players"]["p2"]["intrigues"]["mission"] = {"era": state["era"], "kind": "mission", "revealed": False}
    assert "p2" in actions.eligible(state, data_of(state), "mission")
    _fix(state, "mission p2 revealed")
    assert "p2" not in actions.eligible(state, data_of(state), "mission")


def test_solo_objectives_and_your_warps_said(chronossus):
    """Rules §3.4.14: the Solo Objectives in play; solo/phases.plain_most: the Warp tiles you said at a Paradox cap
    the later questions, 0-2 a tile (§2.7), so a slip there is put right here."""
    state = copy.deepcopy(chronossus)
    _fix(state, "objetivo solo agua nao; solo objective building_spots yes")
    assert "water" not in state["solo"]["objectives"] and "building_spots" in state["solo"]["objectives"]
    said = state["solo"].get("your_warps", {})
    if not said:
        pytest.skip("no Paradox question answered in this game")
    era = next(iter(said))
    with pytest.raises(fix.FixError):
        _fix(state, f"your warps {era} 3")


def test_the_top_value_number_is_corrected_while_it_is_known(multi):
    """Rules §2.14.4: a complete row scores with its top Value tile's number; a mistyped number is put right, and
    the final tally then answers with the corrected one."""
    state = copy.deepcopy(multi)
    _fix(state, "agenda objective 4 1; agenda value 4 0")
    with pytest.raises(fix.FixError):  # no Value tile: no number
        fix.parse("agenda number 4 3", FIX_FIELDS, state)
    state["agenda"][3]["value"], state["agenda"][3]["values"] = 1, [2]
    _fix(state, "agenda numero 4 = 7")
    rows = [i for i, r in enumerate(state["agenda"]) if r["objective"] and r["value"]]
    assert finish.known_answers(state)[f"anachrony.score.agenda.row{rows.index(3) + 1}.value"] == 7
    with pytest.raises(fix.FixError) as e:
        _fix(state, "agenda number 4 21")
    assert e.value.msg.params["rule"] == "@anachrony.fix.rule.value_number"


def _typed_en_pt(state: dict):
    """Each field, parameter option and choice of the listing as (English word, Portuguese word) to type."""
    for f in FIX_FIELDS:
        yield f.id, fix.shown(f, "en"), fix.shown(f, "pt-BR")
    en, pt = fix.listing(state, FIX_FIELDS, "en"), fix.listing(state, FIX_FIELDS, "pt-BR")
    by_id = {f.id: f for f in FIX_FIELDS}
    for row_en, row_pt in zip(en, pt):
        for param, key in zip(by_id[row_en["field"]].params, row_en["keys"]):
            option = next(o for o in param.options(state) if o.key == key)
            yield param.id, fix.shown(option, "en"), fix.shown(option, "pt-BR")
        for c_en, c_pt in zip(row_en.get("choices", ()), row_pt.get("choices", ())):
            yield row_en["field"], c_en, c_pt


@pytest.mark.parametrize("kind", ["multi", "chronossus", "chronobot"])
def test_pt_br_tables_type_portuguese_words(kind, request):
    """A pt-BR table types the seed's words (seed 002: "Construir, Recrutar e Pesquisar", "peças de Hipersincronia
    disponíveis", "Dobra Quântica", "Missões Emergenciais", "Câmara do Conselho", "Espaço Indisponível") in
    `tabletop fix --list`, in refusals and at `!`: no field, option or choice is shown by an English word (numbers,
    seat ids and the opponent's token spots are the same in both languages), each Portuguese listing line parses
    back to its value, and the English words keep working."""
    state = request.getfixturevalue(kind)
    assert all(fix.fold(fix.shown(f, "pt-BR")) in map(fix.fold, f.words) for f in FIX_FIELDS)  # typed back, every field
    for what, en, pt in _typed_en_pt(state):
        if not any(ch.isdigit() for ch in en):
            assert fix.fold(pt) != fix.fold(en), (what, en)
    for row_en, row_pt in zip(fix.listing(state, FIX_FIELDS), fix.listing(state, FIX_FIELDS, "pt-BR")):
        pairs = zip(row_en["choices"], row_pt["choices"]) if "choices" in row_en else [(row_en["value"],) * 2]
        for en, pt in pairs:  # each language's words name the same change
            [change] = fix.parse(f"{row_pt['words']} {pt}", FIX_FIELDS, state, "pt-BR")
            assert (change["field"], change["keys"]) == (row_pt["field"], row_pt["keys"])
            assert fix.parse(f"{row_en['words']} {en}", FIX_FIELDS, state) == [change]
    with pytest.raises(fix.FixError) as unknown:  # a refusal lists the table's words
        fix.parse("xyz 3", FIX_FIELDS, state, "pt-BR")
    assert {"pv", "espaço"} <= set(unknown.value.msg.params["valid"].split(", "))
    space = next(r for r in fix.listing(state, FIX_FIELDS, "pt-BR") if r["field"] == "space")
    with pytest.raises(fix.FixError) as bad_value:
        fix.parse(f"{space['words']} xyz", FIX_FIELDS, state, "pt-BR")
    assert "livre" in bad_value.value.msg.params["valid"].split(", ")
    assert "free" not in bad_value.value.msg.params["valid"].split(", ")
