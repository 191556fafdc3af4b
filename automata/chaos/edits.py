"""Board changes the table reports after a card the program does not model.

Old World cards and many Chaos cards act on the board in ways printed on the
card. After such a card the program asks what changed, in a short language:

    none
    +warpstone kislev; -peasant tilea; +2 hero norsca
    +corruption nurgle the empire; -2 corruption khorne kislev
    +cultist khorne tilea; -warrior nurgle estalia
    +3 vp khorne; -1 pp tzeentch; +dac slaanesh; +2 cards nurgle
    -track peasant uprising

Items are separated by ";" or ",". Portuguese words work too (nobre, camponês,
pedra, herói, corrupção, cultista, guerreiro, demônio, pv, poder, cartas,
trilha).

Cards move between the piles as at the table: ``+2 cards nurgle`` draws two
from Nurgle's deck (the discard pile reshuffled when it runs out), ``-2 cards
nurgle`` discards two from his hand. ``-track CARD`` takes an Old World card
off the track (seed, Fase do Velho Mundo: a card can remove comet cards from
the event zone), so it is no longer resolved in the End phase.
"""

from __future__ import annotations

import re

from . import copies
from .board import FIGURE_KINDS, TOKEN_KINDS, WORDS as WORDS_FILE, figures_of, in_reserve, kind_words
from .data import ChaosData, UnknownName, find_power, find_region
from ..core.closest import close_matches
from ..core.fix import fold as _fold
from ..core.steps import InvalidAnswer, msg

#: every word of a kind of change (data/fix_words.toml ``[kinds]``, both languages), folded → the kind
WORDS = kind_words(WORDS_FILE.table["kinds"])


#: words that may follow "zona" ("zona de eventos", the seed's name for the track)
TRACK_FILLER = {_fold(w) for w in WORDS_FILE.word("track_filler")}
#: the answer that nothing changed
NOTHING = ("", *(_fold(w) for w in WORDS_FILE.word("nothing")))
#: the kinds of change, in the order the refusals list them (each shown as the word the table's language types:
#: ``chaos.edit.word.<kind>``)
WHAT_KINDS = ("noble", "peasant", "warpstone", "hero", "skaven", "event", "corruption", "cultist", "warrior", "daemon",
              "vp", "pp", "dac", "cards", "track")
NEEDS_POWER = {"corruption", "cultist", "warrior", "daemon", "vp", "pp", "dac", "cards"}
NEEDS_REGION = set(TOKEN_KINDS) | {"corruption", "cultist", "warrior", "daemon"}

_ITEM = re.compile(r"^([+-])\s*(\d*)\s*(.+)$")


def parse(text: str, data: ChaosData, powers: list[str]) -> list[dict]:
    """Parse a change list; raise InvalidAnswer with what is valid."""
    text = text.strip()
    if _fold(text) in NOTHING:
        return []
    ops = []
    for raw in re.split(r"[;,]", text):
        item = raw.strip()
        if not item:
            continue
        m = _ITEM.match(item)
        if not m:
            raise InvalidAnswer(msg("chaos.edit.bad_item", item=item))
        sign, count, rest = m.groups()
        n = int(count) if count else 1
        if n <= 0:
            raise InvalidAnswer(msg("chaos.edit.bad_item", item=item))
        words = rest.split()
        what, take, owner = _what(data, words)
        if what is None:
            raise InvalidAnswer(msg("chaos.edit.bad_what", item=item, word=words[0], valid=tuple(f"@chaos.edit.word.{k}" for k in WHAT_KINDS),
                                    close=", ".join(_close_words(data, words)) or ""))
        words, named = words[take:], words[:take]
        if what == "track":
            ops.append(_track_op(item, sign, n, words, data))
            continue
        op = {"what": what, "delta": n if sign == "+" else -n}
        if what in NEEDS_POWER:
            if not words:
                raise InvalidAnswer(msg("chaos.edit.need_power", item=item, valid=", ".join(powers)))
            try:
                power = find_power(data, words[0])
            except UnknownName as e:
                raise InvalidAnswer(msg("chaos.edit.unknown_power", item=item, word=words[0], valid=", ".join(powers), close=", ".join(e.close))) from None
            if power not in powers:
                raise InvalidAnswer(msg("chaos.edit.unknown_power", item=item, word=words[0], valid=", ".join(powers), close=""))
            if owner is not None and owner != power:
                raise InvalidAnswer(msg("chaos.edit.not_theirs", item=item, word=" ".join(named), owner="@chaos.power." + owner,
                                        power="@chaos.power." + power))
            op["power"] = power
            words = words[1:]
        if what in NEEDS_REGION:
            name = " ".join(words)
            try:
                op["region"] = find_region(data, name)
            except UnknownName as e:
                raise InvalidAnswer(msg("chaos.edit.unknown_region", item=item, word=name, valid=tuple("@chaos.region." + r for r in data.region_ids),
                                        close=tuple("@chaos.region." + r for r in e.close) or "")) from None
        elif words:
            raise InvalidAnswer(msg("chaos.edit.bad_item", item=item))
        ops.append(op)
    return ops


