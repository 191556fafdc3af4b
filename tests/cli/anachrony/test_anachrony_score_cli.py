"""``tabletop anachrony score``: the end-game scoring helper, with no save.

Rules: /work/shared/rules/anachrony.md §2.12 (final tally, tiebreak), §2.14 (modules), §3 (solo), §4.1
(provisional values); the scoring itself is tested in tests/automata/test_anachrony_score.py.
"""

from __future__ import annotations

import json
import re
import string
import tomllib

import pytest
from typer.testing import CliRunner

import cli.main
import cli.anachrony.main as anachrony_cli
from cli.words.i18n import LOCALES, Translator

if "score" not in {c.name for c in anachrony_cli.app.registered_commands}:
    from cli.anachrony.score import register

    register(anachrony_cli.app)

from automata.anachrony import score_data, scoring  # noqa: E402
from automata.core.runner import ScriptedAnswers, run as run_proc  # noqa: E402
from automata.core.steps import Msg  # noqa: E402

runner = CliRunner()
Q = "anachrony.score"


def run(*args: str):
    return runner.invoke(cli.main.app, list(args))


def player(who: str, **over) -> dict:
    a = {"buildings": 12, "superprojects": 1, "superprojects_vp": 6, "effects": "", "time_travel": 3, "morale": 5,
         "breakthroughs.circle": 2, "breakthroughs.triangle": 1, "breakthroughs.square": 1, "vp_tokens": 15,
         "evacuation": 0, "unpaid_warps": 1, "anomalies": 1, "endgame_conditions": 1, "hypersync_out": 1,
         "quantum_warp_unpaid": "yes", "agenda_reserve": 2, "missions": 1, "cosmic_data_leak": 1}
    a.update(over)
    return {f"{Q}.{who}.{k}": v for k, v in a.items()}


def answers_file(tmp_path, answers: dict):
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(answers), encoding="utf-8")
    return str(path)


def two_players(tmp_path, **extra) -> str:
    return answers_file(tmp_path, {**player("p1"), **player("p2", vp_tokens=20), **extra})


def test_scores_two_players_without_any_save(tmp_path, _tabletop_home):
    """rules §2.12: base game, 2 players: the lines, the totals, the winner; nothing is written."""
    r = run("anachrony", "score", "--players", "2", "--names", "Ana,Bia", "--side", "A", "--answers", two_players(tmp_path))
    assert r.exit_code == 0, r.output
    # p1: 12 + 6 + 6 (3 steps) + 2 (Morale 5) + 4 + 2 (one set) + 15 − 2 − 3 + 3 (one Endgame Condition) = 45
    assert "Ana: 45 VP" in r.output and "Bia: 50 VP" in r.output
    assert "Winner: Bia" in r.output
    assert not (_tabletop_home / "games").exists()


def test_json_keys_and_totals(tmp_path):
    r = run("--json", "anachrony", "score", "--players", "2", "--side", "A", "--answers", two_players(tmp_path))
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert set(d) == {"ok", "players", "modules", "side", "opponent", "scores", "ranking", "winners", "tiebreak", "agenda",
                      "notes", "answers"}
    for s in d["scores"]:
        assert set(s) == {"id", "name", "profile", "total", "lines"}
        assert s["total"] == sum(x["vp"] for x in s["lines"])
        assert set(s["lines"][0]) == {"category", "label", "vp", "why", "rule", "confidence", "provisional", "inputs"}
    assert d["winners"] == ["p2"] and d["ranking"][0]["names"] == ["Player 2"]
    assert d["answers"][f"{Q}.p1.buildings"] == 12
    assert d["tiebreak"]["rule"] == "tiebreak" and d["tiebreak"]["provisional"] is False


