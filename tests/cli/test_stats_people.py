"""``tabletop stats`` counts by person where the seats are named (issue 36 item 6): two Radlands games, one won by
Ana and one by Bruno, are Ana 1 of 2 and Bruno 1 of 2, not only "humans 2 of 2" (cli/aftergame/stats.py ``_person_stats``)."""

from __future__ import annotations

import pytest

from cli.words.i18n import Translator
from cli.aftergame.stats import compute, text_lines


def seat(sid, name="", kind="human", winner=False, score=None):
    return {"id": sid, "name": name, "kind": kind, "bot": "toc" if kind == "bot" else "", "level": "", "faction": "",
            "score": score, "winner": winner, "terms": {"seat": name or sid, "bot": "", "level": "", "factions": []}}


def row(n, game, seats):
    winners = [s["id"] for s in seats if s["winner"]]
    return {"name": f"g{n}", "game": game, "finished": True, "started": f"2026-01-0{n}T10:00:00Z", "play_seconds": 600,
            "seats": seats, "damaged": "", "result": {"finished": True, "winners": winners, "scores": {}, "ended_by": ""}}


def radlands_pair():
    """Seed 004: two players; the same two people, once on each side, each winning once."""
    return [row(1, "radlands", [seat("a", "Ana", winner=True), seat("b", "Bruno")]),
            row(2, "radlands", [seat("a", "bruno", winner=True), seat("b", "Ana")])]


def test_named_seats_count_by_person_whatever_the_side():
    (entry,) = compute(Translator("en"), radlands_pair())
    people = {p["label"].casefold(): (p["wins"], p["plays"]) for p in entry["people"]}
    assert people == {"ana": (1, 2), "bruno": (1, 2)}
    assert [(k["key"], k["wins"], k["plays"]) for k in entry["kinds"]] == [("human", 2, 2)]


@pytest.mark.parametrize("lang, words", [("en", "Wins by person: Ana 1 of 2 · Bruno 1 of 2"),
                                         ("pt-BR", "Vitórias por pessoa: Ana 1 de 2 · Bruno 1 de 2")])
def test_the_stats_text_says_each_persons_wins(lang, words):
    t = Translator(lang)
    (entry,) = compute(t, radlands_pair())
    assert words in " ".join(" ".join(text_lines(t, entry, 120)).split())


def test_unnamed_seats_and_bots_are_no_person():
    rows = [row(1, "toc", [seat("human1", winner=True), seat("red", kind="bot")])]
    (entry,) = compute(Translator("en"), rows)
    assert entry["people"] == []
    assert "by person" not in " ".join(text_lines(Translator("en"), entry, 120))
