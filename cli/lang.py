"""Which language the table reads: --lang, TABLETOP_LANG, else the locale (kept tiny for start-up)."""

from __future__ import annotations

import os

LANGS = ("en", "pt-BR")


def detect_lang(explicit: str | None = None) -> str:
    """The language: ``explicit`` (--lang; a wrong one is a ValueError), else TABLETOP_LANG (a wrong one is
    ignored: see ``bad_env_lang``), else the locale."""
    if explicit:
        return normalise_lang(explicit)
    value = os.environ.get("TABLETOP_LANG")
    if value:
        try:
            return normalise_lang(value)
        except ValueError:
            pass
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


def bad_env_lang() -> str | None:
    """TABLETOP_LANG when it names no known language (the program then speaks English and warns once)."""
    value = os.environ.get("TABLETOP_LANG")
    if not value:
        return None
    try:
        normalise_lang(value)
    except ValueError:
        return value
    return None
