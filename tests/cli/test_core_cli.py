"""The shared commands through Typer's CliRunner: new, play, status, log, undo, games, use; errors and exit codes."""

import json
import subprocess
import sys

import pytest

from state import paths
from cli_checks import tt

SETUP_YES = [a for n in range(1, 9) for a in ("--answer", f"chaos.setup.{n}=yes")]


def new_game(name="g1", seed="7"):
    r = tt("new", "chaos", "--name", name, "--seed", seed)
    assert r.exit_code == 0, r.output
    return paths.game_dir(name) / "save.toml"


def status_json(*extra):
    r = tt("status", "--json", *extra)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def log_json():
    """The journal's entries without what they told the table (test_log_tells_what_happened checks that)."""
    r = tt("log", "--json")
    assert r.exit_code == 0, r.output
    return [{k: v for k, v in e.items() if k != "told"} for e in json.loads(r.stdout)["entries"]]


# -- new, games, use ------------------------------------------------------------

def test_new_creates_a_save_and_makes_it_current():
    path = new_game()
    assert path.exists()
    assert paths.current_file().read_text().strip() == "g1"
    data = status_json()
    assert data["name"] == "g1" and data["game"] == "chaos" and data["pending"] is None
    r = tt("games", "--json")
    assert json.loads(r.stdout)["games"] == [
        {"name": "g1", "game": "chaos", "steps": 0, "created": json.loads(r.stdout)["games"][0]["created"], "current": True}
    ]


def test_new_json_reports_name_seed_and_options():
    r = tt("--json", "new", "chaos", "--name", "g1", "--seed", "7", "--powers", "tzeentch,khorne,nurgle")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["ok"] and data["name"] == "g1" and data["seed"] == 7
    assert data["options"]["powers"] == ["khorne", "nurgle", "tzeentch"]


def test_new_with_a_taken_name_exits_2_and_changes_nothing():
    path = new_game("g1")
    new_game("g2")
    tt("use", "g1")
    before = path.read_bytes()
    listing = sorted(p.name for p in path.parent.iterdir())
    r = tt("new", "chaos", "--name", "g1", "--seed", "9")
    assert r.exit_code == 2
    assert "'g1' already exists" in r.output
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == listing
    assert paths.current_file().read_text().strip() == "g1"


@pytest.mark.parametrize("bad", ["bad name", "../evil", "a/b", "." , "x" * 65, "ümlaut"])
def test_new_with_a_bad_name_exits_2_and_changes_nothing(bad):
    r = tt("new", "chaos", "--name", bad, "--seed", "1")
    assert r.exit_code == 2, r.output
    assert "cannot be a save name" in r.output
    home = paths.home()
    assert not (home / "games").exists() or not any((home / "games").iterdir())
    assert not paths.current_file().exists()


def test_new_with_bad_options_exits_2():
    r = tt("new", "chaos", "--name", "g1", "--powers", "khorne,nurgle")
    assert r.exit_code == 2 and not paths.game_dir("g1").exists()


def test_use_switches_the_current_game_and_suggests_close_names():
    new_game("g1")
    new_game("g2")
    assert status_json()["name"] == "g2"
    r = tt("use", "g1")
    assert r.exit_code == 0 and "'g1' is now the current game" in r.stdout
    assert status_json()["name"] == "g1"
    assert status_json("--game", "g2")["name"] == "g2"
    r = tt("use", "g3")
    assert r.exit_code == 2 and "Saves: g1, g2." in r.output and "Closest: " in r.output
    games = json.loads(tt("games", "--json").stdout)["games"]
    assert [(g["name"], g["current"]) for g in games] == [("g1", True), ("g2", False)]


def test_no_games_yet():
    r = tt("status")
    assert r.exit_code == 2 and "tabletop new GAME" in r.output
    r = tt("games")
    assert r.exit_code == 0 and "No saved games yet" in r.output


# -- play with scripted answers ----------------------------------------------------

