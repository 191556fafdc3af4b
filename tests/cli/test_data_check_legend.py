"""``tabletop data check``: the source codes inside its notes are explained once, and no note says "the seed"
(brief sourcewords, item 2). The codes' meanings are those of the rules files: the confidence tags of
../shared/rules/radlands.md (table "[V] [S] [I] [U]"), chaos-in-the-old-world.md §2.0 (tags and the source keys
C1–C3), radlands.md §2.0 source table (F1–F4), time-of-crisis.md §1.8 (gaps G1–G17) and "PD (program decision)".
"""

from __future__ import annotations

import json
import re

import pytest

from cli.words.datalegend import codes, legend
from cli.words.i18n import Translator
from cli_checks import tt


def test_codes_found_in_notes():
    assert codes(["adjacency [S×2] (C1, C2); confirm on the board"]) == ["S", "C"]
    assert codes(["G13 (PD): the table's own summary is cut off"]) == ["G", "PD"]
    assert codes(["... [I], F4"]) == ["I", "F"]
    assert codes(["read the card"]) == []
    assert codes(["read the card"], ["U"]) == ["U"]
    assert legend(Translator("en"), ["read the card"]) == []


@pytest.mark.parametrize("lang, head", [("en", "Codes in these notes:"), ("pt-BR", "Códigos nestas notas:")])
def test_data_check_prints_its_legend_once(lang, head):
    r = tt("--lang", lang, "data", "check")
    assert r.exit_code == 0, r.output
    assert r.output.count(head) == 1
    after = r.output.split(head, 1)[1]
    for code in ("[S]", "C1, C2, C3", "F1–F4", "G1–G17", "PD:"):
        assert code in after, code


def test_data_check_legend_in_json():
    r = tt("--json", "data", "check", "chaos")
    legend_lines = json.loads(r.stdout)["legend"]
    assert legend_lines[0] == "Codes in these notes:" and any(line.startswith("C1, C2, C3") for line in legend_lines)


@pytest.mark.parametrize("lang, seed", [("en", r"\bseeds?\b"), ("pt-BR", r"\bo resumo\b")])
def test_no_note_names_the_seed(lang, seed):
    # the seed is the table's own summary (chaos warpstone_stays; toc G10, G11, G13, G17)
    r = tt("--lang", lang, "data", "check")
    assert r.exit_code == 0, r.output
    assert not re.search(seed, r.output.replace("o resumo da própria mesa", ""))
    assert ("the table's own summary" if lang == "en" else "o resumo da própria mesa") in r.output
