"""``tabletop collection`` and ``tabletop new GAME --random`` (cli/setup/collection.py, cli/setup/setupdraw.py,
state/collection.py): what the table owns, the setups it allows, and the random setup kept or redrawn."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cli_checks import tt


def home() -> Path:
    return Path(os.environ["TABLETOP_HOME"])


def _save(name: str) -> dict:
    import tomllib

    return tomllib.loads((home() / "games" / name / "save.toml").read_text("utf-8"))


def test_without_a_file_everything_is_owned_and_new_is_as_before():
    r = tt("--json", "collection")
    data = json.loads(r.output)
    assert r.exit_code == 0 and data["exists"] is False
    assert all(not g["not_owned"] for g in data["games"].values())
    assert data["games"]["anachrony"]["owned"] == ["base", "future_imperfect", "neutronide", "hypersync", "quantum_loops", "intrigues"]
    r = tt("new", "anachrony", "--players", "2", "--modules", "all", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert not (home() / "collection.toml").exists()  # reading never writes
    assert "Random setup" not in r.output


def test_remove_then_new_refuses_with_the_item_and_how_to_add_it():
    assert tt("collection", "remove", "anachrony", "intrigues").exit_code == 0
    r = tt("new", "anachrony", "--players", "2", "--modules", "intrigues", "--seed", "3")
    assert r.exit_code == 2
    assert "Intrigues of the Council" in r.output and "tabletop collection add anachrony intrigues" in r.output
    assert not (home() / "games").exists() or not any((home() / "games").iterdir())  # nothing started
    assert tt("collection", "add", "anachrony", "intrigues").exit_code == 0
    assert tt("new", "anachrony", "--players", "2", "--modules", "intrigues", "--seed", "3").exit_code == 0


def test_toc_needs_the_expansion():
    tt("collection", "remove", "toc", "age_of_iron_and_rust")
    r = tt("new", "toc", "--seed", "2")
    assert r.exit_code == 2 and "The Age of Iron and Rust" in r.output


def test_unknown_game_or_item_is_refused_with_the_closest():
    r = tt("collection", "remove", "anachrony", "intrig")
    assert r.exit_code == 2 and "Closest: intrigues" in r.output
    r = tt("collection", "add", "anachronee", "base")
    assert r.exit_code == 2 and "anachrony" in r.output
    assert not (home() / "collection.toml").exists()  # an error changes nothing


def test_a_change_keeps_the_owners_comments():
    path = home() / "collection.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("# my shelf\n[anachrony]\nbase = true  # the big box\nhypersync = false\n", "utf-8")
    assert tt("collection", "add", "anachrony", "hypersync").exit_code == 0
    text = path.read_text("utf-8")
    assert "# my shelf" in text and "# the big box" in text and "hypersync = true" in text
    data = json.loads(tt("--json", "collection").output)
    assert data["exists"] and data["games"]["anachrony"]["not_owned"] == []


@pytest.mark.parametrize("text, line, words", [
    ("[anachrony]\nbase = true\nhypersinc = false\n", 3, "Closest: hypersync"),
    ("[chaos]\nbase = \"yes\"\n", 2, "true (owned) or false"),
    ("[chaos]\nbase = true\n[monopoly]\nbase = true\n", 3, "not a game"),
    ("[chaos\nbase = true\n", 1, "not valid TOML"),
])
def test_a_damaged_file_is_an_error_naming_the_file_and_line(text, line, words):
    path = home() / "collection.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    for args in (["collection"], ["new", "chaos", "--seed", "1"], ["collection", "add", "chaos", "base"]):
        r = tt(*args)
        assert r.exit_code == 1, r.output
        assert str(path) in r.output.replace("\n", "") and f"line {line}" in r.output and words in r.output.replace("\n", " ")
        assert "Traceback" not in r.output
    assert path.read_text("utf-8") == text  # never rewritten


def test_random_is_shown_kept_off_terminal_and_stored_with_its_seed():
    r = tt("new", "radlands", "--random", "--seed", "7")
    assert r.exit_code == 0, r.output
    assert "Random setup (seed 7)" in r.output and "the drawn setup kept" in r.output
    from automata.core.collection import draw

    save = _save("radlands-1")
    again = draw("radlands", {"first_game": False, "players": None, "track": "full"}, set(), {"base", "cult_of_chrome"}, save["seed"])
    assert save["options"]["dealt"] == again["dealt"]  # the save's seed makes the same deal again


def test_redraw_takes_the_next_seed_and_the_save_keeps_it():
    r = tt("--json", "new", "chaos", "--random", "--powers", "3", "--seed", "7", "--answer", "new.random=redraw")
    data = json.loads(r.output.strip().splitlines()[-1])
    from cli.setup.setupdraw import next_seed

    assert data["seed"] == next_seed(7)
    r2 = tt("--json", "new", "chaos", "--random", "--powers", "3", "--seed", str(next_seed(7)), "--another")
    assert json.loads(r2.output.strip().splitlines()[-1])["options"]["powers"] == data["options"]["powers"]


def test_random_draws_only_what_is_owned():
    tt("collection", "remove", "anachrony", "neutronide", "hypersync", "quantum_loops")
    for seed in range(8):
        r = tt("--json", "new", "anachrony", "--random", "--players", "2", "--seed", str(seed), "--another")
        assert json.loads(r.output.strip().splitlines()[-1])["options"]["modules"] in ([], ["intrigues"])


def test_random_in_portuguese():
    r = tt("--lang", "pt-BR", "new", "anachrony", "--random", "--players", "2", "--seed", "4")
    assert r.exit_code == 0 and "Preparação sorteada (semente 4)" in r.output and "Caminho" in r.output


def test_the_modules_question_marks_what_is_not_owned():
    tt("collection", "remove", "anachrony", "intrigues")
    r = tt("new", "anachrony", "--players", "2", "--answer", "new.anachrony.modules=intrigues", "--seed", "1")
    assert r.exit_code == 2 and "not in the collection" in r.output.replace("\n", " ")
    r = tt("new", "anachrony", "--players", "2", "--answer", "new.anachrony.modules=hypersync", "--seed", "1")
    assert r.exit_code == 0 and _save("anachrony-1")["options"]["modules"] == ["hypersync"]


@pytest.mark.parametrize("args", [[], ["--powers", "4"], ["--powers", "khorne,nurgle,slaanesh"]])
def test_chaos_random_with_nothing_open_says_so_and_asks_nothing(args):
    """Seed 003, Preparação 1: each player plays one of the four Powers, so four Powers leave nothing to draw (and
    Powers named with --powers neither): the table is told so and shown the 3-Power draw; keep/redraw is not asked."""
    r = tt("new", "chaos", "--random", *args, "--seed", "5", "--answer", "new.random=redraw")
    out = r.output.replace("\n", " ")
    assert r.exit_code == 0, r.output
    assert "nothing to draw" in out and "tabletop new chaos --random --powers 3" in out
    assert "Random setup" not in out and "new.random" not in out
    assert _save("chaos-1")["seed"] == 5  # the redraw answer changed nothing
    r = tt("--lang", "pt-BR", "new", "chaos", "--random", *args, "--another", "--name", "pt")
    assert "não há nada a sortear" in r.output.replace("\n", " ")


def test_radlands_random_with_the_first_game_camps_asks_nothing():
    """Seed 004, Preparação de cada jogador 1 (first game): the recommended camps replace the deal, so '--random
    --first-game' has nothing to draw; as with four Chaos Powers (docs/chaos.md) the table is told so and keep/redraw,
    whose answer would change nothing, is not asked."""
    r = tt("new", "radlands", "--random", "--first-game", "--seed", "5", "--answer", "new.random=redraw")
    out = r.output.replace("\n", " ")
    assert r.exit_code == 0, r.output
    assert "nothing to deal" in out and "new.random" not in out and "Random setup" not in out
    assert _save("radlands-1")["seed"] == 5
    r = tt("new", "radlands", "--random", "--seed", "5", "--another")
    assert "Random setup (seed 5)" in r.output and "new.random" in r.output.replace("\n", " ")


def test_toc_random_names_the_mats_given_by_their_short_names():
    """docs/toc.md: '--mats maximinus,gordian,pupienus' (an option given stays in a random setup); the
    draw shown first names those mats as the setup does (Seed 000, Preparação: each bot its AI mat), never an id."""
    for lang, mat in (("en", "Maximinus Thrax"), ("pt-BR", "Pupienus e Balbinus")):
        r = tt("--lang", lang, "new", "toc", "--random", "--humans", "1", "--mats", "maximinus,gordian,pupienus",
               "--seed", "5", "--another")
        assert r.exit_code == 0 and "toc.mat." not in r.output and mat in r.output, r.output


def test_chaos_random_with_three_powers_still_draws_and_asks():
    r = tt("new", "chaos", "--random", "--powers", "3", "--seed", "5")
    assert "Random setup (seed 5)" in r.output and "nothing to draw" not in r.output
    assert "new.random" in r.output.replace("\n", " ")


def test_toc_random_names_the_humans_colours_and_the_mats_in_the_tables_language():
    """Seed 000, Preparação: the humans play the colours the bots leave; the AI mats by their names in the table's
    language (the same names the component list and the setup steps then use)."""
    from automata.toc.randomsetup import draw as toc_draw

    drawn = toc_draw({"humans": 2, "bots": None}, set(), {"base", "age_of_iron_and_rust"}, 11)
    bots = drawn["bots"].split(",")
    r = tt("--lang", "pt-BR", "new", "toc", "--random", "--humans", "2", "--seed", "11")
    out = " ".join(r.output.split())
    from cli.words.i18n import Translator

    t = Translator("pt-BR")
    humans = [t(f"toc.colour.{c}") for c in ("green", "red", "blue", "yellow") if c not in bots]
    assert len(humans) == 2 and all(h in out.split("os bots:")[0] for h in humans)
    for mat in drawn["mats"].split(","):
        assert t(f"toc.mat.{mat}") in out
    assert "Pupienus and Balbinus" not in out


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_long_drawn_line_wraps_under_its_own_start(lang):
    """Radlands deals six camps to each player: at 60 columns the line wraps, and its continuation stays indented
    under the draw (not at the left edge, where it would read as a new line)."""
    from cli_checks import assert_fits

    r = tt("--lang", lang, "new", "radlands", "--random", "--players", "Ana,Bruno", "--seed", "3", env={"COLUMNS": "60"})
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("  Ana"))
    end = next(i for i, l in enumerate(lines) if l.startswith("  Bruno"))
    assert end - start > 1 and all(l.startswith("    ") for l in lines[start + 1:end])
    assert_fits("\n".join(lines[start:end]), 60)


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_refused_setup_names_what_of_the_game_is_owned(lang):
    """An error says what is valid: refused for a module the table does not own, the table is told which items of
    the game it does own (what it can pick instead), before how to add the missing one."""
    from cli.words.i18n import Translator

    t = Translator(lang)
    tt("collection", "remove", "anachrony", "hypersync", "intrigues")
    r = tt("--lang", lang, "new", "anachrony", "--players", "2", "--modules", "hypersync", "--seed", "3")
    out = " ".join(r.output.split())
    assert r.exit_code == 2
    owned_part = out.split(t("core.collection.error.owned", items="").rstrip(". "))[1]
    for item in ("neutronide", "quantum_loops"):
        assert t(f"core.collection.item.anachrony.{item}") in owned_part
    for item in ("hypersync", "intrigues"):
        assert t(f"core.collection.item.anachrony.{item}") not in owned_part
    assert out.index(t("core.collection.item.anachrony.neutronide")) < out.index("tabletop collection add anachrony hypersync")


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_collection_keeps_the_games_order_and_wraps_under_each_item(lang):
    """A removed item stays in its place (the game's order, not owned items first), and at 60 columns a long item
    wraps under itself."""
    tt("collection", "remove", "anachrony", "neutronide")
    r = tt("--lang", lang, "collection", env={"COLUMNS": "60"})
    assert r.exit_code == 0, r.output
    assert all(len(line) <= 60 for line in r.output.splitlines())  # ("ITEM…" in the help line is no cut)
    ids = [i for i in ("(future_imperfect)", "(neutronide)", "(hypersync)") if i in r.output]
    assert [r.output.index(i) for i in ids] == sorted(r.output.index(i) for i in ids) and len(ids) == 3
    lines = r.output.splitlines()
    toc = next(i for i, l in enumerate(lines) if "Iron and Rust" in l)
    assert lines[toc].startswith("  + ") and lines[toc + 1].startswith("    ")  # its continuation, under the item


@pytest.mark.parametrize("lang, removed, added", [
    ("en", "Radlands: the table does not own Cult of Chrome (expansion) now.",
     "Radlands: the table owns Cult of Chrome (expansion) now."),
    ("pt-BR", "Radlands: agora a mesa não tem Cult of Chrome (expansão).",
     "Radlands: agora a mesa tem Cult of Chrome (expansão)."),
])
def test_a_change_names_the_game_as_the_table_knows_it(lang, removed, added):
    # playtest: "Not owned now (radlands): …" named the game by its id, in parentheses, in both languages
    r = tt("--lang", lang, "collection", "remove", "radlands", "cult_of_chrome")
    assert r.exit_code == 0 and r.output.strip() == removed
    r = tt("--lang", lang, "collection", "add", "radlands", "cult_of_chrome")
    assert r.exit_code == 0 and r.output.strip() == added