def test_play_with_answer_flags():
    new_game()
    r = tt("play", "--steps", "1", "--answer", "chaos.setup.1=yes")
    assert r.exit_code == 0, r.output
    assert "Setup 1/8" in r.stdout
    assert status_json()["next"] == {"proc": "setup", "n": 2}
    assert log_json() == [{"n": 1, "label": "Setup step 1", "records": [{"id": "chaos.setup.1", "value": True, "source": "answers", "wait": 0, "at": "2026-01-01T10:00:00Z"}],
                           "why": [], "started": "2026-01-01T10:00:00Z", "ended": "2026-01-01T10:00:00Z"}]  # the tests' fixed clock


def test_play_with_a_toml_answers_file(tmp_path):
    new_game()
    f = tmp_path / "answers.toml"
    f.write_text("[chaos.setup]\n" + "".join(f'{n} = "yes"\n' for n in range(1, 9)), encoding="utf-8")
    r = tt("play", "--steps", "8", "--answers", str(f))
    assert r.exit_code == 0, r.output
    assert status_json()["next"] == {"proc": "old_world", "round": 1}
    assert len(log_json()) == 8


def test_play_with_a_json_answers_file_and_flags_together(tmp_path):
    new_game()
    f = tmp_path / "answers.json"
    f.write_text(json.dumps({f"chaos.setup.{n}": True for n in range(2, 9)}), encoding="utf-8")
    r = tt("--answers", str(f), "play", "--steps", "8", "--answer", "chaos.setup.1=s")
    assert r.exit_code == 0, r.output
    assert [e["records"][0]["value"] for e in log_json()] == [True] * 8


def test_play_json_transcript():
    new_game()
    r = tt("play", "--json", "--steps", "1", "--answer", "chaos.setup.1=yes")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["ok"] and data["steps_done"] == 1 and not data["finished"]
    asks = [e for e in data["transcript"] if e["kind"] == "ask"]
    assert asks == [{"kind": "ask", "text": asks[0]["text"], "msg": asks[0]["msg"], "id": "chaos.setup.1", "value": True, "source": "answers"}]
    assert any("Setup 1/8" in e["text"] for e in data["transcript"] if e["kind"] == "say")


def test_play_without_terminal_or_answer_exits_2_naming_the_question():
    new_game()
    r = tt("play", "--answer", "chaos.setup.1=yes")
    assert r.exit_code == 2
    assert "chaos.setup.2" in r.stderr
    assert "--answer chaos.setup.2=VALUE" in r.stderr
    assert status_json()["next"] == {"proc": "setup", "n": 2}


def test_play_json_reports_the_pending_question():
    new_game()
    r = tt("play", "--json")
    assert r.exit_code == 2
    data = json.loads(r.stdout)
    assert data["ok"] is False and data["pending"]["id"] == "chaos.setup.1"
    assert data["pending"]["valid"] == "yes, no"


def test_a_bad_scripted_answer_exits_2_and_changes_nothing():
    path = new_game()
    before = path.read_bytes()
    r = tt("play", "--answer", "chaos.setup.1=maybe")
    assert r.exit_code == 2
    assert "chaos.setup.1" in r.stderr and "maybe" in r.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "args, text",
    [
        (["--answer", "chaos.setup.1"], "--answer needs ID=VALUE"),
        (["--dice", "cup"], "Unknown dice mode 'cup'"),
        (["--lang", "fr"], "Unknown language 'fr'"),
        (["--answers", "/nonexistent/answers.toml"], "Cannot read the answers file"),
    ],
)
def test_bad_global_options_exit_2(args, text):
    path = new_game()
    before = path.read_bytes()
    r = tt("play", *args)
    assert r.exit_code == 2
    assert text in r.output
    assert path.read_bytes() == before


