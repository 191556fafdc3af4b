"""What is in effect and the table's reminders in `status`, `status --json` and a seat's phone (issue 39)."""

import json

from cli_checks import new_game, tt
from state.paths import game_dir
from state.session import Session


def test_status_lists_the_reminders_and_what_is_in_effect_in_both_languages():
    new_game("chaos", "--powers", "khorne,nurgle,tzeentch")
    assert "In effect" not in tt("status").output  # nothing lasts yet: no section
    assert tt("remind", "Nurgle owes a card", "--at", "battle", "--seat", "nurgle").exit_code == 0
    session = Session.open(game_dir("chaos-1"))
    session.save.state["old_world"]["track"] = ["teclis_aids_the_empire", ""]
    from state.save import write

    write(session.save)
    out = " ".join(tt("status").output.split())  # a piped status wraps its legend at the boxes' width
    assert "In effect, and the table's reminders" in out
    assert "the Old World card Teclis Aids the Empire, on space 1 of the track" in out, out
    assert "1. “Nurgle owes a card” for Nurgle, every time the battle moment comes" in out
    pt = " ".join(tt("--lang", "pt-BR", "status").output.split())
    assert "Em vigor, e os lembretes da mesa" in pt and "toda vez que chegar o momento batalha" in pt, pt
    data = json.loads(tt("--json", "status").output)
    assert [e["key"] for e in data["in_effect"]] == ["track.teclis_aids_the_empire"]
    assert data["in_effect"][0]["moments"] == ["summoning", "battle"]
    assert [r["n"] for r in data["reminders"]] == [1]


def test_a_seats_phone_shows_its_own_reminders_only():
    from cli.words.i18n import Translator
    from cli.phones.seatserve import seat_part
    from cli.phones.webboard import seat_html

    new_game("chaos", "--powers", "khorne,nurgle,tzeentch")
    assert tt("remind", "Nurgle owes a card", "--at", "battle", "--seat", "nurgle").exit_code == 0
    assert tt("remind", "count the Warpstone", "--at", "draw").exit_code == 0
    session = Session.open(game_dir("chaos-1"))
    t = Translator("en")
    seat = {"id": "nurgle", "name": "", "kind": "human", "bot": "", "level": "", "faction": "nurgle"}
    nurgle = seat_part(t, "chaos", session, None, seat)
    khorne = seat_part(t, "chaos", session, None, dict(seat, id="khorne", faction="khorne"))
    assert len(nurgle["reminders"]) == 2 and len(khorne["reminders"]) == 1
    assert "Nurgle owes a card" in seat_html(nurgle) and "Nurgle owes a card" not in seat_html(khorne)
