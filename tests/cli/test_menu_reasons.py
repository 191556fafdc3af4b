"""The reason an item cannot be picked now is shown inside "not now: {reason}" / "agora não: {reason}"
(core.prompt.unavailable, core.pending.unavailable, core.invalid.unavailable), so a reason never says "now" again;
and in Portuguese it names what it speaks of instead of a pronoun that must agree with a noun it does not show.

Playtest: Radlands' action menu read "Usar Blood Bank (acampamento 2, 0 água) — agora não: a condição dela não se
cumpre agora" (a camp is "acampamento", masculine; "dela" and "agora" twice)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from cli.words.i18n import Translator

LOCALES = Path(__file__).resolve().parents[2] / "cli" / "locales"
NOW = {"en": r"\bnow\b", "pt-BR": r"\bagora\b"}


def reasons(lang: str) -> dict[str, str]:
    out = {}
    for path in sorted((LOCALES / lang).glob("*.toml")):
        for key, value in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if ".unavailable." in key and not key.startswith("core.") and isinstance(value, str):
                out[key] = value
    return out


@pytest.mark.parametrize("lang", sorted(NOW))
def test_no_reason_says_now_again(lang):
    found = {k: v for k, v in reasons(lang).items() if re.search(NOW[lang], v, re.IGNORECASE)}
    assert not found, found


@pytest.mark.parametrize("lang, shown", [
    ("en", "not now: the ability's condition does not hold"),
    ("pt-BR", "agora não: a condição da habilidade não se cumpre"),
])
def test_the_radlands_condition_reason_reads_naturally(lang, shown):
    t = Translator(lang)
    assert t("core.prompt.unavailable", reason=t("radlands.unavailable.condition")) == shown
