"""The phases of an Era (rules file §1.6, §2.5) with each module's changes where the seed puts them.

1 Preparation (Quantum Loops: refill the offer, P1-P2), 2 Paradox (not in Era 1; Hypersync tiles
count as Warp tiles, one extra roll for the most Hypersync tiles: rules file §2.14.2), 3 Power Up
(Intrigues: Missions, M1-M2), 4 Warp (Quantum Loops: the Quantum Warp takes a Loop card, W1-W4),
5 Action Rounds (actions.py), 6 Clean Up; the Impact after the Clean Up of Era 4 (X1-X5).
"""

from __future__ import annotations

import unicodedata

from ..core.steps import ONE_OF, SEVERAL_OF, TEXT, YES_NO, Ask, Choice, InvalidAnswer, Say, msg
from . import spaces
from .common import asks_from, asks_itself, card, card_choice, has, voice, player_choices, program_draws, provisional, turn_order, who
from .solo.data import solo_data_of

PHASES = ("preparation", "paradox", "power_up", "warp", "actions", "clean_up")


def phase_step(state: dict, data, era: int, phase: str):
    state["era"] = era
    state["phase"] = phase
    if phase == "preparation":
        yield Say(msg("anachrony.era.title", era=era, last=state["era_count"]), "head")
    yield Say(msg("anachrony.phase.title", phase=f"@anachrony.phase.{phase}", era=era), "head")
    yield from {"preparation": preparation, "paradox": paradox, "power_up": power_up, "warp": warp,
                "clean_up": clean_up}[phase](state, data, era)
    if phase == "clean_up":
        record_era(state, era)
        return
    nxt = PHASES[PHASES.index(phase) + 1]
    if nxt == "paradox" and era < data.rules["eras"]["paradox_from_era"]:
        nxt = "power_up"
    if nxt == "actions":
        state["next"] = {"proc": "actions", "era": era, "k": 1}
    else:
        state["next"] = {"proc": "phase", "era": era, "phase": nxt}


def record_era(state: dict, era: int) -> None:
    """The VP the program keeps at the end of each Era (each player's VP tokens, the solo opponent's VP in play),
    for the end-of-game chart Era by Era. Old saves have no ``history``: their summary has no chart."""
    row: dict = {"era": era, "vp": {p: pl["vp"] for p, pl in state["players"].items()}}
    if "solo" in state:
        row["bot"] = state["solo"]["vp"]
    state.setdefault("history", []).append(row)


# -- 1 Preparation ---------------------------------------------------------------------------


def preparation(state: dict, data, era: int):
    if era > 1:
        yield Say(msg("anachrony.prep.superproject", era=era), "do")
    yield Say(msg("anachrony.prep.buildings"), "do")
    yield Say(msg("anachrony.prep.pools"), "do")
    if state["impact"]:
        yield Say(msg("anachrony.prep.neutronium"), "rule")
    for p in state["players"].values():
        if "intrigues" in p:
            p["intrigues"]["benefit_uses"] = 0
    if has(state, "quantum_loops"):
        yield from refill_offer(state, data)
    if has(state, "hypersync"):
        yield Say(msg("anachrony.prep.hypersync_recruit"), "rule")


def refill_offer(state: dict, data):
    """P1-P2: reveal cards until the offer holds 3; more than 3 stay; an empty deck leaves it short."""
    ql = state["ql"]
    size = data.rules["quantum_loops"]["offer_size"]
    if len(ql["offer"]) >= size:
        yield Say(msg("anachrony.ql.offer_full", n=len(ql["offer"]), cards=[card(c) for c in ql["offer"]]), "rule")
        return
    while len(ql["offer"]) < size and ql["deck"]:
        if program_draws(state):
            c = ql["deck"].pop(0)
            yield Say(msg("anachrony.ql.reveal_app", card=card(c)), "do")
        else:
            c = yield Ask("anachrony.ql.revealed", msg("anachrony.ql.revealed"), ONE_OF,
                          tuple(card_choice(data, x) for x in ql["deck"]))
            ql["deck"].remove(c)
        ql["offer"].append(c)
    if len(ql["offer"]) < size:
        yield Say(msg("anachrony.ql.deck_empty", n=len(ql["offer"])), "warn")
    yield Say(msg("anachrony.ql.offer_now", cards=[card(c) for c in ql["offer"]] or "—", n=len(ql["deck"])), "do")


