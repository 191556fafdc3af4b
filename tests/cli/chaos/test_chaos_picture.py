"""Issue 14: Chaos in the Old World's status drawn as the components, and the end-of-game summary.

Mid-game and finished states of random games (the scripted table, tests/automata/chaos/chaos_policy.py) are
rendered with a recording rich console at 60, 80 and 120 columns in both languages: no line is wider than the
console, no word is cut (every word of the text is a word of the messages, a name or a number), the pieces on
the table are all there (each Power's dial marker, VP and Threat; each region's corruption, figures and cards;
the Old World deck; the next Ruination card), and a hand-made board is compared exactly with a stored snapshot
(regenerate on purpose with UPDATE_SNAPSHOTS=1 and read the diff).
"""

from __future__ import annotations

import copy
import json
import re

from pathlib import Path
from types import SimpleNamespace

import pytest

from automata.chaos import game
from cli.chaos.main import show_status, show_summary
from cli.chaos.status import status_data
from cli.terminal.render import status_title
from cli.words.i18n import Translator
from chaos_policy import play_game
from cli_checks import LANGS, WIDTHS, catalog_words, draw, fitted, recording_console, stored_snapshot

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

SNAPSHOTS = Path(__file__).parent / "snapshots"


def session_of(state: dict, name: str = "friday"):
    return SimpleNamespace(save=SimpleNamespace(state=state, name=name, game="chaos", pending=None))


def render(state: dict, width: int, lang: str, what=show_status, as_json: bool = False):
    return draw(what, state, width, lang, name="friday", as_json=as_json, game="chaos", pending=None)


