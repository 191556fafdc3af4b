"""The clocks shown (issue 24 part 1): the line of 'status' and of the end-of-game summary, in both languages and at
every width, and the 'clock' of 'status --json', 'log --json' and a finished 'play --json'."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import radlands_policy
from cli.inplay.clock import clock_line, duration, show_clock
from cli.words.i18n import Translator
from cli_checks import LANGS, fitted, recording_console, tt
from deferred_writes import writes_at_the_end
from state import clock, paths
from state.save import read, write
from state.session import Session

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

CLOCK_KEYS = {"started", "ended", "play_seconds", "seats", "breaks", "break_after_seconds"}


def radlands_played(monkeypatch, steps: int | None, names: str = "Ana,Bia", every: int = 30) -> Session:
    """A Radlands save played by the scripted table, each stamp ``every`` seconds after the one before."""
    monkeypatch.setenv(clock.NOW_ENV, f"2026-03-01T20:00:00Z+{every}")
    clock.restart()
    result = tt("new", "radlands", "--seed", "5", "--first-game", *(["--players", names] if names else []))
    assert result.exit_code == 0, result.output
    session = Session.open(paths.game_dir(paths.current_file().read_text().strip()))
    with writes_at_the_end(session):  # the same files, written once (tests/state/deferred_writes.py)
        session.play(radlands_policy.Policy(5), max_steps=steps)
    return session


def test_durations_read_as_the_table_reads_them():
    en, pt = Translator("en"), Translator("pt-BR")
    assert [duration(en, s) for s in (0, 59, 60, 3599, 3600, 3900, 36000)] == \
        ["0 s", "59 s", "1 min", "59 min", "1 h 00 min", "1 h 05 min", "10 h 00 min"]
    assert duration(pt, 3900) == "1 h 05 min" and duration(pt, 40) == "40 s"


@pytest.mark.parametrize("lang", LANGS)
def test_status_shows_game_time_and_each_seats_time(monkeypatch, lang):
    session = radlands_played(monkeypatch, 40)
    data = clock.clocks(read(session.save.folder))
    assert data["play_seconds"] > 0 and set(data["seats"]) == {"a", "b"}
    out = tt("--lang", lang, "status").output
    game = "Game time" if lang == "en" else "Tempo de jogo"
    t = Translator(lang)
    line = next(x for x in out.splitlines() if x.startswith(game))
    assert line.startswith(f"{game}: {duration(t, data['play_seconds'])}")
    assert f"Ana: {duration(t, data['seats']['a'])}" in line and f"Bia: {duration(t, data['seats']['b'])}" in line
    assert "?" not in line  # never a question


def test_status_json_and_log_json_carry_the_clocks(monkeypatch):
    import json

    session = radlands_played(monkeypatch, 30, names="")
    expected = clock.clocks(read(session.save.folder))
    status = json.loads(tt("--json", "status").output)
    assert set(status["clock"]) == CLOCK_KEYS and status["clock"] == expected
    assert status["clock"]["started"] == "2026-03-01T20:00:00Z"
    log = json.loads(tt("--json", "log").output)
    assert log["clock"] == expected
    journal = session.save.journal()
    assert [(e["started"], e["ended"]) for e in log["entries"]] == [(e["started"], e["ended"]) for e in journal]
    assert all(clock.parse(e["started"]) <= clock.parse(e["ended"]) for e in log["entries"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_game_summary_says_how_long_the_game_took(monkeypatch, lang):
    import json

    session = radlands_played(monkeypatch, None)
    assert session.game.next_step(session.save.state) is None  # the scripted table played it to the end
    expected = clock.clocks(read(session.save.folder))
    out = tt("--lang", lang, "play").output.splitlines()
    over = next(i for i, x in enumerate(out) if "is over" in x or "terminou" in x)
    game = "Game time" if lang == "en" else "Tempo de jogo"
    assert out[over - 1].startswith(f"{game}: {duration(Translator(lang), expected['play_seconds'])}")
    done = json.loads(tt("--json", "play").output)
    assert done["finished"] and done["clock"] == expected


def test_a_save_without_stamps_shows_no_clock_line(monkeypatch):
    import json

    session = radlands_played(monkeypatch, 5)
    save = session.save
    for e in save.journal():
        e.pop("started")
        e.pop("ended")
        for r in e["records"]:
            r.pop("at", None)
    save.clock, save.pending = None, None
    write(save)
    assert "Game time" not in tt("status").output
    assert json.loads(tt("--json", "status").output)["clock"]["started"] == ""


@pytest.mark.parametrize("lang", LANGS)
def test_the_clock_line_fits_every_width(monkeypatch, lang):
    """The status pictures' rule (tests/cli/cli_checks.py fitted): at 60, 80 and 120 columns no line is too wide
    and nothing is cut; long names and a break included."""
    session = radlands_played(monkeypatch, 60, names="Maria Aparecida dos Santos,Bartholomew Fitzgerald-Hughes", every=200)
    save = read(session.save.folder)
    data = clock.clocks(save)
    assert data["breaks"] == 0 and data["play_seconds"] > 3600
    save.clock = dict(save.clock, breaks=2)  # as if the table had paused twice
    t = Translator(lang)
    line = clock_line(t, save)
    assert "2 " in line and ("breaks" in line or "pausas" in line)

    def render(width: int) -> str:
        console = recording_console(width)
        show_clock(SimpleNamespace(t=t, out=console), save)
        return console.export_text()

    for width, text in fitted(render):
        assert " ".join(text.split()) == line


def test_the_phones_show_the_clock_line_too(monkeypatch):
    """'tabletop serve' draws what 'status' draws, the clock line included."""
    from cli.phones.startup import Board

    session = radlands_played(monkeypatch, 20)
    snap = Board(session.save.name, session.save.folder, "pt-BR").snapshot("pt-BR")
    assert "Tempo de jogo:" in snap["board"] and "Ana:" in snap["board"]


def test_a_new_games_creation_time_follows_the_fixed_clock(monkeypatch):
    """docs/playing.md, clocks: TABLETOP_NOW fixes the clock, the save's creation included (games and history list it), and
    reading it for the creation does not move a stepped clock (the first stamp is still the first moment)."""
    monkeypatch.setenv("TABLETOP_NOW", "2026-03-01T20:00:00Z+30")
    clock.restart()
    assert tt("new", "radlands", "--name", "fixed", "--players", "Ana,Bia").exit_code == 0
    save = read(paths.game_dir("fixed"))
    assert save.created == "2026-03-01T20:00:00Z"
    assert clock.now() == "2026-03-01T20:00:00Z"  # not moved by the creation
    monkeypatch.setenv("TABLETOP_NOW", "2025-07-04T10:30:00Z")
    assert tt("new", "chaos", "--name", "fixed-two").exit_code == 0
    assert read(paths.game_dir("fixed-two")).created == "2025-07-04T10:30:00Z"
