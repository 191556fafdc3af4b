"""Issue 14: the Time of Crisis status drawn as the AI mats, and the end-of-game summary (cli/toc/picture.py).

- Mid-game states of random games and finished games, rendered with a recording rich console at 60, 80 and 120
  columns in both languages: no line wider than the width, no word cut (every word of the picture is a word of the
  catalogs or of the game data), every bot's pawn on its circle, mode marker and Legacy present.
- The mat's pieces where the printed mat has them (seed 000, Preparação step 4: the mode marker portrait side up
  on the portrait box, a pawn on each "0" circle, the three cylinders in Available Cylinders; Fluxo do Jogo: the
  cylinders to the upper / lower box under the pawn, then on the Influence Point Track, the "0" box).
- The Legacy history the automata record at each round end, and the summary's chart from it; an old save without
  it shows the summary without the chart.
- Two small stored snapshots compared exactly (a constructed bot at 60 columns, a constructed summary).
"""

from __future__ import annotations

import json
import re

from pathlib import Path
from types import SimpleNamespace

import pytest

from typer.testing import CliRunner

import cli.main
from automata.toc import game
from automata.toc.bot import new_bot
from cli.words.i18n import Translator
from cli.toc import picture
from cli.toc.main import show_status, show_summary, status_data
from cli_checks import LANGS, WIDTHS, assert_fits, catalog_words, draw, fitted, recording_console, stored_snapshot

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

SNAPSHOTS = Path(__file__).parent / "snapshots"
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]+")  # letters only: circled numbers and symbols are not words
RAW = {"humans": 1, "bots": "red,blue,yellow", "cards": "fixed", "emperor_rules": True}


# -- helpers -------------------------------------------------------------------------------------------------------


def session_of(state: dict, name: str = "toc-1"):
    return SimpleNamespace(save=SimpleNamespace(state=state, name=name))


def render(state: dict, width: int, lang: str = "en", what=show_status) -> str:
    return draw(what, state, width, lang, name="toc-1")


def show_red_mat(env, session) -> None:
    """What `tabletop toc mat red` draws: the red bot's whole mat with its pieces."""
    picture.show_bot(env, "red", status_data(session), picture.inputs(session.save.state))


def render_mat(state: dict, width: int, lang: str = "en") -> str:
    return render(state, width, lang, what=show_red_mat)


_VOCAB: dict[str, set[str]] = {}


def vocabulary(lang: str) -> set[str]:
    """Every word the picture may show: the words of the catalogs (both languages: English fallbacks) and of the
    game data's ids and names."""
    if lang not in _VOCAB:
        words = catalog_words(lang, WORD)
        data = game.data_of({"overrides": {}})
        for mid in data.mat_ids:
            words.update(WORD.findall(mid))
            words.update(WORD.findall(data.mat(mid)["name"]))
        words.update(("toc", "Time", "of", "Crisis", "edit"))  # the title, and the command in the PROVISIONAL line
        _VOCAB[lang] = words
    return _VOCAB[lang]


def check_picture(text: str, width: int, lang: str, state: dict) -> None:
    assert_fits(text, width)
    letters = {Translator(lang)(f"toc.picture.letter.{a}") for a in ("military", "senate", "populace")}
    # the Influence Point Track shows two or three cylinders on one number as their letters side by side ("PS")
    unknown = {w for w in WORD.findall(text) if w not in vocabulary(lang) and not set(w) <= letters}
    assert not unknown, f"words cut or unknown at {width} columns ({lang}): {sorted(unknown)}"
    t = Translator(lang)
    for colour, bot in state["bots"].items():
        assert t("toc.picture.bot_title", colour=f"@toc.colour.{colour}", mat=f"@toc.mat.{bot['mat']}") in text.replace("\n", " ") or \
            t(f"toc.colour.{colour}") in text
        # every pawn on its circle: one "●n" per area in this bot's panel, the circle of the pawn
        pawns = sorted(f"{picture.PAWN}{n}" for n in bot["pawn"].values())
        assert all(p in text for p in pawns), (colour, pawns)
        assert t("toc.picture.legacy", legacy=bot["legacy"]) in text


def play(seed: int, stops: set[int], rounds: int = 3, **options):
    """A random game (tests/automata/toc/toc_policy.py); yields a copy of the state after each step in ``stops``
    and the final state."""
    import copy

    from policy_runner import play_policy
    from toc_policy import Policy

    raw = dict(RAW, **options)
    state = game.new_state(game.check_options(raw), seed)
    seen = []
    n = 0

    def on_step(s, step, result):
        nonlocal n
        n += 1
        if n in stops:
            seen.append(copy.deepcopy(s))

    final, _ = play_policy(game, state, Policy(seed, rounds), seed, on_step, 3000)
    return seen, final