def test_all_modules_add_their_lines_and_mark_the_tiebreak_provisional(tmp_path):
    """rules §2.14.2-§2.14.4 and §4.1 item 22: module lines; a tie decided under Future Imperfect is provisional."""
    answers = {**player("p1"), **player("p2"), f"{Q}.agenda.rows": 1, f"{Q}.agenda.row1.value": 5,
               f"{Q}.agenda.row1.meet": "p1", f"{Q}.p1.water": 2, f"{Q}.p2.water": 2, f"{Q}.p1.resources": 0,
               f"{Q}.p2.resources": 0}
    answers[f"{Q}.p2.agenda_reserve"] = 7  # p2: +5 from the reserve, level with p1's row
    r = run("--json", "anachrony", "score", "--players", "2", "--side", "A", "--modules", "neutronide,hypersync,quantum-loops,intrigues",
            "--answers", answers_file(tmp_path, answers))
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    cats = [x["category"] for x in d["scores"][0]["lines"]]
    assert {"hypersync", "quantum_warp", "agenda_grid", "agenda_reserve", "missions", "cosmic_data_leak"} <= set(cats)
    assert "endgame_conditions" not in cats
    assert d["ranking"][0]["players"] == ["p1", "p2"] and d["ranking"][0]["decided_by"] == "shared"
    assert d["ranking"][0]["provisional"] is True and d["tiebreak"]["provisional"] is True
    assert len(d["notes"]) == 5  # not scored + one per module


def test_solo_against_the_chronossus(tmp_path):
    """rules §3.4.14: your total with your Solo Objectives; the Chronossus's total; a tie is a loss."""
    answers = {**player("p1", solo_objectives=4), f"{Q}.bot.vp": 30, f"{Q}.bot.time_travel": 2,
               f"{Q}.bot.breakthroughs.circle": 1, f"{Q}.bot.breakthroughs.triangle": 0, f"{Q}.bot.breakthroughs.square": 0,
               f"{Q}.bot.anomalies": 0, f"{Q}.bot.energy_core_option": "no"}
    r = run("--json", "anachrony", "score", "--players", "1", "--opponent", "chronossus", "--side", "A",
            "--answers", answers_file(tmp_path, answers))
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    bot = d["scores"][1]
    assert bot["profile"] == "chronossus" and bot["total"] == 30 + 4 + 1
    assert d["tiebreak"]["rule"] == "solo"
    # the solo rule's line cited "(rules §3.4.14)": a player looks it up by its topic instead
    shown = run("--explain", "anachrony", "score", "--players", "1", "--opponent", "chronossus", "--side", "A",
                "--answers", answers_file(tmp_path, answers)).output
    assert 'a tie is a loss (see: tabletop rules anachrony "Chronobot or Chronossus").' in shown and "§" not in shown


def test_pt_br_rendering(tmp_path):
    r = run("--lang", "pt-BR", "--explain", "anachrony", "score", "--players", "2", "--side", "A", "--answers", two_players(tmp_path))
    assert r.exit_code == 0, r.output
    assert "Construções" in r.output and "Jogador 1: 45 PV" in r.output and "Vencedor: Jogador 2" in r.output
    # --explain adds how sure each value is; the rules file's section is for developers (--json "rule"), never shown
    assert "Confiança" in r.output and "[S]" not in r.output and "§" not in r.output
    assert "Buildings" not in r.output and "anachrony.score." not in r.output and "{" not in r.output


@pytest.mark.parametrize("args,error", [
    (["--players", "5"], "players"),
    (["--players", "2", "--modules", "quantum-loop"], "unknown_module"),
    (["--players", "3", "--names", "a,b"], "names_count"),
    (["--players", "1", "--modules", "intrigues"], "intrigues_solo"),
    (["--players", "1", "--opponent", "chronobot", "--modules", "hypersync"], "chronobot_modules"),
    (["--players", "2", "--opponent", "chronossus"], "opponent_multi"),
    (["--players", "2", "--side", "C"], "bad_option"),
])
def test_bad_input_says_what_is_valid(args, error):
    r = run("--json", "anachrony", "score", *args)
    assert r.exit_code == 2, r.output
    d = json.loads(r.stdout)
    assert d["ok"] is False and d["error"] == error and d["message"]


def test_unknown_module_suggests_the_closest():
    r = run("anachrony", "score", "--players", "2", "--modules", "quantum-loop")
    assert r.exit_code == 2 and "Closest: quantum_loops" in r.output


def test_without_a_terminal_it_stops_at_the_first_unanswered_question(tmp_path):
    r = run("--json", "anachrony", "score", "--players", "2", "--side", "A", "--answer", f"{Q}.p1.buildings=3")
    assert r.exit_code == 2
    d = json.loads(r.stdout)
    assert d["error"] == "unanswered" and d["id"] == f"{Q}.p1.superprojects"
    assert "--answer" in d["pending"]["how"]


