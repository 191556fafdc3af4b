"""`tabletop --lang pt-BR export --help` (playtest): the `--me` option (added with the BG Stats 'me') had no entry
in the help catalogs, so its line was English ("--me SEAT  With --bgstats: the seat you played …"), and the
metavar of `--bgstats` stayed "FILE"."""

import pytest

from cli_checks import tt

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)


def test_the_export_help_is_all_portuguese():
    r = tt("--lang", "pt-BR", "export", "--help")
    assert r.exit_code == 0, r.output
    flat = " ".join(r.output.split())
    assert "--bgstats ARQUIVO" in flat and "--me JOGADOR" in flat, r.output
    assert "With --bgstats" not in flat and "SEAT" not in flat and "FILE" not in flat, r.output
    assert "o 'eu' do BG Stats" in flat
