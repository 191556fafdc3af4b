"""The exporters' own rules on summaries of any shape (cli/aftergame/exporters/): BG Stats ranks, stable ids, the bot flag,
and the JSON document's keys. The whole games are in test_export.py."""

from __future__ import annotations

import json
from urllib.parse import unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgstats_formats import BGSPLAY, BGSPLAY_OPTIONAL, LINK_OPTIONAL, LINK_PLAY, LINK_URL_PREFIX, shape_problems
from cli.aftergame.exporters import bgstats, gamejson
from conftest import random_games

pytestmark = pytest.mark.battery  # a whole-program battery: left out of the quick run (pyproject.toml)


def summary_of(scores: list, winners: set, kinds: list | None = None, game: str = "chaos") -> dict:
    kinds = kinds or ["human"] * len(scores)
    seats = [{"id": f"s{i}", "name": "", "kind": kind, "bot": "toc" if kind == "bot" else "", "level": "", "faction": "",
              "score": score, "winner": f"s{i}" in winners} for i, (score, kind) in enumerate(zip(scores, kinds))]
    return {"name": "g", "game": game, "options": {}, "modules": [], "seed": 1, "created": "2026-01-01T10:00:00+00:00",
            "finished": True, "seats": seats,
            "result": {"finished": True, "winners": sorted(winners), "scores": {}, "ended_by": "", "ended_params": {}},
            "started": "2026-01-01T10:00:00+00:00", "ended": "2026-01-01T11:30:20+00:00", "play_seconds": 4820,
            "seat_seconds": {}, "breaks": 0, "steps": 3, "damaged": ""}


scores_st = st.lists(st.one_of(st.none(), st.integers(0, 60)), min_size=1, max_size=5)


@settings(max_examples=random_games(300), deadline=None, derandomize=True)
@given(scores=scores_st, data=st.data())
def test_ranks_put_winners_first_then_points(scores, data):
    """BG Stats' rank (its import page: rank beside score and winner): every winner is rank 1; the others follow by
    points, highest first, equal points sharing a rank, seats without points last; ranks have no gaps before a
    shared one and never exceed the number of seats."""
    winners = set(data.draw(st.lists(st.sampled_from([f"s{i}" for i in range(len(scores))]), unique=True)))
    summary = summary_of(scores, winners)
    ranks = bgstats._ranks(summary)
    seats = summary["seats"]
    scored = [s["score"] for s in seats if s["score"] is not None]
    for seat in seats:
        assert 1 <= ranks[seat["id"]] <= len(seats)
        if winners:
            first = seat["winner"]
        else:  # nobody won (the Old World, a draw): the most points lead
            first = seat["score"] == max(scored) if scored else True
        assert (ranks[seat["id"]] == 1) == first, (seat, ranks)
    losers = [s for s in seats if not s["winner"]]
    for a in losers:
        for b in losers:
            if a["score"] is not None and (b["score"] is None or a["score"] > b["score"]):
                assert ranks[a["id"]] < ranks[b["id"]]
            if a["score"] == b["score"]:
                assert ranks[a["id"]] == ranks[b["id"]]


def test_the_link_and_the_file_have_the_sources_shape_and_stable_ids():
    labels = bgstats.Labels(seats={"s0": "Ana", "s1": "Red"}, roles={"s1": "AI bot"}, board="", comments="ended")
    summary = summary_of([12, 30], {"s1"}, ["human", "bot"], game="toc")
    play = bgstats.link_play(summary, labels)
    assert shape_problems(play, LINK_PLAY, LINK_OPTIONAL) == []
    url = bgstats.link(play)
    assert url.startswith(LINK_URL_PREFIX) and json.loads(unquote(url[len(LINK_URL_PREFIX):])) == play
    assert " " not in url and "&" not in url[len(LINK_URL_PREFIX):]
    assert play["playDate"] == "2026-01-01 11:30:20" and play["durationMin"] == 80
    assert play["players"][1][bgstats.data()["nonplayer"]["field"]] is True
    assert bgstats.data()["nonplayer"]["field"] not in play["players"][0]
    file = json.loads(bgstats.bgsplay(summary, labels))
    assert shape_problems(file, BGSPLAY, BGSPLAY_OPTIONAL) == []
    assert file["plays"][0]["playDate"] == "2026-01-01 10:00:00"  # the file's play starts when the game did
    assert file["plays"][0]["uuid"] == play["sourcePlayId"] == bgstats.play_id(summary)
    assert bgstats.bgsplay(summary, labels) == bgstats.bgsplay(dict(summary), labels)
    other = dict(summary, created="2026-01-02T10:00:00+00:00")
    assert bgstats.play_id(other) != bgstats.play_id(summary)
    assert bgstats.play_id(dict(summary, seed=2)) != bgstats.play_id(summary)
    assert bgstats.play_id(dict(summary, name="renamed")) == bgstats.play_id(summary)  # a folder renamed by hand


