"""Corrections in Chaos in the Old World (issue 23; automata/chaos/fix.py over automata/core/fix.py).

One language with the board changes (automata/chaos/edits.py): ``+2 vp khorne; -1 corruption nurgle kislev;
+cultist khorne tilea; -track peasant uprising``, plus the set forms (``vp khorne 9``). Limits are the seed's
(seed 003) and the rules file's (shared/rules/chaos-in-the-old-world.md), each cited below.
"""

from __future__ import annotations

import copy
import random

import pytest

from automata.chaos import copies, game
from automata.chaos.board import FIGURE_KINDS, FIGURE_WORDS, TOKEN_KINDS, WORDS, in_reserve, kind_words, on_board
from automata.chaos.fix import BOARD_CHANGE, FIX_FIELDS, upgrade_spaces
from automata.chaos.game import data_of
from automata.core import fix, fixstep
from automata.core.runner import DiceContext, run
from chaos_policy import Policy
from test_chaos_rules import pile_total
from conftest import random_games
from policy_runner import play_steps

POWERS = "khorne,nurgle,tzeentch,slaanesh"


def _part_game(seed: int, steps: int, focus: float = 0.8) -> dict:
    options = game.check_options({"powers": POWERS})
    state = game.new_state(options, seed)
    return play_steps(game, state, Policy(seed, focus=focus), seed, steps)


@pytest.fixture(scope="module")
def mid_game():
    """A Chaos board after a few rounds of the scripted table (figures, corruption, cards on the board)."""
    return _part_game(5, 60)


def _apply(state: dict, text: str) -> list[dict]:
    return fix.apply(state, fix.parse(text, FIX_FIELDS, state), FIX_FIELDS)


def _free_region(state: dict) -> str:
    return next(r for r in data_of(state).region_ids if not state["regions"][r]["ruin"])


# -- one language ----------------------------------------------------------------------------------------------------
def test_the_board_changes_words_set_add_and_take(mid_game):
    """Issue 23's examples: the board changes' word order (edits.py) with a sign, and the set forms."""
    state = copy.deepcopy(mid_game)
    region = _free_region(state)
    vp = state["p"]["khorne"]["vp"]
    corr = state["regions"][region]["corruption"].get("nurgle", 0)
    cultists = state["regions"][region]["figures"].get("khorne", {}).get("cultist", 0)
    changes = fix.parse(f"+2 vp khorne; +1 corruption nurgle {region}; +cultist khorne {region}", FIX_FIELDS, state)
    assert changes == [
        {"field": "vp", "keys": ["khorne"], "op": "add", "value": 2},
        {"field": "corruption", "keys": ["nurgle", region], "op": "add", "value": 1},
        {"field": "cultist", "keys": ["khorne", region], "op": "add", "value": 1},
    ]
    if in_reserve(state, data_of(state), "khorne", "cultist") == 0:
        pytest.skip("Khorne has every cultist on the board here")
    fix.apply(state, changes, FIX_FIELDS)
    assert state["p"]["khorne"]["vp"] == vp + 2
    assert state["regions"][region]["corruption"]["nurgle"] == corr + 1
    assert state["regions"][region]["figures"]["khorne"]["cultist"] == cultists + 1
    _apply(state, f"vp khorne 9; -1 corruption nurgle {region}; corruption tzeentch {region} = 2")
    assert state["p"]["khorne"]["vp"] == 9 and state["regions"][region]["corruption"]["nurgle"] == corr
    assert state["regions"][region]["corruption"]["tzeentch"] == 2


