"""Issue 23 part 5: 'undo' itself is visible. 'tabletop log' (text and --json, both languages) says where steps were
taken back, how many, which labels and when; the trail is a small file beside the save (state/undotrail.py) that the
save's own checks never read, and a damaged trail never stops a command."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from typer.testing import CliRunner

import cli.main
from cli.words.i18n import Translator
from state import undotrail

runner = CliRunner()
SETUP = [a for n in range(1, 9) for a in ("--answer", f"chaos.setup.{n}=yes")]


def tt(*args):
    return runner.invoke(cli.main.app, list(args))


@pytest.fixture
def rewound(_tabletop_home):
    """A Chaos game: 8 setup steps, 'undo 3', then 2 steps played again."""
    assert tt("new", "chaos", "--name", "g", "--seed", "7").exit_code == 0
    assert tt("play", "--steps", "8", *SETUP).exit_code == 0
    labels = [e["label"] for e in json.loads(tt("log", "--json").output)["entries"]][-3:]
    assert tt("undo", "3").exit_code == 0
    assert tt("play", "--steps", "2", *SETUP).exit_code == 0
    return _tabletop_home / "games" / "g", labels


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_log_says_where_how_many_which_and_when_steps_were_taken_back(rewound, lang):
    folder, labels = rewound
    t = Translator(lang)
    out = tt("--lang", lang, "log").output
    lines = out.splitlines()
    head = t("core.log.undone", n=3, when="§", labels="").split("§")[1].strip()  # "…took back 3 steps here:"
    (marker,) = [i for i, line in enumerate(lines) if head in line]
    assert "UTC" in lines[marker]
    # after entry 5 (the journal went from 8 back to 5), before the new entry 6
    before = [line for line in lines[:marker] if line[:4].strip().isdigit()]
    after = [line for line in lines[marker:] if line[:4].strip().isdigit()]
    assert before[-1].split()[0] == "5" and after[0].split()[0] == "6"
    en_labels = [e["label"] for e in json.loads(tt("--lang", lang, "log", "--json").output)["entries"]]
    assert len(en_labels) == 7
    if lang == "en":
        for label in labels:
            assert label in lines[marker] or label in " ".join(lines[marker:marker + 3])


def test_log_json_has_the_undo_trail(rewound):
    folder, labels = rewound
    data = json.loads(tt("log", "--json").output)
    (u,) = data["undone"]
    assert u["after"] == 5 and u["n"] == 3 and u["labels"] == labels
    assert datetime.fromisoformat(u["at"]).tzinfo is not None  # a UTC timestamp, from state/
    assert json.loads(tt("log", "--json", "--last", "1").output)["undone"] == []  # not among the last entry
    assert json.loads(tt("log", "--json", "--last", "2").output)["undone"][0]["after"] == 5


def test_a_second_undo_is_a_second_mark_and_a_plain_game_has_none(rewound, _tabletop_home):
    folder, _ = rewound
    assert tt("undo", "1").exit_code == 0
    undone = json.loads(tt("log", "--json").output)["undone"]
    assert [(u["after"], u["n"]) for u in undone] == [(5, 3), (6, 1)]
    assert tt("new", "chaos", "--name", "plain", "--seed", "7").exit_code == 0
    assert tt("play", "--steps", "2", *SETUP).exit_code == 0
    assert json.loads(tt("log", "--json").output)["undone"] == []
    assert not (_tabletop_home / "games" / "plain" / undotrail.TRAIL_FILE).exists()
    assert tt("undo", "0").exit_code == 0  # restarting the step in progress takes no entry back: no mark
    assert not (_tabletop_home / "games" / "plain" / undotrail.TRAIL_FILE).exists()


@pytest.mark.parametrize("damage", ["not toml [[[", 'undo = "x"', '[[undo]]\nat = 3\nfrom = 2\nto = 1\n', "dir"])
def test_a_damaged_trail_is_left_out_and_the_save_still_plays(rewound, damage):
    folder, _ = rewound
    path = folder / undotrail.TRAIL_FILE
    path.unlink()
    if damage == "dir":
        path.mkdir()
    else:
        path.write_text(damage, encoding="utf-8")
    result = tt("log", "--json")
    assert result.exit_code == 0 and json.loads(result.output)["undone"] == []
    assert tt("status").exit_code == 0
    assert tt("play", "--steps", "1", *SETUP).exit_code == 0
    if damage != "dir":
        assert tt("undo", "1").exit_code == 0  # a new sound trail replaces what could not be read
        assert len(json.loads(tt("log", "--json").output)["undone"]) == 1


def test_the_trail_keeps_its_shape():
    assert undotrail._entry({"at": "x", "from": 3, "to": 1, "labels": [{"id": "a"}]}) is not None
    for bad in ({"at": "x", "from": 1, "to": 1, "labels": []}, {"at": "x", "from": 1, "to": -1},
                {"at": "x", "from": True, "to": 0}, {"at": "x", "from": 2, "to": 0, "labels": ["a"]}, []):
        assert undotrail._entry(bad) is None


def test_the_undo_trail_reads_the_fixed_clock(_tabletop_home, monkeypatch):
    """docs/playing.md, Clocks: "TABLETOP_NOW=2026-01-01T20:00:00Z (...) fixes the clock, for tests and demonstrations"; the
    time 'tabletop log' gives an undo (docs/playing.md, When the table and the program disagree) is read from that clock."""
    from state import clock

    monkeypatch.setenv("TABLETOP_NOW", "2031-07-09T21:15:00Z")
    clock.restart()
    assert tt("new", "chaos", "--name", "g", "--seed", "7").exit_code == 0
    assert tt("play", "--steps", "2", *SETUP).exit_code == 0
    assert tt("undo", "1").exit_code == 0
    (u,) = json.loads(tt("log", "--json").output)["undone"]
    assert u["when"] == "2031-07-09 21:15 UTC", u
    assert "2031-07-09 21:15 UTC" in tt("log").output
