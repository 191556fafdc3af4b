"""Chaos card copies and piles: what a Power's deck holds, and how many copies of a card it can still play.

Rules file §2.8 gives the copies of each card (a Power's 24 cards). The program never sees a hand, only its
count, but a card played is known: it lies on the board, then (seed, Fase Final step 1) in its owner's discard
pile until the pile is reshuffled into a new deck (seed, Fase de Compra). So a Power cannot play a copy whose
every copy is on the board or known in its discard pile: ``copies_free``.

Piles (``p[power]``): ``deck``, ``hand``, ``discard`` (counts) and ``discard_cards`` (the cards known to be in
the discard pile, emptied by the reshuffle; absent in older saves). A Power's cards always add up to its deck
size: deck + hand + discard + its cards on the board.
"""

from __future__ import annotations


from ..core.steps import ONE_OF, Ask, Choice, msg
from .data import ChaosData


def in_play(state: dict, power: str, card_id: str) -> int:
    """Copies of the card on the board (its owner's cards in every region)."""
    return sum(1 for region in state["regions"].values() for e in region["cards"] if e["power"] == power and e["card"] == card_id)


def known_discards(state: dict, power: str) -> list[str]:
    return state["p"][power].get("discard_cards", [])


def copies_free(state: dict, data: ChaosData, power: str, card_id: str) -> int:
    """Copies of the card that may be in the Power's hand: the deck's copies minus those on the board and those
    known in the discard pile."""
    copies = data.chaos_card(power, card_id)["copies"]
    return copies - in_play(state, power, card_id) - known_discards(state, power).count(card_id)


def to_discard(state: dict, power: str, card_id: str | None = None) -> None:
    """One card onto the discard pile: a card off the board (known) or one from the hand (``None``: unseen)."""
    ps = state["p"][power]
    ps["discard"] += 1
    if card_id is not None:
        ps.setdefault("discard_cards", []).append(card_id)


def reshuffle(state: dict, power: str) -> int:
    """Seed, Fase de Compra: the discard pile becomes the new deck. Returns the new deck's size. The sum of the
    two piles is always known, so a reshuffle also ends any doubt about how they split (``unsure``)."""
    ps = state["p"][power]
    ps["deck"], ps["discard"] = ps["deck"] + ps["discard"], 0
    if "discard_cards" in ps:
        ps["discard_cards"] = []
    ps.pop("deck_unsure", None)
    return ps["deck"]


# Tzeentch's discard before drawing (rules file §2.5) is a card from the hand, unseen, that puts one more card of
# the deck into the hand: it changes only how the deck and the discard pile split, never their sum nor the hand.
# While the deck holds the extra card either way, the program does not ask; it counts the deck as if no card was
# discarded and remembers, in ``deck_unsure``, how many such discards may have happened. The deck then holds
# between deck - unsure and deck cards (and the discard pile as many more); the table counts the deck once, and
# only when a draw could empty it (common.settle_deck), or a reshuffle makes the split known again.
def unsure(state: dict, power: str) -> int:
    return state["p"][power].get("deck_unsure", 0)


def note_unsure_discard(state: dict, power: str) -> None:
    ps = state["p"][power]
    ps["deck_unsure"] = ps.get("deck_unsure", 0) + 1


def deck_range(state: dict, power: str) -> tuple[int, int]:
    """The fewest and the most cards the deck can hold (equal when nothing is unsure)."""
    ps = state["p"][power]
    return max(0, ps["deck"] - unsure(state, power)), ps["deck"]


def settle(state: dict, power: str, deck: int) -> None:
    """The table counted the deck: the cards it lacks were discarded before drawing, so they lie in the discard
    pile (the sum of the piles stays)."""
    ps = state["p"][power]
    low, high = deck_range(state, power)
    if not low <= deck <= high:
        raise ValueError(f"deck {deck} outside {low}..{high}")
    ps["discard"] += ps["deck"] - deck
    ps["deck"] = deck
    ps.pop("deck_unsure", None)


def drawable(state: dict, power: str) -> int:
    """Cards the Power can still draw: its deck and, reshuffled, its discard pile."""
    ps = state["p"][power]
    return ps["deck"] + ps["discard"]


def card_question(state: dict, data: ChaosData, power: str, playable: list[dict], ask_id: str, question) -> Ask:
    """Which card (one action of the Summoning phase): a card with no copy free stays in its place, refused with
    why (docs/playing.md: a menu's numbers never move)."""
    choices = []
    for c in playable:
        why = None if copies_free(state, data, power, c["id"]) > 0 else msg(
            "chaos.card.no_copy_free", card=f"@chaos.card.{power}.{c['id']}", power="@chaos.power." + power, copies=c["copies"])
        choices.append(Choice(c["id"], msg("chaos.card.choice", card=f"@chaos.card.{power}.{c['id']}", cost=c["cost"]),
                              (c["name"],), unavailable=why))
    return Ask(ask_id, question, ONE_OF, tuple(choices))
