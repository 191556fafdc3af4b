"""`tabletop history` on a game in progress: a game that keeps no score (Radlands) lists its seats, not "Scores so
far: Ana · Bia" with no score; a seat without a score beside scored ones shows "—" (a human's Legacy in Time of
Crisis read "human player 1 · red (bot) 0", the seat's number looking like its score)."""

from cli.aftergame import history
from cli.words.i18n import Translator


def seats_line(t, row: dict) -> str:
    return history.seats_line(t, row).replace("\xa0", " ")  # a seat is kept on one line with no-break spaces


def row(*seats: dict) -> dict:
    return {"steps": 12, "finished": False, "seats": list(seats)}


def test_a_game_without_scores_lists_its_seats():
    t = Translator("pt-BR")
    assert seats_line(t, row({"name": "Ana"}, {"name": "Bia"})) == "Lugares: Ana · Bia"
    assert seats_line(Translator("en"), row({"name": "Ana"}, {"name": "Bia"})) == "Seats: Ana · Bia"


def test_a_seat_without_a_score_among_scored_ones_shows_a_dash():
    line = seats_line(Translator("en"), row({"name": "human player 1", "score": None},
                                            {"name": "red", "kind": "bot", "score": 0}))
    assert line.startswith("Scores so far: human player 1 — · red") and line.endswith(" 0"), line


def test_a_finished_game_keeps_its_scores_line():
    line = seats_line(Translator("en"), {"steps": 40, "finished": True,
                                         "seats": [{"name": "Ana", "score": 3, "winner": True}, {"name": "Bia", "score": 1}]})
    assert "Ana" in line and "3" in line and "Bia 1" in line, line
