"""`tabletop toc mat NAME` at 60 columns: the track tables' row labels read "Prima… (caixa super…" and their
cells were cut; where a table does not fit, each column is as narrow as its longest word, every word whole. At 120
columns the tables are unchanged."""

import pytest

from cli_checks import tt


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_mat_keeps_every_word_within_60_columns(lang):
    out = tt("--lang", lang, "toc", "mat", "maximinus", env={"COLUMNS": "60"}).stdout
    tables = [line for line in out.splitlines() if line[:1] in "┏┃┡│└"]  # piped, the plain lines are not wrapped
    assert "…" not in out and tables and all(len(line) <= 60 for line in tables), out
    assert ("superior)" if lang == "pt-BR" else "Primary") in out


def test_the_mat_at_120_columns_keeps_a_cell_on_one_line():
    out = tt("toc", "mat", "maximinus", env={"COLUMNS": "120"}).stdout
    assert "…" not in out and any("(3)* 7*" in line for line in out.splitlines()), out
