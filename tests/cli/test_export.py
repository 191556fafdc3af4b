"""'tabletop export' (issue 24, parts 4 and 5) on real finished games of every game, played by the scripted tables
through real saves: the BG Stats play file and one-play link have the shape of their public sources
(tests/fixtures/bgstats_formats.py), the JSON document carries the whole game, exporting twice gives the same play,
an unfinished game is refused for BG Stats, and no export changes a byte of a save."""

from __future__ import annotations

import json
import os
import re
import shutil
import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest

from bgstats_formats import (BGSPLAY, BGSPLAY_OPTIONAL, LINK_OPTIONAL, LINK_PLAY, LINK_URL_PREFIX, PLAY_DATE_PATTERN,
                             shape_problems)
from cli_checks import tt

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

GAMES = ("chaos", "toc", "radlands", "anachrony")
#: a finished save of each game (tests/state/finished_saves.py), and a solo Anachrony game against a bot
FINISHED = {"chaos": "chaos-friday", "toc": "toc-rome", "radlands": "radlands-duel", "anachrony": "anachrony-four"}
SOLO = "anachrony-chronossus"
UNFINISHED = "chaos-three"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The finished saves and one unfinished save, played once by the scripted tables through real saves."""
    import finished_saves

    home = tmp_path_factory.mktemp("played")
    finished_saves.build(home, [*FINISHED.values(), SOLO])
    with finished_saves.home_at(home):
        finished_saves.play(UNFINISHED, steps=12)
    return home / "games"


@pytest.fixture
def home(played, _tabletop_home):
    shutil.copytree(played, _tabletop_home / "games")
    return _tabletop_home


def save_bytes(home: Path) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted((home / "games").rglob("*")) if p.is_file()}


def link_of(output: str) -> dict:
    url = next(w for w in output.split() if w.startswith(LINK_URL_PREFIX))
    return json.loads(unquote(url[len(LINK_URL_PREFIX):]))


def bgg_data() -> dict:
    return tomllib.loads((Path(__file__).resolve().parents[2] / "cli" / "aftergame" / "exporters" / "bgstats.toml").read_text("utf-8"))


@pytest.mark.parametrize("name", [*FINISHED.values(), SOLO])
def test_bgstats_file_and_link_have_the_shape_of_their_sources(home, tmp_path, name):
    """Issue 24 part 4: the .bgsplay file and the one-play link of a finished game have every key their sources show,
    with the game's BoardGameGeek id, every seat with its score and result (bots marked as such), the play's time and
    duration, and the modules as the board."""
    from state import paths
    from state.summary import summarize

    target = tmp_path / "play.bgsplay"
    r = tt("--game", name, "export", "--bgstats", str(target))
    assert r.exit_code == 0, r.output
    summary = summarize(paths.game_dir(name))
    game = summary["game"]
    assert summary["finished"] and summary["play_seconds"] > 0
    assert (name == SOLO) <= any(s["kind"] == "bot" for s in summary["seats"])
    document = json.loads(target.read_text("utf-8"))
    assert shape_problems(document, BGSPLAY, BGSPLAY_OPTIONAL) == []
    play = link_of(r.stdout)
    assert shape_problems(play, LINK_PLAY, LINK_OPTIONAL) == []

    known = bgg_data()["games"][game]
    assert document["games"][0]["bggId"] == play["game"]["bggId"] == known["bgg_id"]
    assert re.fullmatch(PLAY_DATE_PATTERN, play["playDate"]) and re.fullmatch(PLAY_DATE_PATTERN, document["plays"][0]["playDate"])
    assert play["durationMin"] == document["plays"][0]["durationMin"] == summary["play_seconds"] // 60
    seats = summary["seats"]
    scores = document["plays"][0]["playerScores"]
    assert len(scores) == len(play["players"]) == len(seats)
    for seat, row, player in zip(seats, scores, play["players"]):
        assert row["winner"] is player["winner"] is seat["winner"]
        if known["no_points"] or seat["score"] is None:
            assert "score" not in player and row["score"] == ""
        else:
            assert player["score"] == seat["score"] and row["score"] == str(seat["score"])
        listed = next(p for p in document["players"] if p["id"] == row["playerRefId"])
        flag = bgg_data()["nonplayer"]["field"]
        assert listed.get(flag, False) is player.get(flag, False) is (seat["kind"] == "bot")
        if seat["kind"] == "bot":
            assert row["role"] and player["role"] == row["role"]
    winners = [p for p in play["players"] if p["winner"]]
    assert all(p["rank"] == 1 for p in winners)
    losers = sorted((p for p in play["players"] if not p["winner"]), key=lambda p: p["rank"])
    assert all(p["rank"] > 1 for p in losers)
    points = [p.get("score", 0) for p in losers]
    assert points == sorted(points, reverse=True), "a lower rank never has more points"
    for a, b in zip(losers, losers[1:]):
        assert (a["rank"] == b["rank"]) == (a.get("score") == b.get("score"))
    assert document["plays"][0]["board"] == play.get("board", "")
    assert bool(play.get("board")) == bool(summary["modules"])


def test_a_plays_minutes_are_the_same_in_status_history_stats_and_export(home, tmp_path):
    """Last session's play: BG Stats got 440 minutes for a game whose status and history said 7 h 19 min (the export
    rounded, Python's round to even at that; history and the clock the table watched count whole minutes). One rule
    now, cli/inplay/clock.py whole_minutes: the minutes completed, in every game (the scripted clock moves 45 seconds a
    stamp, so some plays end on a half minute and more)."""
    from state import paths
    from state.summary import summarize

    history = " ".join(tt("history").output.split())
    uneven = 0
    for name in [*FINISHED.values(), SOLO]:
        seconds = summarize(paths.game_dir(name))["play_seconds"]
        minutes = seconds // 60
        uneven += seconds % 60 >= 30  # a play rounding would have moved up
        shown = f"{minutes // 60} h {minutes % 60:02d} min"
        assert f"Game time: {shown}" in tt("--game", name, "status").output, name
        assert f"Time: {shown}" in history, name
        r = tt("--game", name, "export", "--bgstats", str(tmp_path / f"{name}.bgsplay"))
        assert r.exit_code == 0, r.output
        assert link_of(r.stdout)["durationMin"] == minutes, name
        assert json.loads((tmp_path / f"{name}.bgsplay").read_text("utf-8"))["plays"][0]["durationMin"] == minutes
        game = summarize(paths.game_dir(name))["game"]
        if [n for n in [*FINISHED.values(), SOLO] if n.startswith(game)] == [name]:  # its game's only play
            assert f"{shown} on average" in " ".join(tt("stats", game).output.split()), name
    assert uneven >= 2  # the rule is tested where rounding and whole minutes differ


def test_a_time_of_crisis_play_has_its_winner_and_every_players_legacy(home, tmp_path):
    """Time of Crisis: the end of the game asks each human's final Legacy (automata/toc/endgame.py; rules file §2.10:
    the most Legacy wins), so the play BG Stats reads has every player's score, the bots' as the program kept it, and
    the winner."""
    from state import paths
    from state.summary import summarize

    target = tmp_path / "toc.bgsplay"
    r = tt("--game", FINISHED["toc"], "export", "--bgstats", str(target))
    assert r.exit_code == 0, r.output
    seats = summarize(paths.game_dir(FINISHED["toc"]))["seats"]
    state_bots = {s["id"] for s in seats if s["kind"] == "bot"}
    assert state_bots and any(s["kind"] == "human" for s in seats)
    play = link_of(r.stdout)
    rows = json.loads(target.read_text("utf-8"))["plays"][0]["playerScores"]
    assert [p["score"] for p in play["players"]] == [s["score"] for s in seats]
    assert all(row["score"] != "" for row in rows)
    best = max(s["score"] for s in seats)
    assert [p["winner"] for p in play["players"]] == [s["score"] == best for s in seats] and any(p["winner"] for p in play["players"])


def test_the_board_names_the_modules_played(home, tmp_path):
    """The modules of an Anachrony game are the play's board (BG Stats' "board or variant")."""
    from state import paths
    from state.summary import summarize

    modules = summarize(paths.game_dir(FINISHED["anachrony"]))["modules"]
    assert modules
    r = tt("--game", FINISHED["anachrony"], "export", "--bgstats", str(tmp_path / "a.bgsplay"))
    board = link_of(r.stdout)["board"].lower()
    for module in modules:
        assert module.replace("_", " ").replace("-", " ").split()[0] in board


def test_exporting_twice_is_the_same_play_and_two_games_are_two_plays(home, tmp_path):
    """A stable id per game: the same save exported twice gives the same file and the same play id (BG Stats
    recognises it), another save another id."""
    first, second, other = tmp_path / "1.bgsplay", tmp_path / "2.bgsplay", tmp_path / "3.bgsplay"
    a = tt("--game", FINISHED["chaos"], "export", "--bgstats", str(first))
    b = tt("--game", FINISHED["chaos"], "export", "--bgstats", str(second))
    c = tt("--game", FINISHED["toc"], "export", "--bgstats", str(other))
    assert first.read_bytes() == second.read_bytes()
    assert link_of(a.stdout) == link_of(b.stdout)
    assert link_of(a.stdout)["sourcePlayId"] == json.loads(first.read_text("utf-8"))["plays"][0]["uuid"]
    assert link_of(a.stdout)["sourcePlayId"] != link_of(c.stdout)["sourcePlayId"]


def test_the_json_flag_reports_the_file_and_the_link(home, tmp_path):
    target = tmp_path / "play.bgsplay"
    r = tt("--json", "--game", FINISHED["radlands"], "export", "--bgstats", str(target))
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["ok"] and report["file"] == str(target) and report["link"].startswith(LINK_URL_PREFIX)
    assert report["play_id"] == json.loads(target.read_text("utf-8"))["plays"][0]["uuid"]


@pytest.mark.parametrize("game", GAMES)
def test_the_json_document_holds_the_whole_game(home, game):
    """Issue 24 part 5: one versioned document: setup, seats, every step with its answers and what it told the table,
    the result and scores, the clocks and the final state."""
    from state import paths
    from state.save import read
    from state.summary import summarize

    r = tt("--game", FINISHED[game], "export", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    save = read(paths.game_dir(FINISHED[game]))
    summary = summarize(paths.game_dir(FINISHED[game]))
    assert doc["schema"] == "tabletop-companion/game" and doc["version"] == 1
    assert doc["game"] == game and doc["name"] == FINISHED[game] and doc["finished"] is True
    assert doc["setup"]["seed"] == save.seed and doc["setup"]["options"] == summary["options"]
    assert [s["id"] for s in doc["seats"]] == [s["id"] for s in summary["seats"]]
    assert all(s["label"] for s in doc["seats"])
    assert doc["result"]["winners"] == summary["result"]["winners"]
    assert doc["result"]["scores"] == summary["result"]["scores"]
    journal = save.journal()
    assert [s["n"] for s in doc["steps"]] == list(range(1, len(journal) + 1))
    assert [s["answers"] for s in doc["steps"]] == [e["records"] for e in journal]
    assert [s["step"] for s in doc["steps"]] == [e["step"] for e in journal]
    assert all(isinstance(s["text"], list) for s in doc["steps"])
    assert sum(len(s["answers"]) for s in doc["steps"]) > 0
    assert doc["final_state"] == json.loads(json.dumps(save.state))
    assert doc["clocks"]["play_seconds"] == summary["play_seconds"]


def test_an_unfinished_game_is_refused_for_bg_stats_and_marked_in_json(home, tmp_path):
    target = tmp_path / "x.bgsplay"
    r = tt("--game", UNFINISHED, "export", "--bgstats", str(target))
    assert r.exit_code == 1
    assert "is not finished" in r.output and "--json" in r.output
    assert not target.exists()
    r = tt("--lang", "pt-BR", "--game", UNFINISHED, "export", "--bgstats", str(target))
    assert r.exit_code == 1 and "não terminou" in r.output and not target.exists()
    r = tt("--game", UNFINISHED, "export", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["finished"] is False and doc["steps"]


def test_the_qr_code_is_drawn_with_qr(home, tmp_path):
    plain = tt("--game", FINISHED["chaos"], "export", "--bgstats", str(tmp_path / "a.bgsplay"))
    drawn = tt("--game", FINISHED["chaos"], "export", "--bgstats", str(tmp_path / "b.bgsplay"), "--qr")
    assert drawn.exit_code == 0, drawn.output
    blocks = set("█▀▄")
    assert not blocks & set(plain.stdout)
    assert sum(1 for line in drawn.stdout.splitlines() if set(line) & blocks) > 10
    assert link_of(drawn.stdout) == link_of(plain.stdout)
    reported = tt("--json", "--game", FINISHED["chaos"], "export", "--bgstats", str(tmp_path / "c.bgsplay"), "--qr")
    assert json.loads(reported.stdout)["link"].startswith(LINK_URL_PREFIX)  # the code goes to stderr, JSON stays whole
    assert sum(1 for line in reported.stderr.splitlines() if set(line) & blocks) > 10


def test_the_table_reads_the_export_in_its_language(home, tmp_path):
    r = tt("--lang", "pt-BR", "--game", FINISHED["toc"], "export", "--bgstats", str(tmp_path / "p.bgsplay"))
    assert r.exit_code == 0, r.output
    assert "Arquivo de partida do BG Stats gravado" in r.stdout and "Link da partida" in r.stdout
    english = tt("--game", FINISHED["toc"], "export", "--bgstats", str(tmp_path / "e.bgsplay"))
    assert "BG Stats play file written" in english.stdout


@pytest.mark.parametrize("args, english, code", [
    ([], "Say what to export", 2),
    (["--qr"], "--qr draws the BG Stats one-play link", 2),
    (["--me", "khorne"], "--me says which seat you played", 2),
])
def test_a_command_that_says_too_little_is_refused(home, args, english, code):
    r = tt("--game", FINISHED["chaos"], "export", *args)
    assert r.exit_code == code and english in r.output
    assert tt("--lang", "pt-BR", "--game", FINISHED["chaos"], "export", *args).exit_code == code


def test_game_picks_a_save_by_name_as_every_command_does(home, tmp_path):
    r = tt("--game", "no-such-game", "export", "--json")
    assert r.exit_code == 2 and "no-such-game" in r.output and FINISHED["chaos"] in r.output
    tt("use", FINISHED["radlands"])
    assert json.loads(tt("export", "--json").stdout)["name"] == FINISHED["radlands"]


def test_an_export_never_goes_among_the_saves(home):
    target = home / "games" / FINISHED["chaos"] / "save.toml"
    before = target.read_bytes()
    r = tt("--game", FINISHED["chaos"], "export", "--bgstats", str(target))
    assert r.exit_code == 2 and "inside the saved games' folder" in r.output
    assert target.read_bytes() == before


def test_no_export_changes_a_save(home, tmp_path):
    """Issue 24: 'no command here changes a save': every export, refused or not, leaves every byte of every save."""
    before = save_bytes(home)
    stamps = {p: os.stat(home / p).st_mtime_ns for p in before}
    runs = [
        ["--game", FINISHED["chaos"], "export", "--bgstats", str(tmp_path / "a.bgsplay"), "--qr"],
        ["--game", FINISHED["anachrony"], "export", "--json"],
        ["--json", "--game", FINISHED["toc"], "export", "--bgstats", str(tmp_path / "b.bgsplay")],
        ["--game", UNFINISHED, "export", "--bgstats", str(tmp_path / "c.bgsplay")],
        ["--game", UNFINISHED, "export", "--json"],
        ["--game", FINISHED["radlands"], "export"],
    ]
    for args in runs:
        tt(*args)
    assert save_bytes(home) == before
    assert {p: os.stat(home / p).st_mtime_ns for p in before} == stamps


def test_a_damaged_save_is_said_and_left_as_it_is(home, tmp_path):
    save = home / "games" / FINISHED["chaos"] / "save.toml"
    save.write_bytes(save.read_bytes() + b"junk = [\n")
    before = save_bytes(home)
    for lang, words in (("en", "cannot be exported"), ("pt-BR", "Não dá para exportar")):
        for args in (["--json"], ["--bgstats", str(tmp_path / "x.bgsplay")]):
            r = tt("--lang", lang, "--game", FINISHED["chaos"], "export", *args)
            assert r.exit_code == 1, r.output
            assert words in r.output or words in r.stderr
            assert f"tabletop restore {FINISHED['chaos']}" in r.output + r.stderr
    assert not (tmp_path / "x.bgsplay").exists()
    assert save_bytes(home) == before


def test_every_game_has_a_cited_boardgamegeek_id():
    """Each game's BoardGameGeek id is the number in the address of the page cited for it."""
    from automata.core.games import GAMES as REGISTERED

    games = bgg_data()["games"]
    assert set(games) == {g.id for g in REGISTERED}
    for game in games.values():
        assert re.fullmatch(rf"https://boardgamegeek\.com/boardgame/{game['bgg_id']}/[a-z0-9-]+", game["source"])


