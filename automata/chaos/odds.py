"""Battle-dice odds, exact (seed 003, "Fase de Batalha" step 1; rules file §2.11).

Each battle die misses on 1, 2 or 3, scores one hit on 4 or 5, and on a 6
scores one hit and adds one more die, which can add another in turn. With
``k`` dice::

    P(0 hits)          = 2^-k
    P(exactly n >= 1)  = 2^-k * 6^-n * sum_{j=1}^{min(k,n)} C(k,j) * C(n-1,j-1) * 5^j

(``j`` = how many of the original dice scored at least one hit). Everything
here is exact (``fractions.Fraction``) and pure: no I/O, no randomness.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

#: ``hit_distribution`` stops once the probability of more hits is below this.
TAIL = Fraction(1, 10**15)


def hits(faces: list[int]) -> int:
    """How many hits a roll scores: every face of 4 or more (seed: "4, 5 ou 6 é 1 IMPACTO")."""
    return sum(1 for f in faces if f >= 4)


def _check_dice(dice: int) -> None:
    if isinstance(dice, bool) or not isinstance(dice, int) or dice < 0:
        raise ValueError(f"dice must be a whole number >= 0, got {dice!r}")


def _numerator(dice: int, n: int) -> int:
    """``P(exactly n) * 2^dice * 6^n`` as a whole number."""
    if n == 0:
        return 1
    if dice == 0:
        return 0
    return sum(comb(dice, j) * comb(n - 1, j - 1) * 5**j for j in range(1, min(dice, n) + 1))


def prob_at_least(dice: int, m: int) -> Fraction:
    """The exact probability of at least ``m`` hits: 1 minus the chances of 0 .. m-1 hits."""
    _check_dice(dice)
    if m <= 0:
        return Fraction(1)
    # Sum over the common denominator 2^dice * 6^(m-1), in whole numbers.
    below = 0
    for n in range(m):
        below = below * 6 + _numerator(dice, n)
    return 1 - Fraction(below, 2**dice * 6 ** (m - 1))


def expected_hits(dice: int) -> Fraction:
    """Expected hits, exactly 3/5 per die (E = 1/3 + 1/6 * (1 + E) gives E = 3/5)."""
    _check_dice(dice)
    return Fraction(3, 5) * dice


@lru_cache(maxsize=128)
def _distribution(dice: int) -> tuple[Fraction, ...]:
    out: list[Fraction] = []
    two_k = 2**dice
    denom = two_k  # 2^dice * 6^n
    below = 0  # P(at most n) * denom
    n = 0
    while True:
        num = _numerator(dice, n)
        below = below * 6 + num if n else num
        if n:
            denom *= 6
        out.append(Fraction(num, denom))
        # remaining tail = (denom - below) / denom; stop once it is < 1e-15
        if (denom - below) * TAIL.denominator < denom * TAIL.numerator:
            return tuple(out)
        n += 1


def hit_distribution(dice: int) -> dict[int, Fraction]:
    """Exact ``{hits: probability}`` for ``dice`` battle dice.

    The support is infinite (sixes can chain); the result holds every count
    from 0 up to the first ``n`` after which the remaining probability is
    below 1e-15, so the values add up to 1 within 1e-15.
    """
    _check_dice(dice)
    return dict(enumerate(_distribution(dice)))


def at_least_table(dice: int) -> dict[int, Fraction]:
    """``{m: P(at least m hits)}`` for the counts of ``hit_distribution``, exact."""
    dist = hit_distribution(dice)
    out: dict[int, Fraction] = {}
    below = Fraction(0)
    for n in sorted(dist):
        out[n] = 1 - below
        below += dist[n]
    return out