def test_portuguese_words_and_multi_word_regions_name_the_same_values(mid_game):
    """Both languages (seed 003's words: PV, corrupção, cultista, Pedra da Deformação as "pedra"), regions by any
    of their names, one or several words ("the empire", "o império", "terra dos trolls"), accents optional."""
    state = mid_game
    assert fix.parse("+2 pv khorne; corrupção nurgle o império para 3; +cultista khorne tileia; +pedra terra dos trolls",
                     FIX_FIELDS, state) == fix.parse(
        "+2 vp khorne; corruption nurgle the empire 3; +cultist khorne tilea; +warpstone troll country", FIX_FIELDS, state)
    assert fix.parse("grande demonio Deus do Sangue principados fronteiricos 1", FIX_FIELDS, state) == [
        {"field": "daemon", "keys": ["khorne", "the_border_princes"], "op": "set", "value": 1}]


def test_every_board_change_word_names_the_same_value_in_the_fix():
    """One vocabulary (data/fix_words.toml [kinds], board.FIGURE_WORDS): each board-change word a correction of the
    same kind, and one of the board-change fields (edits.py reads them with the same parser since issue 40)."""
    state = _part_game(2, 12)
    by_kind = {"cards": "hand", **{k: k for k in (*TOKEN_KINDS, *FIGURE_KINDS, "corruption", "vp", "pp", "dac", "track")}}
    assert set(by_kind.values()) == set(BOARD_CHANGE)
    for word, kind in {**kind_words(WORDS.table["kinds"]), **FIGURE_WORDS}.items():
        word = word.replace("_", " ")
        if kind == "track":
            assert word in dict.fromkeys(w for f in FIX_FIELDS if f.id == "track" for w in f.words)
            continue
        if kind in TOKEN_KINDS:
            text = f"+1 {word} kislev"
        elif kind in FIGURE_KINDS or kind == "corruption":
            text = f"+1 {word} nurgle kislev"
        else:
            text = f"+1 {word} nurgle"
        [change] = fix.parse(text, FIX_FIELDS, state)
        assert change["field"] == by_kind[kind], (word, change)


@pytest.mark.parametrize("text, message", [
    ("vpp khorne 3", "core.fix.unknown_what"),
    ("corruption nurgle atlantis 3", "core.fix.unknown_option"),
    ("vp grimgor 3", "core.fix.unknown_option"),
    ("+2 threat khorne", "core.fix.not_a_count"),
    ("vp khorne", "core.fix.no_value"),
    ("vp khorne nine", "core.fix.not_a_number"),
    ("threat khorne 2", "core.fix.unknown_option"),  # 2 is not printed on Khorne's dial (rules file §2.6)
])
def test_words_that_name_nothing_are_refused_with_what_is_valid(mid_game, text, message):
    with pytest.raises(fix.FixError) as e:
        fix.parse(text, FIX_FIELDS, mid_game)
    assert e.value.msg.id == message
    if message == "core.fix.unknown_what":
        assert "vp" in e.value.msg.params["close"] and "corruption" in e.value.msg.params["valid"]


# -- the rules' limits -----------------------------------------------------------------------------------------------
def _refused(state: dict, text: str, rule: str):
    trial = copy.deepcopy(state)
    with pytest.raises(fix.FixError) as e:
        _apply(trial, text)
    assert e.value.msg.id == "core.fix.out_of_range"
    assert e.value.msg.params["rule"] == f"@chaos.fix.rule.{rule}"


def test_counts_never_below_zero(mid_game):
    """Seed 003: VP, power points and dial advancement counters are counts on the sheet, never negative."""
    for what in ("vp", "dac"):
        _refused(mid_game, f"{what} nurgle -1", "never_negative")
    _refused(mid_game, "pp nurgle -1", "pp")  # power points: also bounded above (test_fix_box_limits.py)
    _refused(mid_game, f"-{mid_game['p']['nurgle']['vp'] + 1} vp nurgle", "never_negative")