# -- the picture at every width, both languages --------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 8])
def test_mid_game_and_finished_pictures_fit_every_width_without_cut_words(seed):
    """Issue 14: layouts for 120+, 80 and 60 columns, nothing truncated, no word cut, the key pieces present."""
    states, final = play(seed, {1, 12, 40, 75})
    assert final["over"]
    for state in states + [final]:
        for lang in LANGS:
            for width, text in fitted(lambda w: render(state, w, lang)):
                check_picture(text, width, lang, state)


def test_bots_side_by_side_when_the_width_allows_stacked_below_it():
    _, final = play(5, set(), rounds=1)
    assert len(final["bots"]) == 3
    titles = {w: [line for line in render(final, w).splitlines() if "bot —" in line] for w in (60, 80, 120)}
    assert len(titles[60]) == 3  # stacked: one title per line
    assert any(line.count("bot —") == 2 for line in titles[80])
    assert any(line.count("bot —") == 3 for line in titles[120])  # the status's short panels: three at 120 columns


def test_status_shows_only_what_differs_from_the_printed_mat_and_names_the_whole_mat_command():
    """Issue 27 part 5: a 3-bot status at 80 columns is short (each bot: the mode marker, each area's pawn and
    cylinder), not three near-identical mats; the whole mat is one command away."""
    _, final = play(5, set(), rounds=1)
    t = Translator("en")
    text = render(final, 80)
    assert len(text.splitlines()) <= 45
    assert "Mode boxes:" not in text and "Influence Point Track (0 box first)" not in text  # no drawn mat
    assert "Each bot's whole mat with its pieces: 'tabletop toc mat red' (or yellow, blue)." in " ".join(text.split())
    for colour, bot in final["bots"].items():
        for area, n in bot["pawn"].items():
            where = t(f"toc.picture.compact.cylinder.{bot['cylinder'][area]}", n=bot["points"][area])
            line = t("toc.picture.compact.area", area=f"@toc.area.{area}", pawn=f"{picture.PAWN}{n}",
                     cylinder=f"{picture.CYLINDER} {where}")
            assert line in text, (colour, line)
    mats = render(final, 80, what=lambda env, s: picture.show_bot(env, "blue", status_data(s), picture.inputs(final)))
    assert "Mode boxes:" in mats and "Influence Point Track (0 box first)" in mats


def test_json_status_is_unchanged_by_the_picture():
    """--json reads the same data as before issue 14 (the keys documented in docs/toc.md)."""
    _, final = play(3, set(), rounds=1)
    data = status_data(session_of(final))
    assert set(data) == {"ok", "name", "game", "round", "over", "emperor", "emperor_type", "emperor_player", "cards",
                         "selective", "bot_order", "next", "bots"}
    for b in data["bots"].values():
        assert set(b) == {"mat", "start", "legacy", "emperor_type", "mode", "marker", "ludi", "pawn", "cylinder", "points"}


# -- the mat's pieces where the printed mat has them ---------------------------------------------------------------


def one_bot_state(**changes) -> dict:
    state = game.new_state(game.check_options(dict(RAW, bots="red")), 1)
    state["bot_order"] = ["red"]
    bot = new_bot("maximinus_thrax", "gallia")
    bot.update(changes)
    state["bots"]["red"] = bot
    state["round"] = 1
    state["next"] = {"proc": "bot_crisis", "bot": "red"}
    return state


def panel_lines(text: str) -> list[str]:
    return [line.strip("│ ") for line in text.splitlines()]


def test_setup_pieces_marker_on_the_portrait_box_pawns_on_zero_cylinders_available():
    """Seed, Preparação step 4: mode marker portrait side up on the portrait box, a pawn on each "0" circle,
    three cylinders in Available Cylinders."""
    text = render_mat(one_bot_state(), 80)
    assert "[portrait ◆ portrait side]" in text
    circle_rows = [line for line in panel_lines(text) if line.startswith("circle")]
    assert len(circle_rows) == 3 and all(row.split()[1] == "●0" for row in circle_rows)
    assert "Available Cylinders: ▮ Military, ▮ Senate, ▮ Populace" in text
    assert "no cylinder on the track" in text