def test_a_terminal_too_narrow_for_the_qr_code_is_told_its_width(monkeypatch, capsys):
    import io
    import os
    import sys

    from cli.commands.env import Env
    from cli.aftergame.export import draw_qr

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a, **k: os.terminal_size((60, 40)))
    draw_qr(Env(lang="pt-BR"), LINK_URL_PREFIX + "x" * 600)
    assert screen.getvalue() == ""  # a code folded at 60 columns is not printed
    err = " ".join(capsys.readouterr().err.split())
    width = int(re.search(r"(\d+) colunas", err).group(1))
    assert width > 60 and "este tem 60" in err


def test_the_owner_names_the_non_player_key(home, tmp_path):
    """bgstats.toml's [nonplayer] key is PROVISIONAL: overrides/bgstats.toml puts the owner's in its place."""
    (home / "overrides").mkdir(parents=True, exist_ok=True)
    (home / "overrides" / "bgstats.toml").write_text('nonplayer_field = "npc"\n', encoding="utf-8")
    r = tt("--game", FINISHED["toc"], "export", "--bgstats", str(tmp_path / "t.bgsplay"))
    assert r.exit_code == 0, r.output
    from state import paths
    from state.summary import summarize

    players = link_of(r.stdout)["players"]
    kinds = [s["kind"] for s in summarize(paths.game_dir(FINISHED["toc"]))["seats"]]
    assert [p.get("npc", False) for p in players] == [k == "bot" for k in kinds] and "bot" in kinds
    assert not any(bgg_data()["nonplayer"]["field"] in p for p in players)


