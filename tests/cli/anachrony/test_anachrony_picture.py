"""Issue 14: ``tabletop anachrony status`` as a picture of the components, and the end-of-game summary.

Snapshots of scripted games (3 players with every module, solo against the Chronobot (current and first edition)
and the Chronossus with Hypersync and Quantum Loops), mid-game and finished, rendered by a recording rich console
at 60, 80 and 120 columns in both languages: no line wider than the screen, no word cut (every word on the screen
is a word of a message the picture rendered), and the key pieces present (each Era's tile and Superproject, every
command token of the opponent on the spot the save puts it, each player's panel, the winner and totals).
One small stored snapshot (the Chronobot's board at 60 columns) is compared exactly.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from anachrony_pictures import render, snapshots
from cli_checks import LANGS, WIDTHS, assert_fits, draw, stored_snapshot

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)

KINDS = ("multi", "chronobot", "chronobot_first", "chronossus")
BOX = re.compile(r"[│┃─━┌┐└┘├┤┬┴┼╭╮╰╯]")
SNAPSHOTS = Path(__file__).parent / "snapshots"


@pytest.fixture(scope="module")
def games() -> dict[str, list[dict]]:
    return {kind: snapshots(kind, seed=3, every=25) for kind in KINDS}


def _word(w: str) -> str:
    return w.strip(".,;:()[]{}!?\"'«»…·—–-→◀✓↻#").lower()


class Recording:
    """The translator, remembering every text it rendered (the words the screen may show)."""

    def __init__(self, lang: str):
        from cli.words.i18n import Translator

        self._t = Translator(lang)
        self.lang = lang
        self.texts: list[str] = []

    def __call__(self, message_id, /, **params):
        text = self._t(message_id, **params)
        self.texts.append(text)
        return text

    def render(self, message):
        text = self._t.render(message)
        self.texts.append(text)
        return text

    def has(self, id, lang):
        return self._t.has(id, lang)


def picture(state: dict, width: int, lang: str) -> tuple[str, set[str]]:
    """The status text and the words the messages behind it hold (plus names and spot labels)."""
    import cli.anachrony.picture as pic  # noqa: F401  (imported before the translator is swapped)
    from cli.anachrony.game import show_status

    t = Recording(lang)
    text = draw(show_status, state, width, lang, name="anachrony-1", t=t)
    words = {_word(w) for text in t.texts for w in text.split()}
    words |= {_word(w) for pl in state["players"].values() for w in (pl.get("name") or "").split()}
    if "solo" in state:
        from automata.anachrony.solo.data import solo_data_of

        words |= {s.lower() for s in solo_data_of(state)["chronossus"]["spots"]} | {"a", "c", "d", "e"}
    return text, words


def _cut_words(text: str, words: set[str]) -> list[str]:
    bad = []
    for w in BOX.sub(" ", text).split():
        core = _word(w)
        if not core or not re.search(r"[^\W\d_]", core) or set(core) <= set("▁▂▃▄▅▆▇█ ●○"):
            continue  # numbers, symbols, chart blocks
        if core not in words:
            bad.append(w)
    return bad


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", KINDS)
def test_the_status_picture_fits_the_screen_and_cuts_no_word(games, kind, width, lang):
    """Issue 14: each layout (120+, 80, 60 columns) fits its screen; every word is whole (nothing cut to "Pow…")."""
    for state in games[kind]:
        text, words = picture(state, width, lang)
        assert_fits(text, width)
        bad = _cut_words(text, words)
        assert not bad, (bad, text)


@pytest.mark.parametrize("kind", KINDS)
def test_the_picture_shows_the_timeline_the_players_and_the_opponents_tokens(games, kind):
    """Issue 14: the Timeline (each Era's tile with its Superproject, the Impact after Era 4: rules file §2.3),
    each player's panel, and in solo the opponent's command tokens each on the spot the save puts it (§3.2.3,
    §3.3, §3.4.3)."""
    from cli.anachrony.solo import opponent_data
    from cli.words.i18n import Translator

    t = Translator("en")
    for state in games[kind]:
        for width in (60, 120):
            text, _ = picture(state, width, "en")
            flat = " ".join(BOX.sub(" ", text).split())
            for era in range(1, state["era_count"] + 1):
                assert f"Era {era}" in flat
            for sp in state.get("superprojects", []):
                name = t("anachrony.sp." + sp)
                if width == 60:  # one tile per row: the name whole; across (120), a name may wrap in its column
                    assert name in flat, sp
                else:
                    assert all(w in flat.split() for w in name.split()), sp
            assert "Impact" in flat
            for p, pl in state["players"].items():
                assert (pl["name"] or t("anachrony.player", n=int(p[1:]))) in flat
            if "solo" not in state:
                continue
            o = opponent_data(state)
            for tok, v in o["tokens"].items():
                assert f"#{tok}" in flat, tok
            if state["solo"]["bot"] == "chronossus":
                for tok, v in o["tokens"].items():  # the route line names each token's spot
                    assert f"token #{tok} on {v['spot']}" in flat
                assert f"Energy Pool: {o['energy_pool']['energized']} Energy Cores" in flat
            assert f"Paradox: {o['paradox']} · Anomalies: {o['anomalies']}" in flat
            assert f"(marker on {o['time_travel']})" in flat


def _spot_lines(text: str) -> dict[str, str]:
    """At 60 columns a path is a list: spot number → the rest of its first line."""
    return {m.group(1): m.group(2) for m in re.finditer(r"^ (\d)\s+(.*)$", text, re.M)}


def test_each_chronobot_token_is_drawn_on_its_own_spot(games):
    """Rules file §3.2.3: the tokens stand on the spots of their path; the picture puts each on the row of its spot."""
    state = games["chronobot"][1]
    text, _ = picture(state, 60, "en")
    for path in ("short", "long"):
        part = text.split("Short path" if path == "short" else "Long path")[1]
        part = part.split("Long path")[0] if path == "short" else part.split("#N:")[0]
        rows = _spot_lines(part)
        for spot, toks in state["solo"]["spots"].items():
            if spot.startswith(path + "."):
                for tok in toks:
                    assert f"#{tok}" in rows[spot.split(".")[1]], (spot, tok, rows)


@pytest.mark.parametrize("kind", KINDS)
def test_the_summary_names_the_winner_the_rule_and_every_score_by_category(games, kind):
    """Issue 14 and rules file §2.12 (most VP, then Water, then Resources), §3.2.10/§3.4.14 (solo: a tie is a
    loss): the finished game's status has the winner, how it was decided, each category's VP per player adding
    up to the totals, and the VP chart Era by Era."""
    state = games[kind][-1]
    assert state["over"]
    final = state["final"]
    for p, cats in final["categories"].items():  # the recorded categories add up to each total
        assert sum(cats.values()) == final["totals"][p]
    assert final["ranking"][0]["players"] == final["winners"]
    assert [h["era"] for h in state["history"]] == list(range(1, len(state["history"]) + 1))
    assert len(state["history"]) == state["era"]
    for lang in LANGS:
        for width in WIDTHS:
            text, _ = picture(state, width, lang)
            head = "End of the game" if lang == "en" else "Fim da partida"
            assert head in text
            assert ("How it was decided:" if lang == "en" else "Como foi decidido:") in text
            totals = [str(final["totals"][p]) for p in final["totals"]]
            assert re.search(r"Total\W+" + r"\W+".join(re.escape(v) for v in totals), text), text
            chart = text.split("VP the program kept" if lang == "en" else "PV que o programa registrou")[1]
            for h in (state["history"][-1],):
                for p, vp in h["vp"].items():
                    name = state["players"][p]["name"] or ("Player 1" if lang == "en" else "Jogador 1")
                    assert re.search(rf"^{re.escape(name)}\s+\S+\s+{vp}$", chart, re.M), chart
                if "bot" in h:
                    assert re.search(rf"^(Chronobot|Chronossus)\s+\S+\s+{h['bot']}$", chart, re.M), chart


def test_a_save_older_than_the_summary_shows_the_totals_without_chart(games):
    """Old saves have neither the tally by category nor the Era-by-Era record: the totals, and no chart."""
    import copy

    state = copy.deepcopy(games["chronobot"][-1])
    state.pop("history")
    state["final"] = {"totals": dict(state["final"]["totals"]), "winners": list(state["final"]["winners"])}
    text, _ = picture(state, 80, "en")
    assert "only the totals are known" in text and "no chart" in text
    assert "Winner:" in text


def test_the_chronobot_board_at_60_columns_matches_its_stored_snapshot(games):
    """A stable picture compared exactly (UPDATE_SNAPSHOTS=1 writes it again; read the diff)."""
    state = games["chronobot"][1]
    text = render(state, 60, "en")
    stored_snapshot(SNAPSHOTS / "anachrony_chronobot_60.txt", text[text.index("Chronobot —"):])


def test_the_era_record_is_an_optional_part_of_the_saved_state(games):
    """Old saves have no ``history``; a save with a damaged one is refused by the shape check (automata/anachrony/shape.py)."""
    import copy

    from automata.core.shape import check_state

    for kind in KINDS:
        state = games[kind][-1]
        assert check_state("automata.anachrony.game", state) is None
        old = copy.deepcopy(state)
        old.pop("history")
        assert check_state("automata.anachrony.game", old) is None
        bad = copy.deepcopy(state)
        bad["history"] = [{"era": "one", "vp": {}}]
        assert check_state("automata.anachrony.game", bad) is not None
