"""`tabletop remind` (issue 39): the table's own reminders, in both languages, journalled, never a question."""

import json

from cli_checks import new_game, tt
from state.paths import game_dir


def _files(name: str = "chaos-1") -> dict:
    folder = game_dir(name)
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != ".lock"}


def test_a_reminder_is_set_in_portuguese_listed_in_english_and_undone():
    new_game("chaos", "--powers", "khorne,nurgle,tzeentch")
    r = tt("--lang", "pt-BR", "remind", "Khorne paga 1 a mais em Kislev", "--at", "Batalha", "--every", "2")
    assert r.exit_code == 0, r.output
    assert "Lembrete 1 criado" in r.output and "a cada 2 rodadas" in r.output and "'tabletop undo 1' desfaz" in r.output
    r = tt("remind", "--list")
    assert "1. “Khorne paga 1 a mais em Kislev”, at the battle moment every 2 rounds" in r.output, r.output
    assert "setup, old-world, draw, summoning, battle, domination, corruption, end" in r.output
    assert "velho-mundo" in tt("--lang", "pt-BR", "remind", "--list").output
    assert "The table set a reminder" in tt("log").output
    assert tt("undo", "1").exit_code == 0
    assert json.loads(tt("--json", "remind", "--list").output)["reminders"] == []


def test_a_moment_the_game_does_not_have_is_refused_with_the_valid_words_and_nothing_changes():
    new_game("chaos", "--powers", "khorne,nurgle,tzeentch")
    before = _files()
    r = tt("--lang", "pt-BR", "remind", "lanche", "--at", "almoço")
    assert r.exit_code == 2
    assert "'almoço' não é um momento deste jogo" in r.output and "invocação, batalha" in r.output, r.output
    for args in (("remind", "x"), ("remind", "x", "--at", "draw", "--once", "--round", "2"),
                 ("remind", "x", "--at", "draw", "--every", "0"), ("remind", "--remove", "4"),
                 ("remind", "x", "--at", "draw", "--seat", "gork")):
        r = tt(*args)
        assert r.exit_code == 2 and "Traceback" not in r.output, (args, r.output)
    assert _files() == before


def test_a_seat_is_named_as_the_table_reads_it_and_removing_takes_it_off():
    new_game("chaos", "--powers", "khorne,nurgle,tzeentch")
    assert tt("remind", "check the Plague Touch", "--at", "summoning", "--seat", "Nurgle", "--once").exit_code == 0
    assert "for Nurgle, once" in tt("remind", "--list").output
    r = tt("remind", "--remove", "1")
    assert r.exit_code == 0 and "Reminder 1 removed" in r.output, r.output
    assert "The table has set no reminders." in tt("remind", "--list").output


def test_a_json_run_sees_the_reminder_in_the_transcript_never_as_a_question():
    new_game("chaos", "--powers", "khorne,nurgle,tzeentch")
    assert tt("remind", "put the dials out", "--at", "setup", "--once").exit_code == 0
    r = tt("--json", "play")
    out = json.loads(r.output)
    assert out["pending"]["id"] == "chaos.setup.1"  # the game's own question, nothing added
    said = [e for e in out["transcript"] if e["msg"]["id"] == "core.remind.raised"]
    assert len(said) == 1 and said[0]["msg"]["params"]["text"] == "put the dials out"


def test_a_reminders_text_is_kept_on_one_printable_line():
    new_game("chaos", "--powers", "khorne,nurgle,tzeentch")
    assert tt("remind", "two\nlines\x01 here", "--at", "draw").exit_code == 0
    assert json.loads(tt("--json", "remind", "--list").output)["reminders"][0]["text"] == "two lines here"
