"""Time of Crisis: setup and the bot turn procedures, each test citing the seed step it checks (seeds/000)."""

from __future__ import annotations

import pytest

from automata.core.games import OptionError
from automata.core.runner import DiceContext, ScriptedAnswers, run
from automata.toc import game
from automata.toc.game import data_of


def fresh(**raw) -> dict:
    opts = {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}
    opts.update(raw)
    return game.new_state(game.check_options(opts), 5)


class Recording(ScriptedAnswers):
    """Scripted answers that also keep every question asked (with its choices)."""

    def __init__(self, answers):
        super().__init__(answers)
        self.asks = []

    def answer(self, ask):
        self.asks.append(ask)
        return super().answer(ask)


def play(state, step, answers=None, dice="table"):
    source = Recording(answers or {})
    r = run(game.procedure(state, step), source, dice=DiceContext(5, 1, dice))
    assert r.done, f"stopped at {r.pending_id}"
    r.asks = source.asks
    return r


def after_setup(**raw) -> dict:
    state = fresh(**raw)
    for _ in range(20):
        step = game.next_step(state)
        if step["proc"] != "setup":
            return state
        answers = {f"toc.setup.{n}": "yes" for n in range(1, 10)}
        answers["toc.setup.selective"] = "random"
        play(state, step, answers)
    raise AssertionError("setup did not end")


def says(result) -> list[str]:
    return [e.msg.id for e in result.transcript if e.kind == "say"]


# -- options and setup ------------------------------------------------------------


