"""What the steps of a Time of Crisis round share: how a bot, an area and the Emperor are named, whose step
comes next after a bot's turn, the provisional warning."""

from __future__ import annotations

from ..core.steps import Say, msg
from .setup import colour_term


def area_term(area: str) -> str:
    return "@toc.area." + area


def bot_name(colour: str, bots: dict) -> dict:
    return msg("toc.bot", colour=colour_term(colour), mat=f"@toc.mat.{bots[colour]['mat']}").to_data()


def the_bot(colour: str, bots: dict) -> dict:
    """A bot where a human player could stand instead ({who}): pt-BR gives it its article, 'o bot azul (...)'."""
    return msg("toc.the_bot", colour=colour_term(colour), mat=f"@toc.mat.{bots[colour]['mat']}").to_data()


def is_emperor(state: dict, colour: str) -> bool:
    return state["emperor"] == colour


def next_after_bot(state: dict, colour: str) -> dict:
    order = state["bot_order"]
    i = order.index(colour)
    if i + 1 < len(order):
        return {"proc": "bot_crisis", "bot": order[i + 1]}
    return {"proc": "human", "i": 1} if state["options"]["humans"] else {"proc": "round_end"}


def provisional(key: str):
    return Say(msg("toc.provisional", key=key), "warn")


def fold(text: str) -> str:
    import unicodedata

    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch)).replace(" ", "_").replace("-", "_") or "-"
