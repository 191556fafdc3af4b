"""``tabletop fix --list`` in plain words (cli/corrections/fix.py). Playtest, a Chaos game in its first turn:
"Khorne's Threat: 3 · threat khorne … (3, 6, 12, 14, 17, 23, … (9))" left the reader guessing what the 9 was, and
"Khorne's Bloodsworn upgrade (1 = taken, 0 = not): 0 · upgrade khorne cultist … (0–0)" showed a range of one value."""

import pytest

from automata.chaos import game
from cli_checks import tt
from state.session import Session


@pytest.fixture
def chaos(tmp_path):
    Session.create("early", "chaos", game.check_options({"powers": "khorne,nurgle,tzeentch"}), 5, {"dice": "app"},
                   "2026-01-01")
    (tmp_path / "tabletop-home" / "current").write_text("early", encoding="utf-8")


@pytest.mark.parametrize("lang, threat, upgrade", [
    ("en", "threat khorne … (3, 6, 12, 14, 17, 23, … 9 values in all)", "upgrade khorne cultist … (only 0)"),
    ("pt-BR", "ameaça khorne … (3, 6, 12, 14, 17, 23, … 9 valores ao todo)", "atualização khorne cultista … (só 0)"),
])
def test_a_long_list_says_how_many_and_a_single_value_is_not_a_range(chaos, lang, threat, upgrade):
    r = tt("--lang", lang, "fix", "--list")
    assert r.exit_code == 0, r.output
    flat = " ".join(r.output.split())  # a long line wraps where the width says
    assert threat in flat and upgrade in flat, r.output
    assert "(0–0)" not in flat and "… (9)" not in flat
