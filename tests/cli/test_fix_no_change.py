"""A correction that leaves every value as the program already keeps it ("tabletop fix 'hand a 3'" when the hand
is 3) says so and journals nothing: it was journalled as "Ana's cards in hand: 3 → 3", a step that 'undo 1' then
took back instead of the table's last real step (common brief: an answer that changes nothing is a defect)."""

from automata.radlands import game
from cli_checks import tt
from state.session import Session


def _game(tmp_path, name: str) -> Session:
    session = Session.create(name, "radlands", game.check_options({"players": "Ana,Bruno"}), 5, {"dice": "table"},
                             "2026-01-01")
    (tmp_path / "tabletop-home" / "current").write_text(name, encoding="utf-8")
    return session


def test_a_correction_to_the_same_value_says_so_and_writes_nothing(tmp_path):
    session = _game(tmp_path, "same")
    deck = session.save.state["deck"]["count"]
    files = {p.name: p.read_bytes() for p in session.save.folder.iterdir() if p.is_file() and p.name != ".lock"}
    r = tt("fix", f"deck {deck}")
    assert r.exit_code == 0 and f"already keeps the cards in the deck: {deck}." in r.output, r.output
    assert "Nothing was changed." in r.output and "→ The table corrected" not in r.output
    r = tt("--lang", "pt-BR", "fix", "+0 baralho")
    assert r.exit_code == 0 and "O programa já registra as cartas no baralho" in r.output, r.output
    assert {p.name: p.read_bytes() for p in session.save.folder.iterdir() if p.is_file() and p.name != ".lock"} == files


def test_a_correction_that_changes_one_value_of_two_is_journalled_whole(tmp_path):
    session = _game(tmp_path, "part")
    deck = session.save.state["deck"]["count"]
    r = tt("fix", f"deck {deck}; -1 deck")
    assert r.exit_code == 0 and "Journalled as step" in r.output, r.output
    assert Session.open(session.save.folder).save.state["deck"]["count"] == deck - 1