def _track_op(item: str, sign: str, n: int, words: list[str], data: ChaosData) -> dict:
    """``-track CARD``: an Old World card taken off the track (by id or name, with or without "the")."""
    if sign == "+":
        raise InvalidAnswer(msg("chaos.edit.track_add", item=item))
    while words and _fold(words[0]) in TRACK_FILLER:
        words = words[1:]
    name = _fold(" ".join(words)).replace("-", " ").replace("_", " ")
    cards = data.old_world_cards
    valid = ", ".join(c["id"] for c in cards)
    if not name:
        raise InvalidAnswer(msg("chaos.edit.track_card", item=item, word="", valid=valid, close=""))
    for c in cards:
        keys = {_fold(c["id"]).replace("_", " "), _fold(c["name"]).replace("'", "")}
        keys |= {k[4:] for k in keys if k.startswith("the ")}
        typed = name.replace("'", "")
        if typed in keys or (typed.startswith("the ") and typed[4:] in keys):
            return {"what": "track", "delta": -n, "card": c["id"]}
    close = close_matches(name, [c["name"] for c in cards])
    raise InvalidAnswer(msg("chaos.edit.track_card", item=item, word=" ".join(words), valid=valid, close=", ".join(close)))


#: the most words a change's kind takes ("grande demônio", a follower's name: "Great Unclean One")
WHAT_MAX_WORDS = 3


def _owners(data: ChaosData) -> dict[str, tuple[str, str]]:
    """Every Power's followers' own names (Bloodletter, Great Unclean One), folded → (kind, the Power)."""
    out = {}
    for power in data.power_ids:
        for kind in FIGURE_KINDS:
            name = _fold(data.power(power)["followers"][kind]["name"]).replace(" ", "_")
            out.setdefault(name, (kind, power))
            out.setdefault(name + "s", (kind, power))
    return out


def _what(data: ChaosData, words: list[str]) -> tuple[str | None, int, str | None]:
    """The kind of change named by the first words (a word of either language, or a follower's own name), how many
    words it took and, for a follower's name, its Power; (None, 0, None) when none."""
    owners = _owners(data)
    for take in range(min(WHAT_MAX_WORDS, len(words)), 0, -1):
        key = "_".join(_fold(w).replace("-", "_") for w in words[:take])
        if key in WORDS:
            return WORDS[key], take, None
        if key in owners:
            return owners[key][0], take, owners[key][1]
    return None, 0, None


def _close_words(data: ChaosData, words: list[str]) -> list[str]:
    """The words closest to the unknown kind (in either language, or a follower's name), as typed."""
    names = [w.replace("_", " ") for w in WORDS if not (w.endswith("s") and w[:-1] in WORDS)]  # no plurals twice
    names += [data.power(p)["followers"][k]["name"] for p in data.power_ids for k in FIGURE_KINDS]
    out: list[str] = []
    for take in range(1, min(WHAT_MAX_WORDS, len(words)) + 1):
        out += close_matches(" ".join(words[:take]), names)
    return list(dict.fromkeys(out))[:3]


def check(ops: list[dict], state: dict, data: ChaosData) -> None:
    """Refuse changes that cannot happen on the board (nothing is applied)."""
    trial = _counts(state)
    for op in ops:
        what, delta = op["what"], op["delta"]
        if what in TOKEN_KINDS:
            region = state["regions"][op["region"]]
            if delta > 0 and region["ruin"] and data.rules["rules"]["ruined_regions"].get("no_old_world_tokens", True):
                raise InvalidAnswer(msg("chaos.edit.ruined", region="@chaos.region." + op["region"]))
            key = ("token", op["region"], what)
        elif what == "corruption":
            key = ("corruption", op["region"], op["power"])
        elif what in FIGURE_KINDS:
            key = ("figure", op["region"], op["power"], what)
            # a figure taken off the board goes back off it and may be placed again (rules file §1.6: a Power's
            # figures are on the board or off it); what is placed is counted against what is off the board
            placed = trial.get(("placed", op["power"], what), 0) + delta
            trial[("placed", op["power"], what)] = placed
            left = in_reserve(state, data, op["power"], what)
            if delta > 0 and placed > left:
                raise InvalidAnswer(msg("chaos.edit.no_reserve", power="@chaos.power." + op["power"], figure="@chaos.figure." + what,
                                        n=placed, left=left))
        elif what == "track":
            key = ("track", op["card"])
            on_track = [c for c in state["old_world"]["track"] if c]
            if op["card"] not in on_track:
                raise InvalidAnswer(msg("chaos.edit.not_on_track", card="@chaos.oldworld." + op["card"],
                                        valid=", ".join(on_track) or "-"))
        elif what == "cards" and delta > 0:
            # a draw comes from the deck, then from the discard pile reshuffled (seed, Fase de Compra)
            pile = ("pile", op["power"])
            left = trial.get(pile, copies.drawable(state, op["power"]))
            if delta > left:
                ps = state["p"][op["power"]]
                raise InvalidAnswer(msg("chaos.edit.no_cards", item=_describe(op), power="@chaos.power." + op["power"], n=left,
                                        deck=ps["deck"], discard=ps["discard"]))
            trial[pile] = left - delta
            key = ("cards", op["power"])
        elif what in ("vp", "pp", "dac", "cards"):
            key = (what, op["power"])
            if what == "cards":  # a discard goes onto the discard pile, which a later draw may reshuffle
                pile = ("pile", op["power"])
                trial[pile] = trial.get(pile, copies.drawable(state, op["power"])) - delta
        else:  # pragma: no cover - parse() only makes the kinds above
            raise InvalidAnswer(msg("chaos.edit.bad_item", item=what))
        trial[key] = trial.get(key, 0) + delta
        if trial[key] < 0:
            raise InvalidAnswer(msg("chaos.edit.negative", item=_describe(op)))