def test_cylinders_in_the_upper_and_lower_boxes_under_the_pawn_and_on_the_track():
    """Seed, Fluxo do Jogo, Take Actions 1: the Primary cylinder to the upper box and the Secondary one to the lower
    box under the pawn of its area; then onto the Influence Point Track; the "0" box once spent."""
    state = one_bot_state(mode=2, marker="plus2", pawn={"military": 2, "senate": 0, "populace": 0},
                          cylinder={"military": "upper", "senate": "lower", "populace": "available"})
    lines = panel_lines(render_mat(state, 80))
    areas = [i for i, line in enumerate(lines) if line.startswith(("Military", "Senate", "Populace"))]
    military = lines[areas[0]:areas[0] + 5]
    upper = military[3].split()
    assert upper[0] == "upper" and upper[3].endswith("▮") and sum("▮" in cell for cell in upper) == 1  # circle 2
    senate = lines[areas[1]:areas[1] + 5]
    lower = senate[4].split()
    assert lower[0] == "lower" and lower[1].endswith("▮")
    assert "[2 ◆ +2 side]" in "\n".join(lines)
    state = one_bot_state(mode=1, cylinder={"military": "track", "senate": "zero", "populace": "available"},
                          points={"military": 5, "senate": 0, "populace": 0})
    lines = render_mat(state, 80).splitlines()
    i = next(n for n, line in enumerate(lines) if "Influence Point Track" in line)
    numbers, marks = lines[i + 1], lines[i + 2]
    assert numbers.split("│")[1].split()[:6] == ["0", "1", "2", "3", "4", "5"]
    # the letters sit under the numbers: M (Military) under 5, S (Senate) under the "0" box
    assert marks[numbers.index(" 5 ") + 1] == "M" and marks[numbers.index(" 0 ") + 1] == "S"


def test_ludi_marker_and_emperor_shown_in_words():
    """Seed, AI Crisis Phase: the Ludi Saeculares marker placed on the Emperor bot's mat as a reminder."""
    state = one_bot_state(ludi=True, emperor_type="senate")
    state["emperor"] = "red"
    for lang in LANGS:
        text = render_mat(state, 60, lang).replace("\n", " ").replace("│", " ")
        t = Translator(lang)
        assert " ".join(t("toc.picture.ludi_on").split()[:3]) in " ".join(text.split())
        assert t("toc.emperor.type.senate") in text


def test_provisional_values_are_starred_and_said_in_words():
    """Rules file §3.0: provisional values are marked; the legend says PROVISIONAL and the command that replaces them."""
    text = render_mat(one_bot_state(), 120)
    assert "2*" in text and "PROVISIONAL" in text and "tabletop toc mat NAME --edit" in text
    text_pt = render_mat(one_bot_state(), 120, "pt-BR")
    assert "PROVISÓRIO" in text_pt


def test_owner_values_are_not_starred(_tabletop_home):
    """A mat whose every value the owner entered shows no star and no PROVISIONAL line."""
    state = one_bot_state()
    data = game.data_of(state)
    mat = data.mat("maximinus_thrax")
    over = {"mats": {"maximinus_thrax": {
        "area_order": list(mat["area_order"]),
        "track": {a: [{"cost": c["cost"], "primary": c["primary"], "secondary": c["secondary"],
                       "primary_event": c.get("primary_event", 0), "secondary_event": c.get("secondary_event", 0)}
                      for c in mat["track"][a]] for a in mat["area_order"]},
        "mode": {k: {"primary": b["primary"], "secondary": b["secondary"]} for k, b in mat["mode"].items()},
    }}}
    state["overrides"] = over
    extra = picture.inputs(state)
    if extra["marked"]["red"]:
        pytest.skip(f"this override shape leaves {sorted(extra['marked']['red'])[:3]} provisional")
    text = render_mat(state, 80)
    assert "PROVISIONAL" not in text and "*" not in text


# -- the Legacy history and the end-of-game summary ----------------------------------------------------------------


@pytest.mark.parametrize("seed", [2, 9])
def test_legacy_history_holds_every_bots_legacy_at_each_round_end(seed):
    """Issue 14: the bots' Legacy recorded at every round end (seed, Fluxo do Jogo: Gain Legacy in each bot turn),
    one entry per round, equal to the Legacy the round-end message announces."""
    from policy_runner import play_policy
    from toc_policy import Policy

    state = game.new_state(game.check_options(dict(RAW)), seed)
    at_round_end = {}

    def on_step(s, step, result):
        if step["proc"] == "round_end":
            at_round_end[step["round"]] = {c: s["bots"][c]["legacy"] for c in s["bot_order"]}

    final, _ = play_policy(game, state, Policy(seed, 4), seed, on_step, 3000)
    history = final["legacy_history"]
    assert [h["round"] for h in history] == [1, 2, 3, 4]
    assert {h["round"]: h["legacy"] for h in history} == at_round_end
    from automata.core.shape import problem
    from automata.toc.shape import STATE

    assert problem(final, STATE) is None


