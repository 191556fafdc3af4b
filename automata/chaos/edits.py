"""Board changes the table reports after a card the program does not model.

Old World cards and many Chaos cards act on the board in ways printed on the
card. After such a card the program asks what changed, in the one correction
language of ``tabletop fix`` (automata/core/fix.py) over the Chaos table's
board-change fields (automata/chaos/fix.py ``BOARD_FIELDS``):

    none
    +warpstone kislev; -peasant tilea; +2 hero norsca
    +corruption nurgle the empire; -2 corruption khorne kislev
    +cultist khorne tilea; -warrior nurgle estalia; +bloodletter kislev
    +3 vp khorne; -1 pp tzeentch; +dac slaanesh; +2 cards nurgle
    -track peasant uprising

Items are separated by ";" or ","; the set forms work too (``corruption nurgle
kislev 3``). Portuguese words work too (nobre, camponês, pedra, herói,
corrupção, cultista, guerreiro, demônio, pv, poder, cartas, trilha). The
refusals and their limits (the box's tokens, a Power's figures and corruption,
the piles of cards) are the corrections'.

This module is what the board changes add to it: "none", and each change as
an operation the turn applies the way the table does (``apply``): cards move
between the piles as at the table (``+2 cards nurgle`` draws two from
Nurgle's deck, the discard pile reshuffled when it runs out; ``-2 cards
nurgle`` discards two from his hand), ``-track CARD`` takes an Old World card
off the track (seed, Fase do Velho Mundo: a card can remove comet cards from
the event zone), so it is no longer resolved in the End phase.
"""

from __future__ import annotations

from . import copies
from .fix import BOARD_FIELDS
from .board import FIGURE_KINDS, TOKEN_KINDS, WORDS as WORDS_FILE, figures_of
from ..core import fix as core_fix
from ..core.steps import InvalidAnswer, msg

#: the answer that nothing changed
NOTHING = ("", *(core_fix.fold(w) for w in WORDS_FILE.word("nothing")))
#: the kind of a change (``op["what"]``) by the field that names it, where they differ
WHAT = {"hand": "cards"}


def limited(state: dict) -> bool:
    """Whether a board change is held to the rules' limits: in a game made since they hold for board changes (its
    questions version, ``state["asks"]``, 2 or more: automata/chaos/cardorder.py). A save made before replays the
    answers its journal holds as they were accepted then, so ``undo`` and ``restore`` never stop on them."""
    return int(state.get("asks", 1)) >= 2


def parse(text: str, state: dict) -> list[dict]:
    """The changes of a board-change answer, each checked against the rules' limits on a copy of the board, as
    operations ``{"what", "delta", "power"?, "region"?, "card"?}``; raise InvalidAnswer with what is valid."""
    if core_fix.fold(text) in NOTHING:
        return []
    try:
        _, lines = core_fix.read(text, BOARD_FIELDS, state, lang=None, limited=limited(state))
    except core_fix.FixError as e:
        raise InvalidAnswer(e.msg) from None
    by_id = {f.id: f for f in BOARD_FIELDS}
    ops = []
    for line in lines:
        if line["after"] == line["before"]:
            continue  # a value set to what it already is: nothing changed
        op = {"what": WHAT.get(line["field"], line["field"]), "delta": line["after"] - line["before"]}
        op.update(zip((p.id for p in by_id[line["field"]].params), line["keys"]))
        ops.append(op)
    return ops


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