@pytest.mark.parametrize(
    "raw,key",
    [
        ({"bots": "red,blue,yellow,green", "humans": 1}, "toc.error.too_many_bots"),
        ({"bots": "red,red"}, "toc.error.repeated_colour"),
        ({"bots": "red,blue,yellow", "humans": 2}, "toc.error.factions"),
        ({"bots": "red,purple"}, "toc.error.unknown_colour"),
        ({"cards": "random"}, "toc.error.cards"),
        ({"humans": 4, "bots": ""}, "toc.error.humans_range"),
        ({"humans": 0, "bots": ""}, "toc.error.humans_range"),
    ],
)
def test_bad_options(raw, key):
    """Issue 3 §1: more than 3 bots, a colour twice, humans plus bots outside 2–4, an unknown option: a clear error."""
    opts = {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed"}
    opts.update(raw)
    with pytest.raises(OptionError) as e:
        game.check_options(opts)
    assert e.value.msg.id == key


@pytest.mark.parametrize("humans", [1, 2, 3])
def test_default_bots_make_the_four_faction_game(humans):
    """Issue 12 / seed, Fluxo do Jogo (a complete 4-faction game with 1-3 humans), rules file G16: without --bots the
    program plays 4 - humans bots, each a different colour; --bots may still name fewer for a smaller game."""
    opts = game.check_options({"humans": humans})
    assert len(opts["bots"]) == 4 - humans == len(set(opts["bots"]))
    assert game.check_options({"humans": 2, "bots": "red"})["bots"] == ["red"]


def test_too_many_bots_for_the_humans_says_how_many_are_allowed():
    """Issue 12: with 3 humans --bots may name at most 1 colour (and the message says 1, not more)."""
    with pytest.raises(OptionError) as e:
        game.check_options({"humans": 3, "bots": "red,blue"})
    assert e.value.msg.id == "toc.error.factions" and e.value.msg.params["most"] == 1


def test_each_bot_gets_a_different_mat():
    """Seed, Preparação 4: a different AI mat for each bot (by default each colour's own mat)."""
    opts = game.check_options({"humans": 2, "bots": "green,red"})
    assert len(set(opts["mats"].values())) == 2
    assert opts["mats"]["red"] == "maximinus_thrax"


def test_setup_order_and_bots_before_humans():
    """Seed, Preparação 1–5: Damnatio, cards, Emperor tokens, the AI steps in order, then the base setup."""
    state = fresh()
    names = []
    while game.next_step(state)["proc"] == "setup":
        step = game.next_step(state)
        names.append(step["name"])
        play(state, step, {f"toc.setup.{n}": "yes" for n in range(1, 10)})
    assert names == ["damnatio", "cards", "emperor_tokens", "bot_mats", "bot_tokens", "bot_order", "bot_markers", "bot_provinces", "base"]
    assert game.next_step(state)["proc"] == "bot_crisis"


def test_emperor_tokens_only_with_the_emperor_rules():
    """Seed, Preparação 3: the Emperor tokens step only when the optional Emperor rules are used."""
    state = fresh(emperor_rules=False)
    seen = []
    while game.next_step(state)["proc"] == "setup":
        step = game.next_step(state)
        seen.append(step["name"])
        play(state, step, {f"toc.setup.{n}": "yes" for n in range(1, 10)})
    assert "emperor_tokens" not in seen


def test_start_provinces_in_bot_order():
    """Seed, Preparação 4: in bot turn order each bot takes the first available of Gallia, Macedonia, Syria."""
    state = after_setup()
    order = state["bot_order"]
    assert sorted(order) == ["blue", "red", "yellow"]
    assert [state["bots"][c]["start"] for c in order] == ["gallia", "macedonia", "syria"]


def test_bot_order_is_random_but_seeded():
    """Seed, Preparação 4: a random turn order among the bots (the program's draw, from the game's seed)."""
    orders = set()
    for seed in range(20):
        state = game.new_state(game.check_options({"humans": 1, "bots": "red,blue,yellow"}), seed)
        while game.next_step(state)["proc"] == "setup":
            play(state, game.next_step(state), {f"toc.setup.{n}": "yes" for n in range(1, 10)})
        orders.add(tuple(state["bot_order"]))
    assert len(orders) > 1


def test_selective_piles_are_remembered():
    """Seed, Preparação 2 (Option 3): for each category the base or the expansion pile, remembered."""
    state = after_setup(cards="selective")
    assert len(state["selective"]) == 9
    assert set(state["selective"].values()) <= {"base", "expansion"}


# -- the bot turn ---------------------------------------------------------------------


def first_bot(state):
    return state["bot_order"][0]


def test_pax_deorum_flips_every_bot():
    """Seed, AI Crisis Phase: Pax Deorum flips all AI mode markers to +2."""
    state = after_setup()
    c = first_bot(state)
    play(state, {"proc": "bot_crisis", "bot": c}, {f"toc.{c}.crisis": "pax_deorum"})
    assert {b["marker"] for b in state["bots"].values()} == {"plus2"}


def test_ludi_saeculares_with_a_bot_emperor():
    """Seed, AI Crisis Phase: Ludi Saeculares with a bot as Emperor: +4 Legacy and the reminder marker."""
    state = after_setup()
    c = first_bot(state)
    emperor = state["bot_order"][1]
    state["emperor"] = emperor
    play(state, {"proc": "bot_crisis", "bot": c}, {f"toc.{c}.crisis": "ludi_saeculares"})
    assert state["bots"][emperor]["legacy"] == 4 and state["bots"][emperor]["ludi"]
    assert not state["bots"][c]["ludi"]


def test_ludi_reduces_secondary_and_loses_its_event():
    """Seed, Take Actions 1: with the Ludi marker Secondary is 4 less (minimum 0) and a Secondary event at 0 is lost."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    bot["ludi"] = True
    data = data_of(state)
    mat = data.mat(bot["mat"])
    s_area = mat["mode"]["1"]["secondary"]
    play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none"})
    assert bot["secondary"]["area"] == s_area
    assert bot["secondary"]["points"] == max(0, mat["track"][s_area][0]["secondary"] - 4)
    assert bot["secondary"]["event"] == 0


def test_mode_and_cylinders():
    """Seed, Take Actions 1: Mode from the priority list; Primary cylinder to the upper box, Secondary to the lower, then onto the track."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    data = data_of(state)
    mat = data.mat(bot["mat"])
    r = play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "troubled"})
    assert bot["mode"] == 2
    p, s = mat["mode"]["2"]["primary"], mat["mode"]["2"]["secondary"]
    assert bot["primary"]["area"] == p and bot["primary"]["points"] == mat["track"][p][0]["primary"]
    assert bot["secondary"]["points"] == mat["track"][s][0]["secondary"]
    assert bot["cylinder"][p] == "track" and bot["cylinder"][s] == "track"
    assert "toc.influence.upper" in says(r) and "toc.influence.lower" in says(r)


