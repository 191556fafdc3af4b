"""Radlands setup, in the seed's order ("Preparação"): the centre of the table, each player's camps, the reveal,
each player's area, the starting hands (the sum of the camps' draw values) and the water-disc flip."""

from __future__ import annotations

from ..core.components import says
from ..core.steps import ONE_OF, Ask, Choice, Roll, Say, msg
from . import board
from .card_text import table_traits
from .components import components

ORDER = ("table", "camps_a", "camps_b", "reveal", "area", "hands", "first_player")
#: queues only: the camps and the hands stay the table's, so their parts only say what to do (no question)
ORDER_QUEUES = ("table", "camps_q", "reveal", "area", "hands_q", "first_player")
#: the parts where one player chooses their camps, and that player's side
CAMPS_PARTS = {"camps_a": "a", "camps_b": "b"}


def next_part(part: str, first_game: bool, track: str = "full") -> str:
    if track == "queues":
        i = ORDER_QUEUES.index(part)
        return ORDER_QUEUES[i + 1] if i + 1 < len(ORDER_QUEUES) else ""
    if first_game and part == "table":
        return "first_game"
    if part == "first_game":
        return "reveal"
    i = ORDER.index(part)
    return ORDER[i + 1] if i + 1 < len(ORDER) else ""


def setup_step(state: dict, data, part: str):
    yield from PARTS[part](state, data)
    nxt = next_part(part, state["options"]["first_game"], state["options"].get("track", "full"))
    if nxt:
        state["next"] = {"proc": "setup", "part": nxt}
        if nxt in CAMPS_PARTS:  # the journal titles this step with the player's name, as the turns are
            state["next"]["name"] = state["players"][CAMPS_PARTS[nxt]]["name"]


def table(state: dict, data):
    """Seed, Preparação Geral 1-3; the component list first (issue 26)."""
    yield from says("radlands", components(state["options"], data))
    for sid in data.in_play():  # rules-file §3.2-§3.3: the owner's set whose combination no source gives
        s = data.sets[sid]
        if s["combine"] == "unknown" and (s["deck_cards"] or s["camps"]):
            yield Say(msg("radlands.provisional.combine", set=s["name"]), "warn")
    yield Say(msg("radlands.setup.sit"), "info")
    if state["options"]["first_game"]:  # the first-game camps are given: the camp deck never leaves the box
        yield Say(msg("radlands.setup.camp_deck_first_game"), "do")
    else:
        yield Say(msg("radlands.setup.camp_deck"), "do")
    yield Say(msg("radlands.setup.extra_water"), "do")
    yield Say(msg("radlands.setup.draw_deck", n=data.deck_size()), "do")


def camp_choices(data) -> tuple[Choice, ...]:
    return tuple(Choice(cid, msg("radlands.camp_draw", card=c["name"], draw=c["draw"]), (c["name"],)) for cid, c in sorted(data.camps.items()))


def choose_camps(state: dict, data, side: str):
    """Seed, Preparação de cada jogador 1-2: draw 6 camps, keep 3 face down in a row (the order is left to right)."""
    me = state["players"][side]
    taken = {c["id"] for s in board.SIDES for c in state["players"][s]["camps"]}
    dealt = state["options"].get("dealt", {}).get(side)
    if dealt:  # a random setup dealt these six (randomsetup.py): the player keeps three of them
        yield Say(msg("radlands.setup.dealt_camps", player=me["name"], camps=[data.card(c)["name"] for c in dealt]), "do")
    else:
        yield Say(msg("radlands.setup.draw_camps", player=me["name"], n=state["rules"]["camps_dealt"]), "do")

    kept: list[str] = []
    for pos in range(1, int(state["rules"]["camps_kept"]) + 1):
        # camps are unique: one this player already kept, or the other player took, is not offered
        left = tuple(c for c in camp_choices(data) if c.value not in kept and c.value not in taken
                     and (not dealt or c.value in dealt))
        kept.append((yield Ask(f"camps.{side}.{pos}", msg("radlands.ask.camp", player=me["name"], pos=pos), ONE_OF, left)))
    me["camps"] = [{"id": cid, "state": "undamaged", "used": False} for cid in kept]
    yield Say(msg("radlands.setup.face_down", player=me["name"], camps=[data.card(c)["name"] for c in kept]), "do")


