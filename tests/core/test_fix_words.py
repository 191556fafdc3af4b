"""Corrections declared, not written out (issue 40 item 3; automata/core/fix.py ``at``, automata/core/fixwords.py):
a field names its place in the state, the words a table types are data beside the game's other data, in both
languages, and the options every game builds alike (yes or no, numbered places) come from the core."""

from __future__ import annotations

import importlib

import pytest

from automata.core import fix, fixwords
from automata.core.games import load_game
from drivers import first_tables
from policy_runner import play_steps

GAMES = ("radlands", "toc", "chaos", "anachrony")


@pytest.fixture(scope="module", params=first_tables(), ids=lambda t: t.label)
def part_game(request):
    """Each game's first table part-way through (the scripted table), and its correction table."""
    table = request.param
    game = load_game(table.game)
    state = play_steps(game, game.new_state(game.check_options(table.options), 5), table.player(5), 5, 40)
    return state, tuple(game.fix_fields())


def _offered(state: dict, fields) -> list[tuple[str, fix.Option | fix.Field]]:
    """Every field, and every option a parameter or a choice offers now (where the listing shows it)."""
    out: list = [(f.id, f) for f in fields if f.tracked(state)]
    for f in fields:
        for p in f.params:
            out += [(f"{f.id} {p.id}", o) for o in p.options(state)]
    for row in fix.listing(state, fields):
        the_field = next(f for f in fields if f.id == row["field"])
        if the_field.choices:
            out += [(f"{the_field.id} value", o) for o in the_field.choices(state, tuple(row["keys"]))]
    return out


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_word_a_table_is_shown_is_one_it_may_type(part_game, lang):
    """`fix --list` shows each value with the words that set it (core.fix ``listing``): the word shown in the table's
    language is one the parser takes (Radlands showed "pronta" for a person's readiness and refused it typed)."""
    state, fields = part_game
    for where, item in _offered(state, fields):
        assert fix.fold(fix.shown(item, lang)) in {fix.fold(w) for w in item.words}, (where, fix.shown(item, lang))


@pytest.mark.parametrize("game_id", GAMES)
def test_each_field_takes_its_words_from_the_games_words_file(game_id):
    """The words of every field are the game's data/fix_words.toml's, and the file names no field that is not there."""
    fields = load_game(game_id).fix_fields()
    words = fixwords.Words.beside(importlib.import_module(f"automata.{game_id}.fix").__file__)
    assert set(words.table["fields"]) == {f.id for f in fields}
    for f in fields:
        assert f.words == words.typed(f.id) and f.shown == words.shown(f.id), f.id


def test_a_place_in_the_state_reads_and_writes_the_value_of_the_keys_named():
    """``at``: a parameter's key in braces, the other keys as they are."""
    player = fix.Param("player", lambda state: [])
    field = fix.Field("hand", ("hand",), "x", fix.COUNT, params=(player,), at=("players", "{player}", "hand"))
    state = {"players": {"a": {"hand": 2}, "b": {"hand": 5}}}
    assert field.get(state, ("b",)) == 5
    field.put(state, ("a",), 4)
    assert state == {"players": {"a": {"hand": 4}, "b": {"hand": 5}}}


def test_a_place_naming_no_parameter_or_a_field_with_no_place_is_a_defect_of_the_table():
    with pytest.raises(TypeError, match="names no parameter"):
        fix.Field("hand", ("hand",), "x", fix.COUNT, at=("players", "{player}", "hand"))
    with pytest.raises(TypeError, match="get and put"):
        fix.Field("hand", ("hand",), "x", fix.COUNT)


def test_words_missing_from_the_file_are_named():
    words = fixwords.Words({"fields": {"water": {"en": ["water"], "pt-BR": ["água"]}}}, "radlands/data/fix_words.toml")
    assert words.typed("water") == ("water", "água") and words.shown("water") == {"pt-BR": "água"}
    with pytest.raises(fixwords.MissingWords, match="fields.camp"):
        words.typed("camp")


def test_yes_no_and_numbered_places_are_built_alike_for_every_game():
    words = fixwords.Words({"options": {"yes_no": {"yes": {"en": ["yes"], "pt-BR": ["sim"]},
                                                   "no": {"en": ["no"], "pt-BR": ["não"]}}}})
    yes, no = fixwords.yes_no(words)
    assert (yes.key, yes.label, yes.words, fix.shown(yes, "pt-BR")) == (True, "@core.yes", ("yes", "sim"), "sim")
    assert (no.key, no.label, fix.shown(no, "pt-BR")) == (False, "@core.no", "não")
    assert [(o.key, o.label, o.words) for o in fixwords.numbered(range(2), 1, ("row", "linha"))] == [
        (0, "1", ("1", "row 1", "linha 1")), (1, "2", ("2", "row 2", "linha 2"))]


def test_an_entry_may_take_another_entrys_words_first_and_keep_the_english_word_shown():
    """Chaos: a correction named like a board change (``same = "kinds.dac"``) takes its words and its Portuguese word
    first; ``shown = ""`` shows the English word in Portuguese too (a name that is not translated)."""
    words = fixwords.Words({"kinds": {"dac": {"en": ["dac", "counter"], "pt-BR": ["avanço"]}},
                            "fields": {"dac": {"same": "kinds.dac", "en": ["dial advancement counters"],
                                               "pt-BR": ["fichas de avanço"]},
                                       "raiders": {"en": ["raiders"], "pt-BR": ["invasores"], "shown": ""}}})
    assert words.typed("dac") == ("dac", "counter", "avanço", "dial advancement counters", "fichas de avanço")
    assert words.shown("dac") == {"pt-BR": "avanço"}
    assert words.shown("raiders") is None and "invasores" in words.typed("raiders")