def test_plus2_side_adds_to_primary():
    """Seed, Take Actions 1: on the +2 side, 2 more Primary influence."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    bot["marker"] = "plus2"
    mat = data_of(state).mat(bot["mat"])
    play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none"})
    p = mat["mode"]["1"]["primary"]
    assert bot["primary"]["points"] == mat["track"][p][0]["primary"] + 2


def test_event_by_d6_and_by_selective_pile():
    """Seed, Take Actions 1: a circled number is an event; 1d6 picks base (1–3) or expansion (4–6); Selective uses the pile in play."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    mat = data_of(state).mat(bot["mat"])
    p = mat["mode"]["1"]["primary"]
    circle = next(i for i, ci in enumerate(mat["track"][p]) if ci.get("primary_event"))
    bot["pawn"][p] = circle
    value = mat["track"][p][circle]["primary_event"]
    play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none", f"toc.{c}.primary.event": "5", f"toc.{c}.secondary.event": "1"})
    assert bot["primary"]["card"] == f"{p}_{value}:expansion"
    sel = after_setup(cards="selective")
    c = first_bot(sel)
    b2 = sel["bots"][c]
    mat2 = data_of(sel).mat(b2["mat"])
    p2 = mat2["mode"]["1"]["primary"]
    circle2 = next(i for i, ci in enumerate(mat2["track"][p2]) if ci.get("primary_event"))
    b2["pawn"][p2] = circle2
    r = play(sel, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none"})
    cat = f"{p2}_{mat2['track'][p2][circle2]['primary_event']}"
    assert b2["primary"]["card"] == f"{cat}:{sel['selective'][cat]}"
    assert not [e for e in r.transcript if e.kind == "roll" and e.id.endswith("primary.event")]


def test_priority_list_single_pass_and_skips():
    """Seed, Take Actions 2: from the top, each entry when its criteria hold and the points pay; the cost is subtracted."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    bot["points"] = {"military": 3, "senate": 0, "populace": 0}
    data = data_of(state)
    military = [e["id"] for e in data.priority if e["influence"] == "military" and e["cost"] == "ask"]
    answers = {f"toc.{c}.apl.1": military[0], f"toc.apl.{military[0]}.cost": "5",
               f"toc.{c}.apl.2": military[1], f"toc.apl.{military[1]}.cost": "2", f"toc.{c}.apl.3": "none"}
    r = play(state, {"proc": "bot_spend", "bot": c}, answers)
    assert "toc.spend.cannot_pay" in says(r)  # 5 > 3: skipped, the pass goes on
    assert bot["points"]["military"] == 1  # one entry at 2
    offered = [[ch.value for ch in a.choices] for a in r.asks if a.id.startswith(f"toc.{c}.apl.") and a.id.count(".") == 3]
    # only entries paid in Military (the only points left), never those before the last pick, "none" last
    assert all(data_of(state).priority[[x["id"] for x in data.priority].index(v)]["influence"] == "military" for o in offered for v in o[:-1])
    assert military[0] not in offered[1] and military[1] not in offered[2] and offered[2][-1] == "none"
    # the 1 point left: an entry whose known cost is more than that is never offered
    assert all(v not in offered[2] for v in military[:2])


def test_becoming_emperor_by_preferred_area():
    """Seed, Take Actions 4: with the Emperor rules the bot takes the Emperor type of its preferred area."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    bot["points"] = {"military": 0, "senate": 5, "populace": 0}
    data = data_of(state)
    senate = [e["id"] for e in data.priority if e["influence"] == "senate"]
    answers = {f"toc.{c}.apl.1": "place_governor", f"toc.{c}.apl.2": "none"}
    answers.update({"toc.apl.place_governor.cost": "2", f"toc.{c}.italia": "yes"})
    answers.update({f"toc.{c}.emperor_{k}_possible": "yes" for k in ("populace", "military")})
    r = play(state, {"proc": "bot_spend", "bot": c}, answers)
    assert state["emperor"] == c
    kind = data.mat(bot["mat"])["preferred"]
    assert bot["emperor_type"] == kind
    # seed, Tipos de Imperador: the type's Legacy, advantages, disadvantages and removal are shown when it takes office
    assert [f"toc.emperor.{kind}.{p}" for p in ("legacy", "advantages", "disadvantages", "removal")] == [m for m in says(r) if m.startswith(f"toc.emperor.{kind}.")]


def test_buy_trash_sequence():
    """Seed, AI Buy/Trash: points lost, cylinders to 0, +2 back to portrait, pawns advance; none advanced → +2."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    bot["cylinder"].update(military="track", senate="track")
    bot["points"].update(military=2)
    bot["marker"] = "plus2"
    play(state, {"proc": "bot_buy", "bot": c}, {f"toc.{c}.political": "0"})
    assert bot["cylinder"]["military"] == "zero" and bot["points"]["military"] == 0
    assert bot["marker"] == "plus2"  # back to portrait, then no pawn could move: +2 again
    bot["marker"] = "portrait"
    play(state, {"proc": "bot_buy", "bot": c}, {f"toc.{c}.political": "30"})
    assert bot["marker"] == "portrait" and sum(bot["pawn"].values()) >= 1


def test_end_of_turn_resets_three_cylinders():
    """Seed, AI End of Turn: all three cylinders in the 0 box → all back to Available Cylinders."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    bot["cylinder"] = {"military": "zero", "senate": "zero", "populace": "track"}
    play(state, {"proc": "bot_end", "bot": c})
    assert bot["cylinder"]["military"] == "zero"
    bot["cylinder"]["populace"] = "zero"
    play(state, {"proc": "bot_end", "bot": c})
    assert set(bot["cylinder"].values()) == {"available"}


def test_bots_play_before_humans_every_round():
    """Seed, Fluxo do Jogo: the bots play first, in their order, then the humans; then the next round."""
    state = after_setup()
    last = state["bot_order"][-1]
    play(state, {"proc": "bot_end", "bot": last})
    assert state["next"] == {"proc": "human", "i": 1}
    play(state, {"proc": "human", "i": 1}, {"toc.human1.crisis": "other", "toc.human1.emperor": "none"})
    assert state["next"] == {"proc": "round_end"}
    play(state, {"proc": "round_end"}, {"toc.round0.over": "no", "toc.round1.over": "no"})
    assert state["next"] == {"proc": "bot_crisis", "bot": state["bot_order"][0]}


def test_provisional_mat_values_are_flagged_when_they_decide():
    """Rules file §3.0.1 (and seed, Take Actions 1 / Buy/Trash): the mode box, the circle's amounts and the costs that
    decide a bot's influence and pawns are provisional in the shipped mats, so those steps show PROVISIONAL with the keys."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    bot["pawn"]["military"] = bot["pawn"]["senate"] = bot["pawn"]["populace"] = 1
    r = play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none",
                                                            f"toc.{c}.primary.event": "1", f"toc.{c}.secondary.event": "1"})
    notes = [e.msg.params["key"] for e in r.transcript if e.kind == "say" and e.msg.id == "toc.provisional"]
    mat = bot["mat"]
    assert len(notes) == 1 and f"mats.{mat}.mode.1" in notes[0]
    p, s = bot["primary"]["area"], bot["secondary"]["area"]
    assert f"mats.{mat}.track.{p}.1" in notes[0] and f"mats.{mat}.track.{s}.1" in notes[0]
    r = play(state, {"proc": "bot_buy", "bot": c}, {f"toc.{c}.political": "30"})
    notes = [e.msg.params["key"] for e in r.transcript if e.kind == "say" and e.msg.id == "toc.provisional"]
    assert len(notes) == 1 and all(f"mats.{mat}.track.{a}.2" in notes[0] for a in ("military", "senate", "populace"))


def test_owner_mat_values_are_not_flagged():
    """Rules file §3.0.2: values the owner entered are the owner's; the influence step shows no PROVISIONAL notice."""
    from automata.toc.bot import AREAS

    state = fresh()
    mat = state["options"]["mats"][state["options"]["bots"][0]]
    circle = {"cost": 0, "primary": 3, "secondary": 2}
    state["overrides"] = {"mats": {mat: {"area_order": ["military", "senate", "populace"] if mat == "maximinus_thrax" else
                                         (["populace", "senate", "military"] if mat == "gordian_iii" else ["senate", "military", "populace"]),
                                         "mode": {str(k): {"primary": "military", "secondary": "senate"} for k in range(1, 4)} |
                                         {"4": {"primary": "available", "secondary": "none"}},
                                         "track": {a: [circle, {"cost": 2, "primary": 4, "secondary": 2}] for a in AREAS}}}}
    while game.next_step(state)["proc"] == "setup":
        answers = {f"toc.setup.{n}": "yes" for n in range(1, 10)}
        play(state, game.next_step(state), answers)
    c = next(col for col in state["bot_order"] if state["bots"][col]["mat"] == mat)
    r = play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none"})
    assert "toc.provisional" not in says(r)


def test_ludi_marker_lasts_one_turn_even_without_a_secondary():
    """Seed, AI Crisis Phase (Ludi Saeculares): the -4 is for the Emperor bot's NEXT turn only; a Mode 4 turn whose box
    gives no Secondary still uses it up, so the marker goes in that turn's Buy/Trash (G2 "after_use") and never
    reduces a later turn."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    mat = data_of(state).mat(bot["mat"])
    assert mat["mode"]["4"]["secondary"] == "none"
    bot["cylinder"].update(military="zero", senate="zero")
    bot["ludi"] = True
    play(state, {"proc": "bot_influence", "bot": c})
    assert bot["mode"] == 4 and bot["secondary"]["area"] == ""
    play(state, {"proc": "bot_buy", "bot": c}, {f"toc.{c}.political": "0"})
    assert not bot["ludi"]


def test_a_bot_already_emperor_is_not_asked_about_italia():
    """Seed, Tornar-se Imperador: the only way to become Emperor is a successful Place Governor in Italia, so a bot that
    is Emperor already governs Italia; after its Place Governor the program does not ask whether it took Italia."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    state["emperor"] = c
    bot["emperor_type"] = data_of(state).mat(bot["mat"])["preferred"]
    bot["points"] = {"military": 0, "senate": 5, "populace": 0}
    senate = [e["id"] for e in data_of(state).priority if e["influence"] == "senate"]
    answers = {f"toc.{c}.apl.1": "place_governor", f"toc.{c}.apl.2": "none"}
    answers.update({"toc.apl.place_governor.cost": "2"})
    r = play(state, {"proc": "bot_spend", "bot": c}, answers)
    assert not [e for e in r.transcript if e.kind == "ask" and e.id == f"toc.{c}.italia"]
    assert state["emperor"] == c and bot["emperor_type"]


@pytest.mark.parametrize("kind,key", [("", "toc.legacy.base"), ("senate", "toc.legacy.base_emperor"), ("military", "toc.legacy.base_military")])
def test_legacy_question_covers_the_turn_and_leaves_the_emperor_rule_apart(kind, key):
    """Seed, Tipos de Imperador: Legacy is gained per battle won (Military Emperor: 'cada batalha vencida'), so the bot's
    Legacy question covers its battles too; an Emperor's own gain is its type's formula (rules file G14), asked apart,
    and a Military Emperor's army's battles are asked apart to be doubled."""
    state = after_setup()
    c = first_bot(state)
    bot = state["bots"][c]
    if kind:
        state["emperor"] = c
        bot["emperor_type"] = kind
    answers = {f"toc.{c}.legacy": "3", f"toc.{c}.pretenders": "0", f"toc.{c}.support": "2", f"toc.{c}.battle_legacy": "1"}
    r = play(state, {"proc": "bot_legacy", "bot": c}, answers)
    asked = next(e for e in r.transcript if e.kind == "ask" and e.id == f"toc.{c}.legacy")
    assert asked.msg.id == key
    assert bot["legacy"] == {"": 3, "senate": 5, "military": 5}[kind]


def _bot_with_preferred(state, area):
    data = data_of(state)
    return next(c for c in state["bot_order"] if data.mat(state["bots"][c]["mat"])["preferred"] == area)


@pytest.mark.parametrize("area", ["populace", "military"])
def test_bot_emperor_type_needs_a_place_for_its_token(area):
    """Seed, Tornar-se Imperador: a Populace Emperor's round token goes on the bot's Governor in a province other than
    Italia, a Military Emperor's square token on its General with an army; the bot takes its preferred area's type
    (Take Actions 4) when it has that place, else the rules file's G11 fallback (Senate Emperor, provisional)."""
    for possible, expected in (("yes", area), ("no", "senate")):
        state = after_setup()
        c = _bot_with_preferred(state, area)
        bot = state["bots"][c]
        bot["points"] = {"military": 0, "senate": 5, "populace": 0}
        senate = [e["id"] for e in data_of(state).priority if e["influence"] == "senate"]
        answers = {f"toc.{c}.apl.1": "place_governor", f"toc.{c}.apl.2": "none"}
        answers.update({"toc.apl.place_governor.cost": "2", f"toc.{c}.italia": "yes",
                        f"toc.{c}.emperor_{area}_possible": possible})
        r = play(state, {"proc": "bot_spend", "bot": c}, answers)
        assert state["emperor"] == c and bot["emperor_type"] == expected
        assert f"toc.emperor.place.{expected}" in says(r)
        assert ("toc.emperor.fallback" in says(r)) == (possible == "no")


def test_variable_setup_face_up_event_setting():
    """Rules file G12 (seed, Take Actions 1 names a rule only for Option 3): with option2_event_choice = "face_up" and the
    Variable setup, the bot's event is that of the face-up card of the pile, which the table names; no 1d6 is rolled."""
    state = fresh(cards="variable")
    state["overrides"] = {"rules": {"settings": {"option2_event_choice": "face_up"}}}
    while game.next_step(state)["proc"] == "setup":
        play(state, game.next_step(state), {f"toc.setup.{n}": "yes" for n in range(1, 10)})
    c = first_bot(state)
    bot = state["bots"][c]
    mat = data_of(state).mat(bot["mat"])
    p = mat["mode"]["1"]["primary"]
    circle = next(i for i, ci in enumerate(mat["track"][p]) if ci.get("primary_event"))
    bot["pawn"][p] = circle
    r = play(state, {"proc": "bot_influence", "bot": c}, {f"toc.{c}.mode": "none",
                                                            f"toc.{c}.primary.event_set": "expansion", f"toc.{c}.secondary.event_set": "base"})
    assert bot["primary"]["card"] == f"{p}_{mat['track'][p][circle]['primary_event']}:expansion"
    assert not [e for e in r.transcript if e.kind == "roll"]


@pytest.mark.parametrize("key,value", [("ludi_own_turn", "next_turn"), ("advance_cost_circle", "left"),
                                       ("senate_exception_order", "senate_then_less_developed"), ("event_timing", "ask"),
                                       ("strict_data", True)])
def test_settings_the_bot_turn_does_not_apply_are_refused(key, value):
    """Common rules (owner overrides): an owner's setting that the bot turn would not apply is refused with the valid
    values, never accepted and ignored in silence (rules file §1.8 defaults G3, G6, G7, G10; §3.0.4)."""
    from automata.toc.data import DataError, load

    with pytest.raises(DataError, match=key):
        load({"rules": {"settings": {key: value}}})


def test_after_a_human_turn_no_other_bot_can_have_become_emperor():
    """Seed, Tornar-se Imperador: the only way to become Emperor is a successful Place Governor in Italia during one's own
    turn, so after a human's turn the program offers only the reigning bot, nobody or a human."""
    state = after_setup()
    reigning, other = state["bot_order"][0], state["bot_order"][1]
    state["emperor"] = reigning
    r = run(game.procedure(state, {"proc": "human", "i": 1}), ScriptedAnswers({"toc.human1.crisis": "other"}), dice=DiceContext(5, 1, "table"))
    assert not r.done and r.pending_id == "toc.human1.emperor"
    values = [c.value for c in r.pending.choices]
    assert reigning in values and other not in values and {"none", "human"} <= set(values)


def test_palmyra_counts_asked_only_to_order_several_provinces():
    """Seed, AI Crisis Phase (Palmyra Allies): the fewest-barbarians rule only breaks ties among the bot's provinces, so
    with one affected province no count is asked; with two the one with fewer barbarians comes first."""
    state = after_setup()
    c = first_bot(state)
    base = {f"toc.{c}.crisis": "palmyra_allies"}
    state["bots"][c]["governs_unknown"] = True  # it placed a governor the program cannot place: every province offered
    r = play(state, {"proc": "bot_crisis", "bot": c}, base | {f"toc.{c}.palmyra.provinces": ["gallia"]})
    assert not [e for e in r.transcript if e.kind == "ask" and e.id.startswith(f"toc.{c}.palmyra.gallia")]
    r = play(state, {"proc": "bot_crisis", "bot": c}, base | {f"toc.{c}.palmyra.provinces": ["gallia", "syria"],
                                                              f"toc.{c}.palmyra.gallia": "4", f"toc.{c}.palmyra.syria": "1"})
    order = next(e for e in r.transcript if e.kind == "say" and e.msg.id == "toc.palmyra.order")
    assert order.msg.params["provinces"] == ["@toc.province.syria", "@toc.province.gallia"]


def test_palmyra_offers_only_the_provinces_the_bot_can_govern():
    """Issue 11 / seed, AI Crisis Phase (Palmyra Allies: the bot's own affected provinces first): the program offers its
    starting province, and Italia while it is Emperor; every province only after a Place Governor it cannot place."""
    state = after_setup()
    c = first_bot(state)
    start = state["bots"][c]["start"]
    base = {f"toc.{c}.crisis": "palmyra_allies", f"toc.{c}.palmyra.provinces": []}
    r = play(state, {"proc": "bot_crisis", "bot": c}, base)
    ask = next(a for a in r.asks if a.id == f"toc.{c}.palmyra.provinces")
    assert [ch.value for ch in ask.choices] == [start]
    state["emperor"] = c
    r = play(state, {"proc": "bot_crisis", "bot": c}, base)
    ask = next(a for a in r.asks if a.id == f"toc.{c}.palmyra.provinces")
    assert sorted(ch.value for ch in ask.choices) == sorted([start, "italia"])
    state["emperor"] = "none"
    bot = state["bots"][c]
    bot["points"] = {"military": 0, "senate": 4, "populace": 0}
    play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "place_governor", "toc.apl.place_governor.cost": "2",
                                                    f"toc.{c}.italia": "no", f"toc.{c}.populace_province": "no", f"toc.{c}.apl.2": "none"})
    r = play(state, {"proc": "bot_crisis", "bot": c}, base)
    ask = next(a for a in r.asks if a.id == f"toc.{c}.palmyra.provinces")
    assert len(ask.choices) == len(data_of(state).provinces)


