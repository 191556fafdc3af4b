"""``tabletop chaos battle|odds|domination|ruination``: the helpers that need no save.

Seed 003: Fase de Batalha step 1 (battle dice), Fase de Corrupção step 1
(Supremacia) and step 2 (Desolação, header VP), Fase Final step 4 (first and
second place in a ruined region, ties added and divided rounding down).
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import pytest
from typer.testing import CliRunner

import cli.main
import cli.chaos.main as chaos_cli

# The lead wires register() from cli/chaos/main.py; registering again changes nothing.
if not {"battle", "odds", "domination", "ruination"} <= {c.name for c in chaos_cli.app.registered_commands}:
    from cli.chaos.helpers import register

    register(chaos_cli.app)

runner = CliRunner()


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """A fresh TABLETOP_HOME; the helpers need no save, so nothing new may appear in it."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_LANG", raising=False)
    monkeypatch.setenv("LANG", "C")
    before: list = []
    yield before
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == sorted(before)


def run(*args: str):
    return runner.invoke(cli.main.app, list(args))


def run_json(*args: str) -> dict:
    result = run("--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def exact(k: int, n: int) -> Fraction:
    """Rules file §2.11: P(exactly n hits with k dice), the closed form, written out independently."""
    if n == 0:
        return Fraction(1, 2**k)
    return Fraction(sum(comb(k, j) * comb(n - 1, j - 1) * 5**j for j in range(1, min(k, n) + 1)), 2**k * 6**n)


# --- odds ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dice", [1, 3])
def test_odds_json_matches_formula(dice):
    """Seed 003, Fase de Batalha step 1: 4-6 hit, sixes explode; the JSON matches §2.11 exactly."""
    data = run_json("chaos", "odds", str(dice), "--at-least", "2")
    assert data["ok"] is True
    assert data["expected_hits"] == pytest.approx(0.6 * dice, abs=1e-12)
    dist = data["distribution"]
    assert dist.keys() >= {"0", "1", "2", "3"}
    for key, p in dist.items():
        assert p == pytest.approx(float(exact(dice, int(key))), abs=1e-12)
    assert sum(dist.values()) == pytest.approx(1, abs=1e-12)
    for key, p in data["at_least"].items():
        want = 1 - sum(exact(dice, n) for n in range(int(key)))
        assert p == pytest.approx(float(want), abs=1e-12)
    want = {1: Fraction(1, 12), 3: Fraction(9, 16)}[dice]
    assert data["p_at_least"] == pytest.approx(float(want), abs=1e-15)


def test_odds_one_die_values():
    """Seed 003, Fase de Batalha step 1: one die, P(0)=1/2 and P(n)=5/(2*6^n)."""
    data = run_json("chaos", "odds", "1")
    assert data["distribution"]["0"] == 0.5
    assert data["distribution"]["1"] == pytest.approx(5 / 12)
    assert data["distribution"]["2"] == pytest.approx(5 / 72)
    assert "p_at_least" not in data


def test_odds_text_table():
    result = run("chaos", "odds", "2", "--at-least", "2")
    assert result.exit_code == 0, result.output
    assert "41.6667%" in result.stdout  # P(1) = 5/12
    assert "33.3333%" in result.stdout  # P(at least 2) = 1/3
    assert "1.2" in result.stdout  # expected hits


@pytest.mark.parametrize("lang, under", [("en", "< 0.1%"), ("pt-BR", "< 0,1%")])
def test_odds_folds_the_rows_no_table_can_use(lang, under):
    """Last session's play: 8 dice listed 32 rows, down to 3e-13 %. Rows from the first whose 'at least' chance is
    under 0.1 % fold into one line '≥ N' (8 dice: at least 12 hits is 0.18 %, at least 13 is 0.057 %); the JSON
    keeps every row; a row asked with --at-least is kept."""
    result = run("--lang", lang, "chaos", "odds", "8")
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if line.startswith("│")]
    assert [r.split("│")[1].strip() for r in rows] == [*map(str, range(13)), "≥ 13"]
    assert rows[-1].count(under) == 2 and "e-" not in result.stdout
    assert len(run_json("chaos", "odds", "8")["distribution"]) == 32
    asked = run("--lang", lang, "chaos", "odds", "8", "--at-least", "15")
    kept = [line.split("│")[1].strip() for line in asked.stdout.splitlines() if line.startswith("│")]
    assert kept[-2:] == ["15", "≥ 16"]


