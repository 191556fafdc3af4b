"""tabletop history and tabletop stats (issue 24) on finished games of all four games, played to their end by the
scripted tables through real saves (tests/state/finished_saves.py), beside a game in progress and a damaged save:
every game listed newest first with its result, the statistics counted from the results, both languages at 60, 80
and 120 columns, and no file changed by either command."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import finished_saves
import midgame
from cli_checks import PLACEHOLDER, assert_fits, raw_id, tt
from state.summary import summarize

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

GAME_IDS = ("chaos", "toc", "radlands", "anachrony")


@pytest.fixture(scope="session")
def finished_home(tmp_path_factory):
    return finished_saves.build(tmp_path_factory.mktemp("finished"))


@pytest.fixture(scope="session")
def midgame_template(tmp_path_factory):
    return midgame.build(tmp_path_factory.mktemp("midgame") / "toc", "toc")


@pytest.fixture
def home(finished_home, midgame_template, _tabletop_home):
    """The finished games, a Time of Crisis game in progress and a Chaos save cut in half."""
    games = finished_saves.copy_into(finished_home, _tabletop_home)
    midgame.copy_game(midgame_template, _tabletop_home, "toc-tonight")
    damaged = games / "chaos-spoilt"
    import shutil

    shutil.copytree(games / "chaos-friday", damaged)
    data = (damaged / "save.toml").read_bytes()
    (damaged / "save.toml").write_bytes(data[: len(data) // 2])
    return _tabletop_home


def tree(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.rglob("*"))
            if p.is_file()}


def run(*args: str, width: int = 80, home_dir: Path | None = None):
    before = tree(home_dir) if home_dir else None
    result = tt(*args, env={"COLUMNS": str(width)})
    if home_dir:
        assert tree(home_dir) == before, f"{args} changed a file"  # no save, lock, backup or cache written
    return result


def summaries(home_dir: Path) -> dict[str, dict]:
    return {p.name: summarize(p) for p in (home_dir / "games").iterdir()}


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_history_lists_every_game_newest_first_with_its_result(home, lang):
    result = run("--lang", lang, "history", home_dir=home)
    assert result.exit_code == 0, result.output
    text = result.output
    rows = summaries(home)
    sound = sorted((r for r in rows.values() if not r["damaged"]), key=lambda r: r["started"] or r["created"], reverse=True)
    where = [text.index(f"  {r['name']}") for r in sound]
    assert where == sorted(where)  # newest first
    assert text.index("chaos-spoilt") > where[-1]  # a damaged save has no date: it comes last, on its line
    assert "tabletop restore chaos-spoilt" in " ".join(text.split())
    for game in GAME_IDS:
        assert not raw_id(game).search(text), raw_id(game).search(text)
    assert not PLACEHOLDER.search(text) and "Traceback" not in text
    from cli.words.i18n import Translator

    t = Translator(lang)
    for r in sound:
        if r["finished"]:
            ended = r["result"]["ended_by"]
            rule = t(ended, **r["result"]["ended_params"])
            assert " ".join(rule.split()) in " ".join(text.split()), rule
    assert t("history.in_progress", n=rows["toc-tonight"]["steps"]) in " ".join(text.split())
    from cli.aftergame.played import duration_text

    for r in sound:  # the time played, from the save's clocks
        if r["play_seconds"]:
            assert duration_text(t, r["play_seconds"]) in text


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
@pytest.mark.parametrize("width", [60, 80, 120])
def test_history_and_stats_fit_the_width(home, lang, width):
    for args in (("history",), ("stats",), ("stats", "toc")):
        result = run("--lang", lang, *args, width=width)
        assert result.exit_code == 0, result.output
        assert_fits(result.output, width)


def test_history_filters_by_game_by_save_and_finished(home):
    out = json.loads(run("--json", "history", "--game", "toc", home_dir=home).output)
    assert [g["name"] for g in out["games"]] == ["toc-pair", "toc-rome", "toc-tonight"]  # newest first
    out = json.loads(run("--json", "history", "--game", "toc", "--finished", home_dir=home).output)
    assert [g["name"] for g in out["games"]] == ["toc-pair", "toc-rome"]
    for finished in out["games"]:  # the end asked each human's final Legacy (automata/toc/endgame.py): the most wins
        scores = {s["id"]: s["score"] for s in finished["seats"]}
        assert None not in scores.values() and {"human1", "red", "blue"} <= set(scores)
        best = max(scores.values())
        assert [s["id"] for s in finished["seats"] if s["winner"]] == [k for k, v in scores.items() if v == best]
        assert "winner_kind" not in finished["result"] and "undecided" not in finished["result"]
    pair = out["games"][0]  # two humans, the first of them at the goal (the scripted table): that human is named
    assert [s["id"] for s in pair["seats"] if s["winner"]] == ["human1"] and "human2" in {s["id"] for s in pair["seats"]}
    assert pair["result_text"].startswith("human player 1 won: the most Legacy at the end")
    out = json.loads(run("--json", "history", "--game", "anachrony-solo", home_dir=home).output)
    assert [g["name"] for g in out["games"]] == ["anachrony-solo"]
    out = json.loads(run("--json", "history", "--finished", home_dir=home).output)
    assert {g["name"] for g in out["games"]} == set(finished_saves.GAMES)
    bad = run("history", "--game", "tock", home_dir=home)
    assert bad.exit_code == 2 and "tock" in bad.output and "toc" in bad.output and "Traceback" not in bad.output


def test_history_json_is_the_summary_with_its_texts(home):
    out = json.loads(run("--json", "history", home_dir=home).output)
    rows = summaries(home)
    assert out["ok"] is True and len(out["games"]) == len(rows)
    for game in out["games"]:
        expected = rows[game["name"]]
        assert {k: v for k, v in game.items() if k not in ("result_text", "damaged_text")} == json.loads(json.dumps(expected))
        assert ("damaged_text" in game) == bool(expected["damaged"])
    spoilt = next(g for g in out["games"] if g["name"] == "chaos-spoilt")
    assert spoilt["game"] == "chaos" and spoilt["damaged"].startswith("core.save.")


def expected_stats(rows: list[dict], game: str) -> dict:
    """What the statistics must say, counted here straight from each game's result and seats."""
    plays = [r for r in rows if not r["damaged"] and r["finished"] and r["game"] == game]
    human_wins = sum(1 for r in plays if r["result"].get("winner_kind") == "human"
                     or any(s["winner"] and s["kind"] == "human" for s in r["seats"]))
    bots: dict[str, list] = {}
    for r in plays:
        for s in r["seats"]:
            if s["kind"] == "bot":
                key = s["bot"] + (":" + s["level"] if s["level"] else "")
                bots.setdefault(key, []).append((s["winner"], s["score"]))
    return {"plays": len(plays), "human_wins": human_wins, "bots": bots}