@pytest.mark.parametrize("line,asked", [("create_army=1 place_governor=1", False),
                                        ("initiate_battle=1 create_army=1 place_governor=1", False),
                                        ("place_governor=1 none", True)])
def test_a_military_emperor_formed_its_army_this_turn_so_the_army_is_not_asked(line, asked):
    """Seed, Tornar-se Imperador (a Military Emperor's square token goes on its General with an army it commands) and
    rules file §2.7 (Create Army: an available General enters a province and forms an army): a bot that did Create
    Army earlier this turn, and fought no battle since, commands an army; the program knows it and does not ask
    (issue 11: a question the program can answer from what it tracks)."""
    state = after_setup()
    c = _bot_with_preferred(state, "military")
    bot = state["bots"][c]
    bot["points"] = {"military": 4, "senate": 4, "populace": 0}
    answers = {f"toc.{c}.apl.1": line, f"toc.{c}.italia": "yes", f"toc.{c}.emperor_military_possible": "yes"}
    r = play(state, {"proc": "bot_spend", "bot": c}, answers)
    assert state["emperor"] == c and bot["emperor_type"] == "military"
    assert any(a.id == f"toc.{c}.emperor_military_possible" for a in r.asks) == asked
    assert ("toc.why.emperor_army_known" in says(r)) == (not asked)


