"""Time of Crisis corrections (issue 23; automata/toc/fix.py): the table puts a tracked value right without rewinding.

Seed 000 (000_11c43f9f500dfc03.txt): Preparação step 4 (mode marker portrait side up, a pawn on each circle "0",
three AI cylinders in Available Cylinders, starting provinces Gallia, Macedonia, Syria), Fluxo do Jogo (AI Crisis
Phase: Ludi Saeculares; Take Actions 1: the Mode boxes, the numbers left of the boxes, +2, the Influence Point
Track; Buy/Trash: leftover points lost, cylinders to the "0" box; End of Turn), Tornar-se Imperador, Limitações,
Tipos de Imperador. Rules file §1.5, §1.6, §3.1–§3.3, §3.13.
"""

from __future__ import annotations

import copy
import random

import pytest

from automata.core import fix, fixstep
from automata.core.runner import DiceContext, run
from automata.toc import game
from automata.toc.bot import AREAS
from automata.toc.emperor import EMPEROR_TYPES, emperor_type_for_area
from automata.toc.fix import FIX_FIELDS, most_points
from automata.toc.game import data_of
from automata.toc.emperor import emperor_type_now
from conftest import random_games
from policy_runner import play_steps
from test_toc_playthrough import check
from toc_policy import Policy

RAW = {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}


def part_game(seed: int, steps: int, **raw) -> dict:
    """A state after ``steps`` steps of a game played by the scripted table."""
    options = dict(RAW)
    options.update(raw)
    state = game.new_state(game.check_options(options), seed)
    return play_steps(game, state, Policy(seed, style="mixed"), seed, steps)


@pytest.fixture(scope="module")
def mid_game():
    return part_game(5, 45)


def applied(state: dict, text: str) -> list[dict]:
    return fix.apply(state, fix.parse(text, FIX_FIELDS, state), FIX_FIELDS)


def test_set_add_and_take_use_one_language(mid_game):
    state = copy.deepcopy(mid_game)
    red = state["bots"]["red"]
    legacy, pawn = red["legacy"], red["pawn"]["senate"]
    lines = applied(state, "+3 legacy red; -3 legacy red; +1 legacy red; pawn red senate 0; +1 pawn red senate; "
                           "marker red +2")
    assert red["legacy"] == legacy + 1
    assert red["pawn"]["senate"] == 1 and lines[3]["before"] == pawn
    assert red["marker"] == "plus2"


def test_portuguese_words_name_the_same_values(mid_game):
    """Both languages, accents optional: bots by colour (vermelho, azul, amarelo), 'legado', 'modo', 'peão', the
    areas (militar, senado, povo) or their cylinder's colour, 'imperador', 'sim'/'não'."""
    state = mid_game
    pairs = [
        ("legado vermelho = 7", "legacy red 7"),
        ("modo azul para 2", "mode blue 2"),
        ("peão amarelo senado 2", "pawn yellow senate 2"),
        ("cilindro azul amarelo zero", "cylinder blue populace zero"),
        ("cilindro azul povo caixa 0", "cylinder blue populace zero"),
        ("pontos vermelho militar 3", "points red military 3"),
        ("marcador vermelho lado do retrato", "marker red portrait"),
        ("ludi azul sim", "ludi blue yes"),
        ("provincia inicial amarelo syria", "start yellow syria"),
        ("imperador vermelho", "emperor red military"),  # Maximinus Thrax prefers Military (rules file §2.12)
        ("imperador humano 1 senado", "emperor human 1 senate"),
        ("imperador ninguem", "emperor none"),
    ]
    for pt, en in pairs:
        assert fix.parse(pt, FIX_FIELDS, state) == fix.parse(en, FIX_FIELDS, state), pt