def test_stats_count_the_finished_games(home):
    out = json.loads(run("--json", "stats", home_dir=home).output)
    rows = list(summaries(home).values())
    assert [g["game"] for g in out["games"]] == list(GAME_IDS)
    for entry in out["games"]:
        want = expected_stats(rows, entry["game"])
        assert entry["plays"] == want["plays"]
        timed = [r["play_seconds"] for r in rows if not r["damaged"] and r["finished"] and r["game"] == entry["game"]]
        assert all(timed) and entry["average_seconds"] == sum(timed) // len(timed)  # the clocks of state/clock.py
        kinds = {k["key"]: k for k in entry["kinds"]}
        if want["human_wins"] or "human" in kinds:
            assert kinds["human"]["wins"] == want["human_wins"]
        for key, seats in want["bots"].items():
            assert kinds[key]["wins"] == sum(1 for won, _ in seats if won)
            assert kinds[key]["plays"] == len(seats)
            scores = [s for _, s in seats if s is not None]
            if scores:
                assert kinds[key]["best_score"] == max(scores)
                assert kinds[key]["average_score"] == round(sum(scores) / len(scores), 1)
            against = next(a for a in entry["against_bots"] if a["key"] == key)
            assert against["plays"] == len(seats)
    anachrony = next(e for e in out["games"] if e["game"] == "anachrony")
    against = {a["key"]: a for a in anachrony["against_bots"]}
    assert set(against) == {"chronobot", "chronossus"}  # the solo opponents, each with its games
    chaos = next(e for e in out["games"] if e["game"] == "chaos")
    assert {f["key"] for f in chaos["factions"]} == {"khorne", "nurgle", "tzeentch", "slaanesh"}  # by Power
    khorne = next(f for f in chaos["factions"] if f["key"] == "khorne")
    assert khorne["plays"] == 2  # the two finished games; the damaged copy is left out
    toc = next(e for e in out["games"] if e["game"] == "toc")
    kinds = {k["key"]: k for k in toc["kinds"]}
    assert kinds["human"]["wins"] == 2 and toc["undecided"] == 0  # both games name their winner, a human each
    assert kinds["human"]["best_score"] >= 60  # the humans' final Legacy, given at the end, is their score
    radlands = next(e for e in out["games"] if e["game"] == "radlands")
    assert len(radlands["factions"]) == 6  # by camp: three a side


