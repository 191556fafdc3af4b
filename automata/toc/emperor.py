"""The optional Emperor rules of Time of Crisis: The Age of Iron and Rust, as pure functions.

Source: seed 000 (``000_11c43f9f500dfc03.txt``), section *Ações e Como Jogar*:
"Tornar-se Imperador", "Limitações" and "Tipos de Imperador" (rules reference §1.6).
The seed stops mid-sentence inside the Military Emperor's Gain Legacy item ("O valor
subtraído não pode ser maior que o total de Legacy"); the cap on that subtraction is
therefore provisional (rules reference §1.8 G13, §3.10) and a setting, ``pretender_cap``:

- ``"legacy_total"`` (default): never subtract more than the Legacy total after this turn's gains;
- ``"legacy_gained_this_turn"``: never subtract more than the Legacy gained this turn.

G14: the type formula is the Emperor's Legacy gain; any other Legacy is entered by the players.
No I/O here: the CLI (``cli/toc/helpers.py``) prints the results.
"""

from __future__ import annotations

from typing import Any

EMPEROR_TYPES = ("senate", "populace", "military")
PRETENDER_CAPS = ("legacy_total", "legacy_gained_this_turn")
DEFAULT_PRETENDER_CAP = "legacy_total"


def _count(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, got {value}")
    return value


def senate_legacy(support_italia: int, pretenders: int) -> int:
    """Senate Emperor, Gain Legacy (seed 000, Tipos de Imperador, Senate Emperor): Legacy equal to
    Italia's support level minus the number of Pretender provinces, a negative number counting as zero."""
    return max(0, _count("support_italia", support_italia) - _count("pretenders", pretenders))


def populace_legacy(support: int, pretenders: int) -> int:
    """Populace Emperor, Gain Legacy (seed 000, Tipos de Imperador, Populace Emperor): Legacy equal to
    twice the support level of the province holding the Emperor token minus the number of Pretender
    provinces, a negative number counting as zero."""
    return max(0, 2 * _count("support", support) - _count("pretenders", pretenders))


def military_legacy_change(
    legacy_before: int,
    battle_legacy: int,
    pretenders: int,
    triumph_bonus: int = 0,
    cap: str = DEFAULT_PRETENDER_CAP,
) -> dict[str, Any]:
    """Military Emperor, Gain Legacy (seed 000, Tipos de Imperador, Military Emperor).

    - All Legacy gained for each battle won by the army the Emperor is with is doubled:
      ``battle_legacy`` is that Legacy before doubling.
    - A bonus for playing a Triumph event is not doubled (``triumph_bonus``).
    - In the Gain Legacy phase the Emperor subtracts Legacy equal to the number of Pretender
      provinces; "the amount subtracted cannot be greater than the total Legacy…" — the seed is
      cut off there (G13), so the cap is provisional:

      * ``cap="legacy_total"``: at most the Legacy total after this turn's gains
        (``legacy_before + gain``), so the total never drops below 0;
      * ``cap="legacy_gained_this_turn"``: at most the Legacy gained this turn (``gain``),
        so the turn never loses Legacy.

    Returns ``{"gain", "battle_gain", "triumph", "pretenders", "cap_limit", "subtracted",
    "legacy_change", "legacy_before", "legacy_after", "cap", "provisional"}``; ``provisional``
    is True because the cap is (the doubling and the Triumph rule are the seed's).
    """
    legacy_before = _count("legacy_before", legacy_before)
    battle_legacy = _count("battle_legacy", battle_legacy)
    pretenders = _count("pretenders", pretenders)
    triumph_bonus = _count("triumph_bonus", triumph_bonus)
    if cap not in PRETENDER_CAPS:
        raise ValueError(f"unknown pretender cap {cap!r}; valid: {', '.join(PRETENDER_CAPS)}")
    battle_gain = 2 * battle_legacy
    gain = battle_gain + triumph_bonus
    cap_limit = legacy_before + gain if cap == "legacy_total" else gain
    subtracted = min(pretenders, cap_limit)
    change = gain - subtracted
    return {
        "gain": gain,
        "battle_gain": battle_gain,
        "triumph": triumph_bonus,
        "pretenders": pretenders,
        "cap_limit": cap_limit,
        "subtracted": subtracted,
        "legacy_change": change,
        "legacy_before": legacy_before,
        "legacy_after": legacy_before + change,
        "cap": cap,
        "provisional": True,
    }


def emperor_type_now(state: dict) -> str:
    """The type of the current Emperor, bot or human ("" when nobody is Emperor or the Emperor rules are off)."""
    who = state["emperor"]
    if who in state["bots"]:
        return state["bots"][who]["emperor_type"]
    if who == "human":
        return (state.get("human_emperor") or {}).get("type", "")
    return ""


def emperor_type_for_area(area: str) -> str:
    """The Emperor type an AI bot takes (seed 000, Fluxo do Jogo, AI Take Actions Phase step 4
    "Becoming Emperor"): the type matching its preferred area of influence —
    senate → Senate Emperor, populace → Populace Emperor, military → Military Emperor.
    (Which province or army gets the token is G11, provisional, not decided here.)"""
    if area not in EMPEROR_TYPES:
        raise ValueError(f"unknown area {area!r}; valid: {', '.join(EMPEROR_TYPES)}")
    return area


def can_attempt_italia(was_emperor_this_turn: bool) -> bool:
    """Limitation (seed 000, Ações e Como Jogar, Limitações): no Place Governor action in Italia may be
    attempted by a player who has already been Emperor at any point during the current turn
    (for example a Military Emperor killed in battle this turn)."""
    return not was_emperor_this_turn

