"""Time of Crisis AI bot arithmetic: one test per rule of the seed (seeds/000, "Fluxo do Jogo")."""

from __future__ import annotations

import pytest

from automata.toc import bot

ORDER_MIL = ["military", "senate", "populace"]
ORDER_POP = ["populace", "senate", "military"]
ORDER_SEN = ["senate", "military", "populace"]


def fresh() -> dict:
    return bot.new_bot("maximinus_thrax", "gallia")


def test_new_bot_markers():
    """Seed, Preparação 4: mode marker portrait side up, a pawn on each 0 circle, three cylinders available."""
    b = fresh()
    assert b["marker"] == "portrait"
    assert b["pawn"] == {"military": 0, "senate": 0, "populace": 0}
    assert set(b["cylinder"].values()) == {"available"}


@pytest.mark.parametrize(
    "zero,emperor,legacy,troubled,army,mobs,expected",
    [
        (2, False, 0, None, None, None, (4, "two_cylinders_zero")),  # rule 1 first, nothing asked
        (2, False, 60, None, None, None, (4, "two_cylinders_zero")),
        (0, False, 50, None, None, None, (1, "legacy_50")),  # 50+ Legacy and not Emperor
        (0, True, 50, False, True, False, (1, "default")),  # Emperor: the 50+ rule does not apply
        (0, False, 10, True, None, None, (2, "troubled")),
        (0, True, 10, False, False, None, (2, "emperor_no_army")),
        (0, True, 10, False, True, True, (3, "mobs")),
        (0, False, 10, False, None, True, (3, "mobs")),  # not Emperor: the army question is not asked
        (0, False, 10, False, None, False, (1, "default")),
        (1, False, 10, False, None, False, (1, "default")),  # one cylinder in the 0 box is not two
    ],
)
def test_mode_priority_list(zero, emperor, legacy, troubled, army, mobs, expected):
    """Seed, Take Actions 1: the mode rules in their priority order; the first that holds wins."""
    b = fresh()
    for area in bot.AREAS[:zero]:
        b["cylinder"][area] = "zero"
    b["legacy"] = legacy
    assert bot.mode_rule(b, emperor, troubled, army, mobs) == expected


def test_mode_asks_only_what_it_needs_in_order():
    """Seed, Take Actions 1: the board facts are needed in order: troubled, then (Emperor) army in Italia, then Mobs."""
    b = fresh()
    assert bot.mode_rule(b, False, None, None, None) == (None, "troubled")
    assert bot.mode_rule(b, True, False, None, None) == (None, "army_in_italia")
    assert bot.mode_rule(b, False, False, None, None) == (None, "mobs")


def test_influence_amounts():
    """Seed, Take Actions 1: the larger number by the box; +2 Primary on the +2 side; Secondary −4 with Ludi, minimum 0."""
    circle = {"primary": 5, "secondary": 3}
    assert bot.influence(circle, "upper", False, False) == 5
    assert bot.influence(circle, "upper", True, False) == 7
    assert bot.influence(circle, "lower", True, False) == 3
    assert bot.influence(circle, "lower", False, True) == 0
    assert bot.influence({"primary": 5, "secondary": 6}, "lower", False, True) == 2


def test_circled_event_numbers():
    """Seed, Take Actions 1: a smaller circled number beside the box is an event of that value (none printed: no event)."""
    circle = {"primary": 5, "secondary": 3, "primary_event": 2}
    assert bot.event_number(circle, "upper") == 2
    assert bot.event_number(circle, "lower") == 0


def test_mode_four_takes_the_available_cylinder():
    """Rules file §3.2 (provisional Mode 4): Primary is the type whose cylinder is still available."""
    b = fresh()
    b["cylinder"].update(military="zero", senate="zero")
    assert bot.resolve_type("available", b, ORDER_MIL) == "populace"
    assert bot.resolve_type("none", b, ORDER_MIL) == "none"
    b["cylinder"]["populace"] = "zero"
    assert bot.resolve_type("available", b, ORDER_MIL) == "none"


def test_advancement_senate_exception_first():
    """Seed, Buy/Trash (EXCEÇÃO IMPORTANTE): a Senate pawn on its zero-cost circle is checked first."""
    b = fresh()
    assert bot.advancement_order(b, ORDER_MIL) == ["senate", "military", "populace"]
    b["pawn"]["senate"] = 1
    assert bot.advancement_order(b, ORDER_MIL) == ["military", "populace", "senate"]  # populace (0) is less developed than senate (1)


def test_advancement_less_developed_then_tie_to_upper():
    """Seed, Buy/Trash: after the preferred area, the less developed other area; ties go to the upper one."""
    b = fresh()
    b["pawn"].update(senate=2, military=2, populace=0)
    assert bot.advancement_order(b, ORDER_POP) == ["populace", "senate", "military"]  # tie 2–2: senate is printed higher
    b["pawn"]["senate"] = 3
    assert bot.advancement_order(b, ORDER_POP) == ["populace", "military", "senate"]
    s = fresh()
    assert bot.advancement_order(s, ORDER_SEN) == ["senate", "military", "populace"]


TRACK = [{"cost": 0}, {"cost": 2}, {"cost": 3}, {"cost": 4}]


def tracks():
    return {a: list(TRACK) for a in bot.AREAS}


def test_advance_pays_the_circle_entered_and_checks_each_area_once():
    """Seed, Buy/Trash: move one circle right when the points pay that circle's value; then the next areas with what is left."""
    b = fresh()
    moves = bot.advance(b, tracks(), ORDER_MIL, 5)
    assert moves == [("senate", 1, 2), ("military", 1, 2)]  # 5 − 2 − 2 = 1 left: not enough for populace
    assert b["pawn"] == {"military": 1, "senate": 1, "populace": 0}


def test_advance_none_when_points_short():
    """Seed, Buy/Trash: with too few political points no pawn moves (the caller flips the marker to +2)."""
    b = fresh()
    assert bot.advance(b, tracks(), ORDER_MIL, 1) == []
    assert b["pawn"] == {"military": 0, "senate": 0, "populace": 0}


def test_pawn_on_last_circle_cannot_advance():
    """Rules file §1.8 G8: a pawn on its last circle cannot move."""
    b = fresh()
    b["pawn"].update(military=3, senate=3)
    assert bot.advance(b, tracks(), ORDER_MIL, 10) == [("populace", 1, 2)]


def test_palmyra_order_fewest_barbarians_first():
    """Seed, Crisis (Palmyra Allies): its own provinces first, the one with the fewest barbarians first."""
    assert bot.palmyra_order({"gallia": 3, "hispania": 1, "africa": 2}) == ["hispania", "africa", "gallia"]
    assert bot.palmyra_order({"gallia": 2, "hispania": 2}) == ["gallia", "hispania"]