def test_a_bad_answer_names_the_question():
    """rules §2.9: the Evacuation is capped at 30 VP, so 31 is refused."""
    r = run("--json", "anachrony", "score", "--players", "2", "--side", "A",
            "--answer", f"{Q}.p1.buildings=0", "--answer", f"{Q}.p1.superprojects=0", "--answer", f"{Q}.p1.effects=",
            "--answer", f"{Q}.p1.time_travel=0", "--answer", f"{Q}.p1.morale=4", "--answer", f"{Q}.p1.breakthroughs.circle=0",
            "--answer", f"{Q}.p1.breakthroughs.triangle=0", "--answer", f"{Q}.p1.breakthroughs.square=0",
            "--answer", f"{Q}.p1.vp_tokens=0", "--answer", f"{Q}.p1.evacuation=31")
    assert r.exit_code == 2
    d = json.loads(r.stdout)
    assert d["error"] == "bad_answer" and d["id"] == f"{Q}.p1.evacuation"


def test_a_mistyped_answer_id_is_reported(tmp_path):
    r = run("anachrony", "score", "--players", "2", "--side", "A", "--answer", f"{Q}.p1.buildngs=3")
    assert r.exit_code == 2
    assert f"closest question: {Q}.p1.buildings" in r.output


def test_owner_overrides_apply_and_bad_ones_fail(tmp_path, _tabletop_home):
    """rules §4.1 item 9: the Agenda grid's row count is provisional; the owner's [scoring] value replaces it."""
    over = _tabletop_home / "overrides" / "anachrony.toml"
    over.parent.mkdir(parents=True)
    over.write_text("[scoring.agenda_grid]\nrows = 6\n", encoding="utf-8")
    rows = {f"{Q}.agenda.rows": 6}
    for i in range(1, 7):
        rows.update({f"{Q}.agenda.row{i}.value": 1, f"{Q}.agenda.row{i}.meet": "p1"})
    r = run("--json", "anachrony", "score", "--players", "2", "--side", "A", "--modules", "intrigues",
            "--answers", answers_file(tmp_path, {**player("p1"), **player("p2"), **rows}))
    assert r.exit_code == 0, r.output
    assert next(x for x in json.loads(r.stdout)["scores"][0]["lines"] if x["category"] == "agenda_grid")["vp"] == 6
    over.write_text("[scoring.agenda_grid]\nrowz = 6\n", encoding="utf-8")
    r = run("anachrony", "score", "--players", "2")
    assert r.exit_code == 1 and "rowz" in r.output


# --- every message the helper can show exists in both languages -------------------------------------------------------


def _fields(template) -> set[str]:
    if isinstance(template, dict):  # a plural table (cli/words/i18n.py): its count and the fields of every form
        return {template["count"]} | {f for k, v in template.items() if k != "count" for f in _fields(v)}
    # a derived form ({player_of}: "do Jogador 1", cli/words/i18n.py) is its parameter's
    return {re.sub(r"_(in|of|to|many)$", "", n) for _, n, _, _ in string.Formatter().parse(template) if n}


def test_locale_files_have_the_same_keys_and_placeholders():
    en = tomllib.loads((LOCALES / "en" / "anachrony_score.toml").read_text(encoding="utf-8"))
    pt = tomllib.loads((LOCALES / "pt-BR" / "anachrony_score.toml").read_text(encoding="utf-8"))
    assert set(en) == set(pt)
    assert all(k.startswith(Q + ".") for k in en)
    assert [k for k in en if _fields(en[k]) != _fields(pt[k])] == []


def _ids(m: Msg) -> list[str]:
    out = [m.id]
    for v in m.params.values():
        if isinstance(v, str) and v.startswith("@"):
            out.append(v[1:])
    return out


@pytest.mark.parametrize("table", [scoring.Table(2, scoring.MODULES, "A"), scoring.Table(3, (), "B"),
                                   scoring.Table(1, ("hypersync", "quantum_loops"), "A", "chronossus"),
                                   scoring.Table(1, (), "A", "chronobot")])