@pytest.mark.parametrize("text, message", [
    ("legacyy red 3", "core.fix.unknown_what"),
    ("legacy green 3", "core.fix.unknown_option"),  # green is the human's colour here: no green bot
    ("pawn red purple 2", "core.fix.unknown_option"),
    ("cylinder red military upper", "core.fix.unknown_option"),  # between steps: Available, the track or the "0" box
    ("+1 marker red", "core.fix.not_a_count"),
    ("legacy red", "core.fix.no_value"),
    ("legacy red ten", "core.fix.not_a_number"),
    ("emperor human 2 senate", "core.fix.unknown_option"),  # one human player in this game
    ("emperor human 1", "core.fix.unknown_option"),  # with the Emperor rules a human names the token's place (type)
    ("start red italia", "core.fix.unknown_option"),  # seed, Preparação 4: Gallia, Macedonia or Syria
])
def test_words_that_name_nothing_are_refused_with_what_is_valid(mid_game, text, message):
    with pytest.raises(fix.FixError) as e:
        fix.parse(text, FIX_FIELDS, mid_game)
    assert e.value.msg.id == message
    if message == "core.fix.unknown_what":
        assert "legacy" in e.value.msg.params["close"] and "emperor" in e.value.msg.params["valid"]


@pytest.mark.parametrize("text, rule", [
    ("legacy red -1", "legacy"),  # Legacy counts up from 0 (seed, Tipos de Imperador: a negative gain counts as zero)
    ("-999 legacy blue", "legacy"),
    ("mode red 0", "mode"),  # seed, Take Actions 1: Mode 1 to Mode 4
    ("mode red 5", "mode"),
    ("pawn red military -1", "pawn"),  # seed, Preparação 4: circle "0" is the start
    ("points red military -1", "points"),  # influence is never negative
])
def test_values_outside_the_rules_are_refused_with_the_rules_reason(mid_game, text, rule):
    state = copy.deepcopy(mid_game)
    with pytest.raises(fix.FixError) as e:
        applied(state, text)
    assert e.value.msg.id == "core.fix.out_of_range"
    assert e.value.msg.params["rule"] == f"@toc.fix.rule.{rule}"
    assert state == mid_game  # nothing changed


def test_pawns_stay_on_their_mats_tracks(mid_game):
    """Seed, Buy/Trash: a pawn moves one circle to the right along its area's track; the track's circles are the
    mat's (automata/toc/data/mats.toml), so the last circle is allowed and one past it is refused, on every mat."""
    for colour, bot in mid_game["bots"].items():
        mat = data_of(mid_game).mat(bot["mat"])
        for area in AREAS:
            state = copy.deepcopy(mid_game)
            last = len(mat["track"][area]) - 1
            applied(state, f"pawn {colour} {area} {last}")
            assert state["bots"][colour]["pawn"][area] == last
            with pytest.raises(fix.FixError):
                applied(state, f"+1 pawn {colour} {area}")


def test_points_reach_at_most_the_largest_printed_number_plus_two(mid_game):
    """Seed, Take Actions 1: the points are the larger number left of the box, +2 to Primary on the "+2" side."""
    data = data_of(mid_game)
    for colour, bot in mid_game["bots"].items():
        for area in AREAS:
            track = data.mat(bot["mat"])["track"][area]
            top = max(max(c["primary"] + data.rules["bot"]["plus2_bonus"], c["secondary"]) for c in track)
            assert most_points(mid_game, (colour, area)) == top
            state = copy.deepcopy(mid_game)
            applied(state, f"points {colour} {area} {top}")
            with pytest.raises(fix.FixError):
                applied(state, f"+1 points {colour} {area}")


def test_cylinders_and_their_points_stay_together(mid_game):
    """Seed, Take Actions 1 and Buy/Trash 1: points are marked by the area's cylinder on the Influence Point Track;
    a cylinder moved off the track loses its points. Each bot has its three cylinders, one per area, always."""
    state = copy.deepcopy(mid_game)
    bot = state["bots"]["blue"]
    applied(state, "points blue senate 4")
    assert bot["cylinder"]["senate"] == "track" and bot["points"]["senate"] == 4
    applied(state, "cylinder blue senate zero")
    assert bot["cylinder"]["senate"] == "zero" and bot["points"]["senate"] == 0
    applied(state, "cylinder blue military available; cylinder blue senate available; cylinder blue populace zero")
    assert sorted(bot["cylinder"]) == sorted(AREAS)
    assert sorted(bot["cylinder"].values()) == ["available", "available", "zero"]