# -- 2 Paradox ---------------------------------------------------------------------------------


def pending_hypersync(state: dict, p: str) -> list[tuple[str, int]]:
    h = state["players"][p].get("hypersync", {})
    return sorted(((t, s["era"]) for t, s in h.items() if s["state"] == "pending"), key=lambda x: (x[1], x[0]))


def paradox(state: dict, data, era: int):
    yield Say(msg("anachrony.paradox.base"), "do")
    yield Say(msg("anachrony.paradox.anomaly"), "rule")
    yield Say(msg("anachrony.paradox.anomaly_warp_back"), "rule")  # rules file §2.6 (5)
    warps = []
    if has(state, "quantum_loops") and data.rules["quantum_loops"]["paradox"]["warp_counts"]:
        for p in turn_order(state):
            q = state["players"][p]["quantum"]
            if q["warp"] == "timeline":
                warps.append(p)
                yield Say(msg("anachrony.paradox.quantum_warp", player=who(state, p), era=q["era"]), "rule")
        if warps:
            yield provisional("rules.quantum_loops.paradox")
    if has(state, "hypersync"):
        counts = {p: len(pending_hypersync(state, p)) for p in turn_order(state)}
        for p, n in counts.items():
            for t, e in pending_hypersync(state, p):
                yield Say(msg("anachrony.paradox.hypersync_tile", player=who(state, p), tile=f"@anachrony.tile.{t}", era=e), "rule")
        most = max(counts.values(), default=0)
        theirs = _solo_hypersync_in_play(state)
        if theirs > most:  # solo: the Chronossus holds more, so no player rolls the extra (its roll: solo/phases.py)
            yield Say(msg("anachrony.paradox.hypersync_opponent_more", n=theirs, yours=most), "rule")
        elif most > 0:
            top = [p for p, n in counts.items() if n == most]
            yield Say(msg("anachrony.paradox.hypersync_extra", players=[who(state, p) for p in top], n=most), "do")
            yield Say(msg("anachrony.why.hypersync_extra", n=most), "why")
        else:
            yield Say(msg("anachrony.paradox.no_hypersync"), "rule")


def _solo_hypersync_in_play(state: dict) -> int:
    """Solo against the Chronossus: its Solo Hypersync tiles in play, when they count for the Paradox
    (rules file §3.4.9 and §4.1 item 20, provisional, owner-replaceable); else 0."""
    s = state.get("solo") or {}
    if not s.get("hypersync"):
        return 0
    return len(s["hypersync"]) if solo_data_of(state)["hypersync_paradox"]["counts"] else 0


# -- 3 Power Up ----------------------------------------------------------------------------------


def power_up(state: dict, data, era: int):
    yield Say(msg(voice(state, "anachrony.power_up.base")), "do")
    if state["impact"]:
        yield Say(msg("anachrony.power_up.after_impact"), "rule")
    if not has(state, "intrigues"):
        return
    intr = data.rules["intrigues"]
    for p in turn_order(state):
        pi = state["players"][p]["intrigues"]
        if pi["deck"] >= intr["mission_draw"]:
            pi["deck"] -= intr["mission_draw"]
            pi["mission"] = {"era": era, "kind": "mission", "revealed": False}
            yield Say(msg("anachrony.mission.draw", player=who(state, p), draw=intr["mission_draw"], left=pi["deck"]), "do")
        elif pi["emergency"] > 0:
            pi["emergency"] -= 1
            pi["mission"] = {"era": era, "kind": "emergency", "revealed": False}
            key = "anachrony.mission.emergency_first" if pi["emergency"] else "anachrony.mission.emergency_second"
            yield Say(msg(key, player=who(state, p)), "do")
        else:
            pi["mission"] = {}
            yield Say(msg("anachrony.mission.none_left", player=who(state, p)), "warn")
    yield Say(msg("anachrony.mission.secret"), "rule")


# -- 4 Warp ----------------------------------------------------------------------------------------


