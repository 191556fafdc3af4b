"""Which language the table reads: --lang, TABLETOP_LANG, else the locale (kept tiny for start-up)."""

from __future__ import annotations

import os

LANGS = ("en", "pt-BR")


def detect_lang(explicit: str | None = None) -> str:
    for value in (explicit, os.environ.get("TABLETOP_LANG")):
        if value:
            return normalise_lang(value)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "pt-BR" if value.lower().startswith("pt") else "en"
    return "en"


def normalise_lang(value: str) -> str:
    v = value.strip().replace("_", "-").lower()
    if v in ("en", "en-us", "en-gb", "english"):
        return "en"
    if v in ("pt", "pt-br", "portugues", "português"):
        return "pt-BR"
    raise ValueError(value)