def test_every_question_and_line_is_translated(table):
    """Every question, choice, hint, line, category, note and tiebreak text, in pt-BR, with no English fallback."""
    data = score_data.load()
    ans = {}
    for p in [f"p{i}" for i in range(1, table.players + 1)]:
        ans.update(player(p, time_travel_vp=4, morale_vp=-2, solo_objectives=3, effects="archive_of_the_eras,the_ultimate_plan,"
                          "synthetic_endorphins,lab_406", water=1, resources=1))
    ans.update({f"{Q}.bot.{k}": 1 for k in ("vp", "time_travel", "anomalies", "energy_cores", "breakthroughs.circle",
                                             "breakthroughs.triangle", "breakthroughs.square")})
    ans.update({f"{Q}.bot.energy_core_option": "yes", f"{Q}.agenda.rows": 1, f"{Q}.agenda.row1.value": -2,
                f"{Q}.agenda.row1.meet": "p1"})
    asks = []

    class Recording(ScriptedAnswers):
        def answer(self, ask):
            asks.append(ask)
            return super().answer(ask)

    got = run_proc(scoring.procedure(table, data), Recording(ans))
    assert got.done, got.pending_id
    result = got.result[0]
    ids: list[str] = []
    for e in got.transcript:
        ids += _ids(e.msg)
    for ask in asks:
        ids += [i for m in (ask.msg, ask.hint, *(c.label for c in ask.choices)) if m is not None for i in _ids(m)]
    for s in result["scores"]:
        for line in s.lines:
            ids += _ids(line.why) + [f"{Q}.cat.{line.category}"]
    ids += [n.id for n in scoring.notes(table)] + [f"{Q}.decided.{p['decided_by']}" for p in result["ranking"]]
    pt = Translator("pt-BR")
    missing = sorted({i for i in ids if not pt.has(i, "pt-BR") or not pt.has(i, "en")})
    assert missing == []
    for s in result["scores"]:
        for line in s.lines:
            text = pt.render(line.why)
            assert "{" not in text and Q not in text, text


# --- at a real terminal --------------------------------------------------------------------------------------------


def test_at_a_terminal_it_asks_what_the_answers_do_not_give(_tabletop_home):
    """Every question has an id; the ones not answered by --answer are asked at the terminal."""
    import os
    import sys
    from pathlib import Path

    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_NO_PROMPT", "NO_COLOR")}
    env.update(TABLETOP_HOME=str(_tabletop_home), TABLETOP_LANG="en", TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    given = {"p1.superprojects": 0, "p1.time_travel": 2, "p1.morale": 4, "p1.breakthroughs.circle": 1,
             "p1.breakthroughs.triangle": 1, "p1.breakthroughs.square": 1, "p1.vp_tokens": 10, "p1.evacuation": 0,
             "p1.unpaid_warps": 0, "p1.anomalies": 0, "bot.vp": 10, "bot.time_travel": 1, "bot.breakthroughs.circle": 0,
             "bot.breakthroughs.triangle": 0, "bot.breakthroughs.square": 0, "bot.anomalies": 0}
    args = ["anachrony", "score", "--players", "1", "--opponent", "chronobot", "--side", "A"]
    for k, v in given.items():
        args += ["--answer", f"{Q}.{k}={v}"]
    child = pexpect.spawn(str(Path(sys.executable).with_name("tabletop")), args, env=env, encoding="utf-8",
                          dimensions=(40, 160), timeout=20)
    child.expect("total printed VP of your buildings")
    child.send("7\r")
    child.expect("end-game effects")
    child.send("\r")  # none
    child.expect(r"Player 1: 26 VP")  # 7 + 4 (2 steps) + 0 + 3 + 2 (a set) + 10
    child.expect("Winner")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_every_message_id_written_in_the_code_exists_in_both_languages():
    """The ids written out in scoring.py and anachrony_score.py (f"{Q}.<part>.<key>"): errors included."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    ids = set()
    for path in ("automata/anachrony/scoring.py", "cli/anachrony/score.py"):
        text = (root / path).read_text(encoding="utf-8")
        ids |= {f"{Q}.{m}" for m in re.findall(r'f"\{Q\}\.([a-z_]+(?:\.[a-z_0-9]+)*)"', text)}
    assert len(ids) > 40
    ids -= {f"{Q}.opponent", f"{Q}.side", f"{Q}.players", f"{Q}.agenda.rows"}  # question ids, not messages
    missing = [(i, lang) for i in sorted(ids) for lang in ("en", "pt-BR") if not Translator(lang).has(i, lang)]
    assert missing == []
