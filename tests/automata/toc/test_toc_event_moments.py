"""Time of Crisis, issue 30: an event with its own moment is told at that moment; a Military Emperor's Triumph bonus.

Seed 000, Fluxo do Jogo, AI Take Actions Phase step 3 ("Using Events": apply the AI Event Guidelines for each event)
with rules file §1.8 G10 (timing: follow the guideline; with none, after the priority list) and §2.4 (Damnatio
Memoriae: "Event usable only during a Place Governor action"; Triumph, Spiculum, Flanking Maneuver, Cavalry:
combat-only), as the data's event notes (automata/toc/data/events.toml) record them. Seed 000, Tipos de Imperador,
Military Emperor: "Qualquer bônus recebido por jogar um evento Triumph não é dobrado".
"""

from __future__ import annotations

import pytest

from automata.toc.game import data_of
from automata.toc.events import event_moment, slot_could_be
from test_toc_turn import after_setup, first_bot, play, says

LIST = [{"id": "initiate_battle", "influence": "military", "cost": 1, "criteria": "", "repeat": False},
        {"id": "place_governor", "influence": "senate", "cost": 1, "criteria": "", "repeat": False},
        {"id": "hold_games", "influence": "populace", "cost": 1, "criteria": "", "repeat": False}]
DAMNATIO = "senate_4:base"  # the base Senate 4 pile is Damnatio Memoriae (rules file §2.4)


def _named(cat_id: str, which: str, name: str) -> list[dict]:
    """The shipped categories with one pile's card named (an owner's override replaces the whole list)."""
    from automata.toc.data import load

    cats = [{k: v for k, v in c.items()} for c in load(None).categories]
    next(c for c in cats if c["id"] == cat_id)[which] = name
    return cats


def _with_event(card: str, **overrides):
    state = after_setup(overrides={"priority": LIST, **overrides})
    c = first_bot(state)
    bot = state["bots"][c]
    bot["primary"] = {"area": "senate", "points": 4, "event": 4, "card": card}
    bot["secondary"] = {"area": "", "points": 0, "event": 0}
    bot["points"] = {"military": 2, "senate": 2, "populace": 2}
    return state, c


def test_the_data_tie_damnatio_memoriae_to_place_governor():
    """Rules file §2.4: Damnatio Memoriae is usable only during a Place Governor action (event note 'place_governor')."""
    state = after_setup()
    assert event_moment(data_of(state), DAMNATIO) == "place_governor"
    assert event_moment(data_of(state), "military_2:base") == "any"  # an unnamed pile: no moment known


def test_damnatio_memoriae_is_told_during_the_place_governor_not_after_the_list():
    """G10 and §2.4: the event is applied during the bot's Place Governor (before Italia's result is asked), and the
    Using Events step does not tell it again."""
    state, c = _with_event(DAMNATIO)
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "2 none", f"toc.{c}.italia": "no"})
    shown = says(r)
    assert "toc.events.now.place_governor" in shown
    ids = [(e.kind, e.msg.id if e.kind == "say" else e.id) for e in r.transcript]
    assert ids.index(("say", "toc.events.now.place_governor")) < ids.index(("ask", f"toc.{c}.italia"))
    r = play(state, {"proc": "bot_events", "bot": c})
    assert not [m for m in says(r) if m.startswith("toc.events.")]


def test_without_a_place_governor_the_event_is_not_used():
    """§2.4: with no Place Governor this turn, Damnatio Memoriae has no moment: the table is told it is not used,
    never told to apply it 'now'."""
    state, c = _with_event(DAMNATIO)
    play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "3 none"})
    r = play(state, {"proc": "bot_events", "bot": c})
    assert says(r) == ["toc.events.no_moment.place_governor"]


def test_a_combat_event_is_told_at_the_bots_battle():
    """§2.4, §2.8: a combat-only card (here the owner names the expansion Senate 2 pile Triumph) is applied in the
    bot's Initiate Battle; the Place Governor moment does not use it."""
    state, c = _with_event("senate_2:expansion", categories=_named("senate_2", "expansion", "Triumph"))
    assert event_moment(data_of(state), "senate_2:expansion") == "combat"
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "1 2", f"toc.{c}.italia": "no"})
    assert says(r).count("toc.events.now.combat") == 1 and "toc.events.now.place_governor" not in says(r)


def test_an_any_time_event_keeps_the_step_3_instruction():
    """G10: an event with no moment of its own is applied in step 3, after the priority list, as before."""
    state, c = _with_event("military_2:base")
    r = play(state, {"proc": "bot_events", "bot": c})
    assert says(r)[0] == "toc.events.use"


