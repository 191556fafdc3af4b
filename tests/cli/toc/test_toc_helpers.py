"""``tabletop toc emperor-legacy|mat``: the Time of Crisis helpers that need no save.

Seed 000 (000_11c43f9f500dfc03.txt): Ações e Como Jogar, Tipos de Imperador (the Legacy formulas,
cut off in the Military Emperor: G13); Preparação step 4 and Fluxo do Jogo (the AI mat: preferred
area on top, tracks, mode boxes); rules reference §3.0 (provisional values, owner overrides).
"""

from __future__ import annotations

import json
import re
import tomllib

import pytest
from typer.testing import CliRunner

import cli.main
import cli.toc.main as toc_cli

# The lead wires register() from cli/toc/main.py; registering again changes nothing.
if not {"emperor-legacy", "mat"} <= {c.name for c in toc_cli.app.registered_commands}:
    from cli.toc.helpers import register

    register(toc_cli.app)

from automata.toc.data import load  # noqa: E402

runner = CliRunner()
MAT = "maximinus_thrax"


def run(*args: str):
    return runner.invoke(cli.main.app, list(args))


def run_json(*args: str) -> dict:
    result = run("--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def overrides_path(home):
    return home / "overrides" / "toc.toml"


def full_answers(mat_id: str = MAT, **changes) -> dict:
    """Every answer of the transcription, equal to the shipped mat, with ``changes`` (short ids) applied."""
    mat = load().mat(mat_id)
    out = {}
    for area in mat["area_order"]:
        out[f"toc.mat.{mat_id}.{area}.circles"] = len(mat["track"][area])
        for n, c in enumerate(mat["track"][area]):
            for f in ("cost", "primary", "secondary", "primary_event", "secondary_event"):
                if f == "cost" and n == 0:
                    continue
                out[f"toc.mat.{mat_id}.{area}.{n}.{f}"] = c.get(f, 0)
    for k, box in mat["mode"].items():
        for role in ("primary", "secondary"):
            out[f"toc.mat.{mat_id}.mode.{k}.{role}"] = box[role]
    out[f"toc.mat.{mat_id}.area_order.middle"] = mat["area_order"][1]
    for key, value in changes.items():
        out[f"toc.mat.{mat_id}.{key}"] = value
    return out


def answers_file(tmp_path, answers: dict):
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(answers), encoding="utf-8")
    return str(path)


# --- emperor-legacy -----------------------------------------------------------------------------


def test_senate_json():
    """Seed 000, Senate Emperor, Gain Legacy: support(Italia) − P, negative → 0."""
    data = run_json("toc", "emperor-legacy", "senate", "--support", "3", "--pretenders", "1")
    assert data["ok"] is True
    assert data["type"] == "senate"
    assert data["legacy_change"] == 2
    assert data["formula"] == "max(0, 3 - 1)"
    data = run_json("toc", "emperor-legacy", "Senate", "--support", "1", "--pretenders", "4", "--legacy", "7")
    assert (data["legacy_change"], data["legacy_before"], data["legacy_after"]) == (0, 7, 7)


def test_populace_json():
    """Seed 000, Populace Emperor, Gain Legacy: 2 × support(province) − P, negative → 0."""
    data = run_json("toc", "emperor-legacy", "populace", "--support", "3", "--pretenders", "1", "--legacy", "10")
    assert data["type"] == "populace"
    assert data["legacy_change"] == 5
    assert data["legacy_after"] == 15
    assert run_json("toc", "emperor-legacy", "populace", "--support", "1", "--pretenders", "3")["legacy_change"] == 0


def test_military_json_default_cap():
    """Seed 000, Military Emperor, Gain Legacy: battle Legacy doubled, Triumph not, minus P; the cap is
    PROVISIONAL (G13), from the setting rules.settings.pretender_cap ("legacy_total" by default)."""
    data = run_json("toc", "emperor-legacy", "military", "--pretenders", "5", "--battle-legacy", "1",
                    "--triumph", "2", "--legacy", "1")
    assert data["type"] == "military"
    assert data["gain"] == 4  # 2 × 1 + 2, the Triumph bonus not doubled
    assert data["subtracted"] == 5  # min(5, 1 + 4)
    assert data["legacy_change"] == -1
    assert data["legacy_after"] == 0
    assert data["cap"] == "legacy_total"
    assert data["provisional"] is True
    assert data["setting"] == "rules.settings.pretender_cap"