@pytest.mark.parametrize("dice", ["61", "-1"])
def test_odds_range(dice):
    result = run("chaos", "odds", "--", dice) if dice.startswith("-") else run("chaos", "odds", dice)
    assert result.exit_code == 2
    assert "0 to 60" in result.output


# --- battle -------------------------------------------------------------------------------


def test_battle_seeded_json():
    """Seed 003, Fase de Batalha step 1: N dice plus one per six; hits are the faces 4-6."""
    a = run_json("--seed", "7", "chaos", "battle", "30")
    b = run_json("chaos", "battle", "30", "--seed", "7")
    assert a == b
    assert a["dice"] == 30
    assert len(a["faces"]) == 30 + a["faces"].count(6)
    assert a["extra"] == a["faces"].count(6)
    assert a["hits"] == sum(1 for f in a["faces"] if f >= 4)


def test_battle_text_and_range():
    result = run("--seed", "3", "chaos", "battle", "5")
    assert result.exit_code == 0, result.output
    assert "Hits:" in result.stdout
    bad = run("chaos", "battle", "201")
    assert bad.exit_code == 2
    assert "0 to 200" in bad.output


# --- domination -----------------------------------------------------------------------------


def test_domination_dominates():
    """Seed 003, Fase de Corrupção step 1: value above resistance wins the conquest value."""
    data = run_json("chaos", "domination", "Kislev", "--figures", "khorne=2", "--cards", "khorne=2", "--figures", "nurgle=1")
    assert data["values"] == {"khorne": 4, "nurgle": 1}
    assert data["dominator"] == "khorne"
    assert data["vp"] == 3
    assert data["reason"] == "dominates"
    assert (data["resistance"], data["conquest"]) == (3, 3)


def test_domination_tie():
    """Seed 003, Fase de Corrupção step 1: a tie for the highest value dominates nobody."""
    data = run_json(
        "chaos", "domination", "the empire",
        "--figures", "khorne=3", "--cards", "khorne=2", "--cards", "khorne=1",
        "--figures", "slaanesh=6",
    )
    assert data["values"] == {"khorne": 6, "slaanesh": 6}
    assert data["dominator"] is None
    assert data["vp"] == 0
    assert data["reason"] == "tie"


def test_domination_equal_to_resistance():
    """Seed 003, Fase de Corrupção step 1: the value must be strictly greater than the resistance."""
    data = run_json("chaos", "domination", "kislev", "--figures", "tzeentch=3")
    assert data["dominator"] is None
    assert data["reason"] == "not_above_resistance"
    data = run_json("chaos", "domination", "kislev", "--figures", "tzeentch=3", "--resistance-mod", "-1", "--conquest-mod", "1")
    assert data["dominator"] == "tzeentch"
    assert (data["resistance"], data["conquest"], data["vp"]) == (2, 4, 4)


def test_domination_uses_owner_overrides(home, tmp_path):
    """The owner's values replace the shipped ones (read only)."""
    folder = tmp_path / "overrides"
    folder.mkdir()
    (folder / "chaos.toml").write_text("[regions.kislev]\nresistance = 4\n", encoding="utf-8")
    home.extend([folder.relative_to(tmp_path), (folder / "chaos.toml").relative_to(tmp_path)])
    data = run_json("chaos", "domination", "kislev", "--figures", "khorne=4")
    assert (data["resistance"], data["conquest"]) == (4, 3)
    assert data["reason"] == "not_above_resistance"


def test_domination_nobody():
    data = run_json("chaos", "domination", "norsca")
    assert data["dominator"] is None
    assert data["reason"] == "no_figures_or_cards"


def test_domination_modifiers_floor_at_zero():
    data = run_json("chaos", "domination", "norsca", "--figures", "khorne=1", "--resistance-mod", "-5", "--conquest-mod", "-9")
    assert data["resistance"] == 0
    assert data["conquest"] == 0
    assert data["dominator"] == "khorne"
    assert data["vp"] == 0


