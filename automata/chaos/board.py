"""The board the companion keeps for Chaos in the Old World, as plain data.

State layout (a dict, saved as TOML):

- ``powers``: the Powers in play, in Power order.
- ``p[power]``: vp, dial (position, 0 = Start), pp (power points left), hand,
  deck, discard (Chaos card counts), upgrades (keys taken), peasants (kept),
  dac (dial advancement counters this round), placed_round (corruption placed
  this round, by region).
- ``regions[region]``: tokens (kind → count), corruption (power → count),
  figures (power → kind → count), cards (list of {power, card, cost}),
  ruin (Ruination card number on it, 0 = none), ruin_face_up.
- ``old_world``: deck (cards left), track (space 1, space 2; "" = empty).
- ``ruination_next``: the number of the next Ruination card (6 = none left).
- ``p[power]["vp_by"]`` (optional, newer saves): the VP the rules awarded, by kind (``VP_KINDS``); VP the
  table typed as board changes are the rest of ``vp``.
- ``vp_history`` (optional, newer saves): every Power's VP at the end of each round, one dict per round.
"""

from __future__ import annotations

from ..core.fix import fold
from ..core.fixwords import Words
from .data import ChaosData

FIGURE_KINDS = ("cultist", "warrior", "daemon")
#: the one vocabulary of the board changes, the corrections and the Summoning line: data/fix_words.toml
WORDS = Words.beside(__file__)


def kind_words(kinds) -> dict[str, str]:
    """The words for each of ``kinds`` a table may type (its ``[kinds]`` in data/fix_words.toml, English and
    Brazilian Portuguese), folded: lower case, no accents, spaces as "_" → the kind."""
    return {fold(w).replace(" ", "_"): kind for kind in kinds for w in WORDS.typed(kind, ("kinds",))}


#: the words for a figure's kind (seed 003 says "cultista"; the pt-BR catalog's terms are cultista, guerreiro, Grande
#: Demônio). A follower's own name (Bloodletter) names its kind too (``figure_names``).
FIGURE_WORDS = kind_words(FIGURE_KINDS)


def figure_names(data: ChaosData, power: str) -> dict[str, str]:
    """Every name of a figure kind of ``power``: the kind words of either language and its followers' own
    names (singular and with an s), as typed (``FIGURE_WORDS`` keys are folded) → kind."""
    names = dict(FIGURE_WORDS)
    for kind in FIGURE_KINDS:
        name = data.power(power)["followers"][kind]["name"]
        names[name] = kind
        names[name + "s"] = kind
    return names
#: where VP come from: domination (Corruption step 1), ruiners (the Ruination card's header), ruination places
#: (End phase step 4), the Threat dial (End phase step 5)
VP_KINDS = ("domination", "ruiners", "ruination", "dial")
TOKEN_KINDS = ("noble", "peasant", "warpstone", "hero", "skaven", "event")


def empty_region() -> dict:
    return {
        "tokens": {k: 0 for k in TOKEN_KINDS},
        "corruption": {},
        "figures": {},
        "cards": [],
        "ruin": 0,
        "ruin_face_up": False,
    }


def score(state: dict, power: str, vp: int, kind: str) -> None:
    """Add ``vp`` to the Power's VP and to its tally of that kind (``VP_KINDS``)."""
    ps = state["p"][power]
    ps["vp"] += vp
    by = ps.setdefault("vp_by", {})
    by[kind] = by.get(kind, 0) + vp


def record_round_vp(state: dict) -> None:
    """At the end of a round: every Power's VP appended to ``vp_history`` (the end-of-game chart)."""
    state.setdefault("vp_history", []).append({p: state["p"][p]["vp"] for p in state["powers"]})


def figures_of(region: dict, power: str) -> dict[str, int]:
    return region["figures"].setdefault(power, {k: 0 for k in FIGURE_KINDS})


def figure_count(region: dict, power: str) -> int:
    return sum(region["figures"].get(power, {}).values())


def on_board(state: dict, power: str, kind: str | None = None) -> int:
    total = 0
    for region in state["regions"].values():
        figs = region["figures"].get(power, {})
        total += figs.get(kind, 0) if kind else sum(figs.values())
    return total


def in_reserve(state: dict, data: ChaosData, power: str, kind: str) -> int:
    return data.power(power)["followers"][kind]["count"] - on_board(state, power, kind)