def test_the_dial_has_its_powers_spaces_and_threat_is_a_printed_number(mid_game):
    """Rules file §2.6: each dial runs from Start (0) to Victory (ticks_to_win); Threat is the number printed at
    the dial's position, so setting a Threat moves the dial there."""
    data = data_of(mid_game)
    state = copy.deepcopy(mid_game)
    for power in state["powers"]:
        end = data.ticks_to_win(power)
        _refused(state, f"dial {power} {end + 1}", "dial")
        _apply(state, f"dial {power} {end}")
        threats = data.power(power)["dial"]["threats"]
        _apply(state, f"threat {power} {threats[2]}")
        assert state["p"][power]["dial"] == 2


def test_chaos_cards_always_add_up_to_the_deck(mid_game):
    """Rules file §2.8 (24 cards a Power) and copies.py: hand + deck + discard + on the board is the deck size;
    a card into the hand is drawn (the discard pile reshuffled when the deck is out: seed, Fase de Compra), a card
    out of it is discarded, and the deck and the discard pile trade cards."""
    data = data_of(mid_game)
    for power in mid_game["powers"]:
        state = copy.deepcopy(mid_game)
        size = data.power(power)["deck_size"]
        ps = state["p"][power]
        room = ps["hand"] + copies.drawable(state, power)
        _refused(state, f"hand {power} {room + 1}", "cards")
        _refused(state, f"deck {power} {copies.drawable(state, power) + 1}", "cards")
        for text in (f"hand {power} 0", f"discard {power} 1", f"hand {power} {room}", f"-2 hand {power}",
                     f"deck {power} 0", f"+1 hand {power}", f"discard {power} 0"):
            try:
                _apply(state, text)
            except fix.FixError as e:
                assert e.msg.params["rule"] == "@chaos.fix.rule.cards", text
            assert pile_total(state, power) == size, text
            assert min(ps["hand"], ps["deck"], ps["discard"]) >= 0
            assert len(ps.get("discard_cards", [])) <= ps["discard"]


def test_an_upgrade_is_the_powers_own_taken_once_on_an_upgrade_space(mid_game):
    """Rules file §2.6–2.7: upgrades come from the dial's upgrade spaces, one card each, from the Power's own five;
    a Power with no upgrade space reached takes none; one not its own is not there (Slaanesh's +2 power points)."""
    state = copy.deepcopy(mid_game)
    taken = list(state["p"]["khorne"]["upgrades"])
    for key in taken:  # the upgrades go back before the dial turns back below them (test_fix_box_limits.py)
        _apply(state, f"-upgrade khorne {key}")
    _apply(state, "dial khorne 0")
    assert upgrade_spaces(state, "khorne") == 0
    _refused(state, "+upgrade khorne warrior", "upgrade")
    _apply(state, "dial khorne 2")  # Khorne's second space is an upgrade (rules file §2.6)
    _apply(state, "+upgrade khorne warrior")
    assert state["p"]["khorne"]["upgrades"] == ["warrior"]
    _refused(state, "+upgrade khorne warrior", "upgrade")  # once
    _refused(state, "+upgrade khorne daemon", "upgrade")  # one space, one upgrade
    with pytest.raises(fix.FixError) as e:
        fix.parse("+upgrade khorne pp2", FIX_FIELDS, state)
    assert e.value.msg.id == "core.fix.not_there"


def test_corruption_comes_from_the_supply_and_not_into_ruins(mid_game):
    """Rules file §2.2 (29 corruption tokens a Power, rules.corruption.supply_per_power) and §3.10 (no corruption
    placed in a ruined region); a correction keeps placed_round (this round's tokens there) within the board."""
    state = copy.deepcopy(mid_game)
    supply = data_of(state).rules["rules"]["corruption"]["supply_per_power"]
    region = _free_region(state)
    elsewhere = sum(r["corruption"].get("tzeentch", 0) for rid, r in state["regions"].items() if rid != region)
    _apply(state, f"corruption tzeentch {region} {supply - elsewhere}")
    _refused(state, f"+1 corruption tzeentch {region}", "corruption")
    assert state["p"]["tzeentch"]["placed_round"][region] >= 1
    _apply(state, f"corruption tzeentch {region} 0")
    assert state["p"]["tzeentch"]["placed_round"].get(region, 0) == 0
    _apply(state, f"ruined {region} 1")
    _refused(state, f"+1 corruption nurgle {region}", "corruption")


