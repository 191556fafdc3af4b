"""What the cards allow, read from the table and the card data: the cards that may still be in a hand, what a
person or an ability costs, who enters play ready, the abilities a card on the table offers, a hand's cards as
choices. No questions are asked here; the effects and the turn use these answers."""

from __future__ import annotations

from ..core.steps import Choice, msg
from . import board


def available_people(state: dict, data, kind: str) -> list[str]:
    """Card types of ``kind`` of which a copy may still be in a hand: copies not visible in play, in a queue or
    among the known discards."""
    seen: dict[str, int] = {}
    for s in board.SIDES:
        side = state["players"][s]
        for p in board.people(side):
            seen[p["card"]] = seen.get(p["card"], 0) + 1
        for card in side["queue"]:
            if card:
                seen[card] = seen.get(card, 0) + 1
    for card in state["deck"]["known"]:
        seen[card] = seen.get(card, 0) + 1
    table = data.people if kind == "person" else data.events
    return [cid for cid, c in table.items() if seen.get(cid, 0) < int(c["copies"])]


def person_cost(state: dict, data, side: str, card: str, c: int) -> int:
    """The printed cost, with Holdout (0 into the column of one of your destroyed camps) and Oasis (1 less into its
    column while that column holds none of your people); never below 0."""
    return _cost(data.card(card), *column_terms(state, data, side, c))


def column_terms(state: dict, data, side: str, c: int) -> tuple[bool, int]:
    """What a column changes in a person's cost: whether its camp is destroyed (Holdout), Oasis's discount."""
    side_ = state["players"][side]
    camp = side_["camps"][c]
    oasis = board.camp_alive(camp) and "oasis" in data.card(camp["id"]).get("traits", []) and not side_["columns"][c]
    return camp["state"] == "destroyed", 1 if oasis else 0


def _cost(person: dict, destroyed: bool, discount: int) -> int:
    if "holdout" in person.get("traits", []) and destroyed:
        return 0
    return max(0, int(person["cost"]) - discount)


def karli_active(state: dict, data, side: str) -> bool:
    """Karli Blaze (undamaged, yours): all your people enter play ready, punks included."""
    return any(p["card"] != board.PUNK and not p["damaged"] and "all_enter_ready" in data.card(p["card"]).get("traits", [])
               for p in board.people(state["players"][side]))


def enters_ready(state: dict, data, side: str, card: str) -> bool:
    traits = data.card(card).get("traits", [])
    return "enters_ready" in traits or "all_enter_ready" in traits or karli_active(state, data, side)


def card_choices(data, ids: list[str], with_cost: bool = True) -> tuple[Choice, ...]:
    out = []
    for cid in ids:
        c = data.card(cid)
        aliases = tuple(a for a in [c["name"]] + list(c.get("aliases", [])))
        label = msg("radlands.card_cost", card=c["name"], cost=c["cost"]) if with_cost else msg("radlands.card_plain", card=c["name"])
        out.append(Choice(cid, label, aliases))
    return tuple(out)


def ability_cost(state: dict, data, side: str, ability: dict) -> int:
    cost = ability.get("cost", 0)
    if cost == "symbol":  # rules §4.1 item 5: the card's own cost (shipped: 0, provisional), plus what it borrows
        return max(0, int(state["rules"]["provisional"].get("symbol_cost_base", 0)))
    cost = int(cost)
    mod = ability.get("cost_mod", "")
    if mod == "minus_per_punk":
        cost -= board.punks(state["players"][side])
    elif mod == "minus_per_destroyed_camp":
        cost -= board.destroyed_camps(state["players"][side])
    return max(0, cost)


def condition_holds(state: dict, side: str, ability: dict, camp: dict | None) -> bool:
    me = state["players"][side]
    cond = ability.get("condition", "")
    ok = {
        "": True,
        "people_at_most_1": len(board.people(me)) <= 1,
        "people_entered_2": state["turn"]["people_entered"] >= 2,
        "event_resolved": state["turn"]["event_resolved"],
        "own_raiders_resolved": state["turn"]["own_raiders_resolved"],
        "self_undamaged": camp is not None and camp["state"] == "undamaged",
        "opponent_has_event": any(state["players"][board.other(side)]["queue"]),
        "has_punk": board.punks(me) > 0,
    }.get(cond, True)
    if "destroy_own_person" in ability.get("effects", []) and not board.people(me):
        return False
    return ok


def argo_active(state: dict, data, side: str) -> bool:
    return any(p["card"] != board.PUNK and not p["damaged"] and "argo_yesky" in data.card(p["card"]).get("traits", [])
               for p in board.people(state["players"][side]))


def abilities_of(state: dict, data, side: str, source: dict) -> list[tuple[int, dict, str]]:
    """(number, ability, text id) for a card on the table; Argo Yesky lends his ability to all your people."""
    out = []
    if source["card"] != board.PUNK:
        for n, ab in enumerate(data.card(source["card"]).get("abilities", []), 1):
            out.append((n, ab, ability_text(data, source["card"], n)))
    if source["kind"] == "person" and source["card"] != "argo_yesky" and argo_active(state, data, side):
        argo = data.card("argo_yesky")["abilities"][0]
        out.append((len(out) + 1, argo, ability_text(data, "argo_yesky", 1)))
    return out


def ability_text(data, card: str, n: int) -> dict:
    """The ability's text as message data (the owner's own wording, else the shipped text)."""
    return data.ability_text(card, n).to_data()


def columns_for_people(state: dict, data, side: str) -> list[tuple[bool, int]]:
    """``column_terms`` of each column a person may go to (every column when all are full: one of the people there
    is destroyed first)."""
    side_ = state["players"][side]
    cols = [c for c in range(3) if board.column_has_room(side_, c, state["rules"]["column_limit"])] or [0, 1, 2]
    return [column_terms(state, data, side, c) for c in cols]


def cheapest(state: dict, data, side: str, card: str, columns: list[tuple[bool, int]] | None = None) -> int:
    """The lowest cost of ``card`` over the columns it may go to (``person_cost`` over ``columns_for_people``,
    which a caller pricing many cards computes once)."""
    person = data.card(card)
    return min(_cost(person, *terms) for terms in (columns if columns is not None else columns_for_people(state, data, side)))