def warp(state: dict, data, era: int):
    yield Say(msg(voice(state, "anachrony.warp.base")), "do")
    if not has(state, "quantum_loops"):
        return
    ready = [p for p in turn_order(state) if state["players"][p]["quantum"]["warp"] == "supply"]
    if not ready:
        yield Say(msg("anachrony.warp.no_quantum"), "rule")
        return
    yield Say(msg("anachrony.warp.quantum_rule"), "rule")
    if not state["ql"]["offer"]:  # W4: a Quantum Warp revealed now takes no card and goes back: nothing to ask
        yield Say(msg("anachrony.warp.no_offer"), "rule")
        return
    chose = yield Ask("anachrony.warp.quantum", msg("anachrony.warp.who_quantum"), SEVERAL_OF, player_choices(state, ready), min=0)
    ql = state["ql"]
    for p in [p for p in turn_order(state) if p in chose]:
        q = state["players"][p]["quantum"]
        if not ql["offer"]:
            yield Say(msg("anachrony.warp.no_card", player=who(state, p)), "warn")
            continue
        choices = tuple(card_choice(data, c) for c in ql["offer"]) + (Choice("none", msg("anachrony.warp.none")),)
        # Enter alone: no card (docs/playing.md: Enter never records what the table did not do)
        c = yield Ask(f"anachrony.warp.{p}.card", msg("anachrony.warp.which_card", player=who(state, p)), ONE_OF, choices,
                      default="none")
        if c == "none":
            yield Say(msg("anachrony.warp.removed", player=who(state, p)), "do")
            continue
        ql["offer"].remove(c)
        q.update({"warp": "timeline", "era": era, "card": c})
        yield Say(msg("anachrony.warp.took", player=who(state, p), card=card(c), era=era), "do")
        yield from card_effect(state, data, p, c)
        payback = data.cards[c]["payback"]
        known = (ql.get("paybacks") or {}).get(c) if asks_itself(state) else None
        if payback == "ask" and known:  # L3: the card shows the same Breakthrough every time: said once, known
            q["payback"] = known
            yield Say(msg("anachrony.warp.payback_known", card=card(c), payback=payback_term(known)), "info")
        elif payback == "ask":
            said = yield Ask(f"anachrony.warp.{p}.payback", msg("anachrony.warp.payback", card=card(c)), TEXT,
                             check=_checked_payback, hint=msg("anachrony.warp.payback_hint"))
            q["payback"] = parse_payback(said)
            if asks_itself(state):
                ql.setdefault("paybacks", {})[c] = q["payback"]
        else:
            q["payback"] = payback
        yield Say(msg("anachrony.warp.payback_rule", player=who(state, p), payback=payback_term(q["payback"])), "rule")
    yield Say(msg("anachrony.ql.offer_now", cards=[card(c) for c in ql["offer"]] or "—", n=len(ql["deck"])), "info")


SHAPES = {"circle": "circle", "circulo": "circle", "triangle": "triangle", "triangulo": "triangle",
          "square": "square", "quadrado": "square"}


def payback_term(payback: str | None):
    """A stored payback ("square 2", shape ids in English) as a term the table reads in its language."""
    if not payback:
        return "—"
    shape, _, icon = payback.partition(" ")
    if shape not in ("circle", "triangle", "square") or not icon:
        return payback  # an owner's free text
    return msg("anachrony.payback", shape=f"@anachrony.score.shape.{shape}", icon=icon).to_data()


def _checked_payback(text: str) -> str:
    """The answer as the table typed it (echoed in its own words), once it reads as a Breakthrough."""
    parse_payback(text)
    return str(text).strip()


def parse_payback(text: str) -> str:
    """A Breakthrough as the card shows it: a shape (circle, triangle, square) and an icon numbered 1-5 as the
    owner's set shows them (rules file §4.1 item 2): "triangle 4" (Portuguese shape names too)."""
    folded = "".join(ch for ch in unicodedata.normalize("NFKD", str(text).lower()) if not unicodedata.combining(ch))
    words = folded.replace(",", " ").split()
    shape = next((SHAPES[w] for w in words if w in SHAPES), None)
    icon = next((w for w in words if w in ("1", "2", "3", "4", "5")), None)
    if shape is None or icon is None or len(words) != 2:
        raise InvalidAnswer(msg("anachrony.warp.payback_invalid", value=str(text)))
    return f"{shape} {icon}"