@pytest.mark.parametrize(
    "args",
    [
        ("--figures", "khorne"),
        ("--figures", "khorne=two"),
        ("--figures", "khorne=-1"),
        ("--figures", "khorne=1", "--figures", "Khorne=2"),
        ("--cards", "=2"),
    ],
)
def test_domination_bad_pairs(args):
    result = run("chaos", "domination", "kislev", *args)
    assert result.exit_code == 2
    assert "--figures" in result.output or "--cards" in result.output


# --- ruination -------------------------------------------------------------------------------


def test_ruination_two_tied_first():
    """Seed 003, Fase Final step 4: The Empire, card 1 (10/5): two tied for first get 7 each."""
    data = run_json("chaos", "ruination", "The Empire", "--card", "1", "--tokens", "khorne=5", "--tokens", "nurgle=5", "--placed", "khorne")
    assert data["places"] == {"khorne": 7, "nurgle": 7}
    assert data["ruiner"] == {"khorne": 3}  # seed, Fase de Corrupção step 2: the card's header
    assert data["vp"] == {"khorne": 10, "nurgle": 7}


def test_ruination_clear_first_tied_second():
    """Seed 003, Fase Final step 4: clear first plus two tied for second -> 10, 2, 2."""
    data = run_json(
        "chaos", "ruination", "the_empire", "--card", "1",
        "--tokens", "khorne=6,nurgle=3", "--tokens", "tzeentch=3",
        "--placed", "nurgle", "--placed", "tzeentch",
    )
    assert data["places"] == {"khorne": 10, "nurgle": 2, "tzeentch": 2}
    assert data["ruiner"] == {"nurgle": 3, "tzeentch": 3}
    assert data["vp"] == {"khorne": 10, "nurgle": 5, "tzeentch": 5}


def test_ruination_three_tied_and_later_card():
    """Worked example: three tied for first -> 5 each; card 4 pays 5 ruiner VP."""
    data = run_json("chaos", "ruination", "the empire", "--card", "1", "--tokens", "khorne=2,nurgle=2,slaanesh=2")
    assert data["places"] == {"khorne": 5, "nurgle": 5, "slaanesh": 5}
    data = run_json("chaos", "ruination", "kislev", "--card", "4", "--tokens", "khorne=4,nurgle=1", "--placed", "khorne,nurgle")
    assert data["ruiner"] == {"khorne": 5, "nurgle": 5}
    assert data["places"] == {"khorne": 10, "nurgle": 5}


def test_ruination_card_range():
    result = run("chaos", "ruination", "kislev", "--card", "6", "--tokens", "khorne=1")
    assert result.exit_code == 2
    assert "1 to 5" in result.output


# --- names and languages -----------------------------------------------------------------------


def test_portuguese_region_name():
    data = run_json("chaos", "domination", "o império", "--figures", "khorne=6")
    assert data["region"] == "the_empire"
    assert data["dominator"] == "khorne"
    assert data["vp"] == 5
    data = run_json("chaos", "ruination", "O IMPERIO", "--card", "1", "--tokens", "nurgle=1")
    assert data["region"] == "the_empire"


def test_unknown_region_names_closest():
    result = run("chaos", "domination", "Kislevv", "--figures", "khorne=1")
    assert result.exit_code == 2
    assert "Kislev" in result.stderr
    data = run("--json", "chaos", "odds", "1")  # sanity: JSON mode still fine afterwards
    assert data.exit_code == 0
    result = run("--json", "chaos", "ruination", "Bretonya", "--card", "1")
    assert result.exit_code == 2
    payload = json.loads(result.stdout)
    assert payload["ok"] is False
    assert "bretonnia" in payload["close"]


