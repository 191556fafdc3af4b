"""Every test gets its own empty TABLETOP_HOME and English messages unless it asks otherwise."""

import pytest


@pytest.fixture(autouse=True)
def _tabletop_home(tmp_path, monkeypatch):
    home = tmp_path / "tabletop-home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    monkeypatch.setenv("TABLETOP_LANG", "en")
    monkeypatch.setenv("TABLETOP_NO_PROMPT", "1")
    return home