def test_figures_come_from_those_off_the_board(mid_game):
    """Rules file §2.5: a Power has so many of each follower (powers.toml counts); the figures off the board
    (in_reserve) stay right after a correction."""
    data = data_of(mid_game)
    state = copy.deepcopy(mid_game)
    region = _free_region(state)
    for kind in FIGURE_KINDS:
        count = data.power("nurgle")["followers"][kind]["count"]
        here = state["regions"][region]["figures"].get("nurgle", {}).get(kind, 0)
        room = here + in_reserve(state, data, "nurgle", kind)
        _refused(state, f"{kind} nurgle {region} {room + 1}", "figures")
        _apply(state, f"{kind} nurgle {region} {room}")
        assert on_board(state, "nurgle", kind) == count and in_reserve(state, data, "nurgle", kind) == 0


def test_old_world_tokens_come_from_the_box_and_not_into_ruins(mid_game):
    """Rules file §2.2 (so many tokens of each kind: rules.tokens) and §3.10 (no Old World tokens placed in a
    ruined region)."""
    state = copy.deepcopy(mid_game)
    box = data_of(state).rules["rules"]["tokens"]
    region = _free_region(state)
    for kind in TOKEN_KINDS:
        used = sum(r["tokens"].get(kind, 0) for r in state["regions"].values())
        if kind == "peasant":
            used += sum(state["p"][p]["peasants"] for p in state["powers"])
        here = state["regions"][region]["tokens"].get(kind, 0)
        _refused(state, f"{kind} {region} {box[kind] - used + here + 1}", "tokens")
        _apply(state, f"{kind} {region} {max(0, box[kind] - used + here)}")
    _apply(state, f"ruined {region} 1")
    _refused(state, f"+1 hero {region}", "tokens")
    _apply(state, f"-1 warpstone {region}")  # taking one away is always right


def test_ruination_deals_the_next_card_and_only_the_last_goes_back():
    """Seed 003, Fase de Corrupção step 2: a region is ruined by the top Ruination card (five in all, rules.toml
    setup.ruination_cards), face up until the End phase scores it; only the last card dealt goes back."""
    state = _part_game(3, 10)
    regions = [r for r in data_of(state).region_ids if not state["regions"][r]["ruin"]]
    first = state["ruination_next"]
    _apply(state, f"ruined {regions[0]} 1")
    assert state["regions"][regions[0]]["ruin"] == first and state["regions"][regions[0]]["ruin_face_up"]
    _apply(state, f"+1 ruined {regions[1]}")
    _refused(state, f"ruined {regions[0]} 0", "ruin")  # not the last card dealt
    _apply(state, f"ruined {regions[1]} 0; ruined {regions[0]} 0")
    assert state["ruination_next"] == first and not state["regions"][regions[0]]["ruin"]
    while state["ruination_next"] <= 5:
        _apply(state, f"ruined {regions.pop()} 1")
    _refused(state, f"ruined {regions[0]} 1", "ruin")  # no card left
    ruined = [r for r in state["regions"].values() if r["ruin"]]
    assert sorted(r["ruin"] for r in ruined) == [1, 2, 3, 4, 5]


def test_an_old_world_card_only_leaves_the_track(mid_game):
    """Seed 003, Fase do Velho Mundo: a card comes onto the track when drawn; a card may take one off it (the
    board changes' '-track CARD')."""
    state = copy.deepcopy(mid_game)
    on_track = [c for c in state["old_world"]["track"] if c]
    if not on_track:
        pytest.skip("the track is empty on this board")
    name = data_of(state).old_world_card(on_track[0])["name"]
    _refused(state, f"+track {name}", "track")
    _apply(state, f"-track {name}")
    assert on_track[0] not in state["old_world"]["track"]
    with pytest.raises(fix.FixError):  # no longer there to take off
        fix.parse(f"-track {name}", FIX_FIELDS, state)
    dealt = data_of(state).setup["old_world_deck"]["4"]
    _refused(state, f"old world deck {dealt + 1}", "old_world_deck")
    _apply(state, "maço do velho mundo 1")
    assert state["old_world"]["deck"] == 1