def valid_summon_regions(state: dict, data: ChaosData, power: str) -> list[str]:
    """Seed, Summoning: a region with your figures or adjacent to one; anywhere when you have none."""
    mine = [r for r in data.region_ids if figure_count(state["regions"][r], power) > 0]
    if not mine:
        return list(data.region_ids)
    ok = set(mine)
    for r in mine:
        ok.update(data.region(r)["adjacent"])
    return [r for r in data.region_ids if r in ok]


def regions_once_lifted(state: dict, data: ChaosData, power: str, origin: str, kind: str) -> list[str]:
    """Where ``power`` may place a figure once its ``kind`` figure in ``origin`` is lifted off the board (the board
    is left as it was)."""
    figs = figures_of(state["regions"][origin], power)
    figs[kind] -= 1
    try:
        return valid_summon_regions(state, data, power)
    finally:
        figs[kind] += 1


def move_counts_itself(state: dict, data: ChaosData, power: str, origin: str, kind: str, region: str) -> bool:
    """Whether moving that figure from ``origin`` into ``region`` is allowed only because the figure being moved
    still counts where it stands (the PROVISIONAL rules.summoning.moved_figure_counts_for_placement)."""
    return region not in regions_once_lifted(state, data, power, origin, kind)


def threat(state: dict, data: ChaosData, power: str) -> int:
    return data.threat(power, state["p"][power]["dial"])


def by_threat(state: dict, data: ChaosData) -> list[str]:
    """Powers in play from lowest to highest Threat (Power order breaks ties)."""
    return sorted(state["powers"], key=lambda p: (threat(state, data, p), state["powers"].index(p)))


def corruption_total(region: dict) -> int:
    """Seed, corruption step: all Powers' corruption tokens plus Warpstone tokens."""
    return sum(region["corruption"].values()) + region["tokens"].get("warpstone", 0)


def card_record(data: ChaosData, entry: dict) -> dict:
    return data.chaos_card(entry["power"], entry["card"])


def card_space(region: dict, index: int) -> int:
    """The space (1 = the left one) of the region's card at ``index``; a card saved before spaces were kept is in
    its list position."""
    return region["cards"][index].get("space", index + 1)


def place_card(region: dict, entry: dict) -> int:
    """Put a Chaos card into the region's first free space (seed 003 line 67: two spaces; the left resolves first)
    and keep the list in space order; returns the space, which the table is told."""
    taken = {card_space(region, i) for i in range(len(region["cards"]))}
    space = next(n for n in range(1, len(taken) + 2) if n not in taken)
    entry["space"] = space
    region["cards"].append(entry)
    region["cards"].sort(key=lambda e: e.get("space", 0))
    return space


def free_card_space(data: ChaosData, region: dict, region_id: str) -> bool:
    return len(region["cards"]) < data.region(region_id).get("card_spaces", 2)


def resistance(state: dict, data: ChaosData, region_id: str) -> int:
    """Printed resistance, −1 per Skaven token, plus card modifiers (Influenza); never below 0."""
    region = state["regions"][region_id]
    value = data.region(region_id)["resistance"] - region["tokens"].get("skaven", 0)
    value += sum(card_record(data, e).get("resistance_mod", 0) for e in region["cards"])
    return max(0, value)


def conquest(state: dict, data: ChaosData, region_id: str) -> int:
    """Printed conquest value, +1 per Noble token; modified independently of resistance (seed)."""
    region = state["regions"][region_id]
    return max(0, data.region(region_id)["conquest"] + region["tokens"].get("noble", 0))


# -- a Power's sheet and supply, read by the turn and by the corrections (fix.py) --------------------------------------
def power_points(state: dict, data: ChaosData, power: str) -> int:
    """The highlighted number on the Power sheet plus upgrade bonuses."""
    info = data.power(power)
    bonus = sum(u.get("pp_bonus", 0) for u in info["upgrades"] if u["key"] in state["p"][power]["upgrades"])
    return info["starting_pp"] + bonus


def next_summoner(state: dict, after: str | None) -> str | None:
    """Power order in a continuous circle; a Power on 0 power is skipped."""
    powers = state["powers"]
    start = 0 if after is None else powers.index(after) + 1
    for i in range(len(powers)):
        p = powers[(start + i) % len(powers)]
        if state["p"][p]["pp"] > 0:
            return p
    return None


def supply_left(state: dict, data: ChaosData, power: str) -> int:
    """Corruption tokens still in the Power's supply (rules.corruption.supply_per_power minus those on the board)."""
    supply = data.rules["rules"]["corruption"].get("supply_per_power", 29)
    return max(0, supply - sum(reg["corruption"].get(power, 0) for reg in state["regions"].values()))