@pytest.mark.parametrize("suffix, content", [(".toml", "chaos.setup.1 = = yes\n"), (".json", "{not json"), (".json", "[1, 2]")])
def test_bad_answers_file_exits_2(tmp_path, suffix, content):
    new_game()
    f = tmp_path / f"answers{suffix}"
    f.write_text(content, encoding="utf-8")
    r = tt("play", "--answers", str(f))
    assert r.exit_code == 2 and "is not a valid TOML or JSON mapping" in r.output


# -- log, undo ------------------------------------------------------------------

def test_undo_then_replay_gives_the_same_journal():
    new_game()
    assert tt("play", "--steps", "8", *SETUP_YES).exit_code == 0
    full = log_json()
    state = status_json()
    r = tt("undo", "3")
    assert r.exit_code == 0 and "Took back 3 steps" in r.stdout and "Setup step 8" in r.stdout
    assert len(log_json()) == 5 and status_json()["next"] == {"proc": "setup", "n": 6}
    assert tt("play", "--steps", "3", *SETUP_YES).exit_code == 0
    assert log_json() == full and status_json() == state


def test_undo_too_far_exits_2_and_changes_nothing():
    path = new_game()
    tt("play", "--steps", "2", *SETUP_YES)
    before = path.read_bytes()
    r = tt("undo", "5")
    assert r.exit_code == 2 and "the journal has 2" in r.output
    assert path.read_bytes() == before


def test_log_last_and_empty():
    new_game()
    r = tt("log")
    assert r.exit_code == 0 and "journal is empty" in r.stdout
    tt("play", "--steps", "3", *SETUP_YES)
    r = tt("log", "--last", "1", "--raw")
    assert "Setup step 3" in r.stdout and "Setup step 2" not in r.stdout
    assert "chaos.setup.3 = yes (answers file)" in r.stdout


def test_log_tells_what_happened():
    """Issue 14, the log: each step in plain words (what was said, asked with its answer, rolled), not ids."""
    new_game()
    tt("play", "--steps", "2", *SETUP_YES)
    r = tt("log")
    assert r.exit_code == 0
    assert "Put the board in the middle of the table." in r.stdout
    assert "? Setup step 1 done? yes" in r.stdout and "chaos.setup.1 =" not in r.stdout
    told = json.loads(tt("log", "--json").stdout)["entries"][0]["told"]
    # issue 26: the component list comes first (its headings, then its items to do), then the step's own lines
    assert told[0] == "For the whole table:" and told[1].startswith("→ [ ] ") and told[-1] == "? Setup step 1 done? yes"
    assert told.index("→ Put the board in the middle of the table.") > told.index("→ [ ] 1 × game board with the four Threat dials")
    r = tt("log", "--lang", "pt-BR")
    assert "? Passo 1 da preparação concluído? sim" in r.stdout and "Posicione o tabuleiro" in r.stdout
    # an entry written before the transcript was kept shows its answers as ids and values
    from state import paths as p
    import tomllib, tomli_w

    journal = p.game_dir("g1") / "journal.toml"
    data = tomllib.loads(journal.read_text(encoding="utf-8"))
    for entry in data["entries"]:
        entry.pop("told", None)
    from state.migrations import END_MARK

    journal.write_text(tomli_w.dumps(data) + END_MARK + "\n", encoding="utf-8")
    import midgame

    midgame.reseal(journal.parent)  # as an older version wrote it (its digests are the program's)
    r = tt("log")
    assert r.exit_code == 0 and "chaos.setup.1 = yes" in r.stdout


# -- global options, languages, unknown commands ---------------------------------------

def test_global_options_after_the_sub_command():
    new_game()
    a, b = tt("status", "--json"), tt("--json", "status")
    assert a.exit_code == b.exit_code == 0
    assert json.loads(a.stdout) == json.loads(b.stdout)
    c = tt("log", "--game", "g1", "--json")
    assert json.loads(c.stdout)["game"] == "g1"


