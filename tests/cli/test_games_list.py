"""`tabletop games` fits a 60-column terminal and gives the date as `history` does (2026-12-04 20:10): its lines
padded the name to 20 columns and ended with the ISO stamp, so that every line wrapped at 60 columns."""

import re

from cli_checks import new_game, tt


def test_the_list_fits_60_columns_with_aligned_columns_and_history_dates():
    new_game("radlands", "--players", "Ana,Bia", "--name", "a-rather-long-name")
    new_game("radlands", "--players", "Ana,Bia", "--another")
    out = tt("games", "--lang", "pt-BR").stdout.splitlines()
    assert len(out) == 2 and all(len(line) <= 60 for line in out), out
    assert all(re.search(r"  \d{4}-\d\d-\d\d \d\d:\d\d$", line) for line in out), out
    assert len({line.index("radlands ") for line in out}) == 1 and out[1].startswith("* radlands-"), out