def test_an_owner_names_the_non_player_key_or_none():
    labels = bgstats.Labels(seats={"s0": "Ana", "s1": "Red"})
    summary = summary_of([12, 30], {"s1"}, ["human", "bot"], game="toc")
    assert bgstats.link_play(summary, labels, {"nonplayer_field": "npc"})["players"][1]["npc"] is True
    bare = bgstats.link_play(summary, labels, {"nonplayer_field": ""})["players"][1]
    assert set(bare) == {"name", "sourcePlayerId", "winner", "rank", "score"}


def test_a_game_without_points_sends_no_score():
    """Radlands has no points (bgstats.toml no_points): BG Stats gets the winner and no score."""
    summary = summary_of([None, None], {"s0"}, game="radlands")
    play = bgstats.link_play(summary, bgstats.Labels())
    assert play["game"]["noPoints"] is True and all("score" not in p for p in play["players"])
    assert [p["rank"] for p in play["players"]] == [1, 2]


def test_a_bot_an_unnamed_seat_and_a_named_human_are_each_the_same_player_in_every_play():
    """Issue 36 item 6: an unnamed seat (a Chaos Power) was a new BG Stats player in every play; it is now its seat
    label in every play of its game, and a named seat is its person."""
    one = summary_of([1, 2], set(), ["human", "bot"])
    two = dict(summary_of([3, 4], set(), ["human", "bot"]), created="2026-03-01T10:00:00+00:00")
    ids = [[p["sourcePlayerId"] for p in bgstats.link_play(s, bgstats.Labels())["players"]] for s in (one, two)]
    assert ids[0] == ids[1]  # the unnamed human seat, then the bot seat
    for s in (one, two):
        s["seats"][0]["name"] = "Ana"
    two["seats"][0]["id"] = "s9"  # Ana in another seat: still Ana
    ids = [[p["sourcePlayerId"] for p in bgstats.link_play(s, bgstats.Labels())["players"]] for s in (one, two)]
    assert ids[0][0] == ids[1][0]
    assert bgstats._seat_key(one, {**one["seats"][0], "name": "Bruno"}) != ids[0][0]


def test_the_json_document_keeps_every_step_and_marks_an_unfinished_game():
    summary = dict(summary_of([5], set()), finished=False)
    summary["journal"] = [{"n": 1, "label": {"id": "x"}, "step": {"proc": "a"}, "records": [{"id": "q", "value": 2}],
                           "started": "s", "ended": "e"},
                          {"n": 2, "label": {"id": "y"}, "step": {"proc": "b"}, "records": []}]
    summary["state"] = {"round": 2}
    doc = gamejson.document(summary, lambda entry: [entry["label"]["id"]])
    assert doc["schema"] == gamejson.SCHEMA and doc["version"] == gamejson.VERSION and doc["finished"] is False
    assert [s["answers"] for s in doc["steps"]] == [[{"id": "q", "value": 2}], []]
    assert doc["steps"][0]["started"] == "s" and "started" not in doc["steps"][1]
    assert [s["text"] for s in doc["steps"]] == [["x"], ["y"]]
    assert doc["final_state"] == {"round": 2} and doc["clocks"]["play_seconds"] == 4820
    assert json.loads(gamejson.text(summary)) == json.loads(json.dumps(gamejson.document(summary)))


def test_an_anachrony_players_drawn_path_is_its_role():
    """Rules file anachrony §2.4 C14: each player a different Path; when the random setup drew it (options.paths),
    the export's role names it (the table's own choice of Path is not tracked, so nothing is claimed then)."""
    from automata.anachrony.result import seat_terms
    from cli.aftergame.exporters.labels import seat_role
    from cli.words.i18n import Translator

    state = {"options": {"paths": {"p1": {"path": "harmony", "leader": "x"}}}}
    seat = {"id": "p1", "name": "Ana", "kind": "human", "bot": "", "level": "", "faction": ""}
    drawn = {**seat, "terms": seat_terms(state, seat)}
    assert seat_role(Translator("en"), drawn, "Ana") == "Path of Harmony"
    assert seat_role(Translator("en"), {**seat, "terms": seat_terms({"options": {}}, seat)}, "Ana") == ""
