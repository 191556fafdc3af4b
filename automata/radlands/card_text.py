"""The words of a card's effect, ability or trait (rules §3.3: the owner's cards load, display and play).

A shipped card's text is its catalog message (``radlands.card.<id>.…``); a card with the owner's own wording
shows that wording. A card the owner added without its wording has no catalog message: its text is written
from its icons in the table's language ("Damage, then Raid"), and when one of its effects is no icon (a named
behaviour, ``manual``) the table is told that the card has no text and ``tabletop data check`` asks for it
(``missing_texts``). Pure: messages only.
"""

from __future__ import annotations

from typing import Any

from ..core.steps import Msg, Say, msg
from . import vocabulary

#: the optional text field of the owner's card that holds each kind of text
TEXT_FIELD = {"effect": "effect_text", "trait": "trait_text", "ability": "text"}


def icon_words(data, effects: list[str]) -> list[dict] | None:
    """Each effect as the words of its icon (message data), or None when one of them is no icon."""
    out = []
    for effect in effects:
        word = _word(data, effect)
        if word is None:
            return None
        out.append(word)
    return out


def _word(data, effect: Any) -> dict | None:
    if not isinstance(effect, str):
        return None
    if effect in data.icons:
        return data.icon_label(effect).to_data()
    counted = vocabulary.counted(effect)
    if counted:
        kind, n = counted
        return msg(f"radlands.cardtext.icons.{kind}", n=n).to_data()
    if effect.startswith("choose:"):
        options = [_word(data, o) for o in effect[len("choose:"):].split("|")]
        if any(o is None for o in options):
            return None
        return msg("radlands.cardtext.icons.choose", options=options).to_data()
    return None


def effect_label(data, effect: str) -> Msg:
    """One effect as a choice's label: its icon's words, else the owner's own word for it (never a message key)."""
    word = _word(data, effect)
    return Msg.from_data(word) if word else msg("radlands.card.owner_text", text=effect)


def written(data, card_id: str, effects: list[str]) -> Msg:
    """The text of an owner's card entered without it: from its icons, else "no text" (data check asks)."""
    words = icon_words(data, effects) if effects else None
    if words:
        return msg("radlands.cardtext.icons.text", icons=words)
    return msg("radlands.cardtext.no_text", card=data.card(card_id)["name"])


def unknown_traits(card: dict) -> list[str]:
    """The trait ids of an owner's card that the rules engine does not know (applied by the table)."""
    return [t for t in card.get("traits", []) if t not in vocabulary.TRAITS]


def missing_texts(data) -> list[tuple[str, str]]:
    """(dotted path, card name) of every text a card of the owner lacks and the program cannot write from its
    icons: an event's effect, an ability, the entering-play trait, an unknown trait."""
    out = []
    for table, kind in (("camps", "camp"), ("people", "person"), ("events", "event")):
        for cid, card in getattr(data, table).items():
            if cid not in data.owner_new:
                continue
            if kind == "event" and not card.get("effect_text") and icon_words(data, card.get("effects", [])) is None:
                out.append((f"{table}.{cid}.effect_text", card["name"]))
            for i, ab in enumerate(card.get("abilities", [])):
                if not ab.get("text") and not icon_words(data, ab.get("effects", [])):
                    out.append((f"{table}.{cid}.abilities[{i}].text", card["name"]))
            needs_trait = unknown_traits(card) or (card.get("on_enter") and icon_words(data, card["on_enter"]) is None)
            if needs_trait and not card.get("trait_text"):
                out.append((f"{table}.{cid}.trait_text", card["name"]))
    return out


def table_traits(data, card: str, said: bool = False):
    """An owner's trait the rules engine does not know (rules §3.3, an open registry): its text (unless ``said``
    by the entering-play trait) and that the table applies it."""
    unknown = unknown_traits(data.card(card))
    if not unknown:
        return
    if not said:
        yield Say(data.trait_text(card), "rule")
    yield Say(msg("radlands.manual_trait", card=data.card(card)["name"], traits=unknown), "do")