def test_a_battle_after_create_army_keeps_the_army_question():
    """The army formed this turn may be lost in a later battle (rules file §2.7, Initiate Battle): then it is asked."""
    from automata.toc.emperor_steps import commands_an_army

    assert commands_an_army(["create_army"]) and commands_an_army(["initiate_battle", "create_army", "move_army"])
    assert not commands_an_army(["create_army", "initiate_battle"]) and not commands_an_army(["move_army"])
    assert commands_an_army(["create_army", "initiate_battle", "create_army"])


# -- wave 2: what Enter means (Ask.default) ------------------------------------------------


def _first_ask(state, step, answers=None):
    """The first question the step asks that the answers do not cover."""
    from automata.core.runner import ScriptedAnswers

    r = run(game.procedure(state, step), ScriptedAnswers(answers or {}), dice=DiceContext(5, 1, "table"))
    assert not r.done
    return r.pending


@pytest.mark.parametrize("legacy,asks,default", [((0, 1, 12), "toc.round.over_humans", False), ((59, 3, 2), "toc.round.over_humans", False),
                                                  ((60, 3, 2), "toc.round.over_bot", True), ((1, 75, 61), "toc.round.over_bot", True)])
def test_end_of_round_question_says_who_could_have_ended_it_and_enter_carries_on(legacy, asks, default):
    """Rules file §2.10 / §3.11: games are played to 60 Legacy [S], the end trigger is MISSING, so the table is asked.
    The program knows the bots' Legacy: below the goal the question is about the humans and Enter means 'no' (audit
    item 1: Enter ended the game in round 1); a bot at the goal names that bot, and Enter means the usual 'yes'."""
    state = after_setup()
    for colour, n in zip(state["bot_order"], legacy):
        state["bots"][colour]["legacy"] = n
    state["round"] = 1
    ask = _first_ask(state, {"proc": "round_end"})
    assert ask.id == "toc.round1.over" and ask.msg.id == asks and ask.default is default
    if default:
        best = max(state["bot_order"], key=lambda c: state["bots"][c]["legacy"])
        assert ask.msg.params["bot"]["params"]["colour"] == f"@toc.colour.{best}" and ask.msg.params["legacy"] == max(legacy)
    else:
        assert ask.msg.params["best"] == max(legacy[: len(state["bot_order"])])