def test_military_cap_from_owner_setting_and_option(_tabletop_home):
    """Seed 000, Military Emperor (G13): the other provisional cap, from the owner's file or --cap."""
    path = overrides_path(_tabletop_home)
    path.parent.mkdir(parents=True)
    path.write_text('[rules.settings]\npretender_cap = "legacy_gained_this_turn"\n', encoding="utf-8")
    data = run_json("toc", "emperor-legacy", "military", "--pretenders", "5", "--battle-legacy", "1")
    assert data["cap"] == "legacy_gained_this_turn"
    assert (data["gain"], data["subtracted"], data["legacy_change"]) == (2, 2, 0)
    data = run_json("toc", "emperor-legacy", "military", "--pretenders", "5", "--legacy", "30", "--cap", "legacy_total")
    assert (data["subtracted"], data["legacy_change"], data["cap_source"]) == (5, -5, "option")


def test_military_text_labels_the_cap_provisional():
    """Seed 000, Military Emperor: the text stops at the cap, so the output says PROVISIONAL and names the setting."""
    result = run("toc", "emperor-legacy", "military", "--pretenders", "2", "--battle-legacy", "3", "--legacy", "0")
    assert result.exit_code == 0, result.output
    assert "PROVISIONAL" in result.output
    assert "pretender_cap" in result.output
    assert "+4" in result.output  # 2 × 3 − 2


@pytest.mark.parametrize(
    "args, error",
    [
        (("senate", "--support", "-1", "--pretenders", "0"), "negative"),
        (("populace", "--support", "2", "--pretenders", "-3"), "negative"),
        (("senate", "--pretenders", "1"), "missing"),
        (("populace", "--pretenders", "1"), "missing"),
        (("military", "--support", "2", "--pretenders", "1", "--legacy", "3"), "not_for_type"),
        (("senate", "--support", "2", "--pretenders", "1", "--triumph", "2"), "not_for_type"),
        (("military", "--pretenders", "1"), "legacy_needed"),
        (("military", "--pretenders", "1", "--cap", "half"), "bad_cap"),
        (("military", "--legacy", "1"), "missing"),
    ],
)
def test_emperor_legacy_bad_input(args, error):
    """Bad input exits 2 and says what is valid (seed 000, Tipos de Imperador: counts are never negative)."""
    result = run("--json", "toc", "emperor-legacy", *args)
    assert result.exit_code == 2, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is False
    assert data["error"] == error


def test_unknown_type_suggests_the_close_one():
    """Seed 000, Tipos de Imperador: three types; a misspelling gets the closest."""
    result = run("toc", "emperor-legacy", "milatary", "--pretenders", "1")
    assert result.exit_code == 2
    assert "senate, populace, military" in result.output
    assert "Closest: military" in result.output
    result = run("--json", "toc", "emperor-legacy", "milatary", "--pretenders", "1")
    assert json.loads(result.stdout)["close"] == ["military"]


# --- mat ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, mat_id", [("maximinus", MAT), ("GORDIAN", "gordian_iii"), ("Pupienus", "pupienus_balbinus"),
                                          ("maximinus_thrax", MAT), ("Gordian III", "gordian_iii")])
def test_mat_names(name, mat_id):
    """Seed 000, Preparação step 4: the three AI mats, by id or name in any case."""
    data = run_json("toc", "mat", name)
    assert data["mat"]["id"] == mat_id
    assert data["mat"]["area_order"][0] == data["mat"]["preferred"]
    assert len(data["mat"]["mode"]) == 4


def test_mat_render_marks_provisional_values():
    """Rules reference §3.0: every provisional value is marked, with a legend naming the --edit command."""
    result = run("toc", "mat", "maximinus")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "PROVISIONAL" in out
    assert f"tabletop toc mat {MAT} --edit" in out
    assert re.search(r"\(2\)\* 4\*", out), out  # circle 1 of the top track: circled event 2, Primary 4, both provisional
    # the three areas top to bottom, the preferred one first
    rows = [out.index(f"{i}. ") for i in (1, 2, 3)]
    assert rows == sorted(rows)
    assert out.index("1. Military") < out.index("2. Senate") < out.index("3. Populace")
    assert "Mode" in out


def test_mat_json_lists_provisional_keys():
    data = run_json("toc", "mat", "gordian")
    assert "area_order" in data["provisional"]
    assert "track.populace.1.cost" in data["provisional"]
    assert "track.populace.0.cost" not in data["provisional"]  # the seed's zero-cost start circle
    assert "mode.1.primary" in data["provisional"]


def test_mat_unknown_name():
    result = run("toc", "mat", "maximus")
    assert result.exit_code == 2
    assert "Maximinus Thrax" in result.output
    result = run("--json", "toc", "mat", "gordon")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["error"] == "unknown_mat"
    assert "gordian_iii" in data["close"]


