"""Exact battle-dice odds (automata.chaos.odds).

Seed 003, Fase de Batalha step 1: "Cada resultado de 4, 5 ou 6 é 1 IMPACTO.
Cada 6 EXPLODE, permitindo jogar 1 dado adicional (que também pode explodir)."
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.chaos import odds
from automata.core.dice import parse_spec, roll_with

# --- an independent computation -------------------------------------------------


@lru_cache(maxsize=None)
def dp(pending: int, n: int) -> Fraction:
    """P(``pending`` dice still to roll end with exactly ``n`` hits), one die at a time.

    A die misses (1/2: one die fewer), hits on 4-5 (1/3: one die fewer, one hit
    fewer needed) or rolls a 6 (1/6: one hit fewer needed, the die is replaced
    by the extra die, so ``pending`` stays). Every call lowers ``pending`` or
    ``n``, so the recursion ends; no closed form is used.
    """
    if n < 0:
        return Fraction(0)
    if pending == 0:
        return Fraction(1 if n == 0 else 0)
    return Fraction(1, 2) * dp(pending - 1, n) + Fraction(1, 3) * dp(pending - 1, n - 1) + Fraction(1, 6) * dp(pending, n - 1)


def enumerate_trees(dice: int, max_hits: int) -> dict[int, Fraction]:
    """Exhaustive enumeration of every roll tree whose hit count stays within ``max_hits``.

    Faces are grouped as miss / 4-5 / 6. A six adds a die, so a tree is a
    sequence of outcomes; only sequences with at most ``max_hits`` hits are
    listed, which covers every way of scoring 0..max_hits hits exactly.
    """
    out = {n: Fraction(0) for n in range(max_hits + 1)}
    outcomes = (("miss", Fraction(3, 6)), ("hit", Fraction(2, 6)), ("six", Fraction(1, 6)))

    def walk(pending: int, hits: int, p: Fraction) -> None:
        if hits > max_hits:
            return
        if pending == 0:
            out[hits] += p
            return
        for kind, q in outcomes:
            if kind == "miss":
                walk(pending - 1, hits, p * q)
            elif kind == "hit":
                walk(pending - 1, hits + 1, p * q)
            else:
                walk(pending, hits + 1, p * q)

    walk(dice, 0, Fraction(1))
    return out


# --- one die ------------------------------------------------------------------------


def test_one_die_closed_form():
    """Seed 003, Fase de Batalha step 1: one die gives P(0)=1/2, P(n)=5/(2*6^n), E=3/5."""
    dist = odds.hit_distribution(1)
    assert dist[0] == Fraction(1, 2)
    for n in range(1, len(dist)):
        assert dist[n] == Fraction(5, 2 * 6**n)
        assert odds.prob_at_least(1, n) == Fraction(1, 2) * Fraction(1, 6) ** (n - 1)
    assert odds.expected_hits(1) == Fraction(3, 5)


@pytest.mark.parametrize(
    "dice,p0,p1,p2,ge1,ge2,ge3",
    [
        (1, "1/2", "5/12", "5/72", "1/2", "1/12", "1/72"),
        (2, "1/4", "5/12", "35/144", "3/4", "1/3", "13/144"),
        (3, "1/8", "5/16", "5/16", "7/8", "9/16", "1/4"),
        (4, "1/16", "5/24", "85/288", "15/16", "35/48", "125/288"),
    ],
)
def test_rules_file_vectors(dice, p0, p1, p2, ge1, ge2, ge3):
    """Seed 003, Fase de Batalha step 1: the exact vectors of rules §2.11."""
    for n, want in enumerate((p0, p1, p2)):
        assert odds.hit_distribution(dice)[n] == Fraction(want)
    for m, want in zip((1, 2, 3), (ge1, ge2, ge3)):
        assert odds.prob_at_least(dice, m) == Fraction(want)


def test_rules_file_rounded_table():
    """Seed 003, Fase de Batalha step 1: P(at least m) rounded to 4 places, rules §2.11 rows 5 and 10."""
    assert [round(float(odds.prob_at_least(5, m)), 4) for m in range(1, 7)] == [0.9688, 0.8385, 0.5998, 0.3430, 0.1586, 0.0615]
    assert [round(float(odds.prob_at_least(10, m)), 4) for m in range(1, 7)] == [0.9990, 0.9909, 0.9590, 0.8808, 0.7454, 0.5687]


# --- against the independent computations --------------------------------------------


@pytest.mark.parametrize("dice", list(range(1, 13)) + [20, 37, 60])
def test_distribution_matches_dynamic_program(dice):
    """Seed 003, Fase de Batalha step 1: the closed form agrees with a die-by-die DP to 1e-12."""
    dist = odds.hit_distribution(dice)
    for n, p in dist.items():
        assert abs(float(p - dp(dice, n))) < 1e-12
    if dice <= 12:  # small counts: exactly equal
        for n in range(0, 15):
            assert dist[n] == dp(dice, n)


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
def test_distribution_matches_enumeration(dice):
    """Seed 003, Fase de Batalha step 1: exhaustive roll trees (up to 6 hits) give the same numbers."""
    trees = enumerate_trees(dice, 6)
    dist = odds.hit_distribution(dice)
    for n, p in trees.items():
        assert dist[n] == p


def test_zero_dice():
    """Seed 003, Fase de Batalha step 1: no dice, no hits."""
    assert odds.hit_distribution(0) == {0: Fraction(1)}
    assert odds.prob_at_least(0, 1) == 0
    assert odds.expected_hits(0) == 0


def test_negative_dice_rejected():
    with pytest.raises(ValueError):
        odds.hit_distribution(-1)


def test_sixty_dice_sum_and_work(monkeypatch):
    """Seed 003, Fase de Batalha step 1: 60 dice sum to 1 within 1e-12, tail below 1e-15; computed in one pass of
    the closed form (one numerator per count listed, no roll tree), which is what keeps it fast (no clock here:
    bench/ measures speed)."""
    odds._distribution.cache_clear()
    counts = []
    numerator = odds._numerator
    monkeypatch.setattr(odds, "_numerator", lambda dice, n: counts.append(n) or numerator(dice, n))
    dist = odds.hit_distribution(60)
    assert counts == list(range(len(dist))) and len(dist) < 200, (len(counts), len(dist))
    total = sum(dist.values())
    assert abs(float(total) - 1) < 1e-12
    assert 1 - total < Fraction(1, 10**15)
    # every count listed has a positive chance, and the list has no gaps
    assert sorted(dist) == list(range(len(dist)))
    assert all(p > 0 for p in dist.values())


@pytest.mark.parametrize("dice", [1, 2, 5, 17, 60])
def test_expected_hits_and_at_least(dice):
    """Seed 003, Fase de Batalha step 1: E = 3/5 per die; P(>=m) = 1 - sum of lower terms."""
    assert odds.expected_hits(dice) == Fraction(3 * dice, 5)
    dist = odds.hit_distribution(dice)
    mean = sum(n * p for n, p in dist.items())
    assert abs(float(mean) - 0.6 * dice) < 1e-9
    below = Fraction(0)
    table = odds.at_least_table(dice)
    for m in range(0, 8):
        assert odds.prob_at_least(dice, m) == 1 - below
        assert table[m] == 1 - below
        below += dist[m]


# --- hits() and the app's rolls ----------------------------------------------------------


def test_hits_counts_four_five_six():
    """Seed 003, Fase de Batalha step 1: 4, 5 and 6 are one hit each."""
    assert odds.hits([]) == 0
    assert odds.hits([1, 2, 3]) == 0
    assert odds.hits([4, 5, 6]) == 3
    assert odds.hits([6, 6, 1, 4]) == 3
    for faces in itertools.product(range(1, 7), repeat=3):
        assert odds.hits(list(faces)) == sum(f in (4, 5, 6) for f in faces)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(min_value=0, max_value=60), seed=st.integers(min_value=0, max_value=2**63))
def test_app_rolls_explode(n, seed):
    """Seed 003, Fase de Batalha step 1: an app roll of Nd6! has N faces plus one per 6."""
    faces = roll_with(random.Random(seed), parse_spec(f"{n}d6!"))
    assert len(faces) == n + sum(1 for f in faces if f == 6)
    assert all(1 <= f <= 6 for f in faces)