def test_a_power_corrected_to_no_power_takes_no_more_summoning_turns():
    """Seed 003, Fase de Invocação: a Power on 0 power takes no more turns; when the next Power's power points are
    corrected to 0 the turn passes on in Power order, and the round plays on to the Battle phase."""
    options = game.check_options({"powers": POWERS})
    state = game.new_state(options, 8)
    policy = Policy(8)
    policy.state = state
    n = 0
    while state["next"]["proc"] != "summon_line":
        n += 1
        run(game.procedure(state, game.next_step(state)), policy, dice=DiceContext(8, n, "table"))
    first = state["next"]["power"]
    _apply(state, f"pp {first} 0")
    assert state["next"]["proc"] == "summon_line" and state["next"]["power"] != first
    assert state["p"][state["next"]["power"]]["pp"] > 0
    summoners = []
    policy = Policy(8)  # the scripted table plans the Summoning phase from the corrected board
    policy.state = state
    while state["next"]["proc"] == "summon_line":
        step = game.next_step(state)
        summoners.append(step["power"])
        n += 1
        assert run(game.procedure(state, step), policy, dice=DiceContext(8, n, "table")).done
    assert first not in summoners and state["next"]["proc"] == "battle_start"
    for power in state["powers"]:
        _apply(state, f"pp {power} 0")
    assert state["next"]["proc"] == "battle_start"


def test_vp_set_below_the_awarded_tally_keeps_the_tally_within(mid_game):
    """board.py: vp_by is the VP the rules awarded by kind, the rest being the table's; it never exceeds vp."""
    state = copy.deepcopy(mid_game)
    for power in state["powers"]:
        _apply(state, f"vp {power} 0")
        assert sum(state["p"][power].get("vp_by", {}).values()) == 0


def test_the_listing_names_every_value_with_the_words_that_set_it(mid_game):
    rows = fix.listing(mid_game, FIX_FIELDS)
    assert {row["field"] for row in rows} >= {"vp", "dial", "threat", "dac", "pp", "hand", "deck", "discard", "upgrade",
                                              "corruption", "cultist", "warrior", "daemon", *TOKEN_KINDS, "ruin",
                                              "old_world_deck"}
    for lang in ("en", "pt-BR"):  # each row's words, shown in the table's language, parse back to that value
        for row in fix.listing(mid_game, FIX_FIELDS, lang):
            value = row["choices"][0] if "choices" in row else row["value"]
            [change] = fix.parse(f"{row['words']} {value}", FIX_FIELDS, mid_game)
            assert (change["field"], change["keys"]) == (row["field"], row["keys"])
    pt = {row["words"] for row in fix.listing(mid_game, FIX_FIELDS, "pt-BR")}
    assert {"corrupção nurgle o império", "pv khorne", "camponês terra dos trolls"} <= pt


def test_a_correction_asks_nothing(mid_game):
    """Issue 23: a correction is never a question (the Chaos question counts stay as they are)."""
    from automata.core.steps import Ask

    state = copy.deepcopy(mid_game)
    step = fixstep.step(fix.parse("+1 vp khorne; dac nurgle 2", FIX_FIELDS, state))
    events = list(fixstep.WithCorrections(game).procedure(state, step))
    assert events and not any(isinstance(e, Ask) for e in events)


