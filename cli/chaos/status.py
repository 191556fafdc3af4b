"""``tabletop chaos status``: the board the companion keeps, as data (``--json``); cli/chaos/picture.py draws it.

JSON keys (documented in docs/chaos.md):

- ``ok``, ``name``, ``game`` ("chaos"), ``round``, ``over``, ``result``
  ({"winners": [...], "rule": ...} once the game is over), ``next`` (the next
  step: {"proc": ..., ...}), ``pending`` (the question waiting for an answer,
  or null)
- ``powers``: Power → {vp, threat, dial, dial_to_win, pp, hand, deck,
  discard, deck_unsure, upgrades, peasants, dac}
- ``regions``: region → {order, ruined, ruin_card, ruin_face_up, resistance,
  conquest, corruption (Power → n), corruption_total (Warpstone included),
  tokens (kind → n), figures (Power → kind → n), cards ([{power, card, cost}])}
- ``old_world``: {deck (cards left), space1, space2 (card ids or "")}
- ``ruination_next``: the next Ruination card (6 when none is left)
"""

from __future__ import annotations

from typing import Any


def status_data(session) -> dict[str, Any]:
    from automata.chaos.board import conquest, corruption_total, resistance, threat
    from automata.chaos.game import data_of, next_step

    save = session.save
    state = save.state
    data = data_of(state)
    powers = {}
    for p in state["powers"]:
        ps = state["p"][p]
        powers[p] = {
            "vp": ps["vp"],
            "threat": threat(state, data, p),
            "dial": ps["dial"],
            "dial_to_win": data.ticks_to_win(p),
            "pp": ps["pp"],
            "hand": ps["hand"],
            "deck": ps["deck"],
            "discard": ps["discard"],
            # Tzeentch's unasked discards before drawing: the deck may hold up to this many cards fewer, the
            # discard pile as many more (automata/chaos/copies.py, unsure)
            "deck_unsure": ps.get("deck_unsure", 0),
            "upgrades": list(ps["upgrades"]),
            "peasants": ps["peasants"],
            "dac": ps["dac"],
        }
    regions = {}
    for rid in data.region_ids:
        reg = state["regions"][rid]
        regions[rid] = {
            "order": data.region(rid)["order"],
            "ruined": bool(reg["ruin"]),
            "ruin_card": reg["ruin"],
            "ruin_face_up": reg["ruin_face_up"],
            "resistance": resistance(state, data, rid),
            "conquest": conquest(state, data, rid),
            "corruption": {p: n for p, n in reg["corruption"].items() if n},
            "corruption_total": corruption_total(reg),
            "tokens": {k: n for k, n in reg["tokens"].items() if n},
            "figures": {p: {k: n for k, n in f.items() if n} for p, f in reg["figures"].items() if sum(f.values())},
            "cards": list(reg["cards"]),
        }
    pending = None
    if save.pending and save.pending.get("records") is not None:
        pending = {"step": save.pending["step"], "answers_so_far": len(save.pending["records"])}
    return {
        "ok": True,
        "name": save.name,
        "game": save.game,
        "round": state["round"],
        "over": state["over"],
        "result": state.get("result", {}),
        "next": next_step(state),
        "pending": pending,
        "powers": powers,
        "regions": regions,
        "old_world": {"deck": state["old_world"]["deck"], "space1": state["old_world"]["track"][0], "space2": state["old_world"]["track"][1]},
        "ruination_next": state["ruination_next"],
    }
