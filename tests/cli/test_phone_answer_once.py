"""A phone's answer is played once (issue 36 item 7): the page sends, with the answer, the question's place in the
game (``cli/phones/seatserve.py`` ``question_key``: its step and answer index). A second copy of that answer (a double
tap, a retry after a lost reply) names a question no longer waiting and is refused as already answered (409, in
the table's language, with the page's state now); nothing is played twice, even where the same question id comes
straight back (a Radlands turn's next action: two card draws for 4 water)."""

from __future__ import annotations

import threading

import pytest

from cli_checks import tt
from serve_saves import make_save, serving
from test_serve_seats import answer, question_waiting, state_of


def played(name: str) -> list[dict]:
    """Every answer and roll of the save, journalled or in the step in progress."""
    from state import paths
    from state.save import read

    save = read(paths.game_dir(name))
    return [r for e in save.journal() for r in e["records"]] + list((save.pending or {}).get("records", []))


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_same_answer_sent_twice_is_played_once_and_the_second_is_told_why(lang):
    from cli.words.i18n import Translator

    make_save("chaos", "twice", steps=30)  # a Power's Summoning question waits (tests/cli/serve_saves.py)
    with serving("twice") as server:
        seat_token, _, q = question_waiting(server)
        assert q["key"]
        first = answer(server, seat_token, q, "", lang=lang)
        assert first[0] == 200
        before = played("twice")
        status, data = answer(server, seat_token, q, "", lang=lang)
        assert status == 409
        assert data["error"] == Translator(lang)("core.serve.answer_already") and data["answered"] is True
        assert data["state"]["seat"] == state_of(server, seat_token, lang)["seat"]  # the page draws what waits now
        assert played("twice") == before
    assert [r["id"] for r in before].count(q["id"]) == 1


def test_a_repeatable_answer_sent_twice_at_once_draws_one_card():
    """Radlands (rules: a turn's actions may repeat; drawing a card costs 2 water): with 4 water, a draw sent twice
    at the same moment is one draw: the second copy names the action already taken, not the next one."""
    make_save("radlands", "draws", steps=40)  # player B's turn: the action question waits
    assert tt("--game", "draws", "fix", "water=4").exit_code == 0  # the table has 4 water this turn
    with serving("draws") as server:
        seat_token, seat_id, q = question_waiting(server)
        assert q["id"] == "action" and any(c["value"] == "draw" and not c["unavailable"] for c in q["choices"])
        before = len(played("draws"))
        codes: list[int] = []

        def tap() -> None:
            status, _ = answer(server, seat_token, q, "draw")
            while status == 503:  # the game's lock held by the other copy for long: the page sends it again
                status, _ = answer(server, seat_token, q, "draw")
            codes.append(status)

        taps = [threading.Thread(target=tap) for _ in range(2)]
        for t in taps:
            t.start()
        for t in taps:
            t.join(timeout=60)
        assert sorted(codes) == [200, 409]
        new = played("draws")[before:]
        assert [r["value"] for r in new if r["id"] == "action"] == ["draw"]
        # the next action is a new question with the same id: the page is given its new place
        _, _, again = question_waiting(server)
        assert again["id"] == "action" and again["key"] != q["key"]


def test_an_answer_for_a_place_not_reached_is_refused_as_not_waiting():
    from cli.phones.seatserve import AlreadyAnswered, NotThisQuestion, apply_answer, question_key
    from cli.words.i18n import Translator
    from state import paths

    session = make_save("chaos", "ahead", steps=30)
    before = played("ahead")
    with serving("ahead") as server:
        seat_token, seat_id, q = question_waiting(server)
        step, index = q["key"].split(".")
        status, data = answer(server, seat_token, dict(q, key=f"{int(step) + 1}.0"), "")
        assert status == 409 and data["error"] == Translator("en")("core.serve.answer_stale")
    # the same refusals without the server (the entry point a test of every game drives)
    folder = paths.game_dir("ahead")
    with pytest.raises(AlreadyAnswered):
        apply_answer(folder, seat_id, q["id"], "", Translator("en"), f"{int(step) - 1}.0")
    with pytest.raises(NotThisQuestion):
        apply_answer(folder, seat_id, q["id"], "", Translator("en"), "not-a-place")
    assert question_key(session) == q["key"] and played("ahead") == before  # nothing was written