@pytest.fixture(scope="module")
def states():
    """States of three random games: after setup, in the middle of rounds, at each round's end, and the end."""
    out = []
    for seed in (149, 7, 31):
        seen = []

        def on_step(state, step, result):
            if step["proc"] in ("end_check", "battle", "end_ruination") or (step["proc"] == "setup" and step["n"] == 8):
                seen.append(copy.deepcopy(state))

        final, _ = play_game(seed, focus=0.8, on_step=on_step)
        assert final["over"]
        out.extend(seen[:: max(1, len(seen) // 6)])
        out.append(copy.deepcopy(final))
    return out


def vocabulary(lang: str) -> set[str]:
    """Every word of the messages the status can show (both catalogs: game terms stay in English in pt-BR)."""
    return catalog_words(lang, WORD) | {"friday"}


WORD = re.compile(r"[^\W\d_]+")
POWER_LETTERS = re.compile(r"^[KNTS]+$")  # the corruption bars: one Power letter per token


def cut_words(text: str, vocab: set[str]) -> list[str]:
    return sorted({w for w in WORD.findall(text) if w not in vocab and not POWER_LETTERS.match(w)})


@pytest.mark.parametrize("lang", LANGS)
def test_status_fits_every_width_and_cuts_no_word(states, lang):
    """Issue 14: layouts for 120+, 80 and 60 columns; nothing wider than the terminal, no word cut ("Pow…")."""
    vocab = vocabulary(lang)
    for state in states:
        for width, text in fitted(lambda w: render(state, w, lang)):
            assert not cut_words(text, vocab), (width, cut_words(text, vocab))


def _compact(text: str) -> str:
    """The text without the boxes' borders and line breaks, so a piece that wrapped inside a box still reads."""
    text = re.sub(r"[│╭╮╰╯─]", " ", text)
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("lang", LANGS)
def test_status_shows_every_piece_on_the_table(states, lang):
    """Issue 14's Chaos bullet: per Power its dial (marker on the position, distance to Victory), VP toward 50 and
    power left; per region corruption toward 12, tokens, figures and cards; the Old World deck and the next
    Ruination card."""
    t = Translator(lang)
    for state in states[::3] + states[-1:]:
        data = status_data(session_of(state))
        cdata = game.data_of(state)
        for width in WIDTHS:
            raw = render(state, width, lang)
            if width > 60:  # boxes side by side: a piece that wrapped mixes with its neighbour's lines, so the
                # pieces that cannot wrap are looked for whole, the others word by word
                for p, v in data["powers"].items():
                    assert f"{v['vp']}/50" in raw
                    if v["dial"] < v["dial_to_win"]:
                        assert f"[{cdata.power(p)['dial']['threats'][v['dial']]}]" in raw
                for rid, r in data["regions"].items():
                    if not r["ruined"] or r["corruption_total"]:
                        assert f"{r['corruption_total']}/12" in raw
                    for c in r["cards"]:
                        assert set(WORD.findall(t(f"chaos.card.{c['power']}.{c['card']}"))) <= set(WORD.findall(raw))
                continue
            text = _compact(raw)  # stacked: every piece reads whole once the borders are gone
            for p, v in data["powers"].items():
                assert t("chaos.power." + p) in text
                assert t("chaos.picture.threat", n=v["threat"]) in text
                assert f"{v['vp']}/50" in text
                threats = cdata.power(p)["dial"]["threats"]
                if v["dial"] < v["dial_to_win"]:
                    assert f"[{threats[v['dial']]}]" in text  # the marker on its position
                    assert t("chaos.picture.to_victory", n=v["dial_to_win"] - v["dial"]) in text
                assert f"{t('chaos.picture.power_points')} {v['pp']}" in text
                assert t("chaos.picture.hand", n=v["hand"]) in text
            for rid, r in data["regions"].items():
                assert t("chaos.region." + rid) in text
                assert t("chaos.picture.resistance", n=r["resistance"]) in text
                if not r["ruined"] or r["corruption_total"]:
                    assert f"{r['corruption_total']}/12" in text
                for p, n in r["corruption"].items():
                    assert f"{t('chaos.power.' + p)} {n}" in text
                for p, figs in r["figures"].items():
                    for kind, n in figs.items():
                        assert f"{t('chaos.figure.' + kind)} ×{n}" in text
                for c in r["cards"]:
                    assert t(f"chaos.card.{c['power']}.{c['card']}") in text
                if r["ruined"]:
                    assert t("chaos.picture.ruined_now" if r["ruin_face_up"] else "chaos.picture.ruined", card=r["ruin_card"]) in text
            assert t("chaos.picture.cards_left", n=data["old_world"]["deck"]) in text
            nxt = data["ruination_next"]
            if nxt <= 5:
                assert t("chaos.picture.ruination_next", card=nxt, vp=cdata.ruiner_vp(nxt)) in text
            else:
                assert t("chaos.picture.ruination_none") in text


def test_provisional_dial_positions_say_so(states):
    """Nurgle's dial has positions whose reward is PROVISIONAL in the data (powers.toml): the strip says it in words."""
    state = copy.deepcopy(states[0])
    state["p"]["nurgle"]["dial"] = 1  # the next positions (2 and 3) are provisional
    text = _compact(render(state, 80, "en"))
    assert "(PROVISIONAL)" in text
    assert "(PROVISÓRIO)" in _compact(render(state, 80, "pt-BR"))


@pytest.mark.parametrize("lang", LANGS)
def test_finished_game_summary(states, lang):
    """Issue 14, end of the game: the winner and the rule, each Power's final VP by kind, a VP chart round by round."""
    t = Translator(lang)
    finals = [s for s in states if s["over"]]
    assert finals
    for state in finals:
        for width in WIDTHS:
            text = render(state, width, lang)
            flat = _compact(text)
            res = state["result"]
            if res["winners"]:
                assert t("chaos.picture.decided_by", rule=t("chaos.win." + res["rule"])) in flat
            else:
                assert _compact(t("chaos.end.old_world_wins")) in flat
            rounds = len(state["vp_history"])
            assert t("chaos.picture.chart", first=1, last=rounds) in flat
            # a chart line holds any of the eight bar heights (a Power's line need not reach the lowest or highest)
            chart = [line for line in text.splitlines() if any(c in line for c in "▁▂▃▄▅▆▇█") and "/50" not in line]
            for p in state["powers"]:
                vp = state["p"][p]["vp"]
                assert any(line.startswith(t("chaos.power." + p)) and line.rstrip().endswith(f" {vp}") for line in chart), (p, chart)
                for kind, n in state["p"][p].get("vp_by", {}).items():
                    if width >= 80:
                        assert t("chaos.picture.kind." + kind) in flat
                    else:
                        assert f"{t('chaos.picture.kind.' + kind)} {n}" in flat
            # the summary comes before the board
            assert text.index(t("chaos.picture.game_over")) < text.index(t("chaos.region.norsca"))


def test_old_save_without_the_vp_record(states):
    """Old saves without the history show the summary without the chart (brief, issue 14)."""
    state = copy.deepcopy(next(s for s in states if s["over"]))
    state.pop("vp_history")
    for p in state["powers"]:
        state["p"][p].pop("vp_by", None)
    text = _compact(render(state, 80, "en"))
    assert Translator("en")("chaos.picture.no_record") in text
    assert "VP round by round" not in text
    for p in state["powers"]:
        assert f"{Translator('en')('chaos.power.' + p)} {state['p'][p]['vp']}" in text


def test_json_is_unchanged_by_the_picture(states):
    """--json gives the status data, not the picture's facts (issue 14: the pictures read the same data)."""
    state = states[-1]
    data = render(state, 80, "en", as_json=True)
    assert data == json.loads(json.dumps(status_data(session_of(state))))
    assert set(data) == {"ok", "name", "game", "round", "over", "result", "next", "pending", "powers", "regions",
                         "old_world", "ruination_next"}
    assert set(data["powers"]["khorne"]) == {"vp", "threat", "dial", "dial_to_win", "pp", "hand", "deck", "discard", "deck_unsure",
                                             "upgrades", "peasants", "dac"}


def test_summary_at_the_end_of_play(states):
    """The last step of `play` shows the summary (cli/commands/shared.py calls the game's show_summary)."""
    from cli.commands.shared import _finished

    state = next(s for s in states if s["over"])
    console = recording_console(80)
    env = SimpleNamespace(t=Translator("en"), json=False, out=console)
    _finished(env, session_of(state), [], 1)
    text = console.export_text()
    assert "friday" in text and "The game is over" in text and "Final VP" in text
    assert "Norsca" not in text  # the summary alone, not the whole board
    assert render(states[0], 80, "en", what=show_summary) == ""  # a game still going has no summary


def snapshot_state() -> dict:
    """A small hand-made board: round 3, a ruined region, cards, figures, an upgrade and a flagged dial position
    (dial positions chosen so that the next rewards shown need no plural from the shared catalogs)."""
    options = game.check_options({"powers": "khorne,nurgle,tzeentch"})
    state = game.new_state(options, 5)
    state["round"] = 3
    state["next"] = {"proc": "summon_line", "power": "nurgle"}
    state["old_world"] = {"deck": 5, "track": ["electors_arise", ""]}
    state["ruination_next"] = 2
    k, n, z = state["p"]["khorne"], state["p"]["nurgle"], state["p"]["tzeentch"]
    k.update(vp=11, dial=3, pp=3, hand=2, deck=15, discard=4, upgrades=["cultist"], dac=1)
    n.update(vp=4, dial=1, pp=6, hand=3, deck=17, discard=1, peasants=2)
    z.update(vp=7, dial=5, pp=2, hand=5, deck=16, discard=2)
    regions = state["regions"]
    regions["kislev"].update(corruption={"khorne": 5, "nurgle": 3}, cards=[{"power": "khorne", "card": "blood_frenzy", "cost": 1}])
    regions["kislev"]["tokens"].update(noble=1, warpstone=1)
    regions["kislev"]["figures"] = {"khorne": {"cultist": 2, "warrior": 1, "daemon": 0}, "nurgle": {"cultist": 1, "warrior": 0, "daemon": 0}}
    regions["tilea"].update(ruin=1, ruin_face_up=False)
    regions["the_empire"]["tokens"].update(hero=1, peasant=2)
    regions["the_empire"]["figures"] = {"tzeentch": {"cultist": 0, "warrior": 0, "daemon": 1}}
    return state


@pytest.mark.parametrize("width,lang", [(60, "en"), (120, "pt-BR")])
def test_stored_snapshot(width, lang):
    stored_snapshot(SNAPSHOTS / f"chaos_status_{width}_{lang}.txt", render(snapshot_state(), width, lang))


def test_status_after_every_step_of_a_game():
    """Issue 12's check for Chaos too: the picture never fails at any step, setup included (60 columns, both
    languages)."""
    count = 0

    def on_step(state, step, result):
        nonlocal count
        for lang in LANGS:
            assert render(state, 60, lang).strip()
        count += 1

    on_step(game.new_state(game.check_options({}), 3), None, None)
    play_game(3, focus=0.5, on_step=on_step)
    assert count > 30


@pytest.mark.parametrize("lang", LANGS)
def test_an_unsure_deck_is_shown_as_a_range(states, lang):
    """Rules file §2.5 (Tzeentch's discard before drawing, not asked while it changes only how his deck and
    discard pile split): the picture never shows one count it does not know, but the range; --json gives the
    counted piles and how many discards are unsure."""
    state = copy.deepcopy(states[1])
    ts = state["p"]["tzeentch"]
    ts.update(deck=10, discard=4, deck_unsure=2)
    t = Translator(lang)
    text = _compact(render(state, 100, lang))
    assert t("chaos.picture.deck_range", low=8, high=10) in text
    assert t("chaos.picture.discard_range", low=4, high=6) in text
    data = render(state, 100, lang, as_json=True)
    assert (data["powers"]["tzeentch"]["deck"], data["powers"]["tzeentch"]["deck_unsure"]) == (10, 2)
    ts.pop("deck_unsure")
    text = _compact(render(state, 100, lang))
    assert t("chaos.picture.deck", n=10) in text and t("chaos.picture.deck_range", low=8, high=10) not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_title_names_the_round_the_footer_says_is_being_played(lang):
    """Seed 003, Fluxo do Jogo (each round: Old World, Draw, Summoning, Battle, Corruption, End): once a round's End
    phase is over the table is in the next round, whose Old World phase comes next; the title names the round the
    table is playing now, the same round as the "Next:" footer, and a game still in setup names no round 0."""
    from automata.chaos.game import next_step, step_label

    t = Translator(lang)
    for done, nxt in ((1, {"proc": "old_world"}), (1, {"proc": "end_check"}), (3, {"proc": "summon_line", "power": "nurgle"}),
                      (2, {"proc": "draw"})):
        state = snapshot_state()
        state["round"], state["next"] = done, nxt
        now = next_step(state)["round"]
        lines = [line for line in render(state, 100, lang).splitlines() if line.strip()]
        assert lines[0] == status_title(t, "chaos", "friday", t("chaos.status.where", round=now)), (done, nxt, lines[0])
        assert lines[-1] == t("chaos.status.next", step=t.render(step_label(next_step(state))))
    fresh = game.new_state(game.check_options({"powers": "khorne,nurgle,tzeentch"}), 5)
    title = render(fresh, 100, lang).splitlines()[0]
    assert title == status_title(t, "chaos", "friday", t("chaos.status.where_setup")), title
