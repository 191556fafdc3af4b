"""The event queue: playing an event, the Events phase (seed "Jogar Carta (Evento)", "Fluxo do Jogo" 1; rules
§2.5). Resolving an event is card_effects.resolve_event_card (Omen Clock resolves one early as an effect)."""

from __future__ import annotations

from ..core.steps import Say, msg
from . import board
from . import targets
from .card_effects import resolve_event_card
from .effects import Ctx, zeto_first_event


def event_bomb(ctx: Ctx, card: str, played: bool = True) -> int:
    """The bomb number; Zeto Khan makes the first event played in the turn a bomb-0 event. A correction of the
    queue (``played`` False: ``tabletop radlands event … --no-pay``) is no event played: its printed bomb."""
    return 0 if played and zeto_first_event(ctx) else int(ctx.data.card(card)["bomb"])


def place_event(ctx: Ctx, card: str, paid: bool = True):
    """Put an event already paid for into its space (the bomb number, else the first free space behind it, up to
    space 3), or resolve it at once when its bomb is 0. The caller has checked ``event_space`` is not -1.
    ``paid`` is False for a correction of the queue by command (no water to discard with a bomb-0 event): no event
    played, so it neither takes nor uses up Zeto Khan's first event of the turn (rules §2.5 step 1, §2.11)."""
    state = ctx.state
    side = ctx.side()
    bomb = event_bomb(ctx, card, played=paid)
    space = board.event_space(side["queue"], bomb)
    if paid:
        state["turn"]["events_played"] += 1
    name = targets.card_name(ctx.data, card)
    if space == 0:
        if bomb != int(ctx.data.card(card)["bomb"]):
            yield Say(msg("radlands.event.zeto", card=name), "rule")
        yield Say(msg("radlands.event.now" if paid else "radlands.event.now_unpaid", card=name), "head")
        yield from resolve_event_card(ctx, card)
        return
    side["queue"][space - 1] = card
    key = "radlands.event.placed" if space == bomb else "radlands.event.placed_behind"
    yield Say(msg(key, card=name, player=side["name"], space=space, bomb=bomb), "do")


def events_phase(ctx: Ctx):
    """Seed, Fluxo do Jogo 1: the event in space 1 is resolved and discarded; then every event moves forward."""
    side = ctx.side()
    card = side["queue"][0]
    if card:
        side["queue"][0] = ""
        yield from resolve_event_card(ctx, card)
        if ctx.state.get("over"):
            return
    else:
        yield Say(msg("radlands.events.none", player=side["name"]), "info")
    yield from move_forward(ctx.data, side)


def move_forward(data, side: dict):
    """Every event left in the player's queue moves forward one space (Events phase, after space 1)."""
    if any(side["queue"]):
        board.shift_queue(side["queue"])
        moved = [f"{targets.card_name(data, c)} → {i + 1}" for i, c in enumerate(side["queue"]) if c]
        yield Say(msg("radlands.events.shift", player=side["name"], moved=moved), "do")