def test_unknown_power():
    result = run("chaos", "domination", "kislev", "--figures", "korne=1")
    assert result.exit_code == 2
    assert "Khorne" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("chaos", "battle", "4"),
        ("chaos", "battle", "0"),
        ("chaos", "odds", "3", "--at-least", "2"),
        ("chaos", "domination", "o império", "--figures", "khorne=6", "--cards", "nurgle=2"),
        ("chaos", "domination", "kislev", "--figures", "khorne=2", "--figures", "nurgle=2"),
        ("chaos", "domination", "kislev", "--figures", "khorne=3"),
        ("chaos", "domination", "kislev"),
        ("chaos", "ruination", "o império", "--card", "1", "--tokens", "khorne=5,nurgle=5", "--placed", "khorne"),
        ("chaos", "ruination", "kislev", "--card", "2"),
        ("chaos", "ruination", "kislev", "--card", "9"),
        ("chaos", "odds", "99"),
        ("chaos", "domination", "atlantida"),
        ("chaos", "domination", "kislev", "--figures", "khorne=1", "--figures", "khorne=1"),
        ("chaos", "domination", "kislev", "--figures", "khorne"),
        ("chaos", "domination", "kislev", "--figures", "khorne=-2"),
        ("chaos", "domination", "kislev", "--figures", "ninguem=2"),
    ],
)
def test_portuguese_output_has_no_raw_ids(args):
    result = run("--seed", "1", "--lang", "pt-BR", *args)
    assert result.exit_code in (0, 2), result.output
    assert "chaos.helpers." not in result.output
    assert "chaos.region." not in result.output
    assert "chaos.power." not in result.output


def test_portuguese_terms():
    result = run("--lang", "pt-BR", "chaos", "domination", "o império", "--figures", "khorne=6")
    assert "Supremacia" in result.stdout and "PV" in result.stdout
    result = run("--lang", "pt-BR", "--seed", "2", "chaos", "battle", "3")
    assert "Impactos:" in result.stdout
    result = run("--lang", "pt-BR", "chaos", "odds", "2")
    assert "41,6667%" in result.stdout


def test_ruination_refuses_a_ruiner_without_tokens():
    """Seed, Fase de Corrupção step 2 (ruiner VP go to Powers that placed at least 1 token there in this step):
    a Power named with --placed but holding 0 tokens in the region cannot have placed any; refused, exit 2."""
    result = run("chaos", "ruination", "kislev", "--card", "2", "--tokens", "khorne=6", "--placed", "nurgle")
    assert result.exit_code == 2
    assert "Nurgle" in result.output and "--tokens" in result.output
    result = run("--json", "chaos", "ruination", "kislev", "--card", "2", "--tokens", "khorne=6", "--placed", "nurgle")
    assert json.loads(result.stdout)["error"] == "placed_no_tokens"


def test_battle_with_table_dice_counts_the_faces_the_table_typed():
    """docs/playing.md, App dice and table dice: with '--dice table' the table types the faces, checked (a d6 shows 1 to 6,
    every 6 adds one more die: 3d6 showing one 6 needs four faces); 'tabletop chaos battle' (4-6 hit, sixes explode,
    seed 003 battle) counts those faces instead of rolling its own."""
    r = run("--json", "chaos", "battle", "3", "--dice", "table", "--answer", "chaos.battle.dice=6 4 1 5")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["faces"] == [6, 4, 1, 5] and data["extra"] == 1 and data["hits"] == 3
    for faces in ("6 4 1", "7 4 1"):  # a 6 needs its extra die; no d6 shows 7
        r = run("chaos", "battle", "3", "--dice", "table", "--answer", f"chaos.battle.dice={faces}")
        assert r.exit_code == 2 and "not valid" in r.output, r.output
    r = run("--lang", "pt-BR", "chaos", "battle", "2", "--dice", "table")
    assert r.exit_code == 2 and "chaos.battle.dice" in r.output and "dados de batalha" in r.output, r.output


@pytest.mark.parametrize("lang, valid", [("en", "Valid: Norsca"), ("pt-BR", "Válido: Norsca")])
def test_an_unknown_region_with_nothing_close_says_no_closest(lang, valid):
    """Found in play: 'Mais parecida: nenhum.' (a region is feminine, and 'none' helps nobody): with no close name
    the refusal says what is valid and nothing more; a close name is still given."""
    far = run("--lang", lang, "chaos", "domination", "atlantis")
    assert far.exit_code == 2 and valid in far.output
    assert "Closest" not in far.output and "parecid" not in far.output and "nenhum" not in far.output
    near = run("--lang", lang, "chaos", "domination", "kislevv")
    assert near.exit_code == 2 and ("Closest: Kislev." in near.output or "Mais parecida: Kislev." in near.output)