def test_two_cylinders_set_in_the_zero_box_force_mode_4(mid_game):
    """Seed, Take Actions 1: two cylinders in the "0" box: Mode 4, whatever else holds (the next turn reads the
    corrected cylinders)."""
    state = after_turn_start(mid_game)
    colour = state["next"]["bot"]
    applied(state, f"cylinder {colour} military zero; cylinder {colour} senate zero; cylinder {colour} populace available")
    policy = Policy(1, style="mixed")
    policy.state = state
    run(game.procedure(state, game.next_step(state)), policy, dice=DiceContext(1, 1, "table"))
    assert state["bots"][colour]["mode"] == 4


def after_turn_start(state: dict) -> dict:
    """A copy of ``state`` played on to the next bot's Take Actions (its mode, influence and events)."""
    state = copy.deepcopy(state)
    policy = Policy(2, style="mixed")
    policy.state = state
    for n in range(200):
        if state["next"]["proc"] == "bot_influence":
            return state
        run(game.procedure(state, game.next_step(state)), policy, dice=DiceContext(2, n, "table"))
    raise AssertionError("no bot turn")


def test_the_ludi_marker_set_on_takes_4_from_the_next_secondary(mid_game):
    """Seed, AI Crisis Phase (Ludi Saeculares): the marker on the mat takes 4 (minimum 0) from the Secondary influence
    of the bot's next Take Actions; set by the table, that -4 is still to come."""
    state = after_turn_start(mid_game)
    colour = state["next"]["bot"]
    applied(state, f"ludi {colour} yes")
    assert state["bots"][colour]["ludi"] and not state["bots"][colour]["ludi_applied"]
    policy = Policy(3, style="mixed")
    policy.state = state
    run(game.procedure(state, game.next_step(state)), policy, dice=DiceContext(3, 1, "table"))
    bot = state["bots"][colour]
    assert bot["ludi_applied"]
    secondary = bot["secondary"]
    if secondary["area"]:
        circle = data_of(state).mat(bot["mat"])["track"][secondary["area"]][bot["pawn"][secondary["area"]]]
        assert secondary["points"] == max(0, circle["secondary"] - 4)
    applied(state, f"ludi {colour} no")
    assert not bot["ludi"] and not bot["ludi_applied"]


@pytest.mark.parametrize("kind", EMPEROR_TYPES)
def test_a_new_emperor_takes_the_office_from_the_old_one(mid_game, kind):
    """Seed, Tornar-se Imperador: one Emperor, one Emperor token, whose place is the type; the previous Emperor's
    token (and type) leaves the board. Every reader agrees: the bots' types, the human record, emperor_type_now."""
    state = copy.deepcopy(mid_game)
    applied(state, f"emperor red {kind}")
    assert state["emperor"] == "red" and state["bots"]["red"]["emperor_type"] == kind
    assert emperor_type_now(state) == kind
    applied(state, "emperor human 1 populace")
    assert state["emperor"] == "human" and state["human_emperor"] == {"player": 1, "type": "populace"}
    assert state["bots"]["red"]["emperor_type"] == ""
    applied(state, f"emperor blue {kind}")
    assert "human_emperor" not in state and emperor_type_now(state) == kind
    applied(state, "emperor none")
    assert state["emperor"] == "none" and all(b["emperor_type"] == "" for b in state["bots"].values())
    assert emperor_type_now(state) == ""


def test_a_bot_named_alone_takes_its_preferred_areas_type(mid_game):
    """Seed, AI Take Actions 4 (Becoming Emperor): the type matching the bot's preferred area."""
    for colour, bot in mid_game["bots"].items():
        state = copy.deepcopy(mid_game)
        applied(state, f"emperor {colour}")
        assert state["bots"][colour]["emperor_type"] == emperor_type_for_area(data_of(state).mat(bot["mat"])["preferred"])


def test_the_type_alone_is_corrected_for_a_bot_or_a_human(mid_game):
    state = copy.deepcopy(mid_game)
    with pytest.raises(fix.FixError):  # nobody is Emperor: no type to correct
        applied(state, "emperor none; emperor type senate")
    applied(state, "emperor yellow senate")
    applied(state, "tipo de imperador militar")
    assert state["bots"]["yellow"]["emperor_type"] == "military" and emperor_type_now(state) == "military"
    applied(state, "emperor human 1 senate")
    applied(state, "emperor type populace")
    assert state["human_emperor"]["type"] == "populace"


