"""Chaos in the Old World, the wave-2 audit items (pt-BR as a new player sees it)."""

from __future__ import annotations

from automata.chaos.data import load
from automata.core.steps import msg
from cli.i18n import Translator


def test_upgrade_labels_are_readable_words_not_data_keys():
    """Audit 21: an upgrade whose title no source gives (rules file §2.8, keys only in C1/C2) is labelled in
    words of the table's language and says the title is unconfirmed; the data key never shows in quotes."""
    data = load()
    untitled = [(p, u["key"]) for p in data.power_ids for u in data.power(p)["upgrades"] if "title not confirmed" in u["name"]]
    assert untitled  # Khorne's and Tzeentch's "cards", Nurgle's "provender"
    for lang, mark in (("en", "not confirmed"), ("pt-BR", "não confirmado")):
        t = Translator(lang)
        for p in data.power_ids:
            for u in data.power(p)["upgrades"]:
                label = t.render(msg(f"chaos.upgrade.{p}.{u['key']}"))
                assert f'"{u["key"]}"' not in label, (lang, p, label)
                if "title not confirmed" in u["name"]:  # the data says no source gives the title
                    assert mark in label, (lang, p, label)