def card_effect(state: dict, data, p: str, c: str):
    """W2: the card acts at once. Only Cosmic Data Leak's effect is public (rules file §2.14.3)."""
    if c == "cosmic_data_leak" and has(state, "intrigues"):
        state["players"][p]["quantum"]["leak"] = True
        state["players"][p]["cosmic_data_leak"] = True  # kept after the card goes back (finish.known_answers)
        # each take draws its own Endgame Conditions: the count caps the final tally's question (finish.score_limits)
        state["players"][p]["cosmic_data_leak_takes"] = state["players"][p].get("cosmic_data_leak_takes", 0) + 1
        yield Say(msg("anachrony.warp.leak_intrigues", player=who(state, p)), "do")
    else:
        yield Say(msg("anachrony.warp.effect_printed", card=card(c)), "do")


# -- 6 Clean Up ------------------------------------------------------------------------------------


def clean_up(state: dict, data, era: int):
    yield Say(msg("anachrony.clean_up.base"), "do")
    if state["impact"]:
        yield Say(msg("anachrony.clean_up.collapsing"), "do")
    if has(state, "intrigues"):
        rule = data.rules["intrigues"]["unrevealed_mission"]
        warned = False
        for p in turn_order(state):
            pi = state["players"][p]["intrigues"]
            m = pi.get("mission") or {}
            if m and not m.get("revealed"):
                state["players"][p]["missions_failed"] += 1
                if not warned:  # the timing is provisional: said before the first penalty it decides
                    warned = True
                    yield provisional("rules.intrigues.unrevealed_mission")
                # a penalty: a thing to do at the table (→), not the gain star of scoring lines
                yield Say(msg("anachrony.clean_up.unrevealed", player=who(state, p), lost=-rule["vp"]), "do")
            pi["mission"] = {}
    spaces.end_era(state, collapsing_spaces(state, data))
    last = state["era_count"]
    # rules file §2.5 Clean Up: the game-end check (4) comes before the next Era's First Player (7); saves from before
    # questions version 3 asked the First Player first and keep that order, so that their journal replays
    collapse_first = asks_from(state, 3)
    if not collapse_first:
        yield from first_player(state, era, last)
    ends = yield from game_ends(state, data, era, last)
    if collapse_first and not ends:
        yield from first_player(state, era, last)
    if era == data.rules["eras"]["impact_era"] and not ends:
        state["next"] = {"proc": "impact", "era": era}
    elif ends:
        yield Say(msg("anachrony.clean_up.last_era", era=era), "head")
        state["next"] = {"proc": "end"}
    else:
        yield Say(msg("anachrony.clean_up.focus"), "do")
        state["next"] = {"proc": "phase", "era": era + 1, "phase": "preparation"}


def first_player(state: dict, era: int, last: int):
    """Rules file §2.5 Clean Up 7: whoever took the left World Council space is First Player next Era (the table
    keeps that space in a multi-player game). After the last Era no Era follows, so it is not asked (asks_itself)."""
    if state["options"]["players"] > 1 and not (era >= last and asks_itself(state)):
        first = yield Ask("anachrony.clean_up.first", msg("anachrony.clean_up.first"), ONE_OF,
                          player_choices(state, list(state["players"])) + (Choice("same", msg("anachrony.clean_up.nobody")),),
                          default="same")
        if first != "same":
            state["first"] = first
        yield Say(msg("anachrony.clean_up.first_is", player=who(state, state["first"])), "info")


def game_ends(state: dict, data, era: int, last: int):
    """Rules file §2.3: whether the game ends after this Era: the last Era, or (base game, after the Impact) the Era
    in which the last Collapsing Capital tile flipped, known in a solo game (capital_standing), else asked."""
    ends = era >= last
    if not ends and not has(state, "intrigues") and state["impact"] and era > data.rules["eras"]["impact_era"]:
        standing = capital_standing(state, data)
        if standing is None:
            ends = yield Ask("anachrony.clean_up.collapsed", msg("anachrony.clean_up.collapsed"), YES_NO, default=False)
        elif standing:
            yield Say(msg("anachrony.clean_up.capital_standing", n=standing), "info")
        else:
            ends = True
            yield Say(msg("anachrony.clean_up.capital_collapsed"), "do")
        if ends:
            yield Say(msg("anachrony.why.collapsed_end"), "why")
    return ends


