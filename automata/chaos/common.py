"""Pieces every phase of Chaos in the Old World uses: how a Power or a region is named in a message, the regions
as a question's choices, board changes typed by the table, and drawing Chaos cards."""

from __future__ import annotations

from ..core.steps import NUMBER, TEXT, Ask, Choice, Say, msg
from . import copies, edits
from .data import ChaosData


def power_term(power: str) -> str:
    return "@chaos.power." + power


def region_term(region: str) -> str:
    return "@chaos.region." + region


def region_choices(data: ChaosData, region_ids) -> tuple[Choice, ...]:
    """The regions as the choices of a question, each also answered by its names."""
    return tuple(Choice(r, msg("chaos.region." + r), tuple(data.region(r)["names"])) for r in region_ids)


def card_played_notes(power: str, card: dict):
    """After a Chaos card is played: its summary, and, for a card the program leaves to the table
    (``handling = "table"`` in chaos_cards.toml), the reminder that the table applies it."""
    if card.get("summary"):
        yield Say(msg(f"chaos.card.summary.{power}.{card['id']}"), "rule")
    if card.get("handling") == "table":
        yield Say(msg("chaos.card.table_reminder"), "rule")


def ask_changes(ask_id: str, question, state: dict, data: ChaosData) -> Ask:
    """A question for board changes printed on a card the program does not model."""

    def check(text: str) -> str:
        edits.parse(text, state)  # read and checked by the one correction language (automata/core/fix.py)
        return text.strip()

    return Ask(ask_id, question, TEXT, check=check, hint=msg("chaos.edit.hint"))


def apply_changes(state: dict, data: ChaosData, text: str):
    """Apply the table's board changes in order. Cards drawn come from the deck (the discard pile reshuffled
    when it runs out, said as in the Draw phase) and cards discarded go to the discard pile (seed, Fase de
    Compra), so the piles stay the table's."""
    ops = edits.parse(text, state)
    lines = edits.describe(ops)
    for op, line in zip(ops, lines):
        if op["what"] == "cards" and op["delta"] > 0:
            yield from draw_cards(state, op["power"], op["delta"])
        else:
            edits.apply([op], state)
        yield Say(msg("chaos.edit.applied", change=line.to_data()), "rule")


def draw_cards(state: dict, power: str, n: int, exact: bool = True):
    """Draw ``n`` Chaos cards, reshuffling the discard pile into a new deck when the deck runs out. ``exact``
    False: the table may hold one more card in its discard pile than counted (Tzeentch's unasked discard), so
    the reshuffle is said without its size."""
    ps = state["p"][power]
    if copies.unsure(state, power) and n > copies.deck_range(state, power)[0]:
        if n <= ps["deck"]:  # the deck may run out during this draw: the table counts it first
            yield from settle_deck(state, power)
        else:  # the deck runs out for sure: the reshuffle makes the piles known, its size is not said
            exact = False
    drawn = 0
    for _ in range(n):
        if ps["deck"] == 0:
            if ps["discard"] == 0:
                yield Say(msg("chaos.draw.no_cards", power=power_term(power)), "warn")
                break
            copies.reshuffle(state, power)
            if exact and drawn:  # the table reads this before drawing: the deck still holds those cards
                yield Say(msg("chaos.draw.reshuffle_after", power=power_term(power), drawn=drawn, cards=ps["deck"]), "do")
            elif exact:
                yield Say(msg("chaos.draw.reshuffle", power=power_term(power), cards=ps["deck"]), "do")
            else:
                yield Say(msg("chaos.draw.reshuffle_uncounted", power=power_term(power)), "do")
        ps["deck"] -= 1
        ps["hand"] += 1
        drawn += 1
    return drawn


def settle_deck(state: dict, power: str):
    """Rules file §2.5 and copies.unsure: the deck may hold fewer cards than counted (Tzeentch's discards before
    drawing were not asked while they changed nothing else); the table counts it, once, before a draw that could
    empty it."""
    low, high = copies.deck_range(state, power)
    if low == high:
        copies.settle(state, power, high)
        return
    n = yield Ask(f"chaos.deck.r{state['round']}.{power}", msg("chaos.draw.count_deck", power=power_term(power), low=low, high=high),
                  NUMBER, min=low, max=high, default=high)  # Enter: nothing was discarded, the deck is as counted
    copies.settle(state, power, int(n))
    ps = state["p"][power]
    yield Say(msg("chaos.draw.deck_counted", power=power_term(power), deck=ps["deck"], discard=ps["discard"]), "do")