def test_crisis_enter_means_a_result_that_changes_nothing_for_the_bots():
    """Seed, AI Crisis Phase: only Pax Deorum, Palmyra Allies and Ludi Saeculares change the bots; Enter (audit item 2:
    it recorded Pax Deorum) is 'another result', which the seed's bot handling leaves alone, for bots and humans alike."""
    state = after_setup()
    c = first_bot(state)
    for step in ({"proc": "bot_crisis", "bot": c}, {"proc": "human", "i": 1}):
        ask = _first_ask(state, step)
        assert ask.id.endswith(".crisis") and ask.default == "other"
        before = {k: dict(v) for k, v in state["bots"].items()}
        play(state, step, {ask.id: ask.default, "toc.human1.emperor": "none"})
        assert {k: (v["marker"], v["legacy"], v["ludi"]) for k, v in state["bots"].items()} == \
               {k: (v["marker"], v["legacy"], v["ludi"]) for k, v in before.items()}


def test_mode_question_enter_means_no_board_rule_holds():
    """Seed, Take Actions 1: the board rules (Troubled Provinces, the Emperor's army, Mobs) are facts to read; Enter
    (audit item 2) must not record that one holds: the default is 'none of them'."""
    state = after_setup()
    c = first_bot(state)
    ask = _first_ask(state, {"proc": "bot_influence", "bot": c})
    assert ask.id == f"toc.{c}.mode" and ask.default == "none" and ask.choices[-1].value == "none"