def test_without_the_emperor_rules_the_emperor_has_no_type():
    """Seed, Regras Opcionais do Imperador: the types exist only with the optional rules."""
    state = part_game(4, 40, emperor_rules=False)
    applied(state, "emperor red")
    assert state["emperor"] == "red" and state["bots"]["red"]["emperor_type"] == ""
    with pytest.raises(fix.FixError):
        fix.parse("emperor red senate", FIX_FIELDS, state)
    assert not any(row["field"] == "emperor_type" for row in fix.listing(state, FIX_FIELDS))
    applied(state, "emperor human 1")
    assert state["human_emperor"] == {"player": 1, "type": ""}


def test_a_bot_made_emperor_in_its_own_turn_has_been_emperor_this_turn(mid_game):
    """Seed, Limitações: a player who has been Emperor at any point of the current turn may not attempt Italia."""
    state = after_turn_start(mid_game)
    colour = state["next"]["bot"]
    applied(state, f"emperor none; was emperor {colour} no")
    assert not state["bots"][colour]["emperor_this_turn"]
    applied(state, f"emperor {colour}")
    assert state["bots"][colour]["emperor_this_turn"]
    others = [c for c in state["bots"] if c != colour]
    with pytest.raises(fix.FixError):  # not its turn: nothing to correct there
        fix.parse(f"was emperor {others[0]} yes", FIX_FIELDS, state)


def test_starting_provinces_stay_one_per_bot(mid_game):
    """Seed, Preparação 4: each bot takes a different one of Gallia, Macedonia, Syria; naming another bot's province
    swaps the two."""
    state = copy.deepcopy(mid_game)
    red, blue = state["bots"]["red"]["start"], state["bots"]["blue"]["start"]
    applied(state, f"start red {blue}")
    assert state["bots"]["red"]["start"] == blue and state["bots"]["blue"]["start"] == red
    starts = [b["start"] for b in state["bots"].values()]
    assert len(set(starts)) == len(starts)


def test_a_selective_pile_corrected_gives_the_bots_that_cards_event():
    """Seed, Preparação 2 (Option 3, Selective Setup) and Take Actions 1: with the Selective Setup a bot's event of a
    category is the card in play in that pile, so the corrected pile is the one the next event reads."""
    from automata.core.runner import ScriptedAnswers
    from automata.toc.influence import choose_event

    state = part_game(6, 20, cards="selective")
    for cat in data_of(state).categories:
        area, value = cat["influence"], cat["value"]
        other = "expansion" if state["selective"][cat["id"]] == "base" else "base"
        applied(state, f"pilha {AREAS_PT[area]} {value} {'expansao' if other == 'expansion' else 'base'}")
        assert state["selective"][cat["id"]] == other
        r = run(choose_event(state, data_of(state), "red", "primary", area, value), ScriptedAnswers({}))
        assert r.result == f"{cat['id']}:{other}"
    fixed = part_game(6, 20)
    with pytest.raises(fix.FixError):  # the Fixed Setup has every card in play: no pile to correct
        fix.parse("pile military 2 base", FIX_FIELDS, fixed)


AREAS_PT = {"military": "militar", "senate": "senado", "populace": "povo"}


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_listing_names_every_value_with_the_words_that_set_it(mid_game, lang):
    """In the table's language (pt-BR: 'legado vermelho', 'cilindro azul senado', 'imperador vermelho militar')."""
    rows = fix.listing(mid_game, FIX_FIELDS, lang)
    fields = {row["field"] for row in rows}
    assert {"legacy", "mode", "marker", "pawn", "cylinder", "points", "ludi", "start", "emperor"} <= fields
    assert len([r for r in rows if r["field"] == "cylinder"]) == 3 * len(mid_game["bots"])
    for row in rows:  # each row's words, with its own value, parse back to that very field and keys
        value = row["choices"][0] if "choices" in row else row["value"]
        [change] = fix.parse(f"{row['words']} {value}", FIX_FIELDS, mid_game, lang)
        assert (change["field"], change["keys"]) == (row["field"], row["keys"])
    if lang == "pt-BR":
        assert any(row["words"] == "legado vermelho" for row in rows)
        assert any(row["words"] == "cilindro azul senado" for row in rows)


