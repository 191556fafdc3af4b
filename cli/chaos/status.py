"""``tabletop chaos status``: the board the companion keeps, as a picture and as JSON.

JSON keys (documented in the README):

- ``ok``, ``name``, ``game`` ("chaos"), ``round``, ``over``, ``result``
  ({"winners": [...], "rule": ...} once the game is over), ``next`` (the next
  step: {"proc": ..., ...}), ``pending`` (the question waiting for an answer,
  or null)
- ``powers``: Power → {vp, threat, dial, dial_to_win, pp, hand, deck,
  discard, upgrades, peasants, dac}
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


def render_status(env, data: dict[str, Any]) -> None:
    from rich.table import Table

    t = env.t
    P = lambda p: t("chaos.power." + p)  # noqa: E731
    head = t("chaos.status.title", name=data["name"], round=data["round"])
    env.out.print(f"[bold]{head}[/bold]")
    powers = Table(show_edge=False, pad_edge=False)
    for col in ("power", "vp", "threat", "dial", "pp", "hand", "deck", "discard", "peasants", "dac", "upgrades"):
        powers.add_column(t("chaos.status.col." + col), justify="left" if col in ("power", "upgrades") else "right")
    for p, v in data["powers"].items():
        powers.add_row(P(p), str(v["vp"]), str(v["threat"]), f"{v['dial']}/{v['dial_to_win']}", str(v["pp"]), str(v["hand"]),
                       str(v["deck"]), str(v["discard"]), str(v["peasants"]), str(v["dac"]),
                       ", ".join(t(f"chaos.upgrade.{p}.{u}") for u in v["upgrades"]) or "—")
    env.out.print(powers)
    regions = Table(show_edge=False, pad_edge=False)
    for col in ("region", "res", "corruption", "tokens", "figures", "cards"):
        regions.add_column(t("chaos.status.col." + col))
    for rid, r in data["regions"].items():
        name = t("chaos.region." + rid)
        if r["ruined"]:
            name += " " + t("chaos.status.ruined", card=r["ruin_card"])
        corr = ", ".join(f"{P(p)} {n}" for p, n in r["corruption"].items())
        corr = f"{r['corruption_total']}/12" + (f" ({corr})" if corr else "")
        tokens = ", ".join(f"{t('chaos.token.' + k)} {n}" for k, n in r["tokens"].items()) or "—"
        figs = "; ".join(
            f"{P(p)}: " + ", ".join(f"{n} {t('chaos.figure.' + k)}" for k, n in f.items()) for p, f in r["figures"].items()
        ) or "—"
        cards = ", ".join(t(f"chaos.card.{c['power']}.{c['card']}") for c in r["cards"]) or "—"
        regions.add_row(name, f"{r['resistance']}/{r['conquest']}", corr, tokens, figs, cards)
    env.out.print(regions)
    ow = data["old_world"]
    spaces = [t("chaos.oldworld." + c) if c else "—" for c in (ow["space1"], ow["space2"])]
    env.out.print(t("chaos.status.old_world", deck=ow["deck"], space1=spaces[0], space2=spaces[1], next=data["ruination_next"]))
    if data["over"]:
        res = data["result"]
        if res.get("winners"):
            env.out.print(t("chaos.end.winner", powers=", ".join(P(p) for p in res["winners"]), rule=t("chaos.win." + res["rule"])))
        else:
            env.out.print(t("chaos.end.old_world_wins"))
    elif data["next"]:
        from automata.chaos.game import step_label

        env.out.print(t("chaos.status.next", step=t.render(step_label(data["next"]))))
