"""Chaos in the Old World scoring rules as plain functions.

Seed references (``seeds/003``): Corruption Phase step 1 (domination) and
step 2 (ruination), End Phase step 4 (scoring ruined regions).
"""

from __future__ import annotations

from typing import Iterable, Mapping


def dominator(values: Mapping[str, int], resistance: int) -> str | None:
    """The Power that dominates a region, or None.

    The single highest domination value dominates when it is strictly greater
    than the resistance; a tie for the highest value dominates nobody.
    """
    if not values:
        return None
    best = max(values.values())
    leaders = [p for p, v in values.items() if v == best]
    if len(leaders) != 1 or best <= max(resistance, 0):
        return None
    return leaders[0]


def domination_value(card_costs: Iterable[int], figure_count: int) -> int:
    """Sum of the costs of the Power's Chaos cards in the region plus how many figures it has there."""
    return sum(card_costs) + figure_count


def ruination_places(tokens: Mapping[str, int], first: int, second: int, min_tokens: int = 1) -> dict[str, int]:
    """First/second-place VP for a ruined region (End Phase step 4).

    Places pay ``first`` and ``second``; third and lower pay nothing. A group of
    m tied Powers that occupies places k..k+m-1 adds the amounts of those
    places and each gets the sum divided by m, rounded down. Only Powers with
    at least ``min_tokens`` corruption tokens in the region are ranked.
    """
    ranked = sorted(((n, p) for p, n in tokens.items() if n >= min_tokens), key=lambda x: -x[0])
    amounts = [first, second]
    out: dict[str, int] = {}
    place = 0
    i = 0
    while i < len(ranked):
        n = ranked[i][0]
        group = [p for m, p in ranked if m == n]
        pot = sum(amounts[place : place + len(group)])
        share = pot // len(group)
        for p in group:
            out[p] = share
        place += len(group)
        i += len(group)
    return {p: v for p, v in out.items()}


def ruiner_awards(placed: Iterable[str], ruiner_vp: int) -> dict[str, int]:
    """Every Power that placed at least one corruption token in the region during the step scores the header VP."""
    return {p: ruiner_vp for p in dict.fromkeys(placed)}