def test_summary_of_a_finished_game_at_every_width():
    """The end of the game decides (automata/toc/final.py; rules file §2.10: the most Legacy wins): the summary names
    the winners with their Legacy, lists every player's final Legacy, the humans' as the table gave it, the winners
    marked, and draws the bots' Legacy round by round."""
    from automata.toc.final import outcome

    _, final = play(4, set(), rounds=5)
    decided = outcome(final)
    t = Translator("en")
    names = ", ".join(t("toc.human", n=int(s[5:])) if s.startswith("human") else
                      t("toc.picture.summary.bot", colour=f"@toc.colour.{s}") for s in decided["winners"])
    key = "toc.picture.summary.winner" if len(decided["winners"]) == 1 else "toc.picture.summary.shared"
    for width in WIDTHS:
        text = render(final, width, what=show_summary)
        check_picture(text, width, "en", {"bots": {}})
        flat = " ".join(text.split())
        assert t(key, who=names, legacy=decided["best"]) in flat
        assert t("toc.picture.summary.rule_final") in flat and "?" not in text
        human = next(line for line in text.splitlines() if line.startswith(t("toc.human", n=1)))
        assert str(final["final"]["legacy"]["human1"]) in human.split()
        assert ("★" in human) == ("human1" in decided["winners"])  # the winners marked
        assert "rounds 1 to 5" in text
        for colour, bot in final["bots"].items():  # one chart row per bot, ending with its final Legacy
            row = next(line for line in text.splitlines() if line.startswith(t(f"toc.colour.{colour}") + " ")
                       and any(ch in line for ch in "▁▂▃▄▅▆▇█"))
            assert row.split()[-1] == str(bot["legacy"]) and any(ch in row for ch in "▁▂▃▄▅▆▇█")
    pt = render(final, 60, "pt-BR", what=show_summary)
    assert "Fim de jogo" in pt and "rodadas 1 a 5" in pt and ("Vencedor:" in pt or "Vitória dividida:" in pt)
    full = render(final, 80)  # the status of a finished game shows the summary above the mats
    assert full.index("The game is over") < full.index("bot —")


def test_a_tie_in_the_summary_says_the_provisional_tie_break_or_the_tables_choice():
    """Rules file §2.10 / §3.11: the base rulebook's tie-breaks are MISSING, so a shared victory says PROVISIONAL with
    the key an owner overrides; a tie the table broke says so."""
    state = one_bot_state(legacy=31)
    state["bots"]["blue"] = dict(new_bot("pupienus_balbinus", "macedonia"), legacy=24)
    state["bot_order"], state["options"]["bots"] = ["red", "blue"], ["red", "blue"]
    state["over"], state["round"] = True, 6
    state["final"] = {"legacy": {"human1": 31}, "tie": ""}
    text = " ".join(render(state, 80, what=show_summary).split())
    assert "Shared victory: human player 1, red bot, with 31 Legacy each." in text
    assert "PROVISIONAL" in text and "rules.legacy.tie_break" in text
    state["final"]["tie"] = "red"
    text = " ".join(render(state, 80, what=show_summary).split())
    assert "Winner: red bot, with 31 Legacy." in text and "The table broke the tie" in text and "PROVISIONAL" not in text


def test_old_save_without_history_shows_the_summary_without_the_chart():
    _, final = play(4, set(), rounds=2)
    del final["legacy_history"]
    text = render(final, 80, what=show_summary)
    assert "no round-by-round Legacy" in text
    assert not any(ch in text for ch in "▁▂▃▄▅▆▇█")


def test_a_save_that_ended_before_the_final_legacy_question_shows_what_it_knew():
    """A game finished before the end asked the humans' Legacy: the leader among the bots, the rule, and the humans'
    Legacy as not tracked."""
    _, final = play(4, set(), rounds=2)
    del final["final"]
    text = render(final, 80, what=show_summary)
    assert "The bot with the most Legacy is" in text and "Determining the Winner" in " ".join(text.split())
    assert Translator("en")("toc.human", n=1) in text and "?" in text


def test_tied_bots_are_named_together():
    state = one_bot_state(legacy=12)
    state["bots"]["blue"] = dict(new_bot("pupienus_balbinus", "macedonia"), legacy=12)
    state["bot_order"] = ["red", "blue"]
    state["over"] = True
    text = render(state, 80, what=show_summary)
    assert "are tied: red, blue, with 12" in text


# -- the command line ----------------------------------------------------------------------------------------------