def test_stats_of_one_game_and_of_none(home):
    out = json.loads(run("--json", "stats", "ana", home_dir=home).output)
    assert [g["game"] for g in out["games"]] == ["anachrony"]
    bad = run("stats", "anachronie", home_dir=home)
    assert bad.exit_code == 2 and "anachrony" in bad.output


def test_with_no_saves_both_commands_say_so(_tabletop_home):
    assert "tabletop new" in run("history").output
    result = run("--lang", "pt-BR", "stats")
    assert result.exit_code == 0 and "Nenhuma partida terminada" in result.output
    assert not os.path.exists(_tabletop_home / "games")


def test_every_result_and_seat_reads_in_portuguese(home):
    """The rules that ended the games and the names of the seats are messages of both catalogs (no English
    fallback in pt-BR), and neither command shows a raw message id or an unfilled placeholder."""
    from cli.words.i18n import Translator
    from leaks import RAW_ID, message_ids

    t = Translator("pt-BR")
    ids: set[str] = set()
    for r in summaries(home).values():
        if r["damaged"] or not r["finished"]:
            continue
        ids.update(message_ids({"id": r["result"]["ended_by"], "params": r["result"]["ended_params"]}))
        for s in r["seats"]:
            for term in [s["terms"]["seat"], s["terms"]["bot"], s["terms"]["level"], *s["terms"]["factions"]]:
                if isinstance(term, str) and term.startswith("@"):
                    term = {"id": term[1:], "params": {}}
                if isinstance(term, dict):
                    ids.update(message_ids(term))
    assert ids and not [i for i in ids if not t.has(i, "pt-BR")]
    text = run("--lang", "pt-BR", "history").output + run("--lang", "pt-BR", "stats").output
    assert not RAW_ID.search(text) and not PLACEHOLDER.search(text)


def seat(sid, kind="human", bot="", level="", score=None, winner=False, faction=""):
    return {"id": sid, "name": "", "kind": kind, "bot": bot, "level": level, "faction": faction, "score": score,
            "winner": winner, "terms": {"seat": sid, "bot": bot, "level": level, "factions": []}}


def test_stats_keep_apart_an_unknown_winner_a_shared_victory_and_nobody():
    """An unknown winner (a Time of Crisis bot at the goal, the humans' Legacy not tracked) counts for nobody and is
    left out of the humans' rate against the bots; a shared victory is a win of each kind that shares it; a game
    nobody won (the Old World) is a loss for every seat."""
    from cli.words.i18n import Translator
    from cli.aftergame.stats import compute

    def row(n, seats, winners, **result):
        return {"name": f"g{n}", "game": "toc", "finished": True, "started": f"2026-01-0{n}T10:00:00Z",
                "play_seconds": 600 * n, "seats": seats, "damaged": "",
                "result": {"finished": True, "winners": winners, "scores": {}, "ended_by": "", **result}}

    rows = [
        row(1, [seat("human1"), seat("red", "bot", "toc", "mat_a", 61)], [], undecided=True),
        row(2, [seat("human1", winner=True), seat("red", "bot", "toc", "mat_a", 30, winner=True)], ["human1", "red"]),
        row(3, [seat("human1"), seat("red", "bot", "toc", "mat_a", 20)], []),
    ]
    (entry,) = compute(Translator("en"), rows)
    kinds = {k["key"]: k for k in entry["kinds"]}
    assert entry["plays"] == 3 and entry["undecided"] == 1 and entry["nobody_won"] == 1
    assert kinds["human"]["wins"] == 1 and kinds["toc:mat_a"]["wins"] == 1 and kinds["toc:mat_a"]["plays"] == 3
    assert kinds["toc:mat_a"]["average_score"] == 37.0 and kinds["toc:mat_a"]["best_score"] == 61
    (against,) = entry["against_bots"]
    assert against["plays"] == 3 and against["decided"] == 2 and against["human_wins"] == 1 and against["rate"] == 0.5
    assert entry["average_seconds"] == 1200 and entry["timed"] == 3
    assert kinds["toc:mat_a"]["series"] == [61, 30, 20]  # play by play, oldest first, for the chart