def capital_standing(state: dict, data) -> int | None:
    """How many Collapsing Capital tiles are still face up (rules file §2.3: the game ends after the Era in which
    the last one flips), when the program knows: in a solo game it keeps every Capital space, the opponent's
    Exosuits and yours, provided it did so in every Era since the Impact (``spaces_from``) and in this one;
    else None (a multi-player game, where the table keeps the Capital spaces, or an older save)."""
    s = state.get("solo")
    if not s or s.get("spaces_era") != state["era"] or s.get("spaces_from", state["era"]) > data.rules["eras"]["impact_era"] + 1:
        return None
    tiles = collapsing_spaces(state, data)
    return sum(1 for kind in spaces.CAPITAL for x in tiles[kind] if x not in spaces.collapsed(state, kind))


def collapsing_spaces(state: dict, data) -> dict[str, list[str]]:
    """The spaces that carry a Collapsing tile after the Impact (rules file §2.9 (4), seed X5): as many per
    Capital Action as the player count says, top first (solo: 2, every space of the 2-player side); on the
    Council Chamber the same count (with 3 players the provisional pair of §4.1 item 17)."""
    n = state["options"]["players"]
    k = data.by_players(n)["collapsing_per_capital"]
    out = {kind: list(spaces.SPACES[kind][:k]) for kind in spaces.CAPITAL}
    if has(state, "intrigues"):
        if n == 3:
            out["negotiate"] = list(data.rules["intrigues"]["council_collapsing"]["spaces_3_players"])
        else:
            out["negotiate"] = list(data.by_players(n)["negotiate_spaces"][:k])
    return out


# -- the Impact --------------------------------------------------------------------------------------


def impact(state: dict, data):
    """Rules file §2.9 with the seed's X1-X5."""
    era = state["era"]
    n = state["options"]["players"]
    bp = data.by_players(n)
    state["impact"] = True
    state["phase"] = "impact"
    yield Say(msg("anachrony.impact.title"), "head")
    yield Say(msg("anachrony.impact.evacuation", spot=bp["evacuation_minus3_spot"]), "do")
    yield Say(msg(voice(state, "anachrony.impact.hex_unavailable")), "do")
    yield Say(msg("anachrony.impact.collapsing", n=bp["collapsing_per_capital"]), "do")
    yield Say(msg("anachrony.impact.neutronium"), "rule")
    if has(state, "hypersync"):
        state["supercharge"] = True
        yield Say(msg("anachrony.impact.supercharge"), "do")
        yield Say(msg("anachrony.impact.supercharge_rule"), "rule")
    if has(state, "intrigues"):
        per = data.rules["intrigues"]["emergency_per_player"]
        for p in turn_order(state):
            state["players"][p]["intrigues"]["emergency"] = per
        yield Say(msg("anachrony.impact.emergency", n=per), "do")
        yield Say(msg("anachrony.why.emergency"), "why")
        spaces = data.by_players(n)["negotiate_spaces"]
        k = bp["collapsing_per_capital"]
        if n == 3:
            on = data.rules["intrigues"]["council_collapsing"]["spaces_3_players"]
            yield Say(msg("anachrony.impact.council_collapsing_on", n=len(on), spaces=[f"@anachrony.space.{s}" for s in on]), "do")
            yield provisional("rules.intrigues.council_collapsing")
        else:
            yield Say(msg("anachrony.impact.council_collapsing", n=min(k, len(spaces)), spaces=[f"@anachrony.space.{s}" for s in spaces[:k]]), "do")
    while not (yield Ask("anachrony.impact.done", msg("anachrony.impact.done"), YES_NO)):
        yield Say(msg("anachrony.setup.again"), "warn")
    yield Say(msg("anachrony.clean_up.focus"), "do")
    state["next"] = {"proc": "phase", "era": era + 1, "phase": "preparation"}
