"""Issue 26: ``tabletop setup-list GAME [options]``: the component list without starting a game, with the options
and checks of ``tabletop new GAME``, printable (plain text, at most 60 columns) in both languages, and ``--json``;
and the same list as the first thing the setup walkthrough shows."""

import json

import pytest

from cli_checks import LANGS, PLACEHOLDER, answer_args, new_game, raw_id, tt

CASES = [
    ("chaos", ["--powers", "khorne,nurgle,tzeentch"]),
    ("toc", ["--humans", "2", "--emperor-rules", "--cards", "variable"]),
    ("radlands", ["--first-game"]),
    ("anachrony", ["--players", "3", "--modules", "all"]),
    ("anachrony", ["--players", "1", "--modules", "hypersync", "--opponent", "chronossus"]),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,args", CASES)
def test_printable_in_both_languages(game, args, lang):
    result = tt("--lang", lang, "setup-list", game, *args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) > 5
    assert max(len(line) for line in lines) <= 60
    assert "\x1b" not in result.output  # plain text, no colour
    assert not raw_id(game).search(result.output) and not raw_id("core").search(result.output)
    assert not PLACEHOLDER.search(result.output)


def test_no_game_is_started():
    assert tt("setup-list", "chaos").exit_code == 0
    listed = tt("--json", "games")
    assert json.loads(listed.output).get("games", []) == []


def test_json_gives_each_item_with_its_count():
    result = tt("--json", "setup-list", "chaos", "--powers", "khorne,nurgle,tzeentch")
    data = json.loads(result.output)
    assert data["ok"] and data["game"] == "chaos" and data["options"]["powers"] == ["khorne", "nurgle", "tzeentch"]
    deck = next(it for it in data["components"] if it["key"] == "old_world_deck")
    assert deck["count"] == 8 and deck["text"]  # seed 003 step 6: 8 cards with 3 Powers
    dice = next(it for it in data["components"] if it["key"] == "dice")
    assert dice["count"] is None


@pytest.mark.parametrize("game,args", [("chaos", ["--powers", "khorne"]), ("toc", ["--cards", "odd"]),
                                       ("anachrony", ["--players", "1", "--modules", "intrigues"])])
def test_the_options_are_checked_as_new_checks_them(game, args):
    listed = tt("setup-list", game, *args)
    started = tt("new", game, *args)
    assert listed.exit_code == started.exit_code == 2
    assert listed.output.strip().splitlines()[-1] == started.output.strip().splitlines()[-1]


def test_aliases_and_unknown_options():
    assert tt("setup-list", "rad").exit_code == 0
    assert tt("setup-list", "chaos", "--name", "x").exit_code == 2  # which save is no part of a setup


def test_the_walkthrough_shows_the_list_first():
    """Before setup step 1: the list, as Says (no question), which 'log' shows too."""
    new_game("radlands", "--first-game")
    played = tt("play", *answer_args({"experienced": "a"}), "--steps", "1")
    out = played.output
    assert out.index("Radlands: take these out of the box") < out.index("Sit on opposite sides")
    assert "6 × first-game camps" in tt("log").output  # the journal keeps what the table was told


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_chaos_powers_as_a_count(lang):
    """'new chaos --random --powers 3' takes a count, so a table tries it here too (seed 003, Preparação 1: 3 or 4
    Powers). 4 lists every Power; 3 asks which three (each Power has its own pieces); another count says 3 or 4.
    Each error names the Powers and an example, and lists nothing."""
    from cli.words.i18n import Translator

    t = Translator(lang)
    four = tt("--lang", lang, "setup-list", "chaos", "--powers", "4")
    every = tt("--lang", lang, "setup-list", "chaos")
    assert four.exit_code == 0 and four.output == every.output
    for n, key in (("3", "core.components.error.chaos_count"), ("2", "core.components.error.chaos_range"),
                   ("5", "core.components.error.chaos_range")):
        r = tt("--lang", lang, "setup-list", "chaos", "--powers", n)
        out = " ".join(r.output.split())
        assert r.exit_code == 2 and t(key, n=n, example="khorne,nurgle,tzeentch",
                                      valid="khorne, nurgle, tzeentch, slaanesh") in out
        assert "[ ]" not in out
