"""Queue commands outside the flow of play (``tabletop radlands event|raid``): the same rules as the actions.

An event placed during its owner's Actions phase is paid from their water (``pay``); at any other moment the
command is a correction of the table's queue and takes no water. Neither moves the game on.
"""

from __future__ import annotations

from ..core.steps import Say, msg
from . import board
from .effects import Ctx, do_raid
from .queue import event_bomb, place_event


def event_command(state: dict, data, side: str, card: str, pay: bool):
    ctx = Ctx(state, data, side)
    ev = data.card(card)
    if board.event_space(ctx.side()["queue"], event_bomb(ctx, card, played=pay)) < 0:
        yield Say(msg("radlands.invalid.queue_full", card=ev["name"], bomb=ev["bomb"]), "warn")
        return
    if pay:
        cost = int(ev["cost"])
        if cost > board.water_left(state):
            yield Say(msg("radlands.invalid.water", card=ev["name"], cost=cost, water=board.water_left(state)), "warn")
            return
        board.pay(state, cost)
        ctx.side()["hand"] = max(0, ctx.side()["hand"] - 1)
        yield Say(msg("radlands.event.paid", card=ev["name"], cost=cost, water=board.water_left(state)), "do")
    else:
        yield Say(msg("radlands.event.unpaid", card=ev["name"]), "info")
    yield from place_event(ctx, card, paid=pay)


def raid_command(state: dict, data, side: str):
    yield from do_raid(Ctx(state, data, side))