def test_mat_colour_in_a_game_draws_that_bots_mat_and_play_ends_with_the_summary(_tabletop_home):
    """`tabletop toc mat red` shows that bot's mat with its pieces and every mode box; `play` on a finished game ends
    with the summary; `status --json` keeps its keys."""
    from serve_saves import make_save

    session = make_save("toc", "pic", steps=40)
    runner = CliRunner()
    result = runner.invoke(cli.main.app, ["--game", "pic", "toc", "mat", "red"])
    assert result.exit_code == 0, result.output
    bot = session.save.state["bots"]["red"]
    assert "red bot — " in result.output and all(f"Mode {k}:" in result.output for k in "1234")
    assert all(f"{picture.PAWN}{n}" in result.output for n in bot["pawn"].values())
    as_json = json.loads(runner.invoke(cli.main.app, ["--json", "--game", "pic", "toc", "mat", "red"]).stdout)
    assert as_json["bot"]["pawn"] == bot["pawn"]
    make_save("toc", "done", steps=3000, seed=6)
    result = runner.invoke(cli.main.app, ["--game", "done", "play"])
    assert result.exit_code == 0, result.output
    assert "The game is over (round" in result.output and "Winner: " in result.output


# -- stored snapshots (exact) --------------------------------------------------------------------------------------


def snapshot(name: str, text: str) -> None:
    stored_snapshot(SNAPSHOTS / name, text)


def test_snapshot_one_bot_at_60_columns():
    state = one_bot_state(legacy=17, mode=3, marker="plus2", ludi=True, pawn={"military": 2, "senate": 1, "populace": 0},
                          cylinder={"military": "track", "senate": "zero", "populace": "available"},
                          points={"military": 6, "senate": 0, "populace": 0})
    snapshot("toc_one_bot_60.txt", render(state, 60))
    snapshot("toc_one_bot_mat_60.txt", render_mat(state, 60))


def test_snapshot_summary_at_60_columns():
    """A save that ended before the end asked the humans' Legacy."""
    state = one_bot_state(legacy=31)
    state["bots"]["blue"] = dict(new_bot("pupienus_balbinus", "macedonia"), legacy=24)
    state["bot_order"] = ["red", "blue"]
    state["over"], state["round"] = True, 6
    state["legacy_history"] = [{"round": r, "legacy": {"red": 5 * r + 1, "blue": 4 * r}} for r in range(1, 7)]
    snapshot("toc_summary_60.txt", render(state, 60, "pt-BR", what=show_summary))


def test_a_long_printed_track_is_split_not_cut_and_a_narrow_track_is_said_in_words():
    """An owner's mat may have more circles than the provisional six (`toc mat NAME --edit` asks how many): the
    track splits into rows of circles that fit; a panel too narrow for the drawn Influence Point Track says where
    each cylinder stands."""
    import copy

    state = one_bot_state()
    mat = copy.deepcopy(game.data_of(state).mat("maximinus_thrax"))
    mat["track"]["military"] = mat["track"]["military"] + [dict(mat["track"]["military"][-1], cost=12, primary=13)] * 6
    bot = dict(state["bots"]["red"], pawn={"military": 9, "senate": 0, "populace": 0},
               cylinder={"military": "track", "senate": "available", "populace": "available"},
               points={"military": 17, "senate": 0, "populace": 0})
    for width in (40, 60):
        console = recording_console(width)
        console.print(picture.bot_mat(Translator("en"), "red", bot, mat, set(), inner=width - 4))
        text = console.export_text()
        assert max(len(line) for line in text.splitlines()) <= width
        circles = [c for line in text.splitlines() if line.strip("│ ").startswith("circle")
                   for c in line.strip("│ ").split()[1:]]
        assert len(circles) == 12 + 6 + 6 and "●9" in circles  # every circle of the three tracks, once
        assert ("Military on 17" in text) == (width == 40)


def test_snapshot_decided_summary_at_60_columns():
    """The end decided: the humans' final Legacy, the winner marked."""
    state = one_bot_state(legacy=31)
    state["bots"]["blue"] = dict(new_bot("pupienus_balbinus", "macedonia"), legacy=24)
    state["bot_order"], state["options"]["bots"] = ["red", "blue"], ["red", "blue"]
    state["over"], state["round"] = True, 6
    state["final"] = {"legacy": {"human1": 38}, "tie": ""}
    state["legacy_history"] = [{"round": r, "legacy": {"red": 5 * r + 1, "blue": 4 * r}} for r in range(1, 7)]
    snapshot("toc_summary_final_60.txt", render(state, 60, "pt-BR", what=show_summary))