def camps_a(state, data):
    yield from choose_camps(state, data, "a")


def camps_b(state, data):
    yield from choose_camps(state, data, "b")


def first_game(state: dict, data):
    """Seed, Preparação 1 (first game): the more experienced player gets Arcade, Victory Totem and Mercenary Camp;
    the other Garage, Railgun and Supply Depot."""
    fg = data.rules["first_game"]
    from .targets import player_choices

    exp = yield Ask("experienced", msg("radlands.ask.experienced"), ONE_OF, player_choices(state))
    for side, key in ((exp, "experienced"), (board.other(exp), "other")):
        me = state["players"][side]
        me["camps"] = [{"id": cid, "state": "undamaged", "used": False} for cid in fg[key]]
        yield Say(msg("radlands.setup.first_game_camps", player=me["name"], camps=[data.card(c)["name"] for c in fg[key]]), "do")


def reveal(state: dict, data):
    """Seed, Preparação de cada jogador 2: the reveal, then the unchosen camps and the camp deck go back in the box
    (with the first-game camps the camp deck never left it: nothing to put back)."""
    yield Say(msg("radlands.setup.reveal"), "do")
    for side in board.SIDES:  # an owner's camp with a trait the program does not know: the table applies it
        for camp in state["players"][side]["camps"]:
            yield from table_traits(data, camp["id"])
    if not state["options"]["first_game"]:
        yield Say(msg("radlands.setup.box"), "do")


def area(state: dict, data):
    """Seed, Preparação de cada jogador 3-5."""
    yield Say(msg("radlands.setup.silo_raiders"), "do")
    yield Say(msg("radlands.setup.water", n=state["rules"]["water_per_turn"]), "do")
    yield Say(msg("radlands.setup.aid"), "do")


def hands(state: dict, data):
    """Seed, Preparação de cada jogador 6: the starting hand is the sum of the draw values on the three camps."""
    for side in board.SIDES:
        me = state["players"][side]
        values = [int(data.card(c["id"])["draw"]) for c in me["camps"]]
        n = sum(values)
        taken, _ = board.take_from_deck(state, n)
        me["hand"] = taken
        key = "radlands.setup.hand" + ("_none" if n == 0 else "_one" if n == 1 else "")
        yield Say(msg(key, player=me["name"], n=n, values=" + ".join(str(v) for v in values)), "do")
    for side in board.SIDES:
        for c, camp in enumerate(state["players"][side]["camps"]):
            if "obelisk" in data.card(camp["id"]).get("traits", []):
                camp["state"] = "destroyed"
                yield Say(msg("radlands.setup.obelisk", player=state["players"][side]["name"]), "do")
                if data.rule_is_provisional("obelisk"):
                    yield Say(msg("radlands.provisional.obelisk"), "warn")
    yield Say(msg("radlands.setup.deck_left", n=state["deck"]["count"]), "info")


def first_player(state: dict, data):
    """Seed, Fluxo do Jogo: flip a water disc; water side up, the one who flipped starts, else the opponent."""
    a, b = (state["players"][s]["name"] for s in board.SIDES)
    (face,) = yield Roll("flip", "1d2", msg("radlands.setup.flip", a=a, b=b))
    first = "a" if face == 1 else "b"
    state["first_player"] = first
    yield Say(msg("radlands.setup.first", player=state["players"][first]["name"],
                  face="@radlands.flip." + ("water" if face == 1 else "blank")), "head")
    yield Say(msg("radlands.setup.first_water", n=state["rules"]["start_player_first_turn_water"]), "rule")
    proc = "q_start" if state["options"].get("track") == "queues" else "events"
    state["next"] = {"proc": proc, "p": first, "name": state["players"][first]["name"], "turn": 1}


def camps_q(state: dict, data):
    from .queues_only import camps_step

    yield from camps_step(state, data)


def hands_q(state: dict, data):
    from .queues_only import hands_step

    yield from hands_step(state, data)


PARTS = {
    "camps_q": camps_q, "hands_q": hands_q,
    "table": table, "camps_a": camps_a, "camps_b": camps_b, "first_game": first_game, "reveal": reveal,
    "area": area, "hands": hands, "first_player": first_player,
}
