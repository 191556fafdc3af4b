"""The Summoning phase recorded afterwards: one line per Power (issue 11).

Seed 003, Fase de Invocação: the Powers take one action each in a continuous circle until every power
marker is on 0. At a real table nobody stops after every figure, so the table may record the whole phase
afterwards, one line per Power, e.g. ``2 bloodletter kislev, cultist "the empire", card blood_frenzy kislev``.
The line is checked whole against the seed's rules (power spent at most the power available, a legal
placement order exists, two card spaces per region, figures in the box) and refused whole, with the
reason, if any part fails: nothing is applied.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from ..core.steps import TEXT, Ask, InvalidAnswer, Say, msg
from . import copies
from .cardorder import ask_first
from .board import FIGURE_KINDS, FIGURE_WORDS, figure_count, figure_names, figures_of, in_reserve, place_card
from .common import apply_changes, ask_changes, card_played_notes, power_term, region_term
from .data import ChaosData, UnknownName, find_region
from .turn import next_summoner, start_summoning
from .corruption import moved_provisional, summoned

#: words for "nothing this round" and for "let us record one action at a time"
NOTHING = {"", "-", "none", "nothing", "pass", "nada", "nenhum", "passa", "passo"}
TURNS = {"turns", "turn", "menu", "one_by_one", "uma_a_uma", "turnos", "acao_a_acao"}
CARD_WORDS = {"card", "carta", "cards", "cartas"}
FROM_WORDS = {"from", "de", "da", "do", "das", "dos"}
KIND_WORDS = FIGURE_WORDS  # English and Portuguese (board.py: one table with the board changes and the menu)
#: the most words a figure's name takes ("Great Unclean One", "Keeper of Secrets")
KIND_MAX_WORDS = 3


@functools.lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Lower case, no accents, spaces and dashes as '_' (remembered: a line is folded word by word, often)."""
    text = unicodedata.normalize("NFKD", text.strip().lower().strip("\"'“”"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[\s\-]+", "_", text)


def _words(item: str) -> list[str]:
    return [w.strip("\"'“”") for w in re.findall(r'"[^"]*"|“[^”]*”|\S+', item)]


def _region(data: ChaosData, words: list[str], item: str) -> str:
    name = " ".join(words)
    try:
        return find_region(data, name)
    except UnknownName as e:
        raise InvalidAnswer(msg("chaos.line.unknown_region", item=item, word=name, valid=tuple("@chaos.region." + r for r in data.region_ids),
                                close=tuple("@chaos.region." + r for r in e.close) or "")) from None


def _is_region(data: ChaosData, words: list[str]) -> bool:
    try:
        find_region(data, " ".join(words), suggest=False)  # asked of every word run: no closest names to compute
    except UnknownName:
        return False
    return True


def _kind(data: ChaosData, power: str, words: list[str]) -> tuple[str, int] | None:
    """The figure kind named by the first one or two words (role or follower name), and how many words it took."""
    names = {fold(name): kind for name, kind in figure_names(data, power).items()}
    for take in range(KIND_MAX_WORDS, 0, -1):
        if len(words) < take:
            continue
        w = fold(" ".join(words[:take]))
        if w in names:
            return names[w], take
    return None


def _close_kinds(data: ChaosData, power: str, words: list[str]) -> list[str]:
    """The figure names closest to what was typed (the first one to three words): the kinds in either language and
    the Power's followers' own names, each once (no plural beside its singular)."""
    from ..core.closest import close_matches

    names = [w.replace("_", " ") for w in FIGURE_WORDS if not (w.endswith("s") and w[:-1] in FIGURE_WORDS)]
    names += [data.power(power)["followers"][k]["name"] for k in FIGURE_KINDS]
    out: list[str] = []
    for take in range(1, min(KIND_MAX_WORDS, len(words)) + 1):
        out += close_matches(" ".join(words[:take]), names)
    return list(dict.fromkeys(out))[:3]


def _card(data: ChaosData, power: str, words: list[str], item: str) -> tuple[str, list[str]]:
    cards = data.chaos_cards(power)
    for k in range(len(words) - 1, 0, -1):
        w = fold(" ".join(words[:k]))
        for c in cards:
            if w in (fold(c["id"]), fold(c["name"])):
                return c["id"], words[k:]
    from ..core.closest import close_matches

    names = [c["name"] for c in cards]
    close = close_matches(" ".join(words[:-1]) or words[0], names)
    raise InvalidAnswer(msg("chaos.line.unknown_card", item=item, power="@chaos.power." + power,
                            valid=tuple(f"@chaos.card.{power}.{c['id']}" for c in cards), close=", ".join(close)))


def parse(text: str, data: ChaosData, power: str) -> list[dict] | str:
    """The line as actions ({"card", "region"} or {"kind", "region", "origin"}), or "turns"."""
    if fold(text) in TURNS:
        return "turns"
    if fold(text) in NOTHING:
        return []
    actions: list[dict] = []
    for raw in re.split(r"[;,]", text):
        item = raw.strip()
        if not item:
            continue
        words = _words(item)
        if fold(words[0]) in CARD_WORDS:
            if len(words) < 3:
                raise InvalidAnswer(msg("chaos.line.bad_item", item=item))
            card, rest = _card(data, power, words[1:], item)
            actions.append({"card": card, "region": _region(data, rest, item)})
            continue
        n = 1
        if words[0].isdigit():
            n = int(words[0])
            words = words[1:]
            if n < 1 or not words:
                raise InvalidAnswer(msg("chaos.line.bad_item", item=item))
        found = _kind(data, power, words)
        if found is None:
            followers = data.power(power)["followers"]
            raise InvalidAnswer(msg("chaos.line.unknown_figure", item=item, word=words[0], kinds=tuple(f"@chaos.figure.{k}" for k in FIGURE_KINDS),
                                    names=", ".join(followers[k]["name"] for k in FIGURE_KINDS),
                                    close=", ".join(_close_kinds(data, power, words)) or ""))
        kind, take = found
        words = words[take:]
        origin = None
        # a region whose name holds a "from" word ("Terra dos Trolls") is no move
        cut = [i for i, w in enumerate(words) if fold(w) in FROM_WORDS and i > 0] if not _is_region(data, words) else []
        if cut:
            # the origin follows the first "from" word after which a region is named ("da Terra dos Trolls")
            at = next((i for i in cut if _is_region(data, words[i + 1:])), cut[-1])
            origin = _region(data, words[at + 1:], item)
            words = words[:at]
        if not words:
            raise InvalidAnswer(msg("chaos.line.bad_item", item=item))
        region = _region(data, words, item)
        if origin == region:
            raise InvalidAnswer(msg("chaos.line.same_region", item=item))
        actions.extend({"kind": kind, "region": region, "origin": origin} for _ in range(n))
    return actions


def _valid_targets(data: ChaosData, mine: dict[str, int]) -> set[str]:
    """Seed, Summoning: a region with your figures or adjacent to one; anywhere when you have none."""
    own = [r for r, n in mine.items() if n > 0]
    if not own:
        return set(data.region_ids)
    ok = set(own)
    for r in own:
        ok.update(data.region(r)["adjacent"])
    return ok


def _can_summon(data: ChaosData, a: dict, mine: dict[str, int], kinds_at: dict, moved_counts: bool,
                targets: list[str] | None = None) -> bool:
    """Whether summon ``a`` is legal now: a moved figure is where it comes from, and it goes where the Power may
    summon, judged before the figure is lifted unless ``moved_counts`` is False (rules.summoning, rules file §3.11);
    ``targets``: those regions for the board as it stands, when already known."""
    if a["origin"] and kinds_at.get((a["origin"], a["kind"]), 0) <= 0:
        return False
    if a["origin"] and not moved_counts:
        return a["region"] in _valid_targets(data, {**mine, a["origin"]: mine[a["origin"]] - 1})
    return a["region"] in (targets if targets is not None else _valid_targets(data, mine))


def _made(a: dict, mine: dict[str, int], kinds_at: dict) -> tuple[dict[str, int], dict]:
    """The Power's figures by region, and by region and kind, once summon ``a`` is made (new tables)."""
    mine, kinds_at = dict(mine), dict(kinds_at)
    if a["origin"]:
        mine[a["origin"]] -= 1
        kinds_at[(a["origin"], a["kind"])] -= 1
    mine[a["region"]] = mine.get(a["region"], 0) + 1
    kinds_at[(a["region"], a["kind"])] = kinds_at.get((a["region"], a["kind"]), 0) + 1
    return mine, kinds_at


def legal_order(data: ChaosData, figures: list[dict], mine: dict[str, int], kinds_at: dict,
                moved_counts: bool = True) -> list[dict] | None:
    """An order in which every summon is legal when made (depth-first search), or None. ``moved_counts``: a moved
    figure still counts where it stands when judging where it may go (rules.summoning, rules file §3.11)."""
    seen: set = set()

    def key(rest, mine, kinds_at):
        return (tuple(sorted((a["kind"], a["region"], a["origin"] or "") for a in rest)),
                tuple(sorted(mine.items())), tuple(sorted(kinds_at.items())))

    def search(rest, mine, kinds_at):
        if not rest:
            return []
        k = key(rest, mine, kinds_at)
        if k in seen:
            return None
        seen.add(k)
        targets = _valid_targets(data, mine)  # judged before the figure is lifted (rules.summoning)
        tried = set()
        for i, a in enumerate(rest):
            sig = (a["kind"], a["region"], a["origin"])
            if sig in tried:
                continue
            tried.add(sig)
            if not _can_summon(data, a, mine, kinds_at, moved_counts, targets):
                continue
            tail = search(rest[:i] + rest[i + 1:], *_made(a, mine, kinds_at))
            if tail is not None:
                return [a] + tail
        return None

    return search(list(figures), dict(mine), dict(kinds_at))


def stuck_summon(data: ChaosData, figures: list[dict], mine: dict[str, int], kinds_at: dict,
                 moved_counts: bool = True) -> tuple[dict, set[str]]:
    """Why a line has no legal order, for its refusal: the line's summons are placed in the order written whenever
    they can be (each one placed may make others legal), until none of the rest can; returns the first of the rest
    and the regions a summon may use at that point (where the Power has figures, and their neighbours)."""
    rest = list(figures)  # mine and kinds_at are never changed: _made returns new tables
    progress = True
    while rest and progress:
        progress = False
        for a in rest:
            if not _can_summon(data, a, mine, kinds_at, moved_counts):  # as legal_order judges it
                continue
            mine, kinds_at = _made(a, mine, kinds_at)
            rest.remove(a)
            progress = True
            break
    return (rest or figures)[0], _valid_targets(data, mine)


def plan(state: dict, data: ChaosData, power: str, actions: list[dict]) -> list[dict]:
    """Check the whole line; the actions in a legal order, or InvalidAnswer with the reason (nothing applied)."""
    ps = state["p"][power]
    info = data.power(power)
    term = power_term(power)
    cost = sum(data.chaos_card(power, a["card"])["cost"] if "card" in a else info["followers"][a["kind"]]["cost"] for a in actions)
    if cost > ps["pp"]:
        raise InvalidAnswer(msg("chaos.line.too_dear", power=term, cost=cost, pp=ps["pp"]))
    cards = [a for a in actions if "card" in a]
    if len(cards) > ps["hand"]:
        raise InvalidAnswer(msg("chaos.line.hand", power=term, n=len(cards), hand=ps["hand"]))
    for card_id in dict.fromkeys(a["card"] for a in cards):
        # rules file §2.8: the deck's copies; those on the board or known in the discard pile are not in the hand
        n, free = sum(1 for a in cards if a["card"] == card_id), copies.copies_free(state, data, power, card_id)
        if n > free:
            total = data.chaos_card(power, card_id)["copies"]
            raise InvalidAnswer(msg("chaos.line.copies", power=term, card=f"@chaos.card.{power}.{card_id}", copies=total,
                                    used=total - free, n=n, free=max(0, free)))
    no_ruined = data.rules["rules"]["ruined_regions"].get("no_chaos_cards", True)
    for rid in {a["region"] for a in cards}:
        region = state["regions"][rid]
        if region["ruin"] and no_ruined:
            raise InvalidAnswer(msg("chaos.line.ruined", region="@chaos.region." + rid))
        wanted = sum(1 for a in cards if a["region"] == rid)
        free = data.region(rid).get("card_spaces", 2) - len(region["cards"])
        if wanted > free:
            raise InvalidAnswer(msg("chaos.line.spaces", region="@chaos.region." + rid, n=wanted, free=max(0, free)))
    figures = [a for a in actions if "kind" in a]
    for kind in FIGURE_KINDS:
        new = sum(1 for a in figures if a["kind"] == kind and not a["origin"])
        if new > in_reserve(state, data, power, kind):
            raise InvalidAnswer(msg("chaos.line.box", power=term, figure=f"@chaos.figure.{kind}", n=new, left=in_reserve(state, data, power, kind)))
    mine = {r: figure_count(state["regions"][r], power) for r in data.region_ids}
    kinds_at = {(r, k): state["regions"][r]["figures"].get(power, {}).get(k, 0) for r in data.region_ids for k in FIGURE_KINDS}
    _check_origins(term, figures, kinds_at)
    moved_counts = data.rules["rules"]["summoning"].get("moved_figure_counts_for_placement", True)
    order = legal_order(data, figures, mine, kinds_at, moved_counts)
    if order is None:
        a, valid = stuck_summon(data, figures, mine, kinds_at, moved_counts)
        raise InvalidAnswer(msg("chaos.line.no_order", power=term, figure=f"@chaos.figure.{a['kind']}", region=region_term(a["region"]),
                                valid=tuple(region_term(r) for r in data.region_ids if r in valid)))
    if ps["pp"] <= 0 and actions:  # pragma: no cover - a Power on 0 is not asked
        raise InvalidAnswer(msg("chaos.line.too_dear", power=term, cost=cost, pp=0))
    return cards_first_if_free(data, power, cards) + order


def _check_origins(term: str, figures: list[dict], kinds_at: dict) -> None:
    """A figure moved 'from REGION' must be there (rules file §1.6 A.1: a figure already on the board): more moved
    out of a region than the Power has there, plus what the same line brings in, is refused with that reason."""
    for (origin, kind) in dict.fromkeys((a["origin"], a["kind"]) for a in figures if a["origin"]):
        moved = sum(1 for a in figures if a["origin"] == origin and a["kind"] == kind)
        brought = sum(1 for a in figures if a["region"] == origin and a["kind"] == kind)
        have = kinds_at.get((origin, kind), 0)
        if moved > have + brought:
            raise InvalidAnswer(msg("chaos.line.not_there", power=term, figure=f"@chaos.figure.{kind}", region=region_term(origin),
                                    n=moved, have=have))


def cards_first_if_free(data: ChaosData, power: str, cards: list[dict]) -> list[dict]:
    """Cards are recorded before the figures; a 0-cost card must be played while power is above 0 (rules
    file §1.6 reading), so cards go first."""
    return sorted(cards, key=lambda a: data.chaos_card(power, a["card"])["cost"])


#: the regions the line's example names (where to, where from), when neither is ruined
EXAMPLE_REGIONS = ("kislev", "tilea")


def line_hint(state: dict, data: ChaosData, power: str):
    """The line's example in the Power's own words: its warrior's name, one of its own Chaos cards, and regions
    that are not ruined (a Chaos card cannot go into a ruined one, rules file §2.3; at most five of the nine are)."""
    card = data.chaos_cards(power)[0]
    order = [*EXAMPLE_REGIONS, *(r for r in data.region_ids if r not in EXAMPLE_REGIONS)]
    region, origin = [r for r in order if not state["regions"][r]["ruin"]][:2]
    return msg("chaos.line.hint", warrior=data.power(power)["followers"]["warrior"]["name"].lower(),
               card=f"@chaos.card.{power}.{card['id']}", region=region_term(region), origin=region_term(origin))


def summon_line(state: dict, data: ChaosData, power: str):
    """One Power's whole Summoning phase, recorded in one line and applied only if all of it is legal."""
    ps = state["p"][power]
    r = state["round"]
    info = data.power(power)
    if (yield from start_summoning(state)):
        yield Say(msg("chaos.line.intro"), "rule")

    def check(text: str) -> str:
        got = parse(text, data, power)
        if got != "turns":
            plan(state, data, power, got)
        return text.strip()

    text = yield Ask(f"chaos.summon.r{r}.{power}", msg("chaos.line.ask", power=power_term(power), pp=ps["pp"], hand=ps["hand"]), TEXT,
                     check=check, hint=line_hint(state, data, power))
    got = parse(text, data, power)
    if got == "turns":
        yield Say(msg("chaos.line.to_turns"), "rule")
        state["summon_turns"] = r
        state["next"] = {"proc": "summon", "power": power}
        return
    played = []
    for a in plan(state, data, power, got):
        if "card" in a:
            card = data.chaos_card(power, a["card"])
            ps["pp"] -= card["cost"]
            ps["hand"] -= 1
            entry = {"power": power, "card": a["card"], "cost": card["cost"]}
            space = place_card(state["regions"][a["region"]], entry)
            yield Say(msg("chaos.card.played", power=power_term(power), card=f"@chaos.card.{power}.{a['card']}", region=region_term(a["region"]), space=space, cost=card["cost"], pp=ps["pp"]), "do")
            yield from ask_first(state, data, a["region"], entry)  # seed l.67: the left card resolves first
            yield from card_played_notes(power, card)
            played.append(card)
            continue
        f = info["followers"][a["kind"]]
        ps["pp"] -= f["cost"]
        if a["origin"]:
            yield from moved_provisional(state, data, power, a["origin"], a["kind"], a["region"])
            figures_of(state["regions"][a["origin"]], power)[a["kind"]] -= 1
            yield Say(msg("chaos.summon.moved", power=power_term(power), figure=f"@chaos.figure.{a['kind']}", name=f["name"], origin=region_term(a["origin"]), region=region_term(a["region"]), cost=f["cost"], pp=ps["pp"]), "do")
        else:
            yield Say(msg("chaos.summon.placed", power=power_term(power), figure=f"@chaos.figure.{a['kind']}", name=f["name"], region=region_term(a["region"]), cost=f["cost"], pp=ps["pp"]), "do")
        figures_of(state["regions"][a["region"]], power)[a["kind"]] += 1
        yield from summoned(state, data, power, a["kind"], a["region"])
    if ps["pp"] > 0:
        yield Say(msg("chaos.line.left_over", power=power_term(power), pp=ps["pp"]), "do")
    ps["pp"] = 0
    for card in played:
        if card.get("board_effect"):
            text = yield ask_changes(f"chaos.card.{power}.changes", msg("chaos.card.changes", card=f"@chaos.card.{power}.{card['id']}"), state, data)
            yield from apply_changes(state, data, text)
    nxt = next_summoner(state, power)
    state["next"] = {"proc": "summon_line", "power": nxt} if nxt else {"proc": "battle_start"}
    if nxt is None:
        yield Say(msg("chaos.summon.all_zero"), "rule")
