"""`tabletop toc priority` on a narrow terminal: the eight columns of the AI Action Priority List cut every word to
"H…" at 60 columns; where the table cannot fit, each entry is a record (number and action, then its columns as
"Column: value"), every word kept. At 120 columns it stays a table."""

import pytest

from cli_checks import tt


@pytest.mark.parametrize("lang, action, paid", [("en", "Hold Games", "Paid with"), ("pt-BR", "Hold Games (promover jogos)", "Paga com")])
def test_the_priority_list_keeps_every_word_at_60_columns(lang, action, paid):
    out = tt("--lang", lang, "toc", "priority", env={"COLUMNS": "60"}).stdout
    lines = out.splitlines()
    assert "…" not in out and "┃" not in out, out  # piped: records as whole lines (a terminal wraps them)
    assert any(line.startswith(f"  1. {action}") for line in lines), out
    assert f"{paid}:" in out


def test_the_priority_list_is_a_table_at_120_columns():
    out = tt("toc", "priority", env={"COLUMNS": "120"}).stdout
    assert "┃ Nº" in out or "┃ #" in out or "┏" in out, out