def test_mat_pt_br_has_no_raw_ids():
    result = run("--lang", "pt-BR", "toc", "mat", "pupienus")
    assert result.exit_code == 0, result.output
    assert "PROVISÓRIO" in result.output
    assert "toc.helpers" not in result.output
    result = run("--lang", "pt-BR", "toc", "emperor-legacy", "military", "--pretenders", "1", "--legacy", "2")
    assert result.exit_code == 0, result.output
    assert "toc.helpers" not in result.output and "PROVISÓRIO" in result.output


# --- mat --edit -------------------------------------------------------------------------------------


def test_edit_without_answers_and_terminal_exits_2(_tabletop_home):
    """No answer and no terminal: exit 2 naming the first question; nothing written."""
    result = run("toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 2
    assert f"toc.mat.{MAT}.military.circles" in result.output
    result = run("--json", "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["id"] == f"toc.mat.{MAT}.military.circles"
    assert not overrides_path(_tabletop_home).exists()


def test_edit_part_answered_stops_at_the_next_id(_tabletop_home):
    result = run("--answer", f"toc.mat.{MAT}.military.circles=6", "--answer", f"toc.mat.{MAT}.military.0.primary=3",
                 "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 2
    assert f"toc.mat.{MAT}.military.0.secondary" in result.output
    assert not overrides_path(_tabletop_home).exists()


def test_edit_writes_owner_values(tmp_path, _tabletop_home):
    """Rules reference §3.0 point 2: the owner's transcription overrides the shipped values key by key and
    marks them "owner", also where the owner's value equals the shipped one; other owner values stay."""
    path = overrides_path(_tabletop_home)
    path.parent.mkdir(parents=True)
    path.write_text('[rules.settings]\npretender_cap = "legacy_gained_this_turn"\n', encoding="utf-8")
    answers = full_answers(**{"senate.2.cost": 5, "senate.2.primary_event": 0, "military.3.secondary_event": 4,
                              "mode.4.secondary": "senate", "area_order.middle": "populace"})
    result = run("--answers", answers_file(tmp_path, answers), "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 0, result.output
    assert str(path) in result.output
    assert "Every new game" in result.output
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved["rules"]["settings"]["pretender_cap"] == "legacy_gained_this_turn"  # merged, not replaced
    mine = saved["mats"][MAT]
    assert mine["track"]["senate"][2]["cost"] == 5  # each track a list: the owner's whole printed track
    assert mine["area_order"] == ["military", "populace", "senate"]

    data = load(saved)
    mat = data.mat(MAT)
    senate2 = mat["track"]["senate"][2]
    assert senate2["cost"] == 5
    assert "primary_event" not in senate2  # 0 = no circled number
    assert mat["track"]["military"][3]["secondary_event"] == 4
    assert mat["mode"]["4"]["secondary"] == "senate"
    for area in ("military", "senate", "populace"):
        for circle in mat["track"][area]:
            assert circle["confidence"] == "owner"  # equal to the shipped value or not
    assert all(box["confidence"] == "owner" for box in mat["mode"].values())
    assert mat["area_order_confidence"] == "owner"
    # the other mats are untouched
    assert data.mat("gordian_iii")["track"]["military"][1]["confidence"] == "provisional"

    shown = run("toc", "mat", "maximinus")
    assert shown.exit_code == 0
    assert "PROVISIONAL" not in shown.output and "*" not in shown.output
    assert run_json("toc", "mat", "maximinus")["provisional"] == []
    listed = run_json("data", "check", "toc")
    keys = [item["key"] for game in listed["games"] for item in game["items"]]
    assert not [k for k in keys if k.startswith(f"mats.{MAT}.")]


def test_edit_json_and_second_edit_merges(tmp_path, _tabletop_home):
    data = run_json("--answers", answers_file(tmp_path, full_answers()), "toc", "mat", "maximinus", "--edit")
    assert data["mat"] == MAT
    assert data["saved"] == str(overrides_path(_tabletop_home))
    first = tomllib.loads(overrides_path(_tabletop_home).read_text(encoding="utf-8"))
    answers = full_answers("gordian_iii", **{"populace.1.cost": 1})
    run_json("--answers", answers_file(tmp_path, answers), "toc", "mat", "gordian", "--edit")
    both = tomllib.loads(overrides_path(_tabletop_home).read_text(encoding="utf-8"))
    assert both["mats"][MAT] == first["mats"][MAT]
    assert both["mats"]["gordian_iii"]["track"]["populace"][1]["cost"] == 1


@pytest.mark.parametrize("key, value", [("military.1.primary_event", 1), ("military.1.cost", 21), ("mode.1.secondary", "military"),
                                        ("mode.2.primary", "navy")])
def test_edit_bad_answer_exits_2_and_writes_nothing(tmp_path, _tabletop_home, key, value):
    """Circled numbers are 2, 3 or 4 (0 = none); amounts 0..20; a mode box has two different types."""
    answers = full_answers(**{key: value})
    result = run("--answers", answers_file(tmp_path, answers), "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 2, result.output
    assert f"toc.mat.{MAT}.{key}" in result.output
    assert not overrides_path(_tabletop_home).exists()


def test_edit_invalid_mat_exits_1_and_writes_nothing(tmp_path, _tabletop_home, monkeypatch):
    """The edited mat is validated by load() before writing; a DataError exits 1 and nothing is saved."""
    import automata.toc.data as toc_data

    real = toc_data.load

    def strict(overrides=None):
        if overrides:
            raise toc_data.DataError("mats.maximinus_thrax: invented problem")
        return real(overrides)

    monkeypatch.setattr(toc_data, "load", strict)
    result = run("--answers", answers_file(tmp_path, full_answers()), "toc", "mat", "maximinus", "--edit")
    assert result.exit_code == 1, result.output
    assert "invented problem" in result.output
    assert not overrides_path(_tabletop_home).exists()


# --- toc status: the Emperor's type -------------------------------------------------------------------


def test_status_shows_a_human_emperor_and_its_type(tmp_path):
    """Seed 000, Tornar-se Imperador / Tipos de Imperador: a human taking the throne picks the type; `toc status`
    keeps it (JSON keys emperor, emperor_type, emperor_player)."""
    assert run("new", "toc", "--humans", "1", "--bots", "yellow", "--emperor-rules", "--name", "hum").exit_code == 0
    answers = {f"toc.setup.{n}": "yes" for n in range(1, 10)}
    answers.update({"toc.yellow.crisis": "other", "toc.yellow.mode": "none",
                    "toc.yellow.legacy": 0, "toc.yellow.political": 0, "toc.human1.crisis": "other",
                    "toc.human1.emperor": "human", "toc.human1.emperor_type": "military"})
    answers.update({"toc.yellow.apl.1": "none"})
    result = run("--answers", answers_file(tmp_path, answers), "play")
    assert "toc.round1.over" in result.output, result.output
    data = run_json("toc", "status")
    assert (data["emperor"], data["emperor_type"], data["emperor_player"]) == ("human", "military", 1)
    shown = run("--lang", "pt-BR", "toc", "status")
    assert "jogador humano 1, Military Emperor" in shown.output


def test_mat_of_a_bot_colour_in_the_current_game_shows_its_pieces(tmp_path):
    """Issue 12: `toc mat COLOUR` for a bot of the current game shows that bot's mat (seed, Preparação 4: a different
    mat per bot) with the circle under each pawn marked and its mode, marker and cylinders."""
    assert run("new", "toc", "--humans", "1", "--emperor-rules", "--name", "matbot").exit_code == 0
    answers = {f"toc.setup.{n}": "yes" for n in range(1, 10)}
    run("--answers", answers_file(tmp_path, answers), "play", "--steps", "9")
    data = run_json("toc", "mat", "red")
    assert data["ok"] and data["colour"] == "red" and data["mat"]["preferred"] == "military"
    assert data["bot"]["pawn"] == {"military": 0, "senate": 0, "populace": 0}
    shown = run("toc", "mat", "red")
    assert shown.exit_code == 0 and "●" in shown.output and "Maximinus Thrax" in shown.output
    assert run("toc", "mat", "purple").exit_code == 2  # neither a mat nor a colour: refused with the valid names


def test_mat_of_a_colour_without_its_bot_says_so_and_names_the_mats(tmp_path):
    """Issue 27 part 5: `toc mat COLOUR` is the whole mat of a bot; a colour with no such bot (none placed yet, a
    colour nobody plays, no Time of Crisis game current) is said as that, in the table's language, not as an unknown
    mat; the AI mats by name still work."""
    assert run("toc", "mat", "red").exit_code == 2
    data = json.loads(run("--json", "toc", "mat", "red").stdout)
    assert data["error"] == "mat_colour_no_game" and "gordian_iii" in data["valid"]
    assert run("new", "toc", "--humans", "1", "--bots", "red,blue", "--name", "two").exit_code == 0
    before = run("toc", "mat", "red")
    assert before.exit_code == 2 and "'two' has no red bot on the table (its bots: none placed yet)" in before.output
    run("--answers", answers_file(tmp_path, {f"toc.setup.{n}": "yes" for n in range(1, 10)}), "play", "--steps", "9")
    assert run("toc", "mat", "red").exit_code == 0
    green = run("--lang", "pt-BR", "toc", "mat", "verde")
    assert green.exit_code == 2 and "'two' não tem bot verde na mesa (os bots: " in green.output
    assert "vermelho" in green.output and "azul" in green.output
    assert run("toc", "mat", "gordian").exit_code == 0