def test_place_governor_in_italia_enter_means_it_failed():
    """Seed, Tornar-se Imperador: a successful Place Governor in Italia makes the bot Emperor; Enter (audit item 2) must
    not make it Emperor, nor remove a Populace Emperor (Populace Emperor, Removal)."""
    state = after_setup()
    c, other = state["bot_order"][0], state["bot_order"][1]
    state["emperor"] = other
    state["bots"][other]["emperor_type"] = "populace"
    state["bots"][c]["points"] = {"military": 0, "senate": 5, "populace": 0}
    answers = {f"toc.{c}.apl.1": "place_governor", "toc.apl.place_governor.cost": "2"}
    ask = _first_ask(state, {"proc": "bot_spend", "bot": c}, answers)
    assert ask.id == f"toc.{c}.italia" and ask.default is False
    answers[ask.id] = False
    ask = _first_ask(state, {"proc": "bot_spend", "bot": c}, answers)
    assert ask.id == f"toc.{c}.populace_province" and ask.default is False


def test_military_emperor_killed_enter_means_no():
    """Rules file §2.10: a Military Emperor can die in battle; Enter (audit item 2) must not kill it."""
    state = after_setup()
    c = first_bot(state)
    state["emperor"] = c
    state["bots"][c]["emperor_type"] = "military"
    state["bots"][c]["points"] = {"military": 5, "senate": 0, "populace": 0}
    entry = next(e for e in data_of(state).priority if e.get("action", e["id"]) == "initiate_battle")
    answers = {f"toc.{c}.apl.1": entry["id"], f"toc.apl.{entry['id']}.cost": "1", f"toc.{c}.apl.{entry['id']}.cost": "1"}
    ask = _first_ask(state, {"proc": "bot_spend", "bot": c}, answers)
    assert ask.id == f"toc.{c}.apl.{entry['id']}.emperor_killed" and ask.default is False