class _Tty:
    """A terminal-like stream that records what is written to it."""

    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, text):
        self.text += text

    def flush(self):
        pass


@pytest.mark.parametrize("columns, drawn", [(60, False), (120, True)])
def test_the_qr_is_drawn_only_where_it_fits(monkeypatch, columns, drawn):
    """A QR folded by a narrow terminal cannot be read by a phone: there the table is told the width it needs and
    the one it has, and the code is not printed; a wide terminal gets the code."""
    import io
    import os as _os
    import shutil as _shutil
    import sys

    from rich.console import Console

    from cli.aftergame import export
    from cli.words.i18n import Translator

    tty = _Tty()
    monkeypatch.setattr(sys, "stdout", tty)
    monkeypatch.setattr(_shutil, "get_terminal_size", lambda *a, **k: _os.terminal_size((columns, 40)))
    said = io.StringIO()

    class FakeEnv:
        json = False
        t = Translator("en")
        err = Console(file=said, width=200)

    url = "https://app.bgstatsapp.com/createPlay.html?data=" + "x" * 600
    export.draw_qr(FakeEnv(), url)
    assert ("█" in tty.text) is drawn
    assert ("columns wide" in said.getvalue() and f"has {columns}" in said.getvalue()) is not drawn


def test_the_written_message_wraps_at_words(home, tmp_path):
    """On a 60-column terminal the message about the file is wrapped at words by the program (a terminal folding
    it would start a line with a space or cut a word); only the link itself runs on unbroken."""
    pexpect = pytest.importorskip("pexpect")
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_NO_PROMPT", "NO_COLOR", "COLUMNS")}
    env.update(TABLETOP_HOME=str(home), TABLETOP_LANG="en", TERM="xterm")
    child = pexpect.spawn(str(Path(sys.executable).with_name("tabletop")),
                          ["--game", FINISHED["radlands"], "export", "--bgstats", "r.bgsplay"], cwd=str(tmp_path),
                          env=env, encoding="utf-8", dimensions=(40, 60), timeout=30)
    child.expect(pexpect.EOF)
    message = child.before.replace("\r", "").split("https://")[0]
    lines = [line for line in message.splitlines() if line.strip()]
    assert len(lines) > 2 and all(len(line) <= 60 and not line.startswith(" ") for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
@pytest.mark.parametrize("name", [*FINISHED.values(), SOLO, UNFINISHED])
def test_every_name_an_export_shows_is_rendered(home, tmp_path, name, lang):
    """A seat the game names by a term (a Chaos Power, a Time of Crisis colour) is exported by its name in the
    table's language, never as the term's reference ("@chaos.power.khorne"): in the JSON labels and, for a finished
    game, the BG Stats players and roles."""
    doc = json.loads(tt("--lang", lang, "--game", name, "export", "--json").stdout)
    labels = [s["label"] for s in doc["seats"]]
    assert all(label and not label.startswith("@") for label in labels), labels
    if name == UNFINISHED:
        return
    r = tt("--lang", lang, "--game", name, "export", "--bgstats", str(tmp_path / "p.bgsplay"))
    assert r.exit_code == 0, r.output
    text = (tmp_path / "p.bgsplay").read_text("utf-8") + json.dumps(link_of(r.stdout))
    assert '"@' not in text and "@chaos." not in text and "@toc." not in text


# Issue 36 item 6: the export says what the game recorded.

def bgsplay_of(home, tmp_path, name: str, *args: str) -> dict:
    target = tmp_path / f"{name}.bgsplay"
    r = tt("--game", name, "export", "--bgstats", str(target), *args)
    assert r.exit_code == 0, r.output
    return json.loads(target.read_text("utf-8"))


def recorded_start(name: str) -> str:
    """Who started, read from the save's own state: seed 003 (Ordem dos Poderes: Khorne first), seed 000 (the bots
    play first, in their drawn order), seed 004 (the water-disc flip), rules file anachrony §2.4 C19 (the first
    player chosen at setup)."""
    from state import paths
    from state.summary import summarize

    summary = summarize(paths.game_dir(name), with_journal=True)
    state, game = summary["state"], summary["game"]
    return {"chaos": lambda: state["powers"][0], "toc": lambda: state["bot_order"][0],
            "radlands": lambda: state["first_player"], "anachrony": lambda: state["start"]}[game]()


@pytest.mark.parametrize("name", FINISHED.values())
def test_the_start_player_is_who_the_game_recorded(home, tmp_path, name):
    from state import paths
    from state.summary import summarize

    seats = [s["id"] for s in summarize(paths.game_dir(name))["seats"]]
    document = bgsplay_of(home, tmp_path, name)
    starts = [seats[p["playerRefId"] - 1] for p in document["plays"][0]["playerScores"] if p["startPlayer"]]
    assert starts == [recorded_start(name)]
    link = link_of(tt("--game", name, "export", "--bgstats", str(tmp_path / "again.bgsplay")).output)
    assert [seats[i] for i, p in enumerate(link["players"]) if p.get("startPlayer")] == [recorded_start(name)]


def test_me_is_nobody_unless_the_owner_says_which_seat(home, tmp_path):
    name = FINISHED["radlands"]  # Ana and Bia
    assert bgsplay_of(home, tmp_path, name)["userInfo"]["meRefId"] == 0
    document = bgsplay_of(home, tmp_path, name, "--me", "bia")
    me = next(p for p in document["players"] if p["id"] == document["userInfo"]["meRefId"])
    assert me["name"] == "Bia"
    (home / "overrides").mkdir(exist_ok=True)
    (home / "overrides" / "bgstats.toml").write_text('me = "Ana"\n', "utf-8")
    document = bgsplay_of(home, tmp_path, name)
    assert next(p for p in document["players"] if p["id"] == document["userInfo"]["meRefId"])["name"] == "Ana"
    assert bgsplay_of(home, tmp_path, FINISHED["chaos"])["userInfo"]["meRefId"] == 0  # Ana did not play it


@pytest.mark.parametrize("lang, words", [("en", "is no seat of this game"), ("pt-BR", "não é um lugar desta partida")])
def test_me_naming_no_seat_is_refused_with_the_seats(home, tmp_path, lang, words):
    target = tmp_path / "x.bgsplay"
    r = tt("--lang", lang, "--game", FINISHED["radlands"], "export", "--bgstats", str(target), "--me", "Carla")
    assert r.exit_code == 2 and words in r.output and "Ana" in r.output and "Bia" in r.output
    assert not target.exists()


def test_an_unnamed_seat_is_the_same_player_in_every_play_and_its_power_is_its_role(home, tmp_path):
    """Seed 003: each player plays one Power; unnamed, the Power is the player in every play (no new Khorne per
    import) and the role BG Stats counts wins by."""
    document = bgsplay_of(home, tmp_path, FINISHED["chaos"])
    again = bgsplay_of(home, tmp_path, FINISHED["chaos"])
    assert [p["uuid"] for p in document["players"]] == [p["uuid"] for p in again["players"]]
    from cli.aftergame.exporters import bgstats

    other_play = {"game": "chaos", "created": "2027-01-01T00:00:00+00:00", "seed": 99}
    assert bgstats._seat_key(other_play, {"id": "khorne", "kind": "human", "name": ""}) == \
        bgstats._seat_key({"game": "chaos"}, {"id": "khorne", "kind": "human", "name": ""})
    roles = [p["role"] for p in document["plays"][0]["playerScores"]]
    assert roles == ["Khorne", "Nurgle", "Tzeentch", "Slaanesh"]


@pytest.mark.parametrize("name, expansion", [(FINISHED["toc"], "Time of Crisis: The Age of Iron and Rust"),
                                             (FINISHED["anachrony"], "Anachrony: Future Imperfect"),
                                             (FINISHED["chaos"], None)])
def test_expansions_played_are_expansion_plays(home, tmp_path, name, expansion):
    """The play file's expansions (hermod-bot PlayFile.cs: ExpansionPlays name a game of the file, which is marked
    IsExpansion): seed 000, the program's Time of Crisis always runs The Age of Iron and Rust; the Anachrony game
    played the four Future Imperfect modules (rules file §2.14: they are in that box)."""
    document = bgsplay_of(home, tmp_path, name)
    play = document["plays"][0]
    games = {g["id"]: g for g in document["games"]}
    assert games[play["gameRefId"]]["isBaseGame"] is True
    named = [games[e["gameRefId"]]["name"] for e in play["expansionPlays"]]
    assert named == ([expansion] if expansion else [])
    assert all(games[e["gameRefId"]]["isExpansion"] for e in play["expansionPlays"])
    data = bgg_data()["expansions"]
    for entry in (e for table in data.values() for e in table.values()):  # no id without a source: PROVISIONAL
        assert entry.get("source") or (entry["confidence"] == "provisional" and entry["bgg_id"] == 0)


def test_the_play_file_carries_the_comment_the_readme_promises(home, tmp_path):
    play = bgsplay_of(home, tmp_path, FINISHED["radlands"])["plays"][0]
    assert "camps destroyed" in play["comments"]


def test_the_json_document_says_who_started_and_the_expansions(home):
    document = json.loads(tt("--game", FINISHED["toc"], "--json", "export").output)
    assert document["start_seat"] == recorded_start(FINISHED["toc"])
    assert document["expansions"] == ["age_of_iron_and_rust"]
    assert [s["id"] for s in document["seats"] if s["start"]] == [document["start_seat"]]
    assert document["seats"][0]["person"] == "seat:toc:human1"
