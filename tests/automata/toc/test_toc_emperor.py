"""The optional Emperor rules (automata/toc/emperor.py).

Seed 000 (000_11c43f9f500dfc03.txt), Ações e Como Jogar: Tornar-se Imperador, Limitações,
Tipos de Imperador; rules reference §1.6, §1.8 G11/G13/G14, §3.10.
"""

from __future__ import annotations

import pytest

from automata.toc.emperor import (
    PRETENDER_CAPS,
    can_attempt_italia,
    emperor_type_for_area,
    military_legacy_change,
    populace_legacy,
    senate_legacy,
)


@pytest.mark.parametrize(
    "support, pretenders, want",
    [(3, 0, 3), (3, 1, 2), (2, 2, 0), (1, 3, 0), (0, 0, 0), (0, 4, 0), (4, 1, 3)],
)
def test_senate_legacy(support, pretenders, want):
    """Seed 000, Tipos de Imperador, Senate Emperor, Gain Legacy: support(Italia) − P, negative → 0."""
    assert senate_legacy(support, pretenders) == want


@pytest.mark.parametrize(
    "support, pretenders, want",
    [(3, 0, 6), (3, 1, 5), (2, 4, 0), (1, 3, 0), (0, 0, 0), (2, 3, 1), (4, 9, 0)],
)
def test_populace_legacy(support, pretenders, want):
    """Seed 000, Tipos de Imperador, Populace Emperor, Gain Legacy: 2 × support(province) − P, negative → 0."""
    assert populace_legacy(support, pretenders) == want


@pytest.mark.parametrize("func", [senate_legacy, populace_legacy])
def test_negative_inputs_are_refused(func):
    """Seed 000, Tipos de Imperador: support levels and Pretender counts are counts (never negative)."""
    with pytest.raises(ValueError):
        func(-1, 0)
    with pytest.raises(ValueError):
        func(1, -1)


def test_military_battle_legacy_doubled_triumph_not():
    """Seed 000, Tipos de Imperador, Military Emperor, Gain Legacy: battle Legacy doubled, Triumph bonus not."""
    r = military_legacy_change(legacy_before=10, battle_legacy=3, pretenders=0, triumph_bonus=2)
    assert r["battle_gain"] == 6
    assert r["triumph"] == 2
    assert r["gain"] == 8  # not (3 + 2) * 2 = 10
    assert r["subtracted"] == 0
    assert r["legacy_change"] == 8
    assert r["legacy_after"] == 18
    assert r["provisional"] is True


def test_military_subtracts_pretenders():
    """Seed 000, Military Emperor, Gain Legacy: subtract Legacy equal to the number of Pretender provinces."""
    r = military_legacy_change(legacy_before=20, battle_legacy=1, pretenders=3)
    assert (r["gain"], r["subtracted"], r["legacy_change"]) == (2, 3, -1)
    assert r["legacy_after"] == 19


def test_military_cap_legacy_total():
    """Seed 000, Military Emperor ("não pode ser maior que o total de Legacy", cut off; G13): with the
    provisional cap "legacy_total" the subtraction is at most the total after this turn's gains."""
    r = military_legacy_change(legacy_before=1, battle_legacy=1, pretenders=5, cap="legacy_total")
    assert r["cap"] == "legacy_total"
    assert r["cap_limit"] == 3
    assert r["subtracted"] == 3
    assert r["legacy_change"] == -1
    assert r["legacy_after"] == 0
    assert r["provisional"] is True
    # nothing gained, nothing held: nothing to subtract
    r = military_legacy_change(legacy_before=0, battle_legacy=0, pretenders=4)
    assert (r["subtracted"], r["legacy_change"], r["cap"]) == (0, 0, "legacy_total")


def test_military_cap_legacy_gained_this_turn():
    """Seed 000, Military Emperor (G13, the other provisional cap): never more than what was gained this turn."""
    r = military_legacy_change(legacy_before=30, battle_legacy=1, pretenders=5, triumph_bonus=1, cap="legacy_gained_this_turn")
    assert r["gain"] == 3
    assert r["subtracted"] == 3
    assert r["legacy_change"] == 0
    assert r["cap"] == "legacy_gained_this_turn"
    assert r["provisional"] is True
    r = military_legacy_change(legacy_before=30, battle_legacy=0, pretenders=2, cap="legacy_gained_this_turn")
    assert (r["subtracted"], r["legacy_change"]) == (0, 0)
    # the same input under "legacy_total" loses 2
    r = military_legacy_change(legacy_before=30, battle_legacy=0, pretenders=2, cap="legacy_total")
    assert (r["subtracted"], r["legacy_change"]) == (2, -2)


def test_military_bad_input():
    """Seed 000, Military Emperor: counts are never negative; the cap is one of the two settings."""
    with pytest.raises(ValueError):
        military_legacy_change(-1, 0, 0)
    with pytest.raises(ValueError):
        military_legacy_change(0, -1, 0)
    with pytest.raises(ValueError):
        military_legacy_change(0, 0, -1)
    with pytest.raises(ValueError):
        military_legacy_change(0, 0, 0, triumph_bonus=-2)
    with pytest.raises(ValueError):
        military_legacy_change(0, 0, 0, cap="whatever")
    assert PRETENDER_CAPS == ("legacy_total", "legacy_gained_this_turn")


@pytest.mark.parametrize("area", ["senate", "populace", "military"])
def test_bot_emperor_type_matches_preferred_area(area):
    """Seed 000, AI Take Actions Phase step 4 "Becoming Emperor": the type matching the preferred area."""
    assert emperor_type_for_area(area) == area


def test_bot_emperor_type_unknown_area():
    """Seed 000, "Becoming Emperor": only the three areas of influence exist."""
    with pytest.raises(ValueError):
        emperor_type_for_area("navy")


def test_limitation():
    """Seed 000, Limitações: no Place Governor in Italia after having been Emperor this turn."""
    assert can_attempt_italia(False) is True
    assert can_attempt_italia(True) is False