@pytest.mark.parametrize("reigning", ["none", "bot", "human1", "human2"])
def test_human_turn_emperor_question_enter_keeps_the_emperor(reigning):
    """Seed, Tornar-se Imperador: only a Place Governor in Italia during one's own turn makes an Emperor, so after human
    player 1's turn the Emperor is unchanged, gone, or player 1 (audit item 20): Enter keeps the Emperor the program
    tracks, and another human's reign is kept unless the table says player 1 took Italia."""
    state = after_setup(humans=2, bots="red,blue")
    if reigning == "bot":
        state["emperor"] = state["bot_order"][0]
    elif reigning.startswith("human"):
        state["emperor"] = "human"
        state["human_emperor"] = {"player": int(reigning[-1]), "type": "senate"}
    before = (state["emperor"], dict(state.get("human_emperor") or {}))
    answers = {"toc.human1.crisis": "other"}
    ask = _first_ask(state, {"proc": "human", "i": 1}, answers)
    assert ask.id == "toc.human1.emperor" and ask.msg.id == "toc.emperor.changed"
    assert ask.default == state["emperor"] and ask.default in [ch.value for ch in ask.choices]
    answers[ask.id] = ask.default
    r = play(state, {"proc": "human", "i": 1}, answers)
    assert [a.id for a in r.asks] == ["toc.human1.crisis", "toc.human1.emperor"]  # issue 30: one question, not two
    assert (state["emperor"], dict(state.get("human_emperor") or {})) == before


def test_fixed_setup_names_only_the_piles_it_knows_and_says_the_rest_once():
    """Seed 000, Preparação (Fixed Setup: every base and expansion card in its own face-up pile). Audit item 24: a pair
    is listed only when one of its cards is named in the data; every other pair is said in one line."""
    state = fresh(cards="fixed")
    play(state, game.next_step(state), {"toc.setup.1": "yes"})
    r = play(state, game.next_step(state), {"toc.setup.2": "yes"})
    data = data_of(state)
    named = [c["id"] for c in data.categories if c.get("base") or c.get("expansion")]
    pairs = [e for e in r.transcript if e.kind == "say" and e.msg.id == "toc.setup.pile_pair"]
    assert [e.msg.params["category"] for e in pairs] == [f"@toc.category.{c}" for c in named]
    rest = [e.msg.id for e in r.transcript if e.kind == "say" and e.msg.id.startswith("toc.setup.pile_pairs_")]
    assert rest == ([] if len(named) == len(data.categories) else ["toc.setup.pile_pairs_rest" if named else "toc.setup.pile_pairs_all"])


def test_emperor_legacy_counts_enter_means_none():
    """Seed 000, Tipos de Imperador (Gain Legacy): the Pretender provinces are subtracted and a Military Emperor's battle
    Legacy is doubled; Enter (wave 2: Enter means nothing happened) is 0 Pretender provinces and no battle Legacy, so
    the type's formula alone applies; the bot's own Legacy has no default (it is typed)."""
    state = after_setup()
    c = first_bot(state)
    state["emperor"] = c
    state["bots"][c]["emperor_type"] = "military"
    answers = {f"toc.{c}.legacy": "2"}
    ask = _first_ask(state, {"proc": "bot_legacy", "bot": c}, answers)
    assert ask.id == f"toc.{c}.pretenders" and ask.default == 0
    answers[ask.id] = ask.default
    ask = _first_ask(state, {"proc": "bot_legacy", "bot": c}, answers)
    assert ask.id == f"toc.{c}.battle_legacy" and ask.default == 0
    first = _first_ask(state, {"proc": "bot_legacy", "bot": c})
    assert first.id == f"toc.{c}.legacy" and first.default is None