def test_lang_pt_br():
    new_game()
    tt("play", "--steps", "1", *SETUP_YES)
    r = tt("log", "--lang", "pt-BR", "--raw")
    assert r.exit_code == 0
    assert "Preparação, passo 1" in r.stdout and "chaos.setup.1 = sim (arquivo de respostas)" in r.stdout
    r = tt("--lang", "pt-BR", "undo", "7")
    assert r.exit_code == 2 and "Não dá para desfazer 7 passos: o diário só tem 1." in r.output
    r = tt("use", "nada", "--lang", "pt_BR")
    assert r.exit_code == 2 and "Nenhum jogo salvo se chama 'nada'" in r.output
    r = tt("play", "--lang", "pt-BR")
    assert r.exit_code == 2 and "Responda com --answer chaos.setup.2=VALOR" in r.stderr


def test_lang_from_the_environment():
    new_game()
    r = tt("games", env={"TABLETOP_LANG": "pt-BR"})
    assert "0 passos" in r.stdout
    assert "0 steps" in tt("games").stdout
    assert "0 steps" in tt("games", "--lang", "en", env={"TABLETOP_LANG": "pt-BR"}).stdout  # the flag wins


@pytest.mark.parametrize("typo, suggestion", [("stauts", "status"), ("plya", "play"), ("undoo", "undo")])
def test_unknown_command_gets_a_close_match(typo, suggestion):
    r = tt(typo)
    assert r.exit_code == 2
    assert f"No such command '{typo}'. Did you mean: {suggestion}" in r.output


def test_unknown_command_without_close_match_lists_the_valid_ones():
    r = tt("xyzzy")
    assert r.exit_code == 2 and "Did you mean" not in r.output and "Valid: play, status" in r.output


# -- damaged saves, newer saves, a busy save ----------------------------------------

def _line_of(path, start):
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(start))


@pytest.mark.parametrize("command", [["status"], ["play", "--answer", "chaos.setup.1=yes"], ["status", "--json"], ["undo"]])
@pytest.mark.parametrize("old, new, problem", [("seed = 7", "seed = = 7", "not valid TOML"), ("seed = 7", 'seed = "x"', "'seed' must be an integer, found a string")])
def test_damaged_save_exits_1_naming_file_line_and_problem(command, old, new, problem):
    path = new_game()
    line = _line_of(path, "seed = ")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    before = path.read_bytes()
    bak = (path.parent / "save.toml.bak").read_bytes() if (path.parent / "save.toml.bak").exists() else None
    r = tt(*command)
    assert r.exit_code == 1, r.output
    if "--json" in command:
        data = json.loads(r.stdout)
        assert data["ok"] is False and data["file"] == str(path) and data["line"] == line and problem in data["problem"]
    assert f"{path}:{line}" in r.stderr
    assert problem in r.stderr
    assert path.read_bytes() == before
    if bak is not None:
        assert (path.parent / "save.toml.bak").read_bytes() == bak


def test_save_from_a_newer_version_is_refused_by_the_cli():
    path = new_game()
    from state.migrations import CURRENT_VERSION

    path.write_text(path.read_text().replace(f"schema_version = {CURRENT_VERSION}", "schema_version = 99"), encoding="utf-8")
    before = path.read_bytes()
    for command in (["status"], ["play", *SETUP_YES]):
        r = tt(*command)
        assert r.exit_code == 1 and "newer than this program" in r.stderr
        assert path.read_bytes() == before


def test_damaged_save_is_flagged_in_games_list():
    path = new_game("g1")
    new_game("g2")
    path.write_text("oops = \n", encoding="utf-8")
    r = tt("games", "--json")
    assert r.exit_code == 0
    rows = {g["name"]: g for g in json.loads(r.stdout)["games"]}
    assert "damaged" in rows["g1"]["error"] and "error" not in rows["g2"]


HOLD = r"""
import sys
from pathlib import Path
from state.lock import SaveLock
with SaveLock(Path(sys.argv[1]), wait=0):
    print("locked", flush=True)
    sys.stdin.readline()
"""