def test_nothing_to_correct_during_setup():
    state = game.new_state(game.check_options(dict(RAW)), 1)
    assert fix.listing(state, FIX_FIELDS) == []


def test_random_corrections_in_long_games_replay_identically_and_the_game_ends():
    """Issue 23: a correction is a journal step of its own; replaying the journal repeats each one in its place, and
    the game plays on (bots, Gain Legacy, the Emperor, the end of the game) with the corrected values, keeping the
    invariants of test_toc_playthrough (three cylinders, pawns on their tracks, influence never negative).
    Played in memory (the journal kept as the save keeps it) and replayed the way 'tabletop undo' does."""
    from automata.core.fixstep import WithCorrections
    from state.session import Session

    played = WithCorrections(game)
    for seed in range(random_games(40)):
        rng = random.Random(seed)
        raw = dict(RAW, emperor_rules=seed % 3 != 2, cards=("fixed", "selective", "variable")[seed % 3])
        options = game.check_options(raw)
        session = Session.create(f"g{seed}", "toc", options, seed, {"dice": "table"}, "2026-01-01")
        state = game.new_state(options, seed)
        policy = Policy(seed, rounds=4, style="mixed")
        policy.state = state
        journal, corrections = [], 0
        for _ in range(3000):
            step = played.next_step(state)
            if step is None:
                break
            result = run(played.procedure(state, step), policy, dice=DiceContext(seed, len(journal) + 1, "table"))
            assert result.done
            journal.append({"step": step, "records": [r.to_data() for r in result.records]})
            check(state, {})
            if rng.random() < 0.2:
                rows = fix.listing(state, played.fix_fields)
                if not rows:
                    continue
                row = rng.choice(rows)
                if "choices" in row:
                    value = rng.choice(row["choices"])
                else:
                    value = max(row["min"], row["value"] + rng.choice((-2, -1, 1, 2)))
                try:
                    changes = fix.parse(f"{row['words']} {value}", played.fix_fields, state)
                    trial = copy.deepcopy(state)
                    run(played.procedure(trial, fixstep.step(changes)), policy)
                except fix.FixError:
                    continue
                state.clear()
                state.update(trial)
                journal.append({"step": fixstep.step(changes), "records": []})
                corrections += 1
        else:
            raise AssertionError(f"seed {seed}: the game did not end")
        assert state["over"]
        assert corrections > 0
        assert session.replay(journal) == state


def test_a_correction_through_the_session_is_journalled_undone_and_played_on():
    """'tabletop fix' writes a journal step of its own; 'tabletop undo 1' takes it back; the game plays on from the
    corrected values (a bot at 50+ Legacy that is not Emperor is in Mode 1: seed, Take Actions 1)."""
    from state.session import Session

    options = game.check_options(dict(RAW))
    session = Session.create("g", "toc", options, 5, {"dice": "table"}, "2026-01-01")
    policy = Policy(5, style="mixed")
    while (session.game.next_step(session.save.state) or {}).get("proc") != "bot_influence":
        policy.state = session.save.state
        session.play(policy, max_steps=1)
    state = session.save.state
    colour = state["next"]["bot"]
    before = copy.deepcopy(state)
    lines = session.correct(fixstep.step(fix.parse(f"legado {colour} 55; imperador ninguem; cilindro {colour} militar "
                                               f"disponivel", session.game.fix_fields, state)))
    assert [line["after"] for line in lines] == [55, "none", "available"]
    assert fixstep.is_fix(session.save.journal()[-1]["step"])
    session.undo(1)
    assert session.save.state == before
    session.correct(fixstep.step(fix.parse(f"legacy {colour} 55; emperor none", session.game.fix_fields, session.save.state)))
    policy.state = session.save.state
    session.play(policy, max_steps=1)
    bot = session.save.state["bots"][colour]
    assert bot["mode"] in (1, 4)  # Mode 4 first when two cylinders are in the "0" box, else Mode 1 (50+ Legacy)
    assert bot["mode"] == (4 if sum(1 for a in AREAS if before["bots"][colour]["cylinder"][a] == "zero") >= 2 else 1)