# -- corrections in whole games --------------------------------------------------------------------------------------
def _random_correction(state: dict, rng: random.Random) -> list[dict] | None:
    """A random correction from the listing (one value moved by one, or a random choice); None when refused.
    None during a Summoning phase too: the scripted table plans the whole phase's lines at its start (chaos_policy),
    and a plan made before a correction may not fit after it (a table's limit, not the program's)."""
    if not state.get("next") or str(state["next"].get("proc", "")).startswith(("summon", "setup")):
        return None
    row = rng.choice(fix.listing(state, FIX_FIELDS))
    value = rng.choice(row["choices"]) if "choices" in row else max(row["min"], row["value"] + rng.choice((-1, 1)))
    try:
        changes = fix.parse(f"{row['words']} {value}", FIX_FIELDS, state)
        fix.apply(copy.deepcopy(state), changes, FIX_FIELDS)
    except fix.FixError:
        return None
    return changes


def test_random_corrections_in_random_games_and_the_game_still_ends():
    """Issue 23: after corrections the bots, scoring, ruination, dials and the end of the game go on with the
    corrected values; the cards still add up to each deck (copies.py) and no count goes below 0."""
    corrected = fixstep.WithCorrections(game)
    for seed in range(random_games(12)):
        rng = random.Random(1000 + seed)
        state = game.new_state(game.check_options({"powers": POWERS}), seed)
        policy = Policy(seed, focus=rng.choice((0.0, 0.8)))
        policy.state = state
        corrections = 0
        for n in range(1, 3000):
            step = game.next_step(state)
            if step is None:
                break
            assert run(game.procedure(state, step), policy, dice=DiceContext(seed, n, "table")).done
            if rng.random() < 0.2:
                changes = _random_correction(state, rng)
                if changes:
                    assert run(corrected.procedure(state, fixstep.step(changes)), policy).done
                    corrections += 1
        else:
            raise AssertionError(f"seed {seed}: the game did not end")
        assert corrections > 0 and state["over"]
        data = data_of(state)
        for power in state["powers"]:
            assert pile_total(state, power) == data.power(power)["deck_size"]
            assert all(in_reserve(state, data, power, k) >= 0 for k in FIGURE_KINDS)


def test_corrections_are_journal_steps_that_replay_identically():
    """Issue 23: a correction is a journal step of its own; replaying the journal (undo's way) repeats each one in
    its place. One whole game through the session (its files written once, at the end, and read back)."""
    from deferred_writes import reopened, writes_at_the_end
    from state.session import Session

    seed = 4
    rng = random.Random(seed)
    options = game.check_options({"powers": POWERS})
    session = Session.create(f"c{seed}", "chaos", options, seed, {"dice": "table"}, "2026-01-01")
    policy = Policy(seed, focus=0.8)
    corrections, won = 0, False
    with writes_at_the_end(session):
        for played in range(3000):
            policy.state = session.save.state
            result = session.play(policy, max_steps=1)
            if result.finished or session.game.next_step(session.save.state) is None:
                break
            if played > 40 and not won and _random_correction(session.save.state, rng) is not None:
                # a dial corrected to Victory: the End phase's check ends the game with it (seed 003, Ameaça Única)
                ticks = data_of(session.save.state).ticks_to_win("nurgle")
                session.correct(fixstep.step(fix.parse(f"dial nurgle {ticks}", FIX_FIELDS, session.save.state)))
                corrections, won = corrections + 1, True
            elif rng.random() < 0.25:
                changes = _random_correction(session.save.state, rng)
                if changes:
                    session.correct(fixstep.step(changes))
                    corrections += 1
        else:
            raise AssertionError("the game did not end")
    assert corrections > 1
    assert session.save.state["result"]["winners"] == ["nurgle"] and session.save.state["result"]["rule"] == "dial"
    for seen in (session, reopened(session)):  # as played, then as the next command reads it from its files
        journal = seen.save.journal()
        assert sum(1 for e in journal if fixstep.is_fix(e["step"])) == corrections
        assert seen.replay(journal) == seen.save.state