def _block(text: str, name: str) -> str:
    """The lines of one game in 'tabletop history' (up to the blank line that ends them), joined."""
    start = text.index(f"  {name}\n")
    end = text.find("\n\n", start)
    return " ".join(text[start: end if end >= 0 else None].split())


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_history_of_games_not_finished(home, lang):
    """A game in progress shows its scores as scores so far and its steps once (in the result, with the plural
    right); a game not started yet says so and shows neither scores nor a time."""
    from cli.words.i18n import Translator

    t = Translator(lang)
    assert tt("--lang", lang, "new", "chaos", "--seed", "3", "--name", "fresh", "--another").exit_code == 0
    text = run("--lang", lang, "history").output
    fresh = _block(text, "fresh")
    assert t("history.not_started") in fresh and t("history.line.time", time="") .strip() not in fresh
    assert t("history.line.seats", seats="Khorne · Nurgle · Tzeentch · Slaanesh") in fresh
    going = _block(text, "toc-tonight")
    steps = summaries(home)["toc-tonight"]["steps"]
    assert t("history.in_progress", n=steps) in going
    assert t("history.line.so_far", seats="").strip() in going
    assert t("history.steps", n=steps) not in going.split(t("history.line.time", time="").strip())[-1]
    assert t("history.in_progress", n=1) != t("history.in_progress", n=2).replace("2", "1")  # "1 step", not "1 steps"


def test_a_clock_under_a_minute_is_not_zero():
    from cli.words.i18n import Translator
    from cli.aftergame.played import duration_text

    for lang in ("en", "pt-BR"):
        t = Translator(lang)
        assert duration_text(t, 59) == t("history.under_minute") and "0" not in duration_text(t, 59)
        assert duration_text(t, 60) == t("history.minutes", m=1)


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_stats_with_nothing_finished_say_what_is_in_progress_or_how_to_start(_tabletop_home, lang):
    from cli.words.i18n import Translator

    t = Translator(lang)
    first = " ".join(run("--lang", lang, "stats", "chaos").output.split())
    assert t("stats.start", game="chaos") in first and "GAME" not in first
    assert tt("new", "chaos", "--seed", "1").exit_code == 0
    assert tt("new", "radlands", "--players", "Ana,Bia", "--seed", "1").exit_code == 0
    every = " ".join(run("--lang", lang, "stats").output.split())
    assert every == f'{t("stats.none")} {t("stats.in_progress", n=2)}'
    one = " ".join(run("--lang", lang, "stats", "radlands").output.split())
    assert t("stats.in_progress", n=1) in one and t("stats.in_progress", n=1) != t("stats.in_progress", n=2)


def test_the_setup_line_is_written_as_the_options_of_new(home):
    """History writes a game's setup as 'tabletop new' takes it: modules as --modules a,b (hyphens), Anachrony's
    app/table draws as --draws, and nothing a random setup drew (no option gives the dealt camps or the Paths)."""
    assert tt("new", "radlands", "--random", "--players", "Ana,Bia", "--seed", "2", "--name", "drawn").exit_code == 0
    assert tt("new", "anachrony", "--random", "--players", "2", "--seed", "2", "--name", "drawn-a").exit_code == 0
    text = " ".join(run("history").output.split())
    assert "--modules neutronide,hypersync,quantum-loops,intrigues" in text
    assert "--draws app" in text and "--random app" not in text
    for hidden in ("--dealt", "--paths", "--board-side"):
        assert hidden not in text
    import re

    names = {"Anachrony": "anachrony", "Radlands": "radlands", "Time of Crisis": "toc", "Chaos in the Old World": "chaos"}
    helps = {g: tt("new", g, "--help").output for g in names.values()}
    for block in run("history").output.split("\n\n"):
        game = next((g for n, g in names.items() if f"  {n}  " in block.splitlines()[0]), None)
        setup = " ".join(l for l in block.splitlines() if l.strip().startswith("Setup:"))
        for flag in re.findall(r"--[a-z][a-z-]+", setup):
            assert game and flag in helps[game], (flag, game)


def test_the_winner_mark_has_no_gender_in_portuguese():
    """A seat may be Ana or Bruno, a Power or a bot: the Portuguese winner mark must fit all of them, so it is a
    verb ("venceu"), not the masculine noun "vencedor"."""
    from cli.words.i18n import Translator

    text = Translator("pt-BR")("history.seat_won", seat="Ana")
    assert "Ana" in text and "venceu" in text and "vencedor" not in text
