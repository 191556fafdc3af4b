"""``tabletop data check`` in the table's language (issue 16: "`data check` notes are English").

Every note the data check can show (every provisional or "U" value of every game's shipped data, and the
notes the code adds) has a Portuguese text in cli/locales/pt-BR/data_notes.toml, recognised by its English
template in cli/locales/en/data_notes.toml (cli/words/datanotes.py). English output is unchanged; the JSON keeps
its machine fields ("key", "value", "confidence", "note" as the data has them) and adds "note_text".
"""

from __future__ import annotations

import importlib
import json

import pytest

from automata.core.games import GAMES
from cli.words.datanotes import Notes
from cli.words.i18n import Translator
from cli_checks import tt

GAME_IDS = [g.id for g in GAMES if g.available]
PT = Notes(Translator("pt-BR"))
EN = Notes(Translator("en"))


def items(game: str) -> list[dict]:
    info = next(g for g in GAMES if g.id == game)
    data = importlib.import_module(info.module.rsplit(".", 1)[0] + ".data")
    return data.provisional_items(data.load(None))


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_note_has_a_portuguese_text(game):
    """No note is left without Portuguese: none unrecognised, none whose Portuguese is the English."""
    notes = [it["note"] for it in items(game) if it["note"]]
    assert notes, f"{game}: the data check lists no note (this test would check nothing)"
    missing = sorted({n for n in notes if PT.translated(n) is None})
    assert not missing, f"{game}: notes without a template in data_notes.toml:\n" + "\n".join(missing)
    same = sorted({n for n in notes if PT.translated(n) == n})
    assert not same, same


@pytest.mark.parametrize("game", GAME_IDS)
def test_pt_br_text_output_shows_the_portuguese_notes(game):
    result = tt("--lang", "pt-BR", "data", "check", game)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("  ")]
    assert len(lines) == len(items(game))
    for it in items(game):
        if it["note"]:
            assert PT.note(it["note"]) in result.output
            assert it["note"] not in result.output, f"English note left: {it['note']}"
    assert " provisional " not in result.output  # the confidence column is in Portuguese too ("provisório")


@pytest.mark.parametrize("game", GAME_IDS)
def test_english_output_is_unchanged(game):
    result = tt("data", "check", game)
    assert result.exit_code == 0, result.output
    for it in items(game):
        assert f"{it['key']} = {it['value']}" in result.output
        assert it["note"] in result.output


@pytest.mark.parametrize("game", GAME_IDS)
def test_json_keeps_the_machine_fields_and_adds_the_note_in_the_table_language(game):
    pt = json.loads(tt("--lang", "pt-BR", "--json", "data", "check", game).output)
    en = json.loads(tt("--json", "data", "check", game).output)
    pt_items, en_items = pt["games"][0]["items"], en["games"][0]["items"]
    assert [{k: v for k, v in it.items() if k != "note_text"} for it in pt_items] == items(game)
    assert [{k: v for k, v in it.items() if k != "note_text"} for it in en_items] == items(game)
    for p, e in zip(pt_items, en_items):
        assert e["note_text"] == e["note"]
        assert p["note_text"] == PT.note(p["note"])
        if p["note"]:
            assert p["note_text"] != p["note"]


def test_a_pattern_captures_its_parameters_and_translates_words_and_inner_notes():
    """One template serves a family of notes (the Time of Crisis mat circles, the Chaos dial positions)."""
    assert PT.translated("read circle 4 of the senate area on your Pupienus and Balbinus mat: its cost and the "
                         "numbers (and any circled number) left of the upper and lower boxes") == (
        "leia o círculo 4 da área Senate no seu AI mat Pupienus e Balbinus: o custo e os números (e qualquer "
        "número circulado) à esquerda das caixas de cima e de baixo")
    assert PT.translated("Threat 13: effect missing from every source: read the card") == (
        "Ameaça 13: efeito ausente de todas as fontes: leia a carta")
    # an inner note without a template leaves the whole note untranslated, so the tests above catch it
    assert PT.translated("Threat 13: something nobody translated") is None
    # a parameter used twice must capture the same text twice
    assert PT.translated("title MISSING: read the red value-3 expansion card (Spiculum is a blue expansion type "
                         "of unknown value)") is None
    assert EN.translated("anything at all") == "anything at all"


def test_a_changed_note_is_caught():
    """A note edited in a data file without its template is reported (not silently shown in English)."""
    assert PT.translated("effect missing from every source: read the upgrade card") is not None
    assert PT.translated("effect missing from every source: read the upgrade card!") is None
    assert PT.note("effect missing from every source: read the upgrade card!") == (
        "effect missing from every source: read the upgrade card!")


def test_the_value_column_words_of_the_program_are_translated():
    assert PT.value("(none)") == "(nenhum)"
    assert PT.value("0 deck cards, 0 camps, combine=unknown") == "cartas no baralho: 0, acampamentos: 0, combine=unknown"
    assert PT.value("military") == "military"  # data values stay as the data has them
    assert EN.value("(none)") == "(none)"
    assert PT.confidence("provisional") == "provisório" and EN.confidence("provisional") == "provisional"
    assert PT.confidence("U") == "não confirmado" and EN.confidence("U") == "U"


def test_rules_on_a_card_shows_the_data_note_in_the_table_language():
    """`tabletop rules toc foederati` shows the colour's note (cards.toml influence_check) as data check does."""
    note = "red (Military) is a recollection: check the card's colour"
    pt = tt("--lang", "pt-BR", "rules", "toc", "foederati")
    assert pt.exit_code == 0, pt.output
    assert PT.note(note) in pt.output and note not in pt.output
    en = tt("rules", "toc", "foederati")
    assert note in en.output


def test_at_a_60_column_terminal_an_item_wraps_under_its_key(monkeypatch):
    """`tabletop data check` at 60 columns wrapped each item's note to column 0, under the marks' column."""
    from cli.commands import env as cli_env
    from cli_checks import tt

    monkeypatch.setattr(cli_env, "_is_terminal", lambda stream: True)
    out = tt("data", "check", "chaos", env={"COLUMNS": "60", "TABLETOP_PAGER": "0"}).stdout.splitlines()
    items = [i for i, line in enumerate(out) if line.startswith("  ") and not line.startswith("   ")]
    assert items, out
    import re

    first, follow = out[items[0]], out[items[0] + 1]
    column = re.match(r"^  .+? ([a-z_]+\.[\w.\[\]]+) = ", first).start(1)  # where the key begins, after the mark
    assert follow[:column].strip() == "" and follow[column:column + 1].strip(), (first, follow)
