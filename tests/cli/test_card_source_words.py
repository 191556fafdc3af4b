"""A card's "Source:" line in ``tabletop rules GAME CARD`` is in a player's words (brief sourcewords, item 1).

The data files keep raw provenance for owners ("seed Q4 …; FI-TXT component sheet [V] (rules file §2.14.3)",
"printed card (C: camps1.jpg) via rules/radlands.md §2.12", "C2 OldWorldCard.java"); a player reads the kind
of source and the confidence tag as a word (tags as defined in ../shared/rules/*.md: [V] verified, [S×n] n
sources agree, [S] secondary, [I] inferred), while ``--json`` keeps the raw text.
"""

from __future__ import annotations

import json
import re

import pytest

from cli.rules import GAME_IDS, components, load_data
from cli.words.i18n import Translator
from cli.words.provenance import confidence_key, origins, source_line
from cli_checks import tt

RAW = re.compile(r"§|\.md\b|\.java\b|\.xml\b|\.jpg\b|\[|\bC[123]\b|\bseed\b")


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_card_source_line_has_no_raw_codes(game, lang):
    t = Translator(lang)
    cards = components(game, load_data(game, None))
    assert cards
    for c in cards:
        line = source_line(t, game, c.record)
        assert not RAW.search(line), f"{game} {c.name}: {line}"
        assert line.startswith("Source: " if lang == "en" else "Fonte: ")


def test_kinds_of_source_come_from_the_data():
    # rules/anachrony.md §2.14.3 and seed Q4: the Quantum Loop cards rest on the seed and the component sheet
    assert origins("seed Q4 (no effect in Era 1); name and number: FI-TXT component sheet [V] (rules file §2.14.3)") \
        == ["summary", "printed"]
    # rules/radlands.md §2.12: the cards are read from the printed cards; copies from secondary sources (§2.2)
    assert origins("printed card (C: people1.jpg) via rules/radlands.md §2.12; copies [S×4] §2.2") == ["printed", "public"]
    assert origins("name S: C1 oldworld.xml; copies S: C2") == ["public"]
    assert origins("") == ["public"]


def test_confidence_tags_become_words():
    # tags of ../shared/rules/chaos-in-the-old-world.md §2.0 and anachrony.md (Confidence tags)
    assert confidence_key("S", "S×2: C3, C2") == "agreed"
    assert confidence_key("S", "S: C1; copies C2") == "secondary"
    assert confidence_key("I") == "inferred"
    assert confidence_key("V") == confidence_key("verified") == "verified"
    assert confidence_key("seed") == "summary"
    t = Translator("pt-BR")
    assert source_line(t, "chaos", {"source": "S×2: C3, C2", "confidence": "S"}).endswith("confirmado por duas ou mais fontes.")


def test_card_with_a_provisional_value_says_where_to_replace_it():
    # rules/anachrony.md §2.14.3: a Quantum Loop card's payback is PROVISIONAL (no public source gives it)
    r = tt("rules", "anachrony", "Time Loop Amplifier")
    assert r.exit_code == 0, r.output
    line = [x for x in r.output.splitlines() if x.startswith("Source:")][0]
    assert "the table's own summary" in line and "the printed card" in line
    assert "PROVISIONAL: replace it in overrides/anachrony.toml" in line
    assert not RAW.search(line)
    r = tt("--json", "rules", "anachrony", "Time Loop Amplifier")
    comp = json.loads(r.stdout)["component"]
    assert "§2.14.3" in comp["source"] and comp["source_text"] == line