def test_play_while_another_process_holds_the_save_exits_1_naming_it():
    path = new_game()
    before = path.read_bytes()
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(path.parent)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "locked\n"
        r = tt("play", *SETUP_YES)
        assert r.exit_code == 1
        assert "'g1'" in r.stderr and "another terminal" in r.stderr and str(child.pid) in r.stderr
        assert path.read_bytes() == before
    finally:
        child.stdin.write("\n")
        child.stdin.close()
        child.wait(10)
        child.stdout.close()
    r = tt("play", "--steps", "1", *SETUP_YES)  # free again
    assert r.exit_code == 0


@pytest.mark.parametrize("command", [["log"], ["undo"], ["play", *SETUP_YES]])
def test_damaged_journal_exits_1_and_is_left_as_it_was(command):
    path = new_game()
    assert tt("play", "--steps", "2", *SETUP_YES).exit_code == 0
    journal = path.parent / "journal.toml"
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = "this is not toml\n"
    journal.write_text("".join(lines), encoding="utf-8")
    before = journal.read_bytes()
    r = tt(*command)
    assert r.exit_code == 1, r.output
    assert f"{journal}:3" in r.stderr
    assert journal.read_bytes() == before


def test_unattended_play_stops_after_its_step_cap_when_answers_keep_the_game_going(monkeypatch):
    """An answer given once answers that question in every later step; without a terminal, one 'play' stops after
    a cap of steps instead of playing on for ever (here 'end the turn' in Radlands), and says why."""
    import cli.commands.shared

    monkeypatch.setattr(cli.commands.shared, "UNATTENDED_STEPS", 12)
    monkeypatch.setattr(cli.commands.shared, "UNATTENDED_REUSES", 10**6)  # the step cap alone (test_unattended_reuse.py)
    assert tt("new", "radlands", "--first-game", "--name", "r1").exit_code == 0
    r = tt("play", "--answer", "experienced=a", "--answer", "action=end")
    assert r.exit_code == 0 and "Stopped after 12 steps" in r.output
    assert status_json()["turn"]["number"] >= 2
    r = tt("play", "--answer", "action=end", "--steps", "3")  # --steps is the player's own limit: no notice
    assert r.exit_code == 0 and "Stopped after" not in r.output


def test_an_argument_holding_nul_is_a_usage_error_not_a_traceback(tmp_path, monkeypatch):
    """Issue 13 (fuzz): a NUL character in any argument (a file name given to --answers, a save name) is refused
    as bad input, exit 2, in the table's language, before any file is touched."""
    from typer.testing import CliRunner

    from cli.main import app

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    for lang, word in (("en", "NUL"), ("pt-BR", "caractere NUL")):
        for args in (["anachrony", "status", "--answers", "\x00"], ["status", "x\x00y"], ["new", "chaos", "--name", "a\x00"]):
            result = CliRunner().invoke(app, ["--lang", lang, *args])
            assert result.exit_code == 2 and isinstance(result.exception, SystemExit), (args, result.output)
            assert word in result.output
    assert not any(tmp_path.iterdir())


def test_a_refused_scripted_answer_says_nothing_was_changed_once():
    """Issue 16 (read as a player): a game's refusal that ends 'Nothing was applied.' (asked again at a terminal)
    is not followed off-terminal by the core's 'Nothing was changed.' as well: one such sentence, both languages."""
    from automata.core.runner import BadAnswer
    from automata.core.steps import msg
    from cli.commands.env import Env
    from cli.terminal.render import bad_answer_error

    for lang, applied, changed in (("en", "Nothing was applied.", "Nothing was changed."),
                                   ("pt-BR", "Nada foi aplicado.", "Nada foi alterado.")):
        bad = BadAnswer("chaos.summon.khorne", "2 bloodletter narnia",
                        msg("chaos.line.unknown_region", item="2 bloodletter narnia", word="narnia", valid="kislev", close="kislev"))
        text = str(bad_answer_error(Env(lang=lang), bad))
        assert applied not in text and text.count(changed) == 1, text