@pytest.mark.parametrize("card,asked", [
    ("senate_2:expansion", True),    # an unnamed expansion Senate pile may be Triumph (expansion, Senate: §2.4)
    ("senate_4:base", False),        # Damnatio Memoriae
    ("military_3:expansion", False),  # Triumph is a Senate card
    ("senate_3:base", False),         # Triumph is an expansion card
    (None, False),                    # no event this turn
])
def test_the_triumph_bonus_is_asked_only_when_the_event_may_be_triumph(card, asked):
    """Seed, Military Emperor: the Triumph bonus is added, not doubled; issue 30: it has its own question, asked only
    in a turn whose event may be Triumph, and it is added to the Emperor's Legacy undoubled."""
    state = after_setup()
    c = first_bot(state)
    state["emperor"] = c
    bot = state["bots"][c]
    bot["emperor_type"] = "military"
    bot["legacy"] = 10
    bot["primary"] = {"area": "senate", "points": 2, "event": 2, **({"card": card} if card else {})}
    assert slot_could_be(data_of(state), card, "triumph") is asked if card else True
    answers = {f"toc.{c}.legacy": "0", f"toc.{c}.pretenders": "1", f"toc.{c}.battle_legacy": "2", f"toc.{c}.triumph": "3"}
    r = play(state, {"proc": "bot_legacy", "bot": c}, answers)
    assert (f"toc.{c}.triumph" in [a.id for a in r.asks]) is asked
    # 2 battle Legacy doubled = 4, + Triumph 3 (not doubled) when asked, − 1 Pretender province
    assert bot["legacy"] == 10 + 4 + (3 if asked else 0) - 1


def test_a_named_triumph_elsewhere_rules_out_an_unnamed_pile():
    """When the owner's data put Triumph on one pile, no other unnamed pile may be Triumph."""
    state = after_setup(overrides={"categories": _named("senate_3", "expansion", "Triumph")})
    data = data_of(state)
    assert slot_could_be(data, "senate_3:expansion", "triumph")
    assert not slot_could_be(data, "senate_2:expansion", "triumph")


@pytest.mark.parametrize("holder,kind,rules,told", [
    ("other_bot", "senate", True, True), ("human", "senate", True, True), ("other_bot", "populace", True, False),
    ("other_bot", "military", True, False), ("itself", "senate", True, False), ("none", "", True, False),
    ("other_bot", "", False, False)])
def test_damnatio_memoriae_is_never_aimed_at_a_senate_emperor_being_replaced(holder, kind, rules, told):
    """Seed 000 line 101 (Senate Emperor, Special Advantages): no player may attack a Senate Emperor with Damnatio
    Memoriae when it is replaced. A bot using that event during its Place Governor is told so whenever the reigning
    Emperor (another bot or a human) is a Senate Emperor; not for another type, not for itself, not without the
    Emperor rules (no types then)."""
    state, c = _with_event(DAMNATIO)
    state["options"]["emperor_rules"] = rules
    other = next(b for b in state["bot_order"] if b != c)
    if holder in ("other_bot", "itself"):
        state["emperor"] = other if holder == "other_bot" else c
        state["bots"][state["emperor"]]["emperor_type"] = kind
    elif holder == "human":
        state["emperor"], state["human_emperor"] = "human", {"player": 1, "type": kind}
    answers = {f"toc.{c}.apl.1": "2 none", f"toc.{c}.italia": "no", f"toc.{c}.populace_province": "no"}
    r = play(state, {"proc": "bot_spend", "bot": c}, answers)
    said = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "toc.events.damnatio_senate"]
    assert bool(said) == told
    if told:
        shown = says(r)
        assert shown.index("toc.events.now.place_governor") < shown.index("toc.events.damnatio_senate")
    state, c = _with_event("senate_2:base")  # another event: nothing to say
    if holder == "other_bot" and told:
        state["emperor"] = other
        state["bots"][other]["emperor_type"] = "senate"
        r = play(state, {"proc": "bot_spend", "bot": c}, answers)
        assert "toc.events.damnatio_senate" not in says(r)


def test_a_held_event_with_its_own_moment_is_in_effect_and_said_when_the_list_starts():
    """Issue 39: the event waits for its moment through the bot's Action Priority List; the list says so when it starts,
    and once used (or the turn over) it is no longer in effect."""
    from automata.core import ineffect

    state, c = _with_event(DAMNATIO)
    assert [e.key for e in ineffect.listing("toc", state)] == [f"event.{c}.primary"]
    r = play(state, {"proc": "bot_spend", "bot": c}, {f"toc.{c}.apl.1": "2 none", f"toc.{c}.italia": "no"})
    raised = [e.msg for e in r.transcript if e.kind == "say" and e.msg.id == "core.ineffect.raised"]
    assert [m.params["note"]["id"] for m in raised] == ["toc.ineffect.event_note.place_governor"]
    assert ineffect.listing("toc", state) == []  # used at the Place Governor