def _counts(state: dict) -> dict:
    out: dict = {}
    for rid, region in state["regions"].items():
        for kind, n in region["tokens"].items():
            out[("token", rid, kind)] = n
        for power, n in region["corruption"].items():
            out[("corruption", rid, power)] = n
        for power, figs in region["figures"].items():
            for kind, n in figs.items():
                out[("figure", rid, power, kind)] = n
    for power, ps in state["p"].items():
        out[("vp", power)] = ps["vp"]
        out[("pp", power)] = ps["pp"]
        out[("dac", power)] = ps["dac"]
        out[("cards", power)] = ps["hand"]
    for card in state["old_world"]["track"]:
        if card:
            out[("track", card)] = out.get(("track", card), 0) + 1
    return out


def _describe(op: dict) -> str:
    parts = [f"{op['delta']:+d}", op["what"]]
    if "power" in op:
        parts.append(op["power"])
    if "region" in op:
        parts.append(op["region"])
    if "card" in op:
        parts.append(op["card"])
    return " ".join(parts)


def apply(ops: list[dict], state: dict) -> None:
    for op in ops:
        what, delta = op["what"], op["delta"]
        if what in TOKEN_KINDS:
            tokens = state["regions"][op["region"]]["tokens"]
            tokens[what] = tokens.get(what, 0) + delta
        elif what == "corruption":
            corr = state["regions"][op["region"]]["corruption"]
            corr[op["power"]] = corr.get(op["power"], 0) + delta
            if delta > 0:
                placed = state["p"][op["power"]]["placed_round"]
                placed[op["region"]] = placed.get(op["region"], 0) + delta
        elif what in FIGURE_KINDS:
            figs = figures_of(state["regions"][op["region"]], op["power"])
            figs[what] += delta
        elif what == "cards":
            ps = state["p"][op["power"]]
            for _ in range(abs(delta)):
                if delta < 0:  # discarded from the hand: onto the discard pile (which card: unseen)
                    ps["hand"] -= 1
                    copies.to_discard(state, op["power"])
                else:  # drawn (common.apply_changes draws through draw_cards, which says the reshuffle)
                    if ps["deck"] == 0:
                        copies.reshuffle(state, op["power"])
                    ps["deck"] -= 1
                    ps["hand"] += 1
        elif what == "track":
            track = state["old_world"]["track"]
            for _ in range(-delta):
                track[track.index(op["card"])] = ""
        else:
            state["p"][op["power"]][what] += delta


def describe(ops: list[dict]):
    """Each change as a message for the table (terms translated)."""
    out = []
    for op in ops:
        delta = f"{op['delta']:+d}"
        what = op["what"]
        if what == "track":
            out.append(msg("chaos.edit.line.track", card="@chaos.oldworld." + op["card"]))
        elif what in TOKEN_KINDS:
            out.append(msg("chaos.edit.line.token", delta=delta, token="@chaos.token." + what, region="@chaos.region." + op["region"]))
        elif what == "corruption":
            out.append(msg("chaos.edit.line.corruption", delta=delta, power="@chaos.power." + op["power"], region="@chaos.region." + op["region"]))
        elif what in FIGURE_KINDS:
            out.append(msg("chaos.edit.line.figure", delta=delta, figure="@chaos.figure." + what, power="@chaos.power." + op["power"], region="@chaos.region." + op["region"]))
        else:
            out.append(msg("chaos.edit.line.counter", delta=delta, what="@chaos.edit.what." + what, power="@chaos.power." + op["power"]))
    return out
